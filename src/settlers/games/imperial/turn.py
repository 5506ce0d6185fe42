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
    Activate,
    Build,
    EndTurn,
    Exchange,
    MakeDeal,
    Pass,
    PlaceDefence,
    PlaceSamurai,
    PutOnShrine,
    PutUnderGate,
    RazeCard,
    RazeLocation,
)
from settlers.games.imperial.activation import do_activate
from settlers.games.imperial.building import can_build, do_build
from settlers.games.imperial.content import DEF, DEFENCE, GOOD_INDEX, KEPT, RAZE, SAMURAI, WK
from settlers.games.imperial.deals import DEAL_COST, do_deal
from settlers.games.imperial.decks import card_key, distinct_hand, leave_hand
from settlers.games.imperial.exchange import do_exchange
from settlers.games.imperial.operations import can_activate
from settlers.games.imperial.razing import (
    do_raze_card,
    do_raze_location,
    location_razeable,
    opponent_locations,
    raze_cost,
    razeable_from_hand,
)
from settlers.games.imperial.samurai import do_place_samurai
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import can_afford, controlled

SHRINE_GOODS = ("W", "S", "F")


def turn_actions(st: ImperialState, seat: int) -> list[Action]:
    if st.acted:   # the main action is done: free actions, or end the turn
        return [*free_actions(st, seat), EndTurn()]
    cards = st.cards
    supply = st.goods[seat]
    out: list[Action] = [Pass()]
    builds: list[Action] = []
    deals: list[Action] = []
    razes: list[Action] = []
    twins = st.twins
    seen: set[int] = set()
    for cid in st.hand[seat]:
        if twins[cid] in seen:   # an identical copy already offered
            continue
        seen.add(twins[cid])
        card = cards[cid]
        if can_build(st, seat, cid, no_foundation=False):
            builds.append(Build(cid))
        if card.deal is not None and not card.common and can_afford(st, seat, DEAL_COST):
            deals.append(MakeDeal(cid))
        if supply[RAZE] >= 1 and razeable_from_hand(st, cid):
            razes.append(RazeCard(cid))
    out += builds + deals + razes
    if not st.peaceful:
        for target, cid in opponent_locations(st, seat):
            if location_razeable(st, cid) and \
                    supply[RAZE] >= raze_cost(st, target, cid):
                out.append(RazeLocation(target, cid))
    for cid in controlled(st, seat):
        action = cards[cid].action
        if action is None:
            continue
        for times in (1, 2):
            if can_activate(st, seat, cid, times):
                out.append(Activate(cid, times))
    if supply[WK] >= 2:
        out.append(Exchange())
    out.extend(free_actions(st, seat))
    return out


def free_actions(st: ImperialState, seat: int) -> list[Action]:
    out: list[Action] = []
    cards = st.cards
    supply = st.goods[seat]
    japanese = st.emp[seat] == "japanese"
    for cid in st.locs[seat]:
        card = cards[cid]
        info = st.info[cid]
        if supply[DEF] and card.common and not info[DEFENCE]:
            out.append(PlaceDefence(cid))
        if japanese and supply[WK] and card.deck == "japanese" and not info[SAMURAI]:
            out.append(PlaceSamurai(cid))
        for feat in card.features:
            kind = feat.get("passive")
            if kind == "gate" and len(st.gate.get(cid, ())) < feat["max"]:
                out.extend(PutUnderGate(cid, h) for h in distinct_hand(st, seat))
            elif kind == "chapel":
                for g in SHRINE_GOODS:
                    if supply[GOOD_INDEX[g]]:
                        out.append(PutOnShrine(cid, g))
    return out


def take_turn_action(st: ImperialState, seat: int, action: Action) -> None:
    DO[action.kind](st, seat, action)


def do_pass(st: ImperialState, seat: int, action: Pass) -> None:
    st.passed[seat] = True
    st.turn_done = True
    st.emit("imperial.event.pass", seat=seat)


def do_end_turn(st: ImperialState, seat: int, action: EndTurn) -> None:
    st.turn_done = True
    st.emit("imperial.event.end_turn", seat=seat)


def do_place_defence(st: ImperialState, seat: int, action: PlaceDefence) -> None:
    """«игрок может поместить этот жетон на любую общую локацию своей империи»."""
    st.goods[seat][DEF] -= 1
    st.info[action.card][DEFENCE] = 1
    st.emit("imperial.event.defence", seat=seat, card=card_key(st, action.card))


def do_put_under_gate(st: ImperialState, seat: int, action: PutUnderGate) -> None:
    """«Врата»: cards put under it stay to the end and score (reconstructed: 1 VP each)."""
    leave_hand(st, seat, action.card)
    st.gate.setdefault(action.gate, []).append(action.card)
    st.emit("imperial.event.gate", seat=seat)


def do_put_on_shrine(st: ImperialState, seat: int, action: PutOnShrine) -> None:
    """«Часовня»: resources on it stay to the end (reconstructed: 1 VP per 2)."""
    st.goods[seat][GOOD_INDEX[action.good]] -= 1
    st.info[action.shrine][KEPT] += 1
    st.emit("imperial.event.shrine", seat=seat, good=f"imperial.good.{action.good}")


# What each main or free action does, by the action's kind.
DO: dict[str, Callable[[ImperialState, int, Any], None]] = {
    "pass": do_pass, "end_turn": do_end_turn, "build": do_build, "deal": do_deal, "raze_card": do_raze_card,
    "raze_location": do_raze_location, "activate": do_activate, "exchange": do_exchange,
    "place_defence": do_place_defence, "place_samurai": do_place_samurai,
    "put_under_gate": do_put_under_gate, "put_on_shrine": do_put_on_shrine,
}
