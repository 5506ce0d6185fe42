"""Content of the base game: the component facts read from ``data/components.json`` and validated.

Almanac: «Компоненты игры», «Карта цены строительства» (the costs are garbled in the text; they
come from the content facts), «Карты развития», «Победные очки».
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


class ComponentDataError(ValueError):
    """A data file of the game does not match its schema."""


def load_json(name: str) -> dict[str, Any]:
    text = (resources.files(__package__) / "data" / name).read_text("utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ComponentDataError(f"{name}: expected a JSON object")
    return data


def _require(cond: bool, what: str) -> None:
    if not cond:
        raise ComponentDataError(f"components.json: {what}")


def validate_components(data: dict[str, Any]) -> None:
    """Check the component file against the facts the rules rely on."""
    res = data["resources"]
    _require(isinstance(res, list) and len(res) == 5 and len(set(res)) == 5, "5 resources")
    terrains = data["terrains"]
    _require(sum(t["count"] for t in terrains.values()) == 19, "19 land hexes")
    _require(sorted(t["resource"] for t in terrains.values() if t["resource"]) == sorted(res),
             "each resource comes from exactly one terrain")
    _require(sum(data["island_rows"]) == 19, "island rows hold 19 hexes")
    tokens = data["number_tokens"]["values"]
    _require(len(tokens) == 18 and all(2 <= v <= 12 and v != 7 for v in tokens),
             "18 number tokens, 2..12 without 7")
    _require(all(tokens.count(v) <= 2 for v in tokens),
             "at most two tokens of a number (production.produce relies on it)")
    h = data["harbours"]
    _require(len(h["kinds"]) == len(h["coast_positions"]) == 9, "9 harbours")
    _require(all(k == "generic" or k in res for k in h["kinds"]), "harbour kinds")
    for item, cost in data["costs"].items():
        _require(all(r in res and n > 0 for r, n in cost.items()), f"cost of {item}")
    dev = data["development_cards"]
    _require(set(dev) == {"knight", "victory_point", "road_building", "year_of_plenty",
                          "monopoly"} and sum(dev.values()) == 25, "25 development cards")


COMPONENTS = load_json("components.json")
validate_components(COMPONENTS)

RESOURCES: tuple[str, ...] = tuple(COMPONENTS["resources"])
#: the catalog key of each resource, by index
RESOURCE_KEYS: tuple[str, ...] = tuple(f"catan.res.{name}" for name in RESOURCES)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
BRICK, LUMBER, WOOL, GRAIN, ORE = (RESOURCE_INDEX[n] for n in
                                   ("brick", "lumber", "wool", "grain", "ore"))
CARDS_EACH: int = COMPONENTS["resource_cards_each"]

TERRAIN_RESOURCE: dict[str, int] = {
    name: (RESOURCE_INDEX[t["resource"]] if t["resource"] else -1)
    for name, t in COMPONENTS["terrains"].items()
}
TERRAIN_COUNTS: dict[str, int] = {n: t["count"] for n, t in COMPONENTS["terrains"].items()}
ISLAND_ROWS: tuple[int, ...] = tuple(COMPONENTS["island_rows"])
TOKENS: tuple[int, ...] = tuple(COMPONENTS["number_tokens"]["values"])


def _cost(item: str) -> tuple[int, ...]:
    c = COMPONENTS["costs"][item]
    return tuple(c.get(r, 0) for r in RESOURCES)


COST_ROAD = _cost("road")
COST_SETTLEMENT = _cost("settlement")
COST_CITY = _cost("city")
COST_DEVELOPMENT = _cost("development_card")

DEV_KINDS: tuple[str, ...] = ("knight", "victory_point", "road_building", "year_of_plenty",
                              "monopoly")
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
DEV_COUNTS: tuple[int, ...] = tuple(COMPONENTS["development_cards"][k] for k in DEV_KINDS)

HARBOUR_KINDS: tuple[str, ...] = tuple(COMPONENTS["harbours"]["kinds"])
HARBOUR_POSITIONS: tuple[int, ...] = tuple(COMPONENTS["harbours"]["coast_positions"])
GENERIC = 5  # harbour bit of a 3:1 harbour; bits 0..4 are the 2:1 harbours of each resource
HARBOUR_BIT_NAMES = (*RESOURCES, "generic")
GENERIC_RATIO: int = COMPONENTS["harbours"]["generic_ratio"]
SPECIAL_RATIO: int = COMPONENTS["harbours"]["special_ratio"]
PLAIN_RATIO: int = COMPONENTS["harbours"]["plain_ratio"]

PIECES = COMPONENTS["pieces_per_player"]
ROADS_PER_PLAYER: int = PIECES["roads"]
SETTLEMENTS_PER_PLAYER: int = PIECES["settlements"]
CITIES_PER_PLAYER: int = PIECES["cities"]

POINTS = COMPONENTS["points"]
POINTS_TO_WIN: int = POINTS["to_win"]
AWARD_POINTS: int = POINTS["longest_road"]
LONGEST_ROAD_MIN: int = COMPONENTS["longest_road_minimum"]
LARGEST_ARMY_MIN: int = COMPONENTS["largest_army_minimum"]
DISCARD_ABOVE: int = COMPONENTS["discard_above"]


def colours(players: int) -> tuple[str, ...]:
    """Seat colours: with three players red is left out (beginner set-up)."""
    if players == 3:
        return tuple(COMPONENTS["colours_three_players"])
    return tuple(COMPONENTS["colours"][:players])
