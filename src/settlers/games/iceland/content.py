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

FILES = ("rules.json", "terrain.json", "numbers.json", "harbours.json", "fate_cards.json")
LABELS = ("exploration", "harvest", "movement", "althing")
EFFECTS = {
    "fix_terrain": "exploration", "choose_number": "exploration",
    "enter_forbidden": "movement", "extra_steps": "movement", "chase": "movement",
    "bonus_harvest": "harvest", "blight_hex": "harvest",
    "remove_red_tokens": "althing", "interrupt_case": "althing", "interrupt_althing": "althing",
}
UNKNOWN = -1  # terrain code of an unexplored position


class ContentError(ValueError):
    """A data file that is missing a field or contradicts the rules."""


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
    if data_dir:
        path = Path(data_dir) / name
        if path.exists():
            try:
                return json.loads(path.read_text("utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise ContentError(f"{path}: cannot read JSON ({exc})") from None
    text = (resources.files(__package__) / "data" / name).read_text("utf-8")
    return json.loads(text)


def _need(obj: dict[str, Any], key: str, where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise ContentError(f"{where}: missing field {key!r}")
    return obj[key]


def _count(value: Any, where: str) -> int:
    if type(value) is not int or value < 0:
        raise ContentError(f"{where}: {value!r} is not a count (a whole number >= 0)")
    return value


@lru_cache(maxsize=8)
def load_content(data_dir: str | None = None) -> Content:
    """The validated component data (bundled, or overridden from ``data_dir``)."""
    files = {name: _read(name, data_dir) for name in FILES}
    rules, terrain, numbers, harbours, fate = (files[n] for n in FILES)

    res = tuple(_need(rules, "resources", "rules.json"))
    if len(res) != 4 or len(set(res)) != 4:
        raise ContentError("rules.json: 'resources' must name four different resources")

    def cost(name: str) -> tuple[int, ...]:
        spec = _need(_need(rules, "costs", "rules.json"), name, "rules.json costs")
        for r in spec:
            if r not in res:
                raise ContentError(f"rules.json costs.{name}: unknown resource {r!r}")
        return tuple(_count(spec.get(r, 0), f"rules.json costs.{name}.{r}") for r in res)

    costs = {name: cost(name) for name in ("farm", "town", "settler", "boat")}
    raw_costs = rules["costs"]
    pieces = {k: _count(_need(rules["pieces"], k, "rules.json pieces"), f"pieces.{k}")
              for k in ("boat", "horse", "house")}

    ter = _need(terrain, "terrains", "terrain.json")
    names = tuple(ter)
    for required in ("sea", "mountain"):
        if required not in names:
            raise ContentError(f"terrain.json: terrain {required!r} is required")
    t_res, t_land, t_mount, t_count = [], [], [], []
    for n in names:
        spec = ter[n]
        r = spec.get("resource")
        if r is not None and r not in res:
            raise ContentError(f"terrain.json {n}: unknown resource {r!r}")
        t_res.append(res.index(r) if r is not None else -1)
        t_land.append(bool(_need(spec, "land", f"terrain.json {n}")))
        t_mount.append(bool(_need(spec, "mountain", f"terrain.json {n}")))
        t_count.append(_count(_need(spec, "count", f"terrain.json {n}"), f"terrain.json {n}.count"))
    for r in range(4):
        if r not in t_res:
            raise ContentError(f"terrain.json: no terrain produces {res[r]!r}")
    expl = _need(terrain, "exploration", "terrain.json")
    mod_max = _count(_need(expl, "modifier_max", "terrain.json exploration"), "modifier_max")
    green = [-1] * (10 + mod_max + 1)
    for row in _need(expl, "green", "terrain.json exploration"):
        t = row.get("terrain")
        if t not in names:
            raise ContentError(f"terrain.json exploration.green: unknown terrain {t!r}")
        for total in range(max(1, row["from"]), min(row["to"], 10 + mod_max) + 1):
            if green[total] != -1:
                raise ContentError(f"terrain.json exploration.green: total {total} listed twice")
            green[total] = names.index(t)
    if -1 in green[1:]:
        raise ContentError("terrain.json exploration.green: every total 1.."
                           f"{10 + mod_max} needs a terrain")
    red = [0] * 11
    red_spec = _need(expl, "red", "terrain.json exploration")
    for face in range(1, 11):
        red[face] = _count(_need(red_spec, str(face), "terrain.json exploration.red"), "red")
    order = tuple(_need(numbers, "ageing_order", "numbers.json"))
    counts = {int(k): _count(v, f"numbers.json counts.{k}")
              for k, v in _need(numbers, "counts", "numbers.json").items()}
    if set(counts) != set(order):
        raise ContentError("numbers.json: 'counts' must list exactly the numbers of 'ageing_order'")
    for face in range(1, 11):
        if red[face] not in counts:
            raise ContentError(f"terrain.json exploration.red: {red[face]} has no number token")
    radius = _count(_need(terrain, "board_radius", "terrain.json"), "board_radius")
    positions = 3 * radius * (radius + 1)  # unknown positions around the centre
    # totals 5..10 are reachable with any modifier: their terrains must fill the board
    always = {green[t] for t in range(mod_max + 1, 11)}
    if sum(t_count[t] for t in always) < positions:
        raise ContentError("terrain.json: the terrains reachable with every modifier must be "
                           f"at least {positions} hexes, or an exploration could never end")
    land_positions = positions
    if sum(counts.values()) < land_positions + 1:
        raise ContentError(f"numbers.json: at least {land_positions + 1} number tokens are needed")
    hcounts = _need(harbours, "counts", "harbours.json")
    harbour_counts = tuple(_count(hcounts.get(r, 0), f"harbours.json counts.{r}") for r in res)

    cards: dict[str, FateCard] = {}
    deck: list[str] = []
    for spec in _need(fate, "cards", "fate_cards.json"):
        cid = _need(spec, "id", "fate_cards.json card")
        label = _need(spec, "label", f"fate_cards.json {cid}")
        effect = _need(spec, "effect", f"fate_cards.json {cid}")
        if label not in LABELS:
            raise ContentError(f"fate_cards.json {cid}: unknown label {label!r}")
        if EFFECTS.get(effect) != label:
            raise ContentError(f"fate_cards.json {cid}: effect {effect!r} does not fit label {label!r}")
        tcode = -1
        if effect == "fix_terrain":
            t = spec.get("terrain")
            if t not in names:
                raise ContentError(f"fate_cards.json {cid}: unknown terrain {t!r}")
            tcode = names.index(t)
        if cid in cards:
            raise ContentError(f"fate_cards.json: card id {cid!r} twice")
        cards[cid] = FateCard(cid, label, effect, tcode)
        deck.extend([cid] * _count(_need(spec, "count", f"fate_cards.json {cid}"), "count"))
    if sum(1 for c in deck if cards[c].label == "exploration") < 5:
        raise ContentError("fate_cards.json: at least 5 Exploration cards are needed (5 players)")

    return Content(
        resources=res,
        bank_per_resource=_count(rules["bank_per_resource"], "bank_per_resource"),
        start_cards=_count(rules["start_cards_per_resource"], "start_cards_per_resource"),
        pieces=pieces, costs=costs,
        harbour_cost=_count(raw_costs["harbour"], "costs.harbour"),
        ageing_cost=_count(raw_costs["ageing"], "costs.ageing"),
        bank_rate=rules["bank_rate"], harbour_rate=rules["harbour_rate"],
        victory_points=rules["victory_points"], town_builds=rules["town_builds"],
        movement_steps=rules["movement_steps"], fair_wind_steps=rules["fair_wind_steps"],
        black_token_cases=rules["black_token_cases"],
        board_radius=radius,
        terrains=names, terrain_resource=tuple(t_res), terrain_land=tuple(t_land),
        terrain_mountain=tuple(t_mount), terrain_counts=tuple(t_count),
        centre=names.index(_need(terrain, "centre", "terrain.json")),
        sea=names.index("sea"), mountain=names.index("mountain"),
        mod_mountain=expl["modifier_per_mountain"], mod_land=expl["modifier_per_land"],
        mod_max=mod_max, green=tuple(green), red=tuple(red),
        ageing_order=order, number_counts=counts, harbour_counts=harbour_counts,
        fate_cards=cards, fate_deck=tuple(deck),
        reconstructed=tuple(n for n in FILES if files[n].get("reconstructed")),
    )
