"""Server settings: every limit the web server enforces lives here and is configurable."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path


def default_db_url() -> str:
    """SQLite file in the user's data directory (override with SETTLERS_DB or --db)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "settlers"
    return f"sqlite:///{base / 'settlers.db'}"


@dataclass(frozen=True)
class Settings:
    db_url: str = field(default_factory=lambda: os.environ.get("SETTLERS_DB") or default_db_url())
    # bots
    bot_delay: float = 0.6  # visible pause before a bot move, seconds
    # a bot's move is sent a fixed time after the state (bots.think_hold), whatever it
    # thought. Off (the default: the lobby's levels keep their strength on a busy machine):
    # a thought not back by then is waited for and its move sent at the next whole multiple
    # of that time — a bot with a clock overruns it only when the machine is short of CPU,
    # and then its timing tells that multiple. On: such a thought is given up and the seat
    # plays its fallback (the game's heuristic) on time — at 2 cores and load 12–18 most
    # strong moves were fallbacks (docs/audits/2026-12-08-nineteenth-web.md)
    bot_fallback: bool = False
    bot_workers: int = 2
    bot_pool: str = "thread"  # "thread" or "process"
    # pages: a room broadcasts at most once per this many seconds; the moves made meanwhile
    # reach its pages together, in one message per page (0: a message per move)
    broadcast_interval: float = 0.02
    owner_sweep_seconds: float = 2.0  # PostgreSQL: how often a process takes over dead ones'
    # PostgreSQL, several processes: the secret that signs their notices to each other (any
    # database session may NOTIFY; web/notices.py). Empty: one is drawn on first start and
    # kept in the database (table server_secrets), where every process reads the same one
    notice_secret: str = field(default="", repr=False)
    # a stored move rides in its notice, so the others need not read the store; any session
    # of the database may LISTEN, so where roles the operator does not trust can connect,
    # set it off: the notice then names the game and version only (the moves are read)
    notice_moves: bool = True
    # hostile input
    max_message_bytes: int = 16_384  # one WebSocket or HTTP action message
    rate_per_second: float = 20.0  # sustained messages per connection
    rate_burst: int = 40  # messages allowed at once before refusing
    ip_rate_per_second: float = 10.0  # per client address: game creations, HTTP actions,
    ip_rate_burst: int = 60  # WebSocket connections (raise both behind a reverse proxy)
    flood_strikes: int = 20  # refused messages before the connection is closed
    # a page that takes no more of what it is sent (it stopped reading; a half-open
    # connection): closed when one message has waited this long to be sent, or when what is
    # queued for it passes ``ws_max_queued_chars`` (a whole state — over a million characters
    # at the end of a long game — is asked for in 16 bytes; one message is always queued)
    ws_send_seconds: float = 30.0
    # whole states a page may ask for (``sync``, ``lang``) per second, and at once: each is
    # the whole game (≈ 1.3 million characters and tens of ms of CPU at the end of a long
    # Catan game) asked for in 16 bytes; the page asks for none (it reconnects)
    whole_states_per_second: float = 0.5
    whole_states_burst: int = 3
    ws_max_queued_chars: int = 8_000_000
    # HTTP answers (slow_readers.py): one whose write waits this long for the client to take
    # it is given up (its connection aborted), and at most this many of one client address
    # are in flight at once (a large answer read by nobody is held in memory until then)
    http_send_seconds: float = 30.0
    # an HTTP connection the server wrote nothing to for this long (since it opened, or its
    # last write) is closed: a request held half-sent (quiet_connections.py; 0: never)
    http_idle_seconds: float = 60.0
    # HTTP connections one client address may hold open in a process at once (pages'
    # sockets not counted; a trusted proxy's connections not counted: quiet_connections.py;
    # 0: no bound). Only ``settlers serve`` enforces it (it is below the application). Per
    # process: with several, the proxy bounds an address's connections (docs/deploy.md)
    http_connections_per_address: int = 64
    max_answers_per_address: int = 32
    # the whole-state messages kept in this process (whole_states.py: pages reconnecting
    # together cost one build per seat and language), characters in all
    whole_state_cache_chars: int = 32_000_000
    max_spectators_per_game: int = 48
    max_spectators_per_address: int = 4  # per game
    max_sockets_per_seat: int = 4  # a seat's own pages: never counted with the spectators
    # open pages (sockets) of one address across every game: game ids are public, so without
    # it one address could watch every game 4 times over and hold the memory of all of them
    max_sockets_per_address: int = 200
    read_rate_per_second: float = 20.0  # per client address: state and replay reads over HTTP
    read_rate_burst: int = 100
    max_idle_rooms: int = 256  # games kept in memory with no page open (least recently used)
    # ... and what they may weigh together, estimated (room_weight.py: ≈ 1 KB a move, more
    # for the log lines kept per language and viewer shown); past it the least recently used go
    max_idle_room_bytes: int = 256_000_000
    # per client address: games opened that are not in memory (each is rebuilt from its log,
    # ≈ 10–150 ms of CPU against microseconds for one in memory): one client reading finished
    # games in turn, more of them than ``max_idle_rooms``, could otherwise keep the CPU busy
    game_loads_per_second: float = 2.0
    game_loads_burst: int = 30
    db_read_threads: int = 4
    # the process's garbage collector (settlers.core.collector): young-generation threshold; 0 leaves
    # Python's default (``settlers serve`` sets it; tests and embedders keep theirs)
    gc_young: int = 0
    # SQLite (WAL): NORMAL loses no committed action when the process is killed; FULL also
    # fsyncs every commit, for power loss (PostgreSQL: its own synchronous_commit)
    sqlite_synchronous: str = "NORMAL"
    max_upload_bytes: int = 1_000_000  # one uploaded content file (tiles, cards, data)
    # uploaded content sets kept per game option: a new one takes the place of the least
    # recently used one no live game (nor a game in memory) uses, and that was not uploaded
    # or used in the last ``upload_keep_seconds`` (kept_uploads.py)
    max_uploads: int = 100
    upload_keep_seconds: float = 600.0
    # the uploaded sets stored games are made with, kept in the database (table
    # content_sets), all together: their files' bytes before compression. Past it, new
    # uploads and games that would add a set are refused (content_store_full); stored games
    # still replay (storage/kept_sets.py). The same in every process of a deployment
    max_kept_content_bytes: int = 1_000_000_000
    # checking an upload (a game set up with it at every player count) runs in a process of
    # its own, killed after this many seconds, with at most this much more memory (MB)
    upload_check_seconds: float = 10.0
    upload_check_memory_mb: int = 512
    # the process those checks fork from (it holds every game loaded) is started with the
    # server, in the background; off: by the first upload, which then waits ≈ 3 s for it
    upload_checker_at_start: bool = True
    # origins besides the server's own whose pages may change something here (POSTs, table
    # sockets): "https://games.example.org https://example.org:8443", comma- or
    # space-separated. The server's own origin — the scheme, host and port a request reached
    # it at (behind a proxy: its X-Forwarded-Proto and Host) — is always one; name here the
    # address browsers use when the proxy's Host drops a port they see (web/guard.py)
    allowed_origins: str = ""
    # the operator's token for /healthz's counts (sent as "Authorization: Bearer <token>");
    # empty: the counts are told only to a client on this machine that came by no proxy.
    # Anyone else is told only that the server answers (web/api.py, docs/deploy.md)
    health_token: str = field(default="", repr=False)
    allow_chosen_seed: bool = False  # a chosen seed for a table with a human seat (trusted LAN)
    max_games: int = 10_000  # live (not finished) games the server accepts
    # a table of bots only (no human seat) plays while a page — a seat's or a spectator's —
    # is open on it, and pauses while none is (in the process driving its bots; with
    # several processes the one with its pages takes it: web/ownership.py): a visitor could
    # otherwise start tables and leave them burning CPU. Off: such tables play on unwatched
    # (tests and benchmarks that follow bot tables over HTTP alone)
    pause_unwatched_bots: bool = True
    # moves one game may have: past it no move is taken and its bots stop (0: no bound). A
    # table of random bots may never end (Iceland without a turn limit: 154 512 moves in 15
    # minutes at no pause, still going) and every move is kept and replayed: that game took
    # 20 s of CPU to load, 139 MB in memory, 744 MB shown to its seats in two languages. The
    # longest random-bot games that end have ≈ 7 000-8 000 moves (Catan, Iceland, 4 seats)
    max_game_actions: int = 30_000
    # games one client address may create in an hour (a burst of them at once, then one every
    # 3600/N s): one address cannot fill ``max_games`` with tables nobody plays
    games_per_address_per_hour: int = 120
    # content sets one client address may upload in an hour: ``max_uploads`` sets are kept
    # per option, so one address could otherwise fill them and shut every other uploader out
    uploads_per_address_per_hour: int = 30
    # open seats one client address may take in an hour: a taken seat is its taker's until the
    # creator re-issues it, so one address could otherwise sit in every open seat of the lobby
    # in seconds (at the write rate) and play none. These three hourly bounds are counted in
    # the database, for every process of the server together (storage/allowances.py)
    seats_per_address_per_hour: int = 60
    # live (not finished) tables one client address may have created at once: with the
    # hourly bound alone an address that waits fills ``max_games`` in time (tables nobody
    # plays stay live until ``idle_*_seconds`` end them). Counted in the database, for every
    # process of the server together (Store.create_game; 0: no bound)
    live_games_per_address: int = 20
    # a live table nobody touched — no move stored, no page (a seat's or a spectator's) open
    # on it — for this long is stopped, with its scores where it stood, as a table stopped at
    # ``max_game_actions`` is (viewable and replayable; it no longer counts toward
    # ``max_games`` nor is loaded at start). A table of bots only (paused while nobody
    # watches: ``pause_unwatched_bots``) after ``idle_bot_table_seconds``, one with a human
    # seat after ``idle_table_seconds`` (0: never). Every process looks every
    # ``idle_sweep_seconds`` (Hub.sweep_idle; docs/deploy.md)
    idle_bot_table_seconds: float = 6 * 3600.0
    idle_table_seconds: float = 7 * 86400.0
    idle_sweep_seconds: float = 300.0
    max_name_length: int = 40
    replay_cache_every: int = 25  # replay pages: keep a snapshot every N steps
    default_lang: str = "ru"
    # a request that names no language (``?lang=``, the cookie) is answered in the browser's
    # (Accept-Language: ru or en) before ``default_lang``; off when SETTLERS_DEFAULT_LANG is
    # set (the operator fixed the site's language), unless SETTLERS_ACCEPT_LANGUAGE says
    accept_language: bool = True
    # the table chat (chat.py): characters per message after trimming, messages per seat
    # (a spectator: per address) in a burst and then per second, messages a page is sent on
    # joining; spectators read it, and post (marked as spectators) only when this is on
    chat_max_length: int = 300
    chat_burst: int = 5
    chat_rate_per_second: float = 0.5
    chat_history: int = 100
    chat_spectators_post: bool = False

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        """Defaults, then SETTLERS_<FIELD> environment variables, then explicit overrides."""
        values = {}
        for f in fields(cls):
            raw = os.environ.get(f"SETTLERS_{f.name.upper()}")
            if raw is None or f.name == "db_url":
                continue
            kind = type(getattr(cls(), f.name))
            values[f.name] = _flag(f.name, raw) if kind is bool else kind(raw)
        if os.environ.get("SETTLERS_DEFAULT_LANG") and "SETTLERS_ACCEPT_LANGUAGE" not in os.environ:
            values["accept_language"] = False
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)


TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


class BadFlag(ValueError):
    """A yes/no setting's environment variable holds neither (``settlers serve`` says so in
    the operator's language: ``web.serve.bad_flag``)."""

    def __init__(self, variable: str, value: str) -> None:
        super().__init__(f"{variable}={value!r}: say one of {', '.join(TRUE_WORDS)} or "
                         f"{', '.join(FALSE_WORDS)}")
        self.variable = variable
        self.value = value


def _flag(name: str, raw: str) -> bool:
    """A yes/no setting's environment value; anything else is refused at start: a switch
    that guards the server (``PAUSE_UNWATCHED_BOTS``) once read any other word — a typo,
    "enabled", "y" — as off."""
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise BadFlag(f"SETTLERS_{name.upper()}", raw)
