"""Building exact Catan situations for the rule tests.

``scenario()`` gives a game on the beginner board (fixed terrain and numbers) with every piece
removed, every hand empty and the bank full, in the middle of player ``current``'s turn. Pieces
are put with the engine's own placing functions so every derived table stays consistent.
"""

from __future__ import annotations

import itertools

import settlers
from settlers.games.catan import building
from settlers.games.catan import phases as ph
from settlers.games.catan.acting import keep_to_act
from settlers.games.catan.chance import roll_dice
from settlers.games.catan.content import CARDS_EACH, RESOURCE_INDEX, RESOURCES
from settlers.games.catan.topology import (
    CORNERS,
    GRID,
    HEX_BY_LABEL,
    corner_of_hexes,
    edge_between_hexes,
)

GAME = settlers.load("catan")


def rig_dice(st, rolls: list[int]) -> None:
    """Make the next roll of ``st`` be ``rolls`` (one pair of dice): set the state's chance
    counter (chance.py) to the first value whose next roll is that pair."""
    assert len(rolls) == 2, "one roll at a time"
    wanted = (rolls[0], rolls[1])
    for counter in itertools.count():
        probe = st.clone()
        probe.chance = counter
        if roll_dice(probe) == wanted:
            st.chance = counter
            return


def scenario(players: int = 4, phases: str = "combined", phase: int = ph.MAIN,
             current: int = 0, **options):
    st = GAME.new_state(players, 1, {"board": "beginner", "phases": phases, **options})
    n = players
    st.corner_owner = [-1] * CORNERS
    st.corner_level = [0] * CORNERS
    st.edge_owner = [-1] * len(st.edge_owner)
    st.edges_taken = 0
    st.settle_ok = [True] * CORNERS
    st.hex_yield = [0] * len(st.hex_yield)
    st.hex_seats = 0
    st.hands = [[0] * 5 for _ in range(n)]
    st.bank = [CARDS_EACH] * 5
    st.roads = [[] for _ in range(n)]
    st.buildings = [[] for _ in range(n)]
    st.network = [0] * n
    st.road_reach = [0] * n
    st.road_length = [0] * n
    st.roads_left = [15] * n
    st.settlements_left = [5] * n
    st.cities_left = [4] * n
    st.building_points = [0] * n
    st.harbours = [0] * n
    st.harbours_new = [0] * n
    st.longest_road = -1
    st.largest_army = -1
    st.current = current
    st.turn = 5
    if phase == ph.MAIN and phases == "separate":
        phase = ph.TRADE
    st.phase = phase
    st.dice = (3, 4) if phase != ph.ROLL else None
    keep_to_act(st)
    return st


def corner(*hexes: str) -> int:
    """The intersection of the named hexes ("A", "B", "E")."""
    return corner_of_hexes(list(hexes))


def corner_at(hex_label: str, name: str) -> int:
    """Corner ``name`` (N, NE, SE, S, SW, NW) of a hex."""
    return GRID.corner_of(HEX_BY_LABEL[hex_label], name)


def side(hex_label: str, name: str) -> int:
    """Path on side ``name`` (NE, E, SE, SW, W, NW) of a hex."""
    return GRID.side_of(HEX_BY_LABEL[hex_label], name)


def between(a: str, b: str) -> int:
    return edge_between_hexes(a, b)


def settle(st, p: int, c: int, city: bool = False) -> None:
    if st.corner_owner[c] >= 0 or not st.settle_ok[c]:
        raise AssertionError(f"cannot put a settlement at {c}")
    building.place_settlement(st, p, c)
    st.harbours[p] |= st.harbours_new[p]
    st.harbours_new[p] = 0
    if city:
        building.place_city(st, p, c)


def road(st, p: int, *edges: int) -> None:
    for e in edges:
        building.place_road(st, p, e)


def give(st, p: int, **cards: int) -> None:
    for name, n in cards.items():
        st.hands[p][RESOURCE_INDEX[name]] += n
        st.bank[RESOURCE_INDEX[name]] -= n


def hand(st, p: int) -> dict[str, int]:
    return {RESOURCES[r]: st.hands[p][r] for r in range(5) if st.hands[p][r]}


def vec(**cards: int) -> tuple[int, ...]:
    v = [0] * 5
    for name, n in cards.items():
        v[RESOURCE_INDEX[name]] = n
    return tuple(v)


def path_of_corners(*corners: int) -> list[int]:
    """The paths joining consecutive intersections."""
    out = []
    for a, b in itertools.pairwise(corners):
        e = GRID.edge_between(a, b)
        assert e is not None, (a, b)
        out.append(e)
    return out
