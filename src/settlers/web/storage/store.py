"""Durable storage of hosted games behind one narrow interface (SQLite or PostgreSQL).

The action log is the source of truth: a game is rebuilt with ``game.replay`` from
(players, seed, options, log). ``append_action`` stores one action and bumps the game's
version in a single transaction, refusing a stale version, so an action is never stored twice.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from sqlalchemy import (
    and_,
    bindparam,
    create_engine,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import StaticPool

from settlers.web.notices import NoticeKey, Opened, new_secret
from settlers.web.storage.allowances import Allowances
from settlers.web.storage.kept_sets import check_room, locked, prune, total
from settlers.web.storage.tables import (
    actions,
    chat_messages,
    content_sets,
    games,
    seats,
    server_secrets,
)
from settlers.web.stored_content import StoredSet

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


# a stored action's JSON up to this size travels in its NOTIFY ("<game>:<version>:<seat>:<json>")
MAX_NOTICE_ACTION = 7_000
# the largest chat line id (the column is an INTEGER: 32 bits on PostgreSQL)
MAX_CHAT_ID = 2**31 - 1
NOTIFY_CHANNEL = "settlers_moves"  # PostgreSQL: "<game id>:<version>" after every commit


LIVE = ("open", "running")
# games whose pages' times (``seen_at``) one statement writes at most (Store.touch)
TOUCH_CHUNK = 500


class StaleVersion(Exception):
    """The stored game has moved on (or ended): the action was decided against an old
    version."""


class TooManyLive(Exception):
    """The creator's address has ``limit`` live tables already (Settings.
    live_games_per_address): nothing was stored."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"this address has {limit} live games already")
        self.limit = limit


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human" | "bot"
    name: str
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    open: bool = False  # anyone may take it from the lobby (until someone does)


@dataclass
class GameRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict
    seed_salt: str | None = None
    seed_commitment: str | None = None
    status: str = "open"
    rules: str | None = None  # the label of the rules it was created under (Game.rules_version)
    version: int = 0
    scores: list | None = None
    creator_hash: str | None = None  # sha256 of the creator's token (re-issues seat links)
    creator_token: str | None = field(default=None, repr=False)  # only when just created
    created_at: dt.datetime | None = None
    updated_at: dt.datetime | None = None
    # when a page last kept it live (``Store.touch``: Hub.sweep_idle; None: never)
    seen_at: dt.datetime | None = None
    seats: list[SeatRecord] = field(default_factory=list)


@dataclass(frozen=True)
class ChatRow:
    """One stored table-chat message (``seat`` None: a spectator's)."""

    id: int
    game_id: str
    seat: int | None
    text: str
    created_at: dt.datetime


@dataclass
class Append:
    """One action to store: the game's action number ``idx`` (= its version before it)."""

    game_id: str
    idx: int
    seat: int
    action: dict
    status: str
    scores: list | None = None


@dataclass
class Claim:
    """A seat's link was used for the first time: the seat is taken, the status may change."""

    game_id: str
    seat: int
    status: str


# the statements of the write path, built once (their compiled form is cached)
_BUMP_VERSION = (
    update(games)
    .where(games.c.id == bindparam("gid"), games.c.version == bindparam("idx"))
    .values(version=bindparam("next"), status=bindparam("b_status"),
            scores=bindparam("b_scores"), updated_at=bindparam("now"))
)
_CLAIM_SEAT = (update(seats).where(seats.c.game_id == bindparam("gid"),
                                   seats.c.seat == bindparam("b_seat")).values(claimed=True))
# (a claim queued before the game was stopped as untouched, stored after: the stopped game
# stays stopped — Hub.sweep_idle may stop a person's table with its seat's page just opened)
_SET_STATUS = update(games).where(games.c.id == bindparam("gid"),
                                  games.c.status.in_(LIVE)).values(status=bindparam("b_status"))


class _Statements:
    """The write path's two statements as the driver takes them (its placeholder style), and
    a time stamp as SQLAlchemy itself would bind it (SQLite stores text), so the rows are the
    same as through SQLAlchemy."""

    def __init__(self, dialect) -> None:
        mark = "?" if dialect.paramstyle == "qmark" else "%s"
        # (only a live game takes a move: one stopped meanwhile as untouched by another
        # process — Hub.sweep_idle — refuses it, StaleVersion, and is not made live again)
        self.bump = (f"UPDATE games SET version={mark}, status={mark}, scores={mark}, "
                     f"updated_at={mark} WHERE games.id = {mark} AND games.version = {mark} "
                     f"AND games.status IN ('open', 'running')")
        # PostgreSQL: the same, and the notice sent by the row it updated (none if refused)
        self.bump_notify = f"{self.bump} RETURNING pg_notify({mark}, {mark})"
        self.insert = (f"INSERT INTO actions (game_id, idx, seat, action, created_at) "
                       f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark})")
        process = games.c.updated_at.type.dialect_impl(dialect).bind_processor(dialect)
        self.stamp = process or (lambda value: value)


def _runs(items: list[Append | Claim]) -> list[list]:
    """``items`` cut into groups stored by one statement each: a claim alone; consecutive
    actions of one game with consecutive indices together (a bot run, or a person's move
    and the run behind it)."""
    groups: list[list] = []
    for it in items:
        prev = groups[-1][-1] if groups else None
        if isinstance(it, Append) and isinstance(prev, Append) and \
                prev.game_id == it.game_id and prev.idx + 1 == it.idx:
            groups[-1].append(it)
        else:
            groups.append([it])
    return groups


def _notice(gid: str, group: list, stored: list[str]) -> str:
    """The notice of a stored run: ``"<game>:<version>:<seat>:<json>"`` for one move,
    ``"<game>:<version>:run:<json list of [seat, action]>"`` for several (``version``: the
    last one's), or ``"<game>:<version>"`` alone when the moves are too large to ride
    along (the other processes read them from the store)."""
    version = group[-1].idx + 1
    if len(group) == 1:
        if len(stored[0]) < MAX_NOTICE_ACTION:
            return f"{gid}:{version}:{group[0].seat}:{stored[0]}"
        return f"{gid}:{version}"
    moves = ",".join(f"[{it.seat},{js}]" for it, js in zip(group, stored))
    if len(moves) < MAX_NOTICE_ACTION:
        return f"{gid}:{version}:run:[{moves}]"
    return f"{gid}:{version}"


def _utc(at: dt.datetime | None) -> dt.datetime | None:
    """A stored time, zoned (SQLite keeps no zone: every stored time is UTC)."""
    if at is None or at.tzinfo is not None:
        return at
    return at.replace(tzinfo=dt.UTC)


def last_touched(updated_at: dt.datetime | None,
                 seen_at: dt.datetime | None) -> dt.datetime | None:
    """When a game was last touched as the idle sweep counts it (``Store._untouched``): its
    last move or the last ``seen_at``, whichever is later (None: neither is known)."""
    known = [x for x in (_utc(updated_at), _utc(seen_at)) if x is not None]
    return max(known) if known else None


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


SQLITE_SYNC_MODES = ("NORMAL", "FULL", "EXTRA")


def make_engine(url: str, sqlite_synchronous: str = "FULL") -> Engine:
    """An engine for ``url``. SQLite files run in WAL mode; ``sqlite_synchronous`` NORMAL
    keeps every committed transaction through a killed process (the WAL is written before the
    commit returns) and syncs at checkpoints only; FULL also survives power loss."""
    if sqlite_synchronous.upper() not in SQLITE_SYNC_MODES:
        raise ValueError(f"sqlite_synchronous must be one of {', '.join(SQLITE_SYNC_MODES)}")
    sqlite_synchronous = sqlite_synchronous.upper()
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, future=True)
    memory = parsed.database in (None, "", ":memory:")
    if not memory:
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": 30},
        poolclass=StaticPool if memory else None,
        future=True,
    )

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_conn, _record):  # pragma: no branch - tiny
        cur = dbapi_conn.cursor()
        if not memory:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={sqlite_synchronous}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    return engine


class Store:
    def __init__(self, url: str, sqlite_synchronous: str = "FULL", notice_secret: str = "",
                 notice_moves: bool = True):
        self.url = url
        # PostgreSQL: whether a stored move rides in its notice (any session of the database
        # may LISTEN and read it, a simultaneous decision's hidden choice too); without, the
        # notice says "<game>:<version>" and the other processes read the store
        self.notice_moves = notice_moves
        # the secret that signs notices (settlers.web.notices): the operator's, or (empty)
        # the one kept in the database, read when first needed
        self._notice_secret = notice_secret
        self._notice_key: NoticeKey | None = None
        self.engine = make_engine(url, sqlite_synchronous)
        self.allowances = Allowances(self.engine)   # per-address bounds of every process
        # several server processes on one PostgreSQL database hear each other's moves
        self.notifies = self.engine.dialect.name == "postgresql"
        # the PostgreSQL sessions of this store's connections: a notice one of them sent is
        # this process's own (already applied here), and the listener passes it by
        self.backends: set[int] = set()
        if self.notifies:
            event.listen(self.engine, "connect", self._remember_backend)

    def _remember_backend(self, dbapi_conn, _record) -> None:
        cur = dbapi_conn.cursor()
        cur.execute("SELECT pg_backend_pid()")
        self.backends.add(int(cur.fetchone()[0]))
        cur.close()

    # ----------------------------------------------------------------- schema
    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision shipped with the package."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def close(self) -> None:
        self.engine.dispose()

    # ----------------------------------------------------------------- notices
    def shared_secret(self, name: str) -> str:
        """The secret ``name`` every process of this database shares: drawn and stored by
        the first to ask (of several asking at once, one insert wins and all read it)."""
        with self.engine.begin() as conn:
            conn.execute(text("INSERT INTO server_secrets (name, value) VALUES (:name, :value) "
                              "ON CONFLICT (name) DO NOTHING"),
                         {"name": name, "value": new_secret()})
            return str(conn.execute(select(server_secrets.c.value)
                                    .where(server_secrets.c.name == name)).scalar_one())

    def notice_key(self) -> NoticeKey:
        """The key that signs this server's notices (the first call may read the store)."""
        if self._notice_key is None:
            self._notice_key = NoticeKey(self._notice_secret or self.shared_secret("notice"))
        return self._notice_key

    def sign_notice(self, payload: str) -> str:
        return self.notice_key().sign(payload)

    def open_notice(self, notice: str) -> str | None:
        """A received notice's payload if this server signed it (None: forged or foreign)."""
        return self.notice_key().open(notice)

    def open_signed(self, notice: str) -> Opened | None:
        """A received notice with its sender, number and stamp if this server signed it."""
        return self.notice_key().opened(notice)

    def notice_clock(self) -> float:
        """The database's clock as this process reads it (notices are stamped by it)."""
        return self.notice_key().now()

    def sync_clock(self) -> float:
        """Measure how far this machine's clock is from the database's (the notices' stamps
        and their freshness are read by the database's, so the processes' own clocks need
        not agree); returns the offset, seconds."""
        key = self.notice_key()
        with self.engine.connect() as conn:
            before = key.clock()
            db = float(conn.execute(text("SELECT extract(epoch FROM clock_timestamp())"))
                       .scalar_one())
            after = key.clock()
        key.offset = db - (before + after) / 2
        return key.offset

    # ----------------------------------------------------------------- writes
    def create_game(self, rec: GameRecord, content: Sequence[StoredSet] = (),
                    content_limit: int | None = None, creator_key: str | None = None,
                    live_limit: int = 0) -> None:
        """Store a new game, and with it (one transaction) the uploaded sets it is made with
        (``content``; each kept once: web/stored_content.py) — KeptSetsFull, and nothing
        stored, when those not kept yet would pass ``content_limit`` bytes in all
        (storage/kept_sets.py).

        ``creator_key`` (the creator's address, hashed) is stored with it; with
        ``live_limit`` > 0, TooManyLive and nothing stored when that address would have more
        live games than that. The game is inserted and then the address's live games are
        counted, in one transaction, so that of several processes creating at once none
        passes the bound: on PostgreSQL the address's transaction-level advisory lock
        (``live:<key>``) is held first (a second creator waits for the first to commit, then
        counts its game); on SQLite the insert holds the database's write lock."""
        now = _now()
        bounded = creator_key is not None and live_limit > 0
        with self._content_transaction(content) as conn:
            if bounded and self.notifies:
                conn.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"),
                             {"key": f"live:{creator_key}"})
            if content and content_limit is not None:
                check_room(conn, content, content_limit)
            self._keep_sets(conn, content, now)
            conn.execute(
                insert(games).values(
                    id=rec.id,
                    game=rec.game,
                    players=rec.players,
                    seed=rec.seed,
                    seed_salt=rec.seed_salt,
                    seed_commitment=rec.seed_commitment,
                    options=json.dumps(rec.options, sort_keys=True),
                    status=rec.status,
                    rules=rec.rules,
                    version=0,
                    scores=None,
                    creator_hash=rec.creator_hash,
                    creator_key=creator_key,
                    created_at=now,
                    updated_at=now,
                )
            )
            if bounded:
                live = conn.execute(select(func.count()).select_from(games).where(
                    games.c.creator_key == creator_key, games.c.status.in_(LIVE))).scalar_one()
                if live > live_limit:
                    raise TooManyLive(live_limit)   # (the transaction is rolled back)
            for s in rec.seats:  # a seat record's fields are the seats table's columns
                conn.execute(insert(seats).values(game_id=rec.id, **asdict(s)))

    def keep_content(self, stored: StoredSet, content_limit: int | None = None) -> None:
        """Keep an uploaded set's files (nothing if the set is kept already); KeptSetsFull
        when it would pass ``content_limit`` bytes in all."""
        with self._content_transaction([stored]) as conn:
            if content_limit is not None:
                check_room(conn, [stored], content_limit)
            self._keep_sets(conn, [stored], _now())

    def _content_transaction(self, content: Sequence[StoredSet]):
        """A transaction; holding the kept sets' lock when it writes some (kept_sets.py)."""
        return locked(self.engine) if content else self.engine.begin()

    def kept_content_bytes(self) -> int:
        """The bytes (before compression) of every uploaded set kept in the database."""
        with self.engine.connect() as conn:
            return total(conn)

    def prune_content(self) -> int:
        """Remove the kept uploaded sets no stored game names; how many went."""
        with locked(self.engine) as conn:
            return prune(conn)

    def _keep_sets(self, conn, content: Sequence[StoredSet], now: dt.datetime) -> None:
        if not content:
            return
        if self.engine.dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as upsert
        else:
            from sqlalchemy.dialects.sqlite import insert as upsert
        for s in content:   # the name is the files' digest: one row per set
            conn.execute(upsert(content_sets).values(
                game=s.game, content_option=s.option, name=s.name, files=s.files,
                size=s.size, created_at=now).on_conflict_do_nothing())

    def append_action(
        self,
        game_id: str,
        idx: int,
        seat: int,
        action: dict,
        status: str,
        scores: list | None = None,
    ) -> None:
        """Store action number ``idx`` (0-based) and set version = idx + 1, atomically."""
        (problem,) = self.append_many([Append(game_id, idx, seat, action, status, scores)])
        if problem is not None:
            raise problem

    def append_many(self, items: list[Append | Claim]) -> list[Exception | None]:
        """Store several actions and seat claims (of different games) in ONE transaction:
        one disk sync.

        Each game's row is updated only if its stored version is the action's index; an item
        whose game has moved on gets StaleVersion and writes nothing, and so does every later
        item of that game in the batch (the rest of a bot run was computed on the refused
        one). Any other failure rolls the whole batch back and is raised.

        The statements go to the driver as plain SQL (``_Statements``): SQLAlchemy's
        per-statement work cost more CPU than the database did (≈ 50–110 µs an action)."""
        now = _now()
        results: list[Exception | None] = []
        rows: list[tuple] = []
        stale: set[str] = set()  # games an item was refused for: their later items are too
        sql = self._sql
        key = self.notice_key() if self.notifies else None  # (read before the transaction)
        with self.engine.begin() as conn:
            cur = None
            for group in _runs(items):
                first = group[0]
                if isinstance(first, Claim):
                    conn.execute(_CLAIM_SEAT, {"gid": first.game_id, "b_seat": first.seat})
                    conn.execute(_SET_STATUS, {"gid": first.game_id, "b_status": first.status})
                    if self.notifies:
                        self._notify(conn, f"{first.game_id}:claim:{first.seat}")
                    results.append(None)
                    continue
                if cur is None:
                    cur = conn.connection.cursor()
                    stamp = sql.stamp(now)
                gid = first.game_id
                if gid in stale:  # after a refused action of its game: a run's rest
                    results += [StaleVersion(f"game {gid}: an earlier action of its run was "
                                             f"refused")] * len(group)
                    continue
                last = group[-1]
                stored = [json.dumps(it.action, sort_keys=True, separators=(",", ":"))
                          for it in group]
                # the whole run in one statement: the game's row moves from the first
                # action's version to the last one's, or the run is refused
                params = (last.idx + 1, last.status,
                          None if last.scores is None else json.dumps(last.scores),
                          stamp, gid, first.idx)
                if key is not None:
                    # the moves ride along in the notice (sent with the row's update, in the
                    # same statement): another process applies them without reading the
                    # store (NOTIFY payloads are limited to 8,000 bytes)
                    cur.execute(sql.bump_notify, (*params, NOTIFY_CHANNEL,
                                                  key.sign(_notice(gid, group, stored)
                                                           if self.notice_moves else
                                                           f"{gid}:{last.idx + 1}")))
                else:
                    cur.execute(sql.bump, params)
                if cur.rowcount != 1:
                    stale.add(gid)
                    results += [StaleVersion(f"game {gid}: stored version is not "
                                             f"{first.idx}")] * len(group)
                    continue
                rows += [(gid, it.idx, it.seat, js, stamp) for it, js in zip(group, stored)]
                results += [None] * len(group)
            if rows:  # one executemany for the whole batch
                assert cur is not None
                cur.executemany(sql.insert, rows)
            if cur is not None:
                cur.close()
        return results

    @property
    def _sql(self) -> _Statements:
        got = self.__dict__.get("_statements")
        if got is None:
            got = self.__dict__["_statements"] = _Statements(self.engine.dialect)
        return got

    def _notify(self, conn, payload: str) -> None:
        """Delivered to every listening process when (and only if) the transaction commits;
        signed (settlers.web.notices)."""
        conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                     {"channel": NOTIFY_CHANNEL, "payload": self.sign_notice(payload)})

    def take_allowance(self, kind: str, address: str, per_hour: int) -> bool:
        """Take one of ``address``'s ``kind`` ("games", "uploads", "seats") this hour, shared
        with every process of the server (storage/allowances.py); False when none is left."""
        return self.allowances.take(kind, address, per_hour)

    def set_status(self, game_id: str, status: str, scores: list | None = None) -> None:
        """The game's status; with ``scores``, its final scores too (a game stopped at the
        most moves a game may have is given them as a finished one is)."""
        values: dict = {"status": status}
        if scores is not None:
            values["scores"] = json.dumps(scores)
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(**values))

    # ------------------------------------------------------------ untouched tables
    def touch(self, game_ids: Sequence[str], now: dt.datetime | None = None) -> None:
        """A page is open on each of ``game_ids`` (live ones): their ``seen_at`` is now
        (Hub.sweep_idle stops no such table)."""
        now = _now() if now is None else now
        ids = list(game_ids)
        with self.engine.begin() as conn:
            for at in range(0, len(ids), TOUCH_CHUNK):
                conn.execute(update(games).where(games.c.id.in_(ids[at:at + TOUCH_CHUNK]),
                                                 games.c.status.in_(LIVE))
                             .values(seen_at=now))

    @staticmethod
    def _untouched(bot_cut: dt.datetime | None, human_cut: dt.datetime | None):
        """The live games neither moved nor seen with a page open since the cut that
        applies to them: ``bot_cut`` for a table of bots only, ``human_cut`` for one with
        a human seat (None: such tables are never untouched)."""
        human = exists().where(seats.c.game_id == games.c.id, seats.c.kind == "human")

        def before(cut):
            return and_(games.c.updated_at < cut,
                        or_(games.c.seen_at.is_(None), games.c.seen_at < cut))

        kinds = []
        if bot_cut is not None:
            kinds.append(and_(~human, before(bot_cut)))
        if human_cut is not None:
            kinds.append(and_(human, before(human_cut)))
        return and_(games.c.status.in_(LIVE), or_(*kinds)) if kinds else None

    def untouched_games(self, bot_cut: dt.datetime | None, human_cut: dt.datetime | None,
                        limit: int) -> list[tuple[str, str, int]]:
        """(id, game, version) of at most ``limit`` live games untouched since their cut
        (``_untouched``), the longest untouched first."""
        where = self._untouched(bot_cut, human_cut)
        if where is None:
            return []
        query = (select(games.c.id, games.c.game, games.c.version).where(where)
                 .order_by(games.c.updated_at).limit(limit))
        with self.engine.connect() as conn:
            return [(r.id, r.game, r.version) for r in conn.execute(query)]

    def stop_untouched(self, game_id: str, version: int, bot_cut: dt.datetime | None,
                       human_cut: dt.datetime | None, scores: list | None = None) -> bool:
        """Stop game ``game_id`` if it is still live, still at ``version`` and still
        untouched since its cut — one conditional UPDATE, so of several processes ending it
        at once one does, and a move or a page (``touch``) that came first keeps it live —
        with its final ``scores`` (None: given later, ``score_stopped``). PostgreSQL: every
        process hears ``<game>:stopped:<version>`` once it commits. Whether it was stopped
        here."""
        where = self._untouched(bot_cut, human_cut)
        if where is None:
            return False
        values: dict = {"status": "stopped"}
        if scores is not None:
            values["scores"] = json.dumps(scores)
        with self.engine.begin() as conn:
            done = conn.execute(update(games).where(
                games.c.id == game_id, games.c.version == version, where).values(**values))
            if done.rowcount != 1:
                return False
            if self.notifies:
                self._notify(conn, f"{game_id}:stopped:{version}")
        return True

    def unscored_stopped(self, after: str, limit: int) -> list[tuple[str, str]]:
        """(id, game) of at most ``limit`` games stored stopped without scores, ids past
        ``after`` in order (stopped before a stopped game's scores were kept: Hub.
        score_stopped_games)."""
        query = (select(games.c.id, games.c.game)
                 .where(games.c.status == "stopped", games.c.scores.is_(None),
                        games.c.id > after)
                 .order_by(games.c.id).limit(limit))
        with self.engine.connect() as conn:
            return [(r.id, r.game) for r in conn.execute(query)]

    def score_stopped(self, game_id: str,
                      compute: Callable[[GameRecord, list[tuple[int, dict]]], list]) -> str:
        """Give game ``game_id``, stored stopped without scores, its final scores:
        ``compute(record, log)`` (a replay) in this thread, saved only if it still has none.
        Returns "saved"; "done" when it has them already or is no longer stopped; "busy"
        when another process is computing them (PostgreSQL: the game's transaction-level
        advisory lock ``scores:<id>`` is held while they are computed, so of several
        processes one replays it and the others pass it by). What ``compute`` raises is
        raised, nothing saved. SQLite holds no lock while it computes (the reads run
        outside a write transaction; the write is one short statement)."""
        with self.engine.begin() as conn:
            if self.notifies:
                got = conn.execute(text("SELECT pg_try_advisory_xact_lock("
                                        "hashtextextended(:key, 0))"),
                                   {"key": f"scores:{game_id}"}).scalar()
                if not got:
                    return "busy"
            unscored = (games.c.id == game_id, games.c.status == "stopped",
                        games.c.scores.is_(None))
            row = conn.execute(select(games).where(*unscored)).mappings().first()
            if row is None:
                return "done"
            stored = [(r.seat, json.loads(r.action)) for r in conn.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.game_id == game_id).order_by(actions.c.idx))]
            scores = compute(_game_from_row(row), stored)
            del stored
            done = conn.execute(update(games).where(*unscored)
                                .values(scores=json.dumps(scores)))
            return "saved" if done.rowcount == 1 else "done"

    def mark_broken_if_unscored(self, game_id: str) -> None:
        """A game stored stopped without scores whose log does not replay: "broken", as a
        load marks it (Hub._load), unless it was given scores or changed meanwhile."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(
                games.c.id == game_id, games.c.status == "stopped",
                games.c.scores.is_(None)).values(status="broken"))

    def claim_seat(self, game_id: str, seat: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(claimed=True)
            )

    def take_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """A visitor takes an open seat: one conditional UPDATE, so of two visitors racing
        for it (in any process) exactly one gets it. False if it was not open any more."""
        with self.engine.begin() as conn:
            res = conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat,
                       seats.c.kind == "human", seats.c.open.is_(True),
                       seats.c.claimed.is_(False))
                .values(token_hash=token_hash, claimed=True, open=False)
            )
            if res.rowcount != 1:
                return False
            if self.notifies:
                self._notify(conn, f"{game_id}:seat:{seat}")
        return True

    def set_seat_token(self, game_id: str, seat: int, token_hash: str) -> bool:
        """A seat's new token (its link re-issued): the old one stops working."""
        with self.engine.begin() as conn:
            res = conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat,
                       seats.c.kind == "human")
                .values(token_hash=token_hash, open=False)
            )
            if res.rowcount != 1:
                return False
            if self.notifies:
                self._notify(conn, f"{game_id}:seat:{seat}")
        return True

    # ------------------------------------------------------------------ reads
    def load_game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            rec = _game_from_row(row)
            rec.seats = [
                _seat_from_row(r)
                for r in conn.execute(
                    select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
                ).mappings()
            ]
            return rec

    def stored_progress(self, game_id: str) -> tuple[int, dt.datetime | None] | None:
        """The game's stored version and when it was last touched (``last_touched``): one
        small read (Hub.up_to_date); None: no such game."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.version, games.c.updated_at, games.c.seen_at)
                               .where(games.c.id == game_id)).first()
        return None if row is None else (row.version, last_touched(row.updated_at,
                                                                   row.seen_at))

    def touched_at(self, game_ids: Sequence[str]) -> dict[str, dt.datetime]:
        """When each live game of ``game_ids`` was last touched (``last_touched``): what
        the lobby's "my games" says their deadlines from."""
        ids = list(game_ids)
        out: dict[str, dt.datetime] = {}
        with self.engine.connect() as conn:
            for at in range(0, len(ids), TOUCH_CHUNK):
                rows = conn.execute(select(games.c.id, games.c.updated_at, games.c.seen_at)
                                    .where(games.c.id.in_(ids[at:at + TOUCH_CHUNK]),
                                           games.c.status.in_(LIVE)))
                for r in rows:
                    got = last_touched(r.updated_at, r.seen_at)
                    if got is not None:
                        out[r.id] = got
        return out

    def stored_version(self, game_id: str) -> int | None:
        """The game's stored version (its number of actions); None: no such game."""
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.version).where(games.c.id == game_id)
                                ).scalar_one_or_none()

    def load_log(self, game_id: str, since: int = 0) -> list[tuple[int, dict]]:
        """The game's actions from index ``since`` on, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.game_id == game_id, actions.c.idx >= since)
                .order_by(actions.c.idx)
            ).all()
        return [(r.seat, json.loads(r.action)) for r in rows]

    def list_games(self, statuses: tuple[str, ...] | None = None, limit: int = 50) -> list[GameRecord]:
        q = select(games).order_by(games.c.updated_at.desc()).limit(limit)
        if statuses:
            q = q.where(games.c.status.in_(statuses))
        with self.engine.connect() as conn:
            recs = [_game_from_row(r) for r in conn.execute(q).mappings()]
            if recs:
                by_id = {r.id: r for r in recs}
                for r in conn.execute(
                    select(seats).where(seats.c.game_id.in_(list(by_id))).order_by(seats.c.seat)
                ).mappings():
                    by_id[r["game_id"]].seats.append(_seat_from_row(r))
        return recs

    def upload_uses(self, game: str, option: str) -> dict[str, bool]:
        """Every uploaded content set (``upload-…``) a stored game of ``game`` names for
        ``option`` -> whether a live (open or running) game names it."""
        query = select(games.c.options, games.c.status).where(
            games.c.game == game, games.c.options.like('%"upload-%'))
        uses: dict[str, bool] = {}
        with self.engine.connect() as conn:
            for options, status in conn.execute(query):
                try:
                    value = json.loads(options).get(option)
                except (ValueError, AttributeError):
                    continue
                if isinstance(value, str):
                    uses[value] = uses.get(value, False) or status in ("open", "running")
        return uses

    def kept_content(self, game: str, option: str, name: str) -> bytes | None:
        """The packed files of a kept uploaded set (None: not kept)."""
        with self.engine.connect() as conn:
            got = conn.execute(select(content_sets.c.files).where(
                content_sets.c.game == game, content_sets.c.content_option == option,
                content_sets.c.name == name)).scalar_one_or_none()
        return None if got is None else bytes(got)

    def has_content(self, game: str, option: str, name: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(content_sets.c.size).where(
                content_sets.c.game == game, content_sets.c.content_option == option,
                content_sets.c.name == name)).first() is not None

    def count_games(self, statuses: tuple[str, ...]) -> int:
        with self.engine.connect() as conn:
            return conn.execute(
                select(func.count()).select_from(games).where(games.c.status.in_(statuses))
            ).scalar_one()

    def live_game_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id).where(games.c.status.in_(("open", "running")))
            ).all()
        return [r.id for r in rows]

    # ------------------------------------------------------------------ table chat
    def add_chat(self, game_id: str, seat: int | None, text_: str, at: dt.datetime) -> int:
        """Store one chat message of ``game_id`` (``seat`` None: a spectator's); its id.
        Never touches the action log or the game's version. A seat's message keeps a live
        game from being stopped as untouched (its ``seen_at`` is ``at``, in the same
        transaction: Hub.sweep_idle); a spectator's does not. On PostgreSQL every process
        hears of it (``<game>:chat:<id>``) once it commits."""
        with self.engine.begin() as conn:
            if seat is not None:
                conn.execute(update(games).where(games.c.id == game_id,
                                                 games.c.status.in_(LIVE))
                             .values(seen_at=at))
            res = conn.execute(insert(chat_messages).values(
                game_id=game_id, seat=seat, text=text_, created_at=at))
            key = res.inserted_primary_key
            assert key is not None
            msg_id = key[0]
            if self.notifies:
                self._notify(conn, f"{game_id}:chat:{msg_id}")
        return int(msg_id)

    def load_chat(self, game_id: str, limit: int,
                  before: int | None = None) -> list[ChatRow]:
        """The last ``limit`` chat messages of ``game_id`` (older than id ``before``, if
        given), oldest first."""
        q = (select(chat_messages).where(chat_messages.c.game_id == game_id)
             .order_by(chat_messages.c.id.desc()).limit(limit))
        # a ``before`` past any id the column holds (a client's number, any size) asks for
        # every line: never sent to the database, which cannot bind it
        if before is not None and before <= MAX_CHAT_ID:
            q = q.where(chat_messages.c.id < max(before, 0))
        with self.engine.connect() as conn:
            rows = conn.execute(q).mappings().all()
        return [_chat_from_row(r) for r in reversed(rows)]

    def chat_message(self, game_id: str, msg_id: int) -> ChatRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(chat_messages).where(
                chat_messages.c.game_id == game_id, chat_messages.c.id == msg_id)
            ).mappings().first()
        return None if row is None else _chat_from_row(row)


def _game_from_row(row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        game=row["game"],
        players=row["players"],
        seed=row["seed"],
        seed_salt=row["seed_salt"],
        seed_commitment=row["seed_commitment"],
        options=json.loads(row["options"]),
        status=row["status"],
        rules=row["rules"],
        version=row["version"],
        scores=None if row["scores"] is None else json.loads(row["scores"]),
        creator_hash=row["creator_hash"],
        created_at=row["created_at"],
        updated_at=_utc(row["updated_at"]),
        seen_at=_utc(row["seen_at"]) if "seen_at" in row else None,
    )


def _seat_from_row(row) -> SeatRecord:
    """A seat record's fields are the seats table's columns (booleans come back as bool)."""
    return SeatRecord(**{f.name: row[f.name] for f in fields(SeatRecord)})


def _chat_from_row(row) -> ChatRow:
    at = row["created_at"]
    if at.tzinfo is None:  # SQLite keeps no zone: every stored time is UTC
        at = at.replace(tzinfo=dt.UTC)
    return ChatRow(id=int(row["id"]), game_id=row["game_id"], seat=row["seat"],
                   text=row["text"], created_at=at)
