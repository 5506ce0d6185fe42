"""«ФАЗА ДЕЙСТВИЙ» and «ДЕЙСТВИЯ ИГРОКОВ»: the choices of a player whose turn it is.

«Начиная с первого игрока и по часовой стрелке, каждый игрок выполняет 1 действие» — build,
deal, raze, activate a location, exchange workers — «либо спасовать». Defence tokens, samurai
and the Japanese Gate and Shrine are placed «в любой момент своего хода» and do not use up the
turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.core import Action
from settlers.games.imperial.actions import (
    EndTurn,
    Exchange,
    Pass,
    PlaceDefence,
    PutOnShrine,
    PutUnderGate,
)
from settlers.games.imperial.activation import do_activate
from settlers.games.imperial.building import do_build
from settlers.games.imperial.content import (
    CAPTOR,
    DEF,
    DEFENCE,
    GOOD_INDEX,
    KEPT,
    SAMURAI,
    USED,
    WK,
)
from settlers.games.imperial.deals import DEAL_COST, do_deal
from settlers.games.imperial.decks import card_key, distinct_hand, leave_hand_face_down
from settlers.games.imperial.exchange import do_exchange
from settlers.games.imperial.operations import has_op_target
from settlers.games.imperial.razing import (
    RAZE_LOCATION_COST,
    SEATS,
    do_raze_card,
    do_raze_location,
)
from settlers.games.imperial.samurai import do_place_samurai
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import deal_count, holds_captures
from settlers.games.imperial.tables import FREE, pays_action

SHRINE_GOODS = ("W", "S", "F")
_DEAL_FOOD = DEAL_COST["F"]   # a deal's food (gold stands in for it)
# Actions are immutable values: the legal-action lists reuse one instance of each.
PASS, EXCHANGE, END_TURN = Pass(), Exchange(), EndTurn()
# (a location's activations and razes: one instance each in the card tables, CardTables.
# activate_of, activate_twice_of, raze_location_of)

# the two-argument free actions of the lists, one instance per arguments (card indices and
# goods are few: the caches stay small)
_UNDER_GATE: dict[tuple[int, int], PutUnderGate] = {}
_ON_SHRINE: dict[tuple[int, str], PutOnShrine] = {}


def _under_gate(gate: int, card: int) -> PutUnderGate:
    action = _UNDER_GATE.get((gate, card))
    if action is None:
        action = _UNDER_GATE[(gate, card)] = PutUnderGate(gate, card)
    return action


def _on_shrine(shrine: int, good: str) -> PutOnShrine:
    action = _ON_SHRINE.get((shrine, good))
    if action is None:
        action = _ON_SHRINE[(shrine, good)] = PutOnShrine(shrine, good)
    return action


def turn_actions(st: ImperialState, seat: int) -> list[Action]:
    # no comprehension in here: one over the locations would make ``seat`` and ``info`` cells
    # (made and freed at every call, read by LOAD_DEREF through every loop of the listing)
    if st.acted:   # the main action is done: free actions, or end the turn
        free = free_actions(st, seat)
        free.append(END_TURN)
        return free
    t = st.tables
    supply = st.goods[seat]
    info = st.info
    # the whole supply in one unpacking (W, S, F, G, WK, RAZE, DEF: its seven goods)
    wood, stone, food, gold, workers, razes_left, defence = supply
    out: list[Action] = [PASS]
    locs = st.locs[seat]
    captures = sum(st.captures) < st.ra_start   # any_capture, inlined
    if captures:   # the seat's own locations not captured (supply.controlled, in part)
        mine = []   # (a loop, not a comprehension: see above)
        for cid in locs:
            if info[cid][CAPTOR] < 0:
                mine.append(cid)
    else:
        mine = locs
    # a location (not captured) or a foundation to discard for an empire card:
    has_foundation = True if st.fnd[seat] or mine else False  # noqa: SIM210 (no bool() call)
    hand = st.hand[seat]
    if hand:
        # building.can_build, per card, for this supply and foundation
        buildable = (t.buildable_rows.get((wood, stone, food, gold, has_foundation))
                     or t.buildable(wood, stone, food, gold, has_foundation))
        twin_of = t.twin_of
        build_of = t.build_of
        can_deal = food >= _DEAL_FOOD or gold >= _DEAL_FOOD   # gold stands in for food
        seen: dict[int, None] = {}   # the twins offered (a dict: no method call to add)
        # builds, then deals, then razes, each in hand order; one loop per (can deal, can
        # raze), so that no card tests what this turn cannot offer
        if razes_left >= 1:
            raze_of = t.raze_of
            razes: list[Action] = []
            if can_deal:
                deal_of = t.deal_of
                deals: list[Action] = []
                for cid in hand:
                    twin = twin_of[cid]
                    if twin is not None:   # the card has identical copies
                        if twin in seen:   # one already offered
                            continue
                        seen[twin] = None
                    if buildable[cid]:
                        out.append(build_of[cid])
                    deal = deal_of[cid]
                    if deal is not None:
                        deals.append(deal)
                    raze = raze_of[cid]
                    if raze is not None:
                        razes.append(raze)
                out += deals
            else:
                for cid in hand:
                    twin = twin_of[cid]
                    if twin is not None:
                        if twin in seen:
                            continue
                        seen[twin] = None
                    if buildable[cid]:
                        out.append(build_of[cid])
                    raze = raze_of[cid]
                    if raze is not None:
                        razes.append(raze)
            out += razes
        elif can_deal:
            deal_of = t.deal_of
            deals = []
            for cid in hand:
                twin = twin_of[cid]
                if twin is not None:
                    if twin in seen:
                        continue
                    seen[twin] = None
                if buildable[cid]:
                    out.append(build_of[cid])
                deal = deal_of[cid]
                if deal is not None:
                    deals.append(deal)
            out += deals
        else:
            for cid in hand:
                twin = twin_of[cid]
                if twin is not None:
                    if twin in seen:
                        continue
                    seen[twin] = None
                if buildable[cid]:
                    out.append(build_of[cid])
    if not st.peaceful and razes_left >= RAZE_LOCATION_COST:   # the cheapest raze costs 2
        loc_razeable = t.loc_razeable
        raze_location_of = t.raze_location_of
        common = t.common
        passed = st.passed
        # raze_cost: 2, a defence token and a samurai 1 each, and 1 on a common location where
        # the owner has «extra_defence»; the tokens beyond the 2 are what the rest may cost
        spare = razes_left - RAZE_LOCATION_COST
        for target in SEATS[st.players]:   # razing.opponent_locations, raze_cost
            if target == seat or passed[target]:   # razing.targetable
                continue
            for cid in st.locs[target]:
                if loc_razeable[cid]:
                    i = info[cid]
                    extra = i[DEFENCE] + i[SAMURAI]
                    # the guard's 1 decides only where the rest takes every spare token
                    if extra < spare or (extra == spare and not (
                            common[cid] and "extra_defence" in st.marks[target])):  # has_passive
                        out.append(raze_location_of[cid][target + 1])  # type: ignore[index]
        if st.solo:
            for cid in st.virtual:
                if loc_razeable[cid] and razes_left >= RAZE_LOCATION_COST:
                    out.append(raze_location_of[cid][0])  # type: ignore[index]
    # supply.controlled: with the locations the seat captured (mine is a new list then)
    if captures and holds_captures(st, seat):
        for other, theirs in enumerate(st.locs):
            if other != seat:
                for cid in theirs:
                    if info[cid][CAPTOR] == seat:
                        mine.append(cid)
    if mine:
        # operations.can_activate(st, seat, cid, times), the deals the action asks for aside
        # until the supply pays the rest (few locations have an action: each is checked
        # directly, cheaper than a row of every card kept per supply, which rarely recurs).
        # tables.pays_action inlined on the card's rows (CardTables.act_row, then action_row
        # where the action costs more than workers, wood, stone and food or has an op): once,
        # and twice (pays_action itself for the wood, stone and food of those others)
        hand_size = len(hand)
        act_row = t.act_row
        for cid in mine:
            row = act_row[cid]
            if row is None:    # no action
                continue
            limit, wk, wsf, full, once, twice = row   # twice: None where the limit is 1
            used = info[cid][USED]
            if used >= limit or wk > workers:
                continue
            if full is None:   # workers, wood, stone and food only, no op (CardTables.act_row)
                if wsf is None:
                    out.append(once)
                    if twice is not None and used + 2 <= limit and 2 * wk <= workers:
                        out.append(twice)
                    continue
                w, s, f = wsf   # gold stands in for the wood, stone and food lacking
                if w <= wood and s <= stone and f <= food:   # nothing lacking (most often)
                    out.append(once)
                elif (w - wood if w > wood else 0) + (s - stone if s > stone else 0) \
                        + (f - food if f > food else 0) > gold:
                    continue
                else:
                    out.append(once)
                if twice is not None and used + 2 <= limit and 2 * wk <= workers:
                    w, s, f = 2 * w, 2 * s, 2 * f
                    if (w - wood if w > wood else 0) + (s - stone if s > stone else 0) \
                            + (f - food if f > food else 0) <= gold:
                        out.append(twice)
                continue
            _, w, s, f, g, _, rz, cd, deals_asked, op, cost = full
            if rz > razes_left or cd > hand_size or g > gold:
                continue
            if wsf is not None:   # gold stands in for the wood, stone and food lacking
                short = (w - wood if w > wood else 0) + (s - stone if s > stone else 0) \
                    + (f - food if f > food else 0)
                if short > gold - g:
                    continue
            if deals_asked and deals_asked > deal_count(st, seat):
                continue
            if op is None or has_op_target(st, seat, cid, op):
                out.append(once)
                # twice: the targets do not depend on the times (checked above)
                if (used + 2 <= limit and 2 * wk <= workers and 2 * rz <= razes_left
                        and 2 * cd <= hand_size and 2 * g <= gold
                        and (wsf is None or pays_action(
                            cost, 2, wood, stone, food, gold, workers, razes_left, hand_size))
                        and (not deals_asked
                             or 2 * deals_asked <= deal_count(st, seat))):
                    out.append(twice)  # type: ignore[arg-type]
    if workers >= 2:
        out.append(EXCHANGE)
    # free_actions, called only where it may offer something: it offers nothing without
    # defence tokens, samurai to place and a «Врата» or «Часовня» (its first test, inlined)
    if locs and (defence or (workers and st.emp[seat] == "japanese")
                 or FREE in st.marks[seat]):
        out += free_actions(st, seat)
    return out


def free_actions(st: ImperialState, seat: int, first: bool = False) -> list[Action]:
    """The free actions of ``seat`` now; with ``first``, only the first one found
    (``has_free_action``)."""
    # asked once or twice for every action of a turn: only what each path needs is looked up
    out: list[Action] = []
    t = st.tables
    supply = st.goods[seat]
    locs = st.locs[seat]
    samurai = st.emp[seat] == "japanese" and supply[WK]
    if not samurai and FREE not in st.marks[seat]:
        # no «Врата» or «Часовня» and no samurai to place: defence tokens only
        if supply[DEF]:
            common = t.common
            infos = st.info
            place_defence = t.place_defence
            for cid in locs:
                if common[cid] and not infos[cid][DEFENCE]:
                    out.append(place_defence[cid])
                    if first:
                        return out
        return out
    defence = supply[DEF]
    common = t.common
    infos = st.info
    japanese = t.japanese
    if FREE not in st.marks[seat]:
        # samurai to place (a Japanese seat with workers), no «Врата» or «Часовня»: the loop
        # below without its features' test
        place_samurai = t.place_samurai
        for cid in locs:
            if defence and common[cid] and not infos[cid][DEFENCE]:
                out.append(t.place_defence[cid])
                if first:
                    return out
            if japanese[cid] and not infos[cid][SAMURAI]:
                out.append(place_samurai[cid])
                if first:
                    return out
        return out
    free = t.free
    for cid in locs:
        if defence and common[cid] and not infos[cid][DEFENCE]:
            out.append(t.place_defence[cid])
            if first:
                return out
        if samurai and japanese[cid] and not infos[cid][SAMURAI]:
            out.append(t.place_samurai[cid])
            if first:
                return out
        features = free[cid]
        if features:
            for kind, most in features:
                if kind == "gate":
                    if len(st.gate.get(cid, ())) < most:
                        for h in distinct_hand(st, seat):
                            out.append(_UNDER_GATE.get((cid, h)) or _under_gate(cid, h))
                else:   # «Часовня»
                    for g in SHRINE_GOODS:
                        if supply[GOOD_INDEX[g]]:
                            out.append(_ON_SHRINE.get((cid, g)) or _on_shrine(cid, g))
            if first and out:
                return out
    return out


def has_free_action(st: ImperialState, seat: int) -> bool:
    """Whether ``free_actions`` would offer anything (stops at the first one)."""
    supply = st.goods[seat]
    if not supply[DEF] and not (st.emp[seat] == "japanese" and supply[WK]) \
            and FREE not in st.marks[seat]:
        return False   # free_actions' first test: nothing to offer
    return bool(free_actions(st, seat, first=True))


def take_turn_action(st: ImperialState, seat: int, action: Action) -> None:
    DO[action.kind](st, seat, action)


def do_pass(st: ImperialState, seat: int, action: Pass) -> None:
    st.passed[seat] = True
    st.turn_done = True
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.pass", seat=seat)


def do_end_turn(st: ImperialState, seat: int, action: EndTurn) -> None:
    st.turn_done = True
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.end_turn", seat=seat)


def do_place_defence(st: ImperialState, seat: int, action: PlaceDefence) -> None:
    """«игрок может поместить этот жетон на любую общую локацию своей империи»."""
    st.goods[seat][DEF] -= 1
    st.info[action.card][DEFENCE] = 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.defence", seat=seat, card=card_key(st, action.card))


def do_put_under_gate(st: ImperialState, seat: int, action: PutUnderGate) -> None:
    """«Врата»: cards put under it stay to the end and score (reconstructed: 1 VP each)."""
    leave_hand_face_down(st, seat, action.card)
    st.gate.setdefault(action.gate, []).append(action.card)
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.gate", seat=seat)


def do_put_on_shrine(st: ImperialState, seat: int, action: PutOnShrine) -> None:
    """«Часовня»: resources on it stay to the end (reconstructed: 1 VP per 2)."""
    st.goods[seat][GOOD_INDEX[action.good]] -= 1
    st.info[action.shrine][KEPT] += 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.shrine", seat=seat, good=f"imperial.good.{action.good}")


# What each main or free action does, by the action's kind.
DO: dict[str, Callable[[ImperialState, int, Any], None]] = {
    "pass": do_pass, "end_turn": do_end_turn, "build": do_build, "deal": do_deal, "raze_card": do_raze_card,
    "raze_location": do_raze_location, "activate": do_activate, "exchange": do_exchange,
    "place_defence": do_place_defence, "place_samurai": do_place_samurai,
    "put_under_gate": do_put_under_gate, "put_on_shrine": do_put_on_shrine,
}
