"""Phase 4, «Баланс архипелага» (archipelago.ru.txt L336-420) and the immediate crises of
phase 6 (L776-794): domestic demand lays the inhabitants down and contributions raise them;
export demand is shipped from board II or the screens; events move the rebellion marker."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import economy, explorer_tokens, negotiation, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import (
    Done,
    PassCrisis,
    Raise,
    Supply,
    UseChurch,
)
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.markers import move_rebellion
from settlers.games.archipelago.memo import KEY as PIECES
from settlers.games.archipelago.memo import of_pieces
from settlers.games.archipelago.state import ArchState

# one instance per action value (issue 19)
_RAISE: Pool[Raise] = Pool(Raise)
_CHURCH: Pool[UseChurch] = Pool(UseChurch)
_PASS, _DONE = PassCrisis(), Done()
_SUPPLY = (Supply(False), Supply(True))


def crisis_parts(back: dict[str, Any]) -> list[dict[str, Any]]:
    """The crises of one side of a card back, in the order the rulebook resolves them."""
    out: list[dict[str, Any]] = []
    if "domestic" in back:
        out.append({"kind": "domestic", "res": RESOURCES.index(back["domestic"][0]),
                    "ratio": back["domestic"][1]})
    if "export" in back:
        out.append({"kind": "export", "res": RESOURCES.index(back["export"][0]),
                    "n": back["export"][1]})
    if "event" in back:
        out.append({"kind": "event", "event": back["event"]})
    return out


def lying(state: ArchState) -> list[int]:
    """The inhabitants lying down on the archipelago; kept while no piece moves (memo.py)."""
    known: dict[Any, Any] | None = state._cache.get(PIECES)   # (of_pieces, without a call)
    if known is None:
        known = of_pieces(state)
    got: list[int] | None = known.get("lying")
    if got is None:
        got = known["lying"] = []
        standing, region, ship = U.STANDING, U.REGION, U.SHIP
        for i, u in enumerate(state.units):   # (a loop: a comprehension reads these from cells)
            if not u[standing] and u[region] >= 0 and not u[ship]:
                got.append(i)
    return list(got)


def any_lying(state: ArchState) -> bool:
    """``bool(lying(state))``, stopping at the first one."""
    standing, region, ship = U.STANDING, U.REGION, U.SHIP
    for u in state.units:  # noqa: SIM110 (a loop: a generator costs more than the test)
        if not u[standing] and u[region] >= 0 and not u[ship]:
            return True
    return False


def start_part(state: ArchState, part: dict[str, Any]) -> bool:
    """Begin one crisis; False if it resolved at once (events)."""
    kind = part["kind"]
    if kind == "event":
        event = part["event"]
        churches = pieces.count_built(state, "church")
        towns = pieces.count_built(state, "town")
        delta = {"churches_down_2": -2 * churches, "churches_down_1": -churches,
                 "towns_up_1": towns}[event]
        move_rebellion(state, delta)
        if state.record_events:
            state.emit("archipelago.event.crisis_event", event=f"archipelago.crisis.{event}",
                       delta=delta)
        return False
    state.step = kind
    state.ctx = {**part, "idx": 0, "raise_left": 0, "churches": []}
    state.actor = state.order[0]
    if kind == "domestic":
        # L354: every inhabitant lies down; one in a church never does (L693) — and whether
        # one lies down now (``lying``, read in the same pass: no second scan, no list)
        down = False
        region, ship, building, standing = U.REGION, U.SHIP, U.BUILDING, U.STANDING
        for u in state.units:
            if u[region] >= 0 and not u[ship]:
                if u[building] != "church":
                    u[standing] = False
                    down = True
                elif not u[standing]:
                    down = True
        if state.record_events:
            state.emit("archipelago.event.domestic_crisis", res=f"archipelago.res.{RESOURCES[part['res']]}",
                       ratio=part["ratio"])
        if not down:
            finish(state)
            return False
    else:
        state.ctx["left"] = part["n"]
        if state.record_events:
            state.emit("archipelago.event.export_crisis", res=f"archipelago.res.{RESOURCES[part['res']]}",
                       n=part["n"])
    return True


def legal(state: ArchState, seat: int) -> list[Action]:
    """The contributor's crisis actions, then its negotiation openings unless a church's
    controller raises for free (``flow._crisis_legal``: this function, the openings included
    without a call between)."""
    ctx = state.ctx
    res = ctx["res"]
    out: list[Action] = []
    down: list[int] = []
    if state.step == "domestic":
        known = state._cache.get(PIECES)   # (lying, without a call nor a copy when it is kept:
        kept = None if known is None else known.get("lying")   # read here, not changed)
        down = lying(state) if kept is None else kept
        if ctx.get("church", -1) >= 0:
            # L687: «может бесплатно поднять любое число жителей» of the church's region
            return [*(_RAISE[(u,)] for u in down if state.units[u][U.REGION] == ctx["church"]),
                    _DONE]
        if ctx["raise_left"] > 0 and down:
            out = [_RAISE[(u,)] for u in down]
            out += negotiation.openings(state, seat)   # (flow._crisis_legal's part)
            return out
        if down:
            if state.market[0][res] > 0:
                out.append(_SUPPLY[0])
            if state.cubes[seat][res] > 0:
                out.append(_SUPPLY[1])
            for k in pieces.controlled(state, seat, "church"):
                if k not in ctx["churches"] and any(state.units[u][U.REGION] == k for u in down):
                    out.append(_CHURCH[(k,)])
    else:
        if state.market[1][res] > 0:
            out.append(_SUPPLY[0])
        if state.cubes[seat][res] > 0:
            out.append(_SUPPLY[1])
    # L431-433: the token exchanges for this crisis (step is "domestic" otherwise: down was
    # computed; explorer_tokens.options lists none without a token)
    if (state.step == "export" or down) and state.tokens[seat] > 0:
        out += explorer_tokens.options(state, seat, [res])
    out.append(_PASS)
    out += negotiation.openings(state, seat)   # (flow._crisis_legal's part, without its call)
    return out


def supply(state: ArchState, seat: int, own: bool) -> None:
    ctx = state.ctx
    res = ctx["res"]
    if own:
        state.cubes[seat][res] -= 1
        explorer_tokens.spend(state, seat, res)
        state.bank_cubes[res] += 1
        economy.philanthropy(state, seat)
    else:
        economy.market_to_bank(state, 0 if state.step == "domestic" else 1, res)
    if state.record_events:
        state.emit("archipelago.event.supply", seat=seat, res=f"archipelago.res.{RESOURCES[res]}",
                   source="archipelago.word.own" if own else "archipelago.word.board")
    if state.step == "domestic":
        ctx["raise_left"] = ctx["ratio"]
    else:
        ctx["left"] -= 1
        if ctx["left"] <= 0:
            finish(state)


def raise_unit(state: ArchState, unit: int) -> None:
    """L368: the contributor must raise the inhabitants one cube pays for, anyone's; in a
    church's region its controller raises whom they choose for free (L687)."""
    state.units[unit][U.STANDING] = True
    if state.ctx.get("church", -1) < 0:
        state.ctx["raise_left"] -= 1
    if not any_lying(state):
        finish(state)
    elif state.ctx["raise_left"] <= 0:
        state.ctx["raise_left"] = 0


def use_church(state: ArchState, seat: int, region: int) -> None:
    """L687: «этот игрок может бесплатно поднять любое число жителей, находящихся в том же
    регионе, что и церковь – своего цвета и/или принадлежащих другим игрокам»: the
    controller then raises, one by one, whom they choose there and says ``done``."""
    state.ctx["churches"].append(region)
    state.ctx["church"] = region
    if state.record_events:
        state.emit("archipelago.event.church", seat=seat, region=region)


def end_church(state: ArchState) -> None:
    state.ctx["church"] = -1


def pass_turn(state: ArchState) -> None:
    """The contributor is done; a player who passed cannot come back (L362)."""
    ctx = state.ctx
    ctx["idx"] += 1
    ctx["raise_left"] = 0
    if ctx["idx"] >= len(state.order):
        finish(state)
    else:
        state.actor = state.order[ctx["idx"]]


def finish(state: ArchState) -> None:
    ctx = state.ctx
    if state.step == "domestic":
        # L372: whoever still lies becomes a striker; rebellion +1 per striker (``lying``
        # counted, without its list and copy: the crisis ends here, nothing keeps it)
        strikers = 0
        standing, region, ship = U.STANDING, U.REGION, U.SHIP
        for u in state.units:
            if not u[standing] and u[region] >= 0 and not u[ship]:
                strikers += 1
        move_rebellion(state, strikers)
        if state.record_events:
            state.emit("archipelago.event.strikers", n=strikers)
    else:
        left = ctx.get("left", 0)
        move_rebellion(state, left)
        if state.record_events:
            state.emit("archipelago.event.export_missing", n=left)
    state.step = ""
    state.ctx = {}
