"""Is a Separatist plausible at the table? What the heuristic bot infers from public play.

A Separatist may hide among the players (archipelago.ru.txt L88) and wins only by the fall
of the colony (L425, L908), so every step of rebellion helps it. The cheapest step on the
wheel is the tax collection: each one moves the rebellion marker up by 1 (L471) and pays
florins. A Separatist takes it every round it can, from the first turn on; a loyal colonist
takes it seldom (it pays with the colony's margin). So a seat that has taken more taxes
than turns played — at least ``SUSPECT_TAXES`` — is the seat the loyal ones should fear.

Only public events are read (``archipelago.event.taxes`` is shown to every seat): on a
determinized world they are the seat's own record of the game, never a hidden fact, so the
bot stays a pure function of its view. Without recorded events (``record_events`` off) no
seat is ever suspected.
"""

from __future__ import annotations

from collections import Counter

from settlers.games.archipelago.state import ArchState

TAX_EVENT = "archipelago.event.taxes"
SUSPECT_TAXES = 3   # at least this many taxes, and more than the turns played


def taxes_taken(state: ArchState) -> Counter[int]:
    """Tax collections so far, per seat (public events, L471)."""
    return Counter(int(e.params["seat"]) for e in state.events if e.key == TAX_EVENT)


def separatist_suspected(state: ArchState, seat: int) -> bool:
    """Has another seat taken at least ``SUSPECT_TAXES`` taxes and more than one per turn
    played (``state.turn``)? Each tax is a step of rebellion (L471): the Separatist's play."""
    bar = max(SUSPECT_TAXES, state.turn + 1)
    return any(n >= bar for s, n in taxes_taken(state).items() if s != seat)
