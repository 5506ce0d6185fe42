"""Objective cards (archipelago.ru.txt L158-190, L1131-1410): the end conditions and the
ranking criteria, as functions of the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.games.archipelago import board, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of


def threshold(state: ArchState, end: dict[str, Any]) -> int:
    """«5 городов, если играют двое, 6 — если трое, и т.д.»: base at 2 players + per player."""
    return int(end.get("base", 0)) + int(end.get("per_player", 0)) * (state.players - 2)


def cards_in_game(state: ArchState, kind: str | None) -> int:
    cards = state.content.cards
    return sum(1 for seat in state.owned for rec in seat
               if kind is None or cards[rec[0]].type == kind)


def end_met(state: ArchState, objective: int) -> bool:
    kind, need = end_of(state, objective)
    return _met(state, kind, need)


def _met(state: ArchState, kind: str, need: int) -> bool:
    if kind == "bank_resources_empty":
        return state.bank_cubes.count(0) >= need
    if kind == "bank_money_empty":
        return state.bank_money == 0
    if kind == "piles_empty":
        return state.piles.count(0) >= need
    if kind == "surplus_above":
        return state.surplus > need
    if kind == "progress_in_game":
        have = cards_in_game(state, "progress")
    elif kind == "characters_in_game":
        have = cards_in_game(state, "character")
    elif kind == "cards_in_game":
        have = cards_in_game(state, None)
    elif kind in _BUILT:
        have = pieces.count_built(state, _BUILT[kind])
    elif kind == "ships":
        have = sum(1 for u in state.units if u[U.SHIP] and u[U.REGION] >= 0)
    elif kind == "population":
        if need < 0:
            return False  # L1282: «не используется в игре вдвоём»
        have = state.population
    else:
        raise ValueError(kind)
    return have >= need


_BUILT = {"churches": "church", "markets": "market", "towns": "town", "ports": "port"}


def end_of(state: ArchState, objective: int) -> tuple[str, int]:
    """The objective's end condition as (kind, the number it needs with these players): the
    count of empty bank zones or piles, else the ``threshold``; -1 for a population end that
    does not play with two (L1282). Per content set and player count (tables.py)."""
    memo = tables_of(state.content).memo
    key = ("objective_end", objective, state.players)
    got: tuple[str, int] | None = memo.get(key)
    if got is None:
        end = state.content.objectives[objective]["end"]
        kind = end["kind"]
        if kind in ("bank_resources_empty", "piles_empty"):
            need = int(end["count"])
        elif kind == "bank_money_empty":
            need = 0
        else:
            need = threshold(state, end)
            if (kind == "population" and state.players == 2 and end.get("per_player", 0)
                    and need < 20):
                need = -1
        got = memo[key] = (kind, need)
    return got


def icons_in_towns(state: ArchState, seat: int, res: str) -> int:
    r = RESOURCES.index(res)
    return sum(board.region_face(state, k).icons.count(r)
               for k in pieces.controlled(state, seat, "town"))


def measure(state: ArchState, seat: int, criterion: str) -> int:
    cards = state.content.cards
    if criterion.endswith("_cubes"):
        return state.cubes[seat][RESOURCES.index(criterion[:-6])]
    if criterion == "money":
        return state.money[seat]
    if criterion == "explorer_tokens":
        return state.tokens[seat]
    if criterion.endswith("_icons_towns"):
        return icons_in_towns(state, seat, criterion[: -len("_icons_towns")])
    if criterion == "ports_markets_controlled":
        return (len(pieces.controlled(state, seat, "port"))
                + len(pieces.controlled(state, seat, "market")))
    if criterion in ("markets_controlled", "ports_controlled", "churches_controlled",
                     "towns_controlled"):
        kind = {"markets": "market", "ports": "port", "churches": "church",
                "towns": "town"}[criterion.split("_")[0]]
        return len(pieces.controlled(state, seat, kind))
    if criterion == "characters_controlled":
        return sum(1 for rec in state.owned[seat] if cards[rec[0]].type == "character")
    if criterion == "progress_controlled":
        return sum(1 for rec in state.owned[seat] if cards[rec[0]].type == "progress")
    if criterion == "cards_controlled":
        return len(state.owned[seat])
    if criterion == "ships":
        return sum(1 for u in state.units if u[U.OWNER] == seat and u[U.SHIP] and u[U.REGION] >= 0)
    if criterion == "inhabitants":
        return sum(1 for u in state.units if u[U.OWNER] == seat and not u[U.SHIP] and u[U.REGION] >= 0)
    if criterion == "philanthropist":
        return state.phil[seat]
    return 0


def check_end(state: ArchState) -> int:
    """The first seat (in turn order) whose objective's end condition holds, or -1."""
    content = state.content
    try:   # (tables_of, without a call)
        memo = content._tables.memo  # type: ignore[attr-defined]
    except AttributeError:
        memo = tables_of(content).memo
    tests: list[EndTest] | None = memo.get(_TESTS_KEYS[state.players])
    if tests is None:
        tests = _tests(state)
    for seat in state.order:
        for obj in state.objectives[seat]:
            if tests[obj](state):
                return seat
    return -1


def _tests(state: ArchState) -> list[EndTest]:
    """``_test_of`` every objective, per content set and player count."""
    got = [_test_of(state, obj) for obj in range(len(state.content.objectives))]
    tables_of(state.content).memo[_TESTS_KEYS[state.players]] = got
    return got


#: the key of the end tests of a player count in the content set's tables (one tuple each)
_TESTS_KEYS = tuple(("objective_tests", players) for players in range(8))


EndTest = Callable[[ArchState], bool]


def _test_of(state: ArchState, objective: int) -> EndTest:
    """``end_met(state, objective)`` as one function of the state, per content set and player
    count (tables.py): the kind's branch of ``_met`` chosen once (issue 19)."""
    kind, need = end_of(state, objective)
    test: EndTest
    if kind == "bank_resources_empty":
        def test(s: ArchState) -> bool:
            return s.bank_cubes.count(0) >= need
    elif kind == "bank_money_empty":
        def test(s: ArchState) -> bool:
            return s.bank_money == 0
    elif kind == "piles_empty":
        def test(s: ArchState) -> bool:
            return s.piles.count(0) >= need
    elif kind == "surplus_above":
        def test(s: ArchState) -> bool:
            return s.surplus > need
    elif kind == "population":
        def test(s: ArchState) -> bool:
            return need >= 0 and s.population >= need
    elif kind == "cards_in_game":
        def test(s: ArchState) -> bool:
            return sum(map(len, s.owned)) >= need
    elif kind in _BUILT:
        building = _BUILT[kind]

        def test(s: ArchState) -> bool:
            regions = s.regions
            if len(regions) < need:   # (a region holds one building of a kind)
                return False
            n = 0
            for reg in regions:   # (a loop, stopping once enough are counted: a comprehension
                if building in reg["buildings"]:   # is one more call, and a list)
                    n += 1
                    if n >= need:
                        return True
            return n >= need
    elif kind in ("progress_in_game", "characters_in_game"):
        wanted = "progress" if kind == "progress_in_game" else "character"
        of_type = tuple(c.type == wanted for c in state.content.cards)

        def test(s: ArchState) -> bool:
            owned = s.owned
            if sum(map(len, owned)) < need:   # (not as many cards of any type in the game)
                return False
            return len([1 for seat in owned for rec in seat if of_type[rec[0]]]) >= need
    else:   # the ships: as _met reads them
        def test(s: ArchState) -> bool:
            return _met(s, kind, need)
    return test
