"""«Ход игры», «Комбинированный этап торговли и строительства»: who must decide, what they may
do in each phase, the roll and the end of a turn.

A turn: roll (a development card may come first), then trade, then build (separate phases,
``phases=separate``), or trade and build in any order (``phases=combined``); then the turn
passes to the left. The player to move who has 10 points at the start of or during their own
turn wins (``scoring.check_victory``).
"""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.core.trade import LISTED_OFFERS_PER_TURN
from settlers.core.turns import TURN_LIMIT, turn_limit_reached

from . import building, development, founding, robber, scoring, trade
from .acting import ONE_SEAT, to_act
from .actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEVELOPMENT,
    END_TURN,
    MARITIME,
    ROLL,
    START_BUILDING,
    CounterOffer,
    OfferTrade,
    PlayYearOfPlenty,
)
from .chance import MASK
from .content import (
    AWARD_POINTS,
    COST_CITY,
    COST_DEVELOPMENT,
    COST_ROAD,
    COST_SETTLEMENT,
    GENERIC,
    GENERIC_RATIO,
    KNIGHT,
    MONOPOLY,
    PLAIN_RATIO,
    POINTS_TO_WIN,
    RESOURCE_INDEX,
    SPECIAL_RATIO,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from .content import ROAD_BUILDING as ROAD_BUILDING_CARD
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
)
from .phases import ROLL as ROLL_PHASE
from .production import produce
from .state import CatanState

#: the phases of trading and building (a set: one look-up, no tuple built per call)
_TURN_PHASES = frozenset((MAIN, TRADE, BUILD))


def legal_actions(st: CatanState, seat: int) -> list[Action]:
    # the seat is checked where it costs least (this runs before every action): once it is a
    # seat that acts, only its type (0.0 and True equal seats 0 and 1); where it does not act,
    # in full by GameState.no_actions; where it indexes the table, in full, inlined
    phase = st.phase
    if phase in _TURN_PHASES:
        if seat != st.current or type(seat) is not int:
            return st.no_actions(seat)
        return turn_actions(st, seat, phase)
    if phase == ROLL_PHASE:
        if seat != st.current or type(seat) is not int:
            return st.no_actions(seat)
        knight, _points, roads, plenty, monopoly = st.dev[seat]  # content.DEV_KINDS order
        if st.dev_played or not (knight or roads or plenty or monopoly):
            return [ROLL]
        return [ROLL, *development.legal_plays(st)]
    if phase == TRADE_ANSWERS:   # (any seat may owe an answer: GameState.check_seat, inlined)
        if type(seat) is not int or not 0 <= seat < st.players:
            return st.no_actions(seat)
        return trade.legal_answers(st, seat)
    if phase == DISCARD:
        if type(seat) is not int or not 0 <= seat < st.players:
            return st.no_actions(seat)
        return robber.legal_discards(st, seat)
    if seat != st.current or phase == OVER or type(seat) is not int:
        return st.no_actions(seat)
    if phase == ROBBER:
        moves = robber.legal_robber_moves(st)
        if st.dev_played:   # (a Knight's own move, or a card played this turn already)
            return moves
        return [*moves, *development.legal_plays(st)]   # L277 «в любое время»
    if phase == TRADE_CHOOSE:
        return trade.legal_choices(st)
    if phase == ROAD_BUILDING:
        return [BUILD_ROAD[e] for e in building.road_paths(st, seat)]
    return founding.legal_founding(st)


# The hot path below spells the costs out as tests on the hand (brick, lumber, wool, grain,
# ore) and unpacks the development cards held by kind: the content must say the same.
if (COST_ROAD, COST_SETTLEMENT, COST_CITY, COST_DEVELOPMENT) != (
        (1, 1, 0, 0, 0), (1, 1, 1, 1, 0), (0, 0, 0, 2, 3), (0, 0, 1, 1, 1)):
    raise ImportError("catan.turn.turn_actions: the building costs changed; update it")
if (KNIGHT, VICTORY_POINT, ROAD_BUILDING_CARD, YEAR_OF_PLENTY, MONOPOLY) != (0, 1, 2, 3, 4):
    raise ImportError("catan.turn: the order of the development cards changed; update it")
#: per harbour bitmask: the cards of each resource a maritime trade needs (its rate, and at
#: least 2 — «Заморская торговля»; what ``trade.rate`` answers, with the floor of 2)
_GIVE_AT = tuple(tuple(max(2, SPECIAL_RATIO if (mask >> g) & 1 else
                           GENERIC_RATIO if (mask >> GENERIC) & 1 else PLAIN_RATIO)
                       for g in range(5))
                 for mask in range(64))
#: the maritime trades for each bitmask of resources the player can give and each bitmask of
#: resources the bank still has: by resource given, then by resource wanted
_MARITIME_ROWS = tuple(tuple(tuple(MARITIME[g][w] for g in range(5) if (give >> g) & 1
                                   for w in range(5) if w != g and (bank >> w) & 1)
                             for bank in range(32))
                       for give in range(32))


def turn_actions(st: CatanState, p: int, phase: int) -> list[Action]:
    """The trade, build and card actions of the player to move, and the end of the phase.
    (One flat function on the hottest path: the rules it lists are those of
    ``trade.lists_offers``/``listed_offers``/``legal_maritime``, ``building.road_paths``/
    ``settlement_spots``/``city_spots``, ``development.can_buy``/``legal_plays``.)"""
    out: list[Action] = []
    h0, h1, h2, h3, h4 = st.hands[p]
    if phase != BUILD:
        options = st.options
        if (options["domestic_trade"] and h0 + h1 + h2 + h3 + h4 > 0
                and st.offers_made < (options["trade_offers"] or LISTED_OFFERS_PER_TURN)):
            out.extend(trade.listed_offers(st))
        # maritime trades: which resources the hand can give at its rates (a bitmask, built
        # by adding: `|` and `<<` are not specialised by CPython 3.11, `+=` is), then the
        # rows of the table for it and for what the bank still has
        g0, g1, g2, g3, g4 = _GIVE_AT[st.harbours[p]]
        if h0 >= g0 or h1 >= g1 or h2 >= g2 or h3 >= g3 or h4 >= g4:
            give = 0
            if h0 >= g0:
                give = 1
            if h1 >= g1:
                give += 2
            if h2 >= g2:
                give += 4
            if h3 >= g3:
                give += 8
            if h4 >= g4:
                give += 16
            bank = st.bank
            if 0 in bank:
                out.extend(_MARITIME_ROWS[give][
                    (bank[0] > 0) | (bank[1] > 0) << 1 | (bank[2] > 0) << 2
                    | (bank[3] > 0) << 3 | (bank[4] > 0) << 4])
            else:
                out.extend(_MARITIME_ROWS[give][31])
    if phase != TRADE:
        if h0 and h1:  # a road: brick + lumber (building.road_paths inlined)
            if st.roads_left[p]:
                near = st.road_reach[p] & ~st.edges_taken
                while near:
                    low = near & -near
                    out.append(BUILD_ROAD[low.bit_length() - 1])
                    near ^= low
            if h2 and h3 and st.settlements_left[p]:  # a settlement: + wool + grain
                settle_ok = st.settle_ok
                mask = st.network[p]
                while mask:
                    low = mask & -mask
                    c = low.bit_length() - 1
                    mask ^= low
                    if settle_ok[c]:
                        out.append(BUILD_SETTLEMENT[c])
        if h3 >= 2 and h4 >= 3 and st.cities_left[p]:  # a city: 2 grain + 3 ore
            level = st.corner_level
            for c in st.buildings[p]:
                if level[c] == 1:
                    out.append(BUILD_CITY[c])
        if h2 and h3 and h4 and st.deck:  # a development card: wool + grain + ore
            out.append(BUY_DEVELOPMENT)
    if not st.dev_played:
        knight, _points, roads, plenty, monopoly = st.dev[p]  # content.DEV_KINDS order
        if knight or roads or plenty or monopoly:
            out.extend(development.legal_plays(st))
    if phase == TRADE:
        out.append(START_BUILDING)
    out.append(END_TURN)
    return out


def rule_refusal(st: CatanState, seat: int, action: Action) -> IllegalAction | None:
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
    if kind is PlayYearOfPlenty:
        # «взять 2 любые карты сырья» (L268): the same two cards named in either order; the
        # menu lists each pair once, in resource order (``actions.YEAR_OF_PLENTY_PAIRS``)
        picks = action.resources
        if (len(picks) == 2 and picks[0] in RESOURCE_INDEX and picks[1] in RESOURCE_INDEX
                and RESOURCE_INDEX[picks[0]] > RESOURCE_INDEX[picks[1]]):
            action = PlayYearOfPlenty((picks[1], picks[0]))
    if action in legal_actions(st, seat):
        return None
    return why_illegal(st, seat, action)


#: the dice for each of the 36 draws of ``roll`` (as ``chance.roll_dice``) and their total
_DICE = tuple((z % 6 + 1, z // 6 + 1) for z in range(36))
_DICE_TOTAL = tuple(a + b for a, b in _DICE)


def roll(st: CatanState, _seat: int = -1, _action: object = None) -> None:
    """Roll the dice (the handler of ``RollDice`` itself: seat and action unused)."""
    # chance.roll_dice inlined (SplitMix64 step of chance.next_value, then draw(st, 36))
    counter = (st.chance + 0x9E3779B97F4A7C15) & MASK
    st.chance = counter
    z = ((counter ^ (counter >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z = (z ^ (z >> 31)) % 36
    st.dice = dice = _DICE[z]
    total = _DICE_TOTAL[z]
    if st.record_events:
        st.emit("catan.ev.rolled", seat=st.current, dice=list(dice), total=total)
    if total == 7:
        robber.start_seven(st)
    else:
        produce(st, total)
        st.phase = TRADE if st.options["phases"] == "separate" else MAIN  # phases.after_roll


def start_building(st: CatanState) -> None:
    st.phase = BUILD


def end_turn(st: CatanState, _seat: int = -1, _action: object = None) -> None:
    """Pass the turn (the handler of ``EndTurn`` itself: seat and action unused)."""
    p = st.current
    fresh = st.harbours_new[p]
    if fresh:
        st.harbours[p] |= fresh
        st.harbours_new[p] = 0
    bought = st.dev_new[p]
    if bought[0] or bought[1] or bought[2] or bought[3] or bought[4]:
        st.dev_new[p] = [0, 0, 0, 0, 0]
    st.dev_played = False
    st.offers_made = 0
    st.dice = None
    if st.options.get(TURN_LIMIT) and turn_limit_reached(st.options, st.turn):
        scoring.end_by_turn_limit(st)
        return
    p = st.current = (p + 1) % st.players  # seats.next_seat
    st.turn += 1
    st.phase = ROLL_PHASE
    st.to_act = ONE_SEAT[p]  # acting.keep_to_act, for the new seat to move
    if st.record_events:
        st.emit("catan.ev.turn", seat=p, turn=st.turn)
    # «в начале ... хода»: scoring.check_victory, inlined
    pts = st.building_points[p] + st.dev[p][VICTORY_POINT]
    if st.longest_road == p:
        pts += AWARD_POINTS
    if st.largest_army == p:
        pts += AWARD_POINTS
    if pts >= POINTS_TO_WIN:
        scoring.check_victory(st)
