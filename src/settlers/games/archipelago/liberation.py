"""Phase 1, «Освобождение» (archipelago.ru.txt L240-244): cards turned upright, units leave
the resource icons, strikers stand up."""

from __future__ import annotations

from settlers.games.archipelago.state import ENGAGED, ICON, REGION, STANDING, ArchState


def liberate(state: ArchState) -> None:
    for seat_cards in state.owned:
        for rec in seat_cards:
            rec[1] = 0
    for u in state.units:
        if u[REGION] >= 0:
            u[ENGAGED] = False
            u[ICON] = -1
            u[STANDING] = True
    state.used_buildings = []
    state.permits = []
    state.wheel = {}
    state.reproduced = [False] * state.players
    state.passed = [False] * state.players
