"""The base of every game's fixed encoding: one index, one meaning.

A :class:`FixedEncoding` numbers every move a seat can ever make in a game: the action space
is cut into named :class:`Block` s (``build_road`` = 72 indices, one per path, …) and an index
means the same move in every position (``index_of`` / ``action_at`` translate, both ways). The
meaning may be *relative to the deciding seat* (``victim`` = the next seat clockwise) or to a
public slot of the table (``the 2nd tile of the village row``), never to the order of
``legal_actions``. The mask of a state is exactly its legal actions.

Observations are float32 vectors of a fixed size built only from what the seat may see
(the tests check that a determinization from that seat observes the same), every entry in
``[observation_low, observation_high]``; ``layout`` names their parts the same way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

import numpy as np

from settlers.core import Action, GameState


class OutsideActionSpace(ValueError):
    """An action the encoding has no index for (e.g. a domestic offer a person typed)."""


@dataclass(frozen=True)
class Block:
    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """Consecutive named blocks of a vector (actions or observation features)."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a block; returns its first index."""
        start = self.size
        self.blocks.append(Block(name, start, size, meaning))
        self.size += size
        return start

    def __getitem__(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def block_of(self, index: int) -> Block:
        for block in self.blocks:
            if block.start <= index < block.stop:
                return block
        raise OutsideActionSpace(f"index {index} is outside 0..{self.size - 1}")

    def table(self) -> str:
        """A Markdown table (used in docs/rl.md)."""
        rows = ["| block | indices | meaning |", "|---|---|---|"]
        rows += [f"| `{b.name}` | {b.start}–{b.stop - 1} | {b.meaning} |" for b in self.blocks]
        return "\n".join(rows)


class FixedEncoding(ABC):
    """Subclasses fill ``actions`` and ``features`` (layouts) and the four methods below."""

    game_id: str = ""
    observation_low: float = -1.0
    observation_high: float = 1.0

    def __init__(self, players: int) -> None:
        self.players = players
        self.actions = Layout()
        self.features = Layout()
        self.outside = 0  # legal actions left out of masks because they have no index

    @property
    def max_actions(self) -> int:
        return self.actions.size

    @property
    def observation_size(self) -> int:
        return self.features.size

    @abstractmethod
    def observe(self, state: GameState, seat: int) -> np.ndarray:
        """The seat's observation vector (only what it may see)."""

    @abstractmethod
    def index_of(self, state: GameState, seat: int, action: Action) -> int:
        """The fixed index of ``action``; OutsideActionSpace if it has none."""

    @abstractmethod
    def action_at(self, state: GameState, seat: int, index: int) -> Action:
        """The action that ``index`` means for ``seat`` in ``state``."""

    def legal_indices(self, state: GameState, seat: int) -> dict[int, Action]:
        """Index → action for every legal action that has an index (an action outside the
        space — a Founders tile beyond the board window — is left out and counted in
        ``outside``; the tests prove seeded games never need it)."""
        out = {}
        index_of = self.index_of
        for action in state.legal_actions(seat):
            try:
                out[index_of(state, seat, action)] = action
            except OutsideActionSpace:
                self.outside += 1
        return out

    def describe(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players,
                "actions": self.actions.table(), "observation": self.features.table()}


def relative(seat: int, other: int, players: int) -> int:
    """``other`` as seen from ``seat``: 0 = itself, 1 = the next seat, …"""
    return (other - seat) % players


def absolute(seat: int, offset: int, players: int) -> int:
    return (seat + offset) % players


def one_hot(vector: np.ndarray, start: int, value: int) -> None:
    vector[start + value] = 1.0
