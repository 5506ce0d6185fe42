"""«Ход игры», «Комбинированный этап торговли и строительства»: who must decide, what they may
do in each phase, the roll and the end of a turn.

A turn: roll (a development card may come first), then trade, then build (separate phases,
``phases=separate``), or trade and build in any order (``phases=combined``); then the turn
passes to the left. The player to move who has 10 points at the start of or during their own
turn wins (``scoring.check_victory``).
"""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.core.seats import next_seat
from settlers.core.turns import turn_limit_reached

from . import building, development, founding, robber, scoring, trade
from .actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEVELOPMENT,
    END_TURN,
    ROLL,
    START_BUILDING,
    CounterOffer,
    OfferTrade,
)
from .chance import roll_dice
from .content import COST_CITY, COST_ROAD, COST_SETTLEMENT
from .explain import why_illegal
from .phases import (
    BUILD,
    DISCARD,
    MAIN,
    OVER,
    ROAD_BUILDING,
    ROBBER,
    TRADE,
    TRADE_ANSWERS,
    TRADE_CHOOSE,
    after_roll,
)
from .phases import ROLL as ROLL_PHASE
from .production import produce
from .state import CatanState


def to_act(st: CatanState) -> tuple[int, ...]:
    phase = st.phase
    if phase == OVER:
        return ()
    if phase == DISCARD:
        return tuple(p for p in range(st.players) if st.discard_owed[p])
    if phase == TRADE_ANSWERS:
        answers = st.trade["answers"]
        return tuple(q for q in range(st.players) if q != st.current and answers[q] is None)
    return (st.current,)


def legal_actions(st: CatanState, seat: int) -> list[Action]:
    phase = st.phase
    if phase == DISCARD:
        return robber.legal_discards(st, seat)
    if phase == TRADE_ANSWERS:
        return trade.legal_answers(st, seat)
    if seat != st.current or phase == OVER:
        return []
    if phase == ROLL_PHASE:
        return [ROLL, *development.legal_plays(st)]
    if phase in (TRADE, BUILD, MAIN):
        return turn_actions(st, seat, phase)
    if phase == ROBBER:
        return robber.legal_robber_moves(st)
    if phase == TRADE_CHOOSE:
        return trade.legal_choices(st)
    if phase == ROAD_BUILDING:
        return [BUILD_ROAD[e] for e in building.road_paths(st, seat)]
    return founding.legal_founding(st)


def turn_actions(st: CatanState, p: int, phase: int) -> list[Action]:
    """The trade, build and card actions of the player to move, and the end of the phase."""
    out: list[Action] = []
    if phase != BUILD:
        if trade.lists_offers(st):
            out.extend(trade.listed_offers(st))
        out.extend(trade.legal_maritime(st))
    if phase != TRADE:
        hand = st.hands[p]
        if st.roads_left[p] and hand[0] >= COST_ROAD[0] and hand[1] >= COST_ROAD[1]:
            out.extend(BUILD_ROAD[e] for e in building.road_paths(st, p))
        if st.settlements_left[p] and building.can_afford(hand, COST_SETTLEMENT):
            out.extend(BUILD_SETTLEMENT[c] for c in building.settlement_spots(st, p))
        if st.cities_left[p] and building.can_afford(hand, COST_CITY):
            out.extend(BUILD_CITY[c] for c in building.city_spots(st, p))
        if development.can_buy(st):
            out.append(BUY_DEVELOPMENT)
    out.extend(development.legal_plays(st))
    if phase == TRADE:
        out.append(START_BUILDING)
    out.append(END_TURN)
    return out


def illegal_reason(st: CatanState, seat: int, action: Action) -> IllegalAction | None:
    """None if ``seat`` may play ``action`` now, else why not. Domestic offers and counters
    are checked directly: any well-formed one the seat can pay is legal, listed or not, as
    often as the table allows (no limit by default, almanac L452)."""
    kind = type(action)
    if kind is OfferTrade and st.phase in (TRADE, MAIN) and seat == st.current:
        refusal = trade.offer_refusal(st)
        if refusal is not None:
            return refusal
        key = trade.offer_problem(st.hands[seat], action.give, action.get)
        return IllegalAction(key) if key else None
    if kind is CounterOffer and st.phase == TRADE_ANSWERS and seat in to_act(st):
        key = trade.offer_problem(st.hands[seat], action.give, action.get)
        return IllegalAction(key) if key else None
    if action in legal_actions(st, seat):
        return None
    return why_illegal(st, seat, action)


def roll(st: CatanState) -> None:
    d1, d2 = roll_dice(st)
    st.dice = (d1, d2)
    if st.record_events:
        st.emit("catan.ev.rolled", seat=st.current, dice=[d1, d2], total=d1 + d2)
    if d1 + d2 == 7:
        robber.start_seven(st)
    else:
        produce(st, d1 + d2)
        st.phase = after_roll(st.options["phases"])


def start_building(st: CatanState) -> None:
    st.phase = BUILD


def end_turn(st: CatanState) -> None:
    p = st.current
    st.harbours[p] |= st.harbours_new[p]
    st.harbours_new[p] = 0
    st.dev_new[p] = [0, 0, 0, 0, 0]
    st.dev_played = False
    st.offers_made = 0
    st.dice = None
    if turn_limit_reached(st.options, st.turn):
        scoring.end_by_turn_limit(st)
        return
    st.current = next_seat(p, st.players)
    st.turn += 1
    st.phase = ROLL_PHASE
    if st.record_events:
        st.emit("catan.ev.turn", seat=st.current, turn=st.turn)
    scoring.check_victory(st)  # «в начале ... хода»
