"""Facts the fifth round of issue-19 work keeps or reads from tables, against the computation
from scratch at every step of seeded games (several player counts and option sets):

* the trades of the disc menu read from each board's fill (``markets._board_trades``, kept
  per content set) are ``trade_options`` of both boards, for every seat at every step.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import settlers
from settlers.core import Action
from settlers.games.archipelago import markets

CASES = [(4, 301, {}), (2, 302, {}), (3, 303, {"length": "short", "desert_start": True}),
         (5, 304, {"more_control": True, "more_sharpness": True}),
         (4, 305, {"philanthropist": True, "trend": "churches"})]


def play(players: int, seed: int, options: dict[str, Any]) -> Iterator[Any]:
    """The states of a seeded random game, one per action (the state itself, moved on)."""
    state = settlers.load("archipelago").new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.over:
        yield state
        if state.over:   # (the caller may have moved it on)
            break
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        state.apply(seat, menu[rng.randrange(len(menu))], check=False)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_trades_of_a_board_fill_are_the_trade_options(players: int, seed: int,
                                                          options: dict[str, Any]) -> None:
    steps = 0
    for state in play(players, seed, options):
        for seat in range(state.players):
            kept: list[Action] = []
            markets.add_trade_options(kept, state, seat)
            assert kept == (markets.trade_options(state, seat, 0)
                            + markets.trade_options(state, seat, 1)), (seed, steps, seat)
        steps += 1
    assert steps > 100


def test_a_board_fill_past_the_table_size_starts_a_new_table(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(markets, "_BOARD_TRADES", {})
    monkeypatch.setattr(markets, "_BOARD_TRADES_MAX", 3)
    seen = 0
    for state in play(4, 306, {}):
        out: list[Action] = []
        markets.add_trade_options(out, state, state.actor)
        assert out == (markets.trade_options(state, state.actor, 0)
                       + markets.trade_options(state, state.actor, 1))
        (_content, first, second), = markets._BOARD_TRADES.values()
        assert len(first) <= 3 and len(second) <= 3
        seen += 1
    assert seen > 100
