"""The Archipelago heuristic does not repeat a refused offer to the same player (negotiation,
archipelago.ru.txt L220-234): in a crisis with no cube of its own it offers florins for one
(``ArchipelagoBot.ask_for_cube``); once a player refuses, the next offer of the moment goes
to the next player in turn order, and with every other player asked it passes (L362)."""

from __future__ import annotations

from test_heuristic_tokens import domestic, table

from settlers.games.archipelago.actions import Answer, PassCrisis, Propose
from settlers.games.archipelago.heuristic import make_bot


def in_need():
    """Seat 0 in a domestic crisis of stone (L354-372) with no stone and no explorer token,
    ten florins, and the colony four steps from independence (the heuristic asks for a cube)."""
    state = domestic(table(3, population=20, rebellion=16), ratio=6)
    state.tokens[0] = 0
    state.money[0] = 10
    return state


def offer_refused(state, bot) -> int:
    """Seat 0 proposes, builds and sends its offer; the player asked refuses. Its seat."""
    propose = bot.act(state, 0)
    assert isinstance(propose, Propose)
    state.apply(0, propose)
    while state.step == "offer":
        state.apply(0, bot.act(state, 0))
    assert state.step == "answer" and list(state.to_act) == [propose.to]
    state.apply(propose.to, Answer(False))
    assert state.step == "domestic" and list(state.to_act) == [0]
    return propose.to


def test_a_refused_offer_is_not_made_again_to_the_same_player():
    state, bot = in_need(), make_bot()
    first = offer_refused(state, bot)
    assert first == 1                       # the next player in turn order (0, 1, 2)
    again = bot.act(state, 0)
    assert again != Propose(first)          # before: Propose(1) straight after seat 1's no
    assert again == Propose(2)


def test_with_every_other_player_asked_the_seat_passes():
    state, bot = in_need(), make_bot()
    assert [offer_refused(state, bot), offer_refused(state, bot)] == [1, 2]
    assert bot.act(state, 0) == PassCrisis()

