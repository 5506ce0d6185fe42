"""The state of a game of Archipelago: data only (docs/game-shape.md). The rules that change it
live in the modules named after the rulebook's parts; ``protocol.py`` dispatches to them.

Pieces are kept as flat records so that clones are cheap:

* ``units[i]`` = ``[owner, ship, region, standing, engaged, building, icon, shore]``, laid out
  in ``unit.py`` (its names are importable from here too);
* ``regions[k]`` = ``{"hex", "side", "q", "r", "rot", "buildings": {kind: True},
  "plundered": [icon indices]}``; region 0 is the start region (hex -1).
* markets: ``market[m][res]`` cubes in zone ``res`` of board I (m=0) or II (m=1), filled from
  the top-left slot.
"""

from __future__ import annotations

import random
from typing import Any, Self

from settlers.core import GameState
from settlers.games.archipelago.content import Content, Face
from settlers.games.archipelago.memo import BOARD
from settlers.games.archipelago.unit import *  # noqa: F403 (the unit record layout, re-exported)

_SHARED = frozenset(("game", "content", "start_face", "options", "rng", "events", "log"))
# lists of scalars (or of immutable tuples) and a dict with immutable keys and values
_FLAT = frozenset(("money", "phil", "bank_cubes", "tokens", "piles", "discs", "discs_used",
                   "reproduced", "passed", "deck", "card_discard", "trends", "face_down_trends",
                   "objective_pool",
                   "bids", "bidders", "last_bids", "hex_discard", "order", "grid", "wheel",
                   # [hex, side] records that are never changed in place (only popped, or the
                   # whole stack replaced): shared by the copies
                   "stack"))

# lists of lists of scalars: copied row by row
_ROWS = frozenset(("cubes", "hands", "keep_choice", "market", "objectives", "permits", "seen",
                   "token_cubes", "track", "used_buildings", "wheel_discs"))


_OWN_COPY = frozenset(("units", "regions", "owned", "_cache"))
#: field layout (the state's keys in order) -> (flat fields, row fields, other fields), for
#: ``ArchState._copy``; shared fields (``_SHARED``) and scalars are taken as they are
_PLANS: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}


#: fields that always hold an immutable scalar: the base state's counters and the fields
#: ``ArchState`` declares ``int``, ``str`` or ``bool``
_SCALARS = {"players", "seed", "version", "record_events",
            "to_act", "over"}   # (the protocol's kept attributes: a shared tuple, a bool)


def _plan(keys: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    rest = [k for k in keys if k not in _SHARED and k not in _OWN_COPY and k not in _SCALARS]
    plan = _PLANS[keys] = (tuple(k for k in rest if k in _FLAT),
                           tuple(k for k in rest if k in _ROWS),
                           tuple(k for k in rest if k not in _FLAT and k not in _ROWS))
    return plan


def _copy(v: Any) -> Any:
    """Deep copy of JSON-like data (lists, dicts; tuples and scalars are immutable)."""
    if type(v) is list:
        return [_copy(x) if type(x) is list or type(x) is dict else x for x in v]
    if type(v) is dict:
        return {k: _copy(x) if type(x) is list or type(x) is dict else x for k, x in v.items()}
    return v


class ArchState(GameState):
    content: Content
    start_face: Face
    # ------------------------------------------------------------ flow
    phase: str            # start | bids | order | crisis | actions | buy | over
    step: str             # the decision awaited now (see flow.py)
    ctx: dict[str, Any]   # data of the current step
    queue: list[dict[str, Any]]  # pending steps (crises), first first
    resume: str           # where the flow goes when the queue empties
    turn: int
    order: list[int]
    actor: int
    # ------------------------------------------------------------ archipelago
    regions: list[dict[str, Any]]
    grid: dict[tuple[int, int], int]
    units: list[list[Any]]
    stack: list[list[int]]     # region hexes [hex, up side], top last
    hex_discard: list[int]
    hands: list[list[int]]     # turn 0: hexes dealt to each seat (face up)
    # ------------------------------------------------------------ economy
    money: list[int]
    bank_money: int
    wheel_coins: int           # 1f coins in the port/market zones of the wheel
    plunder_coins: int         # coins the Barbarian left on plundered icons
    phil: list[int]            # Philanthropist zones
    cubes: list[list[int]]     # behind each screen
    bank_cubes: list[int]
    market: list[list[int]]
    tokens: list[int]          # explorer tokens behind each screen
    token_cubes: list[list[int]]  # cubes from tokens bound to the action under way (L433)
    piles: list[int]
    tokens_used: int
    population: int
    rebellion: int
    surplus: int
    # ------------------------------------------------------------ wheel
    discs: list[int]           # discs each seat owns
    discs_used: list[int]
    wheel: dict[str, int]      # uses of limited zones this turn
    # [seat, zone] of each disc on the wheel (back at phase 6), for the board to draw: a
    # record that no rule reads, left out of full_state (digests stay the rules' own)
    wheel_discs: list[list[Any]]
    reproduced: list[bool]
    passed: list[bool]
    round: dict[str, Any]      # what the actor did this round
    used_buildings: list[list[int]]  # [region, kind index] used this phase
    permits: list[list[int]]   # [owner, grantee, region]: harvest permission this turn
    # ------------------------------------------------------------ cards
    deck: list[int]            # evolution deck, top last
    track: list[list[int]]     # 5 slots of [card, rotation] ([-1, 0] empty)
    card_discard: list[int]
    owned: list[list[list[int]]]  # per seat [card, turned, built, turn bought]
    trends: list[int]
    face_down_trends: list[int]   # turn 0: the trend cards drawn to be turned up after it
    objectives: list[list[int]]   # per seat objective indices
    objective_pool: list[int]     # unused cards of the chosen deck (face down; in turn 0 in
    # the order they will be drawn, last first; sorted once dealt)
    seen: list[list[int]]         # seen[s] = the others' objective cards s has seen (Spy)
    # ------------------------------------------------------------ bids
    bids: list[int]            # -1 not yet bid; escrowed amount otherwise
    bidders: list[int]
    rebid: bool
    last_bids: list[int]       # revealed bids of the last round (-1 none)
    offers_left: int
    buy_idx: int
    has_philanthropist: bool
    no_secrets: bool
    keep_choice: list[list[int]]  # "more sharpness": the objectives each seat drew to choose
    # from (two, four at 2 players; kept after the choice: those not in ``objectives`` are
    # back in ``objective_pool``)
    offer: dict[str, Any] | None
    ended_by: str              # "" | "objective" | "independence" | "turns"
    ender: int
    _cache: dict[Any, Any]

    def clone(self) -> Self:
        return self._copy(None)

    def probe(self, rng_state: tuple[Any, ...]) -> Self:
        """A clone whose generator is set to ``rng_state`` — this state's
        ``rng.getstate()``, read once by a caller that clones the same unchanged state many
        times (the heuristic's candidates): the clone without reading the generator again."""
        rng = random.Random.__new__(random.Random)
        rng.setstate(rng_state)
        return self._copy(rng)

    def determinize(self, seat: int, seed: int) -> Self:
        """``GameState.determinize``: a clone whose hidden parts are re-drawn and whose future
        chance comes from ``Random(seed)`` — without first copying the RNG it replaces."""
        self.check_seat(seat)
        world = self._copy(random.Random(seed))
        world.events = [e for e in world.events if e.known_to(seat)]
        world.seed = seed   # the game's seed is a secret (it orders every stack and deck)
        world.redraw_hidden(seat, world.rng)
        return world

    def _copy(self, rng: random.Random | None) -> Self:
        """A copy that shares only what never changes (game, content, options, the action log's
        past, events): flat copies of the unit records and lists, a JSON-style deep copy of
        the rest (no state container is reachable twice — no aliasing to keep). The fields
        keep their order (``_cache`` last); which copy each field takes is planned once per
        field layout (``_plan``)."""
        c = type(self).__new__(type(self))
        src = self.__dict__
        d = src.copy()
        plan = _PLANS.get(tuple(src))
        if plan is None:
            plan = _plan(tuple(src))
        flat, rows, deep = plan
        for k in flat:
            d[k] = d[k].copy()
        for k in rows:
            d[k] = [row[:] for row in d[k]]
        for k in deep:
            v = d[k]
            if isinstance(v, list | dict):
                d[k] = _copy(v)
        d["units"] = [u[:] for u in d["units"]]
        d["regions"] = [{**r, "buildings": dict(r["buildings"]), "plundered": list(r["plundered"])}
                        for r in d["regions"]]
        # per seat, [card, turned, built, turn bought] records
        d["owned"] = [[rec[:] for rec in recs] for recs in d["owned"]]
        del d["_cache"]   # a clone starts with an empty cache (below), kept last
        if rng is None:   # a copy of the RNG (``__new__``: no seeding from the system first)
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
        d["rng"] = rng
        d["events"] = list(self.events)
        # append-only: the clone shares the entries played so far (core/actionlog.py)
        d["log"] = self.log.share()
        c.__dict__ = d
        board = self._cache.get(BOARD)   # the layout's facts: the same for both (memo.py)
        c._cache = {} if board is None else {BOARD: board}
        return c

    def full_state(self) -> dict[str, Any]:
        skip = ("game", "content", "start_face", "options", "rng", "events", "log", "version",
                "record_events", "_cache", "players", "seed", "wheel_discs",
                "to_act", "over")   # (what the step, the actor and the phase say: flow.keep_to_act)
        out = {k: v for k, v in self.__dict__.items() if k not in skip}
        out["grid"] = sorted([list(k), v] for k, v in self.grid.items())
        out["content"] = self.content.name
        return out


_SCALARS.update(k for k, kind in ArchState.__annotations__.items()
                if kind in ("int", "str", "bool"))
