"""A tournament job: which game, who plays, how many games, and every game's seeds.

Every seed is derived from (job seed, game index[, seat]) only, so a game's result depends on
nothing but its index — not on the backend, the number of workers or the order games finish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from settlers.bots import derive_seed
from settlers.sim.seating import SeatSpec, rotated

DEFAULT_MAX_STEPS = 50_000


@dataclass(frozen=True)
class Job:
    game: str
    seats: tuple[SeatSpec, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    rotate: bool = False
    keep_logs: bool = False
    max_steps: int = DEFAULT_MAX_STEPS
    game_modules: tuple[str, ...] = ()  # modules whose GAME must be registered in workers
    # the game indices to play (None: 0 .. games-1), e.g. only those a resumed run lacks
    indices: tuple[int, ...] | None = None
    max_seconds: float | None = None  # wall-clock cap per game (None: no cap)

    @property
    def players(self) -> int:
        return len(self.seats)

    def game_seed(self, index: int) -> int:
        return derive_seed("game", self.seed, index)

    def bot_seed(self, index: int, seat: int) -> int:
        return derive_seed("bot", self.seed, index, seat)

    def lineup(self, index: int) -> tuple[SeatSpec, ...]:
        return rotated(self.seats, index, self.rotate)

    def register_games(self) -> None:
        """Register the games of `game_modules` (workers start without them)."""
        from importlib import import_module

        from settlers.core import register

        for name in self.game_modules:
            register(import_module(name).GAME)

    @classmethod
    def modules_for(cls, game_id: str) -> tuple[str, ...]:
        """Modules to import in fresh workers so `game_id` is registered there too: none for
        the discovered games, the defining module for games registered by hand (tests)."""
        import sys

        from settlers.core import load

        game = load(game_id)
        name = game.package or game.state_class.__module__  # the package exporting GAME
        module = sys.modules.get(name)
        if name.startswith("settlers.games.") or getattr(module, "GAME", None) is None:
            return ()
        return (name,)

    def index_list(self) -> list[int]:
        """The game indices this job plays."""
        return list(range(self.games)) if self.indices is None else list(self.indices)

    def chunks(self, size: int) -> list[list[int]]:
        todo = self.index_list()
        return [todo[start:start + size] for start in range(0, len(todo), size)]
