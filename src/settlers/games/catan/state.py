"""The state of a game of Catan and the turn structure («Ход игры»).

Data lives in flat lists of integers indexed by seat, intersection (corner) or path (edge);
the rules live in the modules named after the almanac entries (founding, production, robber,
trade, building, development, awards, scoring). This module dispatches actions by phase.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action, GameState, IllegalAction

from . import building, development, founding, hidden, robber, scoring, trade
from .actions import (
    BUILD_CITY,
    BUILD_ROAD,
    BUILD_SETTLEMENT,
    BUY_DEVELOPMENT,
    END_TURN,
    ROLL,
    START_BUILDING,
    AcceptTrade,
    AnswerTrade,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CounterOffer,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlaceRoad,
    PlaceSettlement,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    StartBuilding,
    WithdrawTrade,
)
from .board import BEGINNER, Board, random_board
from .chance import next_value
from .components import (
    CARDS_EACH,
    CITIES_PER_PLAYER,
    COST_CITY,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_COUNTS,
    RESOURCE_INDEX,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
    colours,
)
from .phases import (
    BUILD,
    DISCARD,
    MAIN,
    NAMES,
    OVER,
    ROAD_BUILDING,
    ROBBER,
    TRADE,
    TRADE_ANSWERS,
    TRADE_CHOOSE,
)
from .phases import ROLL as ROLL_PHASE
from .production import produce
from .topology import CORNER_LABELS, CORNERS, EDGE_LABELS, EDGES

_LIST_FIELDS = ("corner_owner", "corner_level", "edge_owner", "bank", "deck", "knights",
                "road_length", "roads_left", "settlements_left", "cities_left", "harbours",
                "harbours_new", "settle_ok", "network", "building_points", "discard_owed",
                "founding_order", "limit_winners")
_NESTED_FIELDS = ("hands", "dev", "dev_new", "roads", "buildings", "discard_chosen")
_SCALAR_FIELDS = ("board", "colours", "phase", "current", "first", "turn", "robber",
                  "longest_road", "largest_army", "dice", "dev_played", "offers_made",
                  "road_building_left", "road_building_return", "robber_return",
                  "trade_return", "founding_index", "last_settlement", "winner",
                  "record_events", "game", "players", "seed", "options", "version",
                  "chance")


class CatanState(GameState):
    # ------------------------------------------------------------------ set-up
    def setup(self) -> None:
        n = self.players
        self.colours: tuple[str, ...] = colours(n)
        if self.options["board"] == "beginner":
            self.board: Board = BEGINNER["board"]
        else:
            self.board = random_board(self.rng)
        self.robber = self.board.desert
        self.corner_owner = [-1] * CORNERS
        self.corner_level = [0] * CORNERS
        self.edge_owner = [-1] * EDGES
        self.settle_ok = [True] * CORNERS
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [CARDS_EACH] * 5
        self.deck = [card for card, k in enumerate(DEV_COUNTS) for _ in range(k)]
        self.rng.shuffle(self.deck)
        self.dev = [[0] * 5 for _ in range(n)]
        self.dev_new = [[0] * 5 for _ in range(n)]
        self.knights = [0] * n
        self.roads: list[list[int]] = [[] for _ in range(n)]
        self.buildings: list[list[int]] = [[] for _ in range(n)]
        self.network = [0] * n
        self.road_length = [0] * n
        self.roads_left = [ROADS_PER_PLAYER] * n
        self.settlements_left = [SETTLEMENTS_PER_PLAYER] * n
        self.cities_left = [CITIES_PER_PLAYER] * n
        self.building_points = [0] * n
        self.harbours = [0] * n
        self.harbours_new = [0] * n
        self.discard_owed = [0] * n
        self.discard_chosen = [[0] * 5 for _ in range(n)]
        self.longest_road = -1
        self.largest_army = -1
        self.dice: tuple[int, int] | None = None
        self.dev_played = False
        self.offers_made = 0
        self.trade: dict[str, Any] | None = None
        self.trade_return = -1
        self.road_building_left = 0
        self.road_building_return = -1
        self.robber_return = -1
        self.turn = 0
        self.winner = -1
        self.limit_winners: list[int] = []
        self.founding_order: list[int] = []
        self.founding_index = 0
        self.last_settlement = -1
        self.first = founding.roll_for_first(self)
        self.chance: int = self.rng.getrandbits(64)  # all later chance: chance.py
        self.current = self.first
        if self.options["board"] == "beginner":
            self.phase = ROLL_PHASE
            founding.beginner_setup(self)
        else:
            founding.start_founding(self)

    def after_roll_phase(self) -> int:
        return TRADE if self.options["phases"] == "separate" else MAIN

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == DISCARD:
            return tuple(p for p in range(self.players) if self.discard_owed[p])
        if phase == TRADE_ANSWERS:
            answers = self.trade["answers"]
            return tuple(q for q in range(self.players)
                         if q != self.current and answers[q] is None)
        return (self.current,)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(scoring.points(self, p)) for p in range(self.players)]

    def public_scores(self) -> list[float]:
        """Points without the hidden victory point cards («Карты победных очков»)."""
        return [float(scoring.public_points(self, p)) for p in range(self.players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        return [self.winner] if self.winner >= 0 else list(self.limit_winners)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == DISCARD:
            return robber.legal_discards(self, seat)
        if phase == TRADE_ANSWERS:
            return trade.legal_answers(self, seat)
        if seat != self.current or phase == OVER:
            return []
        if phase == ROLL_PHASE:
            return [ROLL, *development.legal_plays(self)]
        if phase in (TRADE, BUILD, MAIN):
            return self._turn_actions(seat, phase)
        if phase == ROBBER:
            return robber.legal_robber_moves(self)
        if phase == TRADE_CHOOSE:
            return trade.legal_choices(self)
        if phase == ROAD_BUILDING:
            return [BUILD_ROAD[e] for e in building.road_paths(self, seat)]
        return founding.legal_founding(self)

    def _turn_actions(self, p: int, phase: int) -> list[Action]:
        out: list[Action] = []
        if phase != BUILD:
            if trade.may_offer(self):
                out.extend(trade.listed_offers(self))
            out.extend(trade.legal_maritime(self))
        if phase != TRADE:
            hand = self.hands[p]
            if self.roads_left[p] and hand[0] >= COST_ROAD[0] and hand[1] >= COST_ROAD[1]:
                out.extend(BUILD_ROAD[e] for e in building.road_paths(self, p))
            if self.settlements_left[p] and building.can_afford(hand, COST_SETTLEMENT):
                out.extend(BUILD_SETTLEMENT[c] for c in building.settlement_spots(self, p))
            if self.cities_left[p] and building.can_afford(hand, COST_CITY):
                out.extend(BUILD_CITY[c] for c in building.city_spots(self, p))
            if development.can_buy(self):
                out.append(BUY_DEVELOPMENT)
        out.extend(development.legal_plays(self))
        if phase == TRADE:
            out.append(START_BUILDING)
        out.append(END_TURN)
        return out

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        kind = type(action)
        if kind is OfferTrade and self.phase in (TRADE, MAIN) and seat == self.current:
            if self.offers_made >= self.options["trade_offers"]:
                return IllegalAction("catan.err.no_offers_left",
                                     limit=self.options["trade_offers"])
            key = trade.offer_problem(self.hands[seat], action.give, action.get)
            return IllegalAction(key) if key else None
        if kind is CounterOffer and self.phase == TRADE_ANSWERS and seat in self.to_act:
            key = trade.offer_problem(self.hands[seat], action.give, action.get)
            return IllegalAction(key) if key else None
        if action in self.legal_actions(seat):
            return None
        from .explain import why_illegal
        return why_illegal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        # handlers that can change the points of the player to move call check_victory
        _HANDLERS[type(action)](self, seat, action)

    # ------------------------------------------------------------------ turn
    def roll(self) -> None:
        d1, d2 = self.roll_dice()
        self.dice = (d1, d2)
        if self.record_events:
            self.emit("catan.ev.rolled", seat=self.current, dice=[d1, d2], total=d1 + d2)
        if d1 + d2 == 7:
            robber.start_seven(self)
        else:
            produce(self, d1 + d2)
            self.phase = self.after_roll_phase()

    def roll_dice(self) -> tuple[int, int]:
        """Two dice from the chance counter (see chance.py)."""
        z = self.draw(36)
        return z % 6 + 1, z // 6 + 1

    def draw(self, n: int) -> int:
        """A uniform pseudo-random number in 0..n-1 from the chance counter."""
        self.chance, z = next_value(self.chance)
        return z % n

    def end_turn(self) -> None:
        p = self.current
        self.harbours[p] |= self.harbours_new[p]
        self.harbours_new[p] = 0
        self.dev_new[p] = [0, 0, 0, 0, 0]
        self.dev_played = False
        self.offers_made = 0
        self.dice = None
        limit = self.options["turn_limit"]
        if limit and self.turn >= limit:
            scoring.end_by_turn_limit(self)
            return
        self.current = (p + 1) % self.players
        self.turn += 1
        self.phase = ROLL_PHASE
        if self.record_events:
            self.emit("catan.ev.turn", seat=self.current, turn=self.turn)
        scoring.check_victory(self)  # «в начале ... хода»

    # ------------------------------------------------------------------ copies, equality
    def clone(self) -> CatanState:
        new = object.__new__(type(self))
        d = self.__dict__
        nd = new.__dict__
        for name in _SCALAR_FIELDS:
            nd[name] = d[name]
        for name in _LIST_FIELDS:
            nd[name] = d[name][:]
        for name in _NESTED_FIELDS:
            nd[name] = [x[:] for x in d[name]]
        t = d["trade"]
        nd["trade"] = None if t is None else {"give": t["give"], "get": t["get"],
                                              "answers": t["answers"][:]}
        nd["rng"] = self.rng  # never advanced after set-up (chance.py): safe to share
        nd["log"] = self.log[:]
        nd["events"] = self.events[:]
        return new

    def full_state(self) -> dict[str, Any]:
        t = self.trade
        return {
            "board": self.board.to_json(),
            "phase": NAMES[self.phase], "current": self.current, "first": self.first,
            "turn": self.turn, "robber": self.robber, "dice": self.dice,
            "corner_owner": self.corner_owner, "corner_level": self.corner_level,
            "edge_owner": self.edge_owner, "hands": self.hands, "bank": self.bank,
            "deck": self.deck, "dev": self.dev, "dev_new": self.dev_new,
            "knights": self.knights, "longest_road": self.longest_road,
            "largest_army": self.largest_army, "road_length": self.road_length,
            "roads_left": self.roads_left, "settlements_left": self.settlements_left,
            "cities_left": self.cities_left, "harbours": self.harbours,
            "harbours_new": self.harbours_new, "discard_owed": self.discard_owed,
            "discard_chosen": self.discard_chosen, "dev_played": self.dev_played,
            "offers_made": self.offers_made,
            "trade": None if t is None else {"give": list(t["give"]), "get": list(t["get"]),
                                             "answers": [None if a is None else
                                                         [a[0], *map(list, a[1:])]
                                                         for a in t["answers"]]},
            "trade_return": self.trade_return, "road_building_left": self.road_building_left,
            "road_building_return": self.road_building_return,
            "robber_return": self.robber_return, "founding_order": self.founding_order,
            "founding_index": self.founding_index, "last_settlement": self.last_settlement,
            "winner": self.winner, "limit_winners": self.limit_winners,
            "chance": self.chance,
        }

    # ------------------------------------------------------------------ views & bots
    def _view(self, seat: int | None) -> dict[str, Any]:
        from .view import state_view
        return state_view(self, seat)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        hidden.redraw(self, seat, rng)

    def evaluate(self, seat: int) -> float:
        from .heuristic import evaluate
        return evaluate(self, seat)

    def render(self, seat: int | None, lang: str) -> str:
        from .render import render
        return render(self, seat, lang)

    def describe_action(self, action: Action, lang: str) -> str:
        from .describe import describe
        return describe(self, action, lang)

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        """A 7-discard is chosen in secret: others see that a card was picked, not which
        (the «discarded» event shows them all once everybody is done)."""
        data = action.to_json()
        if type(action) is Discard and viewer != actor:
            data["resource"] = None
        return data


# ---------------------------------------------------------------------- action handlers
def _place_settlement(st: CatanState, p: int, a: PlaceSettlement) -> None:
    founding.found_settlement(st, a.intersection)


def _place_road(st: CatanState, p: int, a: PlaceRoad) -> None:
    founding.found_road(st, a.path)


def _roll(st: CatanState, p: int, a: RollDice) -> None:
    st.roll()


def _start_building(st: CatanState, p: int, a: StartBuilding) -> None:
    st.phase = BUILD


def _end_turn(st: CatanState, p: int, a: EndTurn) -> None:
    st.end_turn()


def _discard(st: CatanState, p: int, a: Discard) -> None:
    robber.discard(st, p, RESOURCE_INDEX[a.resource])


def _move_robber(st: CatanState, p: int, a: MoveRobber) -> None:
    robber.move_robber(st, a.hex, a.victim)


def _offer(st: CatanState, p: int, a: OfferTrade) -> None:
    trade.offer(st, a.give, a.get)


def _answer(st: CatanState, p: int, a: AnswerTrade) -> None:
    trade.answer(st, p, ("accept",) if a.accept else ("decline",))


def _counter(st: CatanState, p: int, a: CounterOffer) -> None:
    trade.answer(st, p, ("counter", a.give, a.get))


def _accept(st: CatanState, p: int, a: AcceptTrade) -> None:
    trade.accept(st, a.seat)


def _withdraw(st: CatanState, p: int, a: WithdrawTrade) -> None:
    trade.close(st, "catan.ev.withdrawn")


def _maritime(st: CatanState, p: int, a: MaritimeTrade) -> None:
    trade.maritime(st, RESOURCE_INDEX[a.give], RESOURCE_INDEX[a.get])


def _build_road(st: CatanState, p: int, a: BuildRoad) -> None:
    if st.phase == ROAD_BUILDING:
        building.place_road(st, p, a.path)
        st.road_building_left -= 1
        if (not st.road_building_left or not st.roads_left[p]
                or not building.road_paths(st, p)):
            st.road_building_left = 0
            st.phase = st.road_building_return
            st.road_building_return = -1
    else:
        building.pay(st, p, COST_ROAD)
        building.place_road(st, p, a.path)
    if st.record_events:
        st.emit("catan.ev.road", seat=p, path=EDGE_LABELS[a.path])
    scoring.check_victory(st)


def _build_settlement(st: CatanState, p: int, a: BuildSettlement) -> None:
    building.pay(st, p, COST_SETTLEMENT)
    building.place_settlement(st, p, a.intersection)
    if st.record_events:
        st.emit("catan.ev.settlement", seat=p, intersection=CORNER_LABELS[a.intersection])
    scoring.check_victory(st)


def _build_city(st: CatanState, p: int, a: BuildCity) -> None:
    building.pay(st, p, COST_CITY)
    building.place_city(st, p, a.intersection)
    if st.record_events:
        st.emit("catan.ev.city", seat=p, intersection=CORNER_LABELS[a.intersection])
    scoring.check_victory(st)


def _buy(st: CatanState, p: int, a: BuyDevelopmentCard) -> None:
    development.buy(st)
    scoring.check_victory(st)


def _knight(st: CatanState, p: int, a: PlayKnight) -> None:
    development.play_knight(st)
    scoring.check_victory(st)


def _road_building(st: CatanState, p: int, a: PlayRoadBuilding) -> None:
    development.play_road_building(st)


def _year_of_plenty(st: CatanState, p: int, a: PlayYearOfPlenty) -> None:
    development.play_year_of_plenty(st, [RESOURCE_INDEX[r] for r in a.resources])


def _monopoly(st: CatanState, p: int, a: PlayMonopoly) -> None:
    development.play_monopoly(st, RESOURCE_INDEX[a.resource])


_HANDLERS: dict[type, Any] = {
    PlaceSettlement: _place_settlement, PlaceRoad: _place_road, RollDice: _roll,
    StartBuilding: _start_building, EndTurn: _end_turn, Discard: _discard,
    MoveRobber: _move_robber, OfferTrade: _offer, AnswerTrade: _answer,
    CounterOffer: _counter, AcceptTrade: _accept, WithdrawTrade: _withdraw,
    MaritimeTrade: _maritime, BuildRoad: _build_road, BuildSettlement: _build_settlement,
    BuildCity: _build_city, BuyDevelopmentCard: _buy, PlayKnight: _knight,
    PlayRoadBuilding: _road_building, PlayYearOfPlenty: _year_of_plenty,
    PlayMonopoly: _monopoly,
}
