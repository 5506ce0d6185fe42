"""Who sits where: seat specs such as `mcts`, `mcts:iterations=400` or `greedy:samples=4`.

`--seats a,b,c,d` names one bot per seat; `name:key=value:key=value` adds a budget.
With rotation, game i shifts the line-up by i seats so every bot plays every seat equally often.
"""

from __future__ import annotations

from dataclasses import dataclass

from settlers.bots import check_plays, make
from settlers.bots.base import derive_seed
from settlers.core.errors import SettlersError


class SeatSpecError(SettlersError, ValueError):
    """A `--seats` entry that cannot be read."""


@dataclass(frozen=True)
class SeatSpec:
    bot: str
    budget: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        """The name results are reported under: the spec as written."""
        return ":".join([self.bot] + [f"{k}={v}" for k, v in self.budget])

    def build(self, seed: int):
        return make(self.bot, seed=seed, **dict(self.budget))

    def check_plays(self, game_id: str, players: int) -> None:
        """BotError unless this bot can play ``game_id`` with ``players`` players (an ``rl``
        bot's policy file is loaded and checked): said before the first game, not in it."""
        check_plays(self.bot, game_id, players, **dict(self.budget))


def parse_seat(text: str) -> SeatSpec:
    parts = [p.strip() for p in text.strip().split(":")]
    if not parts[0]:
        raise SeatSpecError("sim.empty_seat", text=text)
    budget = []
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise SeatSpecError("sim.bad_seat_budget", text=text, part=part)
        budget.append((key.strip(), value.strip()))
    spec = SeatSpec(parts[0], tuple(budget))
    spec.build(0)  # a bad name or budget fails now (BotError), not in game 1 of N
    return spec


def parse_seats(text: str | list[str]) -> tuple[SeatSpec, ...]:
    items = text.split(",") if isinstance(text, str) else list(text)
    specs = tuple(parse_seat(item) for item in items if item.strip())
    if not specs:
        raise SeatSpecError("sim.no_seats")
    return specs


def rotated(specs: tuple[SeatSpec, ...], index: int, rotate: bool) -> tuple[SeatSpec, ...]:
    """The line-up of game `index`: seat s gets specs[(s + index) % n] when rotating."""
    if not rotate:
        return specs
    shift = index % len(specs)
    return specs[shift:] + specs[:shift]


@dataclass(frozen=True)
class Alone:
    """Game `index` of a run where one bot sits alone against a field of another (the issue-17
    target runs and their audits): the lone bot's seat rotates (game i: seat i mod players),
    the game's and every seat's seed come from the run's seed and the index."""

    seat: int
    specs: tuple[SeatSpec, ...]
    game_seed: int
    bot_seeds: tuple[int, ...]

    def bots(self) -> list:
        return [spec.build(seed) for spec, seed in zip(self.specs, self.bot_seeds, strict=True)]


def alone(lone: SeatSpec, field: SeatSpec, players: int, seed: int, index: int) -> Alone:
    seat = index % players
    return Alone(seat, tuple(lone if s == seat else field for s in range(players)),
                 derive_seed(seed, "game", index),
                 tuple(derive_seed(seed, "bot", index, s) for s in range(players)))
