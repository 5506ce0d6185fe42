"""The total bound on the uploaded sets kept in the database (table ``content_sets``).

A stored game made with an uploaded set needs its files for as long as it is stored
(settlers.web.stored_content), so no row a stored game names is ever removed. What bounds
the table:

- rows no stored game names (their games were deleted by an operator: the server deletes
  none) are removed (:func:`prune`): at start-up, and before anything is refused for room;
- a new row is written only while the total of the files kept (their bytes before
  compression, the ``size`` column) stays within the deployment's bound
  (``max_kept_content_bytes``); past it, :class:`KeptSetsFull` — the game that would add it
  is refused, and so are new uploads (settlers.web.hub) — while every stored game still
  replays and every kept set can still be played with.

Adding and pruning hold one lock — a PostgreSQL transaction-level advisory lock shared by
every process, and this process's lock (SQLite has one process) — so two games written at
once never pass the bound together, and a prune never removes the row of a game being
written."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator

from sqlalchemy import delete, func, select, text, tuple_

from settlers.web.storage.tables import content_sets, games

_LOCAL = threading.Lock()
# (PostgreSQL's two-key advisory locks are apart from the one-key ones games' owners take)
_PG_LOCK = text("SELECT pg_advisory_xact_lock(7301, 7)")


class KeptSetsFull(Exception):
    """Keeping one more set would pass ``max_kept_content_bytes``."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


@contextlib.contextmanager
def locked(engine) -> Iterator[object]:
    """A transaction holding the kept sets' lock (for this process and every other)."""
    with _LOCAL, engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(_PG_LOCK)
        yield conn


def total(conn) -> int:
    """The bytes of every kept set's files (before compression)."""
    return int(conn.execute(select(func.coalesce(func.sum(content_sets.c.size), 0)))
               .scalar_one())


def missing(conn, sets) -> list:
    """Those of ``sets`` (StoredSet) not kept yet."""
    return [s for s in sets if conn.execute(select(content_sets.c.size).where(
        content_sets.c.game == s.game, content_sets.c.content_option == s.option,
        content_sets.c.name == s.name)).first() is None]


def check_room(conn, sets, limit: int) -> None:
    """KeptSetsFull unless ``sets`` (those not kept yet) fit within ``limit``."""
    new = missing(conn, sets)
    if new and total(conn) + sum(s.size for s in new) > limit:
        raise KeptSetsFull(limit)


def named_by_games(conn) -> set[tuple[str, str, str]]:
    """(game, option, set name) of every uploaded set a stored game names."""
    named = set()
    rows = conn.execute(select(games.c.game, games.c.options)
                        .where(games.c.options.like('%"upload-%')))
    for game, options in rows:
        try:
            values = json.loads(options)
        except ValueError:
            continue
        if isinstance(values, dict):
            named.update((game, option, value) for option, value in values.items()
                         if isinstance(value, str) and value.startswith("upload-"))
    return named


def prune(conn) -> int:
    """Remove the kept sets no stored game names (call it :func:`locked`); how many."""
    kept = {tuple(r) for r in conn.execute(select(
        content_sets.c.game, content_sets.c.content_option, content_sets.c.name))}
    gone = sorted(kept - named_by_games(conn))
    for start in range(0, len(gone), 500):
        conn.execute(delete(content_sets).where(tuple_(
            content_sets.c.game, content_sets.c.content_option, content_sets.c.name)
            .in_(gone[start:start + 500])))
    return len(gone)
