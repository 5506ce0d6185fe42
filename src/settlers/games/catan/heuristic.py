"""All of the game's bot knowledge: ``evaluate(state, seat)`` (the worth of a position for the
greedy and search bots) and ``make_bot(seed)`` (``heuristic``, a rule-of-thumb player).

Evaluation: worth of a player = victory points (dominant) + production (pips of the hexes next
to their settlements, doubled for cities, none under the robber, a bonus for each resource
produced) + cards in hand (a penalty above 7: a 7 would cost half) + development cards +
progress toward the longest road and the largest army + room to expand (free spots next to
their roads) + harbours. The value returned is the seat's worth minus the best opponent's; a
finished game is +/-1000.

The player reads only what its seat may see: the board, every building and road, the robber,
the bank, card *counts* of the others (public), points without hidden victory cards, and its
own hand and development cards. Others' hands, their development cards and the deck are never
read. Plan of a turn, in order of preference:

* play a knight first if the robber blocks one of our hexes or the knight wins/keeps the
  largest army; year of plenty / monopoly / road building when they complete a build;
* build a city, then a settlement (best production, new resources, harbours), then a road
  towards the best free intersection when no spot is open, then buy a development card;
* trade with the bank (best rate) and offer domestic trades toward the current target:
  only needed cards asked, only spare cards given, a build completed now first, the cheapest
  terms first, the spare kind held most first, never an offer refused this turn nor a 2-for-1
  in a kind refused for the same cards, at most ``OFFERS_PER_TURN`` offers in a turn,
  whatever the table allows (the almanac sets no limit, L452: the bot bounds itself so that
  it never keeps re-offering to people who decline). The menu's offers only (one kind a
  side); ``CatanHeuristic(explicit_terms=True)`` also sends two-kind offers (1 ore + 1 wool
  for 1 brick), legal but not on the menu. Answer others' offers (``trade_sense``): never a
  trade that hands the player to move a winning purchase this turn; yes when it brings us
  nearer our target at a fair price (at most one card more given than got, none more with a
  player near victory); else a listed counter-offer on such terms (a player not to move
  proposes only so: the engine lets nobody but the player to move open an offer), never
  terms the player to move left untaken this turn; else no. As the player to move, take the
  best answer on the same terms;
* robber: the hex that hurts the leading opponents most without touching our own buildings,
  robbing the leader with most cards; discards: the cards furthest from our target.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core.cardcounts import missing
from settlers.core.dice import ways_2d6

from . import building, scoring, trade_sense, turn
from .actions import OfferTrade
from .content import (
    CARDS_EACH,
    COST_CITY,
    COST_DEVELOPMENT,
    COST_ROAD,
    COST_SETTLEMENT,
    GENERIC,
    KNIGHT,
    LARGEST_ARMY_MIN,
    MONOPOLY,
    RESOURCE_INDEX,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from .phases import OVER
from .scoring import points
from .state import CatanState
from .topology import CORNER_EDGES, CORNER_HEXES, EDGE_CORNERS, HEX_CORNERS
from .trade import rate as trade_rate

W_POINT = 10.0
W_PIP = 0.55
W_VARIETY = 0.8
W_CARD = 0.35
W_OVER_SEVEN = 0.6
W_KNIGHT_CARD = 1.6
W_OTHER_CARD = 1.2
W_KNIGHT_PLAYED = 0.7
W_ROAD = 0.35
W_SPOT = 1.0
W_HARBOUR = 0.6


def production(st: CatanState, p: int) -> list[float]:
    """Expected pips per resource of ``p``'s buildings (robber's hex excluded)."""
    o0 = o1 = o2 = o3 = o4 = 0.0  # each sum in the same order as a loop over r (same floats)
    corner_pips = st.board.corner_pips
    robbed = st.board.resource[st.robber]
    corner_level = st.corner_level
    for c in st.buildings[p]:
        level = corner_level[c]
        cp = corner_pips[c]
        o0 += cp[0] * level
        o1 += cp[1] * level
        o2 += cp[2] * level
        o3 += cp[3] * level
        o4 += cp[4] * level
    out = [o0, o1, o2, o3, o4]
    if robbed >= 0:
        n = ways_2d6(st.board.number[st.robber])
        for c in HEX_CORNERS[st.robber]:
            if st.corner_owner[c] == p:
                out[robbed] -= n * st.corner_level[c]
    return out


def worth(st: CatanState, p: int) -> float:
    value = W_POINT * points(st, p)
    prod = production(st, p)
    value += W_PIP * sum(prod) + W_VARIETY * sum(1 for x in prod if x > 0)
    cards = sum(st.hands[p])
    value += W_CARD * min(cards, 7) - W_OVER_SEVEN * max(0, cards - 7)
    dev = st.dev[p]
    value += W_KNIGHT_CARD * dev[KNIGHT] + W_OTHER_CARD * (sum(dev) - dev[KNIGHT]
                                                           - dev[VICTORY_POINT])
    if st.largest_army != p:
        value += W_KNIGHT_PLAYED * min(st.knights[p], 3)
    if st.longest_road != p:
        value += W_ROAD * min(st.road_length[p], 6)
    if st.settlements_left[p]:  # min(len(building.settlement_spots(st, p)), 2), stopping at 2
        spots = 0
        settle_ok = st.settle_ok
        mask = st.network[p]
        while mask and spots < 2:
            low = mask & -mask
            if settle_ok[low.bit_length() - 1]:
                spots += 1
            mask ^= low
        value += W_SPOT * spots
    value += W_HARBOUR * bin(st.harbours[p] | st.harbours_new[p]).count("1")
    return value


def evaluate(st: CatanState, seat: int) -> float:
    """Worth of the position for ``seat`` (greedy and MCTS use it as ``state.evaluate``)."""
    st.check_seat(seat)
    if st.phase == OVER:
        winners = scoring.winners(st)
        if seat in winners:
            return 1000.0 / len(winners)
        return -1000.0
    mine = worth(st, seat)
    best_other = max(worth(st, p) for p in range(st.players) if p != seat)
    return mine - best_other


# ---------------------------------------------------------------------- the player
# early value of a pip of each resource: brick, lumber, wool, grain, ore
RESOURCE_WEIGHT = (1.1, 1.1, 0.8, 1.0, 1.0)


#: domestic offers the bot makes in one turn at most (its own bound, not a rule)
OFFERS_PER_TURN = 2


def make_bot(seed: int = 0, **budget: Any) -> CatanHeuristic:
    """The ``heuristic`` bot for Catan (it takes no budget: it does not search)."""
    return CatanHeuristic(seed=seed)


#: transitional: ``settlers.bots.heuristics`` still calls ``make``; delete once the bots
#: package discovers ``make_bot`` (issue 20)


class CatanHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0, explicit_terms: bool = False) -> None:
        self.rng = random.Random(seed)
        #: also make offers the menu does not list (two-kind ones); off for the ``heuristic``
        #: bot, whose every decision is one of ``legal_actions`` (the bots' contract)
        self.explicit_terms = explicit_terms

    # ------------------------------------------------------------------ dispatch
    def act(self, st: CatanState, seat: int) -> Any:
        legal = turn.legal_actions(st, seat)
        if len(legal) == 1:
            return legal[0]
        kinds: dict[str, list[Any]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        if "place_settlement" in kinds:
            return max(kinds["place_settlement"],
                       key=lambda a: self.spot_value(st, seat, a.intersection, founding=True))
        if "place_road" in kinds:
            return max(kinds["place_road"], key=lambda a: self.road_value(st, seat, a.path))
        if "discard" in kinds:
            return self.discard(st, seat, kinds["discard"])
        if "answer_trade" in kinds or "counter_offer" in kinds:
            return self.answer(st, seat, kinds)
        if "accept_trade" in kinds or "withdraw_trade" in kinds:
            return self.choose_partner(st, seat, kinds)
        if "move_robber" in kinds:
            return max(kinds["move_robber"], key=lambda a: self.robber_value(st, seat, a))
        if "build_road" in kinds and st.road_building_left:
            return max(kinds["build_road"], key=lambda a: self.road_value(st, seat, a.path))
        return self.turn(st, seat, kinds)

    # ------------------------------------------------------------------ valuations
    def income(self, st: Any, seat: int) -> list[float]:
        """Expected pips per resource from our buildings (cities count twice)."""
        out = [0.0] * 5
        pips_at = st.board.corner_pips
        for c in st.buildings[seat]:
            level = st.corner_level[c]
            for r in range(5):
                out[r] += pips_at[c][r] * level
        return out

    def spot_value(self, st: Any, seat: int, c: int, founding: bool = False) -> float:
        board = st.board
        have = self.income(st, seat)
        value = 0.0
        for r, p in enumerate(board.corner_pips[c]):
            if p:
                scarce = 1.0 + (0.6 if have[r] == 0 else 0.0)
                value += p * RESOURCE_WEIGHT[r] * scarce
        for h in CORNER_HEXES[c]:
            if h == st.robber and not founding:
                value -= 0.5 * ways_2d6(board.number[h]) if board.number[h] else 0
        harbour = board.corner_harbour[c]
        if harbour == GENERIC:
            value += 1.5
        elif harbour >= 0:
            value += 0.8 + 0.25 * have[harbour] + 0.4 * board.corner_pips[c][harbour]
        return value

    def road_value(self, st: Any, seat: int, e: int) -> float:
        """How good a free intersection this road opens (one or two steps away)."""
        best = 0.0
        for c in EDGE_CORNERS[e]:
            owner = st.corner_owner[c]
            if owner not in (-1, seat):
                continue
            if st.settle_ok[c] and owner == -1:
                best = max(best, self.spot_value(st, seat, c))
            for e2 in CORNER_EDGES[c]:
                if e2 == e or st.edge_owner[e2] >= 0:
                    continue
                for c2 in EDGE_CORNERS[e2]:
                    if c2 != c and st.corner_owner[c2] == -1 and st.settle_ok[c2]:
                        best = max(best, 0.6 * self.spot_value(st, seat, c2))
        return best + 0.01 * self.rng.random()

    def robber_value(self, st: Any, seat: int, action: Any) -> float:
        board = st.board
        h = action.hex
        number = board.number[h]
        weight = ways_2d6(number) if number else 0
        value = 0.0
        for c in HEX_CORNERS[h]:
            owner = st.corner_owner[c]
            if owner < 0:
                continue
            level = st.corner_level[c]
            if owner == seat:
                value -= 4.0 * weight * level
            else:
                value += weight * level * (1.0 + scoring.public_points(st, owner) / 4.0)
        if action.victim is not None:
            cards = sum(st.hands[action.victim])  # a public count
            value += 3.0 + 0.3 * cards + 0.5 * scoring.public_points(st, action.victim)
        return value

    # ------------------------------------------------------------------ targets
    def target(self, st: Any, seat: int) -> tuple[int, ...]:
        """The cost of what we save for now."""
        if st.cities_left[seat] and building.city_spots(st, seat):
            hand = st.hands[seat]
            settlement_spot = st.settlements_left[seat] and building.settlement_spots(st, seat)
            if settlement_spot and missing(hand, COST_SETTLEMENT) < missing(hand, COST_CITY):
                return COST_SETTLEMENT
            return COST_CITY
        if st.settlements_left[seat] and building.settlement_spots(st, seat):
            return COST_SETTLEMENT
        if st.settlements_left[seat] and st.roads_left[seat]:
            return COST_ROAD
        return COST_DEVELOPMENT

    # ------------------------------------------------------------------ own turn
    def turn(self, st: Any, seat: int, kinds: dict[str, list[Any]]) -> Any:
        hand = st.hands[seat]
        goal = self.target(st, seat)
        card = self.development_play(st, seat, kinds, goal)
        if card is not None:
            return card
        if "roll_dice" in kinds:
            return kinds["roll_dice"][0]
        if "build_city" in kinds:
            return max(kinds["build_city"],
                       key=lambda a: sum(st.board.corner_pips[a.intersection]))
        if "build_settlement" in kinds:
            return max(kinds["build_settlement"],
                       key=lambda a: self.spot_value(st, seat, a.intersection))
        if ("build_road" in kinds and st.settlements_left[seat]
                and not building.settlement_spots(st, seat)):
            road = max(kinds["build_road"], key=lambda a: self.road_value(st, seat, a.path))
            if self.road_value(st, seat, road.path) >= 1.0:
                return road
        if "buy_development_card" in kinds and (
                goal in (COST_DEVELOPMENT, COST_ROAD)
                or missing(_minus(hand, COST_DEVELOPMENT), goal) <= missing(hand, goal)):
            return kinds["buy_development_card"][0]
        trade = self.bank_trade(st, seat, kinds, goal)
        if trade is not None:
            return trade
        offer = self.domestic_offer(st, seat, kinds, goal)
        if offer is not None:
            return offer
        if "start_building" in kinds:
            return kinds["start_building"][0]
        return kinds["end_turn"][0]

    def development_play(self, st: Any, seat: int, kinds: dict[str, list[Any]],
                         goal: tuple[int, ...]) -> Any:
        hand = st.hands[seat]
        if "play_knight" in kinds and st.dev[seat][KNIGHT]:
            blocked = any(st.corner_owner[c] == seat for c in HEX_CORNERS[st.robber])
            others = max((st.knights[q] for q in range(st.players) if q != seat), default=0)
            army = (st.largest_army != seat and st.knights[seat] + 1 >= LARGEST_ARMY_MIN
                    and st.knights[seat] + 1 > others)
            if blocked or army:
                return kinds["play_knight"][0]
        if "play_year_of_plenty" in kinds and st.dev[seat][YEAR_OF_PLENTY]:
            best = max(kinds["play_year_of_plenty"],
                       key=lambda a: -missing(_plus(hand, a.resources), goal))
            if missing(_plus(hand, best.resources), goal) == 0 or sum(hand) < 3:
                return best
        if "play_monopoly" in kinds and st.dev[seat][MONOPOLY]:
            held = [CARDS_EACH - st.bank[r] - hand[r] for r in range(5)]  # public totals
            need = _needs(hand, goal)
            best_r = max(range(5), key=lambda r: (held[r] * (2 if need[r] else 1), r))
            if held[best_r] >= 3:
                for action in kinds["play_monopoly"]:
                    if RESOURCE_INDEX[action.resource] == best_r:
                        return action
        if ("play_road_building" in kinds and st.dev[seat][ROAD_BUILDING]
                and st.roads_left[seat] >= 2 and not building.settlement_spots(st, seat)
                and "roll_dice" not in kinds):
            return kinds["play_road_building"][0]
        return None

    def bank_trade(self, st: Any, seat: int, kinds: dict[str, list[Any]],
                   goal: tuple[int, ...]) -> Any:
        if "maritime_trade" not in kinds:
            return None
        hand = st.hands[seat]
        need = _needs(hand, goal)
        if not any(need):
            return None
        best, best_key = None, None
        for action in kinds["maritime_trade"]:
            g, w = RESOURCE_INDEX[action.give], RESOURCE_INDEX[action.get]
            if not need[w]:
                continue
            spare = hand[g] - goal[g]
            rate = trade_rate(st, seat, g)
            if spare < rate:
                continue
            key = (need[w], spare - rate, -rate)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def domestic_offer(self, st: Any, seat: int, kinds: dict[str, list[Any]],
                       goal: tuple[int, ...]) -> Any:
        """The offer that brings the target nearest for the fewest spare cards. It asks only
        for cards the target lacks and gives only cards the target does not use; it puts on
        the table a kind nobody took for these cards this turn (a 2-for-1 in a kind already
        refused for them 1-for-1 is not sweeter to anyone); a build completed now first, then
        the cheapest terms (1 for 1 before 2 for 1) — but the last offer of the turn shows as
        many kinds not yet offered as it can — then the kind we hold most of beyond the
        target. The menu's offers, and with ``explicit_terms`` two-kind ones too (1 ore +
        1 wool for 1 brick: legal sent explicitly, not on the menu). Never an offer refused
        this turn, at most ``OFFERS_PER_TURN`` a turn."""
        if "offer_trade" not in kinds or st.offers_made >= OFFERS_PER_TURN:
            return None
        hand = st.hands[seat]
        need = _needs(hand, goal)
        if sum(need) != 1 and not (sum(need) == 2 and sum(hand) >= 5):
            return None
        spare = trade_sense.spare(hand, goal)
        candidates = list(kinds["offer_trade"])
        if self.explicit_terms:
            candidates += two_kind_offers(need, spare)
        refused = trade_sense.refused_offers(st, seat)   # asked again, refused again
        last = st.offers_made + 1 == OFFERS_PER_TURN
        lacking = sum(need)
        best, best_key = None, None
        for action in candidates:
            give, get = action.give, action.get
            if action in refused or any(get[r] > need[r] or give[r] > spare[r]
                                        for r in range(5)):
                continue
            fresh = sum(1 for r in range(5) if give[r] and not any(
                old.give[r] and old.get == get for old in refused))
            if not fresh:
                continue
            gained = sum(get)
            key = (gained == lacking, gained, fresh if last else 0, -sum(give),
                   min(spare[r] - give[r] for r in range(5) if give[r]))
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    # ------------------------------------------------------------------ trades with others
    def answer(self, st: Any, seat: int, kinds: dict[str, list[Any]]) -> Any:
        """Yes to an offer that brings us nearer our target at a fair price and does not hand
        the player to move the game (``trade_sense``); else a listed counter-offer we would
        take — our own proposal to the player to move, the only one the engine lets a player
        not to move make — but never terms the player to move left untaken this turn, nor
        terms asking at least as much for the same cards; else no."""
        no = next(a for a in kinds["answer_trade"] if not a.accept)
        yes = next((a for a in kinds["answer_trade"] if a.accept), None)
        trade = st.trade
        goal = self.target(st, seat)
        # the offer from our side: we get what the player to move gives, and give what it asks
        if yes is not None and trade_sense.judge(st, seat, st.current, goal, trade["give"],
                                                 trade["get"]):
            return yes
        counters = kinds.get("counter_offer", [])
        if counters:   # never terms the player to move left untaken this turn, nor dearer
            refused = trade_sense.refused_counters(st, seat)
            counters = [c for c in counters if not trade_sense.asks_at_least(c, refused)]
        counter = trade_sense.better_terms(st, seat, goal, counters)
        return counter if counter is not None else no

    def choose_partner(self, st: Any, seat: int, kinds: dict[str, list[Any]]) -> Any:
        """The answer that brings us nearest our target at a fair price (a partner near
        victory gets no card more than we get), else withdraw."""
        trade = st.trade
        hand = st.hands[seat]
        goal = self.target(st, seat)
        best, best_key = kinds["withdraw_trade"][0], None
        for action in kinds.get("accept_trade", []):
            reply = trade["answers"][action.seat]
            if reply[0] == "accept":
                mine, theirs = trade["give"], trade["get"]
            else:
                theirs, mine = reply[1], reply[2]
            if not trade_sense.judge(st, seat, action.seat, goal, theirs, mine):
                continue
            key = (trade_sense.progress(hand, goal, theirs, mine), -sum(mine), sum(theirs))
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    def discard(self, st: Any, seat: int, options: list[Any]) -> Any:
        hand = st.hands[seat]
        goal = self.target(st, seat)
        return max(options, key=lambda a: (hand[RESOURCE_INDEX[a.resource]]
                                           - goal[RESOURCE_INDEX[a.resource]],
                                           hand[RESOURCE_INDEX[a.resource]]))


# ---------------------------------------------------------------------- small vector helpers
def _needs(hand: list[int], cost: tuple[int, ...]) -> list[int]:
    return [max(0, cost[r] - hand[r]) for r in range(5)]


def _minus(hand: list[int] | tuple[int, ...], cost: tuple[int, ...]) -> list[int]:
    return [hand[r] - cost[r] for r in range(5)]


def _plus(hand: list[int], names: tuple[str, ...]) -> list[int]:
    out = list(hand)
    for name in names:
        out[RESOURCE_INDEX[name]] += 1
    return out


def two_kind_offers(need: list[int], spare: list[int]) -> list[Any]:
    """Offers of one spare card each of two kinds for the cards ``need`` lists (one card, or
    one each of two kinds): what the menu's shapes (one kind a side) do not list."""
    gets = []
    for w in range(5):
        if need[w]:
            gets.append(tuple(int(r == w) for r in range(5)))
    kinds_needed = [w for w in range(5) if need[w]]
    if len(kinds_needed) == 2:
        gets.append(tuple(int(r in kinds_needed) for r in range(5)))
    out = []
    for a in range(5):
        for b in range(a + 1, 5):
            if spare[a] and spare[b]:
                give = tuple(int(r in (a, b)) for r in range(5))
                out.extend(OfferTrade(give, get) for get in gets)
    return out


def _plus_vector(hand: list[int], cards: tuple[int, ...] | list[int]) -> list[int]:
    return [hand[r] + cards[r] for r in range(5)]
