"""Catan: a fixed action numbering and a fixed observation of the seat's view.

Seats are *relative*: 0 is the deciding seat, 1 the next one clockwise, … (3-player games leave
the fourth slot empty), so one policy plays every seat.

Actions (``CatanEncoding(players).actions.table()`` prints the index ranges):
``place_settlement``/``place_road`` (founding; one per intersection / path), ``roll``,
``start_building``, ``end_turn``, ``discard`` (one per resource), ``move_robber`` (hex × victim:
nobody, or relative seat 1–3), ``offer_trade`` (the 60 listed shapes of
``catan.actions.OFFER_SHAPES``: 1 for 1, 2 for 1, 1 for 2), ``answer_trade`` (no, yes),
``counter_offer`` (what the answerer asks: k = 1–3 cards of one resource, or the cards offered
plus one of a resource), ``accept_trade`` (relative seat 1–3), ``withdraw_trade``,
``maritime_trade`` (give × get), ``build_road``/``build_settlement``/``build_city``,
``buy_development_card``, ``play_knight``, ``play_road_building``, ``play_year_of_plenty`` (the
15 unordered pairs, then the 5 single cards of an almost empty bank), ``play_monopoly``.
A domestic offer a person types with another shape has no index (:class:`OutsideActionSpace`).

Observation (float32, every entry in [0, 16]): the board (per hex: terrain one-hot, pips/5,
robber; per intersection: pips per resource/15 and harbour kind), the pieces (per
intersection × relative seat: settlement, city; per path × relative seat: road), the seat's
own cards (resources, development cards old and new, harbours, discard still owed and
chosen), public counts per relative seat (cards, development cards, knights, road length,
awards, public points, pieces left, discard owed, present), the bank, the deck, the phase,
whose turn, the dice, the domestic trade on the table and its answers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from settlers.core import Action, GameState
from settlers.games.catan import actions as A
from settlers.games.catan.content import RESOURCE_INDEX, RESOURCES
from settlers.games.catan.phases import NAMES, OVER
from settlers.games.catan.topology import CORNERS, EDGES, HEXES
from settlers.games.catan.trade import LISTED_OFFERS_PER_TURN
from settlers.rl.fixed import FixedEncoding, OutsideActionSpace

SEATS = 4
_TERRAINS = ("hills", "forest", "pasture", "fields", "mountains", "desert")


def _k_of(vector: tuple[int, ...]) -> tuple[int, int] | None:
    """(resource, k) when ``vector`` is k ≤ 3 cards of a single resource."""
    kinds = [r for r in range(5) if vector[r]]
    if len(kinds) == 1 and vector[kinds[0]] <= 3:
        return kinds[0], vector[kinds[0]]
    return None


class CatanEncoding(FixedEncoding):
    game_id = "catan"
    observation_low = 0.0
    observation_high = 16.0

    def __init__(self, players: int = 4) -> None:
        super().__init__(players)
        a = self.actions
        self.a_place_settlement = a.add("place_settlement", CORNERS, "founding: intersection")
        self.a_place_road = a.add("place_road", EDGES, "founding: path")
        self.a_roll = a.add("roll", 1, "roll the dice")
        self.a_start_building = a.add("start_building", 1, "end trading, start building")
        self.a_end_turn = a.add("end_turn", 1, "end the turn")
        self.a_discard = a.add("discard", 5, "discard one card of resource r")
        self.a_robber = a.add("move_robber", HEXES * SEATS,
                              "hex*4 + victim (0 nobody, 1-3 relative seat)")
        self.a_offer = a.add("offer_trade", len(A.OFFER_SHAPES), "listed offer shape i")
        self.a_answer = a.add("answer_trade", 2, "decline, accept")
        self.a_counter = a.add("counter_offer", 20,
                               "ask k cards of r: r*3+k-1; ask the offer plus r: 15+r")
        self.a_accept = a.add("accept_trade", SEATS - 1, "trade with relative seat 1-3")
        self.a_withdraw = a.add("withdraw_trade", 1, "withdraw the offer")
        self.a_maritime = a.add("maritime_trade", 25, "give*5 + get")
        self.a_build_road = a.add("build_road", EDGES, "path (also road-building roads)")
        self.a_build_settlement = a.add("build_settlement", CORNERS, "intersection")
        self.a_build_city = a.add("build_city", CORNERS, "intersection")
        self.a_buy = a.add("buy_development_card", 1, "buy a development card")
        self.a_knight = a.add("play_knight", 1, "play a knight")
        self.a_road_building = a.add("play_road_building", 1, "play road building")
        self.a_plenty = a.add("play_year_of_plenty", 20,
                              "pair i of YEAR_OF_PLENTY_PAIRS (15), then one card of r")
        self.a_monopoly = a.add("play_monopoly", 5, "resource r")
        self._static = self._static_table()
        self._by_index = {i: act for act, i in self._static.items()}
        # the cached action instances of catan.actions live as long as the module
        self._static_ids = {id(act): i for act, i in self._static.items()}

        f = self.features
        self.f_hex = f.add("hex", HEXES * 8, "per hex: terrain one-hot (6), pips/5, robber")
        self.f_corner_board = f.add("corner_board", CORNERS * 11,
                                    "per intersection: pips per resource/15, harbour one-hot "
                                    "(5 resources, generic)")
        self.f_corner = f.add("corner_pieces", CORNERS * SEATS * 2,
                              "per intersection, relative seat: settlement, city")
        self.f_edge = f.add("edge_pieces", EDGES * SEATS, "per path, relative seat: road")
        self.f_own = f.add("own", 5 + 5 + 5 + 6 + 1 + 5,
                           "hand/10, development cards/5, new ones/5, harbours, discard owed/10, "
                           "discard chosen/10")
        self.f_seats = f.add("seats", SEATS * 12,
                             "per relative seat: present, cards/10, development cards/5, "
                             "knights/5, road length/15, longest road, largest army, public "
                             "points/10, roads/15, settlements/5, cities/4 left, discard owed/10")
        self.f_bank = f.add("bank", 6, "bank per resource/19, development deck/25")
        self.f_phase = f.add("phase", len(NAMES), "phase one-hot")
        self.f_turn = f.add("turn", SEATS + 11 + 4,
                            "current relative seat, dice total one-hot (2-12), development "
                            "played, offers left/3, road-building roads left/2, turn/200")
        self.f_trade = f.add("trade", 10 + SEATS * 13,
                             "offer give, get (/3); per relative seat: declined, accepted, "
                             "countered, counter give, counter get (/3)")
        self._board_cache: dict[int, tuple[Any, np.ndarray]] = {}
        self._tail_size = f.size - self.f_own
        self._pieces_cache: dict[int, tuple[Any, tuple[int, ...], np.ndarray]] = {}
        self._counter_cache: dict[tuple[Any, Any], int] = {}

    # ------------------------------------------------------------------ actions
    def _static_table(self) -> dict[Action, int]:
        t: dict[Action, int] = {}
        for c in range(CORNERS):
            t[A.PLACE_SETTLEMENT[c]] = self.a_place_settlement + c
            t[A.BUILD_SETTLEMENT[c]] = self.a_build_settlement + c
            t[A.BUILD_CITY[c]] = self.a_build_city + c
        for e in range(EDGES):
            t[A.PLACE_ROAD[e]] = self.a_place_road + e
            t[A.BUILD_ROAD[e]] = self.a_build_road + e
        t[A.ROLL] = self.a_roll
        t[A.START_BUILDING] = self.a_start_building
        t[A.END_TURN] = self.a_end_turn
        for r in range(5):
            t[A.DISCARD[r]] = self.a_discard + r
            t[A.MONOPOLY[r]] = self.a_monopoly + r
            t[A.YEAR_OF_PLENTY_ONE[r]] = self.a_plenty + 15 + r
            for w in range(5):
                if w != r:
                    t[A.MARITIME[r][w]] = self.a_maritime + r * 5 + w
        for h in range(HEXES):
            t[A.MOVE_ROBBER_ALONE[h]] = self.a_robber + h * SEATS
        for i, (_give, _get, offer) in enumerate(A.OFFER_SHAPES):
            t[offer] = self.a_offer + i
        t[A.ANSWER_NO] = self.a_answer
        t[A.ANSWER_YES] = self.a_answer + 1
        t[A.WITHDRAW] = self.a_withdraw
        t[A.BUY_DEVELOPMENT] = self.a_buy
        t[A.PLAY_KNIGHT] = self.a_knight
        t[A.PLAY_ROAD_BUILDING] = self.a_road_building
        for i, pair in enumerate(A.YEAR_OF_PLENTY_PAIRS):
            t[A.YEAR_OF_PLENTY[pair]] = self.a_plenty + i
        return t

    def legal_indices(self, state: GameState, seat: int) -> dict[int, Action]:
        by_id, out = self._static_ids, {}
        for action in state.legal_actions(seat):
            index = by_id.get(id(action))
            if index is None:
                index = self.index_of(state, seat, action)
            out[index] = action
        return out

    def index_of(self, state: GameState, seat: int, action: Action) -> int:
        index = self._static.get(action)
        if index is not None:
            return index
        n = state.players
        kind = type(action)
        if kind is A.MoveRobber:
            return self.a_robber + action.hex * SEATS + (action.victim - seat) % n
        if kind is A.AcceptTrade:
            return self.a_accept + (action.seat - seat) % n - 1
        if kind is A.CounterOffer:
            offered = state.trade["give"] if state.trade else None
            key = (action.get, offered)
            index = self._counter_cache.get(key)
            if index is None:
                index = self._counter_cache[key] = self._counter_index(action.get, offered)
            return index
        raise OutsideActionSpace(f"catan: no index for {action.to_json()}")

    def _counter_index(self, get: tuple[int, ...], offered: tuple[int, ...] | None) -> int:
        k = _k_of(get)
        if k is not None:
            return self.a_counter + k[0] * 3 + k[1] - 1
        if offered is not None:
            plus = [get[r] - offered[r] for r in range(5)]
            if sorted(plus) == [0, 0, 0, 0, 1]:
                return self.a_counter + 15 + plus.index(1)
        raise OutsideActionSpace(f"catan: no index for a counter-offer asking {get}")

    def action_at(self, state: GameState, seat: int, index: int) -> Action:
        action = self._by_index.get(index)
        if action is not None:
            return action
        block = self.actions.block_of(index)
        i = index - block.start
        n = state.players
        if block.name == "move_robber":
            h, v = divmod(i, SEATS)
            if v == 0 or v >= n:
                raise OutsideActionSpace(f"catan: index {index} names no seat")
            return A.MOVE_ROBBER[h][(seat + v) % n]
        if block.name == "accept_trade":
            return A.ACCEPT[(seat + i + 1) % n]
        if block.name == "counter_offer":
            trade = state.trade
            if trade is None:
                raise OutsideActionSpace("catan: no offer to counter")
            if i < 15:
                ask = [0] * 5
                ask[i // 3] = i % 3 + 1
            else:
                ask = list(trade["give"])
                ask[i - 15] += 1
            return A.CounterOffer(tuple(trade["get"]), tuple(ask))
        raise OutsideActionSpace(f"catan: index {index} ({block.name}) names no move")

    # ------------------------------------------------------------------ observation
    def _board(self, state: Any) -> np.ndarray:
        board = state.board
        cached = self._board_cache.get(id(board))
        if cached is not None and cached[0] is board:
            return cached[1]
        from settlers.core.dice import ways_2d6 as pips
        from settlers.games.catan.content import GENERIC

        v = np.zeros(self.f_corner - self.f_hex, dtype=np.float32)
        for h in range(HEXES):
            base = h * 8
            v[base + _TERRAINS.index(board.terrain[h])] = 1.0
            v[base + 6] = pips(board.number[h]) / 5.0
        base0 = self.f_corner_board - self.f_hex
        for c in range(CORNERS):
            base = base0 + c * 11
            for r in range(5):
                v[base + r] = board.corner_pips[c][r] / 15.0
            bit = board.corner_harbour[c]
            if bit >= 0:
                v[base + 5 + (5 if bit == GENERIC else bit)] = 1.0
        if len(self._board_cache) > 64:
            self._board_cache.clear()
        self._board_cache[id(board)] = (board, v)
        return v

    def _pieces(self, st: Any, seat: int) -> np.ndarray:
        """Indices of the piece planes that are set: recomputed only when a piece was added
        (the lists of buildings and roads only grow; a city keeps its place in them)."""
        n = st.players
        buildings, roads = st.buildings, st.roads
        signature = (*st.roads_left, *st.settlements_left, *st.cities_left)
        cached = self._pieces_cache.get(seat)
        if cached is not None and cached[0] is buildings and cached[1] == signature:
            return cached[2]  # type: ignore[no-any-return]
        level, on = st.corner_level, []
        corner0, edge0 = self.f_corner, self.f_edge
        for p in range(n):
            rel = (p - seat) % n
            for c in buildings[p]:
                on.append(corner0 + c * 8 + rel * 2 + level[c] - 1)
            for e in roads[p]:
                on.append(edge0 + e * SEATS + rel)
        indices = np.array(on, dtype=np.intp)
        self._pieces_cache[seat] = (buildings, signature, indices)
        return indices

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        st: Any = state
        n = st.players
        obs = np.empty(self.features.size, dtype=np.float32)
        board = self._board(st)
        obs[: board.size] = board
        obs[self.f_corner:self.f_own] = 0.0
        obs[self.f_hex + st.robber * 8 + 7] = 1.0
        obs[self._pieces(st, seat)] = 1.0
        # everything after the piece planes: one Python list, written once
        hand, dev, new = st.hands[seat], st.dev[seat], st.dev_new[seat]
        h = st.harbours[seat] | st.harbours_new[seat]
        chosen = st.discard_chosen[seat]
        tail = [hand[0] / 10, hand[1] / 10, hand[2] / 10, hand[3] / 10, hand[4] / 10,
                dev[0] / 5, dev[1] / 5, dev[2] / 5, dev[3] / 5, dev[4] / 5,
                new[0] / 5, new[1] / 5, new[2] / 5, new[3] / 5, new[4] / 5,
                h & 1, (h >> 1) & 1, (h >> 2) & 1, (h >> 3) & 1, (h >> 4) & 1, (h >> 5) & 1,
                st.discard_owed[seat] / 10, chosen[0] / 10, chosen[1] / 10, chosen[2] / 10,
                chosen[3] / 10, chosen[4] / 10]
        seats = [0.0] * (SEATS * 12)
        longest, largest = st.longest_road, st.largest_army
        for p in range(n):
            b = ((p - seat) % n) * 12
            points = st.building_points[p] + 2 * (longest == p) + 2 * (largest == p)
            seats[b:b + 12] = (1.0, sum(st.hands[p]) / 10, sum(st.dev[p]) / 5,
                               st.knights[p] / 5, st.road_length[p] / 15, longest == p,
                               largest == p, points / 10, st.roads_left[p] / 15,
                               st.settlements_left[p] / 5, st.cities_left[p] / 4,
                               st.discard_owed[p] / 10)
        tail += seats
        bank = st.bank
        tail += (bank[0] / 19, bank[1] / 19, bank[2] / 19, bank[3] / 19, bank[4] / 19,
                 len(st.deck) / 25)
        phase = [0.0] * len(NAMES)
        phase[st.phase] = 1.0
        tail += phase
        turn = [0.0] * (SEATS + 15)
        if st.phase != OVER:
            turn[(st.current - seat) % n] = 1.0
        if st.dice:
            turn[SEATS + st.dice[0] + st.dice[1] - 2] = 1.0
        turn[SEATS + 11] = st.dev_played
        # offers the seat may still make this turn from the listed ones (0 without domestic trade)
        listed = st.options["trade_offers"] or LISTED_OFFERS_PER_TURN
        turn[SEATS + 12] = (min(3, max(0, listed - st.offers_made)) / 3
                            if st.options["domestic_trade"] else 0.0)
        turn[SEATS + 13] = st.road_building_left / 2
        turn[SEATS + 14] = min(st.turn, 3200) / 200
        tail += turn
        trade = st.trade
        offer = [0.0] * (10 + SEATS * 13)
        if trade is not None:
            offer[0:5] = [x / 3 for x in trade["give"]]
            offer[5:10] = [x / 3 for x in trade["get"]]
            for q, answer in enumerate(trade["answers"]):
                if answer is None or q == st.current:
                    continue
                b = 10 + ((q - seat) % n) * 13
                kind = answer[0]
                offer[b + ("decline", "accept", "counter").index(kind)] = 1.0
                if kind == "counter":
                    offer[b + 3:b + 8] = [x / 3 for x in answer[1]]
                    offer[b + 8:b + 13] = [x / 3 for x in answer[2]]
        tail += offer
        obs[self.f_own:] = np.fromiter(tail, np.float32, self._tail_size)
        return obs


ENCODING = CatanEncoding
__all__ = ["ENCODING", "RESOURCES", "RESOURCE_INDEX", "CatanEncoding"]
