"""The fourth reading of archipelago.ru.txt L435-1052 (phase 5, phase 6, the cards' use,
wonders, the end, scoring, 2 players, variants): one scenario per departure found, with the
legal and the illegal side."""

from __future__ import annotations

import pytest
from arch_scenario import (
    clear_units,
    give_card,
    give_cubes,
    in_round,
    place_inhabitants,
    ship_to,
)

from settlers.core import IllegalAction
from settlers.games.archipelago.actions import BuildWonder, EndRound, Pick, Taxes, UseCard


def pirate_round():
    """Seat 0 to play a round of turn 1 with its three discs, the Pirate in front of it and a
    ship of seat 1 beside its own; every seat has two inhabitants on the archipelago."""
    state = in_round(3, seed=1)
    clear_units(state)
    for seat in range(3):
        place_inhabitants(state, seat, 1, 2)
    give_card(state, 0, "pirate")
    ship_to(state, 0, 1)
    theirs = ship_to(state, 1, 1)
    give_cubes(state, 1, iron=1)
    return state, theirs


def test_a_disc_put_on_a_card_is_a_disc_placed_and_the_player_plays_on():
    """L812 «Он поворачивает карту, помещает на неё 1 диск действия», L826 «Потратьте указанное
    количество дисков действия, положив их на карту», L441 «Игроки продолжают разыгрывать
    раунды до тех пор, пока все участники не используют свои диски действия»: a round whose
    disc went onto the Pirate is not a round without a disc — the player, two discs left, plays
    the next rounds (before, ending that round passed it for the rest of phase 5)."""
    state, theirs = pirate_round()
    state.apply(0, UseCard("pirate", (theirs,)))
    state.apply(1, Pick("iron"))
    assert state.discs_used[0] == 1 and state.discs[0] == 3
    state.apply(0, EndRound())
    assert not state.passed[0]
    state.apply(1, Taxes())
    state.apply(1, EndRound())
    state.apply(2, EndRound())                 # seat 2 passes
    assert state.actor == 0 and state.step == "round"
    state.apply(0, Taxes())                    # its second disc, on the wheel
    assert state.discs_used[0] == 2


def test_a_round_with_no_disc_anywhere_still_passes():
    """The other side (README «Rounds»): a round in which no disc was placed, on the wheel or on
    a card, ends the player's phase 5."""
    state, _theirs = pirate_round()
    state.apply(0, EndRound())
    assert state.passed[0]
    state.apply(1, EndRound())
    state.apply(2, Taxes())
    state.apply(2, EndRound())
    assert state.actor == 2                    # seat 0 (and seat 1) are out
    with pytest.raises(IllegalAction):
        state.apply(0, Taxes())


def test_a_wonders_discs_are_placed_too():
    """L870-874, L826 (L882: the Great lighthouse «один диск действия»): the Colossus built with
    its one disc, in a round without a disc on the wheel, does not end the builder's phase 5."""
    state = in_round(3, seed=1)
    clear_units(state)
    for seat in range(3):
        place_inhabitants(state, seat, 1, 3)
    card = state.content.cards[give_card(state, 0, "colossus", turn=0)]
    assert card.discs == 1
    give_cubes(state, 0, iron=3)
    builder = next(i for i, u in enumerate(state.units) if u[0] == 0 and u[2] == 1)
    state.apply(0, BuildWonder("colossus", builder))
    state.apply(0, EndRound())
    assert not state.passed[0] and state.discs_used[0] == 1
