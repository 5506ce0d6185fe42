"""One hosted game in memory: its published state, seats, open pages and broadcasts.

The published ``room.state`` is never mutated: an action is applied to a clone, the clone is
stored (one transaction), and only then does it replace ``room.state`` and get broadcast. So
every state any client ever sees is durable, and a restart resumes exactly from the log.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import datetime as dt
import hashlib
import hmac
import logging
from collections.abc import Callable
from typing import Any

from settlers.core.i18n import using_player_names
from settlers.web.connection import Connection, dumps
from settlers.web.errors import ActError
from settlers.web.i18n import normalize_lang
from settlers.web.payloads import seat_name, seat_parts, seat_payload
from settlers.web.storage import GameRecord
from settlers.web.storage.store import last_touched
from settlers.web.texts import RoomTexts
from settlers.web.whole_states import Whole, WholeStates

log = logging.getLogger("settlers.web")

#: (seat, lang, events_since) parts one published state keeps (``Room.parts``)
MAX_PARTS = 64
#: a table's pages are told its new idle deadline when it moved by at least this much
#: (``Room.note_active``): a move or a chat line seconds after the last changes nothing shown
IDLE_NEWS_SECONDS = 60.0
#: the table's page shows its idle deadline once less than this remains — or less than half
#: of the bound, when the bound itself is short (``Room.idle_message``)
IDLE_NOTICE_SECONDS = 86400.0


def _never(state) -> bool:
    return False


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def first_seat_token(creator_token: str, gid: str, seat: int) -> str:
    """The token a human seat is created with, derived from the creator's (as random as
    ``secrets.token_urlsafe(18)``, and as long): the creator's page shows it again, reloaded or
    after a restart, while only hashes are stored. Whoever holds the creator's token could
    re-issue the seat's link anyway, so it learns nothing more from it."""
    mac = hmac.new(creator_token.encode("utf-8"), f"{gid}:seat:{seat}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:18]).decode("ascii")


class Room:
    def __init__(self, rec: GameRecord, state, log_json: list | None = None):
        self.id = rec.id
        # when a page opening here last noted the game touched (Hub.seen; monotonic clock)
        self.touched = float("-inf")
        # when it was last touched as the idle sweep counts it (a move, a seat's page
        # opening or chat line: Hub.sweep_idle), as far as this process knows
        self.active_at = last_touched(rec.updated_at, rec.seen_at) or dt.datetime.now(dt.UTC)
        # the seconds untouched after which it is stopped, shown to its pages (set by the
        # hub for a table with a human seat: Settings.idle_table_seconds; 0: not shown)
        self.idle_limit = 0.0
        # the stored log as JSON, as the store has it (bot workers are sent its new part)
        self.log_json: list[tuple[int, dict]] = list(log_json or [])
        self.rec = rec
        self.state = state
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bot_task: asyncio.Task | None = None
        self.tokens = {s.token_hash: s.seat for s in rec.seats if s.token_hash}
        # seat -> the version since which it has owed a decision without a break
        self.waiting_since = {s: state.version for s in state.to_act}
        self._names: dict[str, list[str]] = {}
        self._seats: dict[tuple, list[dict]] = {}  # (lang, seats online) -> seats_public
        self.texts = RoomTexts(state)  # log lines and action-only labels, once per game
        # (seat, lang, events_since) -> (view, actions, log) of the published state: built
        # once per version and shared by the broadcast, first states, syncs and refusals
        self._parts: dict[tuple, tuple] = {}
        self._parts_of = state
        # a finished game's results computed along its whole log, once (replay.finished_once)
        self.finished_results: dict = {}
        self.broadcast_interval = 0.0  # set by the hub from its settings
        # the process's whole-state texts (set by the hub; None: every one is built)
        self.whole_states: WholeStates | None = None
        self._sent_at = float("-inf")  # loop time of the last broadcast
        self._pending: int | None = None  # events_since of a broadcast waiting for its turn
        self._deferred: int | None = None  # events_since of moves left to the next broadcast
        # whether a state has the most moves a game may have (set by the hub: Hub.too_long)
        self.too_long: Callable[[object], bool] = _never

    def parts(self, seat: int | None, lang: str, events_since: int) -> tuple:
        """``seat_parts`` of the published state, built once per (seat, lang, events_since);
        the view and the labelled actions once per (seat, lang) — a first state, a sync or a
        refresh after a refusal differ from the broadcast only in the log lines they carry."""
        state = self.state
        if self._parts_of is not state:
            self._parts = {}
            self._parts_of = state
        key = (seat, lang, events_since)
        got = self._parts.get(key)
        if got is None:
            now = len(state.events)
            base = self._parts.get((seat, lang, now))
            if base is None:
                base = self._parts[(seat, lang, now)] = seat_parts(self, state, seat, lang, now)
            if events_since == now:
                return base
            view, actions, _ = base
            names = self.names(lang)
            with using_player_names(names):
                events, log = self.texts.events(state, seat, lang, events_since, tuple(names))
            got = ({**view, "events": events}, actions, log)
            # kept for the other pages of this version, but not without bound: reconnecting
            # pages choose their own ``since`` (sockets.py), one key each
            if len(self._parts) < MAX_PARTS:
                self._parts[key] = got
        return got

    def kept_parts(self) -> int:
        """How many view parts are kept (``parts``)."""
        return len(self._parts) if self._parts_of is self.state else 0

    def lighten(self) -> None:
        """Drop what is kept only to build pages faster (the view parts, the log lines and
        labels, the seats shown): a finished game nobody watches keeps its state and log
        (≈ 1 KB a move), not ≈ 600 bytes per line per language and viewer it was shown in;
        its final whole states stay in the process's text cache (whole_states.py), and
        anything else is built again when asked."""
        self._parts = {}
        self._parts_of = self.state
        self._seats = {}
        self._names = {}
        self.texts = RoomTexts(self.state)

    def refresh(self, conn: Connection) -> None:
        """Bring ``conn``'s page to the published state cheaply: every broadcast reached it,
        so it lacks no log line, and a delta against what it has is enough (a page that has
        no state yet gets the whole one)."""
        if conn.last_state is None:
            self.send_whole(conn)
            return
        if self._pending is not None or self._deferred is not None or conn.seen is self.state:
            return  # it has the state, or a broadcast is on its way with it
        payload = seat_payload(self, self.state, conn.seat, conn.lang, len(self.state.events))
        conn.send(dumps(state_delta(payload, conn.last_state)))
        conn.last_state = payload["view"]["state"]
        conn.seen = self.state

    def send_whole(self, conn: Connection, since: int = 0) -> None:
        """Queue ``conn`` the whole current state (its first, a sync, a new language). A page
        that reconnects with ``since`` log lines of its seat (numbered 0 .. since-1: texts.py)
        is sent only the lines after them; with a number the seat has not reached, all."""
        state = self.state
        events_since = (self.texts.since_index(state, conn.seat, since) if since else 0) or 0
        got = self.whole(conn.seat, conn.lang, events_since)
        conn.last_state = got.view_state
        conn.send(got.text)
        conn.seen = state

    def whole(self, seat: int | None, lang: str, events_since: int = 0) -> Whole:
        """The whole-state message of ``seat`` (None: a spectator) in ``lang`` about the
        published state — a page's first, a sync, the HTTP API's state — as text: the same
        for every page of this seat, language and state, built once (whole_states.py)."""
        state, cache = self.state, self.whole_states
        lang = normalize_lang(lang)
        seats = self.seats_public(lang)
        got = None if cache is None else cache.get(
            self.id, seat, lang, events_since, state.version, self.rec.status, seats)
        if got is None:
            payload = seat_payload(self, state, seat, lang, events_since)
            got = Whole(state.version, seat, self.rec.status, seats, dumps(payload),
                        payload["view"]["state"])
            if cache is not None:
                cache.put(self.id, lang, events_since, got)
        return got

    def names(self, lang: str) -> list[str]:
        """Every seat's shown name in ``lang`` (computed once per language: names are fixed
        when the game is created)."""
        names = self._names.get(lang)
        if names is None:
            names = self._names[lang] = [seat_name(s, lang) for s in self.rec.seats]
        return names

    @property
    def status(self) -> str:
        return self.rec.status

    @property
    def ended(self) -> bool:
        """Whether the game takes no more moves: finished, or stopped at the most moves a
        game may have (``max_game_actions``: status "stopped", unfinished and without a
        winner). Either way it is no longer live: its bots stop, it is shown and replayed
        as it is."""
        return self.state.over or self.rec.status == "stopped"

    @property
    def bots_only(self) -> bool:
        """Whether every seat is a bot's (nobody plays it: it may pause while nobody watches,
        ``Settings.pause_unwatched_bots``)."""
        return all(s.kind == "bot" for s in self.rec.seats)

    def seat_for_token(self, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for known, seat in self.tokens.items():
            if hmac.compare_digest(known, digest):
                return seat
        return None

    def is_creator(self, token: str | None) -> bool:
        known = self.rec.creator_hash
        return bool(token and known and hmac.compare_digest(known, hash_token(token)))

    def set_token(self, seat: int, digest: str | None) -> None:
        """``seat``'s token is now ``digest``: the old one stops working at once and the pages
        opened with it are closed (told why first)."""
        self._seats = {}  # the seat's record may have changed (taken, re-issued)
        self.tokens = {h: s for h, s in self.tokens.items() if s != seat}
        if digest:
            self.tokens[digest] = seat
        for conn in [c for c in self.conns if c.seat == seat]:
            self.conns.discard(conn)
            conn.seat = None  # nothing more acts with the old token
            conn.send(ActError("token_revoked").payload(conn.lang))
            conn.close_soon(4403)

    def seats_public(self, lang: str = "ru") -> list[dict]:
        """Every seat as everybody may see it; unnamed seats are named in ``lang``. Built
        once per (language, seats online): every message carries it."""
        online = frozenset(c.seat for c in self.conns if c.seat is not None)
        key = (lang, online)
        got = self._seats.get(key)
        if got is None:
            if len(self._seats) > 64:
                self._seats.clear()
            got = self._seats[key] = [
                {
                    "seat": s.seat,
                    "name": name,
                    "kind": s.kind,
                    "bot": s.bot,
                    "online": s.kind == "bot" or s.seat in online,
                }
                for s, name in zip(self.rec.seats, self.names(lang), strict=True)
            ]
        return got

    def restate(self) -> None:
        """The published state's status changed without a move (stopped as untouched, with
        pages open: Hub.sweep_idle): what was built for it (the seats' menus among it) is
        dropped, and the next broadcast sends it to every page again."""
        self._parts = {}
        self._parts_of = self.state
        if self.whole_states is not None:
            self.whole_states.forget(self.id)
        for conn in self.conns:
            conn.seen = None

    def idle_message(self, now: dt.datetime | None = None) -> dict[str, Any]:
        """The ``idle`` message: in how many seconds the table is stopped as untouched if
        nobody touches it (``stops_in``; None: it is not — ended, bots only, or no bound)
        and how close to it the page says so (``notice_within``). Relative seconds, so the
        page needs no clock of the server's; nothing in it is any seat's secret (the last
        move and the seats' presence are every page's, and so is the chat)."""
        if self.idle_limit <= 0 or self.ended or self.bots_only:
            return {"type": "idle", "stops_in": None, "notice_within": None}
        now = dt.datetime.now(dt.UTC) if now is None else now
        left = (self.active_at - now).total_seconds() + self.idle_limit
        return {"type": "idle", "stops_in": round(max(0.0, left), 1),
                "notice_within": min(IDLE_NOTICE_SECONDS, self.idle_limit / 2)}

    def note_active(self, at: dt.datetime) -> None:
        """The table was touched at ``at`` (a move, a seat's page or chat line): its idle
        deadline moves, and its pages are told when that changes what they may show."""
        if at <= self.active_at:
            return
        before, self.active_at = self.active_at, at
        if self.conns and self.idle_limit > 0 and \
                (at - before).total_seconds() >= IDLE_NEWS_SECONDS:
            text = dumps(self.idle_message(at))
            for conn in list(self.conns):
                conn.send(text)

    def publish(self, state, added: list[tuple[int, dict]]) -> None:
        """``state`` becomes the published one; ``added`` are the stored actions that led
        to it from the previous one (a move: the table is touched)."""
        self.log_json.extend(added)
        if self.whole_states is not None:
            self.whole_states.forget(self.id)   # (never served for a later state anyway)
        to_act = state.to_act
        self.waiting_since = {s: self.waiting_since.get(s, state.version) for s in to_act}
        self.state = state
        if added:
            self.note_active(dt.datetime.now(dt.UTC))

    def still_current(self, seat: int, version: int) -> bool:
        """Whether an action ``seat`` decided on at ``version`` may still be applied.

        Yes at the current version. At an older one only inside a simultaneous decision:
        ``seat`` has owed this decision since then without a break and every action since was
        another seat's (so nothing of its own is applied twice, and it decided on the same
        information: the others' choices stay hidden until the decision resolves)."""
        current = self.state.version
        if version == current:
            return True
        if not isinstance(version, int) or not 0 <= version < current:
            return False
        if self.waiting_since.get(seat, current) > version:
            return False
        return all(s != seat for s, _ in self.state.log[version:])

    def bot_seats(self) -> dict[int, str]:
        return {s.seat: s.bot for s in self.rec.seats if s.kind == "bot"}

    def derive_status(self, state) -> str:
        if state.over:
            return "finished"
        if self.rec.status == "stopped" or self.too_long(state):
            return "stopped"   # (for good: a later, higher bound does not wake it)
        if any(s.kind == "human" and not s.claimed for s in self.rec.seats):
            return "open"
        return "running"

    def broadcast(self, events_since: int = 0) -> None:
        """Send every open page its own view of the current state — at once, or, when the
        room broadcast less than ``broadcast_interval`` ago, at the end of that interval:
        the moves made meanwhile then reach each page as one message (the latest state and
        every new log line since ``events_since``). Moves seconds apart (people, bots with
        their pause) are each sent at once; a burst of instant moves costs one view per page
        per interval instead of one per move."""
        if self._deferred is not None:  # moves published before, not sent yet
            events_since = min(events_since, self._deferred)
            self._deferred = None
        if self._pending is not None:  # already waiting: it will carry this move too
            self._pending = min(self._pending, events_since)
            return
        if not self.conns:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a benchmark or a script): send now
            self.send_all(events_since)
            return
        wait = self._sent_at + self.broadcast_interval - loop.time()
        if wait <= 0:
            self._sent_at = loop.time()
            self.send_all(events_since)
            return
        self._pending = events_since
        loop.call_later(wait, self._flush)

    def defer(self, events_since: int, wait: float) -> None:
        """The moves just published are followed at once by others (bots without a pause):
        let the next ``broadcast`` carry them too (one message per page instead of two). If
        none comes within ``wait`` seconds, they are sent then."""
        if self._deferred is None:
            self._deferred = events_since
            with contextlib.suppress(RuntimeError):  # no loop (a script): the next one sends
                asyncio.get_running_loop().call_later(wait, self._send_deferred)
        else:
            self._deferred = min(self._deferred, events_since)

    def _send_deferred(self) -> None:
        if self._deferred is not None:
            self.broadcast(self._deferred)

    def _flush(self) -> None:
        since, self._pending = self._pending, None
        if since is None:
            return
        self._sent_at = asyncio.get_running_loop().time()
        self.send_all(since)

    def send_all(self, events_since: int = 0) -> None:
        """Send every open page its own view of the current state now.

        A page that already has a state gets only the top-level keys of view["state"] that
        changed (``state_delta``; the page merges them): a Catan board, for instance, is sent
        once per page, not after every action."""
        payloads: dict[tuple, dict] = {}
        texts: dict[tuple, str] = {}
        for conn in list(self.conns):
            if conn.seen is self.state:
                continue  # it was sent this very state already (its first state, a sync)
            group = (conn.seat, conn.lang)
            payload = payloads.get(group)
            if payload is None:
                try:
                    payload = payloads[group] = seat_payload(
                        self, self.state, conn.seat, conn.lang, events_since
                    )
                except Exception:  # a game bug in view/describe must not stop the others
                    log.exception("cannot build the view of game %s for seat %s",
                                  self.id, conn.seat)
                    conn.send(ActError("internal").payload(conn.lang))
                    continue
            key = (group, id(conn.last_state))
            text = texts.get(key)
            if text is None:
                text = texts[key] = dumps(state_delta(payload, conn.last_state))
            conn.send(text)
            conn.last_state = payload["view"]["state"]
            conn.seen = self.state


def state_delta(payload: dict, last: dict | None) -> dict:
    """``payload`` with view["state"] replaced by what changed since ``last``."""
    state = payload["view"]["state"]
    if not isinstance(last, dict) or not isinstance(state, dict):
        return payload
    view = {k: v for k, v in payload["view"].items() if k != "state"}
    # a part the game's view reuses (Catan's board, its pieces) is skipped by identity
    view["state_delta"] = {k: v for k, v in state.items()
                           if k not in last or (last[k] is not v and last[k] != v)}
    removed = [k for k in last if k not in state]
    if removed:
        view["state_removed"] = removed
    return {**payload, "view": view}
