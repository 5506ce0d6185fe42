"""The printed components of Archipelago, read from data files and validated on load.

A *content set* is a directory of six JSON files (regions, markets, boards, evolution, trends,
objectives). Sets are chosen by name with the option ``content``: ``standard`` is the built-in
reconstruction in ``data/standard`` (also reachable as ``builtin``); an operator installs more
with ``settlers content install archipelago content DIR --name NAME`` (see
``settlers.core.content_sets``). Only the CLI may load a set from an arbitrary path. Every problem is reported
as an ``InvalidOption`` naming the file, the entry and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from settlers.core import InvalidOption, user_files
from settlers.core import content_faults as cf
from settlers.core import content_sets as core_content_sets

RESOURCES = ("fruit", "wood", "cattle", "fish", "stone", "iron")
FISH = RESOURCES.index("fish")
EDGE_KINDS = "sfm"  # sea, fields, mountains
BUILDINGS = ("town", "market", "port", "church")
FILES = ("regions", "markets", "boards", "evolution", "trends", "objectives")
CARD_USES = ("owner", "open", "passive", "wonder")
EFFECTS = (
    "reveal_progress", "pirate", "explore_three", "reveal_characters", "assassin", "bishop",
    "archbishop", "pope", "false_prophet", "labour_minister", "explore_twice", "bid_bonus_3",
    "recruit_one", "missionary", "spy", "merchant", "treasurer", "thief", "barbarian",
    "agriculture_minister", "bid_bonus_2", "exporter", "admiral", "trade_minister",
    "double_fruit", "double_fish", "double_wood", "double_stone", "double_iron",
    "double_cattle", "roads", "shipbuilding", "expansionism", "amphitheatre", "foreign_trade",
    "slavery", "colossus", "pyramid", "emigration", "lighthouse", "cathedral", "immigration",
    "architecture", "domestic_trade", "peace", "education", "dictatorship", "church_gifts",
)
EVENTS = ("churches_down_2", "churches_down_1", "towns_up_1")
END_KINDS = ("bank_resources_empty", "progress_in_game", "characters_in_game", "cards_in_game",
             "piles_empty", "churches", "markets", "towns", "ports", "ships", "population",
             "surplus_above", "bank_money_empty")
CRITERIA = ("iron_cubes", "fish_cubes", "money", "explorer_tokens", "markets_controlled",
            "ports_controlled", "churches_controlled", "towns_controlled",
            "ports_markets_controlled", "characters_controlled", "progress_controlled",
            "cards_controlled", "fish_icons_towns", "fruit_icons_towns", "iron_icons_towns",
            "wood_icons_towns", "ships", "inhabitants", "pacifist", "separatist",
            "philanthropist")
DECKS = ("short", "medium", "long")
STANDARD = "standard"

# Upper bounds of the numbers and lists of a content set that size something the server builds
# or loops over (the units of every player, the price tables of a market zone, the tax table,
# the scoring of ranks), so a hostile set must not choose them freely. Each is a few times the
# value of the standard set (data/standard, built from archipelago.ru.txt L83-111, L318-332).
MAX_ICONS = 5            # L135: resources + huts = 5 (the open sea shows 3 fish)
MAX_ROWS = 10            # rows of a market zone (3 in the standard set)
MAX_ZONE = 50            # cubes a zone holds (8): no more than the bank has of a colour
MAX_TAX_ITEMS = 40       # entries of the tax table (12)
MAX_TAX = 20             # florins of one entry (at most 6)
MAX_PIECES = {"ships": 12, "inhabitants": 30, "discs": 15}   # L83: 4 ships, 10, 5 discs
MAX_START_MONEY = 50     # florins each player starts with (10)
MAX_PILE = 30            # explorer tokens of a pile (8)
MAX_TOKENS = 40          # market/port and town/church tokens (13 of each)
MAX_RANKS = 5            # points of the ranks of a trend or an objective (three: 4 3 2, 3 2 1)
MAX_RANK_POINTS = 20
MAX_THRESHOLD = 100      # an end condition's count at two players (at most 8 printed)
MAX_PER_PLAYER = 20      # what each further player adds (1)
MOST_PLAYERS = 5         # «от 2 до 5 игроков»: the largest table a content set must serve
MOST_INHABITANTS = 3     # L555 «Ограничение до 3 жителей» of a player in a region


@dataclass(frozen=True)
class Face:
    id: str
    name: dict[str, str]
    edges: str                 # six of "sfm", clockwise from east
    icons: tuple[int, ...]     # resource indices
    huts: int
    strait: bool
    special: str               # "", "desert", "volcano", "open_sea"
    icon_shores: tuple[int, ...] = ()   # strait faces: the shore (0/1) of each icon
    edge_shores: tuple[int, ...] = ()   # strait faces: the shore of each edge (own frame)


@dataclass(frozen=True)
class Row:
    first: int                 # first slot (0-based) of the row
    slots: int
    price: int
    surplus: int
    rebellion: int


@dataclass(frozen=True)
class Card:
    id: str
    name: dict[str, str]
    type: str                  # character | progress
    prices: tuple[int, int, int]
    use: str
    cost_f: int
    cost_cubes: tuple[int, ...]  # per resource
    discs: int
    vp: int
    effect: str
    needs: str                 # "", "port", "church"
    normal: dict[str, Any]
    red: dict[str, Any] | None


#: what a content set keeps beside its fields, built again on first use (not pickled)
_BUILT_ON_USE = ("_tables", "_card_indices")


@dataclass(frozen=True)
class Content:
    name: str
    source: str
    open_sea: Face
    hexes: tuple[tuple[Face, Face], ...]
    domestic: tuple[tuple[Row, ...], ...]     # per resource
    export: tuple[tuple[Row, ...], ...]
    stability: tuple[dict[str, int], ...]
    rebellion_max: int
    labour: tuple[dict[str, Any], ...]
    taxes: tuple[int, ...]
    costs: dict[str, tuple[int, tuple[int, ...]]]   # building -> (florins, cubes)
    wheel: dict[str, dict[str, int]]
    start: dict[str, int]
    pieces: dict[str, int]
    cubes: tuple[int, ...]
    florins: int
    piles: tuple[int, ...]
    market_port_tokens: int
    town_church_tokens: int
    cards: tuple[Card, ...]
    trends: tuple[dict[str, Any], ...]
    trend_points: tuple[int, ...]
    objectives: tuple[dict[str, Any], ...]
    objective_points: tuple[int, ...]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without what is kept beside the fields (``_BUILT_ON_USE``: the rules' tables,
        ``tables.tables_of``, hold functions; both are built again on first use)."""
        return {k: v for k, v in self.__dict__.items() if k not in _BUILT_ON_USE}

    def card_index(self, card_id: str) -> int:
        """The index of the first card with id ``card_id`` (KeyError if none), from a table of
        the cards' ids made on first use (issue 19: a gift of a card asked it card by card)."""
        try:
            indices: dict[str, int] = self._card_indices  # type: ignore[attr-defined]
        except AttributeError:
            indices = {}
            for i, c in enumerate(self.cards):
                indices.setdefault(c.id, i)
            object.__setattr__(self, "_card_indices", indices)
        return indices[card_id]

    def face(self, hex_index: int, side: int) -> Face:
        return self.hexes[hex_index][side]

    def capacity(self, market: int, res: int) -> int:
        rows = (self.domestic, self.export)[market][res]
        return rows[-1].first + rows[-1].slots


class _Reader:
    def __init__(self, path: Path, file: str) -> None:
        self.path, self.file = path, file

    def fail(self, entry: str, problem: str, /, **params: Any) -> InvalidOption:
        """The fault ``problem`` (an ``archipelago.content.fault.*`` key) of ``entry``."""
        return self.refuse(cf.fault(f"archipelago.content.fault.{problem}", field=entry,
                                    **params))

    def refuse(self, problem: dict[str, str]) -> InvalidOption:
        """The fault ``problem`` (in every language: settlers.core.content_faults)."""
        return InvalidOption("archipelago.content.bad",
                             file=cf.shown(user_files.shown_name(self.where), 200),
                             problem=problem)

    @property
    def where(self) -> str:
        return str(self.path / f"{self.file}.json")

    def load(self) -> dict[str, Any]:
        try:
            data = user_files.read_user_json(self.where)
        except user_files.UnreadableFile as exc:
            raise exc.said_as("archipelago.content.unreadable") from None
        if not isinstance(data, dict):
            raise self.refuse(cf.fault("core.content.fault.not_object"))
        if data.get("format") != f"archipelago-{self.file}":
            raise self.fail("format", "format", expected=f"archipelago-{self.file}")
        if not isinstance(data.get("reconstructed"), bool):
            raise self.refuse(cf.wrong_type("reconstructed", "core.type.bool",
                                            data.get("reconstructed")))
        return data

    def integer(self, entry: str, value: Any, lo: int, hi: int) -> int:
        if not cf.is_integer(value, lo, hi):
            raise self.refuse(cf.not_integer(entry, value, lo, hi))
        return int(value)

    def name(self, entry: str, value: Any) -> dict[str, str]:
        name = cf.bilingual_name(value)
        if name is None:
            raise self.refuse(cf.bad_name(entry))
        return name

    def unknown(self, entry: str, what: str, value: Any, known: tuple[str, ...]
                ) -> InvalidOption:
        return self.refuse(cf.unknown(f"archipelago.content.what.{what}", value, known,
                                      field=entry))

    def res(self, entry: str, value: Any) -> int:
        if value not in RESOURCES:
            raise self.unknown(entry, "resource", value, RESOURCES)
        return RESOURCES.index(value)

    def cubes(self, entry: str, value: Any) -> tuple[int, tuple[int, ...]]:
        if not isinstance(value, dict):
            raise self.refuse(cf.wrong_type(entry, "core.type.object", value))
        cubes = [0] * 6
        florins = 0
        for k, v in value.items():
            if k == "f":
                florins = self.integer(f"{entry}.f", v, 0, 51)
            else:
                cubes[self.res(entry, k)] = self.integer(f"{entry}.{k}", v, 0, 15)
        return florins, tuple(cubes)


def _face(r: _Reader, entry: str, f: Any) -> Face:
    if not isinstance(f, dict):
        raise r.refuse(cf.wrong_type(entry, "core.type.object", f))
    edges = f.get("edges")
    if not isinstance(edges, str) or len(edges) != 6 or set(edges) - set(EDGE_KINDS):
        raise r.fail(f"{entry}.edges", "edges", value=cf.shown(edges))
    icons = f.get("icons")
    if not isinstance(icons, list):
        raise r.refuse(cf.wrong_type(f"{entry}.icons", "core.type.list", icons))
    if len(icons) > MAX_ICONS:
        raise r.refuse(cf.too_many(f"{entry}.icons", MAX_ICONS, len(icons)))
    icon_ids = tuple(r.res(f"{entry}.icons", i) for i in icons)
    huts = r.integer(f"{entry}.huts", f.get("huts"), 0, 5)
    special = f.get("special", "")
    if special not in ("", "desert", "volcano", "open_sea"):
        raise r.unknown(f"{entry}.special", "special", special, ("desert", "volcano"))
    # archipelago.ru.txt L135: resources + huts = 5, except the volcano
    if special not in ("volcano", "open_sea") and len(icon_ids) + huts != 5:
        raise r.fail(entry, "icons_huts", total=len(icon_ids) + huts)
    if "s" not in edges and special != "desert":
        raise r.fail(f"{entry}.edges", "sea_edge")
    fid = f.get("id")
    if not isinstance(fid, str) or not fid:
        raise r.refuse(cf.wrong_type(f"{entry}.id", "core.type.str", fid))
    strait = bool(f.get("strait", False))
    # L729-735: a strait splits the land of a region into two shores. Unless the file says
    # otherwise, icons alternate between the shores and edges 0-2 belong to shore 0, 3-5 to 1.
    icon_shores = tuple(f.get("icon_shores", [i % 2 for i in range(len(icon_ids))]))
    edge_shores = tuple(f.get("edge_shores", [0, 0, 0, 1, 1, 1]))
    if strait and (len(icon_shores) != len(icon_ids) or len(edge_shores) != 6
                   or not set(icon_shores + edge_shores) <= {0, 1}):
        raise r.fail(f"{entry}.icon_shores/edge_shores", "shores")
    if not strait:
        icon_shores, edge_shores = (0,) * len(icon_ids), (0,) * 6
    return Face(fid, r.name(f"{entry}.name", f.get("name")), edges, icon_ids, huts,
                strait, special, icon_shores, edge_shores)


def _rows(r: _Reader, entry: str, rows: Any, export: bool) -> tuple[Row, ...]:
    if not isinstance(rows, list) or not rows:
        raise r.fail(entry, "rows")
    if len(rows) > MAX_ROWS:
        raise r.refuse(cf.too_many(entry, MAX_ROWS, len(rows)))
    out: list[Row] = []
    first = 0
    for i, row in enumerate(rows):
        e = f"{entry}[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("move"), dict):
            raise r.fail(e, "row")
        move = row["move"]
        if set(move) - {"surplus", "rebellion"}:
            raise r.fail(f"{e}.move", "move")
        if export and "rebellion" in move:
            raise r.fail(f"{e}.move", "export_move")
        slots = r.integer(f"{e}.slots", row.get("slots"), 1, 15)
        out.append(Row(first, slots, r.integer(f"{e}.price", row.get("price"), 0, 30),
                       r.integer(f"{e}.move", move.get("surplus", 0), 0, 5),
                       r.integer(f"{e}.move", move.get("rebellion", 0), 0, 5)))
        first += slots
    if first > MAX_ZONE:   # the price tables of the zone have a row per cube it holds
        raise r.refuse(cf.not_integer(f"{entry}[].slots", first, 1, MAX_ZONE))
    return tuple(out)


def _card(r: _Reader, i: int, c: Any) -> Card:
    entry = f"cards[{i}]" + (f" ({c.get('id')})" if isinstance(c, dict) else "")
    if not isinstance(c, dict):
        raise r.refuse(cf.wrong_type(entry, "core.type.object", c))
    if c.get("type") not in ("character", "progress"):
        raise r.unknown(f"{entry}.type", "card_type", c.get("type"), ("character", "progress"))
    prices = c.get("prices")
    if not isinstance(prices, list) or len(prices) != 3:
        raise r.fail(f"{entry}.prices", "prices")
    prices_t = tuple(r.integer(f"{entry}.prices", p, 0, 30) for p in prices)
    if c.get("use") not in CARD_USES:
        raise r.unknown(f"{entry}.use", "use", c.get("use"), CARD_USES)
    if c.get("effect") not in EFFECTS:
        raise r.fail(f"{entry}.effect", "effect", value=cf.shown(c.get("effect")))
    f, cubes = r.cubes(f"{entry}.cost", c.get("cost"))
    back = c.get("back")
    if not isinstance(back, dict) or not isinstance(back.get("normal"), dict):
        raise r.fail(f"{entry}.back", "back")
    for part_name in ("normal", "red"):
        part = back.get(part_name)
        if part is None:
            continue
        if not isinstance(part, dict) or not part or set(part) - {"domestic", "export", "event"}:
            raise r.fail(f"{entry}.back.{part_name}", "back_part")
        if "event" in part and part["event"] not in EVENTS:
            raise r.unknown(f"{entry}.back.{part_name}.event", "event", part["event"], EVENTS)
        for k in ("domestic", "export"):
            if k in part:
                v = part[k]
                if not isinstance(v, list) or len(v) != 2:
                    raise r.fail(f"{entry}.back.{part_name}.{k}", "pair")
                r.res(f"{entry}.back.{part_name}.{k}", v[0])
                r.integer(f"{entry}.back.{part_name}.{k}", v[1], 1, 12)
    needs = c.get("needs", "")
    if needs not in ("", "port", "church"):
        raise r.unknown(f"{entry}.needs", "needs", needs, ("port", "church"))
    return Card(c.get("id") or f"card{i}", r.name(f"{entry}.name", c.get("name")), c["type"],
                prices_t, c["use"], f, cubes,  # type: ignore[arg-type]
                r.integer(f"{entry}.discs", c.get("discs"), 0, 3),
                r.integer(f"{entry}.vp", c.get("vp"), 0, 5), c["effect"], needs,
                back["normal"], back.get("red"))


def load_content_dir(path: str | Path, name: str | None = None) -> Content:
    path = Path(path)
    data = {f: _Reader(path, f).load() for f in FILES}
    # ---- regions
    r = _Reader(path, "regions")
    reg = data["regions"]
    sea = _face(r, "open_sea", {**reg.get("open_sea", {}), "special": "open_sea"})
    hexes_raw = reg.get("hexes")
    if not isinstance(hexes_raw, list) or len(hexes_raw) != 24:
        raise r.fail("hexes", "hexes")
    hexes = []
    for i, h in enumerate(hexes_raw):
        faces = h.get("faces") if isinstance(h, dict) else None
        if not isinstance(faces, list) or len(faces) != 2:
            raise r.fail(f"hexes[{i}]", "faces")
        hexes.append((_face(r, f"hexes[{i}].faces[0]", faces[0]),
                      _face(r, f"hexes[{i}].faces[1]", faces[1])))
    if sum(f.special == "desert" for h in hexes for f in h) != 1:
        raise r.fail("hexes", "desert")
    # ---- markets
    r = _Reader(path, "markets")
    mk = data["markets"]
    markets = []
    for board, export in (("domestic", False), ("export", True)):
        zones = mk.get(board)
        if not isinstance(zones, dict) or set(zones) != set(RESOURCES):
            raise r.fail(board, "zones", known=cf.names(RESOURCES))
        markets.append(tuple(_rows(r, f"{board}.{res}", zones[res], export)
                             for res in RESOURCES))
    # ---- boards
    r = _Reader(path, "boards")
    b = data["boards"]
    stab = b.get("stability")
    lab = b.get("labour")
    if not isinstance(stab, list) or not isinstance(lab, list) or not stab or not lab:
        raise r.fail("stability/labour", "scales")
    for name_, rows in (("stability", stab), ("labour", lab)):
        expect = 0
        for i, row in enumerate(rows):
            if not isinstance(row, dict) or row.get("from") != expect:
                raise r.fail(f"{name_}[{i}]", "gaps", start=expect)
            expect = r.integer(f"{name_}[{i}].to", row.get("to"), expect, 100) + 1
    for i, row in enumerate(stab):
        r.integer(f"stability[{i}].surplus", row.get("surplus"), 0, 5)
        r.integer(f"stability[{i}].rebellion", row.get("rebellion"), 0, 5)
    for i, row in enumerate(lab):
        if row.get("price") is not None:
            r.integer(f"labour[{i}].price", row["price"], 0, 20)
        r.integer(f"labour[{i}].rebellion", row.get("rebellion"), -5, 5)
    if not any(row["rebellion"] < 0 for row in lab):
        raise r.fail("labour", "labour_down")
    taxes = b.get("taxes", {}).get("per_items")
    if not isinstance(taxes, list) or not taxes:
        raise r.fail("taxes.per_items", "taxes")
    if len(taxes) > MAX_TAX_ITEMS:
        raise r.refuse(cf.too_many("taxes.per_items", MAX_TAX_ITEMS, len(taxes)))
    for tax in taxes:
        r.integer("taxes.per_items", tax, 0, MAX_TAX)
    costs = {}
    for k in ("ship", *BUILDINGS):
        costs[k] = r.cubes(f"costs.{k}", b.get("costs", {}).get(k))
    cubes_d = b.get("cubes", {})
    # L97: set-up puts a cube of each colour on the domestic market (I): none may be missing
    cubes = tuple(r.integer(f"cubes.{res}", cubes_d.get(res), 1, 50) for res in RESOURCES)
    if sum(cubes) != 82:
        raise r.fail("cubes", "cubes", total=sum(cubes))
    wheel = b.get("wheel")
    if not isinstance(wheel, dict) or set(wheel) != {"2-4", "5"}:
        raise r.fail("wheel", "wheel")
    for side, lim in wheel.items():
        for k in ("taxes", "explore"):
            r.integer(f"wheel.{side}.{k}", lim.get(k), 1, 10)
    piles = b.get("explorer_piles")
    if not isinstance(piles, list) or len(piles) != 3:
        raise r.fail("explorer_piles", "piles")
    for pile in piles:
        r.integer("explorer_piles", pile, 0, MAX_PILE)
    pieces = _numbers(r, "pieces", b.get("pieces"), {k: (1, hi) for k, hi in MAX_PIECES.items()})
    # the two inhabitants who land in turn 0 (L125-129) stand in one region: at most 3 (L555)
    start = _numbers(r, "start", b.get("start"), {
        "money": (0, MAX_START_MONEY), **{k: (0, pieces[k]) for k in MAX_PIECES},
        "inhabitants": (0, min(pieces["inhabitants"], MOST_INHABITANTS))})
    tokens = {k: r.integer(k, b.get(k), 0, MAX_TOKENS)
              for k in ("market_port_tokens", "town_church_tokens")}
    rebellion_max = r.integer("rebellion_max", b.get("rebellion_max", 60), 10, 200)
    florins = r.integer("florins", b.get("florins"), 10, 500)
    if start["money"] * MOST_PLAYERS > florins:   # L87: the bank pays each player's start
        raise r.fail("start.money", "start_money", money=start["money"], players=MOST_PLAYERS,
                     needed=start["money"] * MOST_PLAYERS, florins=florins)
    # ---- evolution
    r = _Reader(path, "evolution")
    cards_raw = data["evolution"].get("cards")
    if not isinstance(cards_raw, list) or len(cards_raw) != 48:
        raise r.refuse(cf.count("cards", 48, len(cards_raw) if isinstance(cards_raw, list)
                                else 0))
    cards = tuple(_card(r, i, c) for i, c in enumerate(cards_raw))
    if sum(c.type == "character" for c in cards) != 24:
        raise r.fail("cards", "characters")
    if len({c.id for c in cards}) != 48:
        raise r.fail("cards", "unique_ids")
    # ---- trends
    r = _Reader(path, "trends")
    tr = data["trends"].get("cards")
    if not isinstance(tr, list) or len(tr) != 12:
        raise r.refuse(cf.count("cards", 12, len(tr) if isinstance(tr, list) else 0))
    for i, t in enumerate(tr):
        if not isinstance(t, dict):
            raise r.refuse(cf.wrong_type(f"cards[{i}]", "core.type.object", t))
        _card_id(r, i, t, tr[:i])
        if t.get("criterion") not in CRITERIA:
            raise r.unknown(f"cards[{i}].criterion", "criterion", t.get("criterion"), CRITERIA)
        r.name(f"cards[{i}].name", t.get("name"))
    trend_points = _points(r, data["trends"].get("points", [4, 3, 2]))
    # ---- objectives
    r = _Reader(path, "objectives")
    ob = data["objectives"].get("cards")
    if not isinstance(ob, list) or len(ob) != 30:
        raise r.refuse(cf.count("cards", 30, len(ob) if isinstance(ob, list) else 0))
    for i, o in enumerate(ob):
        e = f"cards[{i}]"
        if not isinstance(o, dict):
            raise r.refuse(cf.wrong_type(e, "core.type.object", o))
        _card_id(r, i, o, ob[:i])
        if o.get("deck") not in DECKS:
            raise r.unknown(f"{e}.deck", "deck", o.get("deck"), DECKS)
        if o.get("criterion") not in CRITERIA:
            raise r.unknown(f"{e}.criterion", "criterion", o.get("criterion"), CRITERIA)
        end = o.get("end")
        if not isinstance(end, dict):
            raise r.refuse(cf.wrong_type(f"{e}.end", "core.type.object", end))
        if end.get("kind") not in END_KINDS:
            raise r.unknown(f"{e}.end.kind", "end", end.get("kind"), END_KINDS)
        # count: of the six bank zones or the three piles, which these two ends need
        zones = {"bank_resources_empty": len(RESOURCES), "piles_empty": len(piles)}
        if end["kind"] in zones and "count" not in end:
            raise r.refuse(cf.missing(f"{e}.end.count"))
        for key, hi in (("count", zones.get(end["kind"], len(RESOURCES))),
                        ("base", MAX_THRESHOLD), ("per_player", MAX_PER_PLAYER)):
            if key in end:
                r.integer(f"{e}.end.{key}", end[key], 0, hi)
        if "margin" in o:
            r.integer(f"{e}.margin", o["margin"], 0, MAX_THRESHOLD)
    for d in DECKS:
        if sum(o["deck"] == d for o in ob) != 10:
            raise r.fail("cards", "deck_size", deck=d)
    objective_points = _points(r, data["objectives"].get("points", [3, 2, 1]))
    return Content(
        name=name or path.name, source=str(path), open_sea=sea, hexes=tuple(hexes),
        domestic=markets[0], export=markets[1], stability=tuple(stab),
        rebellion_max=rebellion_max,
        labour=tuple(lab), taxes=tuple(taxes), costs=costs, wheel=wheel,
        start=start, pieces=pieces, cubes=cubes, florins=florins,
        piles=tuple(piles), market_port_tokens=tokens["market_port_tokens"],
        town_church_tokens=tokens["town_church_tokens"], cards=cards,
        trends=tuple(tr), trend_points=trend_points,
        objectives=tuple(ob), objective_points=objective_points,
    )


def _card_id(r: _Reader, i: int, card: dict[str, Any], before: list[Any]) -> None:
    """A trend or objective card's ``id`` (the game names it by its id, in the views and the
    options): a text, none of the cards before it has."""
    cid = card.get("id")
    if not isinstance(cid, str) or not cid:
        raise r.refuse(cf.wrong_type(f"cards[{i}].id", "core.type.str", cid))
    if any(isinstance(c, dict) and c.get("id") == cid for c in before):
        raise r.refuse(cf.duplicate("cards.id", cid))


def _numbers(r: _Reader, entry: str, value: Any, bounds: dict[str, tuple[int, int]]
             ) -> dict[str, int]:
    """The object ``entry`` of whole numbers, each key of ``bounds`` within its bounds."""
    if not isinstance(value, dict):
        raise r.refuse(cf.wrong_type(entry, "core.type.object", value))
    return {k: r.integer(f"{entry}.{k}", value.get(k), lo, hi) for k, (lo, hi) in bounds.items()}


def _points(r: _Reader, value: Any) -> tuple[int, ...]:
    """The points of the ranks (``points``: the first rank's, the second's...)."""
    if not isinstance(value, list):
        raise r.refuse(cf.wrong_type("points", "core.type.list", value))
    if len(value) > MAX_RANKS:
        raise r.refuse(cf.too_many("points", MAX_RANKS, len(value)))
    return tuple(r.integer("points", p, 0, MAX_RANK_POINTS) for p in value)


def builtin_dir() -> Path:
    return Path(__file__).resolve().parent / "data"


@lru_cache(maxsize=1)
def _builtin_sets() -> dict[str, Path]:
    """The sets shipped in the package (they do not change while the program runs)."""
    return {p.name: p for p in sorted(builtin_dir().iterdir()) if p.is_dir()}


def content_sets() -> dict[str, Path]:
    """Named content sets: the built-in ones, then those an operator installed."""
    out = dict(_builtin_sets())
    for name in core_content_sets.names("archipelago", "content"):
        where = core_content_sets.path_of("archipelago", "content", name)
        if where and name not in out:
            out[name] = Path(where)
    return out


@lru_cache(maxsize=8)
def _load_named(name: str, path: str) -> Content:
    def refusal(problem: dict[str, str]) -> InvalidOption:
        return InvalidOption("archipelago.content.bad",
                             file=cf.shown(user_files.shown_name(path), 200), problem=problem)

    with cf.unforeseen_shapes(refusal):
        return load_content_dir(path, name)


def builtin_content(name: str = STANDARD) -> Content:
    """A set shipped with the game (no installed set is looked at: the game's definition,
    which declares the content option, reads it while it is being made)."""
    return _load_named(name, str(builtin_dir() / name))


def load_content(name: str | None = STANDARD) -> Content:
    """The set called ``name`` (None, "" and ``builtin`` mean the standard one); on the command
    line ``name`` may also be a directory of the six files."""
    if name in (None, "", core_content_sets.BUILTIN):
        name = STANDARD
    builtin = _builtin_sets()
    if name in builtin:   # a built-in set wins over an installed one of that name (content_sets)
        return _load_named(name, str(builtin[name]))
    sets = content_sets()
    if name in sets:
        return _load_named(name, str(sets[name]))
    path = Path(name)
    if not core_content_sets.valid_name(name) and _is_dir(path):
        return _load_named(path.name, str(path))
    raise InvalidOption("archipelago.content.unknown", name=name[:60],
                        known=", ".join(sorted(sets)))


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a directory; False for a text that cannot be a path at all (too
    long a name, a NUL), which ``Path.is_dir`` raises on."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False
