"""The three actions of Sealed bids (frozen dataclasses; JSON ``type`` is ``kind``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from settlers.core import Action


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid one card from hand, in secret (everybody at once)."""

    kind: ClassVar[str] = "bid"
    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """The round's winner draws a card from the deck."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The round's winner draws nothing."""

    kind: ClassVar[str] = "pass"


ACTION_CLASSES = (Bid, Draw, Pass)
