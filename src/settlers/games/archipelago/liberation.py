"""Phase 1, «Освобождение» (archipelago.ru.txt L240-244): cards turned upright, units leave
the resource icons, strikers stand up."""

from __future__ import annotations

from settlers.games.archipelago import unit as U
from settlers.games.archipelago.state import ArchState


def liberate(state: ArchState) -> None:
    for seat_cards in state.owned:
        for rec in seat_cards:
            rec[1] = 0
    region, engaged, icon, standing = U.REGION, U.ENGAGED, U.ICON, U.STANDING
    for u in state.units:
        if u[region] >= 0:
            u[engaged] = False
            u[icon] = -1
            u[standing] = True
    state.used_buildings = []
    state.permits = []
    state.wheel = {}
    state.reproduced = [False] * state.players
    state.passed = [False] * state.players
