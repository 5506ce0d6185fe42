"""A seventh reading of the rulebook (2026-12-06): the rulebook's own examples and timing words
that had no scenario of their own, each as the exact position with the rulebook's words. The
engine already kept every one of them; these tests pin them.

* L61 «поселенец не может старить гекс и строить хутор» — the one example of L61 without a test.
* L3 «девять домиков», L82 «Так как у каждого игрока только девять домов для построек хуторов и
  городов, то хотя бы три очка должны быть получены на альтинге» — houses give at most 9 points.
* L62 «должен избавиться от всех красных жетонов … перед тем, как ему будет позволено построить
  хутор» with L36 — tokens lost by the move of this turn free the farm in the same turn.

The seventh reading also pinned L31 read with L35 as «a chased boat that retreats onto the outer
sea does not end the mover's movement»; the sixteenth reading reversed it (rules 2026-12-07.2:
the retreat is a move onto the outer sea, which ends the phase of movement —
``test_iceland_sixteenth_reading.py``, docs/audits/2026-12-07-sixteenth-rules.md).
"""

from __future__ import annotations

import pytest
from iceland_scenario import corner_between, house, new, put, set_hand, terrain

from settlers.games.iceland import actions as A
from settlers.games.iceland.actions import EndMovement, EndTurn, Move
from settlers.games.iceland.scoring import house_points, victory_points
from settlers.testing.refusals import refused

FARM = {"grain": 1, "wool": 1, "wood": 1}


def illegal(s, seat, action, text):
    """Refused, the state untouched (``refused``), with ``text`` in the English message."""
    assert text in refused(s, seat, action).message("en")


# --- L61: one build per piece ------------------------------------------------------------------
@pytest.mark.parametrize("ageing_first", [True, False])
def test_a_settler_cannot_age_its_hex_and_build_a_farm_in_one_turn(ageing_first):
    """L61 «Каждая фишка может совершать только одно действие строительства за ход. Таким
    образом, … поселенец не может старить гекс и строить хутор» — in either order."""
    s = new()
    terrain(s, 4, "pasture", 5)
    put(s, 5, 4)                                   # seat 0's settler on the pasture
    c = corner_between(s, 0, 3, 4)
    set_hand(s, 0, grain=1, wood=1, wool=2)        # a farm and an ageing (one wool)
    farm, ageing = A.BuildFarm(5, c), A.BuildAgeing(5)
    assert farm in s.legal_actions(0) and ageing in s.legal_actions(0)
    s.apply(0, ageing if ageing_first else farm)
    assert (farm if ageing_first else ageing) not in s.legal_actions(0)
    illegal(s, 0, farm if ageing_first else ageing, "already")
    s.apply(0, EndTurn())
    if ageing_first:
        assert s.number[4] == 6 and s.house_owner[c] == -1     # aged 5 -> 6, no farm
    else:
        assert s.number[4] == 5 and s.house_owner[c] == 0      # the farm, not aged


# --- L3, L82: nine houses ----------------------------------------------------------------------
def _far_houses(s, seat, levels):
    """``seat`` holds houses of ``levels`` (1 farm, 2 town) on corners of the island's south
    edge, far from hexes 0, 3 and 4 where the tests build."""
    corners = [s.b.grid.corner_of(h, "S") for h in (16, 17, 18)] + \
              [s.b.grid.corner_of(h, "SE") for h in (15, 11)]
    for c, level in zip(corners, levels, strict=False):
        house(s, seat, c, level)


def test_nine_houses_give_at_most_nine_points():
    """L3 «девять домиков», L82 «Так как у каждого игрока только девять домов для построек
    хуторов и городов, то хотя бы три очка должны быть получены на альтинге»: with its nine
    houses on the island (four towns and a farm) a player builds neither a farm nor a town —
    its houses stay at nine points, the rest of the twelve must come from the Althing."""
    s = new()
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    put(s, 5, 4)
    sea_farm = corner_between(s, 0, 3, 4)
    house(s, 0, sea_farm)                          # a farm by the sea: 1 house
    _far_houses(s, 0, [2, 2, 2, 2])                # four towns: 8 houses
    assert house_points(s, 0) == 9
    set_hand(s, 0, iron=1, grain=2, wood=2, wool=3)
    inland = corner_between(s, 4, 5, 9)
    legal = s.legal_actions(0)
    assert not any(isinstance(a, A.BuildFarm | A.BuildTown) for a in legal)
    illegal(s, 0, A.BuildFarm(5, inland), "no houses left")
    illegal(s, 0, A.BuildTown(sea_farm), "no houses left")
    # the legal side: with one town fewer (seven houses) the town is built, and then the
    # ninth house is used up by it — the farm is refused in the same turn
    s2 = new()
    terrain(s2, 3, "sea")
    terrain(s2, 4, "pasture", 5)
    put(s2, 5, 4)
    house(s2, 0, sea_farm)
    _far_houses(s2, 0, [2, 2, 2, 1])               # 1 + 7 = 8 houses
    set_hand(s2, 0, iron=1, grain=2, wood=2, wool=3)
    assert A.BuildFarm(5, inland) in s2.legal_actions(0)
    s2.apply(0, A.BuildTown(sea_farm))
    illegal(s2, 0, A.BuildFarm(5, inland), "no houses left")
    s2.apply(0, EndTurn())
    assert house_points(s2, 0) == 9 == victory_points(s2, 0)


# --- L62 with L36: an outlaw rid of its tokens by this turn's move -----------------------------
@pytest.mark.parametrize(("to", "may_farm"), [(8, True), (3, False)])
def test_an_outlaw_that_walked_away_from_its_claimant_may_build_a_farm_this_turn(to, may_farm):
    """L62 «Объявленный вне закона … должен избавиться от всех красных жетонов победных очков
    рядом с собой перед тем, как ему будет позволено построить хутор»; L36 «Когда объявленный вне
    закона заканчивает ход на не горном гексе, все красные жетоны … должны переместиться вместе с
    ним, если это возможно … Если рядом не осталось жетонов, фишка больше не объявлена вне
    закона.» The movement (phase 2) comes before the building (phase 3): a settler that walked
    away from its claimant's farms has lost its token and may build a farm in this very turn;
    one that stayed beside them keeps it and may not."""
    s = new(phase="move")
    terrain(s, 4, "pasture", 5)
    terrain(s, 3, "fields", 6)
    terrain(s, 8, "forest", 8)
    terrain(s, 0, "sea")
    house(s, 1, corner_between(s, 0, 3, 4))        # seat 1's farm touches 0, 3 and 4
    put(s, 5, 4)
    s.red_tokens[5] = [1]                          # seat 0's settler, outlawed by seat 1
    set_hand(s, 0, **FARM)
    s.apply(0, Move(5, to, ""))
    s.apply(0, EndMovement())
    assert s.phase == "build"
    assert (5 in s.red_tokens) is not may_farm
    far = corner_between(s, 7, 8, 12) if to == 8 else corner_between(s, 3, 7, 8)
    farm = A.BuildFarm(5, far)
    if may_farm:
        assert farm in s.legal_actions(0)
        s.apply(0, farm)
        s.apply(0, EndTurn())
        assert s.house_owner[far] == 0
    else:
        assert not any(isinstance(a, A.BuildFarm) for a in s.legal_actions(0))
        illegal(s, 0, farm, "outlaw")
