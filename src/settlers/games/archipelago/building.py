"""«Строительство» (archipelago.ru.txt L609-673): towns, markets, ports, churches and ships."""

from __future__ import annotations

from settlers.core import Action
from settlers.games.archipelago import board, economy, pieces
from settlers.games.archipelago.actions import Build
from settlers.games.archipelago.content import BUILDINGS
from settlers.games.archipelago.state import (
    BUILDING,
    ENGAGED,
    OWNER,
    REGION,
    SHIP,
    STANDING,
    ArchState,
)

KINDS = ("ship", *BUILDINGS)


def builder(state: ArchState, seat: int, region: int, kind: str) -> int:
    """An active free unit of the seat in the region that may build ``kind`` (L617): an
    inhabitant, or for a port also a ship. Inhabitants first."""
    ships_ok = kind == "port"
    best = -1
    for i, u in enumerate(state.units):
        if (u[OWNER] == seat and u[REGION] == region and u[STANDING] and not u[ENGAGED]
                and not u[BUILDING]):
            if not u[SHIP]:
                return i
            if ships_ok and best < 0:
                best = i
    return best


def can_afford(state: ArchState, seat: int, kind: str) -> bool:
    florins, cubes = state.content.costs[kind]
    return state.money[seat] >= florins and economy.can_pay_cubes(state, seat, cubes)


def options(state: ArchState, seat: int, free: bool = False) -> list[Action]:
    out: list[Action] = []
    for k in range(len(state.regions)):
        for kind in KINDS:
            if not free and not can_afford(state, seat, kind):
                continue
            if kind == "ship":
                if (board.has_sea(state, k) and pieces.in_box(state, seat, True)
                        and builder(state, seat, k, "ship") >= 0
                        and not state.units[builder(state, seat, k, "ship")][SHIP]):
                    out.append(Build(kind, k))
            elif (kind not in state.regions[k]["buildings"] and pieces.tokens_left(state, kind) > 0
                  and builder(state, seat, k, kind) >= 0
                  and (kind != "port" or board.has_sea(state, k))):
                out.append(Build(kind, k))
    return out


def build(state: ArchState, seat: int, kind: str, region: int, pay: bool = True) -> None:
    if pay:
        florins, cubes = state.content.costs[kind]
        economy.pay_bank(state, seat, florins)
        economy.cubes_to_bank(state, seat, cubes)
    if kind == "ship":
        # L631: the ship goes to sea; the builder is not engaged
        ship = pieces.in_box(state, seat, True)[0]
        state.units[ship][REGION] = region
        state.units[ship][STANDING] = True
    else:
        unit = builder(state, seat, region, kind)
        state.regions[region]["buildings"][kind] = True
        state.units[unit][BUILDING] = kind   # L623: the builder moves onto the token
        state.units[unit][ENGAGED] = True
        if kind == "church":
            economy.philanthropy(state, seat)
    state.emit("archipelago.event.build", seat=seat, what=f"archipelago.building.{kind}",
               region=region)
