"""Per-address allowances shared by every process of the server: games made, content sets
uploaded and open seats taken per hour (``Settings.*_per_address_per_hour``).

Kept in each process's memory they were per process — with ``--workers N`` (or several
servers on one PostgreSQL database) one address had N times its bound. Each is a token
bucket in the database (table ``address_allowances``): ``per_hour`` at once, then one every
3600/per_hour seconds, as before. One statement takes a token — an insert, or an update of
the address's row under its row lock (``ON CONFLICT DO UPDATE ... WHERE``, SQLite and
PostgreSQL alike) — so two processes taking at the same moment cannot both take the last
one. A bucket full again (an hour untouched) is the same as none: such rows are removed now
and then.

The table is bounded: every address a visitor's request comes from (an IPv4 address, an IPv6
/64: limits.address_key) has a row for an hour, and one client holding many /64 (a /48 is
65 536 of them, and free) could make a row with every request — millions in an hour. Past
``MAX_ROWS`` rows the least recently used buckets go, the rows with the oldest stamps: an
address whose row goes has its whole allowance again, as it would an hour after its last
take — which gives a client nothing its own ``MAX_ROWS`` addresses did not give it (its
newest row is the last to go)."""

from __future__ import annotations

import logging
import time

from sqlalchemy import case, delete, select
from sqlalchemy.engine import Engine

from settlers.web.storage.tables import address_allowances

log = logging.getLogger("settlers.web")

HOUR = 3600.0
#: one take in this many also removes the rows of buckets full again (an hour untouched)
#: and, past ``MAX_ROWS``, the least recently used ones
PRUNE_EVERY = 256
#: rows kept at most (≈ 100 bytes each), give or take the takes between two prunings
MAX_ROWS = 100_000


def _insert(dialect: str):
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert


class Allowances:
    """The token buckets of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.insert = _insert(engine.dialect.name)
        self.takes = 0

    def take(self, kind: str, address: str, per_hour: int, now: float | None = None) -> bool:
        """Take one of ``address``'s ``kind`` this hour; False when none is left."""
        if per_hour <= 0:
            return False
        now = time.time() if now is None else now
        burst, rate = float(per_hour), per_hour / HOUR
        t = address_allowances
        elapsed = case((t.c.stamp < now, now - t.c.stamp), else_=0.0)
        refilled = t.c.tokens + elapsed * rate
        level = case((refilled > burst, burst), else_=refilled)
        stmt = self.insert(t).values(kind=kind, address=address[:64], tokens=burst - 1,
                                     stamp=now)
        stmt = stmt.on_conflict_do_update(
            index_elements=[t.c.kind, t.c.address],
            set_={"tokens": level - 1, "stamp": case((t.c.stamp < now, now), else_=t.c.stamp)},
            where=level >= 1,
        ).returning(t.c.tokens)
        self.takes += 1
        with self.engine.begin() as conn:
            taken = conn.execute(stmt).first() is not None
            if self.takes % PRUNE_EVERY == 0:
                conn.execute(delete(t).where(t.c.stamp < now - HOUR))
                self._bound(conn)
        return taken

    def _bound(self, conn) -> None:
        """Past ``MAX_ROWS`` rows, remove those with the oldest stamps (the buckets least
        recently taken from) down to ``MAX_ROWS``: one read down the stamp's index, one
        delete."""
        t = address_allowances
        cut = conn.execute(select(t.c.stamp).order_by(t.c.stamp.desc())
                           .offset(MAX_ROWS).limit(1)).scalar()
        if cut is not None:
            gone = conn.execute(delete(t).where(t.c.stamp <= cut)).rowcount
            log.warning("the per-address allowances passed %d rows: the %d least recently "
                        "used were removed (their addresses have their whole allowance "
                        "again)", MAX_ROWS, gone)
