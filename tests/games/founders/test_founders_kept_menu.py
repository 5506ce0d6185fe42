"""``legal_actions`` hands back the position's kept menu itself, not a copy, as Archipelago's
does (issue 19; the contract in core/state.py: a caller reads the list and copies it before
changing it). So every list it hands out must be that position's own: never a table shared by
every game (the reveal menus by which stacks are empty, ``turn._REVEALS``), which one careless
caller would change for all of them."""

from __future__ import annotations

import random

from settlers.games.founders import GAME, turn


class _Marker:
    """Not an action of the game: put into a handed-out menu by a careless caller."""


def test_the_kept_menu_is_handed_back_and_is_the_positions_own() -> None:
    shared = list(turn._REVEALS.values())
    reveals = 0
    for seed in range(9):
        players = 2 + seed % 3
        state = GAME.new_state(players, seed, {})
        rng = random.Random(seed)
        while not state.over:
            seat = rng.choice(state.to_act)
            menu = state.legal_actions(seat)
            assert type(menu) is list
            assert state.legal_actions(seat) is menu   # the kept menu, not a copy
            assert all(menu is not table for table in shared)
            if state.phase == "reveal":
                # a caller that changes what it was handed changes this position's menu only:
                # another position listing the same stacks (a clone: nothing kept) does not
                # see it, nor does this one's seat once the menu is listed again afresh
                reveals += 1
                expected = list(menu)
                menu.append(_Marker())  # type: ignore[arg-type]
                assert state.clone().legal_actions(seat) == expected
                other = GAME.new_state(players, seed, {})
                assert all(not isinstance(a, _Marker) for s in other.to_act
                           for a in other.legal_actions(s))
                menu.pop()
                assert all(type(table) is tuple for table in turn._REVEALS.values())
            state.apply(seat, rng.choice(menu), check=seed % 4 == 0)
    assert reveals > 100
