"""Our Catan bots playing inside catanatron's engine (a bridge), and a check of the bridge.

    python benchmarks/catanatron_bridge.py --check --games 3 --seed 1
    python benchmarks/catanatron_bridge.py --ours heuristic --theirs AB --games 40 --seed 100 \\
        --out results.jsonl
    python benchmarks/catanatron_bridge.py --table results.jsonl

Needs ``catanatron`` importable next to ``settlers`` (this module only imports it; it never
installs it). ``pip install catanatron`` gives 3.2.1, which has ``ValueFunctionPlayer`` but not
``AlphaBetaPlayer``; for AlphaBeta install catanatron 3.3.0 from its source
(``git clone https://github.com/bcollazo/catanatron; pip install ./catanatron``) into a scratch
virtual environment, then run this file with that environment's Python and ``PYTHONPATH``
pointing at our ``src`` (our runtime dependencies must be installed there too).

How it works. :class:`SettlersPlayer` is a catanatron ``Player``. At each of its decisions it
builds our ``CatanState`` equal to catanatron's position (:func:`build_state`): the board (hexes,
numbers, harbours and the robber, mapped by coordinates, :class:`Geometry`), every seat's
pieces, every hand and development card, knights played, the longest-road and largest-army
holders, the bank, the development deck, and the phase with any pending sub-step (founding
order, roll, main turn, discard, robber, road building). Hidden information is copied exactly
and then re-drawn from the seat's view (``state.determinize``) before our bot sees the state,
so our bot knows what that seat knows and nothing more. The bot's answer is translated into
exactly one of catanatron's ``playable_actions`` (:func:`to_catanatron`); if there is none
(or several) :class:`BridgeError` is raised: there is no fallback.

Catanatron's seats are ``game.state.colors`` in seating order; catanatron seat ``i`` is our
seat ``i``; catanatron's first player (index 0) is our ``first``.

Rule differences (see ``docs/results/catanatron-bridge.md``), as the check classifies them:

* ``robber_without_steal`` - we allow moving the robber to a hex with victims and robbing
  nobody; catanatron always robs someone there.
* ``road_building_useless`` - we list the road-building card when no road can be placed
  (the card is then spent for nothing); catanatron does not list it.
* ``road_past_rival`` - after an opponent's settlement cuts a road, catanatron lets the cut
  player build on from that opponent's intersection; we do not (a road cannot continue
  through an opponent's building).
* ``year_of_plenty_single`` - when the bank lacks a pair catanatron also offers a single card
  even though other pairs are available; we offer one card only when the bank holds fewer
  than two cards in all.
* Harbours: we let a harbour be used from the turn after its settlement; catanatron at once.
  The bridge marks every harbour usable at once (catanatron's rule) so the menus agree.

Run mode: one of our bots against three catanatron bots (or two against two with
``--pairs``), the seat rotated game by game, one JSON line per game appended to ``--out``;
then a table with Wilson 95 % intervals. Catanatron stops a game at 1000 turns
(``TURNS_LIMIT``, counting every seat's turn); such a game has no winner and counts as a loss
for every seat.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:  # catanatron is optional for our repository: only this bridge needs it
    from catanatron.game import TURNS_LIMIT, Game
    from catanatron.models.enums import ActionPrompt, ActionType, NodeRef
    from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS
    from catanatron.models.player import Color, Player, RandomPlayer
    from catanatron.models.tiles import Port
except ImportError as exc:  # pragma: no cover - reported when used
    raise ImportError("benchmarks/catanatron_bridge.py needs catanatron: pip install "
                      "catanatron (3.2.1, no AlphaBetaPlayer) or install 3.3.0 from its "
                      "source") from exc

import settlers
from settlers.core.seats import snake_order
from settlers.games.catan import building
from settlers.games.catan import phases as ph
from settlers.games.catan.acting import keep_to_act
from settlers.games.catan.board import Board
from settlers.games.catan.content import DEV_KINDS, RESOURCES
from settlers.games.catan.longest_road import longest_road
from settlers.games.catan.scoring import points
from settlers.games.catan.topology import CORNERS, EDGE_CORNERS, EDGES, GRID, HEXES
from settlers.sim.seating import parse_seat

OPTIONS = {"phases": "combined", "domestic_trade": False}
CATAN = settlers.load("catan")

#: catanatron resource name -> ours, and back
RES_OURS = {"WOOD": "lumber", "BRICK": "brick", "SHEEP": "wool", "WHEAT": "grain",
            "ORE": "ore"}
RES_THEIRS = {v: k for k, v in RES_OURS.items()}
#: our resource index (brick, lumber, wool, grain, ore) -> catanatron name
THEIRS_BY_INDEX = tuple(RES_THEIRS[r] for r in RESOURCES)
TERRAIN = {"WOOD": "forest", "BRICK": "hills", "SHEEP": "pasture", "WHEAT": "fields",
           "ORE": "mountains", None: "desert"}
#: our development card index (knight, victory_point, road_building, year_of_plenty,
#: monopoly) -> catanatron name
DEV_THEIRS = tuple(k.upper() for k in DEV_KINDS)
DEV_INDEX = {name: i for i, name in enumerate(DEV_THEIRS)}
CORNER_NAME = {NodeRef.NORTH: "N", NodeRef.NORTHEAST: "NE", NodeRef.SOUTHEAST: "SE",
               NodeRef.SOUTH: "S", NodeRef.SOUTHWEST: "SW", NodeRef.NORTHWEST: "NW"}
#: the prompts the bridge supports (no domestic trade: catanatron's bots never offer)
SUPPORTED = (ActionPrompt.BUILD_INITIAL_SETTLEMENT, ActionPrompt.BUILD_INITIAL_ROAD,
             ActionPrompt.PLAY_TURN, ActionPrompt.DISCARD, ActionPrompt.MOVE_ROBBER)


class BridgeError(RuntimeError):
    """The bridge cannot represent a position or translate an action."""


# ------------------------------------------------------------------------------- geometry
@dataclass(frozen=True)
class Geometry:
    """Catanatron's node ids, edges and tile coordinates <-> our corners, paths and hexes.

    Catanatron's cube coordinate ``(x, y, z)`` is our axial ``(q, r) = (x, z)``: both grids
    are pointy-top, catanatron's EAST ``(1, -1, 0)`` is our E ``(1, 0)``, its SOUTHEAST
    ``(0, -1, 1)`` our SE ``(0, 1)``. A tile's node ``NORTH`` is our hex's corner ``N``, and so
    on; an edge is the path between the two corners of its nodes.
    """

    node_corner: dict[int, int]
    corner_node: tuple[int, ...]
    edge_path: dict[tuple[int, int], int]     # both orders of every catanatron edge
    path_edge: tuple[tuple[int, int], ...]    # sorted node pair
    coord_hex: dict[tuple[int, int, int], int]
    hex_coord: tuple[tuple[int, int, int], ...]

    @classmethod
    def of(cls, catan_map: Any) -> Geometry:
        node_corner: dict[int, int] = {}
        coord_hex: dict[tuple[int, int, int], int] = {}
        for coord, tile in catan_map.land_tiles.items():
            x, _y, z = coord
            h = GRID.hex_index.get((x, z))
            if h is None:
                raise BridgeError(f"catanatron tile {coord} is not on our island")
            coord_hex[coord] = h
            for ref, node in tile.nodes.items():
                c = GRID.corner_of(h, CORNER_NAME[ref])
                if node_corner.setdefault(node, c) != c:
                    raise BridgeError(f"node {node} maps to corners {node_corner[node]} and {c}")
        if len(coord_hex) != HEXES or sorted(coord_hex.values()) != list(range(HEXES)):
            raise BridgeError("the land tiles are not a bijection onto our 19 hexes")
        if len(node_corner) != CORNERS or sorted(node_corner.values()) != list(range(CORNERS)):
            raise BridgeError("the land nodes are not a bijection onto our 54 corners")
        corner_node = [0] * CORNERS
        for node, c in node_corner.items():
            corner_node[c] = node
        path_of_pair = {frozenset(EDGE_CORNERS[e]): e for e in range(EDGES)}
        edge_path: dict[tuple[int, int], int] = {}
        path_edge: list[tuple[int, int] | None] = [None] * EDGES
        for tile in catan_map.land_tiles.values():
            for a, b in tile.edges.values():
                e = path_of_pair.get(frozenset((node_corner[a], node_corner[b])))
                if e is None:
                    raise BridgeError(f"edge {(a, b)} joins corners that share no path")
                edge_path[(a, b)] = edge_path[(b, a)] = e
                path_edge[e] = (min(a, b), max(a, b))
        if any(p is None for p in path_edge):
            raise BridgeError("some paths have no catanatron edge")
        if len({edge_path[k] for k in edge_path}) != EDGES or len(edge_path) != 2 * EDGES:
            raise BridgeError("the land edges are not a bijection onto our 72 paths")
        hex_coord = [None] * HEXES
        for coord, h in coord_hex.items():
            hex_coord[h] = coord
        return cls(node_corner, tuple(corner_node), edge_path,
                   tuple(path_edge), coord_hex, tuple(hex_coord))  # type: ignore[arg-type]


_GEOMETRY: dict[int, tuple[Any, Geometry]] = {}


def geometry(catan_map: Any) -> Geometry:
    """The mapping of one catanatron map (built once per map object, then cached)."""
    hit = _GEOMETRY.get(id(catan_map))
    if hit is not None and hit[0] is catan_map:
        return hit[1]
    geo = Geometry.of(catan_map)
    _GEOMETRY[id(catan_map)] = (catan_map, geo)
    return geo


def board_of(catan_map: Any, geo: Geometry) -> Board:
    """Our ``Board`` for a catanatron map: terrain and numbers by hex, harbours by path."""
    terrain = [""] * HEXES
    number = [0] * HEXES
    for coord, tile in catan_map.land_tiles.items():
        h = geo.coord_hex[coord]
        terrain[h] = TERRAIN[tile.resource]
        number[h] = tile.number or 0
    harbours = []
    for tile in catan_map.tiles.values():
        if isinstance(tile, Port):
            a_ref, b_ref = PORT_DIRECTION_TO_NODEREFS[tile.direction]
            e = geo.edge_path[(tile.nodes[a_ref], tile.nodes[b_ref])]
            kind = "generic" if tile.resource is None else RES_OURS[tile.resource]
            harbours.append((e, kind))
    return Board(terrain, number, harbours)


# ------------------------------------------------------------------------------- the state
def _ps(cs: Any, p: int, key: str) -> Any:
    return cs.player_state[f"P{p}_{key}"]


def _last_roll(cs: Any) -> tuple[int, int]:
    for record in reversed(cs.action_records):
        if record.action.action_type == ActionType.ROLL:
            return tuple(record.result)  # type: ignore[return-value]
    raise BridgeError("a roll was made this turn but none is in the action records")


def build_state(game: Any, color: Any = None) -> tuple[Any, int]:
    """Our ``CatanState`` equal to catanatron's ``game`` (hidden cards exact: determinize it
    before a bot sees it) and our seat for ``color`` (default: the seat to decide)."""
    cs = game.state
    prompt = cs.current_prompt
    if prompt not in SUPPORTED or cs.is_resolving_trade:
        raise BridgeError(f"prompt {prompt} is not supported (domestic trade is off)")
    n = len(cs.colors)
    geo = geometry(cs.board.map)
    st = CATAN.new_state(n, 0, OPTIONS)
    st.init_fields(board_of(cs.board.map, geo), st.colours)
    st.record_events = False
    st.events = []
    st.robber = geo.coord_hex[cs.board.robber_coordinate]
    # pieces: buildings of every seat first, then roads (so each road sees every building)
    for p, col in enumerate(cs.colors):
        by = cs.buildings_by_color[col]
        for node in by.get("SETTLEMENT", []):
            building.place_settlement(st, p, geo.node_corner[node])
        for node in by.get("CITY", []):
            c = geo.node_corner[node]
            building.place_settlement(st, p, c)
            building.place_city(st, p, c)
    for p, col in enumerate(cs.colors):
        for edge in cs.buildings_by_color[col].get("ROAD", []):
            building.place_road(st, p, geo.edge_path[tuple(edge)])
    for p in range(n):
        # catanatron: a harbour is usable as soon as its settlement stands
        st.harbours[p] |= st.harbours_new[p]
        st.harbours_new[p] = 0
        st.road_length[p] = longest_road(p, st.roads[p], st.edge_owner, st.corner_owner)
        st.hands[p] = [_ps(cs, p, f"{r}_IN_HAND") for r in THEIRS_BY_INDEX]
        st.dev[p] = [_ps(cs, p, f"{d}_IN_HAND") for d in DEV_THEIRS]
        # a card not owned at the start of the owner's turn was bought in it
        st.dev_new[p] = [0 if d == "VICTORY_POINT" or _ps(cs, p, f"{d}_OWNED_AT_START")
                         else _ps(cs, p, f"{d}_IN_HAND") for d in DEV_THEIRS]
        st.knights[p] = _ps(cs, p, "PLAYED_KNIGHT")
    st.longest_road = next((p for p in range(n) if _ps(cs, p, "HAS_ROAD")), -1)
    st.largest_army = next((p for p in range(n) if _ps(cs, p, "HAS_ARMY")), -1)
    st.bank = [cs.resource_freqdeck[list(RES_OURS).index(r)] for r in THEIRS_BY_INDEX]
    st.deck = [DEV_INDEX[card] for card in cs.development_listdeck]
    # the turn
    st.first = 0
    turn_p = cs.current_turn_index
    st.current = turn_p
    st.version = len(cs.action_records)
    st.dev_played = bool(_ps(cs, turn_p, "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"))
    rolled = bool(_ps(cs, turn_p, "HAS_ROLLED"))
    if cs.is_initial_build_phase:
        st.turn = 0
        st.founding_order = snake_order(0, n)
        placed = sum(len(cs.buildings_by_color[col].get("SETTLEMENT", []))
                     + len(cs.buildings_by_color[col].get("CITY", [])) for col in cs.colors)
        st.current = cs.current_player_index
        if prompt == ActionPrompt.BUILD_INITIAL_SETTLEMENT:
            st.phase = ph.FOUND_SETTLEMENT
            st.founding_index = placed
        else:
            st.phase = ph.FOUND_ROAD
            st.founding_index = placed - 1
            col = cs.colors[cs.current_player_index]
            st.last_settlement = geo.node_corner[cs.buildings_by_color[col]["SETTLEMENT"][-1]]
        if st.founding_order[st.founding_index] != st.current:
            raise BridgeError("founding order differs from catanatron's")
    else:
        # catanatron counts 2n - 2 turn advances in the founding rounds
        st.turn = cs.num_turns - (2 * n - 2) + 1
        st.dice = _last_roll(cs) if rolled else None
        if prompt == ActionPrompt.DISCARD:
            st.phase = ph.DISCARD
            st.discard_owed = list(cs.discard_counts)
        elif prompt == ActionPrompt.MOVE_ROBBER:
            st.phase = ph.ROBBER
            st.robber_return = ph.MAIN if rolled else ph.ROLL
        elif cs.is_road_building:
            st.phase = ph.ROAD_BUILDING
            st.road_building_left = min(cs.free_roads_available, st.roads_left[turn_p])
            st.road_building_return = ph.MAIN if rolled else ph.ROLL
        else:
            st.phase = ph.MAIN if rolled else ph.ROLL
    keep_to_act(st)  # the phase and the seat to move were set here, not by our rules
    seat = cs.current_player_index if color is None else cs.color_to_index[color]
    return st, seat


# ------------------------------------------------------------------------------- actions
def key_theirs(action: Any, cs: Any, geo: Geometry) -> tuple:
    """A canonical key of a catanatron action, in our terms."""
    t, v = action.action_type, action.value
    if t == ActionType.BUILD_SETTLEMENT:
        return ("settle", geo.node_corner[v])
    if t == ActionType.BUILD_ROAD:
        return ("road", geo.edge_path[tuple(v)])
    if t == ActionType.BUILD_CITY:
        return ("city", geo.node_corner[v])
    if t == ActionType.MOVE_ROBBER:
        coord, victim = v
        return ("robber", geo.coord_hex[coord],
                None if victim is None else cs.color_to_index[victim])
    if t == ActionType.DISCARD_RESOURCE:
        return ("discard", RES_OURS[v])
    if t == ActionType.MARITIME_TRADE:
        gives = {r for r in v[:4] if r is not None}
        if len(gives) != 1:
            raise BridgeError(f"unexpected maritime trade {v}")
        return ("maritime", RES_OURS[gives.pop()], RES_OURS[v[4]])
    if t == ActionType.PLAY_YEAR_OF_PLENTY:
        return ("year_of_plenty", tuple(sorted(RES_OURS[r] for r in v)))
    if t == ActionType.PLAY_MONOPOLY:
        return ("monopoly", RES_OURS[v])
    simple = {ActionType.ROLL: "roll", ActionType.END_TURN: "end_turn",
              ActionType.BUY_DEVELOPMENT_CARD: "buy", ActionType.PLAY_KNIGHT_CARD: "knight",
              ActionType.PLAY_ROAD_BUILDING: "road_building"}
    if t in simple and v is None:
        return (simple[t],)
    raise BridgeError(f"catanatron action {action} has no counterpart in our engine")


def key_ours(action: Any) -> tuple:
    """The same canonical key of one of our actions."""
    kind = action.kind
    if kind in ("place_settlement", "build_settlement"):
        return ("settle", action.intersection)
    if kind in ("place_road", "build_road"):
        return ("road", action.path)
    if kind == "build_city":
        return ("city", action.intersection)
    if kind == "move_robber":
        return ("robber", action.hex, action.victim)
    if kind == "discard":
        return ("discard", action.resource)
    if kind == "maritime_trade":
        return ("maritime", action.give, action.get)
    if kind == "play_year_of_plenty":
        return ("year_of_plenty", tuple(sorted(action.resources)))
    if kind == "play_monopoly":
        return ("monopoly", action.resource)
    simple = {"roll_dice": "roll", "end_turn": "end_turn", "buy_development_card": "buy",
              "play_knight": "knight", "play_road_building": "road_building"}
    if kind in simple:
        return (simple[kind],)
    raise BridgeError(f"our action {action} has no counterpart in catanatron")


def to_catanatron(action: Any, playable: list[Any], cs: Any, geo: Geometry) -> Any:
    """The one catanatron playable action that is our ``action`` (BridgeError otherwise)."""
    key = key_ours(action)
    hits = [a for a in playable if key_theirs(a, cs, geo) == key]
    if len(hits) != 1:
        raise BridgeError(f"our action {action} (key {key}) matches {len(hits)} of "
                          f"catanatron's playable actions at prompt {cs.current_prompt}: "
                          f"{sorted(map(str, playable))[:40]}")
    return hits[0]


# ------------------------------------------------------------------------------- the check
def explain_difference(key: tuple, ours_only: bool, cs: Any, st: Any, seat: int,
                       geo: Geometry) -> str | None:
    """The documented rule difference behind one differing action, or None."""
    kind = key[0]
    if ours_only and kind == "robber" and key[2] is None:
        return "robber_without_steal"
    if ours_only and kind == "road_building":
        return "road_building_useless"
    if not ours_only and kind == "road":
        a, b = EDGE_CORNERS[key[1]]
        owner = st.corner_owner
        if any(owner[c] >= 0 and owner[c] != seat for c in (a, b)):
            return "road_past_rival"
    if not ours_only and kind == "year_of_plenty" and len(key[1]) == 1 and sum(st.bank) >= 2:
        return "year_of_plenty_single"
    return None


@dataclass
class CheckTally:
    decisions: int = 0
    equal: int = 0
    explained: Counter = None  # type: ignore[assignment]
    unexplained: list = None  # type: ignore[assignment]
    state_mismatches: list = None  # type: ignore[assignment]
    prompts: Counter = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        self.explained = Counter()
        self.unexplained = []
        self.state_mismatches = []
        self.prompts = Counter()
        self.seen: set = set()

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "equal": self.equal,
                "explained": dict(self.explained), "unexplained": self.unexplained[:20],
                "unexplained_count": len(self.unexplained),
                "state_mismatches": self.state_mismatches[:20],
                "state_mismatch_count": len(self.state_mismatches),
                "prompts": {k: v for k, v in self.prompts.items()}}


def check_position(game: Any, playable: list[Any], tally: CheckTally) -> None:
    """Compare our legal actions with catanatron's playable ones for the seat to decide, and
    the derived facts (pieces left, points, road lengths) of every seat."""
    saved = random.getstate()  # leave catanatron's random stream as it was
    try:
        _check_position(game, playable, tally)
    finally:
        random.setstate(saved)


def _check_position(game: Any, playable: list[Any], tally: CheckTally) -> None:
    cs = game.state
    geo = geometry(cs.board.map)
    st, seat = build_state(game)
    tally.decisions += 1
    tally.prompts[cs.current_prompt.value + (":road_building" if cs.is_road_building else "")] += 1
    theirs = {key_theirs(a, cs, geo) for a in playable}
    ours_list = st.legal_actions(seat)
    ours = {key_ours(a) for a in ours_list}
    if len(ours) != len(ours_list) or len(theirs) != len(playable):
        tally.unexplained.append({"where": len(cs.action_records), "what": "duplicate keys"})
    if seat not in st.to_act:
        tally.unexplained.append({"where": len(cs.action_records),
                                  "what": f"seat {seat} not in to_act {st.to_act}"})
    if ours == theirs:
        tally.equal += 1
    for only_ours, keys in ((True, ours - theirs), (False, theirs - ours)):
        for key in sorted(keys, key=repr):
            why = explain_difference(key, only_ours, cs, st, seat, geo)
            if why is None:
                tally.unexplained.append({"game_seed": getattr(game, "seed", None),
                                          "where": len(cs.action_records),
                                          "prompt": cs.current_prompt.value,
                                          "only": "ours" if only_ours else "catanatron",
                                          "key": repr(key)})
            else:
                tally.explained[why] += 1
    for p in range(len(cs.colors)):
        facts = {
            "roads_left": (st.roads_left[p], _ps(cs, p, "ROADS_AVAILABLE")),
            "settlements_left": (st.settlements_left[p], _ps(cs, p, "SETTLEMENTS_AVAILABLE")),
            "cities_left": (st.cities_left[p], _ps(cs, p, "CITIES_AVAILABLE")),
            "points": (points(st, p), _ps(cs, p, "ACTUAL_VICTORY_POINTS")),
            "road_length": (st.road_length[p], cs.board.road_lengths.get(cs.colors[p], 0)),
        }
        for name, (a, b) in facts.items():
            if a != b:
                if name == "road_length" and a > b and any(
                        st.corner_owner[c] not in (-1, p)
                        for e in st.roads[p] for c in EDGE_CORNERS[e]):
                    tally.explained["road_length_into_rival"] += 1
                    continue
                seen = (getattr(game, "seed", None), p, name, a, b)
                if seen in tally.seen:
                    continue  # the same fact keeps differing: reported once
                tally.seen.add(seen)
                tally.state_mismatches.append({
                    "game_seed": seen[0], "where": len(cs.action_records), "seat": p,
                    "fact": name, "ours": a, "catanatron": b,
                    "roads": str(cs.buildings_by_color[cs.colors[p]]["ROAD"]),
                    "buildings": str(sorted((n, c.value, k) for n, (c, k)
                                            in cs.board.buildings.items()))})


def check_games(games: int, seed: int, players: str = "R", verbose: bool = False,
                bridged: str | None = None) -> CheckTally:
    """Seeded catanatron games between its random (``R``) or weighted-random (``W``) players;
    every decision of every seat is checked. With ``bridged`` (a bot spec), seat 0 of each
    game is our bot through the bridge instead."""
    from catanatron.players.weighted_random import WeightedRandomPlayer

    tally = CheckTally()
    cls = RandomPlayer if players == "R" else WeightedRandomPlayer

    def decide(player: Any, game: Any, playable: list[Any]) -> Any:
        check_position(game, playable, tally)
        return player.decide(game, playable)

    for g in range(games):
        game = Game([cls(c) for c in Color], seed=seed + g)
        if bridged is not None:
            colors = game.state.colors
            game.state.players = [SettlersPlayer(colors[0], bridged, seed=seed + g)] + [
                cls(c) for c in colors[1:]]
        game.play(decide_fn=decide)
        if verbose:
            print(f"check game {g}: seed {seed + g}, winner {game.winning_color()}, "
                  f"{game.state.num_turns} turns, {tally.decisions} decisions so far",
                  flush=True)
    return tally


# ------------------------------------------------------------------------------- the player
class SettlersPlayer(Player):
    """One of our bots (a seat spec such as ``heuristic`` or ``search:iterations=64``) as a
    catanatron player."""

    def __init__(self, color: Any, spec: str = "heuristic", seed: int = 0,
                 hidden: str = "redraw") -> None:
        super().__init__(color)
        self.spec = spec
        self.seed = seed
        self.hidden = hidden
        self.bot = parse_seat(spec).build(seed)
        self.cpu_ms: list[float] = []      # the bot's own decisions
        self.bridge_ms: list[float] = []   # building the state and translating
        self.trimmed = 0                   # decisions whose menu lost a rule difference

    def decide(self, game: Any, playable_actions: list[Any]) -> Any:
        saved = random.getstate()  # our side never moves catanatron's random stream
        try:
            return self._decide(game, playable_actions)
        finally:
            random.setstate(saved)

    def _decide(self, game: Any, playable_actions: list[Any]) -> Any:
        t0 = time.process_time()
        st, seat = build_state(game, self.color)
        if self.hidden == "redraw":
            st = st.determinize(seat, (self.seed * 1_000_003 + len(game.state.action_records))
                                % (1 << 62))
        self._trim(st, seat, game, playable_actions)
        t1 = time.process_time()
        action = self.bot.act(st, seat)
        t2 = time.process_time()
        chosen = to_catanatron(action, playable_actions, game.state,
                               geometry(game.state.board.map))
        t3 = time.process_time()
        self.cpu_ms.append((t2 - t1) * 1000)
        self.bridge_ms.append((t1 - t0 + t3 - t2) * 1000)
        return chosen

    def _trim(self, st: Any, seat: int, game: Any, playable: list[Any]) -> None:
        """Our menu at this decision, less what catanatron's rules forbid (the documented
        rule differences): the root state answers ``legal_actions(seat)`` with the trimmed
        list (an attribute of this one object: clones and the search below follow our
        rules)."""
        cs = game.state
        geo = geometry(cs.board.map)
        allowed = {key_theirs(a, cs, geo) for a in playable}
        full = st.legal_actions(seat)
        menu = [a for a in full if key_ours(a) in allowed]
        if len(menu) == len(full):
            return
        if not menu:
            raise BridgeError(f"none of our {len(full)} legal actions is playable in "
                              f"catanatron at prompt {cs.current_prompt}")
        self.trimmed += 1
        original = st.legal_actions

        def legal_actions(s: int, _menu: list[Any] = menu) -> list[Any]:
            return list(_menu) if s == seat else original(s)

        st.legal_actions = legal_actions

    def reset_state(self) -> None:
        self.cpu_ms, self.bridge_ms = [], []
        self.trimmed = 0


# ------------------------------------------------------------------------------- run mode
def their_player(code: str, color: Any) -> Any:
    """A catanatron bot as its CLI builds it from a code (default parameters)."""
    if code == "AB":
        from catanatron.players.minimax import AlphaBetaPlayer
        return AlphaBetaPlayer(color)
    if code == "F":
        from catanatron.players.value import ValueFunctionPlayer
        return ValueFunctionPlayer(color)
    if code == "W":
        from catanatron.players.weighted_random import WeightedRandomPlayer
        return WeightedRandomPlayer(color)
    if code == "R":
        return RandomPlayer(color)
    raise SystemExit(f"unknown catanatron player code {code!r} (AB, F, W, R)")


def play_one(ours: str, theirs: str, index: int, seed: int, pairs: bool = False
             ) -> dict[str, Any]:
    """Game ``index``: seed ``seed + index``, our bot in seat ``index % 4`` (and, with
    ``pairs``, also in seat ``(index + 2) % 4``)."""
    game_seed = seed + index
    game = Game([RandomPlayer(c) for c in Color], seed=game_seed)  # seats are drawn here
    colors = game.state.colors
    n = len(colors)
    our_seats = {index % n} | ({(index + 2) % n} if pairs else set())
    players = [SettlersPlayer(colors[k], ours, seed=game_seed * 10 + k) if k in our_seats
               else their_player(theirs, colors[k]) for k in range(n)]
    game.state.players = players
    wall = time.perf_counter()
    error = None
    try:
        winner = game.play()
    except BridgeError as exc:  # recorded and left out of the table, never hidden
        winner, error = None, str(exc)[:2000]
    cs = game.state
    ours_players = [players[k] for k in sorted(our_seats)]
    cpu = [x for pl in ours_players for x in pl.cpu_ms]
    bridge = [x for pl in ours_players for x in pl.bridge_ms]
    return {
        "ours": ours, "theirs": theirs, "pairs": pairs, "game": index, "seed": game_seed,
        "our_seats": sorted(our_seats),
        "winner_seat": None if winner is None else cs.color_to_index[winner],
        "ours_won": winner is not None and cs.color_to_index[winner] in our_seats,
        "vp": [_ps(cs, p, "ACTUAL_VICTORY_POINTS") for p in range(n)],
        "turns": cs.num_turns, "turn_limit": cs.num_turns >= TURNS_LIMIT,
        "decisions": len(cpu), "cpu_ms_mean": round(sum(cpu) / len(cpu), 2) if cpu else None,
        "cpu_ms_max": round(max(cpu), 1) if cpu else None,
        "bridge_ms_mean": round(sum(bridge) / len(bridge), 2) if bridge else None,
        "trimmed": sum(pl.trimmed for pl in ours_players),
        "wall_s": round(time.perf_counter() - wall, 1), "error": error,
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return (max(0.0, (centre - half) / den), min(1.0, (centre + half) / den))


def table(rows: list[dict[str, Any]]) -> str:
    groups: dict[tuple, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["ours"], r["theirs"], r.get("pairs", False)), []).append(r)
    out = ["| ours | vs | seats | games | wins | win rate | Wilson 95 % | parity | no winner "
           "| errors | mean turns | our VP | our CPU ms/decision | trimmed menus |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for (ours, theirs, pairs), rs in sorted(groups.items()):
        ok = [r for r in rs if r["error"] is None]
        n = len(ok)
        wins = sum(r["ours_won"] for r in ok)
        lo, hi = wilson(wins, n)
        parity = "50 %" if pairs else "25 %"
        vp = [r["vp"][s] for r in ok for s in r["our_seats"]]
        cpu = [r["cpu_ms_mean"] for r in ok if r["cpu_ms_mean"] is not None]
        dec = [r["decisions"] for r in ok]
        ms = (sum(c * d for c, d in zip(cpu, dec, strict=False)) / sum(dec)) if dec and sum(dec) else 0
        out.append(
            f"| {ours} | {2 if pairs else 3} × {theirs} | {'2 v 2' if pairs else '1 v 3'} | {n} | {wins} | "
            f"{wins / n:.1%} | {lo:.1%}–{hi:.1%} | {parity} | "
            f"{sum(r['winner_seat'] is None for r in ok)} | {len(rs) - n} | "
            f"{sum(r['turns'] for r in ok) / max(n, 1):.0f} | "
            f"{sum(vp) / max(len(vp), 1):.2f} | {ms:.3g} | "
            f"{sum(r.get('trimmed', 0) for r in ok)} of {sum(dec)} |"
            if n else f"| {ours} | {theirs} | | 0 | | | | | | {len(rs)} | | | | |")
    return "\n".join(out)


def read_rows(paths: list[str]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare our legal actions with catanatron's at every decision")
    ap.add_argument("--players", default="R", choices=("R", "W"),
                    help="catanatron players of the --check games")
    ap.add_argument("--bridged", default=None,
                    help="--check: our bot (a spec) in seat 0 through the bridge")
    ap.add_argument("--ours", default="heuristic", help="our bot, a seat spec")
    ap.add_argument("--theirs", default="AB", help="catanatron's bot: AB, F, W or R")
    ap.add_argument("--pairs", action="store_true", help="two of ours against two of theirs")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--start", type=int, default=0, help="index of the first game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="JSON lines file to append games to")
    ap.add_argument("--table", nargs="*", default=None, help="print the table of these files")
    args = ap.parse_args(argv)
    if args.table is not None:
        print(table(read_rows(args.table)))
        return 0
    if args.check:
        tally = check_games(args.games, args.seed, args.players, verbose=True,
                            bridged=args.bridged)
        print(json.dumps(tally.to_json(), indent=1))
        return 0 if not tally.unexplained and not tally.state_mismatches else 1
    print(f"# {platform.node()} {platform.machine()} Python {platform.python_version()}",
          file=sys.stderr)
    rows = []
    for i in range(args.start, args.start + args.games):
        row = play_one(args.ours, args.theirs, i, args.seed, args.pairs)
        rows.append(row)
        print(json.dumps(row), flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
