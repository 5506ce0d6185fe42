"""Component data of Landnám: loading and validating the files in ``data/``.

The rules code never hard-codes a count or a cost: it reads :class:`Content`. Several files are
RECONSTRUCTED (terrain counts, exploration table, number and harbour tokens, the fate deck) and
say so in their ``reconstructed`` field; a user may replace any of them by pointing the
``data_dir`` option at a folder holding files of the same names (missing files fall back to the
bundled ones). Every file is checked here, with an error naming the file and the problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from settlers.core import content_faults as cf
from settlers.core.errors import InvalidOption

FILES = ("rules.json", "terrain.json", "numbers.json", "harbours.json", "fate_cards.json")
LABELS = ("exploration", "harvest", "movement", "althing")
EFFECTS = {
    "fix_terrain": "exploration", "choose_number": "exploration",
    "enter_forbidden": "movement", "extra_steps": "movement", "chase": "movement",
    "bonus_harvest": "harvest", "blight_hex": "harvest",
    "remove_red_tokens": "althing", "interrupt_case": "althing", "interrupt_althing": "althing",
}
UNKNOWN = -1  # terrain code of an unexplored position


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

    def resource_index(self, name: str) -> int:
        return self.resources.index(name)

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
            data = cf.read_user_json(path)
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


def _rule(rules: dict[str, Any], key: str) -> int:
    """A whole number of ``rules.json``."""
    return _count(_need(rules, key, "rules.json"), f"rules.json {key}")


def _count(value: Any, where: str) -> int:
    """A whole number >= 0; ``where`` is the file and the field's dotted path."""
    if not cf.is_integer(value, 0):
        file, _, path = where.partition(" ")
        raise ContentError(file, cf.not_integer(path, value, 0))
    return int(value)


@lru_cache(maxsize=8)
def load_content(data_dir: str | None = None) -> Content:
    """The validated component data (bundled, or overridden from ``data_dir``)."""
    files = {name: _read(name, data_dir) for name in FILES}
    rules, terrain, numbers, harbours, fate = (files[n] for n in FILES)

    res = _need(rules, "resources", "rules.json")
    if (not isinstance(res, list) or len(res) != 4 or not all(isinstance(r, str) for r in res)
            or len(set(res)) != 4):
        raise ContentError("rules.json", cf.fault("iceland.content.fault.four_resources",
                                                  value=cf.shown(res)))
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
        return tuple(_count(spec.get(r, 0), f"rules.json costs.{name}.{r}") for r in res)

    costs = {name: cost(name) for name in ("farm", "town", "settler", "boat")}
    raw_costs = rules["costs"]
    pieces = {k: _count(_need(_need(rules, "pieces", "rules.json"), k, "rules.json pieces"),
                        f"rules.json pieces.{k}")
              for k in ("boat", "horse", "house")}

    ter = _need(terrain, "terrains", "terrain.json")
    if not isinstance(ter, dict):
        raise ContentError("terrain.json", cf.wrong_type("terrains", "core.type.object", ter))
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
        t_res.append(res.index(r) if r is not None else -1)
        t_land.append(bool(_need(spec, "land", f"terrain.json terrains.{n}")))
        t_mount.append(bool(_need(spec, "mountain", f"terrain.json terrains.{n}")))
        t_count.append(_count(_need(spec, "count", f"terrain.json terrains.{n}"),
                              f"terrain.json terrains.{n}.count"))
    for r in range(4):
        if r not in t_res:
            raise ContentError("terrain.json", cf.fault("iceland.content.fault.no_producer",
                                                        resource=res[r]))
    expl = _need(terrain, "exploration", "terrain.json")
    mod_max = _count(_need(expl, "modifier_max", "terrain.json exploration"),
                     "terrain.json exploration.modifier_max")
    green = [-1] * (10 + mod_max + 1)
    green_rows = _need(expl, "green", "terrain.json exploration")
    if not isinstance(green_rows, list):
        raise ContentError("terrain.json", cf.wrong_type("exploration.green", "core.type.list",
                                                         green_rows))
    for i, row in enumerate(green_rows):
        where = f"terrain.json exploration.green[{i}]"
        t = _need(row, "terrain", where)
        if t not in names:
            raise ContentError("terrain.json", cf.unknown("iceland.content.what.terrain", t,
                                                          names))
        low = _count(_need(row, "from", where), f"{where}.from")
        high = _count(_need(row, "to", where), f"{where}.to")
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
                           f"terrain.json exploration.red.{face}")
    order = _need(numbers, "ageing_order", "numbers.json")
    if not isinstance(order, list) or not all(cf.is_integer(n, 0) for n in order):
        raise ContentError("numbers.json", cf.wrong_type("ageing_order", "core.type.list",
                                                         order))
    order = tuple(order)
    raw_counts = _need(numbers, "counts", "numbers.json")
    if not isinstance(raw_counts, dict) or not all(k.isdigit() for k in raw_counts):
        raise ContentError("numbers.json", cf.wrong_type("counts", "core.type.object",
                                                         raw_counts))
    counts = {int(k): _count(v, f"numbers.json counts.{k}") for k, v in raw_counts.items()}
    if set(counts) != set(order):
        raise ContentError("numbers.json", cf.fault("iceland.content.fault.counts_order"))
    for face in range(1, 11):
        if red[face] not in counts:
            raise ContentError("terrain.json", cf.fault("iceland.content.fault.red_no_token",
                                                        face=face, number=red[face]))
    radius = _count(_need(terrain, "board_radius", "terrain.json"), "terrain.json board_radius")
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
    harbour_counts = tuple(_count(hcounts.get(r, 0), f"harbours.json counts.{r}") for r in res)

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
        cards[cid] = FateCard(cid, label, effect, tcode)
        deck.extend([cid] * _count(_need(spec, "count", f"fate_cards.json cards[{i}]"),
                                   f"fate_cards.json cards[{i}].count"))
    if sum(1 for c in deck if cards[c].label == "exploration") < 5:
        raise ContentError("fate_cards.json", cf.fault("iceland.content.fault.exploration_cards"))

    return Content(
        resources=res,
        bank_per_resource=_rule(rules, "bank_per_resource"),
        start_cards=_rule(rules, "start_cards_per_resource"),
        pieces=pieces, costs=costs,
        harbour_cost=_count(_need(raw_costs, "harbour", "rules.json costs"),
                            "rules.json costs.harbour"),
        ageing_cost=_count(_need(raw_costs, "ageing", "rules.json costs"),
                           "rules.json costs.ageing"),
        bank_rate=_rule(rules, "bank_rate"), harbour_rate=_rule(rules, "harbour_rate"),
        victory_points=_rule(rules, "victory_points"), town_builds=_rule(rules, "town_builds"),
        movement_steps=_rule(rules, "movement_steps"),
        fair_wind_steps=_rule(rules, "fair_wind_steps"),
        black_token_cases=_rule(rules, "black_token_cases"),
        board_radius=radius,
        terrains=names, terrain_resource=tuple(t_res), terrain_land=tuple(t_land),
        terrain_mountain=tuple(t_mount), terrain_counts=tuple(t_count),
        centre=names.index(centre),
        sea=names.index("sea"), mountain=names.index("mountain"),
        mod_mountain=_count(_need(expl, "modifier_per_mountain", "terrain.json exploration"),
                            "terrain.json exploration.modifier_per_mountain"),
        mod_land=_count(_need(expl, "modifier_per_land", "terrain.json exploration"),
                        "terrain.json exploration.modifier_per_land"),
        mod_max=mod_max, green=tuple(green), red=tuple(red),
        ageing_order=order, number_counts=counts, harbour_counts=harbour_counts,
        fate_cards=cards, fate_deck=tuple(deck),
        reconstructed=tuple(n for n in FILES if files[n].get("reconstructed")),
    )
