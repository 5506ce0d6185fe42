"""``rules.json`` ``pieces.boat`` / ``pieces.horse``: a seat's set of boats and horses
(«пять лодок, пять лошадей»). A set may hold fewer (the others are out of the game from the
start), never more: piece ids are ``seat * 10 + k`` in actions, logs and saves."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest
from iceland_scenario import OUTER, new, set_hand

from settlers.core import IllegalAction
from settlers.core.invariants import invariant_problems
from settlers.games.iceland import actions
from settlers.games.iceland.board import LOST
from settlers.games.iceland.building import pieces_left
from settlers.testing.language import refused_content


def _rules(tmp: Path, **pieces: int) -> str:
    data = json.loads((resources.files("settlers.games.iceland") / "data" / "rules.json")
                      .read_text("utf-8"))
    data["pieces"].update(pieces)
    (tmp / "rules.json").write_text(json.dumps(data), "utf-8")
    return str(tmp)


def test_a_smaller_set_of_boats_and_horses_is_what_a_seat_builds(tmp_path: Path):
    s = new(data_dir=_rules(tmp_path, boat=2, horse=3))
    assert pieces_left(s, 0, True) == 1 and pieces_left(s, 0, False) == 3
    assert [s.pos[p] for p in range(10)] == [OUTER, -2, LOST, LOST, LOST, -2, -2, -2, LOST, LOST]
    set_hand(s, 0, iron=5, wood=5)
    s.apply(0, actions.BuildBoat(OUTER, OUTER))
    before = s.full_state()
    with pytest.raises(IllegalAction) as info:
        s.apply(0, actions.BuildBoat(OUTER, OUTER))
    assert "no such piece left" in info.value.message("en")
    assert s.full_state() == before
    assert not any(isinstance(a, actions.BuildBoat) for a in s.legal_actions(0))
    s.apply(0, actions.EndTurn())
    assert sum(1 for p in range(10) if s.pos[p] == OUTER) == 2
    assert invariant_problems(s, scores=True) == []


def test_a_smaller_set_plays_within_the_invariants(tmp_path: Path):
    from settlers.core import load

    state = load("iceland").new_state(4, 5, {"data_dir": _rules(tmp_path, boat=1, horse=1),
                                             "turn_limit": 30})
    rng = random.Random(5)
    while not state.over:
        assert invariant_problems(state, scores=True) == []
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert invariant_problems(state, scores=True) == []
    for seat in range(4):   # the pieces the set does not hold never came into play
        assert all(state.pos[seat * 10 + k] == LOST for k in (1, 2, 3, 4, 6, 7, 8, 9))


@pytest.mark.parametrize(("kind", "value"), [("boat", 6), ("horse", 6), ("boat", 0),
                                              ("horse", 0)])
def test_more_pieces_than_a_seat_has_or_none_are_refused(tmp_path: Path, kind: str, value: int):
    ru, en = refused_content("iceland", "data_dir", _rules(tmp_path, **{kind: value}))
    assert f"field 'pieces.{kind}' must be an integer in 1..5, not '{value}'" in en, en
    assert f"поле «pieces.{kind}» должно быть целым числом от 1 до 5, а не «{value}»" in ru, ru
