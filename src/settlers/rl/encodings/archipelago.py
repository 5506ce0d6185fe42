"""Archipelago: a fixed encoding (declared with :mod:`settlers.rl.schema`, two blocks by hand).

Numbering (``ArchipelagoEncoding(players).actions.table()`` prints every range):

* **regions** are their placement index 0–24 (0 = the start region; public, never renumbered);
  **hexes** the 24 region tiles 0–23; **cards** the 48 evolution cards by id, **seats** are
  relative to the deciding seat (0 = itself, 1 = the next, …) — in ``propose``, ``gift``, the
  Spy and the Thief, and ``set_order`` (the order as relative seats);
* **units** are relative too: the game numbers each seat's pieces in one run (inhabitants,
  then ships), so the deciding seat's own pieces are 0…k-1, the next seat's k…2k-1, …;
* ``place_start`` (turn 0): hex × side × the cell around the start region (direction 0–5)
  × rotation; ``place_region`` (exploration; the hex is the drawn one): side × cell of a
  hex window of radius 5 around the start × rotation × the direction (0–5) in which the
  region of the unit that moves in lies × the building that unit leaves (0 none, 1–4 town,
  market, port, church: L511-515, a unit in a building is a choice of its own). A placement beyond the window has no index
  (``OutsideActionSpace``, left out of the mask and counted — the tests show seeded games
  never need one);
* ``use_card``: one index per (card, argument) the card can ever take — the Pirate's ship
  (relative unit), the Assassin's character card, the Spy's and Thief's seat (relative), the
  resource of the Merchant/Exporter, a region (Barbarian, Shipbuilding), building × region
  (Architecture), resource × direction (Foreign/Domestic trade), the Agriculture Minister's
  cubes, the Church gifts' 1 or 2, the Treasurer's count of 5f shown (1–27), or nothing;
* every other kind is the product of its fields (bids 0–99, items of an offer, answers,
  card picks by their name, track slots, resources, …).

Observation (read from ``view(seat)`` only; ``.features.table()`` lists it): turn, phase,
step, actor, the turn order (relative), the step's data (hex drawn, hexes to pick from,
revealed cards, the offer under way…); per region slot 0–24: present, position, the six
edges (field/mountain/sea), resource icons, huts, strait, each building with its controller
(relative), plundered icons, and per relative seat its standing/lying inhabitants, ships,
engaged and housed units; wonders per seat; the stack top and discards, the seat's own hand
(turn 0) and every hand size; markers (population, rebellion, surplus, recruit price);
boards I–II (cubes per resource), the bank, the wheel's limited zones and coins, the piles;
the track (card, rotation, price per slot), deck size and back, discarded cards, trends; per
relative seat the public counts (discs, cards with turned/built, philanthropist, passed, has
bid, objectives count, last bid) and, for the seat itself, the screen (money, explorer tokens,
cubes, its bid, its objectives or the two to choose from).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

import numpy as np

from settlers.core import Action, GameState
from settlers.games.archipelago import actions as A
from settlers.games.archipelago.board import DIRS
from settlers.games.archipelago.building import BY_SHORE, KINDS
from settlers.games.archipelago.content import BUILDINGS, RESOURCES
from settlers.games.archipelago.negotiation import CARD, ITEMS, PERMIT
from settlers.games.archipelago.unit import BUILDING
from settlers.rl.fixed import OutsideActionSpace
from settlers.rl.schema import (
    BOOL,
    SEATS,
    Counts,
    Feature,
    Ints,
    Multiset,
    Number,
    Numbers,
    OneHot,
    PerSeat,
    SchemaEncoding,
    Seat,
    SeatOf,
    SeatSet,
    Values,
    get,
)

HEXES = 24
REGIONS = HEXES + 1
RADIUS = 5
MAX_UNITS = 70   # 14 pieces a seat with 5 players, 28 (two colours) with 2
MAX_BID = 99
MAX_MONEY = 135   # the florins of the game (L36-40)
EDGES = ("f", "m", "s")
PHASES = ("start", "bids", "order", "crisis", "actions", "buy", "over")
STEPS = ("place_start", "choose_shores", "choose_cubes", "keep_objective", "bid", "bids",
         "bribes", "order", "round", "round_over", "explore_draw", "explore_pick", "explore_place",
         "recruit", "migrate", "harvest", "trades", "domestic", "export", "reveal",
         "pirate_pay", "thief_hands", "thief_pick", "move_cubes", "offer", "answer", "buy",
         "reproduce", "missionary", "expel")
RES = RESOURCES
CELLS = tuple(sorted((q, r) for q in range(-RADIUS, RADIUS + 1)
                     for r in range(-RADIUS, RADIUS + 1) if abs(q + r) <= RADIUS))
CELL_INDEX = {c: i for i, c in enumerate(CELLS)}
#: the building an exploring unit leaves: 0 none, then BUILDINGS in order (a placement index)
HOUSED = 1 + len(BUILDINGS)


def _housed(building: str) -> int:
    return BUILDINGS.index(building) + 1 if building else 0


@lru_cache(maxsize=1)
def _content() -> Any:
    import settlers

    return settlers.load("archipelago").new_state(2, 0, {}).content  # type: ignore[attr-defined]


def _unique(values: Any) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(values))


# ============================================================== action domains
class Unit:
    """A unit, relative to the deciding seat: the game numbers each seat's pieces in one run,
    so rotating by ``seat × pieces a seat`` puts the decider's own pieces first."""

    size = MAX_UNITS

    def index(self, value: Any, seat: int, state: Any) -> int:
        total = len(state.units)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < total:
            raise OutsideActionSpace(f"{value!r} is not a unit")
        return int((value - seat * (total // state.players)) % total)

    def value(self, index: int, seat: int, state: Any) -> Any:
        total = len(state.units)
        if index >= total:
            raise OutsideActionSpace(f"unit {index} with {total} units")
        return (index + seat * (total // state.players)) % total

    def __repr__(self) -> str:
        return f"relative unit (0..{MAX_UNITS - 1})"


class Order:
    """A turn order as relative seats: one index per permutation of 2–5 seats."""

    def __init__(self) -> None:
        self.values = [p for n in range(2, SEATS + 1) for p in permutations(range(n))]
        self._index = {p: i for i, p in enumerate(self.values)}
        self.size = len(self.values)

    def index(self, value: Any, seat: int, state: Any) -> int:
        n = state.players
        if not isinstance(value, tuple) or sorted(value) != list(range(n)):
            raise OutsideActionSpace(f"{value!r} is not an order of {n} seats")
        return self._index[tuple((s - seat) % n for s in value)]

    def value(self, index: int, seat: int, state: Any) -> Any:
        perm = self.values[index]
        if len(perm) != state.players:
            raise OutsideActionSpace(f"an order of {len(perm)} seats with {state.players}")
        return tuple((seat + p) % state.players for p in perm)

    def __repr__(self) -> str:
        return f"relative order ({self.size} permutations of 2–5 seats)"


def _pick_values() -> tuple[str, ...]:
    c = _content()
    return _unique([*(card.id for card in c.cards), *RES, "", "left", "right",
                    "inhabitant", "surplus",   # the Missionary's hut (L1448)
                    *(f"{r}>" for r in RES), *(f"{r}<" for r in RES),
                    *(str(i) for i in range(max(HEXES, len(c.objectives))))])


def _shores() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple([0] * (n - ones) + [1] * ones)
                 for n in range(0, 21) for ones in range(n + 1))


# ============================================================== features
class RegionPlanes(Feature):
    """Per region slot (0–24): present, q/5, r/5, the six edges one-hot (f, m, s), icons per
    resource, huts, strait, each building (town, market, port, church) with its controller as
    a relative seat (slot 5: nobody), plundered icons, and per relative seat its standing
    inhabitants, lying inhabitants, ships, engaged units and units in a building."""

    path = "state/regions"
    meaning = __doc__.split(":", 1)[1].strip()
    SEAT_WIDTH = 5
    WIDTH = 3 + 6 * len(EDGES) + len(RES) + 2 + len(BUILDINGS) * (SEATS + 1) + 1 \
        + SEATS * SEAT_WIDTH

    def size(self, players: int) -> int:
        return REGIONS * self.WIDTH

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        seat, n = ctx["seat"], ctx["players"]
        units_at = start + self.WIDTH - SEATS * self.SEAT_WIDTH
        for reg in get(view, self.path) or []:
            k = reg["index"]
            if not 0 <= k < REGIONS:
                continue
            b = start + k * self.WIDTH
            obs[b], obs[b + 1], obs[b + 2] = 1.0, reg["q"] / RADIUS, reg["r"] / RADIUS
            b += 3
            for d, e in enumerate(reg["edges"][:6]):
                if e in EDGES:
                    obs[b + d * len(EDGES) + EDGES.index(e)] = 1.0
            b += 6 * len(EDGES)
            for icon in reg["icons"]:
                obs[b + RES.index(icon)] += 1.0 / 3
            b += len(RES)
            obs[b], obs[b + 1] = reg["huts"] / 3, float(bool(reg["strait"]))
            b += 2
            for kind, owner in reg["buildings"].items():
                if kind in BUILDINGS:
                    rel = (owner - seat) % n if isinstance(owner, int) and 0 <= owner < n \
                        else SEATS
                    obs[b + BUILDINGS.index(kind) * (SEATS + 1) + rel] = 1.0
            b += len(BUILDINGS) * (SEATS + 1)
            obs[b] = len(reg["plundered"]) / 3
        for u in get(view, "state/units") or []:
            k, owner = u["region"], u["owner"]
            if not 0 <= k < REGIONS or not 0 <= owner < n:
                continue
            b = units_at + k * self.WIDTH + ((owner - seat) % n) * self.SEAT_WIDTH
            if u["ship"]:
                obs[b + 2] += 0.25
            else:
                obs[b + (0 if u["standing"] else 1)] += 0.25
            obs[b + 3] += 0.25 * bool(u["engaged"])
            obs[b + 4] += 0.25 * bool(u["building"])


class Wonders(Feature):
    """Wonders built per relative seat (units that left for a wonder)."""

    path = "state/units"
    meaning = "wonders per relative seat"

    def size(self, players: int) -> int:
        return SEATS

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        for u in get(view, self.path) or []:
            if u["region"] == -2 and 0 <= u["owner"] < ctx["players"]:
                obs[start + (u["owner"] - ctx["seat"]) % ctx["players"]] += 1.0


class RelSeats(Feature):
    """A list of absolute seats (the turn order): position i → the relative seat one-hot."""

    def __init__(self, path: str, meaning: str = "") -> None:
        self.path, self.meaning = path, meaning

    def size(self, players: int) -> int:
        return SEATS * SEATS

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        n = ctx["players"]
        for i, s in enumerate((get(view, self.path) or [])[:SEATS]):
            if isinstance(s, int) and 0 <= s < n:
                obs[start + i * SEATS + (s - ctx["seat"]) % n] = 1.0


class RelNumbers(Feature):
    """A list with one number per absolute seat, rotated so the viewer comes first."""

    def __init__(self, path: str, scale: float, meaning: str = "") -> None:
        self.path, self.scale, self.meaning = path, scale, meaning

    def size(self, players: int) -> int:
        return SEATS

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        n = ctx["players"]
        for s, value in enumerate((get(view, self.path) or [])[:n]):
            if isinstance(value, int | float):
                obs[start + (s - ctx["seat"]) % n] = value / self.scale


class OwnHand(Feature):
    """The viewer's own turn-0 hexes (the others' hands are face down)."""

    path = "state/hands"
    meaning = "own hexes in hand (turn 0)"

    def size(self, players: int) -> int:
        return HEXES

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        hands = get(view, self.path) or []
        for h in (hands[ctx["seat"]] if ctx["seat"] < len(hands) else None) or []:
            if 0 <= h < HEXES:
                obs[start + h] += 1.0


class Ids(Feature):
    """A list of records counted by their ``key`` (cards owned, objectives); with ``flags``,
    each flag that is set adds 1 (a turned card: 2, a built wonder: 3…)."""

    def __init__(self, path: str, ids: tuple[str, ...], key: str = "id",
                 flags: tuple[str, ...] = (), meaning: str = "") -> None:
        self.path, self.ids, self.key, self.flags = path, ids, key, flags
        self.meaning = meaning
        self._index = {v: i for i, v in enumerate(ids)}

    def size(self, players: int) -> int:
        return len(self.ids)

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        for rec in get(view, self.path) or []:
            i = self._index.get(str(rec.get(self.key))) if isinstance(rec, dict) else None
            if i is not None:
                obs[start + i] += 1.0 + sum(bool(rec.get(f)) for f in self.flags)


# ============================================================== the encoding
class ArchipelagoEncoding(SchemaEncoding):
    game_id = "archipelago"

    def __init__(self, players: int = 4) -> None:
        c = _content()
        card_ids = tuple(card.id for card in c.cards)
        self.card_ids = card_ids
        wonders = tuple(card.id for card in c.cards if card.use == "wonder")
        # L229: cards change hands too; a harvest permission is given region by region (L709)
        items = (*ITEMS, *(PERMIT + str(k) for k in range(REGIONS)),
                 *(CARD + card for card in card_ids))
        res, res0 = Values(RES), Values(("", *RES))
        region, unit = Ints(0, REGIONS - 1), Unit()
        self.ACTIONS = {
            A.RedrawHexes: {},
            A.ChooseCubes: {"market": res0, "keep": res0},
            A.ChooseShores: {"shores": Values(_shores())},
            A.TakeHex: {}, A.SkipHex: {}, A.FailExplore: {},
            A.Bid: {"amount": Ints(0, MAX_BID)},
            A.SetOrder: {"order": Order()},
            A.Supply: {"own": BOOL},
            A.Raise: {"unit": unit},
            A.UseChurch: {"region": region},
            A.PassCrisis: {},
            A.ExchangeToken: {"resource": res},
            A.Taxes: {},
            A.Trade: {"market": Ints(0, 1), "resource": res, "buy": BOOL},
            A.Explore: {}, A.Reproduce: {}, A.ReproduceIn: {"region": region}, A.Recruit: {},
            A.RecruitTo: {"region": region, "shore": Ints(0, 1)},
            A.Migrate: {},
            A.MoveUnit: {"unit": unit, "region": region, "building": Values(("", *BUILDINGS))},
            A.Build: {"what": Values(KINDS), "region": region, "by": Values(("", "ship", *BUILDINGS, *BY_SHORE))},
            A.Harvest: {"resource": res},
            A.HarvestWith: {"unit": unit},
            A.UseBuilding: {"region": region, "what": Values(("market", "port"))},
            A.Expel: {"region": region, "what": Values(("market", "port")), "shore": Ints(0, 1)},
            A.BuildWonder: {"card": Values(wonders), "unit": unit},
            A.Done: {}, A.EndRound: {},
            A.Pick: {"value": Values(_pick_values())},
            A.ThiefHands: {"left": res0, "right": res0},
            A.BuyCard: {"slot": Ints(0, 4), "turn": Ints(-1, 4)},
            A.TurnTwo: {"first": Ints(0, 4), "second": Ints(0, 4)},
            A.Propose: {"to": Seat()},
            A.AddGive: {"item": Values(items)}, A.AddWant: {"item": Values(items)},
            A.SendOffer: {}, A.CancelOffer: {},
            A.Answer: {"accept": BOOL},
            A.Gift: {"to": Seat(), "item": Values(items)},
        }
        objective_ids = tuple(o["id"] for o in c.objectives)
        trend_ids = tuple(t["id"] for t in c.trends)
        hexes, cards = tuple(range(HEXES)), tuple(range(len(card_ids)))
        self.FEATURES = [
            Number("state/turn", 10.0, "turn/10"),
            OneHot("state/phase", PHASES, "phase"),
            OneHot("state/step", STEPS, "the decision awaited"),
            SeatOf("state/actor", "actor (relative)"),
            RelSeats("state/order", "turn order: relative seat at each position"),
            OneHot("state/ctx/hex", hexes, "the hex drawn (exploration)"),
            Multiset("state/ctx/drawn", hexes, 1.0, "hexes drawn to pick from"),
            Multiset("state/ctx/cards", cards, 1.0, "revealed cards (by content index)"),
            OneHot("state/ctx/kind", ("domestic", "export"), "market of the trades"),
            Number("state/ctx/left", 5.0, "steps or trades left"),
            SeatOf("state/ctx/decider", "who orders the turn (during the bribes)"),
            Number("state/ctx/n", 5.0, "units left to move / recruit"),
            Number("state/ctx/raise_left", 5.0, "units to raise (crisis)"),
            Number("state/ctx/res", 6.0, "the crisis' or harvest's resource"),
            Number("state/ctx/ratio", 10.0), Number("state/ctx/skips", 5.0),
            Number("state/ctx/moved", 5.0, "units moved"),
            Number("state/ctx/landed", 5.0, "units landed"),
            SeatOf("state/ctx/victim", "victim of the Pirate/Thief"),
            SeatOf("state/ctx/thief", "the Pirate/Thief"),
            RegionPlanes(),
            Wonders(),
            OneHot("state/stack_top/hex", hexes, "stack top"),
            Number("state/stack_size", 24.0),
            Multiset("state/hex_discard", hexes, 1.0, "discarded hexes"),
            OwnHand(),
            RelNumbers("state/hand_sizes", 3.0, "hexes in each hand"),
            Number("state/markers/population", 20.0), Number("state/markers/rebellion", 20.0),
            Number("state/markers/surplus", 10.0), Number("state/markers/recruit_price", 5.0),
            Counts("state/markets/domestic", RES, 5.0, "board I cubes"),
            Counts("state/markets/export", RES, 5.0, "board II cubes"),
            Number("state/bank/money", 50.0), Counts("state/bank/cubes", RES, 10.0),
            Counts("state/wheel", ("taxes", "explore"), 3.0, "limited wheel zones used"),
            Number("state/wheel_coins", 10.0),
            Numbers("state/piles", 4, 10.0, "explorer token piles"),
            *[f for i in range(5) for f in (
                OneHot(f"state/track/{i}/card", card_ids, f"track slot {i}"),
                Number(f"state/track/{i}/rotation", 4.0), Number(f"state/track/{i}/price", 10.0))],
            Number("state/deck_size", 48.0),
            Number("state/deck_top_back/normal"), Number("state/deck_top_back/red"),
            Multiset("state/card_discard", card_ids, 1.0, "discarded cards"),
            Multiset("state/trends", trend_ids, 1.0, "trend cards"),
            PerSeat("state/players", [
                Number("discs", 5.0), Number("discs_used", 5.0),
                Ids("cards", card_ids, key="card", flags=("turned", "built"),
                    meaning="cards in front (1, +1 turned, +1 built)"),
                Number("philanthropist", 5.0), Counts("token_cubes", RES, 3.0),
                Number("passed"), Number("has_bid"), Number("objective_count", 3.0),
                Number("money", 30.0), Number("tokens", 10.0), Counts("cubes", RES, 5.0),
                Number("bid", 20.0), Ids("objectives", objective_ids),
                Ids("choose_objective", objective_ids)], "per relative seat"),
            RelNumbers("state/last_bids", 20.0, "the last revealed bids"),
            SeatOf("state/offer/from", "offer: from"), SeatOf("state/offer/to", "offer: to"),
            Multiset("state/offer/give", items, 3.0), Multiset("state/offer/want", items, 3.0),
            Number("state/offer/sent"),
            SeatSet("to_act", "seats owing a decision"),
        ]
        super().__init__(players)
        self._extra_blocks()

    # ---------------------------------------------------------- hand-made blocks
    def _extra_blocks(self) -> None:
        self.start_block = self.actions.add(
            "place_start", HEXES * 2 * 6 * 6,
            "turn 0: hex (0..23) × side (0..1) × cell around the start (direction 0..5) × "
            "rotation (0..5)")
        self.place_block = self.actions.add(
            "place_region", 2 * len(CELLS) * 6 * 6 * HOUSED,
            f"exploration, the drawn hex: side (0..1) × cell of the radius-{RADIUS} window "
            f"({len(CELLS)}) × rotation (0..5) × direction of the mover's region (0..5) × the "
            f"building the mover leaves (0 none, 1..{HOUSED - 1} {', '.join(BUILDINGS)})")
        c = _content()
        table: list[tuple[str, str, tuple[int, ...]]] = []
        for card in c.cards:
            if card.use in ("passive", "wonder"):
                continue
            for kind, arg in _card_args(card.effect, c):
                table.append((card.id, kind, arg))
        self.card_table = table
        self.card_index = {entry: i for i, entry in enumerate(table)}
        self.card_block = self.actions.add(
            "use_card", len(table), "(card, argument) pairs the cards can take "
            "(see the module docstring)")

    def index_of(self, state: GameState, seat: int, action: Action) -> int:
        if type(action) is A.PlaceRegion:
            return self._place_index(state, seat, action)
        if type(action) is A.UseCard:
            return self.card_block + self._card_entry(state, seat, action)
        return super().index_of(state, seat, action)

    def action_at(self, state: GameState, seat: int, index: int) -> Action:
        if self.start_block <= index < self.start_block + HEXES * 72:
            hex_id, rest = divmod(index - self.start_block, 72)
            side, rest = divmod(rest, 36)
            d, rot = divmod(rest, 6)
            return A.PlaceRegion(hex_id, side, DIRS[d][0], DIRS[d][1], rot, -1)
        if self.place_block <= index < self.place_block + 2 * len(CELLS) * 36 * HOUSED:
            return self._place_at(state, seat, index - self.place_block)
        if self.card_block <= index < self.card_block + len(self.card_table):
            card, kind, arg = self.card_table[index - self.card_block]
            return A.UseCard(card, _absolute(kind, arg, seat, state))
        return super().action_at(state, seat, index)

    def _place_index(self, state: Any, seat: int, a: A.PlaceRegion) -> int:
        if not (0 <= a.side <= 1 and 0 <= a.rot < 6):
            raise OutsideActionSpace(f"archipelago: {a.to_json()}: side or rotation")
        if a.unit == -1:
            if (a.q, a.r) not in DIRS or not 0 <= a.hex < HEXES:
                raise OutsideActionSpace(f"archipelago: {a.to_json()}: not around the start")
            return self.start_block + ((a.hex * 2 + a.side) * 6 + DIRS.index((a.q, a.r))) * 6 \
                + a.rot
        cell = CELL_INDEX.get((a.q, a.r))
        if cell is None:
            raise OutsideActionSpace(f"archipelago: {a.to_json()}: beyond the window")
        mover = state.units[a.unit]
        reg = state.regions[mover[2]]
        d = DIRS.index((reg["q"] - a.q, reg["r"] - a.r))
        return self.place_block + (((a.side * len(CELLS) + cell) * 6 + a.rot) * 6 + d) \
            * HOUSED + _housed(mover[BUILDING])

    def _place_at(self, state: Any, seat: int, rest: int) -> Action:
        rest, housed = divmod(rest, HOUSED)
        rest, d = divmod(rest, 6)
        rest, rot = divmod(rest, 6)
        side, cell = divmod(rest, len(CELLS))
        q, r = CELLS[cell]
        region = state.grid.get((q + DIRS[d][0], r + DIRS[d][1]))
        for a in state.legal_actions(seat):
            if (type(a) is A.PlaceRegion and a.unit >= 0 and (a.side, a.q, a.r, a.rot)
                    == (side, q, r, rot) and state.units[a.unit][2] == region
                    and _housed(state.units[a.unit][BUILDING]) == housed):
                return a
        raise OutsideActionSpace(f"no placement at {(q, r)} side {side} rotation {rot} "
                                 f"from direction {d} (building {housed})")

    def _card_entry(self, state: Any, seat: int, a: A.UseCard) -> int:
        for kind in ("raw", "unit", "seat"):
            try:
                rel = _relative(kind, a.arg, seat, state)
            except OutsideActionSpace:
                continue
            i = self.card_index.get((a.card, kind, rel))
            if i is not None:
                return i
        raise OutsideActionSpace(f"archipelago: {a.to_json()}: no index")


def _card_args(effect: str, c: Any) -> list[tuple[str, tuple[int, ...]]]:
    """Every argument a card with ``effect`` can take (cards.args), as (kind, value): kind
    "unit"/"seat" values are relative to the deciding seat."""
    cattle, fruit = RES.index("cattle"), RES.index("fruit")
    if effect == "pirate":
        return [("unit", (u,)) for u in range(MAX_UNITS)]
    if effect == "assassin":
        return [("raw", (i,)) for i, card in enumerate(c.cards) if card.type == "character"]
    if effect in ("spy", "thief"):
        return [("seat", (s,)) for s in range(1, SEATS)]
    if effect in ("merchant", "exporter"):
        return [("raw", (r,)) for r in range(len(RES))]
    if effect == "labour_minister":
        return [("raw", (0,)), ("raw", (1,))]
    if effect in ("barbarian", "shipbuilding"):
        return [("raw", (k,)) for k in range(REGIONS)]
    if effect == "agriculture_minister":
        return [("raw", arg) for arg in ((), (fruit,), (cattle,), (fruit, fruit),
                                         (fruit, cattle), (cattle, cattle))]
    if effect in ("foreign_trade", "domestic_trade"):
        return [("raw", (r, b)) for r in range(len(RES)) for b in (0, 1)]
    if effect == "architecture":   # (+ 1: a ship builds the port, L647; + 2 + a building's
        # index: its inhabitant leaves it for the new one, L615; + 2 + 4 + a shore: a free
        # inhabitant on that shore of a strait, L625 — cards.architecture_code)
        return [("raw", (k, region)) for k in range(len(KINDS)) for region in range(REGIONS)] \
            + [("raw", (KINDS.index("port"), region, 1)) for region in range(REGIONS)] \
            + [("raw", (k, region, 2 + b)) for k in range(len(KINDS)) if KINDS[k] != "ship"
               for region in range(REGIONS) for b in range(len(BUILDINGS))] \
            + [("raw", (k, region, 2 + len(BUILDINGS) + shore)) for k in range(len(KINDS))
               if KINDS[k] != "ship" for region in range(REGIONS) for shore in (0, 1)]
    if effect == "church_gifts":
        return [("raw", (1,)), ("raw", (2,))]
    if effect == "treasurer":   # how many 5f are shown: 1 .. all the money of the game / 5
        return [("raw", (k,)) for k in range(1, MAX_MONEY // 5 + 1)]
    return [("raw", ())]


def _relative(kind: str, arg: tuple[int, ...], seat: int, state: Any) -> tuple[int, ...]:
    if kind == "raw":
        return arg
    if len(arg) != 1:
        raise OutsideActionSpace(f"{arg!r}: one {kind} expected")
    if kind == "unit":
        return (Unit().index(arg[0], seat, state),)
    return (Seat().index(arg[0], seat, state),)


def _absolute(kind: str, arg: tuple[int, ...], seat: int, state: Any) -> tuple[int, ...]:
    if kind == "raw":
        return arg
    if kind == "unit":
        return (Unit().value(arg[0], seat, state),)
    return (Seat().value(arg[0], seat, state),)


ENCODING = ArchipelagoEncoding
__all__ = ["ENCODING", "ArchipelagoEncoding"]
