"""The per-game text cache (settlers.web.texts) changes no message: on random games of every
game, each seat's and a spectator's (view, actions, log) built through a room's cache equal
the ones built from ``state.view`` and ``describe_action`` directly, in both languages — so
every log line and every label a game declares action-only (``ACTION_ONLY_LABELS``) is the
same whichever state it is shown in."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import settlers
from settlers.web.payloads import seat_parts
from settlers.web.texts import RoomTexts, action_only_labels, label_facts, shared_labels

GAMES = [("catan", 4, 120), ("founders", 3, 40), ("iceland", 3, 40), ("imperial", 2, 40),
         ("archipelago", 3, 40)]
NAMES = ["Аня", "Bob", "Бот 3", "D", "E"]
OTHER = ["Зоя", "", "Y", "X", "W"]  # another table: log texts are shared only by equal names


def _room(state, cached: bool, names_of=NAMES):
    names = names_of[: state.players]
    room = SimpleNamespace(names=lambda lang: names)
    if cached:
        room.texts = RoomTexts(state)
    return room


@pytest.mark.parametrize("game_id, players, moves", GAMES, ids=[g[0] for g in GAMES])
def test_cached_parts_equal_fresh_ones(game_id, players, moves):
    game = settlers.load(game_id)
    rng = random.Random(5)
    state = game.new_state(players=players, seed=11)
    cached, fresh = _room(state, True), _room(state, False)
    other, other_fresh = _room(state, True, OTHER), _room(state, False, OTHER)
    since = 0
    for _ in range(moves):
        if state.over:
            break
        for lang in ("ru", "en"):
            for seat in [*range(players), None]:
                for start in (0, since):
                    assert seat_parts(cached, state, seat, lang, start) == \
                        seat_parts(fresh, state, seat, lang, start)
                assert seat_parts(other, state, seat, lang, since) == \
                    seat_parts(other_fresh, state, seat, lang, since)
        seat = rng.choice(sorted(state.to_act))
        since = len(state.events)
        nxt = state.clone()
        nxt.apply(seat, rng.choice(nxt.legal_actions(seat)))
        state = nxt


def test_catan_declares_its_trade_and_placement_labels_action_only():
    state = settlers.load("catan").new_state(players=3, seed=1)
    kinds = action_only_labels(state)
    assert {"offer_trade", "counter_offer", "place_settlement"} <= kinds
    # the robber's label names a hex of the fixed board and a seat: action-only
    assert {"move_robber", "roll_dice", "end_turn"} <= kinds
    # labels that read the state (the bank rate, the offer being accepted) are not declared;
    # the bank trade's is described once per rate (LABEL_FACTS)
    assert not kinds & {"maritime_trade", "accept_trade"}
    assert set(label_facts(state)) == {"maritime_trade"}
    # shared between games: only labels naming neither the board nor a seat
    shared = shared_labels(state)
    assert {"offer_trade", "discard", "maritime_trade", "end_turn"} <= shared
    assert not shared & {"place_settlement", "place_road", "build_road", "build_settlement",
                         "build_city", "move_robber", "accept_trade"}


def test_shared_labels_are_those_of_the_game_they_are_shown_in():
    """Two Catan games with different boards: every label of every menu through the shared
    cache equals the game's own description (catan.ru.txt: the offers name cards only)."""
    game = settlers.load("catan")
    rng = random.Random(3)
    states = [game.new_state(players=3, seed=s) for s in (21, 22)]
    texts = [RoomTexts(st) for st in states]
    for _ in range(150):
        for i, st in enumerate(states):
            if st.over:
                continue
            seat = rng.choice(sorted(st.to_act))
            for lang in ("ru", "en"):
                assert texts[i].actions(st, seat, lang) == [
                    {"action": a.to_json(), "label": st.describe_action(a, lang)}
                    for a in st.legal_actions(seat)]
            st.apply(seat, rng.choice(st.legal_actions(seat)))


def test_a_bank_trade_label_follows_the_rate_it_names():
    """catan.ru.txt: a harbour lowers the bank rate; the cached label must follow it."""
    from settlers.games.catan.actions import MaritimeTrade

    state = settlers.load("catan").new_state(players=3, seed=1)
    texts = RoomTexts(state)
    trade = MaritimeTrade(give="brick", get="ore")
    fact = label_facts(state)["maritime_trade"]
    assert fact(state, trade) == 4
    harboured = state.clone()
    harboured.harbours[harboured.current] |= 1 << 5  # a generic 3:1 harbour
    assert fact(harboured, trade) == 3
    for lang in ("ru", "en"):
        # each state gets the label of its own rate, whichever was described first
        for st in (state, harboured, state):
            got = texts.item(st, trade, lang)
            assert got == {"action": trade.to_json(), "label": st.describe_action(trade, lang)}
        assert texts.item(state, trade, lang) != texts.item(harboured, trade, lang)


def test_a_label_is_described_once_per_game_and_language():
    state = settlers.load("catan").new_state(players=3, seed=1)
    texts = RoomTexts(state)
    seat = state.to_act[0]
    calls = []
    real = type(state).describe_action

    def counting(self, action, lang):
        calls.append(action)
        return real(self, action, lang)

    type(state).describe_action = counting
    try:
        first = texts.actions(state, seat, "ru")
        assert len(calls) == len(first) > 0  # set-up placements: all action-only
        again = texts.actions(state, seat, "ru")
        assert again == first and len(calls) == len(first)
        texts.actions(state, seat, "en")
        assert len(calls) == 2 * len(first)
    finally:
        type(state).describe_action = real


def _first_state_with(game_id: str, players: int, kind: str, seed: int = 3):
    """A state of a seeded random game in which a seat's menu has an action of ``kind`` naming
    another seat, with that seat."""
    game = settlers.load(game_id)
    rng = random.Random(seed)
    state = game.new_state(players=players, seed=seed)
    for _ in range(4_000):
        for seat in sorted(state.to_act):
            if any(a.kind == kind for a in state.legal_actions(seat)):
                return state, seat
        seat = rng.choice(sorted(state.to_act))
        state = state.clone()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert not state.over, f"no {kind} in a seeded {game_id} game"
    raise AssertionError(f"no {kind} in a seeded {game_id} game")


@pytest.mark.parametrize("game_id, kind, field", [("archipelago", "gift", "to"),
                                                 ("catan", "move_robber", "victim")])
@pytest.mark.parametrize("cached", [True, False])
def test_a_menu_names_seats_as_the_table_does(game_id, kind, field, cached):
    """A label naming a seat («Подарок → Аня», «грабить: Bob») uses the table's names, as the
    log and the players table do — before, the menu said «Жёлтый» or «Игрок 2» beside a log
    that said «Аня»."""
    state, seat = _first_state_with(game_id, 3, kind)
    for lang in ("ru", "en"):
        _view, actions, _log = seat_parts(_room(state, cached), state, seat, lang)
        named = [(a["action"][field], a["label"]) for a in actions
                 if a["action"]["type"] == kind and a["action"].get(field) is not None]
        assert named
        for other, label in named:
            assert NAMES[other] in label, label
