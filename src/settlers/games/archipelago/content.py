"""The printed components of Archipelago, read from data files and validated on load.

A *content set* is a directory of six JSON files (regions, markets, boards, evolution, trends,
objectives). Sets are chosen by name with the option ``content``: ``standard`` is the built-in
reconstruction in ``data/standard`` (also reachable as ``builtin``); an operator installs more
with ``settlers content install archipelago content DIR --name NAME`` (see
``settlers.core.content_sets``). Only the CLI may load a set from an arbitrary path. Every problem is reported
as an ``InvalidOption`` naming the file, the entry and what is wrong.
"""

from __future__ import annotations

import json
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from settlers.core import InvalidOption
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

    def card_index(self, card_id: str) -> int:
        for i, c in enumerate(self.cards):
            if c.id == card_id:
                return i
        raise KeyError(card_id)

    def face(self, hex_index: int, side: int) -> Face:
        return self.hexes[hex_index][side]

    def capacity(self, market: int, res: int) -> int:
        rows = (self.domestic, self.export)[market][res]
        return rows[-1].first + rows[-1].slots


class _Reader:
    def __init__(self, path: Path, file: str) -> None:
        self.path, self.file = path, file

    def fail(self, entry: str, problem: str) -> InvalidOption:
        return InvalidOption("archipelago.content.bad", file=str(self.path / f"{self.file}.json"),
                             entry=entry, problem=problem)

    def load(self) -> dict[str, Any]:
        p = self.path / f"{self.file}.json"
        try:   # a regular file of at most MAX_FILE_BYTES (a device would be read without end)
            if not stat.S_ISREG(p.stat().st_mode):
                raise OSError("not a regular file")
            with p.open("rb") as f:
                raw = f.read(core_content_sets.MAX_FILE_BYTES + 1)
            if len(raw) > core_content_sets.MAX_FILE_BYTES:
                raise OSError(f"larger than {core_content_sets.MAX_FILE_BYTES} bytes")
            data = json.loads(raw.decode("utf-8"))
        except (OSError, ValueError, RecursionError) as exc:
            raise InvalidOption("archipelago.content.unreadable", file=str(p)[:200],
                                error=str(exc)[:200]) from None
        if not isinstance(data, dict):
            raise self.fail("-", "the file must hold a JSON object")
        if data.get("format") != f"archipelago-{self.file}":
            raise self.fail("format", f'must be "archipelago-{self.file}"')
        if not isinstance(data.get("reconstructed"), bool):
            raise self.fail("reconstructed", "must be true or false")
        return data

    def integer(self, entry: str, value: Any, lo: int = 0, hi: int = 10**6) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise self.fail(entry, f"must be an integer in {lo}..{hi}, not {value!r}")
        return value

    def name(self, entry: str, value: Any) -> dict[str, str]:
        if not isinstance(value, dict) or not all(isinstance(value.get(k), str) and value[k]
                                                  for k in ("ru", "en")):
            raise self.fail(entry, "name must be {\"ru\": ..., \"en\": ...}")
        return {"ru": value["ru"], "en": value["en"]}

    def res(self, entry: str, value: Any) -> int:
        if value not in RESOURCES:
            raise self.fail(entry, f"unknown resource {value!r} (one of {', '.join(RESOURCES)})")
        return RESOURCES.index(value)

    def cubes(self, entry: str, value: Any) -> tuple[int, tuple[int, ...]]:
        if not isinstance(value, dict):
            raise self.fail(entry, "a cost must be an object of resource: count")
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
        raise r.fail(entry, "a face must be an object")
    edges = f.get("edges")
    if not isinstance(edges, str) or len(edges) != 6 or set(edges) - set(EDGE_KINDS):
        raise r.fail(f"{entry}.edges", "must be six letters of s (sea), f (fields), m (mountains)")
    icons = f.get("icons")
    if not isinstance(icons, list):
        raise r.fail(f"{entry}.icons", "must be a list of resources")
    icon_ids = tuple(r.res(f"{entry}.icons", i) for i in icons)
    huts = r.integer(f"{entry}.huts", f.get("huts"), 0, 5)
    special = f.get("special", "")
    if special not in ("", "desert", "volcano", "open_sea"):
        raise r.fail(f"{entry}.special", "must be desert or volcano")
    # archipelago.ru.txt L135: resources + huts = 5, except the volcano
    if special not in ("volcano", "open_sea") and len(icon_ids) + huts != 5:
        raise r.fail(entry, f"icons + huts = {len(icon_ids) + huts}, the rulebook says 5 (L135)")
    if "s" not in edges and special != "desert":
        raise r.fail(f"{entry}.edges", "a region needs a sea edge to be reachable")
    fid = f.get("id")
    if not isinstance(fid, str) or not fid:
        raise r.fail(entry, "id must be a non-empty string")
    strait = bool(f.get("strait", False))
    # L729-735: a strait splits the land of a region into two shores. Unless the file says
    # otherwise, icons alternate between the shores and edges 0-2 belong to shore 0, 3-5 to 1.
    icon_shores = tuple(f.get("icon_shores", [i % 2 for i in range(len(icon_ids))]))
    edge_shores = tuple(f.get("edge_shores", [0, 0, 0, 1, 1, 1]))
    if strait and (len(icon_shores) != len(icon_ids) or len(edge_shores) != 6
                   or not set(icon_shores + edge_shores) <= {0, 1}):
        raise r.fail(f"{entry}.icon_shores/edge_shores", "one shore (0 or 1) per icon and per edge")
    if not strait:
        icon_shores, edge_shores = (0,) * len(icon_ids), (0,) * 6
    return Face(fid, r.name(f"{entry}.name", f.get("name")), edges, icon_ids, huts,
                strait, special, icon_shores, edge_shores)


def _rows(r: _Reader, entry: str, rows: Any, export: bool) -> tuple[Row, ...]:
    if not isinstance(rows, list) or not rows:
        raise r.fail(entry, "must be a non-empty list of rows")
    out: list[Row] = []
    first = 0
    for i, row in enumerate(rows):
        e = f"{entry}[{i}]"
        if not isinstance(row, dict) or not isinstance(row.get("move"), dict):
            raise r.fail(e, "a row needs slots, price and move")
        move = row["move"]
        if set(move) - {"surplus", "rebellion"}:
            raise r.fail(f"{e}.move", "may only move surplus or rebellion")
        if export and "rebellion" in move:
            raise r.fail(f"{e}.move", "the export market moves surplus only (L304)")
        slots = r.integer(f"{e}.slots", row.get("slots"), 1, 15)
        out.append(Row(first, slots, r.integer(f"{e}.price", row.get("price"), 0, 30),
                       r.integer(f"{e}.move", move.get("surplus", 0), 0, 5),
                       r.integer(f"{e}.move", move.get("rebellion", 0), 0, 5)))
        first += slots
    return tuple(out)


def _card(r: _Reader, i: int, c: Any) -> Card:
    entry = f"cards[{i}]" + (f" ({c.get('id')})" if isinstance(c, dict) else "")
    if not isinstance(c, dict):
        raise r.fail(entry, "a card must be an object")
    if c.get("type") not in ("character", "progress"):
        raise r.fail(f"{entry}.type", "must be character or progress")
    prices = c.get("prices")
    if not isinstance(prices, list) or len(prices) != 3:
        raise r.fail(f"{entry}.prices", "must be the three corner prices")
    prices_t = tuple(r.integer(f"{entry}.prices", p, 0, 30) for p in prices)
    if c.get("use") not in CARD_USES:
        raise r.fail(f"{entry}.use", f"must be one of {', '.join(CARD_USES)}")
    if c.get("effect") not in EFFECTS:
        raise r.fail(f"{entry}.effect", "names no effect the engine knows")
    f, cubes = r.cubes(f"{entry}.cost", c.get("cost"))
    back = c.get("back")
    if not isinstance(back, dict) or not isinstance(back.get("normal"), dict):
        raise r.fail(f"{entry}.back", "needs a normal part")
    for part_name in ("normal", "red"):
        part = back.get(part_name)
        if part is None:
            continue
        if not isinstance(part, dict) or not part or set(part) - {"domestic", "export", "event"}:
            raise r.fail(f"{entry}.back.{part_name}", "holds domestic, export and/or event")
        if "event" in part and part["event"] not in EVENTS:
            raise r.fail(f"{entry}.back.{part_name}.event", f"one of {', '.join(EVENTS)}")
        for k in ("domestic", "export"):
            if k in part:
                v = part[k]
                if not isinstance(v, list) or len(v) != 2:
                    raise r.fail(f"{entry}.back.{part_name}.{k}", "must be [resource, number]")
                r.res(f"{entry}.back.{part_name}.{k}", v[0])
                r.integer(f"{entry}.back.{part_name}.{k}", v[1], 1, 12)
    needs = c.get("needs", "")
    if needs not in ("", "port", "church"):
        raise r.fail(f"{entry}.needs", "must be port or church")
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
        raise r.fail("hexes", "must list the 24 double-sided hexes (L28)")
    hexes = []
    for i, h in enumerate(hexes_raw):
        faces = h.get("faces") if isinstance(h, dict) else None
        if not isinstance(faces, list) or len(faces) != 2:
            raise r.fail(f"hexes[{i}]", "must have two faces")
        hexes.append((_face(r, f"hexes[{i}].faces[0]", faces[0]),
                      _face(r, f"hexes[{i}].faces[1]", faces[1])))
    if sum(f.special == "desert" for h in hexes for f in h) != 1:
        raise r.fail("hexes", "exactly one face must be the desert village (L1025)")
    # ---- markets
    r = _Reader(path, "markets")
    mk = data["markets"]
    markets = []
    for board, export in (("domestic", False), ("export", True)):
        zones = mk.get(board)
        if not isinstance(zones, dict) or set(zones) != set(RESOURCES):
            raise r.fail(board, f"needs one zone per resource: {', '.join(RESOURCES)}")
        markets.append(tuple(_rows(r, f"{board}.{res}", zones[res], export)
                             for res in RESOURCES))
    # ---- boards
    r = _Reader(path, "boards")
    b = data["boards"]
    stab = b.get("stability")
    lab = b.get("labour")
    if not isinstance(stab, list) or not isinstance(lab, list) or not stab or not lab:
        raise r.fail("stability/labour", "must be lists of rows")
    for name_, rows in (("stability", stab), ("labour", lab)):
        expect = 0
        for i, row in enumerate(rows):
            if not isinstance(row, dict) or row.get("from") != expect:
                raise r.fail(f"{name_}[{i}]", f"rows must cover the scale without gaps from {expect}")
            expect = r.integer(f"{name_}[{i}].to", row.get("to"), expect, 100) + 1
    for i, row in enumerate(lab):
        if row.get("price") is not None:
            r.integer(f"labour[{i}].price", row["price"], 0, 20)
        r.integer(f"labour[{i}].rebellion", row.get("rebellion"), -5, 5)
    if not any(row["rebellion"] < 0 for row in lab):
        raise r.fail("labour", "at least one row must move rebellion down (L328)")
    taxes = b.get("taxes", {}).get("per_items")
    if not isinstance(taxes, list) or not taxes:
        raise r.fail("taxes.per_items", "must list the income per count of items")
    costs = {}
    for k in ("ship", *BUILDINGS):
        costs[k] = r.cubes(f"costs.{k}", b.get("costs", {}).get(k))
    cubes_d = b.get("cubes", {})
    cubes = tuple(r.integer(f"cubes.{res}", cubes_d.get(res), 0, 50) for res in RESOURCES)
    if sum(cubes) != 82:
        raise r.fail("cubes", f"sum to {sum(cubes)}, the box has 82 (L44)")
    wheel = b.get("wheel")
    if not isinstance(wheel, dict) or set(wheel) != {"2-4", "5"}:
        raise r.fail("wheel", "needs the two sides \"2-4\" and \"5\"")
    for side, lim in wheel.items():
        for k in ("taxes", "explore"):
            r.integer(f"wheel.{side}.{k}", lim.get(k), 1, 10)
    piles = b.get("explorer_piles")
    if not isinstance(piles, list) or len(piles) != 3:
        raise r.fail("explorer_piles", "must be three piles (L66)")
    # ---- evolution
    r = _Reader(path, "evolution")
    cards_raw = data["evolution"].get("cards")
    if not isinstance(cards_raw, list) or len(cards_raw) != 48:
        raise r.fail("cards", "must list the 48 evolution cards")
    cards = tuple(_card(r, i, c) for i, c in enumerate(cards_raw))
    if sum(c.type == "character" for c in cards) != 24:
        raise r.fail("cards", "24 characters and 24 progress cards (L49)")
    if len({c.id for c in cards}) != 48:
        raise r.fail("cards", "card ids must be unique")
    # ---- trends
    r = _Reader(path, "trends")
    tr = data["trends"].get("cards")
    if not isinstance(tr, list) or len(tr) != 12:
        raise r.fail("cards", "must list the 12 trend cards")
    for i, t in enumerate(tr):
        if not isinstance(t, dict) or t.get("criterion") not in CRITERIA:
            raise r.fail(f"cards[{i}]", "criterion unknown")
        r.name(f"cards[{i}].name", t.get("name"))
    # ---- objectives
    r = _Reader(path, "objectives")
    ob = data["objectives"].get("cards")
    if not isinstance(ob, list) or len(ob) != 30:
        raise r.fail("cards", "must list the 30 objective cards")
    for i, o in enumerate(ob):
        e = f"cards[{i}]"
        if not isinstance(o, dict) or o.get("deck") not in DECKS:
            raise r.fail(e, "deck must be short, medium or long")
        if o.get("criterion") not in CRITERIA:
            raise r.fail(f"{e}.criterion", "unknown criterion")
        end = o.get("end")
        if not isinstance(end, dict) or end.get("kind") not in END_KINDS:
            raise r.fail(f"{e}.end", "unknown end condition")
    for d in DECKS:
        if sum(o["deck"] == d for o in ob) != 10:
            raise r.fail("cards", f"the {d} deck must hold 10 cards (L22)")
    return Content(
        name=name or path.name, source=str(path), open_sea=sea, hexes=tuple(hexes),
        domestic=markets[0], export=markets[1], stability=tuple(stab),
        rebellion_max=r.integer("rebellion_max", b.get("rebellion_max", 60), 10, 200),
        labour=tuple(lab), taxes=tuple(taxes), costs=costs, wheel=wheel,
        start=b["start"], pieces=b["pieces"], cubes=cubes,
        florins=_Reader(path, "boards").integer("florins", b.get("florins"), 10, 500),
        piles=tuple(piles), market_port_tokens=b["market_port_tokens"],
        town_church_tokens=b["town_church_tokens"], cards=cards,
        trends=tuple(tr), trend_points=tuple(data["trends"].get("points", (4, 3, 2))),
        objectives=tuple(ob), objective_points=tuple(data["objectives"].get("points", (3, 2, 1))),
    )


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
