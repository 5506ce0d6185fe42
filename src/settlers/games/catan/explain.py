"""Why an action is illegal now: a specific catalog key for people (the rules say no; this
module only names the reason)."""

from __future__ import annotations

from settlers.core import Action, IllegalAction

from . import actions as A
from .building import can_afford, road_allowed
from .content import (
    COST_CITY,
    COST_DEVELOPMENT,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_KINDS,
    RESOURCE_INDEX,
)
from .phases import (
    BUILD,
    CARD_PHASES,
    DISCARD,
    FOUND_ROAD,
    FOUND_SETTLEMENT,
    MAIN,
    NAMES,
    ROAD_BUILDING,
    ROBBER,
    ROLL,
    TRADE,
    TRADE_ANSWERS,
    TRADE_CHOOSE,
)
from .state import CatanState
from .topology import CORNER_EDGES, CORNERS, EDGES, HEXES
from .trade import offer_refusal, rate

_CARD_OF = {A.PlayKnight: 0, A.PlayRoadBuilding: 2, A.PlayYearOfPlenty: 3, A.PlayMonopoly: 4}
_TURN = frozenset((TRADE, BUILD, MAIN))
_TRADING = frozenset((TRADE, MAIN))
_BUILDING = frozenset((BUILD, MAIN))
#: the phases in which each kind of action can be legal at all
PHASES_OF: dict[type, frozenset[int]] = {
    A.PlaceSettlement: frozenset((FOUND_SETTLEMENT,)), A.PlaceRoad: frozenset((FOUND_ROAD,)),
    A.RollDice: frozenset((ROLL,)), A.StartBuilding: frozenset((TRADE,)), A.EndTurn: _TURN,
    A.Discard: frozenset((DISCARD,)), A.MoveRobber: frozenset((ROBBER,)),
    A.OfferTrade: _TRADING, A.MaritimeTrade: _TRADING,
    A.AnswerTrade: frozenset((TRADE_ANSWERS,)), A.CounterOffer: frozenset((TRADE_ANSWERS,)),
    A.AcceptTrade: frozenset((TRADE_CHOOSE,)), A.WithdrawTrade: frozenset((TRADE_CHOOSE,)),
    A.BuildRoad: frozenset((BUILD, MAIN, ROAD_BUILDING)), A.BuildSettlement: _BUILDING,
    A.BuildCity: _BUILDING, A.BuyDevelopmentCard: _BUILDING,
    **{k: CARD_PHASES for k in _CARD_OF},
}


def why_illegal(st: CatanState, seat: int, action: Action) -> IllegalAction:
    phase = st.phase
    kind = type(action)
    wrong_phase = IllegalAction("catan.err.wrong_phase", action=f"catan.kind.{action.kind}",
                                phase=f"catan.phase.{NAMES[phase]}")
    corner = getattr(action, "intersection", None)
    if corner is not None and not 0 <= corner < CORNERS:
        return IllegalAction("catan.err.no_intersection", intersection=corner, last=CORNERS - 1)
    path = getattr(action, "path", None)
    if path is not None and not 0 <= path < EDGES:
        return IllegalAction("catan.err.no_path", path=path, last=EDGES - 1)
    for name in ("resource", "give", "get"):
        value = getattr(action, name, None)
        if isinstance(value, str) and value not in RESOURCE_INDEX:
            return IllegalAction("catan.err.no_resource", resource=value)
    hand = st.hands[seat]
    if kind is A.PlaceSettlement:
        if phase != FOUND_SETTLEMENT:
            return wrong_phase
        return _settlement_spot(st, corner)
    if kind is A.PlaceRoad:
        if phase != FOUND_ROAD:
            return wrong_phase
        if st.edge_owner[path] >= 0:
            return IllegalAction("catan.err.path_taken")
        return IllegalAction("catan.err.road_from_new_settlement")
    if kind is A.BuildRoad:
        if phase not in (BUILD, MAIN, ROAD_BUILDING):
            return wrong_phase
        if st.edge_owner[path] >= 0:
            return IllegalAction("catan.err.path_taken")
        if not st.roads_left[seat]:
            return IllegalAction("catan.err.no_pieces", piece="catan.piece.road")
        if phase != ROAD_BUILDING and not can_afford(hand, COST_ROAD):
            return IllegalAction("catan.err.cannot_afford", item="catan.piece.road")
        if not road_allowed(st, seat, path):
            return IllegalAction("catan.err.road_not_connected")
    if kind is A.BuildSettlement:
        if phase not in (BUILD, MAIN):
            return wrong_phase
        if not st.settlements_left[seat]:
            return IllegalAction("catan.err.no_pieces", piece="catan.piece.settlement")
        if not can_afford(hand, COST_SETTLEMENT):
            return IllegalAction("catan.err.cannot_afford", item="catan.piece.settlement")
        spot = _settlement_spot(st, corner)
        if spot.key != "catan.err.unknown":
            return spot
        if not any(st.edge_owner[e] == seat for e in CORNER_EDGES[corner]):
            return IllegalAction("catan.err.settlement_needs_road")
    if kind is A.BuildCity:
        if phase not in (BUILD, MAIN):
            return wrong_phase
        if st.corner_owner[corner] != seat or st.corner_level[corner] != 1:
            return IllegalAction("catan.err.city_needs_settlement")
        if not st.cities_left[seat]:
            return IllegalAction("catan.err.no_pieces", piece="catan.piece.city")
        if not can_afford(hand, COST_CITY):
            return IllegalAction("catan.err.cannot_afford", item="catan.piece.city")
    if kind is A.BuyDevelopmentCard:
        if phase not in (BUILD, MAIN):
            return wrong_phase
        if not st.deck:
            return IllegalAction("catan.err.deck_empty")
        if not can_afford(hand, COST_DEVELOPMENT):
            return IllegalAction("catan.err.cannot_afford", item="catan.piece.development")
    if kind in _CARD_OF:
        card = _CARD_OF[kind]
        if phase not in CARD_PHASES:
            return wrong_phase
        if st.dev_played:
            return IllegalAction("catan.err.one_card_per_turn")
        if not st.dev[seat][card]:
            return IllegalAction("catan.err.no_such_card", card=f"catan.dev.{DEV_KINDS[card]}")
        if st.dev[seat][card] <= st.dev_new[seat][card]:
            return IllegalAction("catan.err.card_bought_this_turn",
                                 card=f"catan.dev.{DEV_KINDS[card]}")
        if kind is A.PlayYearOfPlenty:
            return IllegalAction("catan.err.year_of_plenty_choice")
    if kind is A.MaritimeTrade:
        if phase not in (TRADE, MAIN):
            return wrong_phase
        if action.give == action.get:
            return IllegalAction("catan.err.same_resource_both_sides")
        g = RESOURCE_INDEX[action.give]
        if hand[g] < rate(st, seat, g):
            return IllegalAction("catan.err.maritime_rate", rate=rate(st, seat, g),
                                 resource=f"catan.res.{action.give}")
        if not st.bank[RESOURCE_INDEX[action.get]]:
            return IllegalAction("catan.err.bank_empty", resource=f"catan.res.{action.get}")
    if kind is A.MoveRobber:
        if phase != ROBBER:
            return wrong_phase
        if not 0 <= action.hex < HEXES:
            return IllegalAction("catan.err.no_hex", hex=action.hex)
        if action.hex == st.robber:
            return IllegalAction("catan.err.robber_must_move")
        return IllegalAction("catan.err.bad_victim", victim=action.victim)
    if kind is A.Discard and st.discard_owed[seat] and hand[RESOURCE_INDEX[action.resource]] \
            <= st.discard_chosen[seat][RESOURCE_INDEX[action.resource]]:
        return IllegalAction("catan.err.not_enough_cards")
    if kind in (A.AnswerTrade, A.CounterOffer) and phase == TRADE_ANSWERS and seat in st.to_act:
        return IllegalAction("catan.err.not_enough_cards")
    if kind is A.AcceptTrade and phase == TRADE_CHOOSE:
        return IllegalAction("catan.err.no_such_answer", seat=action.seat)
    if kind is A.OfferTrade and phase in (TRADE, MAIN):
        return offer_refusal(st) or IllegalAction("catan.err.not_enough_cards")
    if kind is A.Discard and phase == DISCARD:
        return IllegalAction("catan.err.nothing_to_discard")
    if phase not in PHASES_OF.get(kind, ()):
        return wrong_phase
    return IllegalAction("catan.err.unknown")


def _settlement_spot(st: CatanState, corner: int) -> IllegalAction:
    if st.corner_owner[corner] >= 0:
        return IllegalAction("catan.err.intersection_taken")
    if not st.settle_ok[corner]:
        return IllegalAction("catan.err.distance_rule")
    return IllegalAction("catan.err.unknown")
