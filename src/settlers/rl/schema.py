"""Fixed encodings declared as data: the action kinds with the domain of every field, and the
view paths with how each becomes numbers. Games whose moves are small records of bounded
fields (iceland, imperial, most of archipelago) need only the declaration.

Actions: each kind gets a block of ``∏ |domain|`` indices (fields in declaration order, mixed
radix, the last field fastest). Fields whose values depend on each other share one domain,
keyed by the tuple of their names (``("give", "get"): Values(pairs)``, at the first one's
place): only the pairs that can be legal get an index, not the whole product. Domains: :class:`Ints` (lo..hi), :class:`Values` (an explicit
list: strings, booleans, tuples), :class:`Seat` (a seat *relative* to the deciding one).

Observation: features read ``state.view(seat)`` — the seat's own view, so nothing hidden can
enter — and each writes a fixed number of floats (:class:`Number`, :class:`Numbers`,
:class:`OneHot`, :class:`OneHots`, :class:`Counts`, :class:`Multiset`, :class:`SeatOf`,
:class:`PerSeat` for per-player records rotated so that the deciding seat comes first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from settlers.core import Action, GameState
from settlers.rl.fixed import FixedEncoding, OutsideActionSpace

SEATS = 5


# ============================================================== action domains
class Ints:
    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.size = hi - lo + 1

    def index(self, value: Any, seat: int, state: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            raise OutsideActionSpace(f"{value!r} outside {self.lo}..{self.hi}")
        return value - self.lo

    def value(self, index: int, seat: int, state: Any) -> Any:
        return self.lo + index

    def __repr__(self) -> str:
        return f"{self.lo}..{self.hi}"


class Values:
    def __init__(self, values: Sequence[Any]) -> None:
        self.values = tuple(values)
        self.size = len(self.values)
        self._index = {v: i for i, v in enumerate(self.values)}

    def index(self, value: Any, seat: int, state: Any) -> int:
        i = self._index.get(value)
        if i is None or type(value) is not type(self.values[i]):
            raise OutsideActionSpace(f"{value!r} is not one of {len(self.values)} values")
        return i

    def value(self, index: int, seat: int, state: Any) -> Any:
        return self.values[index]

    def __repr__(self) -> str:
        shown = ", ".join(map(repr, self.values[:6]))
        return f"{{{shown}{', …' if self.size > 6 else ''}}}"


class Seat:
    """A seat, relative to the deciding one (0 = itself, 1 = next, …); with ``none`` set,
    one more index for that value (e.g. -1, the automated opponent of a solo game)."""

    def __init__(self, none: int | None = None) -> None:
        self.none = none
        self.size = SEATS + (none is not None)

    def index(self, value: Any, seat: int, state: Any) -> int:
        players = state.players
        if self.none is not None and value == self.none:
            return SEATS
        if not isinstance(value, int) or not 0 <= value < players:
            raise OutsideActionSpace(f"{value!r} is not a seat")
        return int((value - seat) % players)

    def value(self, index: int, seat: int, state: Any) -> Any:
        players = state.players
        if index == SEATS and self.none is not None:
            return self.none
        if index >= players:
            raise OutsideActionSpace(f"relative seat {index} with {players} players")
        return (seat + index) % players

    def __repr__(self) -> str:
        return "relative seat"


BOOL = Values((False, True))


class SchemaEncoding(FixedEncoding):
    """Subclasses set ``game_id``, ``ACTIONS`` ({action class: {field: domain}}) and
    ``FEATURES`` (a list of features) — or build them in ``__init__`` before calling
    :meth:`build`."""

    ACTIONS: dict[type[Action], dict[Any, Any]] = {}
    FEATURES: list[Any] = []
    observation_low = -1.0
    observation_high = 8.0

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.build(self.ACTIONS, self.FEATURES)

    def build(self, actions: dict[type[Action], dict[Any, Any]], features: list[Any]) -> None:
        self._kinds: dict[type[Action], tuple[int, list[tuple[Any, Any]]]] = {}
        self._blocks: dict[int, tuple[type[Action], list[tuple[Any, Any]]]] = {}
        for cls, domains in actions.items():
            names = [f.name for f in fields(cls)]
            # a joint domain's key is the tuple of its fields' names
            covered = [n for key in domains for n in (key if isinstance(key, tuple) else (key,))]
            if sorted(names) != sorted(covered):
                raise ValueError(f"{cls.__name__}: domains for {sorted(covered)}, "
                                 f"fields are {sorted(names)}")
            first = {n: key for key in domains
                     for n in (key[:1] if isinstance(key, tuple) else (key,))}
            order = [(first[name], domains[first[name]]) for name in names if name in first]
            size = int(np.prod([d.size for _n, d in order])) if order else 1
            meaning = " × ".join(f"{'/'.join(n) if isinstance(n, tuple) else n} ({d!r})"
                                 for n, d in order) or "—"
            start = self.actions.add(cls.kind, size, meaning)
            self._kinds[cls] = (start, order)
            self._blocks[start] = (cls, order)
        self._features = [(feature, self.features.add(feature.name,
                                                      feature.size(self.players),
                                                      feature.meaning or feature.describe()))
                          for feature in features]

    def index_of(self, state: GameState, seat: int, action: Action) -> int:
        entry = self._kinds.get(type(action))
        if entry is None:
            raise OutsideActionSpace(f"{self.game_id}: no block for {action.kind}")
        start, order = entry
        index = 0
        try:
            for name, domain in order:
                value = (tuple(getattr(action, n) for n in name) if isinstance(name, tuple)
                         else getattr(action, name))
                index = index * domain.size + domain.index(value, seat, state)
        except OutsideActionSpace as exc:
            raise OutsideActionSpace(f"{self.game_id}: {action.to_json()}: {exc}") from None
        return start + index

    def action_at(self, state: GameState, seat: int, index: int) -> Action:
        block = self.actions.block_of(index)
        cls, order = self._blocks[block.start]
        rest = index - block.start
        values: dict[str, Any] = {}
        for name, domain in reversed(order):
            rest, i = divmod(rest, domain.size)
            value = domain.value(i, seat, state)
            if isinstance(name, tuple):
                values.update(zip(name, value, strict=True))
            else:
                values[name] = value
        return cls(**values)

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        view = state.view(seat)
        obs = np.zeros(self.features.size, dtype=np.float32)
        context = {"seat": seat, "players": state.players}
        for feature, start in self._features:
            feature.write(obs, start, view, context)
        np.clip(obs, self.observation_low, self.observation_high, out=obs)
        return obs


# ============================================================== view features
class Feature:
    """One part of the observation, read from the view at ``path`` (which also names it)."""

    path: str

    @property
    def name(self) -> str:
        return self.path

    def describe(self) -> str:
        kind = type(self).__name__
        extra = {k: v for k, v in vars(self).items() if k not in ("path", "meaning", "parts")}
        shown = ", ".join(f"{k}={v!r}"[:60] for k, v in extra.items())
        if isinstance(self, PerSeat):
            shown = "; ".join(f"{type(p).__name__} {p.path}" for p in self.parts)
        return f"{kind}({shown})"


def get(view: Any, path: str) -> Any:
    """``a/b/0`` inside a view (``state/…`` for the game part); None when absent."""
    node = view
    for part in path.split("/"):
        if node is None:
            return None
        if isinstance(node, list):
            i = int(part)
            node = node[i] if i < len(node) else None
        else:
            node = node.get(part)
    return node


@dataclass
class Number(Feature):
    path: str
    scale: float = 1.0
    meaning: str = ""

    def size(self, players: int) -> int:
        return 1

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        value = get(view, self.path)
        if isinstance(value, bool | int | float):
            obs[start] = float(value) / self.scale
        elif value is not None and not isinstance(value, dict | list | str):
            raise TypeError(f"{self.path}: {value!r} is not a number")
        elif isinstance(value, list | dict | str):
            obs[start] = len(value) / self.scale


@dataclass
class Numbers(Feature):
    path: str
    length: int
    scale: float = 1.0
    meaning: str = ""

    def size(self, players: int) -> int:
        return self.length

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        for i, value in enumerate((get(view, self.path) or [])[: self.length]):
            if value is not None:
                obs[start + i] = float(value) / self.scale


@dataclass
class OneHot(Feature):
    path: str
    values: tuple[Any, ...]
    meaning: str = ""

    def size(self, players: int) -> int:
        return len(self.values) + 1  # the last slot: anything else (absent included)

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        value = get(view, self.path)
        obs[start + (self.values.index(value) if value in self.values else len(self.values))] = 1


@dataclass
class OneHots(Feature):
    path: str
    length: int
    values: tuple[Any, ...]
    meaning: str = ""

    def size(self, players: int) -> int:
        return self.length * (len(self.values) + 1)

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        width = len(self.values) + 1
        for i, value in enumerate((get(view, self.path) or [])[: self.length]):
            k = self.values.index(value) if value in self.values else len(self.values)
            obs[start + i * width + k] = 1.0


@dataclass
class Counts(Feature):
    """A {key: count} mapping, one number per known key."""
    path: str
    keys: tuple[str, ...]
    scale: float = 1.0
    meaning: str = ""

    def size(self, players: int) -> int:
        return len(self.keys)

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        mapping = get(view, self.path) or {}
        for i, key in enumerate(self.keys):
            value = mapping.get(key)
            if isinstance(value, int | float):
                obs[start + i] = value / self.scale
            elif isinstance(value, list | dict):
                obs[start + i] = len(value) / self.scale


@dataclass
class Multiset(Feature):
    """A list of names (or numbers), counted per known value."""
    path: str
    values: tuple[Any, ...]
    scale: float = 1.0
    meaning: str = ""

    def size(self, players: int) -> int:
        return len(self.values)

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        index = {v: i for i, v in enumerate(self.values)}
        for value in get(view, self.path) or []:
            i = index.get(value)
            if i is not None:
                obs[start + i] += 1.0 / self.scale


@dataclass
class SeatOf(Feature):
    """A seat number (or None) as a relative one-hot: 0 = the viewer, …, last = nobody."""
    path: str
    meaning: str = ""

    def size(self, players: int) -> int:
        return SEATS + 1

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        value = get(view, self.path)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < ctx["players"]:
            obs[start + (value - ctx["seat"]) % ctx["players"]] = 1.0
        else:
            obs[start + SEATS] = 1.0


@dataclass
class SeatSet(Feature):
    """A list of seats as relative bits."""
    path: str
    meaning: str = ""

    def size(self, players: int) -> int:
        return SEATS

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        for value in get(view, self.path) or []:
            if isinstance(value, int) and 0 <= value < ctx["players"]:
                obs[start + (value - ctx["seat"]) % ctx["players"]] = 1.0


@dataclass
class PerSeat(Feature):
    """A list with one record per seat, rotated so the viewer comes first; ``parts`` are
    features whose paths are relative to one record."""
    path: str
    parts: list[Any]
    meaning: str = ""

    def size(self, players: int) -> int:
        return SEATS * sum(int(p.size(players)) for p in self.parts)

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        records = get(view, self.path) or []
        width = sum(p.size(ctx["players"]) for p in self.parts)
        n = ctx["players"]
        for seat, record in enumerate(records[:n]):
            base = start + ((seat - ctx["seat"]) % n) * width
            for part in self.parts:
                part.write(obs, base, record, ctx)
                base += part.size(n)
