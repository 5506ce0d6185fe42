"""The data of a game of Founders of the Empire: every field, a fast copy, the canonical form.

No rules live here: set-up is in setup.py, the turn in turn.py (with revealing.py, tokens.py,
attaching.py), the end in ending.py and scoring.py; protocol.py wires them to the contract.

Phases, in rulebook order:
  ``draft``  «Подготовка»: snake draft of the revealed nature tiles;
  ``found``  each player lays their two tiles sharing a side;
  ``reveal`` 1. «Открыть квадрат» (or propose ending the game by agreement);
  ``vote``   every other player accepts or refuses the proposal (simultaneous);
  ``main``   2. «Разыграть жетон» (optional, one) and 3. choosing the tile to attach;
  ``place``  3. where the chosen tile goes; then the turn ends;
  ``final_masters`` after an agreement, players may still place their masters;
  ``over``.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core import GameState
from settlers.core.actionlog import ActionLog
from settlers.games.founders.board import Board, canonical
from settlers.games.founders.content import TileSet


def _copied_rng(rng: random.Random) -> random.Random:
    """A copy of ``rng`` (``random.Random()`` would first seed itself from the OS, twice)."""
    c = random.Random.__new__(random.Random)
    c.setstate(rng.getstate())
    return c


def _seeded_rng(seed: int) -> random.Random:
    """``random.Random(seed)``, seeded once instead of twice (same state)."""
    c = random.Random.__new__(random.Random)
    c.seed(seed)
    return c


class FoundersState(GameState):
    """Fields only (filled by :func:`settlers.games.founders.setup.setup`)."""

    ts: TileSet                          # the components of this game
    boards: list[Board]                  # one per seat
    stacks: list[list[int]]              # nature, village, city; the top is the last
    prizes: list[int]                    # open prize tiles
    prize_box: list[int]                 # prize tiles not used in this game (face down)
    rows: list[list[int]]                # the open row of each stack, oldest first
    box: list[int]                       # tiles cleared from the rows (public)
    supply: list[int]                    # war, coin, cart tokens left
    master_pool: list[int]               # face-down masters; the top is the last
    token_box: list[int]                 # war tokens (and masters, unused) boxed with razed tiles
    boxed_masters: list[int]             # masters boxed with replaced tiles
    first: int                           # the seat who started
    current: int                         # the seat whose turn it is
    draft_pool: list[int]                # nature tiles of the set-up draft
    draft_order: list[int]               # seats still to pick, in order
    founding: list[list[int]]            # per seat: the two drafted tiles not yet laid
    found_order: list[int]               # seats still to lay their first two tiles
    phase: str
    token_played: bool                   # a token was played this turn
    borrowed: tuple[int, int, int] | None  # (seat, cell, good) bought with a coin this turn
    chosen: int | None                   # the tile being attached
    chosen_drawn: bool                   # ... drawn from the nature stack
    proposed: bool                       # the end was proposed this turn
    votes: list[int]                     # seats who agreed to the proposal
    final_order: list[int]               # seats still to place masters after an agreement
    ended_by: str | None                 # "prizes" | "stacks" | "agreement"
    _cache: dict[Any, Any]               # legal actions and attach options of this position

    def clone(self) -> FoundersState:
        return self._copy(_copied_rng(self.rng), list(self.events))

    def determinize(self, seat: int, seed: int) -> FoundersState:
        """``GameState.determinize`` without copying the RNG it replaces at once (copying a
        Mersenne Twister state costs more than the rest of the clone)."""
        self.check_seat(seat)
        rng = _seeded_rng(seed)
        clone = self._copy(rng, [e for e in self.events if e.known_to(seat)])
        clone.seed = seed   # the game's seed is a secret (it orders the stacks and the masters)
        clone.redraw_hidden(seat, rng)
        return clone

    def _copy(self, rng: random.Random, events: list[Any]) -> FoundersState:
        c = type(self).__new__(type(self))
        c.game, c.players, c.seed, c.options = self.game, self.players, self.seed, self.options
        c.rng = rng
        log = self.log  # append-only: shared, not copied (core/actionlog.py)
        c.log = log.share() if isinstance(log, ActionLog) else ActionLog(log)
        c.version = self.version
        c.events = events
        c.record_events = self.record_events
        c.ts = self.ts
        c.boards = [b.copy() for b in self.boards]
        c.stacks = [list(s) for s in self.stacks]
        c.prizes = list(self.prizes)
        c.prize_box = list(self.prize_box)
        c.rows = [list(r) for r in self.rows]
        c.box = list(self.box)
        c.supply = list(self.supply)
        c.master_pool = list(self.master_pool)
        c.token_box = list(self.token_box)
        c.boxed_masters = list(self.boxed_masters)
        c.first, c.current = self.first, self.current
        c.draft_pool = list(self.draft_pool)
        c.draft_order = list(self.draft_order)
        c.founding = [list(f) for f in self.founding]
        c.found_order = list(self.found_order)
        c.phase = self.phase
        c.token_played = self.token_played
        c.borrowed = self.borrowed
        c.chosen, c.chosen_drawn = self.chosen, self.chosen_drawn
        c.proposed = self.proposed
        c.votes = list(self.votes)
        c.final_order = list(self.final_order)
        c.ended_by = self.ended_by
        c._cache = {}
        return c

    def forget(self) -> None:
        """Drop what was computed for the position (after any change to it)."""
        self._cache = {}

    def full_state(self) -> dict[str, Any]:
        return {
            "tiles": self.ts.source,
            "phase": self.phase, "first": self.first, "current": self.current,
            "boards": [b.to_json() for b in self.boards],
            "stacks": [list(s) for s in self.stacks], "rows": [list(r) for r in self.rows],
            "prizes": list(self.prizes), "prize_box": list(self.prize_box),
            "box": list(self.box), "supply": list(self.supply),
            "master_pool": list(self.master_pool), "token_box": list(self.token_box),
            "boxed_masters": list(self.boxed_masters),
            "draft_pool": list(self.draft_pool), "draft_order": list(self.draft_order),
            "founding": [list(f) for f in self.founding],
            "found_order": list(self.found_order),
            "token_played": self.token_played,
            "borrowed": [self.borrowed[0], canonical(self.borrowed[1]), self.borrowed[2]]
            if self.borrowed else None,
            "chosen": self.chosen, "chosen_drawn": self.chosen_drawn,
            "proposed": self.proposed, "votes": list(self.votes),
            "final_order": list(self.final_order), "ended_by": self.ended_by,
        }
