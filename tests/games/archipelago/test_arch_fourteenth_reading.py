"""The fourteenth reading (docs/audits/2026-12-07-fourteenth-archipelago-referee.md): the
3-inhabitant limit of a migration binds at its end (L583 «В конце действия *Миграция* игрок
не может иметь более 3 жителей в одном регионе», L555), and a ship may make its own move
«до или после участия в морском конвое» (L591). A move that crowds a region is legal when
the migration can still end within the limit — also when the way out is a ship moving to
convoy the inhabitant who leaves. Before rules 2026-12-07.7 the engine's look-ahead tried
inhabitants alone and refused such a move.

The position comes from a seeded 3-player game (seed 7) of the referee's «mover» players
(``arch_referee_play.MOVER``), found by the referee's menu check; its layout and pieces are
asserted before the rule is tested."""

from __future__ import annotations

import random

from settlers.games.archipelago import GAME
from settlers.games.archipelago.actions import Done, MoveUnit

MOVER = frozenset({"recruit", "recruit_to", "reproduce", "migrate", "move_unit", "build",
                   "choose_shores", "use_card", "supply", "raise", "use_church"})


def crowding_position():
    """Seat 1 migrates: three of its inhabitants on shore 1 of the strait region 1 (both of
    whose borders, to 0 and 2, are by sea on shore 0), two in region 4, its ship in the open
    sea (region 0)."""
    st = GAME.new_state(3, 7, {})
    st.record_events = False
    rng = random.Random(7 * 7919 + 3)
    for _ in range(218):
        seat = st.to_act[0] if len(st.to_act) == 1 else rng.choice(st.to_act)
        menu = st.legal_actions(seat)
        good = [a for a in menu if a.kind in MOVER]
        if good and rng.random() < 0.9:
            menu = good
        st.apply(seat, menu[rng.randrange(len(menu))])
    mine = {i: (u[1], u[2], u[7]) for i, u in enumerate(st.units) if u[0] == 1 and u[2] >= 0}
    assert (st.step, st.actor, st.ctx["moved"]) == ("migrate", 1, []), "the game changed course"
    assert mine == {14: (False, 1, 1), 15: (False, 4, 0), 16: (False, 1, 1),
                    17: (False, 1, 1), 18: (False, 4, 0), 24: (True, 0, 0)}, mine
    return st


def test_a_move_into_a_full_region_is_legal_when_a_ship_can_then_carry_one_out():
    """L583, L555, L589-593: inhabitant 15 crosses from region 4 to region 1 in a convoy of
    the ship in region 0 (region 1 then holds 4); the ship then sails into region 1 and
    carries inhabitant 14 across the strait and on to region 2 — the migration ends with 3."""
    st = crowding_position()
    assert MoveUnit(15, 1, "") in st.legal_actions(1)
    st.apply(1, MoveUnit(15, 1, ""))
    assert Done() not in st.legal_actions(1)   # region 1 holds 4: not yet over (L583)
    st.apply(1, MoveUnit(24, 1, ""))           # the ship's own move, after its convoy (L591)
    assert MoveUnit(14, 2, "") in st.legal_actions(1)
    st.apply(1, MoveUnit(14, 2, ""))
    assert Done() in st.legal_actions(1)
    st.apply(1, Done())
    assert sum(1 for u in st.units if u[0] == 1 and not u[1] and u[2] == 1) == 3

    # L583: once the ship has sailed off elsewhere (it can carry nobody out of region 1, nor
    # anyone in), no move crowds region 1
    st = crowding_position()
    away = [a for a in st.legal_actions(1) if a.kind == "move_unit" and a.unit == 24
            and a.region not in (0, 1)]
    assert away
    st.apply(1, away[0])
    assert not any(a.kind == "move_unit" and a.region == 1 and a.unit in (15, 18)
                   for a in st.legal_actions(1))
