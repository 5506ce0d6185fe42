"""What the eighth round of issue-19 work keeps or computes another way, against the
computation it replaces, at every step of seeded games (several player counts and option sets,
clones and determinizations taken mid-game):

* the disc menu's trades kept per board fill by (how many of the fill's prices the seat's
  florins pay, which resources it holds a cube of) (``markets._Fill.menus``) are
  ``trade_options`` of both boards, for every seat, also with a table emptied past a size of 2;
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arch_scenario import played_states

from settlers.core import Action
from settlers.games.archipelago import markets

CASES = [(4, 901, {}), (2, 902, {}), (3, 903, {"length": "short", "desert_start": True}),
         (5, 904, {"more_control": True, "more_sharpness": True}),
         (4, 905, {"philanthropist": True, "trend": "churches"})]


def walked_states(players: int, seed: int, options: dict[str, Any]) -> Iterator[Any]:
    """The states of a seeded game, and now and then a clone or a determinization of one (with
    what it keeps of its original's facts), moved on by one action of its own."""
    for state in played_states(players, seed, options):
        yield state
        if state.version % 29 == 7:
            copy = state.clone() if state.version % 2 else state.determinize(state.actor, seed)
            yield copy
            seat = copy.to_act[0]
            menu = copy.legal_actions(seat)
            if menu:
                copy.apply(seat, menu[len(menu) // 2], check=False)
                if not copy.over:
                    yield copy


def trades_of_both_boards(state: Any, seat: int) -> list[Action]:
    return markets.trade_options(state, seat, 0) + markets.trade_options(state, seat, 1)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_trades_kept_by_prices_paid_and_cubes_held_are_the_trade_options(
        players: int, seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # archipelago.ru.txt L479-491: buying at the row's price, selling into a free slot
    monkeypatch.setattr(markets, "_BOARD_TRADES", {})
    hits = steps = 0
    for state in walked_states(players, seed, options):
        for seat in range(state.players):
            for _ in range(2):   # the second time from the menus the first one kept
                kept: list[Action] = []
                markets.add_trade_options(kept, state, seat)
                assert kept == trades_of_both_boards(state, seat), (seed, state.version, seat)
            hits += 1
        steps += 1
    assert steps > 50 and hits > 150


def test_a_fill_past_its_menu_table_size_starts_a_new_table(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(markets, "_BOARD_TRADES", {})
    monkeypatch.setattr(markets, "_MENUS_MAX", 2)
    seen = 0
    for state in walked_states(4, 906, {}):
        for seat in range(state.players):
            out: list[Action] = []
            markets.add_trade_options(out, state, seat)
            assert out == trades_of_both_boards(state, seat), (state.version, seat)
        (_content, first, second), = markets._BOARD_TRADES.values()
        assert all(len(fill.menus) <= 2 for fill in (*first.values(), *second.values()))
        seen += 1
    assert seen > 100
