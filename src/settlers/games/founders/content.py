"""The components («Состав игры»): goods, tokens, masters and the 97 tiles, read from a data file.

The file is JSON Lines (one JSON object per line, ``#`` lines ignored) so that every mistake in
a user's file can be named by its line and field. The first entry is the header
(``{"format": "founders-tiles", "version": 1, "reconstructed": ..., "why": ...}``); then come
goods, tokens, masters and tile types in any order. See README.md for the schema.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, TypeVar

from settlers.core import InvalidOption
from settlers.core.actions import json_fault
from settlers.core.content_faults import fault, shown
from settlers.core.user_files import UnreadableFile, read_user_text, shown_name

DECKS = ("nature", "village", "city", "prize")
NATURE, VILLAGE, CITY, PRIZE = range(4)
DECK_SIZES = {"nature": 24, "village": 24, "city": 24, "prize": 25}
TIERS = ("basic", "village", "city")
TOKEN_KINDS = ("war", "coin", "cart", "master")
WAR, COIN, CART, MASTER = range(4)
TOKENS_PER_KIND = 6
BUILTIN = "builtin"
# At most so many entries of each kind in a file (every entry is checked against those before
# it): a file at the size limit holds some 20 000 lines, which must not each be compared with
# all the others. Tile types: each has at least one tile, and the decks hold 97 («Состав
# игры»); masters and tokens: the rulebook's 6 and 4 kinds; goods: 14 in the reconstruction
# (4 basic, 6 village, 4 city), some three times as many at most.
MAX_ENTRIES = {"tile": sum(DECK_SIZES.values()), "master": TOKENS_PER_KIND,
               "token": len(TOKEN_KINDS), "good": 40}


@dataclass(frozen=True, slots=True)
class Good:
    id: str
    tier: str
    ru: str
    en: str


@dataclass(frozen=True, slots=True)
class Master:
    id: str
    good: int
    ru: str
    en: str


@dataclass(frozen=True, slots=True)
class TileType:
    id: str
    deck: int
    count: int
    ru: str
    en: str
    needs: tuple[int, ...]      # goods (indices), one per neighbour that must supply it
    produces: tuple[int, ...]   # nature: two choices; village/city: one; prize: none
    vp: int
    token: int                  # city tiles: the token kind they give; else -1


@dataclass(frozen=True)
class TileSet:
    """Everything printed on the components, with flat per-tile arrays for the hot path."""

    source: str
    reconstructed: bool
    why: str
    goods: tuple[Good, ...]
    masters: tuple[Master, ...]
    token_names: tuple[tuple[str, str], ...]    # per token kind: (ru, en)
    types: tuple[TileType, ...]
    # per physical tile (ids 0..96, in file order):
    tile_type: tuple[int, ...]
    tile_deck: tuple[int, ...]
    tile_needs: tuple[tuple[int, ...], ...]
    tile_mask: tuple[int, ...]                  # bit mask of the goods the tile can produce
    tile_vp: tuple[int, ...]
    tile_token: tuple[int, ...]
    key_prefix: str = "founders."              # catalog keys of the names (see names_for_log)

    def good_index(self, good_id: str) -> int:
        for i, g in enumerate(self.goods):
            if g.id == good_id:
                return i
        raise KeyError(good_id)

    def deck_tiles(self, deck: int) -> list[int]:
        return [t for t, d in enumerate(self.tile_deck) if d == deck]

    def name(self, tile: int, lang: str) -> str:
        tt = self.types[self.tile_type[tile]]
        return tt.ru if lang == "ru" else tt.en

    def good_name(self, good: int, lang: str) -> str:
        g = self.goods[good]
        return g.ru if lang == "ru" else g.en

    def master_name(self, master: int, lang: str) -> str:
        m = self.masters[master]
        return m.ru if lang == "ru" else m.en

    # catalog keys of the names, for the game log («{tile!t}»)
    def tile_key(self, tile: int) -> str:
        return f"{self.key_prefix}tile.{self.types[self.tile_type[tile]].id}"

    def good_key(self, good: int) -> str:
        return f"{self.key_prefix}good.{self.goods[good].id}"

    def master_key(self, master: int) -> str:
        return f"{self.key_prefix}master.{self.masters[master].id}"

    def token_name(self, kind: int, lang: str) -> str:
        ru, en = self.token_names[kind]
        return ru if lang == "ru" else en


class _Entry:
    """One line of the file, for error messages that name the line, entry and field."""

    def __init__(self, path: str, line: int, obj: dict[str, Any], kind: str) -> None:
        self.path, self.line, self.obj, self.kind = path, line, obj, kind
        self.label = (fault("founders.tiles.entry.header") if kind == "format"
                      else fault(f"founders.tiles.entry.{kind}", id=shown(obj.get(kind))))

    def fail(self, field: str, problem: str, value: Any = None, **params: Any) -> InvalidOption:
        return InvalidOption("founders.tiles.bad_field", path=self.path, line=self.line,
                             entry=self.label, field=shown(field),
                             problem=fault(f"founders.tiles.problem.{problem}", **params),
                             value=shown(value))

    def text(self, field: str) -> str:
        value = self.obj.get(field)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, "not_text", value)
        return value

    def integer(self, field: str, lo: int, hi: int) -> int:
        value = self.obj.get(field)
        if type(value) is not int or not lo <= value <= hi:
            raise self.fail(field, "bad_number", value, lo=lo, hi=hi)
        return value

    def goods(self, field: str, known: dict[str, int]) -> tuple[int, ...]:
        value = self.obj.get(field)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "not_list", value)
        for v in value:
            if v not in known:
                raise self.fail(field, "unknown_good", v)
        return tuple(known[v] for v in value)

    def only(self, allowed: set[str]) -> None:
        for key in self.obj:
            if key not in allowed:
                raise self.fail(key, "unknown_field", self.obj[key])


def parse_tiles(text: str, source: str) -> TileSet:
    """Read and validate a tile file; InvalidOption names the line, entry and field at fault."""
    entries: list[_Entry] = []
    per_kind = dict.fromkeys(MAX_ENTRIES, 0)
    header: _Entry | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            obj = json.loads(stripped)
        except RecursionError:   # said in words, as is any other fault of the line
            raise InvalidOption("founders.tiles.bad_json", path=source, line=number,
                                error="core.json.too_deep") from None
        except ValueError as exc:   # (JSONDecodeError, a number too long for Python)
            raise InvalidOption("founders.tiles.bad_json", path=source, line=number,
                                error=json_fault(exc)["reason"]) from None
        if not isinstance(obj, dict):
            raise InvalidOption("founders.tiles.bad_json", path=source, line=number,
                                error="founders.tiles.not_an_object")
        kind = next((k for k in ("format", "tile", "master", "token", "good") if k in obj), None)
        if kind is None:
            raise InvalidOption("founders.tiles.unknown_entry", path=source, line=number)
        entry = _Entry(source, number, obj, kind)
        if kind == "format":
            if header is not None or entries:
                raise entry.fail("format", "header_not_first", obj.get("format"))
            header = entry
        else:
            if header is None:
                raise InvalidOption("founders.tiles.no_header", path=source)
            per_kind[kind] += 1
            if per_kind[kind] > MAX_ENTRIES[kind]:
                raise entry.fail(kind, "too_many", obj.get(kind), limit=MAX_ENTRIES[kind])
            entries.append(entry)
    if header is None:
        raise InvalidOption("founders.tiles.no_header", path=source)
    header.only({"format", "version", "reconstructed", "why"})
    if header.obj.get("format") != "founders-tiles":
        raise header.fail("format", "bad_format", header.obj.get("format"))
    header.integer("version", 1, 1)
    reconstructed = header.obj.get("reconstructed")
    if type(reconstructed) is not bool:
        raise header.fail("reconstructed", "not_bool", reconstructed)
    why = header.obj.get("why", "")
    if not isinstance(why, str):
        raise header.fail("why", "not_text", why)

    goods: list[Good] = []
    known_goods: dict[str, int] = {}
    for e in entries:
        if e.kind != "good":
            continue
        e.only({"good", "tier", "ru", "en"})
        gid = e.text("good")
        if gid in known_goods:
            raise e.fail("good", "duplicate", gid)
        tier = e.obj.get("tier")
        if tier not in TIERS:
            raise e.fail("tier", "bad_tier", tier)
        if tier == "city" and gid not in TOKEN_KINDS:
            raise e.fail("good", "city_good_not_token", gid)
        known_goods[gid] = len(goods)
        goods.append(Good(gid, tier, e.text("ru"), e.text("en")))
    for t in TIERS:
        if not any(g.tier == t for g in goods):
            raise InvalidOption("founders.tiles.missing_tier", path=source, tier=t)
    for kind in TOKEN_KINDS:
        if kind not in known_goods:
            raise InvalidOption("founders.tiles.missing_token_good", path=source, token=kind)

    token_names: dict[str, tuple[str, str]] = {}
    masters: list[Master] = []
    for e in entries:
        if e.kind == "token":
            e.only({"token", "count", "ru", "en"})
            kind = e.obj["token"]
            if kind not in TOKEN_KINDS:
                raise e.fail("token", "bad_token", kind)
            if kind in token_names:
                raise e.fail("token", "duplicate", kind)
            e.integer("count", TOKENS_PER_KIND, TOKENS_PER_KIND)
            token_names[kind] = (e.text("ru"), e.text("en"))
        elif e.kind == "master":
            e.only({"master", "good", "ru", "en"})
            mid = e.text("master")
            good = e.obj.get("good")
            if good not in known_goods or goods[known_goods[good]].tier != "village":
                raise e.fail("good", "master_needs_village_good", good)
            if any(m.id == mid for m in masters):
                raise e.fail("master", "duplicate", mid)
            if any(m.good == known_goods[good] for m in masters):
                raise e.fail("good", "duplicate", good)
            masters.append(Master(mid, known_goods[good], e.text("ru"), e.text("en")))
    for kind in TOKEN_KINDS:
        if kind not in token_names:
            raise InvalidOption("founders.tiles.missing_token", path=source, token=kind)
    village_goods = [i for i, g in enumerate(goods) if g.tier == "village"]
    if len(masters) != TOKENS_PER_KIND or len(village_goods) != TOKENS_PER_KIND:
        raise InvalidOption("founders.tiles.masters_count", path=source, masters=len(masters),
                            goods=len(village_goods), expected=TOKENS_PER_KIND)

    types: list[TileType] = []
    for e in entries:
        if e.kind != "tile":
            continue
        types.append(_tile_type(e, known_goods, goods, types))
    deck_counts = [0, 0, 0, 0]
    for tt in types:
        deck_counts[tt.deck] += tt.count
    for d, name in enumerate(DECKS):
        if deck_counts[d] != DECK_SIZES[name]:
            raise InvalidOption("founders.tiles.deck_size", path=source, deck=name,
                                count=deck_counts[d], expected=DECK_SIZES[name])

    tile_type: list[int] = []
    for i, tt in enumerate(types):
        tile_type.extend([i] * tt.count)
    return TileSet(
        source=source, reconstructed=reconstructed, why=why, goods=tuple(goods),
        masters=tuple(masters),
        token_names=tuple(token_names[k] for k in TOKEN_KINDS), types=tuple(types),
        tile_type=tuple(tile_type),
        tile_deck=tuple(types[t].deck for t in tile_type),
        tile_needs=tuple(types[t].needs for t in tile_type),
        tile_mask=tuple(_mask(types[t].produces) for t in tile_type),
        tile_vp=tuple(types[t].vp for t in tile_type),
        tile_token=tuple(types[t].token for t in tile_type),
    )


def _mask(goods: tuple[int, ...]) -> int:
    m = 0
    for g in goods:
        m |= 1 << g
    return m


def _tile_type(e: _Entry, known: dict[str, int], goods: list[Good],
               earlier: list[TileType]) -> TileType:
    """One tile type, checked against what its deck's tiles look like in the rulebook."""
    e.only({"tile", "deck", "count", "ru", "en", "needs", "produces", "vp"})
    tid = e.text("tile")
    if any(t.id == tid for t in earlier):
        raise e.fail("tile", "duplicate", tid)
    deck_name = e.obj.get("deck")
    if deck_name not in DECKS:
        raise e.fail("deck", "bad_deck", deck_name)
    deck = DECKS.index(deck_name)
    count = e.integer("count", 1, DECK_SIZES[deck_name])
    needs = e.goods("needs", known)
    produces = e.goods("produces", known)
    tiers = [goods[g].tier for g in needs]
    made = [goods[g].tier for g in produces]
    if deck == NATURE:
        # «Зелёные природные квадраты не требуют никаких ресурсов ... один из двух ресурсов»
        if needs:
            raise e.fail("needs", "nature_needs_nothing", e.obj["needs"])
        if len(produces) != 2 or made != ["basic", "basic"] or produces[0] == produces[1]:
            raise e.fail("produces", "nature_two_basic", e.obj["produces"])
    elif deck == VILLAGE:
        if len(needs) != 2 or tiers != ["basic", "basic"]:
            raise e.fail("needs", "village_two_basic", e.obj["needs"])
        if made != ["village"]:
            raise e.fail("produces", "village_one_village", e.obj["produces"])
    elif deck == CITY:
        if len(needs) != 2 or sorted(tiers) != ["basic", "village"]:
            raise e.fail("needs", "city_basic_and_village", e.obj["needs"])
        if made != ["city"]:
            raise e.fail("produces", "city_one_token", e.obj["produces"])
    else:
        if not 1 <= len(needs) <= 8:
            raise e.fail("needs", "prize_needs_goods", e.obj["needs"])
        if produces:
            raise e.fail("produces", "prize_produces_nothing", e.obj["produces"])
    vp = e.integer("vp", 1, 3) if deck == PRIZE else e.integer("vp", 0, 0)
    token = TOKEN_KINDS.index(goods[produces[0]].id) if deck == CITY else -1
    return TileType(tid, deck, count, e.text("ru"), e.text("en"), needs, produces, vp, token)


@lru_cache(maxsize=1)
def builtin_tiles() -> TileSet:
    text = (resources.files(__package__) / "data" / "tiles.jsonl").read_text("utf-8")
    return parse_tiles(text, "tiles.jsonl")


def load_tiles(path: str | None) -> TileSet:
    """The built-in reconstruction (``None``) or a user's file (InvalidOption if unusable).

    A user's file is read anew for every game, so edits take effect at once."""
    if path is None or path == "" or path == BUILTIN:
        return builtin_tiles()
    try:
        text = read_user_text(path)
    except UnreadableFile as exc:
        raise exc.said_as("founders.tiles.unreadable") from None
    ts = parse_tiles(text, shown(shown_name(path), 200))
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
    ts = dataclasses.replace(ts, key_prefix=f"founders.user_{digest}.")
    _add_names_to_catalogs(ts)
    return ts


def _add_names_to_catalogs(ts: TileSet) -> None:
    """The names of a user's tiles become catalog entries under a prefix of their own (the
    file's digest), so the game log can name them in either language like built-in ones."""
    from settlers.core.i18n import add_texts

    add_texts(__package__, {
        **{f"{ts.key_prefix}tile.{tt.id}": {"ru": tt.ru, "en": tt.en} for tt in ts.types},
        **{f"{ts.key_prefix}good.{g.id}": {"ru": g.ru, "en": g.en} for g in ts.goods},
        **{f"{ts.key_prefix}master.{m.id}": {"ru": m.ru, "en": m.en} for m in ts.masters}})


T = TypeVar("T")


def per_tile_set(store: dict[int, Any], ts: TileSet, make: Callable[[TileSet], T]) -> T:
    """The table ``make(ts)`` built once per tile set and kept in ``store`` (by identity; a
    store holding more than 16 sets starts afresh)."""
    table = store.get(id(ts))
    if table is None or table.ts is not ts:
        if len(store) > 16:
            store.clear()
        table = store[id(ts)] = make(ts)
    return table
