"""Hosted games in memory: one Room per game, rebuilt from the stored log on demand.

The published ``room.state`` is never mutated: an action is applied to a clone, the clone is
stored (one transaction), and only then does it replace ``room.state`` and get broadcast. So
every state any client ever sees is durable, and a restart resumes exactly from the log.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import settlers
from settlers.web.bots import BotPool, bot_names
from settlers.web.config import Settings
from settlers.web.i18n import t
from settlers.web.payloads import seat_payload
from settlers.web.storage import Append, BatchWriter, GameRecord, SeatRecord, StaleVersion, Store

log = logging.getLogger("settlers.web")


class ActError(Exception):
    """A refused request: ``code`` is a web catalog key under "error.", or a ready message."""

    def __init__(self, code: str, message: str | None = None, **params):
        super().__init__(code)
        self.code = code
        self.text = message
        self.params = params

    def message(self, lang: str) -> str:
        if self.text is not None:
            return self.text
        return t(f"error.{self.code}", lang, **self.params)

    def payload(self, lang: str) -> dict:
        params = {k: v for k, v in self.params.items() if isinstance(v, (int, str))}
        return {**params, "type": "error", "code": self.code, "message": self.message(lang)}


def _exc_message(exc: Exception, lang: str) -> str:
    message = getattr(exc, "message", None)
    if callable(message):
        try:
            return message(lang)
        except Exception:
            pass
    return str(exc)


def seat_name(seat: SeatRecord, lang: str) -> str:
    if seat.name:
        return seat.name
    key = "seat.bot_name" if seat.kind == "bot" else "seat.default_name"
    return t(key, lang, n=seat.seat + 1)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Connection:
    """One open WebSocket: its seat, language, flood limiter and outgoing queue.

    The queue is bounded: a client too slow to take its messages is disconnected (its page
    reconnects and gets the whole current state) rather than growing the server's memory."""

    MAX_QUEUED = 256

    def __init__(self, ws, seat: int | None, lang: str, settings: Settings):
        self.ws = ws
        self.seat = seat
        self.lang = lang
        self.rate = settings.rate_per_second
        self.burst = settings.rate_burst
        self.tokens = float(settings.rate_burst)
        self.stamp = time.monotonic()
        self.strikes = 0
        self.outbox: deque[str] = deque()
        self.last_state: dict | None = None  # view["state"] of the last state message queued
        self.wake = asyncio.Event()
        self.closed = False

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def send_state(self, payload: dict, text: str | None = None) -> None:
        """Queue a whole state message; later broadcasts are deltas against it."""
        self.last_state = payload["view"]["state"]
        self.send(text if text is not None else payload)

    def send(self, msg: dict | str) -> None:
        if self.closed:
            return
        if len(self.outbox) >= self.MAX_QUEUED:
            self.closed = True
        else:
            self.outbox.append(msg if isinstance(msg, str) else dumps(msg))
        self.wake.set()

    async def writer(self) -> None:
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox and not self.closed:
                    await self.ws.send_text(self.outbox.popleft())
            await self.ws.close(code=1013)
        except Exception:
            self.closed = True


def dumps(msg: dict) -> str:
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


class Room:
    def __init__(self, rec: GameRecord, state):
        self.id = rec.id
        self.rec = rec
        self.state = state
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bot_task: asyncio.Task | None = None
        self.tokens = {s.token_hash: s.seat for s in rec.seats if s.token_hash}
        # seat -> the version since which it has owed a decision without a break
        self.waiting_since = {s: state.version for s in state.to_act}

    @property
    def status(self) -> str:
        return self.rec.status

    def seat_for_token(self, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for known, seat in self.tokens.items():
            if hmac.compare_digest(known, digest):
                return seat
        return None

    def seats_public(self, lang: str = "ru") -> list[dict]:
        """Every seat as everybody may see it; unnamed seats are named in ``lang``."""
        online = {c.seat for c in self.conns if c.seat is not None}
        return [
            {
                "seat": s.seat,
                "name": seat_name(s, lang),
                "kind": s.kind,
                "bot": s.bot,
                "online": s.kind == "bot" or s.seat in online,
            }
            for s in self.rec.seats
        ]

    def publish(self, state) -> None:
        to_act = state.to_act
        self.waiting_since = {s: self.waiting_since.get(s, state.version) for s in to_act}
        self.state = state

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
        if any(s.kind == "human" and not s.claimed for s in self.rec.seats):
            return "open"
        return "running"

    def broadcast(self, events_since: int = 0) -> None:
        """Send every open page its own view of the current state.

        A page that already has a state gets only the top-level keys of view["state"] that
        changed (``state_delta``; the page merges them): a Catan board, for instance, is sent
        once per page, not after every action."""
        payloads: dict[tuple, dict] = {}
        texts: dict[tuple, str] = {}
        for conn in list(self.conns):
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


def state_delta(payload: dict, last: dict | None) -> dict:
    """``payload`` with view["state"] replaced by what changed since ``last``."""
    state = payload["view"]["state"]
    if not isinstance(last, dict) or not isinstance(state, dict):
        return payload
    view = {k: v for k, v in payload["view"].items() if k != "state"}
    view["state_delta"] = {k: v for k, v in state.items() if k not in last or last[k] != v}
    removed = [k for k in last if k not in state]
    if removed:
        view["state_removed"] = removed
    return {**payload, "view": view}


class Hub:
    """All rooms of one server process."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.bots = BotPool(settings.bot_pool, settings.bot_workers)
        self.db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="settlers-db")
        self.writer = BatchWriter(store)
        self.closing = False

    async def run_db(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    # ------------------------------------------------------------ lifecycle
    async def startup(self) -> None:
        """Rebuild every unfinished game from its stored log and let its bots continue."""
        for gid in await self.run_db(self.store.live_game_ids):
            room = await self.get(gid)
            if room is not None:
                self.kick_bots(room)

    async def shutdown(self) -> None:
        self.closing = True
        for room in self.rooms.values():
            if room.bot_task:
                room.bot_task.cancel()
        self.bots.shutdown()
        self.writer.close()
        self.db.shutdown(wait=True)

    # ------------------------------------------------------------ rooms
    async def get(self, gid: str) -> Room | None:
        room = self.rooms.get(gid)
        if room is not None:
            return room
        lock = self.loading.setdefault(gid, asyncio.Lock())
        async with lock:
            room = self.rooms.get(gid)
            if room is None:
                room = await self._load(gid)
                if room is not None:
                    self.rooms[gid] = room
        self.loading.pop(gid, None)
        return room

    async def _load(self, gid: str) -> Room | None:
        if len(gid) > 32:
            return None
        rec = await self.run_db(self.store.load_game, gid)
        if rec is None:
            return None
        stored = await self.run_db(self.store.load_log, gid)
        try:
            game = settlers.load(rec.game)
            actions = [(seat, game.action_from_json(a)) for seat, a in stored]
            state = await asyncio.to_thread(
                game.replay, rec.players, rec.seed, rec.options, actions
            )
        except Exception:
            log.exception("game %s cannot be rebuilt from its stored log", gid)
            if rec.status != "broken":
                await self.run_db(self.store.set_status, gid, "broken")
            return None
        return Room(rec, state)

    def forget(self, room: Room) -> None:
        """Drop a finished, unwatched game from memory (it reloads from the store on demand)."""
        if room.state.over and not room.conns and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    async def create(
        self,
        game_id: str,
        players: int,
        options: dict,
        seat_specs: list[dict],
        seed: int | None = None,
        lang: str = "ru",
    ) -> tuple[GameRecord, dict[int, str]]:
        """Validate and store a new game. Returns the record and each human seat's token."""
        try:
            game = settlers.load(game_id)
        except Exception as exc:  # UnknownGame lists the known ids
            raise ActError("unknown_game", _exc_message(exc, lang)) from exc
        if not isinstance(players, int) or not game.min_players <= players <= game.max_players:
            raise ActError(
                "bad_players", lo=game.min_players, hi=game.max_players, game=game.id
            )
        if len(seat_specs) != players:
            raise ActError("bad_seats", players=players)
        live = await self.run_db(self.store.count_games, ("open", "running"))
        if live >= self.settings.max_games:
            raise ActError("too_many_games", limit=self.settings.max_games)
        seed = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
        try:
            state = game.new_state(players=players, seed=seed, options=options)
        except Exception as exc:  # InvalidOption names the allowed values
            raise ActError("bad_options", _exc_message(exc, lang)) from exc
        known_bots = set(bot_names(game.id))
        seats, tokens = [], {}
        for i, spec in enumerate(seat_specs):
            kind = spec.get("kind", "human")
            name = str(spec.get("name") or "").strip()[: self.settings.max_name_length]
            if kind == "bot":
                bot = str(spec.get("bot") or "random")
                if bot not in known_bots:
                    raise ActError("unknown_bot", bot=str(bot)[:40], known=", ".join(sorted(known_bots)))
                seats.append(SeatRecord(i, "bot", name, bot=bot))
            elif kind == "human":
                token = secrets.token_urlsafe(18)
                tokens[i] = token
                seats.append(SeatRecord(i, "human", name, token_hash=hash_token(token)))
            else:
                raise ActError("bad_seat_kind", kind=str(kind)[:20])
        rec = GameRecord(
            id=secrets.token_hex(6),
            game=game.id,
            players=players,
            seed=seed,
            options=dict(state.options),
            seats=seats,
        )
        rec.status = "open" if tokens else "running"
        await self.run_db(self.store.create_game, rec)
        room = Room(rec, state)
        self.rooms[rec.id] = room
        self.kick_bots(room)
        return rec, tokens

    async def claim(self, room: Room, seat: int) -> None:
        """First use of a seat's link: the seat is taken; the game may leave "open"."""
        s = room.rec.seats[seat]
        if s.claimed:
            return
        s.claimed = True
        await self.run_db(self.store.claim_seat, room.id, seat)
        status = room.derive_status(room.state)
        if status != room.rec.status:
            room.rec.status = status
            await self.run_db(self.store.set_status, room.id, status)

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
            if version is not None and not room.still_current(seat, version):
                raise ActError("stale_version", version=version, current=state.version)
            if seat not in state.to_act:
                raise ActError("not_your_turn")
            if not isinstance(action_json, dict):
                raise ActError("malformed_action", detail="action must be a JSON object")
            try:
                action = state.game.action_from_json(action_json)
            except Exception as exc:  # MalformedAction
                raise ActError("malformed_action", _exc_message(exc, lang)) from exc
            nxt = state.clone()
            try:
                nxt.apply(seat, action)
            except Exception as exc:  # IllegalAction: state untouched (and it is a clone)
                raise ActError("illegal_action", _exc_message(exc, lang)) from exc
            status = room.derive_status(nxt)
            scores = list(nxt.scores()) if nxt.over else None
            try:
                await self.writer.append(
                    Append(room.id, state.version, seat, action.to_json(), status, scores)
                )
            except StaleVersion as exc:
                # another process wrote this game: drop our copy, it reloads from the store
                self.rooms.pop(room.id, None)
                raise ActError("stale_version", version=version or 0, current=-1) from exc
            room.publish(nxt)
            room.rec.status = status
            room.rec.version = nxt.version
            room.broadcast(events_since=len(state.events))
        self.kick_bots(room)

    # ------------------------------------------------------------ bots
    def kick_bots(self, room: Room) -> None:
        if self.closing or (room.bot_task and not room.bot_task.done()):
            return
        if room.state.over or not (set(room.state.to_act) & set(room.bot_seats())):
            return
        room.bot_task = asyncio.create_task(self._drive_bots(room))

    async def _drive_bots(self, room: Room) -> None:
        bots = room.bot_seats()
        failures = 0
        while not self.closing:
            state = room.state
            due = [s for s in state.to_act if s in bots] if not state.over else []
            if not due:
                return
            if self.settings.bot_delay > 0:
                await asyncio.sleep(self.settings.bot_delay)
            if room.state is not state:
                continue  # someone moved meanwhile: look again
            try:
                choices = await asyncio.gather(
                    *(self.bots.choose(room.id, state, s, bots[s]) for s in due)
                )
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
