"""Games whose load is refused for now — their uploaded set cannot be put back while every
kept set is in use (stored_content.put_back) — tried again less and less often, and said
once.

A live game a process owns (every live game with one process; on PostgreSQL those its
sweep took over) must be loaded for its bots to go on. Refused, it is tried again after
``first`` seconds, then twice as long each time up to ``most``; a warning is logged for its
first refusal and again only when the reason changes (the old code: a warning at every try).
A page's load that is refused is remembered the same way (one warning), not retried: the
page retries by itself."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

# games remembered at most (the oldest go first): any stored game may be asked for
MAX_WAITING = 10_000


@dataclass
class Later:
    reason: str
    wait: float    # seconds until the next try, doubled at each refusal up to ``most``
    due: float     # loop time of the next try
    retry: bool    # tried again by the server (a game it owns), not only when asked


class LoadLater:
    def __init__(self, first: float, most: float) -> None:
        self.first = max(first, 0.01)
        self.most = max(most, self.first)
        self.waiting: OrderedDict[str, Later] = OrderedDict()

    def refused(self, gid: str, reason: str, now: float) -> bool:
        """Game ``gid``'s load was refused for ``reason`` at ``now``; whether to warn (its
        first refusal, or another reason than the last one's)."""
        got = self.waiting.get(gid)
        if got is None:
            self.waiting[gid] = Later(reason, self.first, now + self.first, False)
            while len(self.waiting) > MAX_WAITING:
                self.waiting.popitem(last=False)
            return True
        warn = got.reason != reason
        got.reason = reason
        got.wait = min(got.wait * 2, self.most)
        got.due = now + got.wait
        return warn

    def retry(self, gid: str) -> None:
        """The server wants ``gid`` loaded (it drives its bots): try it again when due."""
        got = self.waiting.get(gid)
        if got is not None:
            got.retry = True

    def loaded(self, gid: str) -> bool:
        """``gid`` is loaded; whether it had been refused."""
        return self.waiting.pop(gid, None) is not None

    def drop(self, gid: str) -> None:
        self.waiting.pop(gid, None)

    def due(self, now: float) -> list[str]:
        """The games the server wants loaded whose next try has come."""
        return [gid for gid, got in self.waiting.items() if got.retry and got.due <= now]
