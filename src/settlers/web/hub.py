"""All rooms of one server process: loading, creating, claiming seats, actions and bots."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar, TypeVarTuple

import settlers
from settlers.bots import BotError
from settlers.core import MalformedAction
from settlers.web.bots import (
    FALLBACK_LEAD,
    BotPool,
    bot_names,
    check_preset,
    decide,
    fallback_action,
    inline,
    last_resort,
    think_hold,
)
from settlers.web.chat_desk import ChatDesk
from settlers.web.config import Settings
from settlers.web.content import content_options_by_name
from settlers.web.errors import ActError, exc_message
from settlers.web.fairness import commitment, new_salt, new_seed, valid_seed
from settlers.web.fanout import Listener
from settlers.web.kept_uploads import Keeping, touch_options
from settlers.web.load_later import LoadLater
from settlers.web.ownership import Ownership
from settlers.web.room import Room, first_seat_token, hash_token
from settlers.web.room_weight import room_bytes
from settlers.web.storage import (
    Append,
    BatchWriter,
    Claim,
    GameRecord,
    KeptSetsFull,
    SeatRecord,
    StaleVersion,
    Store,
    TooManyLive,
)
from settlers.web.stored_content import (
    NotPutBack,
    StoredSet,
    digest_name,
    pack,
    put_back,
    read_set,
    sets_to_keep,
)
from settlers.web.validation import clean_name
from settlers.web.whole_states import WholeStates

R = TypeVar("R")
Ts = TypeVarTuple("Ts")

log = logging.getLogger("settlers.web")

# bot moves stored together when bots play without a pause (``Hub.bot_run``)
MAX_BOT_RUN = 16
# PostgreSQL: how often a process measures its clock against the database's again (the
# notices' stamps are read by the database's clock: web/notices.py), seconds
CLOCK_SYNC_SECONDS = 60.0
# the idle games' weights are read at most this often on reads of games in memory (Hub.evict)
EVICT_WEIGH_SECONDS = 1.0
# a live game whose load is refused (its uploaded set has no room) is tried again after
# ``owner_sweep_seconds``, then twice as long each time up to this (load_later.py)
LOAD_RETRY_MOST_SECONDS = 300.0
# games stored stopped without scores, read from the store this many at a time at start
# (Hub.score_stopped_games); after each one replayed, the backfill rests this many times
# as long as the replay took (a stopped game is the longest a game may be, 30 000 moves by
# default: from half a second to seconds of CPU), so it takes at most about half of the
# process's time
SCORE_BACKFILL_PAGE = 32
SCORE_BACKFILL_REST = 1.0
# untouched live tables one idle sweep stops at most (Hub.sweep_idle): the rest wait for the
# next one (each not in memory is replayed for its scores, resting as the backfill does)
IDLE_SWEEP_PAGE = 32
# a page opening on a live game writes its ``seen_at`` (Store.touch) at most this often per
# game and process; a page staying open is written by every idle sweep
TOUCH_EVERY_SECONDS = 60.0


def creator_key(address: str) -> str:
    """How a game's creator's address (limits.address_key) is stored: hashed, 32 hex
    digits (its live tables are counted by it: Settings.live_games_per_address)."""
    return hashlib.sha256(f"settlers-creator:{address}".encode()).hexdigest()[:32]


def storable_id(gid: str) -> bool:
    """Whether the store may be asked about game ``gid`` (a client's text): at most 32 ASCII
    characters without NUL. PostgreSQL refuses NUL in any text it is sent (a 500 for
    ``/api/games/%00``), and no database driver can send a lone surrogate (a JSON "\\ud800");
    no game has any other id (they are hexadecimal)."""
    return len(gid) <= 32 and gid.isascii() and "\x00" not in gid


class Hub:
    """All rooms of one server process."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self.rooms: OrderedDict[str, Room] = OrderedDict()  # least recently used first
        self.loading: dict[str, asyncio.Lock] = {}
        self.bots = BotPool(settings.bot_pool, settings.bot_workers)
        # reads have threads (and connections) of their own: they never queue behind writes,
        # which all go through the one group-committing writer
        self.db = ThreadPoolExecutor(max_workers=settings.db_read_threads,
                                     thread_name_prefix="settlers-db-read")
        self.writer = BatchWriter(store)
        self.closing = False
        self.background: set[asyncio.Task] = set()
        self.lag = 0.0  # smoothed lateness of the event loop, seconds
        self.lag_task: asyncio.Task | None = None
        self.listener: Listener | None = None
        # several processes on PostgreSQL: each game's bots run in one process only
        self.owner = Ownership(store.url, store.sign_notice) if store.notifies else None
        self.sweep_task: asyncio.Task | None = None
        self.idle_task: asyncio.Task | None = None   # sweep_idle, every idle_sweep_seconds
        self.idle_stopped = 0   # untouched tables stopped by this process (/healthz)
        self.backfill_task: asyncio.Task | None = None   # score_stopped_games, at start
        self.backfilled = 0   # stopped games given their scores by it (reported by /healthz)
        self.owning: set[str] = set()  # games whose lock is being asked for
        # tables of bots only our pages watch and another process drives: their version at
        # the last owner sweep (``_ask_again``)
        self.asked_at: dict[str, int] = {}
        self.reloading: set[str] = set()  # games read from the store after a forged notice
        self.bot_decisions = 0  # bot moves computed by this process (reported by /healthz)
        # bot thoughts not back in time, whose seats played their fallback (_think_held)
        self.bot_fallbacks = 0
        # the fallbacks' moves are worked out here, off the loop (_think_held)
        self.fallback_pool = ThreadPoolExecutor(max_workers=1,
                                                thread_name_prefix="settlers-fallback")
        self.fallbacks_queued = 0   # (asked of it and not yet answered)
        # per table, its thoughts given up that its worker is still at (_think_held)
        self.late_thoughts: dict[str, set[asyncio.Future]] = {}
        self.chat = ChatDesk(self)  # the table chat of every game (kept apart from the log)
        # whole-state messages, once per (game, state, seat, language) (whole_states.py)
        self.whole_states = WholeStates(settings.whole_state_cache_chars)
        # live games whose load was refused for now: tried again later, said once
        self.later = LoadLater(settings.owner_sweep_seconds, LOAD_RETRY_MOST_SECONDS)
        self.weighed_at = float("-inf")   # when the idle games were last weighed (evict)
        self.idle_bytes = 0   # what they weighed then, estimated (reported by /healthz)

    async def run_db(self, fn: Callable[[*Ts], R], *args: *Ts) -> R:
        """``fn(*args)`` on the store's threads (its blocking calls never on the loop)."""
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    # ------------------------------------------------------------ lifecycle
    async def startup(self) -> None:
        """Rebuild every unfinished game from its stored log and let its bots continue."""
        self.lag_task = asyncio.create_task(self._watch_lag())
        # kept uploaded sets whose games an operator deleted (storage/kept_sets.py)
        gone = await self.run_db(self.store.prune_content)
        if gone:
            log.info("removed %d kept uploaded sets no stored game names", gone)
        if self.store.notifies:
            await self.run_db(self.store.notice_key)  # (from the store, on first start)
            await self.run_db(self.store.sync_clock)  # notices are stamped by its clock
            self.listener = Listener(self.store.url, self.on_notices, self.wants_notice,
                                     self.store.backends, self.store.open_signed,
                                     self.store.notice_clock)
            await asyncio.to_thread(self.listener.start, asyncio.get_running_loop())
        if self.owner is not None:  # load only the games this process owns
            gids = await self.owner.sweep()
        else:
            gids = await self.run_db(self.store.live_game_ids)
        for gid in gids:
            room = await self._get_at_start(gid)
            if room is not None:
                self.kick_bots(room)
        self.sweep_task = asyncio.create_task(self._sweep_owners())
        self.backfill_task = asyncio.create_task(self.score_stopped_games())
        if self._idle_cuts(dt.datetime.now(dt.UTC)) != (None, None):
            self.idle_task = asyncio.create_task(self._sweep_idle_forever())

    async def score_stopped_games(self) -> int:
        """Give every game stored stopped without scores (stopped before a stopped game's
        scores were kept) its final scores, so that the lobby and the API show them without
        the game being opened: once, at start, in the background. Each is replayed in a
        thread and its scores saved only if it still has none (``Store.score_stopped``);
        one at a time (the memory of one game), resting after each as long as its replay
        took (``SCORE_BACKFILL_REST``); a game in memory here is passed by (its load gave
        them). Several processes (PostgreSQL): each game is replayed by one of them (its
        advisory lock), the others pass it by. A log that does not replay marks the game
        "broken", as its load would; one whose uploaded set cannot be put back now is left
        for the next start. Returns how many were given their scores."""
        after, saved = "", 0
        try:
            while not self.closing:
                page = await self.run_db(self.store.unscored_stopped, after,
                                         SCORE_BACKFILL_PAGE)
                if not page:
                    break
                after = page[-1][0]
                for gid, game_id in page:
                    if self.closing:
                        break
                    if gid in self.rooms or gid in self.loading:
                        continue
                    took = time.monotonic()
                    if await self._score_stopped(gid, game_id):
                        saved += 1
                        self.backfilled += 1
                    took = time.monotonic() - took
                    await asyncio.sleep(min(took * SCORE_BACKFILL_REST, 30.0))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("giving stopped games their scores failed (the rest get them "
                          "when they are loaded)")
        if saved:
            log.info("gave %d stopped games their final scores", saved)
        return saved

    async def _score_stopped(self, gid: str, game_id: str) -> bool:
        """One stopped game's scores (``score_stopped_games``); whether they were saved."""
        try:
            game = settlers.load(game_id)
        except Exception:   # a game this server no longer has: left as it is
            return False
        keeping = self.keeping(game_id)   # (made on the event loop: it reads the rooms)
        kept_content = self.store.kept_content

        def compute(rec: GameRecord, stored: list) -> list:
            actions = [(seat, game.action_from_json(a)) for seat, a in stored]
            scores = final_scores(_replay(game, rec, actions, keeping, kept_content),
                                  "stopped")
            assert scores is not None
            return scores

        try:
            got = await asyncio.to_thread(self.store.score_stopped, gid, compute)
        except (NotPutBack, ActError):   # its uploaded set cannot be put back now
            log.warning("stopped game %s: its uploaded set cannot be put back now; it gets "
                        "its scores when it is loaded", gid)
            return False
        except Exception:
            log.exception("stopped game %s cannot be rebuilt from its stored log", gid)
            await self.run_db(self.store.mark_broken_if_unscored, gid)
            return False
        return got == "saved"

    # ------------------------------------------------------------ untouched tables
    def _idle_cuts(self, now: dt.datetime) -> tuple[dt.datetime | None, dt.datetime | None]:
        """The times before which a live table of bots only, and one with a human seat, is
        untouched (None: never, its setting is 0)."""
        def cut(limit: float) -> dt.datetime | None:
            return now - dt.timedelta(seconds=limit) if limit > 0 else None

        return cut(self.settings.idle_bot_table_seconds), cut(self.settings.idle_table_seconds)

    async def _sweep_idle_forever(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.settings.idle_sweep_seconds)
            try:
                await self.sweep_idle()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("stopping untouched tables failed (tried again next sweep)")

    async def sweep_idle(self, now: dt.datetime | None = None) -> int:
        """Stop (as "stopped", with their scores where they stood) the live tables nobody
        touched for ``Settings.idle_bot_table_seconds`` — a table of bots only: no move
        stored, no page open — or ``idle_table_seconds`` — one with a human seat: no move,
        no seat's page opening, no seat's chat line (its pages are told the deadline:
        ``Room.idle_message``); a table
        nobody plays would otherwise stay live for ever, count toward ``max_games`` and be
        loaded at every start. The pages open here on tables of bots only are written
        first (``Store.touch``: their tables are not untouched); then at most ``IDLE_SWEEP_PAGE`` untouched tables
        are read from the store, whichever process drives them, or none. Each is stopped by
        one conditional UPDATE (``Store.stop_untouched``: still live, at the version read,
        untouched), so of several processes sweeping at once one stops it, and a move or a
        page that came first keeps it. A table in memory here (and idle) is stopped with
        the scores of its state; one not in memory is stopped, then replayed for its scores
        (``score_stopped``, resting as the backfill does; a process in whose memory it is
        hears of it: ``on_notice``). Returns how many this process stopped."""
        now = dt.datetime.now(dt.UTC) if now is None else now
        bot_cut, human_cut = self._idle_cuts(now)
        if bot_cut is None and human_cut is None:
            return 0
        # a page staying open keeps a table of bots only (watching is what it is for), not
        # one with a person's seat: that one is kept by moves, its seats' pages opening and
        # their chat lines (``seen``, ``ChatDesk.post``), and says when it stops
        watched = [gid for gid, r in self.rooms.items()
                   if r.conns and not r.ended and r.bots_only]
        if watched:
            await self.run_db(self.store.touch, watched, now)
        page = await self.run_db(self.store.untouched_games, bot_cut, human_cut,
                                 IDLE_SWEEP_PAGE)
        stopped = 0
        for gid, game_id, version in page:
            if self.closing:
                break
            room = self.rooms.get(gid)
            if room is not None and (room.ended or (room.conns and room.bots_only)):
                continue   # (a page opened since: it was not touched yet when read)
            if room is not None and room.state.version == version:
                async with room.lock:
                    if room.ended or (room.conns and room.bots_only) or \
                            room.state.version != version:
                        continue
                    scores = final_scores(room.state, "stopped")
                    if not await self.run_db(self.store.stop_untouched, gid, version,
                                             bot_cut, human_cut, scores):
                        continue
                    self._stop_room(room)
                stopped += 1
                continue
            if room is not None:   # behind the store here: read afresh when asked for
                if not self.idle(room):
                    continue
                del self.rooms[gid]
                self.bots.forget(gid)
            if not await self.run_db(self.store.stop_untouched, gid, version, bot_cut,
                                     human_cut):
                continue
            stopped += 1
            log.info("game %s: untouched too long, stopped", gid)
            took = time.monotonic()
            await self._score_stopped(gid, game_id)
            took = time.monotonic() - took
            await asyncio.sleep(min(took * SCORE_BACKFILL_REST, 30.0))
        self.idle_stopped += stopped
        return stopped

    def _stop_room(self, room: Room) -> None:
        """``room`` (its lock held) was stopped as untouched: stopped here too, its final
        scores those of its state; its pages (if one opened meanwhile) are told."""
        room.rec.status = "stopped"
        room.rec.scores = final_scores(room.state, "stopped")
        if room.bot_task is not None and not room.bot_task.done():
            room.bot_task.cancel()
        log.info("game %s: untouched too long, stopped at %s moves", room.id,
                 room.state.version)
        self.finished(room)
        room.restate()   # (a person's table may be stopped with its pages open)
        room.broadcast(events_since=len(room.state.events))

    async def _stopped_elsewhere(self, room: Room, version: int) -> None:
        """Another process stopped ``room`` as untouched at ``version``: stopped here too."""
        if room.state.version < version:
            await self.catch_up(room, version)
        async with room.lock:
            if not room.ended and room.state.version == version:
                self._stop_room(room)

    def seen(self, room: Room, seat: int | None = None) -> None:
        """A page of ``seat`` (None: a spectator's) opened on ``room``. A table of bots only
        is touched by any page (``Store.touch``; at most once a ``TOUCH_EVERY_SECONDS`` per
        game here — an open page is written by every sweep); one with a person's seat only
        by a seat's page: a spectator's page does not keep a person's table live."""
        now = dt.datetime.now(dt.UTC)
        if room.ended or self._idle_cuts(now) == (None, None):
            return
        if not room.bots_only:
            if seat is None:
                return
            room.note_active(now)
        clock = time.monotonic()
        if clock - room.touched < TOUCH_EVERY_SECONDS:
            return
        room.touched = clock
        self.spawn(self._touch(room.id))

    async def _touch(self, gid: str) -> None:
        try:
            await self.run_db(self.store.touch, [gid])
        except Exception:
            log.exception("cannot note the page open on game %s", gid)

    def ended_error(self, room: Room) -> ActError:
        """Why ``room`` (ended, not finished) takes no move: stopped at the most moves a
        game may have, or stopped as untouched (``sweep_idle``)."""
        if self.too_long(room.state) or room.state.over:
            return ActError("game_too_long", limit=self.settings.max_game_actions)
        return ActError("game_too_long", text_key="game_stopped_untouched")

    async def _sweep_owners(self) -> None:
        """Take over the games whose owning process died (its locks went with it), on
        PostgreSQL; try again the live games this process drives whose load was refused."""
        loop = asyncio.get_running_loop()
        synced = loop.time()
        while not self.closing:
            await asyncio.sleep(self.settings.owner_sweep_seconds)
            try:
                if self.owner is not None:
                    if loop.time() - synced >= CLOCK_SYNC_SECONDS:  # clocks drift apart
                        synced = loop.time()
                        await self.run_db(self.store.sync_clock)
                    for gid in await self.owner.sweep():
                        room = await self._get_at_start(gid)
                        if room is not None:
                            await self.catch_up(room)
                    self._ask_again()
                await self._load_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("owner sweep failed")

    async def _watch_lag(self) -> None:
        """How late the event loop runs (how long a person's request waits for its turn)."""
        loop = asyncio.get_running_loop()
        tick = 0.02
        while not self.closing:
            t0 = loop.time()
            await asyncio.sleep(tick)
            late = loop.time() - t0 - tick
            self.lag = 0.7 * self.lag + 0.3 * max(0.0, late)

    async def shutdown(self) -> None:
        self.closing = True
        if self.lag_task is not None:
            self.lag_task.cancel()
        if self.sweep_task is not None:
            self.sweep_task.cancel()
        if self.backfill_task is not None:
            self.backfill_task.cancel()
        if self.idle_task is not None:
            self.idle_task.cancel()
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)
        for room in self.rooms.values():
            if room.bot_task:
                room.bot_task.cancel()
        self.bots.shutdown()
        self.fallback_pool.shutdown(wait=False, cancel_futures=True)
        if self.owner is not None:
            self.owner.close()
        self.writer.close()
        self.db.shutdown(wait=True)

    # ------------------------------------------------------------ rooms
    async def get(self, gid: str) -> Room | None:
        room = self.rooms.get(gid)
        if room is not None:
            self.rooms.move_to_end(gid)
            self.evict(now=False)   # (a read may have built parts of it: weighed anew soon)
            return room
        lock = self.loading.setdefault(gid, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(gid)
                if room is None:
                    try:
                        room = await self._load(gid)   # (ActError: not now, e.g. its content)
                    except ActError as exc:
                        self._refused(gid, exc)
                        raise
                    if room is not None:
                        if self.later.loaded(gid):
                            log.info("game %s is loaded at last", gid)
                        self.rooms[gid] = room
                        self.evict()
                        if self.owns(gid):   # (a live game left memory, or was not loaded
                            self.kick_bots(room)   # at start: its bots go on)
        finally:   # (never left behind: admit_load takes a game being loaded as paid for)
            self.loading.pop(gid, None)
        return room

    async def _get_at_start(self, gid: str) -> Room | None:
        """A live game this process drives (at start, or taken over by the owner sweep), or
        None if it cannot be loaded now (its uploaded set has no room): then it is tried
        again later, less and less often (``_load_due``; load_later.py)."""
        try:
            return await self.get(gid)
        except ActError:   # (said once by get)
            self.later.retry(gid)
            return None

    def _refused(self, gid: str, exc: ActError) -> None:
        reason = exc.message("en")
        if self.later.refused(gid, reason, asyncio.get_running_loop().time()):
            log.warning("game %s cannot be loaded now (tried again later): %s", gid, reason)

    async def _load_due(self) -> None:
        """Try again the live games this process drives whose load was refused, when due."""
        for gid in self.later.due(asyncio.get_running_loop().time()):
            if not self.owns(gid) or self.closing:   # (handed over meanwhile)
                self.later.drop(gid)
                continue
            if gid in self.rooms:   # (opened by a page meanwhile)
                self.later.drop(gid)
                continue
            room = await self._get_at_start(gid)
            if room is not None:
                await self.catch_up(room)

    def idle(self, room: Room) -> bool:
        """Nobody watches the game and nothing is running on it: it may leave memory."""
        return (not room.conns and not room.lock.locked()
                and (room.bot_task is None or room.bot_task.done()))

    def evict(self, now: bool = True) -> None:
        """Keep at most ``max_idle_rooms`` idle games in memory, weighing at most
        ``max_idle_room_bytes`` together (room_weight.py: an estimate), dropping the least
        recently used (a crawler reading every finished game cannot pin them all; a few long
        games shown in many languages cannot take gigabytes). The game used last stays
        whatever it weighs (it is being served). The weights are read on every load, every
        page leaving, and otherwise (``now`` False: a read of a game in memory) at most
        once per ``EVICT_WEIGH_SECONDS`` — every game is looked at."""
        settings = self.settings
        over = len(self.rooms) > settings.max_idle_rooms
        if not over:
            clock = time.monotonic()
            if not now and clock - self.weighed_at < EVICT_WEIGH_SECONDS:
                return
            self.weighed_at = clock
        idle = [(gid, room) for gid, room in self.rooms.items() if self.idle(room)]
        last = bool(idle) and idle[-1][0] == next(reversed(self.rooms))
        if last:
            idle.pop()   # (the one just used: it stays, and counts)
        weights = [room_bytes(room) for _, room in idle]
        total = sum(weights)
        count = len(idle) + last
        for (gid, _room), weight in zip(idle, weights, strict=True):
            if count <= settings.max_idle_rooms and total <= settings.max_idle_room_bytes:
                break
            del self.rooms[gid]
            self.bots.forget(gid)
            count -= 1
            total -= weight
        self.idle_bytes = total

    async def missing(self, gid: str) -> ActError:
        """Why game ``gid`` has no room: none on this server, or stored but no longer
        replayable (``broken``: ``_load``), said as made under other rules when its label
        differs from this server's (an upgrade changed the rules under a game in progress)."""
        rec = await self.run_db(self.store.load_game, gid) if storable_id(gid) else None
        if rec is None or rec.status != "broken":
            return ActError("no_such_game")
        try:
            current = settlers.load(rec.game).rules_version
        except Exception:  # a game this server no longer has
            return ActError("game_broken")
        if rec.rules == current:
            return ActError("game_broken")
        if rec.rules is None:
            return ActError("game_broken", text_key="game_unlabelled_rules", current=current)
        return ActError("game_broken", text_key="game_other_rules", saved=rec.rules,
                        current=current)

    async def _load(self, gid: str) -> Room | None:
        if not storable_id(gid):
            return None
        rec = await self.run_db(self.store.load_game, gid)
        if rec is None:
            return None
        stored = await self.run_db(self.store.load_log, gid)
        try:
            game = settlers.load(rec.game)
            actions = [(seat, game.action_from_json(a)) for seat, a in stored]
            state = await asyncio.to_thread(_replay, game, rec, actions,
                                            self.keeping(rec.game), self.store.kept_content)
        except NotPutBack:   # the content folder's fault, not the game's: not marked broken
            log.error("game %s: an uploaded set it needs cannot be put back", gid)
            return None
        except ActError:   # its uploaded set finds no room now (every kept set is needed)
            raise
        except Exception:
            log.exception("game %s cannot be rebuilt from its stored log", gid)
            if rec.status != "broken":
                await self.run_db(self.store.set_status, gid, "broken")
            return None
        room = Room(rec, state, stored)
        room.broadcast_interval = self.settings.broadcast_interval
        room.whole_states = self.whole_states
        room.too_long = self.too_long
        room.idle_limit = 0.0 if room.bots_only else float(self.settings.idle_table_seconds)
        if (rec.status in ("open", "running") and room.derive_status(state) == "stopped") \
                or (rec.status == "stopped" and rec.scores is None):
            # stored live at the bound (before games were stopped there), or stopped before
            # a stopped game's scores were kept: stopped now, with its scores
            rec.status, rec.scores = "stopped", final_scores(state, "stopped")
            await self.run_db(self.store.set_status, gid, "stopped", rec.scores)
        return room

    def keeping(self, game_id: str) -> Keeping:
        """What room a kept upload of a ``game_id`` game may take (kept_uploads): never a set
        a game in memory here or a live game anywhere uses; a set stored games name is kept
        in the database before it goes. (Made on the event loop: it reads the rooms.)"""
        in_use = frozenset(v for r in self.rooms.values() if r.rec.game == game_id
                           for v in r.rec.options.values() if isinstance(v, str))
        return Keeping(self.settings.max_uploads, self.settings.upload_keep_seconds,
                       in_use=in_use, uses=self.store.upload_uses, save=self._save_set)

    def _save_set(self, game: str, option: str, name: str) -> None:
        """Keep uploaded set ``name`` in the database before it leaves the disk (a game
        stored before sets were kept with games names it); raises if it cannot be."""
        if self.store.has_content(game, option, name):
            return
        files = read_set(game, option, name)
        if files is None or digest_name(files) != name:
            raise OSError(f"uploaded set {game}/{option}/{name} cannot be read to be kept")
        self.kept_with_room(self.store.keep_content,
                            StoredSet(game, option, name, pack(files),
                                      sum(len(v) for v in files.values())),
                            self.settings.max_kept_content_bytes)

    def kept_with_room(self, write, *args) -> None:
        """``write(*args)`` (a store write that keeps uploaded sets: storage/kept_sets.py); if
        the kept sets are at their bound, those no stored game names are removed and it is
        tried once more; ActError ``content_store_full`` if there is still no room. (In a
        worker thread.)"""
        for attempt in range(2):
            try:
                write(*args)
                return
            except KeptSetsFull as exc:
                if attempt or not self.store.prune_content():
                    raise ActError("content_store_full", limit=exc.limit) from None

    def content_room(self, size: int) -> None:
        """Refuse (ActError ``content_store_full``) a new upload of ``size`` bytes while the
        kept sets could not take it (after removing those no stored game names): a game made
        with it would be refused. (In a worker thread.)"""
        limit = self.settings.max_kept_content_bytes
        if self.store.kept_content_bytes() + size <= limit:
            return
        self.store.prune_content()
        if self.store.kept_content_bytes() + size > limit:
            raise ActError("content_store_full", limit=limit)

    def left(self, room: Room) -> None:
        """A page of ``room`` closed. A finished game nobody watches any more stays in memory
        among the idle ones (``evict``), lightened (``Room.lighten``): pages reconnecting one
        after another are served from memory — each used to load it from the store again
        (tens to hundreds of milliseconds, and one of the address's loads)."""
        if room.ended and not room.conns and self.rooms.get(room.id) is room:
            room.lighten()
            self.bots.forget(room.id)
        self.evict()

    async def create(
        self,
        game_id: str,
        players: int,
        options: dict,
        seat_specs: list[dict],
        seed: int | None = None,
        lang: str = "ru",
        address: str | None = None,
    ) -> tuple[GameRecord, dict[int, str]]:
        """Validate and store a new game. Returns the record and each human seat's token
        (``rec.creator_token``: the creator's own, which re-issues seat links).

        A human seat with ``"open": true`` is left to anyone: it has no token until a visitor
        takes it from the lobby (``take_seat``).

        The seed is drawn by the server (fairness.py); a chosen ``seed`` is accepted only for
        a table without a human seat (nobody could learn anything hidden from it), unless the
        operator allowed chosen seeds (a local server among friends, tests).

        ``address`` (the creator's, limits.address_key) may have at most
        ``live_games_per_address`` live tables (ActError ``too_many_live_games_here``),
        counted in the store for every process (Store.create_game)."""
        try:
            game = settlers.load(game_id)
        except Exception as exc:  # UnknownGame lists the known ids
            raise ActError("unknown_game", exc_message(exc, lang)) from exc
        if type(players) is not int or not game.min_players <= players <= game.max_players:
            raise ActError(
                "bad_players", lo=game.min_players, hi=game.max_players, game=game.id,
                name=game.label(),
            )
        if len(seat_specs) != players:
            raise ActError("bad_seats", players=players)
        known_bots = set(bot_names(game.id))
        gid, creator_token = secrets.token_hex(6), secrets.token_urlsafe(18)
        seats, tokens = [], {}
        for i, spec in enumerate(seat_specs):
            kind = spec.get("kind", "human")
            name = clean_name(spec.get("name"), f"seats[{i}].name", self.settings.max_name_length)
            if kind == "bot":
                bot = spec.get("bot") or "random"
                if not isinstance(bot, str) or bot not in known_bots:
                    raise ActError("unknown_bot", bot=str(bot)[:40],
                                   known=", ".join(sorted(known_bots)))
                try:
                    check_preset(bot, game.id, players)
                except BotError as exc:  # e.g. no policy of the rl bot fits the table
                    raise ActError("unknown_bot", exc_message(exc, lang)) from exc
                seats.append(SeatRecord(i, "bot", name, bot=bot))
            elif kind == "human" and spec.get("open") is True:
                seats.append(SeatRecord(i, "human", name, open=True))
            elif kind == "human":
                token = first_seat_token(creator_token, gid, i)  # the creator's page shows it
                tokens[i] = token
                seats.append(SeatRecord(i, "human", name, token_hash=hash_token(token)))
            else:
                raise ActError("bad_seat_kind", kind=str(kind)[:20])
        if seed is None:
            seed = new_seed()
        elif not valid_seed(seed):
            raise ActError("bad_seed", field="seed")
        elif (any(s.kind == "human" for s in seats)   # an open seat too: taken later
              and not self.settings.allow_chosen_seed):
            raise ActError("seed_not_allowed", field="seed")
        live = await self.run_db(self.store.count_games, ("open", "running"))
        if live >= self.settings.max_games:
            raise ActError("too_many_games", limit=self.settings.max_games)
        try:  # in a thread: an option may name a content set, which is read from disk
            state, content = await asyncio.to_thread(_new_state, game, players, seed,
                                                      options)
        except ActError:
            raise
        except Exception as exc:  # InvalidOption names the allowed values
            raise ActError("bad_options", exc_message(exc, lang)) from exc
        salt = new_salt()
        rec = GameRecord(
            id=gid,
            game=game.id,
            players=players,
            seed=seed,
            seed_salt=salt,
            seed_commitment=commitment(seed, salt),
            options=dict(state.options),
            rules=game.rules_version,
            seats=seats,
            creator_hash=hash_token(creator_token),
        )
        rec.creator_token = creator_token  # handed out once, never stored
        rec.status = "open" if any(s.kind == "human" for s in seats) else "running"
        try:
            await self.run_db(self.kept_with_room, self.store.create_game, rec, content,
                              self.settings.max_kept_content_bytes,
                              None if address is None else creator_key(address),
                              self.settings.live_games_per_address)
        except TooManyLive as exc:
            raise ActError("too_many_live_games_here", limit=exc.limit) from None
        room = Room(rec, state)
        room.broadcast_interval = self.settings.broadcast_interval
        room.whole_states = self.whole_states
        room.too_long = self.too_long
        room.idle_limit = 0.0 if room.bots_only else float(self.settings.idle_table_seconds)
        self.rooms[rec.id] = room
        self.kick_bots(room)
        self.evict()
        return rec, tokens

    async def claim(self, room: Room, seat: int) -> None:
        """First use of a seat's link: the seat is taken; the game may leave "open".

        One write, queued with the actions (one short transaction shared with them). Callers
        need not wait for it: nothing a page is sent depends on the claim being on disk."""
        s = room.rec.seats[seat]
        if s.claimed:
            return
        s.claimed = True
        room.rec.status = room.derive_status(room.state)
        try:
            await self.writer.append(Claim(room.id, seat, room.rec.status))
        except Exception:
            log.exception("cannot store the claim of seat %s in game %s", seat, room.id)

    async def take_seat(self, room: Room, seat: int) -> str:
        """A visitor takes an open seat: its token, handed out once. The store decides
        (one conditional UPDATE): of two visitors racing for it exactly one gets it."""
        if not 0 <= seat < len(room.rec.seats):
            raise ActError("no_such_seat", seat=seat + 1, last=len(room.rec.seats))
        if not room.rec.seats[seat].open:
            raise ActError("seat_taken", seat=seat + 1)
        if room.state.over:
            raise ActError("game_over")
        if room.ended:
            raise self.ended_error(room)
        token = secrets.token_urlsafe(18)
        digest = hash_token(token)
        if not await self.run_db(self.store.take_seat, room.id, seat, digest):
            raise ActError("seat_taken", seat=seat + 1)
        s = room.rec.seats[seat]
        s.open, s.claimed, s.token_hash = False, True, digest
        room.set_token(seat, digest)
        room.rec.status = room.derive_status(room.state)
        return token

    async def reissue(self, room: Room, creator_token: str | None, seat: int) -> str:
        """The creator's new link for a human seat; the old token stops working at once (its
        open pages are closed)."""
        if not room.is_creator(creator_token):
            raise ActError("not_creator")
        if not 0 <= seat < len(room.rec.seats):
            raise ActError("no_such_seat", seat=seat + 1, last=len(room.rec.seats))
        if room.rec.seats[seat].kind != "human":
            raise ActError("not_human_seat", seat=seat + 1)
        token = secrets.token_urlsafe(18)
        digest = hash_token(token)
        if not await self.run_db(self.store.set_seat_token, room.id, seat, digest):
            raise ActError("not_human_seat", seat=seat + 1)
        s = room.rec.seats[seat]
        s.open, s.token_hash = False, digest
        room.set_token(seat, digest)
        room.rec.status = room.derive_status(room.state)
        return token

    async def reload_seat(self, room: Room, seat: int) -> None:
        """Another process took or re-issued ``seat``: read its token from the store."""
        rec = await self.run_db(self.store.load_game, room.id)
        if rec is None or not 0 <= seat < len(rec.seats):
            return
        room.rec.seats[seat] = rec.seats[seat]
        room.set_token(seat, rec.seats[seat].token_hash)
        room.rec.status = room.derive_status(room.state)

    def claim_soon(self, room: Room, seat: int) -> None:
        """Claim without waiting (a WebSocket sends its first state at once)."""
        if not room.rec.seats[seat].claimed:
            task = asyncio.create_task(self.claim(room, seat))
            self.background.add(task)
            task.add_done_callback(self.background.discard)

    # ------------------------------------------------------------ actions
    async def submit(
        self, room: Room, seat: int, version: int | None, action_json, lang: str
    ) -> None:
        """Validate, store, publish and broadcast one action of ``seat``.

        ``version`` is the state version the sender decided on; a different current version
        means the sender saw an old state and the action is refused (bots pass None)."""
        async with room.lock:
            state = room.state
            if state.over:
                raise ActError("game_over")
            if room.ended or self.too_long(state):   # (stopped there: Room.derive_status)
                raise self.ended_error(room)
            if version is not None and not room.still_current(seat, version):
                raise ActError("stale_version", version=version, current=state.version)
            if seat not in state.to_act:
                raise ActError("not_your_turn")
            if not isinstance(action_json, dict):
                # the core's own refusal, in the sender's language (never JSON text in a
                # string: the web decodes a message once)
                try:
                    shown = json.dumps(action_json, ensure_ascii=False)
                except (ValueError, RecursionError):  # nested as deep as the parser went
                    shown = f"<{type(action_json).__name__}>"
                raise ActError("malformed_action", exc_message(MalformedAction(
                    "core.action_not_object",
                    value=shown if len(shown) <= 80 else shown[:79] + "…"), lang))
            try:
                action = state.game.action_from_json(action_json)
            except Exception as exc:  # MalformedAction
                raise ActError("malformed_action", exc_message(exc, lang)) from exc
            nxt = state.clone()
            try:
                nxt.apply(seat, action)
            except Exception as exc:  # IllegalAction: state untouched (and it is a clone)
                raise ActError("illegal_action", exc_message(exc, lang)) from exc
            status = room.derive_status(nxt)
            scores = final_scores(nxt, status)
            stored = action.to_json()
            try:
                await self.writer.append(
                    Append(room.id, state.version, seat, stored, status, scores)
                )
            except StaleVersion as exc:
                # another process stored a move of this game first: catch up from the store
                await self._catch_up_locked(room)
                raise ActError("stale_version", version=version or 0,
                               current=room.state.version) from exc
            room.publish(nxt, [(seat, stored)])
            room.rec.status = status
            room.rec.scores = scores
            room.rec.version = nxt.version
            if self.bot_run_follows(room):
                # the bots answer at once: their run's broadcast carries this move too
                room.defer(len(state.events), max(self.settings.broadcast_interval, 0.02))
            else:
                room.broadcast(events_since=len(state.events))
        if room.ended:
            self.finished(room)
        self.kick_bots(room)

    def too_long(self, state) -> bool:
        """Whether ``state`` has the most moves a game may have (``max_game_actions``)."""
        cap = self.settings.max_game_actions
        return 0 < cap <= state.version

    def bot_run_follows(self, room: Room) -> bool:
        """Whether this process's bots play a run on ``room`` at once (``bot_run``)."""
        state = room.state
        if self.settings.bot_delay > 0 or room.ended or self.closing or \
                not self.owns(room.id):
            return False
        bots = room.bot_seats()
        due = [s for s in state.to_act if s in bots]
        return bool(due) and all(inline(bots[s], state.game.id) for s in due)

    async def bot_run(self, room: Room, bots: dict[int, str]) -> int:
        """Play the moves of bots that decide on the event loop (``bots.INLINE_BOTS``) one
        after another while such bots are due, up to ``MAX_BOT_RUN`` of them, on ONE clone:
        stored in one transaction, published and broadcast once (the run's log lines
        together). For bots without a pause, whose moves follow each other within a
        broadcast interval anyway. A person acts only where no bot is due — the run stops
        there — or inside a simultaneous decision (trade answers, discards), where the
        choices stay hidden until it resolves and the person's choice stands whenever it
        comes (``Room.still_current``). Returns the moves stored."""
        async with room.lock:
            state = room.state
            nxt = state.clone()
            items: list[Append] = []
            added: list[tuple[int, dict]] = []
            while len(items) < MAX_BOT_RUN and not nxt.over and not self.too_long(nxt):
                due = [s for s in nxt.to_act if s in bots]
                if not due or not all(inline(bots[s], nxt.game.id) for s in due):
                    break
                seat = due[0]
                action = decide(nxt, seat, bots[seat])
                version = nxt.version
                nxt.apply(seat, action)
                stored = action.to_json()
                status = room.derive_status(nxt)
                items.append(Append(room.id, version, seat, stored, status,
                                    final_scores(nxt, status)))
                added.append((seat, stored))
            if not items:
                return 0
            try:
                await self.writer.append_run(items)
            except StaleVersion:
                await self._catch_up_locked(room)
                return 0
            room.publish(nxt, added)
            room.rec.status = items[-1].status
            room.rec.scores = items[-1].scores
            room.rec.version = nxt.version
            room.broadcast(events_since=len(state.events))
        if room.ended:
            self.finished(room)
        return len(items)

    def finished(self, room: Room) -> None:
        """``room`` ended (finished, or stopped at the most moves a game may have: its
        status, stored with its last move, takes it out of the live games): its bots' worker
        state goes, and its lock on PostgreSQL."""
        if not room.state.over and self.too_long(room.state):
            log.info("game %s has %s moves, the most a game may have: stopped",
                     room.id, room.state.version)
        self.bots.forget(room.id)
        if self.owner is not None and room.id in self.owner.owned:
            self.spawn(self.owner.release(room.id))

    def spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    # ------------------------------------------------------------ other processes
    def wants_notice(self, gid: str) -> bool:
        """Whether a notice about game ``gid`` concerns this process (it has the game in
        memory, or owns it). Asked on the listening thread, before anything reaches the
        event loop: the notices of games living in other processes only go by."""
        return gid in self.rooms or (self.owner is not None and gid in self.owner.owned)

    def on_notices(self, payloads: list[str]) -> None:
        for payload in payloads:
            try:
                self.on_notice(payload)
            except Exception:
                log.exception("cannot handle the notice %.80r", payload)

    def on_notice(self, payload: str) -> None:
        """A move or claim committed by any process (PostgreSQL NOTIFY), on the event loop."""
        gid, _, rest = payload.partition(":")
        if rest == "want":  # another process has pages on the game
            if self.owns_here(gid) and not self._pages(gid):
                self.spawn(self._hand_over(gid))
            return
        room = self.rooms.get(gid)
        if room is None:
            return  # not in memory here: it loads fresh when someone asks
        if rest == "free":  # its owner gave it up: take it if our pages are on it
            if room.conns:
                if room.id in self.owning:  # our own request is still on its way back
                    self.spawn(self._follow_later(room))
                else:
                    self.follow_pages(room)
            return
        if rest == "forged":  # a notice this server did not sign: the store says
            if room.id not in self.reloading:   # (one read at a time, however many come)
                self.reloading.add(room.id)
                self.spawn(self._reload(room))
            return
        if rest.startswith("stopped:"):   # stopped as untouched by another process
            if not room.ended:
                self.spawn(self._stopped_elsewhere(room, int(rest[8:])))
            return
        if rest.startswith("chat:"):
            self.chat.on_notice(room, int(rest[5:]))
            return
        if rest.startswith("seat:"):
            self.spawn(self.reload_seat(room, int(rest[5:])))
            return
        if rest.startswith("claim:"):
            seat = int(rest[6:])
            if 0 <= seat < len(room.rec.seats):
                room.rec.seats[seat].claimed = True
                room.rec.status = room.derive_status(room.state)
            return
        head, _, move = rest.partition(":")  # "<version>" or "<version>:<seat>:<json>"
        version = int(head)
        if version > room.state.version:
            if self.idle(room) and not self.owns(room.id):
                # nobody watches it here and another process drives it: drop it rather than
                # follow every move (it reloads fresh when someone asks)
                del self.rooms[gid]
                self.bots.forget(gid)
                return
            self.spawn(self.catch_up(room, version, move or None))

    async def up_to_date(self, room: Room) -> None:
        """Several processes (PostgreSQL): bring ``room`` up to the store before a new page
        is sent its whole state. A move another process stored reaches this one by notice,
        a few milliseconds later; a page opened meanwhile would be shown the state before it
        (and be brought up to date by the notice after) — the store is asked instead, one
        small read per page."""
        if not self.store.notifies or room.ended:
            return
        progress = await self.run_db(self.store.stored_progress, room.id)
        if progress is None:
            return
        stored, touched = progress
        if stored > room.state.version:
            await self.catch_up(room, stored)
            if touched is not None:   # (caught up now: the store says when they were made)
                room.active_at = touched
        elif touched is not None:   # a seat's page opened in another process, say
            room.note_active(touched)

    async def _reload(self, room: Room) -> None:
        try:
            await self.catch_up(room)
        finally:
            self.reloading.discard(room.id)

    async def catch_up(self, room: Room, version: int | None = None,
                       move: str | None = None) -> None:
        """Bring ``room`` up to the store. A notice that carries the moves leading to
        ``version`` (``"<seat>:<json>"``, or a run's ``"run:[[seat, action], ...]"``) is
        applied as it is when the room is just before them; otherwise the missing moves are
        read from the store."""
        try:
            moves = _notice_moves(move)
        except (ValueError, TypeError):  # not as a process writes it: the store says
            log.warning("game %s: a notice whose moves cannot be read", room.id)
            moves = None
        async with room.lock:
            current = room.state.version
            if version is not None and current >= version:
                pass  # already there (our own move, or read with an earlier notice)
            elif moves and version is not None and current == version - len(moves):
                # anyone connected to the database may NOTIFY: a notice's moves are checked
                # as a seat's own are, and the store (which only legal moves reach) decides
                # when they are not legal here
                try:
                    self._apply_stored_locked(room, moves, check=True)
                except Exception:
                    log.warning("game %s: the moves of a notice are not legal here; "
                                "reading the store", room.id)
                    await self._catch_up_locked(room)
            else:
                await self._catch_up_locked(room)
        self.kick_bots(room)

    async def _catch_up_locked(self, room: Room) -> None:
        """Apply the moves other processes stored since our version; broadcast them."""
        stored = await self.run_db(self.store.load_log, room.id, room.state.version)
        if stored:
            self._apply_stored_locked(room, stored)

    def _apply_stored_locked(self, room: Room, stored: list[tuple[int, dict]],
                             check: bool = False) -> None:
        """Apply moves stored by another process (in order, from the room's version on);
        publish and broadcast them. With ``check`` (moves a notice carried) each is checked
        first; a refusal publishes nothing (they are applied to a clone)."""
        state = room.state
        nxt = state.clone()
        for seat, action in stored:
            nxt.apply(seat, nxt.game.action_from_json(action), check=check)
        room.publish(nxt, stored)
        room.rec.status = room.derive_status(nxt)
        room.rec.scores = final_scores(nxt, room.rec.status)
        room.rec.version = nxt.version
        room.broadcast(events_since=len(state.events))

    # ------------------------------------------------------------ where a game lives
    def owns_here(self, gid: str) -> bool:
        """Whether this process holds the game's lock (False with one process: no lock)."""
        return self.owner is not None and gid in self.owner.owned

    def _pages(self, gid: str) -> bool:
        room = self.rooms.get(gid)
        return room is not None and bool(room.conns)

    def follow_pages(self, room: Room) -> None:
        """A page of ``room`` is open here: drive its bots here (ask for its lock, and ask
        its owner for it if another process holds it), so that its moves are played, stored
        and broadcast in the process its pages are in. A table of bots only that was paused
        (nobody watched: ``paused``) plays on."""
        if self.owns(room.id):
            self.kick_bots(room)
            return
        if self.owner is None or room.id in self.owning or \
                room.ended or self.closing or not room.bot_seats():
            return
        self.owning.add(room.id)
        self.spawn(self._own_then_kick(room))

    def _ask_again(self) -> None:
        """Tables of bots only that pages here watch and another process drives: ask for
        them again (each sweep). Their owner hands them over only when no page of its own
        watches them; one whose last page closed after our first asking would otherwise keep
        them paused under our pages (``paused``)."""
        if not self.settings.pause_unwatched_bots:
            return
        seen, self.asked_at = self.asked_at, {}
        for room in list(self.rooms.values()):
            if room.conns and room.bots_only and not self.owns(room.id) and not room.ended:
                version = room.state.version
                self.asked_at[room.id] = version
                if seen.get(room.id) == version:   # (standing still since the last sweep:
                    self.follow_pages(room)        # a game moving has a watching owner)

    async def _follow_later(self, room: Room) -> None:
        await asyncio.sleep(0.05)
        self.follow_pages(room)

    async def _hand_over(self, gid: str) -> None:
        assert self.owner is not None
        await self.owner.hand_over(gid)
        room = self.rooms.get(gid)
        if room is not None and self.idle(room):  # the new owner's moves need not follow
            del self.rooms[gid]
            self.bots.forget(gid)

    # ------------------------------------------------------------ bots
    def paused(self, room: Room) -> bool:
        """Whether ``room``'s bots wait: a table of bots only (no human seat) that no page —
        a seat's or a spectator's — is open on in this process, with
        ``Settings.pause_unwatched_bots``. A visitor could otherwise start many such tables
        and leave them burning CPU (a table of random bots may play up to
        ``max_game_actions`` moves, for hours at the served pause). Several processes: the
        one driving its bots decides; a process whose pages watch it asks for it
        (``follow_pages``; again on each sweep while it waits) and an owner without pages
        hands it over (``on_notice``). A table with a human seat plays on as before."""
        return (self.settings.pause_unwatched_bots and room.bots_only and not room.conns
                and not room.ended)

    def kick_bots(self, room: Room) -> None:
        if self.closing or (room.bot_task and not room.bot_task.done()):
            return
        if room.ended or not (set(room.state.to_act) & set(room.bot_seats())):
            return
        if self.paused(room):   # (nobody watches it here: a page opening starts it again)
            return
        if not self.owns(room.id):
            if room.id not in self.owning:
                self.owning.add(room.id)
                self.spawn(self._own_then_kick(room))
            return
        room.bot_task = asyncio.create_task(self._drive_bots(room))

    def owns(self, gid: str) -> bool:
        """Whether this process drives the game's bots (always, with one process)."""
        return self.owner is None or gid in self.owner.owned

    async def _own_then_kick(self, room: Room) -> None:
        assert self.owner is not None
        try:
            if await self.owner.own(room.id):
                self.kick_bots(room)
            elif room.conns and not self.closing:
                await self.owner.ask(room.id)  # our pages are here: the owner may hand over
        finally:
            self.owning.discard(room.id)

    def _bot_hold(self, state, due: list[int], bots: dict) -> float:
        """How long after ``state`` the due bots' moves are sent (``bots.think_hold``: the
        same for every move of those seats, whatever they thought; 0 with no pause)."""
        delay = self.settings.bot_delay
        if delay <= 0:
            return 0.0
        return max(think_hold(bots[s], state.game.id, delay) for s in due)

    async def _think_held(self, room: Room, state, due: list[int], bots: dict,
                          started: float, hold: float) -> list:
        """With ``Settings.bot_fallback``: the due seats' moves on ``state``, returned at
        ``started + hold`` exactly: a thought not back ``FALLBACK_LEAD`` before then is
        given up and its seat plays ``fallback_action`` — so neither a long thought (a hand with many choices, a worker
        busy with other tables) nor a short one (a forced move) shows in when the move
        comes. A thought given up is left to finish in its worker (a worker's requests are
        answered in order; a thread cannot be stopped) and nothing more of the table is
        asked of the pool until it has: the table's seats play their fallbacks meanwhile,
        so an overloaded pool is never sent more than one thought per table. Counted in
        ``bot_fallbacks``."""
        loop = asyncio.get_running_loop()
        late = self.late_thoughts.get(room.id)
        if late:
            late.difference_update([t for t in late if t.done()])
        thoughts: list[asyncio.Future | None] = [None] * len(due)
        if not late:
            thoughts = [asyncio.ensure_future(self.bots.choose(
                room.id, state, s, bots[s], room.log_json)) for s in due]
            lead = min(FALLBACK_LEAD, hold / 2)
            try:
                await asyncio.wait(thoughts,
                                   timeout=max(0.0, started + hold - lead - loop.time()))
            except asyncio.CancelledError:   # (the server stops, the room goes)
                for thought in thoughts:
                    thought.cancel()
                raise
        choices: list = []
        for s, thought in zip(due, thoughts):
            if thought is not None and thought.done():
                choices.append(thought)
                continue
            if thought is not None:   # given up: it finishes for nobody
                self.late_thoughts.setdefault(room.id, set()).add(thought)
                thought.add_done_callback(self._late_done(room.id))
            self.bot_fallbacks += 1
            log.info("a bot of game %s did not decide in time: its fallback plays", room.id)
            # on a thread of its own (a heuristic takes ms, but ≈ 0.1 s on an Archipelago
            # opening): if even that is not back at the moment, a random legal move
            if self.fallbacks_queued >= MAX_FALLBACKS_QUEUED:   # (the thread is behind)
                choices.append(None)
                continue
            self.fallbacks_queued += 1
            fallback = loop.run_in_executor(self.fallback_pool, fallback_action,
                                            state.clone(), s)
            fallback.add_done_callback(self._fallback_done)
            choices.append(fallback)
        for c in choices:   # (every failure read, the first raised: counted by the caller)
            failure = c.exception() if isinstance(c, asyncio.Future) and c.done() else None
            if failure is not None:
                raise failure
        await asyncio.sleep(max(0.0, started + hold - loop.time()))
        out = []
        for s, c in zip(due, choices):
            if c is not None and (not c.done() or c.cancelled() or c.exception() is not None):
                c.add_done_callback(_read_failure)
                c = None
            if c is None:
                out.append(last_resort(state, s).to_json())
            else:
                answer = c.result()
                out.append(answer if isinstance(answer, dict) else answer.to_json())
        return out

    def _fallback_done(self, _future: asyncio.Future) -> None:
        self.fallbacks_queued -= 1

    def _late_done(self, gid: str):
        """A given-up thought's callback: its answer is dropped (a failure read, not
        logged as never retrieved) and its table may ask the pool again."""
        def done(thought: asyncio.Future) -> None:
            if not thought.cancelled():
                thought.exception()
            late = self.late_thoughts.get(gid)
            if late is not None:
                late.discard(thought)
                if not late:
                    self.late_thoughts.pop(gid, None)
        return done

    async def _drive_bots(self, room: Room) -> None:
        bots = room.bot_seats()
        failures = 0
        while not self.closing and self.owns(room.id):  # handed over: stop here
            state = room.state
            due = [s for s in state.to_act if s in bots] if not room.ended else []
            if not due or self.paused(room):   # (its last page closed: the bots wait)
                return
            if self.too_long(state):
                log.info("game %s has %s moves, the most a game may have: its bots stop",
                            room.id, state.version)
                return
            started = asyncio.get_running_loop().time()
            try:
                if self.settings.bot_delay <= 0 and \
                        all(inline(bots[s], state.game.id) for s in due):
                    played = await self.bot_run(room, bots)
                    self.bot_decisions += played
                    if played or room.state is not state:
                        failures = 0  # stored, or another process stored first: look again
                    else:
                        failures += 1
                        if failures >= 3:
                            return
                    continue
                # the move is sent a fixed time after the state, however long the bot
                # thought: the time a decision takes tells of what its seat holds (a forced
                # move is instant, a search's time follows its hand's choices), and every
                # page and spectator sees when a move comes
                hold = self._bot_hold(state, due, bots)
                if hold > 0 and self.settings.bot_fallback:   # a late thought given up
                    choices = await self._think_held(room, state, due, bots, started, hold)
                else:
                    if len(due) == 1:  # the common case: no task per decision
                        choices = [await self.bots.choose(room.id, state, due[0],
                                                          bots[due[0]], room.log_json)]
                    else:
                        choices = await asyncio.gather(*(
                            self.bots.choose(room.id, state, s, bots[s], room.log_json)
                            for s in due))
                    if hold > 0:   # a late thought waited for: the next whole multiple
                        loop = asyncio.get_running_loop()
                        steps = max(1, math.ceil((loop.time() - started) / hold - 1e-9))
                        await asyncio.sleep(max(0.0, started + steps * hold - loop.time()))
                if room.state is not state or self.paused(room):
                    continue  # someone moved meanwhile, or the last page closed: look again
                self.bot_decisions += len(choices)
                for s, action in zip(due, choices):
                    if s in room.state.to_act:
                        await self.submit(room, s, None, action, "en")
                failures = 0
            except asyncio.CancelledError:
                raise
            except ActError:
                if room.state is not state:
                    continue  # the state moved on under the bot (a human acted): think again
                failures += 1  # an illegal choice on an unchanged state: do not spin
                log.warning("bot action refused in game %s", room.id)
                if failures >= 3:
                    return
            except Exception:
                failures += 1
                log.exception("bot move failed in game %s", room.id)
                if failures >= 3:
                    return
                await asyncio.sleep(0.05)


# fallbacks waiting for the fallback thread at most: past it a seat's fallback is at once the
# last resort (a random legal move), so a thread behind is not given more and more
MAX_FALLBACKS_QUEUED = 16


def _read_failure(future: asyncio.Future) -> None:
    """A future whose answer nobody takes: its failure read (not logged as never read)."""
    if not future.cancelled():
        future.exception()


def final_scores(state, status: str) -> list | None:
    """The scores stored with a move: a game's final ones once it ended — finished, or
    stopped at the most moves a game may have (its scores where it stopped, no winner) —
    else None."""
    return list(state.scores()) if state.over or status == "stopped" else None


def _notice_moves(move: str | None) -> list[tuple[int, dict]] | None:
    """The moves a notice carries (``Store`` writes them: one, or a run), or None."""
    if not move:
        return None
    if move.startswith("run:"):
        return [(int(seat), action) for seat, action in json.loads(move[4:])]
    seat, _, action = move.partition(":")
    return [(int(seat), json.loads(action))]


def _replay(game, rec: GameRecord, actions: list, keeping: Keeping, kept_content):
    """A stored game rebuilt (in a worker thread); the uploads it was made with are put back
    from the database if they left the disk (stored_content), and marked used (kept_uploads:
    kept a while, whatever else is uploaded)."""
    put_back(game.id, rec.options, keeping, kept_content)
    touch_options(game.id, rec.options)
    return game.replay(rec.players, rec.seed, rec.options, actions)


def _new_state(game, players: int, seed: int, options: dict) -> tuple[object, list[StoredSet]]:
    """A new game whose content options name known sets, and the uploaded sets among them
    (to be stored with the game: stored_content). Runs in a worker thread."""
    state = game.new_state(players=players, seed=seed,
                           options=content_options_by_name(game.id, options))
    return state, sets_to_keep(game.id, state.options)
