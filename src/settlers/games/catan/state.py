"""The data of a game of Catan: fields, copies, the canonical full state. No rules here.

Data lives in flat lists of integers indexed by seat, intersection (corner) or path (edge).
The rules are functions in the modules named after the almanac entries (``setup``,
``founding``, ``turn``, ``production``, ``robber``, ``trade``, ``building``, ``development``,
``awards``, ``scoring``); ``protocol.CatanGame`` dispatches the game protocol to them.
"""

from __future__ import annotations

from typing import Any

from settlers.core import GameState

from .board import Board
from .content import (
    CARDS_EACH,
    CITIES_PER_PLAYER,
    DEV_COUNTS,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
)
from .phases import NAMES
from .topology import CORNERS, EDGES, HEXES

_LIST_FIELDS = ("corner_owner", "corner_level", "edge_owner", "bank", "deck", "knights",
                "road_length", "roads_left", "settlements_left", "cities_left", "harbours",
                "harbours_new", "settle_ok", "network", "building_points", "discard_owed",
                "founding_order", "limit_winners", "hex_yield", "road_reach")
_NESTED_FIELDS = ("hands", "dev", "dev_new", "roads", "buildings", "discard_chosen")
_SCALAR_FIELDS = ("board", "colours", "phase", "current", "first", "turn", "robber",
                  "longest_road", "largest_army", "dice", "dev_played", "offers_made",
                  "road_building_left", "road_building_return", "robber_return",
                  "trade_return", "founding_index", "last_settlement", "winner",
                  "record_events", "game", "players", "seed", "options", "version",
                  "chance", "edges_taken", "hex_seats", "to_act", "over")


class CatanState(GameState):
    """Every field of a game in progress (``protocol.CatanGame`` adds the protocol)."""

    # the island and the seats
    board: Board
    colours: tuple[str, ...]
    # pieces on the board: owner (-1 free) and level (1 settlement, 2 city) per intersection
    corner_owner: list[int]
    corner_level: list[int]
    edge_owner: list[int]
    edges_taken: int                 # bitmask of the paths holding a road
    settle_ok: list[bool]            # free and the distance rule allows a settlement
    hex_yield: list[int]             # per hex: cards its buildings take, 8 bits per seat
    hex_seats: int                   # per hex h: the seats with a building on it, bits 8h..8h+3
    robber: int
    # per seat
    hands: list[list[int]]           # resource cards (brick, lumber, wool, grain, ore)
    dev: list[list[int]]             # development cards held, by kind
    dev_new: list[list[int]]         # of which bought this turn
    knights: list[int]               # knights played
    roads: list[list[int]]
    buildings: list[list[int]]
    network: list[int]               # bitmask of intersections the seat's roads touch
    road_reach: list[int]            # bitmask of paths at corners of the network (no rival's)
    road_length: list[int]
    roads_left: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    building_points: list[int]
    harbours: list[int]              # harbour bitmask usable now
    harbours_new: list[int]          # harbours founded this turn (usable next turn)
    discard_owed: list[int]          # cards still to pick in a pending 7-discard
    discard_chosen: list[list[int]]  # cards picked so far (hidden until all are done)
    # the bank and the deck
    bank: list[int]
    deck: list[int]
    # awards: holder seat or -1
    longest_road: int
    largest_army: int
    # the turn
    phase: int
    current: int
    first: int
    turn: int
    dice: tuple[int, int] | None
    dev_played: bool
    offers_made: int
    trade: dict[str, Any] | None     # pending domestic offer: give, get, answers per seat
    trade_return: int
    road_building_left: int
    road_building_return: int
    robber_return: int
    founding_order: list[int]
    founding_index: int
    last_settlement: int
    winner: int
    limit_winners: list[int]
    chance: int                      # SplitMix64 counter for all chance after set-up

    def init_fields(self, board: Board, colours: tuple[str, ...]) -> None:
        """Every field at its value before the first piece is placed (deck unshuffled)."""
        n = self.players
        self.colours = colours
        self.board = board
        self.robber = board.desert
        self.corner_owner = [-1] * CORNERS
        self.corner_level = [0] * CORNERS
        self.edge_owner = [-1] * EDGES
        self.edges_taken = 0
        self.settle_ok = [True] * CORNERS
        self.hex_yield = [0] * HEXES
        self.hex_seats = 0
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [CARDS_EACH] * 5
        self.deck = [card for card, k in enumerate(DEV_COUNTS) for _ in range(k)]
        self.dev = [[0] * 5 for _ in range(n)]
        self.dev_new = [[0] * 5 for _ in range(n)]
        self.knights = [0] * n
        self.roads = [[] for _ in range(n)]
        self.buildings = [[] for _ in range(n)]
        self.network = [0] * n
        self.road_reach = [0] * n
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
        self.dice = None
        self.dev_played = False
        self.offers_made = 0
        self.trade = None
        self.trade_return = -1
        self.road_building_left = 0
        self.road_building_return = -1
        self.robber_return = -1
        self.turn = 0
        self.winner = -1
        self.limit_winners = []
        self.founding_order = []
        self.founding_index = 0
        self.last_settlement = -1
        self.first = -1
        self.current = -1
        self.phase = -1
        self.chance = 0

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
        nd["log"] = self.log.share()  # append-only: shared, not copied (core/actionlog.py)
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
