"""Seat specifications: ``human,mcts,random`` → who plays each seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from settlers.core import InvalidOption

HUMAN_WORDS = {"human", "h", "человек", "я"}


@dataclass(frozen=True)
class Seat:
    kind: str  # "human" or a bot name
    bot: Any = None

    @property
    def human(self) -> bool:
        return self.kind == "human"


def bot_names() -> list[str]:
    from settlers import bots

    return list(bots.names())


def parse_seats(spec: str, players: int | None, seed: int) -> list[Seat]:
    """Parse a comma-separated seat list; each bot gets its own seed derived from ``seed``."""
    from settlers import bots

    words = [w.strip().lower() for w in spec.split(",") if w.strip()]
    if players is not None and len(words) == 1:
        words = words * players
    known = bot_names()
    seats: list[Seat] = []
    for index, word in enumerate(words):
        if word in HUMAN_WORDS:
            seats.append(Seat("human"))
        elif word in known:
            seats.append(Seat(word, bots.make(word, seed=seed * 1009 + index)))
        else:
            raise InvalidOption("cli.bad_seat", seat=word, known=", ".join(["human", *known]))
    return seats


def default_seats(players: int) -> str:
    from settlers import bots

    best = getattr(bots, "DEFAULT", None) or "greedy"
    return ",".join(["human"] + [best] * (players - 1))
