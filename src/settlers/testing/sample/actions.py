"""The three actions of Sealed bids (frozen dataclasses; JSON ``type`` is ``kind``)."""

from __future__ import annotations

from settlers.core import Action


class Bid(Action, kind="bid"):
    """Bid one card from hand, in secret (everybody at once)."""

    card: int


class Draw(Action, kind="draw"):
    """The round's winner draws a card from the deck."""



class Pass(Action, kind="pass"):
    """The round's winner draws nothing."""



ACTION_CLASSES = (Bid, Draw, Pass)
