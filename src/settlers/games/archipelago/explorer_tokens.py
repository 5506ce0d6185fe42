"""«Обмен жетона первооткрывателя» (archipelago.ru.txt L431-433): an explorer token becomes a
cube of any resource and leaves the game, but only «во время кризиса или когда игрок совершает
действие, для которого требуются ресурсы», and the cube «отдаётся в счёт ресурсов, требуемых
для совершения действия, включая продажу этого самого ресурса».

The cube lies on the screen while it is bound (``state.token_cubes[seat][res]``): it is spent
first by whatever takes that resource from the screen (``spend``), it cannot be given or
offered to another player, and what is left of it when the action or the player's part in the
crisis ends goes back to the bank (``expire``)."""

from __future__ import annotations

from collections.abc import Sequence

from settlers.core import Action
from settlers.games.archipelago.actions import ExchangeToken
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import ArchState

CRISIS_STEPS = ("domestic", "export")
# steps after which a bound cube is no longer part of an action under way
IDLE_STEPS = ("round", "round_over", "")
# actions that neither use nor end the action under way
NEUTRAL = ("exchange_token", "propose", "gift", "add_give", "add_want", "send_offer",
           "cancel_offer", "answer")
_NEUTRAL = frozenset(NEUTRAL)


_EXCHANGE = tuple(ExchangeToken(name) for name in RESOURCES)   # one instance per value


def options(state: ArchState, seat: int, resources: list[int] | None = None
            ) -> Sequence[Action]:
    """Exchanges open to ``seat`` now, for ``resources`` (all six by default); the six as one
    shared tuple while the bank holds a cube of each."""
    if state.tokens[seat] <= 0:
        return ()
    bank = state.bank_cubes
    if resources is None:
        if 0 not in bank:   # (a cube of each: the bank never holds fewer than none)
            return _EXCHANGE
        resources = _EVERY_RESOURCE
    return [_EXCHANGE[r] for r in resources if bank[r] > 0]


_EVERY_RESOURCE = list(range(len(RESOURCES)))


def exchange(state: ArchState, seat: int, res: int) -> None:
    """L431: the token leaves the game; a cube of ``res`` from the bank, bound to the action."""
    state.tokens[seat] -= 1
    state.tokens_used += 1
    state.bank_cubes[res] -= 1
    state.cubes[seat][res] += 1
    state.token_cubes[seat][res] += 1
    if state.record_events:
        state.emit("archipelago.event.exchange_token", seat=seat,
                   res=f"archipelago.res.{RESOURCES[res]}")


def spend(state: ArchState, seat: int, res: int, n: int = 1) -> None:
    """``n`` cubes of ``res`` leave the screen of ``seat``: bound cubes go first."""
    bound = state.token_cubes[seat]
    bound[res] = max(0, bound[res] - n)


def free_cubes(state: ArchState, seat: int, res: int) -> int:
    """Cubes the seat may give or offer to another player (bound ones may not, L433)."""
    return state.cubes[seat][res] - state.token_cubes[seat][res]


def bound(state: ArchState, seat: int) -> bool:
    return any(state.token_cubes[seat])


#: seats -> ``token_cubes`` with no cube bound: nothing for ``expire`` to do (``_unbound``)
UNBOUND: dict[int, list[list[int]]] = {}


def _unbound(seats: int) -> list[list[int]]:
    """``token_cubes`` with no cube bound (compared, never changed)."""
    got = UNBOUND.get(seats)
    if got is None:
        got = UNBOUND[seats] = [[0] * len(RESOURCES) for _ in range(seats)]
    return got


def expire(state: ArchState, kind: str) -> None:
    """After an action: a bound cube whose action or crisis turn is over returns to the bank."""
    if kind in _NEUTRAL:
        return
    token_cubes = state.token_cubes
    unbound = UNBOUND.get(len(token_cubes)) or _unbound(len(token_cubes))
    if token_cubes == unbound:   # no cube bound anywhere (the usual case)
        return
    for s in range(state.players):
        if not any(token_cubes[s]):   # bound(state, s)
            continue
        if state.step in CRISIS_STEPS:
            keep = state.actor == s
        else:
            keep = state.phase == "actions" and state.step not in IDLE_STEPS
        if keep:
            continue
        cubes, bank = state.cubes[s], state.bank_cubes
        for r, n in enumerate(token_cubes[s]):
            if n:
                cubes[r] -= n
                bank[r] += n
        token_cubes[s] = [0] * len(RESOURCES)
