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
from settlers.web.texts import RoomTexts, action_only_labels

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
    # labels that read the state (the bank rate, the offer being accepted) are not declared
    assert not kinds & {"maritime_trade", "accept_trade", "move_robber"}


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
