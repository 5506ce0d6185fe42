"""The text of whole-state messages, kept per process so that pages reconnecting together
cost one build.

Every new page (and a ``sync``, a new language) is sent the whole state: at the end of a
long Catan game over a million characters, ≈ 100 ms of CPU for the first page of a version
and ≈ 4 ms (the JSON text alone) for each later one. A page's message depends on the game's
published state, the page's seat (None: a spectator), its language, the log lines it already
has (``events_since``), the game's status and the seats shown (who is online). An entry is
kept under (game, seat, language, events_since) and is served only while its game's
published state is at the version it was built from (a state is a function of the stored
log, which only grows: a game left memory and loaded again is at the same state at the same
version), and the status and the seats shown are the same; a new action drops the game's
entries (``Room.publish``). One seat's entry is never another's: the seat is in the key and
in the entry, and both are compared.

Bounded: at most ``max_chars`` characters of text in all (least recently used go first); a
message larger than half of it is not kept. The cache is this process's alone: each process
serves the state its own copy of the game is at (another process's moves reach it by notice,
and a socket is brought up to the store before its first state: ``Hub.up_to_date``)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Whole:
    """One whole-state message: its text, and the view["state"] later deltas are made from."""

    version: int   # of the published state it shows
    seat: int | None
    status: str
    seats: list   # the seats shown (Room.seats_public: who is online)
    text: str
    view_state: dict


class WholeStates:
    """Whole-state texts of every game of one process, bounded in characters."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self.entries: OrderedDict[tuple, Whole] = OrderedDict()
        self.by_game: dict[str, set[tuple]] = {}   # game id -> its keys
        self.chars = 0
        self.hits = 0
        self.builds = 0

    def get(self, gid: str, seat: int | None, lang: str, events_since: int, version: int,
            status: str, seats: list) -> Whole | None:
        key = (gid, seat, lang, events_since)
        got = self.entries.get(key)
        if got is None:
            return None
        if got.version != version or got.seat != seat or got.status != status \
                or got.seats != seats:
            self._drop(key)   # built for another state, status or seats: never served
            return None
        self.entries.move_to_end(key)
        self.hits += 1
        return got

    def put(self, gid: str, lang: str, events_since: int, whole: Whole) -> None:
        self.builds += 1
        if len(whole.text) > self.max_chars // 2:
            return
        key = (gid, whole.seat, lang, events_since)
        self._drop(key)
        self.entries[key] = whole
        self.by_game.setdefault(gid, set()).add(key)
        self.chars += len(whole.text)
        while self.chars > self.max_chars:
            self._drop(next(iter(self.entries)))

    def forget(self, gid: str) -> None:
        """Drop every entry of game ``gid`` (a new action was published)."""
        for key in list(self.by_game.get(gid, ())):
            self._drop(key)

    def _drop(self, key: tuple) -> None:
        got = self.entries.pop(key, None)
        if got is not None:
            self.chars -= len(got.text)
            keys = self.by_game.get(key[0])
            if keys is not None:
                keys.discard(key)
                if not keys:
                    del self.by_game[key[0]]
