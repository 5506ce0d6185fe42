"""Component data of Landnám: loading and validating the files in ``data/``.

The rules code never hard-codes a count or a cost: it reads :class:`Content`. Several files are
RECONSTRUCTED (terrain counts, exploration table, number and harbour tokens, the fate deck) and
say so in their ``reconstructed`` field; a user may replace any of them by pointing the
``data_dir`` option at a folder holding files of the same names (missing files fall back to the
bundled ones). Every file is checked here, with an error naming the file and the problem.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from settlers.core import content_faults as cf
from settlers.core import user_files
from settlers.core.errors import InvalidOption
from settlers.core.i18n import add_texts, catalog

FILES = ("rules.json", "terrain.json", "numbers.json", "harbours.json", "fate_cards.json")
LABELS = ("exploration", "harvest", "movement", "althing")
EFFECTS = {
    "fix_terrain": "exploration", "choose_number": "exploration",
    "enter_forbidden": "movement", "extra_steps": "movement", "chase": "movement",
    "bonus_harvest": "harvest", "blight_hex": "harvest",
    "remove_red_tokens": "althing", "interrupt_case": "althing", "interrupt_althing": "althing",
}
UNKNOWN = -1  # terrain code of an unexplored position

# Upper bounds of the numbers of a user's files. Each number sizes something the server builds
# or loops over (the board, the exploration table, the fate deck, the pools and the bank a
# game plays from), so a hostile file must not choose it freely: every bound is a few times
# the rulebook's value (iceland-catan.ru.txt), so any variant a player might try still fits.
MAX_BOARD_RADIUS = 6     # «шестиугольную рамку»: the frame holds radius 2 (18 unknown positions)
MAX_POSITIONS = 3 * MAX_BOARD_RADIUS * (MAX_BOARD_RADIUS + 1)  # 126 unknown positions
MAX_TOKENS = 2 * MAX_POSITIONS  # terrain hexes, number and harbour tokens of one kind (printed:
#                                at most 6 hexes of a terrain, 2 tokens of a number)
MAX_TERRAINS = 30        # kinds of terrain (6 in the reconstruction)
MAX_MODIFIER = 12        # «не больше, чем на 4»; six neighbours at +2 each can add no more
MAX_MODIFIER_STEP = 6    # «на 2 за каждый гекс горы ... на 1 за каждый иной гекс суши»
MAX_NUMBER = 99          # a number token (2..12 printed; the red d10 maps 1 -> 11, 7 -> 12)
MAX_FATE_COPIES = 20     # copies of one fate card (at most 3 in the reconstruction)
MAX_FATE_DECK = 200      # fate cards in all (32 in the reconstruction)
MAX_BANK = 100           # «все 24 карты» of each resource
MAX_START_CARDS = 10     # «по две карты каждого вида ресурсов»
MAX_PIECES = 30          # houses: «... и девять домиков»
# «пять лодок, пять лошадей»: a seat's pieces are numbered ``seat * 10 + k`` (k 0-4 boats, 5-9
# horses: pieces.py) in actions, logs and saves, so a set may take pieces away, not add any;
# one of each at least (a boat starts on the outer sea, a horse is what a settler build takes)
MAX_BOATS = 5
MAX_HORSES = 5
MAX_COST = 10            # a price in cards of one resource (at most 2 printed)
MAX_RATE = 10            # «Четыре одинаковых карты ресурса можно продать»; harbour: two
MAX_VICTORY_POINTS = 50  # «по меньшей мере двенадцати победных очков»
MAX_STEPS = 10           # movement steps in a turn, and those a fate card adds (2 each)
MAX_CASES = 10           # «по меньшей мере 3 тяжбы»; «вплоть до трёх фишек» (town builds)
MOST_PLAYERS = 5         # «для 3–5 игроков»: the largest table a content set must serve


class ContentError(InvalidOption):
    """A data file that is missing a field or contradicts the rules: ``file`` names it, the
    problem is said in the reader's language (settlers.core.content_faults)."""

    def __init__(self, file: str, problem: dict[str, str]) -> None:
        super().__init__("iceland.content.bad", file=file, problem=problem)


@dataclass(frozen=True)
class FateCard:
    id: str
    label: str
    effect: str
    terrain: int  # terrain code for fix_terrain cards, else -1


@dataclass(frozen=True)
class Content:
    resources: tuple[str, ...]
    bank_per_resource: int
    start_cards: int
    pieces: dict[str, int]
    costs: dict[str, tuple[int, ...]]  # per build, counts indexed like resources
    harbour_cost: int
    ageing_cost: int
    bank_rate: int
    harbour_rate: int
    victory_points: int
    town_builds: int
    movement_steps: int
    fair_wind_steps: int
    black_token_cases: int
    board_radius: int
    terrains: tuple[str, ...]            # terrain code -> name
    terrain_resource: tuple[int, ...]    # code -> resource index or -1
    terrain_land: tuple[bool, ...]
    terrain_mountain: tuple[bool, ...]
    terrain_counts: tuple[int, ...]
    centre: int
    sea: int
    mountain: int
    mod_mountain: int
    mod_land: int
    mod_max: int
    green: tuple[int, ...]               # green total (index) -> terrain code; index 0 unused
    red: tuple[int, ...]                 # red die (index) -> number; index 0 unused
    ageing_order: tuple[int, ...]
    number_counts: dict[int, int]
    harbour_counts: tuple[int, ...]      # per resource
    fate_cards: dict[str, FateCard]
    fate_deck: tuple[str, ...]           # one entry per physical card, in file order
    reconstructed: tuple[str, ...]       # names of reconstructed files
    # the catalog key of a name the user's files give (``iceland.card.<id>`` ->
    # ``iceland.user_<digest>.card.<id>``); an entry not in it keeps the catalog's name
    renamed: dict[str, str] = dataclass_field(default_factory=dict)

    def resource_index(self, name: str) -> int:
        return self.resources.index(name)

    def key(self, default: str) -> str:
        """The catalog key naming an entry (``iceland.card.<id>``, ``iceland.terrain.<id>``,
        ``iceland.res.<id>``, ``iceland.abbr.<id>``): the user's name, if the files give one."""
        return self.renamed.get(default, default)

    @cached_property
    def resource_keys(self) -> tuple[str, ...]:
        """The catalog key of each resource's name (``key``), by resource index."""
        return tuple(self.key(f"iceland.res.{r}") for r in self.resources)

    @cached_property
    def land_pass_cards(self) -> frozenset[str]:
        """The fate cards that let a boat onto land (effect ``enter_forbidden``)."""
        return frozenset(name for name, card in self.fate_cards.items()
                         if card.effect == "enter_forbidden")


def _read(name: str, data_dir: str | None) -> dict[str, Any]:
    """The file ``name`` of the user's folder (a file it does not hold: the bundled one)."""
    if data_dir:
        path = Path(data_dir) / name
        try:
            present = path.exists()
        except (OSError, ValueError):   # a name too long, a NUL: read_user_json says so
            present = True
        if present:
            data = user_files.read_user_json(path)
            if not isinstance(data, dict):
                raise ContentError(name, cf.fault("core.content.fault.not_object"))
            return data
    text = (resources.files(__package__) / "data" / name).read_text("utf-8")
    bundled: dict[str, Any] = json.loads(text)
    return bundled


# ``where`` below is a file name, or a file name, a space and a dotted path in the file
# ("rules.json costs.farm"): the fault names the file and the field.

def _need(obj: dict[str, Any], key: str, where: str) -> Any:
    file, _, path = where.partition(" ")
    if not isinstance(obj, dict):
        raise ContentError(file, cf.wrong_type(path or "-", "core.type.object", obj))
    if key not in obj:
        raise ContentError(file, cf.missing(f"{path}.{key}" if path else key))
    return obj[key]


def _rule(rules: dict[str, Any], key: str, hi: int, lo: int = 0) -> int:
    """A whole number of ``rules.json`` in ``lo..hi``."""
    return _count(_need(rules, key, "rules.json"), f"rules.json {key}", hi, lo)


def _count(value: Any, where: str, hi: int, lo: int = 0) -> int:
    """A whole number in ``lo..hi`` (every number of a user's file has a bound: see MAX_*);
    ``where`` is the file and the field's dotted path."""
    if not cf.is_integer(value, lo, hi):
        file, _, path = where.partition(" ")
        raise ContentError(file, cf.not_integer(path, value, lo, hi))
    return int(value)


def _at_most(items: Any, limit: int, where: str) -> None:
    """At most ``limit`` entries in ``items`` (a list or an object): each is checked and
    looked up, so a file must not hold as many as its size lets it."""
    if isinstance(items, list | dict) and len(items) > limit:
        file, _, path = where.partition(" ")
        raise ContentError(file, cf.too_many(path, limit, len(items)))


@lru_cache(maxsize=8)
def load_content(data_dir: str | None = None) -> Content:
    """The validated component data (bundled, or overridden from ``data_dir``)."""
    files = {name: _read(name, data_dir) for name in FILES}
    rules, terrain, numbers, harbours, fate = (files[n] for n in FILES)

    given: dict[str, dict[str, str]] = {}   # kind.id -> the name the files give it
    raw_res = _need(rules, "resources", "rules.json")
    # a resource is its id, or {"id": ..., "name": {"ru": ..., "en": ...}}
    res = [r.get("id") if isinstance(r, dict) else r for r in raw_res] if isinstance(
        raw_res, list) else raw_res
    if (not isinstance(res, list) or len(res) != 4 or not all(isinstance(r, str) for r in res)
            or len(set(res)) != 4):
        raise ContentError("rules.json", cf.fault("iceland.content.fault.four_resources",
                                                  value=cf.shown(raw_res)))
    for i, (rid, spec) in enumerate(zip(res, raw_res, strict=True)):
        _entry_name(given, "rules.json", f"resources[{i}]", "res", rid, spec)
    res = tuple(res)

    def cost(name: str) -> tuple[int, ...]:
        spec = _need(_need(rules, "costs", "rules.json"), name, "rules.json costs")
        if not isinstance(spec, dict):
            raise ContentError("rules.json", cf.wrong_type(f"costs.{name}", "core.type.object",
                                                           spec))
        for r in spec:
            if r not in res:
                raise ContentError("rules.json", cf.unknown("iceland.content.what.resource",
                                                            r, res))
        return tuple(_count(spec.get(r, 0), f"rules.json costs.{name}.{r}", MAX_COST)
                     for r in res)

    costs = {name: cost(name) for name in ("farm", "town", "settler", "boat")}
    raw_costs = rules["costs"]
    pieces = {k: _count(_need(_need(rules, "pieces", "rules.json"), k, "rules.json pieces"),
                        f"rules.json pieces.{k}", hi, lo)
              for k, lo, hi in (("boat", 1, MAX_BOATS), ("horse", 1, MAX_HORSES),
                                ("house", 0, MAX_PIECES))}

    ter = _need(terrain, "terrains", "terrain.json")
    if not isinstance(ter, dict):
        raise ContentError("terrain.json", cf.wrong_type("terrains", "core.type.object", ter))
    _at_most(ter, MAX_TERRAINS, "terrain.json terrains")
    names = tuple(ter)
    for required in ("sea", "mountain"):
        if required not in names:
            raise ContentError("terrain.json", cf.fault("iceland.content.fault.terrain_required",
                                                        terrain=required))
    t_res, t_land, t_mount, t_count = [], [], [], []
    for n in names:
        spec = ter[n]
        if not isinstance(spec, dict):
            raise ContentError("terrain.json", cf.wrong_type(f"terrains.{n}", "core.type.object",
                                                             spec))
        r = spec.get("resource")
        if r is not None and r not in res:
            raise ContentError("terrain.json", cf.unknown("iceland.content.what.resource", r,
                                                          res))
        _entry_name(given, "terrain.json", f"terrains.{n}", "terrain", n, spec)
        t_res.append(res.index(r) if r is not None else -1)
        t_land.append(bool(_need(spec, "land", f"terrain.json terrains.{n}")))
        t_mount.append(bool(_need(spec, "mountain", f"terrain.json terrains.{n}")))
        t_count.append(_count(_need(spec, "count", f"terrain.json terrains.{n}"),
                              f"terrain.json terrains.{n}.count", MAX_TOKENS))
    for r in range(4):
        if r not in t_res:
            raise ContentError("terrain.json", cf.fault("iceland.content.fault.no_producer",
                                                        resource=res[r]))
    expl = _need(terrain, "exploration", "terrain.json")
    mod_max = _count(_need(expl, "modifier_max", "terrain.json exploration"),
                     "terrain.json exploration.modifier_max", MAX_MODIFIER)
    green = [-1] * (10 + mod_max + 1)
    green_rows = _need(expl, "green", "terrain.json exploration")
    if not isinstance(green_rows, list):
        raise ContentError("terrain.json", cf.wrong_type("exploration.green", "core.type.list",
                                                         green_rows))
    _at_most(green_rows, 10 + mod_max, "terrain.json exploration.green")  # a row per total
    for i, row in enumerate(green_rows):
        where = f"terrain.json exploration.green[{i}]"
        t = _need(row, "terrain", where)
        if t not in names:
            raise ContentError("terrain.json", cf.unknown("iceland.content.what.terrain", t,
                                                          names))
        low = _count(_need(row, "from", where), f"{where}.from", 10 + MAX_MODIFIER)
        high = _count(_need(row, "to", where), f"{where}.to", 10 + MAX_MODIFIER)
        for total in range(max(1, low), min(high, 10 + mod_max) + 1):
            if green[total] != -1:
                raise ContentError("terrain.json", cf.fault("iceland.content.fault.total_twice",
                                                            total=total))
            green[total] = names.index(t)
    if -1 in green[1:]:
        raise ContentError("terrain.json", cf.fault("iceland.content.fault.every_total",
                                                    last=10 + mod_max))
    red = [0] * 11
    red_spec = _need(expl, "red", "terrain.json exploration")
    for face in range(1, 11):
        red[face] = _count(_need(red_spec, str(face), "terrain.json exploration.red"),
                           f"terrain.json exploration.red.{face}", MAX_NUMBER)
    order = _need(numbers, "ageing_order", "numbers.json")
    if not isinstance(order, list) or not all(cf.is_integer(n, 0) for n in order):
        raise ContentError("numbers.json", cf.wrong_type("ageing_order", "core.type.list",
                                                         order))
    _at_most(order, MAX_NUMBER + 1, "numbers.json ageing_order")
    for n in order:
        _count(n, "numbers.json ageing_order", MAX_NUMBER)
        if order.count(n) > 1:
            raise ContentError("numbers.json", cf.duplicate("ageing_order", n))
    order = tuple(order)
    raw_counts = _need(numbers, "counts", "numbers.json")
    if not isinstance(raw_counts, dict) or not all(k.isascii() and k.isdigit()
                                                   for k in raw_counts):
        raise ContentError("numbers.json", cf.wrong_type("counts", "core.type.object",
                                                         raw_counts))
    _at_most(raw_counts, MAX_NUMBER + 1, "numbers.json counts")
    counts = {_count(int(k) if len(k) <= 3 else k, "numbers.json counts", MAX_NUMBER):
              _count(v, f"numbers.json counts.{k}", MAX_TOKENS) for k, v in raw_counts.items()}
    if set(counts) != set(order):
        raise ContentError("numbers.json", cf.fault("iceland.content.fault.counts_order"))
    for face in range(1, 11):
        if red[face] not in counts:
            raise ContentError("terrain.json", cf.fault("iceland.content.fault.red_no_token",
                                                        face=face, number=red[face]))
    radius = _count(_need(terrain, "board_radius", "terrain.json"), "terrain.json board_radius",
                    MAX_BOARD_RADIUS)
    positions = 3 * radius * (radius + 1)  # unknown positions around the centre
    # totals 5..10 are reachable with any modifier: their terrains must fill the board
    always = {green[t] for t in range(mod_max + 1, 11)}
    if sum(t_count[t] for t in always) < positions:
        raise ContentError("terrain.json", cf.fault("iceland.content.fault.exploration_end",
                                                    positions=positions))
    land_positions = positions
    if sum(counts.values()) < land_positions + 1:
        raise ContentError("numbers.json", cf.fault("iceland.content.fault.too_few_tokens",
                                                    needed=land_positions + 1))
    hcounts = _need(harbours, "counts", "harbours.json")
    if not isinstance(hcounts, dict):
        raise ContentError("harbours.json", cf.wrong_type("counts", "core.type.object", hcounts))
    for r in hcounts:   # a name rules.json does not define would be ignored: no harbour
        if r not in res:
            raise ContentError("harbours.json", cf.unknown("iceland.content.what.resource", r,
                                                           res, field="counts"))
    harbour_counts = tuple(_count(hcounts.get(r, 0), f"harbours.json counts.{r}", MAX_TOKENS)
                           for r in res)

    centre = _need(terrain, "centre", "terrain.json")
    if centre not in names:
        raise ContentError("terrain.json", cf.unknown("iceland.content.what.terrain", centre,
                                                      names))

    cards: dict[str, FateCard] = {}
    deck: list[str] = []
    fate_specs = _need(fate, "cards", "fate_cards.json")
    if not isinstance(fate_specs, list):
        raise ContentError("fate_cards.json", cf.wrong_type("cards", "core.type.list",
                                                            fate_specs))
    _at_most(fate_specs, MAX_FATE_DECK, "fate_cards.json cards")
    for i, spec in enumerate(fate_specs):
        cid = _need(spec, "id", f"fate_cards.json cards[{i}]")
        if not isinstance(cid, str) or not cid:
            raise ContentError("fate_cards.json", cf.wrong_type(f"cards[{i}].id",
                                                                "core.type.str", cid))
        label = _need(spec, "label", f"fate_cards.json cards[{i}]")
        effect = _need(spec, "effect", f"fate_cards.json cards[{i}]")
        if label not in LABELS:
            raise ContentError("fate_cards.json", cf.unknown("iceland.content.what.label",
                                                             label, LABELS))
        if not isinstance(effect, str) or EFFECTS.get(effect) != label:
            raise ContentError("fate_cards.json", cf.fault(
                "iceland.content.fault.effect_label", card=cid, effect=cf.shown(effect),
                label=label, known=cf.names(e for e, lab in EFFECTS.items() if lab == label)))
        tcode = -1
        if effect == "fix_terrain":
            t = spec.get("terrain")
            if t not in names:
                raise ContentError("fate_cards.json", cf.unknown("iceland.content.what.terrain",
                                                                 t, names))
            tcode = names.index(t)
        if cid in cards:
            raise ContentError("fate_cards.json", cf.duplicate("cards.id", cid))
        _entry_name(given, "fate_cards.json", f"cards[{i}]", "card", cid, spec)
        cards[cid] = FateCard(cid, label, effect, tcode)
        deck.extend([cid] * _count(_need(spec, "count", f"fate_cards.json cards[{i}]"),
                                   f"fate_cards.json cards[{i}].count", MAX_FATE_COPIES))
    if len(deck) > MAX_FATE_DECK:
        raise ContentError("fate_cards.json", cf.too_many("cards.count", MAX_FATE_DECK,
                                                          len(deck)))
    if sum(1 for c in deck if cards[c].label == "exploration") < MOST_PLAYERS:
        raise ContentError("fate_cards.json", cf.fault("iceland.content.fault.exploration_cards"))

    bank = _rule(rules, "bank_per_resource", MAX_BANK)
    start = _rule(rules, "start_cards_per_resource", MAX_START_CARDS)
    harbour_cost = _count(_need(raw_costs, "harbour", "rules.json costs"),
                          "rules.json costs.harbour", MAX_COST)
    ageing_cost = _count(_need(raw_costs, "ageing", "rules.json costs"),
                         "rules.json costs.ageing", MAX_COST)
    _within_the_bank(bank, start, costs, res, {"harbour": harbour_cost, "ageing": ageing_cost})
    return Content(
        resources=res,
        bank_per_resource=bank,
        start_cards=start,
        pieces=pieces, costs=costs,
        harbour_cost=harbour_cost,
        ageing_cost=ageing_cost,
        bank_rate=_rule(rules, "bank_rate", MAX_RATE),
        harbour_rate=_rule(rules, "harbour_rate", MAX_RATE),
        victory_points=_rule(rules, "victory_points", MAX_VICTORY_POINTS),
        town_builds=_rule(rules, "town_builds", MAX_CASES),
        movement_steps=_rule(rules, "movement_steps", MAX_STEPS),
        fair_wind_steps=_rule(rules, "fair_wind_steps", MAX_STEPS),
        black_token_cases=_rule(rules, "black_token_cases", MAX_CASES),
        board_radius=radius,
        terrains=names, terrain_resource=tuple(t_res), terrain_land=tuple(t_land),
        terrain_mountain=tuple(t_mount), terrain_counts=tuple(t_count),
        centre=names.index(centre),
        sea=names.index("sea"), mountain=names.index("mountain"),
        mod_mountain=_count(_need(expl, "modifier_per_mountain", "terrain.json exploration"),
                            "terrain.json exploration.modifier_per_mountain", MAX_MODIFIER_STEP),
        mod_land=_count(_need(expl, "modifier_per_land", "terrain.json exploration"),
                        "terrain.json exploration.modifier_per_land", MAX_MODIFIER_STEP),
        mod_max=mod_max, green=tuple(green), red=tuple(red),
        ageing_order=order, number_counts=counts, harbour_counts=harbour_counts,
        fate_cards=cards, fate_deck=tuple(deck),
        reconstructed=tuple(n for n in FILES if files[n].get("reconstructed")),
        renamed=_renamed(given),
    )


def _catalog_names(key: str) -> bool:
    """Does the game's catalog name ``key`` in every language?"""
    return all(key in catalog(__package__, lang) for lang in ("ru", "en"))


def _entry_name(names: dict[str, dict[str, str]], file: str, where: str, kind: str, eid: str,
                spec: Any) -> None:
    """The ``name`` an entry of a user's file gives (``{"ru": ..., "en": ...}``) goes into
    ``names`` as ``<kind>.<id>``. It may be left out for an id the catalog names (the built-in
    ones), not for a new one: that would show as a raw key in the log and the menus."""
    given = spec.get("name") if isinstance(spec, dict) else None
    if given is None:
        if not _catalog_names(f"iceland.{kind}.{eid}"):
            raise ContentError(file, cf.name_needed(where, eid))
        return
    name = cf.bilingual_name(given)
    if name is None:
        raise ContentError(file, cf.bad_name(f"{where}.name"))
    names[f"{kind}.{eid}"] = name


def _renamed(names: dict[str, dict[str, str]]) -> dict[str, str]:
    """The names the files give become catalog entries under a prefix of their own (the
    digest of the names: two files may name one id differently); a terrain or resource the
    catalog does not know is drawn on the terminal board by its name's first two letters."""
    if not names:
        return {}
    digest = hashlib.sha1(json.dumps(names, sort_keys=True).encode("utf-8")).hexdigest()[:10]
    prefix = f"iceland.user_{digest}."
    texts = {prefix + entry: name for entry, name in names.items()}
    renamed = {f"iceland.{entry}": prefix + entry for entry in names}
    for entry, name in names.items():
        kind, _, eid = entry.partition(".")
        if kind in ("terrain", "res") and not _catalog_names(f"iceland.abbr.{eid}"):
            texts[f"{prefix}abbr.{eid}"] = {lang: text.strip()[:2] for lang, text in name.items()}
            renamed[f"iceland.abbr.{eid}"] = f"{prefix}abbr.{eid}"
    add_texts(__package__, texts)
    return renamed


def _within_the_bank(bank: int, start: int, costs: dict[str, tuple[int, ...]],
                     resources: tuple[str, ...], prices: dict[str, int]) -> None:
    """Every card in play comes from the bank (``bank`` of each resource): it must deal the
    start at the largest table («по две карты каждого вида ресурсов» to each of 5 players: a
    smaller bank would go below zero), and no price may ask more cards of one resource than
    there are (such a build could never be paid: with no other way to a point, the game
    would never end)."""
    if start * MOST_PLAYERS > bank:
        raise ContentError("rules.json", cf.fault(
            "iceland.content.fault.start_over_bank", start=start, players=MOST_PLAYERS,
            needed=start * MOST_PLAYERS, bank=bank))
    asked = [(f"costs.{name}.{resources[r]}", n) for name, cost in costs.items()
             for r, n in enumerate(cost)]
    asked += [(f"costs.{name}", n) for name, n in prices.items()]
    for field, n in asked:
        if n > bank:
            raise ContentError("rules.json", cf.fault(
                "iceland.content.fault.cost_over_bank", field=field, cost=n, bank=bank))
