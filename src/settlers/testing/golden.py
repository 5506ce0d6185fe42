"""Golden playouts: seeded, uniformly random games reduced to digests, so that work on an
engine's speed cannot change its behaviour unnoticed.

Each game's golden module (``tests/games/<game>/<game>_golden_playouts.py``) says which cases
it plays and what goes into a digest, through the hooks of ``play``; the random game, the
hashing of JSON values and the fixture file live here once::

    digest = Digest(sort_keys=True)
    play(state, random.Random(seed),
         before=lambda step, seat, legal: digest.add([seat, [a.to_json() for a in legal]]))

A fixture is recorded on the engine before the work it guards; it is rewritten only for a
deliberate rules change. The JSON style of a ``Digest`` is part of what was recorded: it must
not change once a fixture exists.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

SeatChoice = Callable[[Any, random.Random], int]
BeforeStep = Callable[[int, int, Sequence[Any]], None]
AfterStep = Callable[[int], None]


def any_seat(state: Any, rng: random.Random) -> int:
    """One of the seats to act, uniformly."""
    return int(rng.choice(state.to_act))


def play(state: Any, rng: random.Random, *, seat_of: SeatChoice = any_seat,
         before: BeforeStep | None = None, after: AfterStep | None = None,
         max_version: int | None = None) -> int:
    """Play ``state`` to its end (or to ``max_version`` actions) with uniformly random legal
    actions, drawn from ``rng`` after the seat, and applied unchecked.

    ``before(step, seat, legal)`` sees each legal-action list before the draw (``step`` counts
    from 0); ``after(done)`` runs after each action with the number of actions played so far.
    Returns that number."""
    done = 0
    while not state.over and (max_version is None or state.version < max_version):
        seat = seat_of(state, rng)
        legal = state.legal_actions(seat)
        if before is not None:
            before(done, seat, legal)
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        done += 1
        if after is not None:
            after(done)
    return done


class Digest:
    """SHA-256 over a sequence of JSON values, each written as ``json.dumps(value, **style)``
    and followed by ``end``."""

    def __init__(self, end: bytes = b"", **style: Any) -> None:
        self._hash = hashlib.sha256()
        self._end = end
        self._style = style

    def add(self, value: Any, **style: Any) -> None:
        """One JSON value (``style`` adds to or overrides the digest's own for this value)."""
        self.add_text(json.dumps(value, **{**self._style, **style}))

    def add_text(self, text: str) -> None:
        """Text as it is (a state digest, a ``repr``, JSON written by the caller)."""
        self._hash.update(text.encode("utf-8"))
        self._hash.update(self._end)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def read_fixture(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def write_fixture(path: Path, data: Any, *, sort_keys: bool = False) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=sort_keys) + "\n", encoding="utf-8")
