"""What the eighteenth round of issue-19 work changed in how Archipelago answers and applies
(docs/performance-engines/archipelago.md, round 18):

* ``pieces.SeatUnits`` reads each unit record by one unpacking: its facts equal a plain
  reading of the seat's units at every step of seeded games, of clones and of determinizations;
* a domestic crisis lays the inhabitants down and tells whether one lies in one pass, and
  counts its strikers at its end without ``balance.lying``'s list: the state each leaves equals
  the one the code before left (below);
* ``pieces.controlled`` hands back its kept list: the same list when asked again, equal to one
  read with nothing kept;
* the openings with permissions or cards to give, and a disc menu's harvests, are listed by
  loops (no generator, no ``harvest.possible`` call): both equal a plain listing of them;
* the frontier's cells (``board._frontier_cells``, and a cell gaining a side when a region is
  laid, ``board._with_side``) and ``negotiation.holds`` are built by loops: each equals the
  code before's (generators, copied below).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from arch_scenario import SPEED_CASES, afresh, new_game, played_states

from settlers.games.archipelago import balance, board, harvest, negotiation, pieces, wheel
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Gift, Harvest, Propose
from settlers.games.archipelago.content import BUILDINGS, RESOURCES
from settlers.games.archipelago.markers import move_rebellion
from settlers.games.archipelago.protocol import ArchipelagoGame

CASES = SPEED_CASES


def _units_read_plainly(state: ArchipelagoGame, seat: int) -> tuple[Any, ...]:
    """``SeatUnits``' facts from their definitions, one comprehension each over every unit."""
    units = list(enumerate(state.units))
    mine = [(i, u) for i, u in units if u[U.OWNER] == seat]
    on_board = [(i, u) for i, u in mine if u[U.REGION] >= 0]
    free = [i for i, u in on_board if u[U.STANDING] and not u[U.ENGAGED] and not u[U.BUILDING]]
    housed = [i for i, u in on_board if u[U.STANDING] and not u[U.ENGAGED] and u[U.BUILDING]]
    inhabitants: dict[int, list[int]] = {}
    for i, u in on_board:
        if not u[U.SHIP]:
            inhabitants.setdefault(u[U.REGION], []).append(i)
    return (free, housed, bool(free or housed),
            any(u[U.REGION] == U.BOX and not u[U.SHIP] for _i, u in mine),
            any(u[U.REGION] == U.BOX and u[U.SHIP] for _i, u in mine),
            inhabitants, {u[U.REGION] for _i, u in on_board if u[U.STANDING]})


def _facts(got: pieces.SeatUnits) -> tuple[Any, ...]:
    return (got.free, got.housed, got.mobile, got.inhabitant_in_box, got.ship_in_box,
            got.inhabitants, got.standing)


def _check_seat_units(state: ArchipelagoGame, where: Any) -> None:
    for seat in range(state.players):
        assert _facts(pieces.SeatUnits(state, seat)) == _units_read_plainly(state, seat), (
            where, seat)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_seat_units_equal_a_plain_reading_of_the_units(
        players: int, seed: int, options: dict[str, Any]) -> None:
    worlds = 0
    for state in played_states(players, seed, options):
        _check_seat_units(state, (seed, state.version))
        if state.version % 40 == 17:   # a clone and a determinization, moved on a little
            for other in (state.clone(), state.determinize(state.to_act[0], seed + 1)):
                rng = random.Random(state.version)
                for _ in range(12):
                    if other.over:
                        break
                    seat = rng.choice(other.to_act)
                    other.apply(seat, rng.choice(other.legal_actions(seat)), check=False)
                    _check_seat_units(other, (seed, state.version, "copy", other.version))
                worlds += 1
    assert worlds >= 4


def _lay_down_before(state: ArchipelagoGame) -> bool:
    """``balance.start_part``'s domestic lay-down as the code before the round read it: every
    inhabitant on the archipelago out of a church lies down, then ``lying`` (a list)."""
    for u in state.units:
        if u[U.REGION] >= 0 and not u[U.SHIP] and u[U.BUILDING] != "church":
            u[U.STANDING] = False
    return bool([i for i, u in enumerate(state.units)
                 if not u[U.STANDING] and u[U.REGION] >= 0 and not u[U.SHIP]])


def _strikers_before(state: ArchipelagoGame) -> None:
    """``balance.finish``'s domestic part as the code before the round read it."""
    down = [i for i, u in enumerate(state.units)
            if not u[U.STANDING] and u[U.REGION] >= 0 and not u[U.SHIP]]
    move_rebellion(state, len(down))
    state.step = ""
    state.ctx = {}


def _fields(state: ArchipelagoGame) -> dict[str, Any]:
    got = {k: v for k, v in vars(state).items()
           if k not in ("_cache", "log", "version", "to_act", "over", "events", "rng")}
    got["rng"] = state.rng.getstate()
    return got


def _domestic(state: ArchipelagoGame) -> dict[str, Any]:
    return {"kind": "domestic", "res": 0, "ratio": 1}


def _check_domestic(state: ArchipelagoGame, where: Any) -> int:
    """A domestic crisis started on a copy of ``state`` and the code before's on another: the
    same states; then each ended: the same again. Whether an inhabitant lay down."""
    new, old = state.clone(), state.clone()
    new._cache, old._cache = {}, {}
    new.record_events = old.record_events = False
    started = balance.start_part(new, _domestic(new))
    old.step = "domestic"
    old.ctx = {**_domestic(old), "idx": 0, "raise_left": 0, "churches": []}
    old.actor = old.order[0]
    if not _lay_down_before(old):
        _strikers_before(old)
        assert not started, where
    else:
        assert started, where
    assert _fields(new) == _fields(old), where
    if started:
        balance.finish(new)
        _strikers_before(old)
        assert _fields(new) == _fields(old), where
    return int(started)


def test_a_domestic_crisis_starts_and_ends_as_before() -> None:
    started = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            if state.turn >= 1 and state.version % 9 == 4:
                started += _check_domestic(state, (seed, state.version))
    assert started > 20
    # a striker already lying in a church (nobody lies down otherwise) is one lying down too
    state = new_game(3, 1)
    for u in state.units:
        if u[U.REGION] >= 0 and not u[U.SHIP]:
            u[U.REGION] = -1   # (every inhabitant back in the box but one, in a church)
    lone = next(i for i, u in enumerate(state.units) if not u[U.SHIP])
    state.units[lone][U.REGION] = 0
    state.units[lone][U.BUILDING] = "church"
    state.regions[0]["buildings"]["church"] = True
    state.units[lone][U.STANDING] = False
    assert _check_domestic(state, "a striker in a church") == 1
    state.units[lone][U.STANDING] = True
    assert _check_domestic(state, "a standing inhabitant in a church") == 0


def test_controlled_hands_back_its_kept_list() -> None:
    read = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            if state.version % 3:
                continue
            for seat in range(state.players):
                for kind in BUILDINGS:
                    got = pieces.controlled(state, seat, kind)
                    assert pieces.controlled(state, seat, kind) is got
                    assert got == afresh(state, pieces.controlled, seat, kind), (
                        seed, state.version)
                    read += bool(got)
    assert read > 10


def _openings_plainly(state: ArchipelagoGame, seat: int) -> list[Any]:
    """The proposals, then the gifts of each item held, then of each permission and card, to
    every other seat in turn."""
    if state.offers_left <= 0 or state.offer is not None:
        return []
    others = [t for t in range(state.players) if t != seat]
    held = negotiation.held_items(state, seat)
    extras = negotiation.one_of_items_afresh(state, seat)
    return ([Propose(t) for t in others] + [Gift(t, it) for t in others for it in held]
            + [Gift(t, it) for t in others for it in extras])


def test_openings_and_harvests_equal_a_plain_listing() -> None:
    with_extras = harvests = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            seat = state.actor
            if state.step not in ("round", "bribes", "order", "domestic", "export"):
                continue
            got = list(negotiation.openings(state, seat))
            assert got == _openings_plainly(state, seat), (seed, state.version)
            with_extras += bool(afresh(state, negotiation.one_of_items_afresh, seat) and got)
            if (state.step == "round" and not state.round.get("disc")
                    and state.discs_used[seat] < state.discs[seat]):
                listed = [a for a in state.legal_actions(seat) if a.kind == "harvest"]
                plain = [Harvest(RESOURCES[r]) for r in afresh(state, harvest.possible, seat)]
                assert listed == plain, (seed, state.version)
                harvests += bool(plain)
    assert with_extras > 20 and harvests > 20, (with_extras, harvests)


def test_a_domestic_crisis_and_a_disc_menu_skip_the_helpers_they_inline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither a domestic crisis's start and end calls ``balance.lying`` (one scan, no list),
    nor a disc menu ``harvest.possible`` (the harvest search read by a loop)."""
    def refused(*args: Any) -> Any:
        raise AssertionError("called")

    crises = discs = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            if state.turn >= 1 and state.version % 9 == 4:
                copy = state.clone()
                copy._cache = {}
                with monkeypatch.context() as patched:
                    patched.setattr(balance, "lying", refused)
                    if balance.start_part(copy, _domestic(copy)):
                        balance.finish(copy)
                        crises += 1
            if state.step == "round" and state.version % 3 == 0:
                copy = state.clone()
                copy._cache = {}
                with monkeypatch.context() as patched:
                    patched.setattr(harvest, "possible", refused)
                    menu = wheel.disc_actions(copy, copy.actor)
                discs += any(a.kind == "harvest" for a in menu)
    assert crises > 20 and discs > 20, (crises, discs)


def _frontier_cells_before(state: ArchipelagoGame) -> tuple[Any, ...]:
    """``board._frontier_cells`` as the code before the round built each cell (generators)."""
    around: dict[tuple[int, int], list[tuple[int, int, str, int]]] = {}
    for k, reg in enumerate(state.regions):
        face = board.region_face(state, k)
        for e, (dq, dr) in enumerate(board.DIRS):
            c = (reg["q"] + dq, reg["r"] + dr)
            if c not in state.grid:
                own = (e - reg["rot"]) % 6
                around.setdefault(c, []).append(
                    ((e + 3) % 6, k, face.edges[own], face.edge_shores[own]))
    cells = []
    for (q, r), found in sorted(around.items()):
        found.sort()
        sides = tuple((d, other, terrain) for d, other, terrain, _shore in found)
        shores = () if len(sides) < 2 else tuple(shore for _d, _o, _t, shore in found)
        cells.append((q, r, sides, tuple((d, terrain) for d, _other, terrain in sides), shores))
    return tuple(cells)


def _with_side_before(state: ArchipelagoGame, cell: Any, side: Any, shore: int) -> Any:
    q, r, sides, _pattern, shores = cell
    if len(sides) < 2:
        shores = tuple(board.edge_shore(state, other, (d + 3) % 6) for d, other, _t in sides)
    both = sorted(zip((*sides, side), (*shores, shore)))
    sides = tuple(sd for sd, _shore in both)
    return (q, r, sides, tuple((d, terrain) for d, _other, terrain in sides),
            tuple(sh for _sd, sh in both))


def test_frontier_cells_and_holds_equal_the_code_before() -> None:
    cells = grown = held = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            if state.step in ("explore_place", "explore_draw", "explore_pick") or (
                    state.version % 25 == 0):
                frontier = board._frontier_cells(state)
                assert frontier == _frontier_cells_before(state), (seed, state.version)
                cells += len(frontier)
                for cell in frontier[:4]:   # one more region's side facing it, from each side
                    for d in range(6):
                        side = (d, 0, "s" if d % 2 else "l")
                        assert board._with_side(state, cell, side, d % 2) == _with_side_before(
                            state, cell, side, d % 2), (seed, state.version, cell, d)
                        grown += 1
            if state.offer is not None:
                for seat in range(state.players):
                    for items in (state.offer["give"], state.offer["want"]):
                        need: dict[str, int] = {}
                        for it in items:
                            need[it] = need.get(it, 0) + 1
                        plain = all(negotiation._has(state, seat, it, n)
                                    for it, n in need.items())
                        assert negotiation.holds(state, seat, items) == plain
                        held += plain and bool(items)
    assert cells > 100 and grown > 100 and held > 20, (cells, grown, held)
