"""The actions of Imperial Settlers, grouped as the rulebook groups them.

One main action a turn in the action phase («ФАЗА ДЕЙСТВИЙ»), then ``EndTurn``; free
actions (defence token, samurai, Gate, Shrine) may be taken at any moment of one's turn. Multi-step decisions (paying
with gold, choosing a target, a card, a deck) are pending sub-decisions answered by
``Pick``/``Draw``/``Pay``/``Choose``. Cards are addressed by their index in the card table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from settlers.core import Action


# ---------------------------------------------------------------- main actions (one a turn)
@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """«Построить локацию» from the hand."""
    kind: ClassVar[str] = "build"
    card: int


@dataclass(frozen=True, slots=True)
class MakeDeal(Action):
    """«Заключить сделку»: an empire card from the hand, for 1 food."""
    kind: ClassVar[str] = "deal"
    card: int


@dataclass(frozen=True, slots=True)
class RazeCard(Action):
    """«Разрушить карточку с руки»: 1 raze token."""
    kind: ClassVar[str] = "raze_card"
    card: int


@dataclass(frozen=True, slots=True)
class RazeLocation(Action):
    """«Разрушить локацию противника»: 2 raze tokens (+1 per defence); target -1 is the solo
    virtual opponent."""
    kind: ClassVar[str] = "raze_location"
    target: int
    card: int


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """«Активировать действие локации», once or (when the card allows) twice in a row."""
    kind: ClassVar[str] = "activate"
    card: int
    times: int = 1


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """«Обменять рабочих»: starts trading pairs of workers (answered by Choose)."""
    kind: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End one's turn after its main action while free actions could still be taken (the
    turn ends by itself when none applies)."""
    kind: ClassVar[str] = "end_turn"


# ---------------------------------------------------------------- free actions (same turn)
@dataclass(frozen=True, slots=True)
class PlaceDefence(Action):
    kind: ClassVar[str] = "place_defence"
    card: int


@dataclass(frozen=True, slots=True)
class PlaceSamurai(Action):
    kind: ClassVar[str] = "place_samurai"
    card: int


@dataclass(frozen=True, slots=True)
class PutUnderGate(Action):
    kind: ClassVar[str] = "put_under_gate"
    gate: int
    card: int


@dataclass(frozen=True, slots=True)
class PutOnShrine(Action):
    kind: ClassVar[str] = "put_on_shrine"
    shrine: int
    good: str


# ---------------------------------------------------------------- answers to sub-decisions
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take one open card (lookout, «выбор из двух имперских карточек», solo lookout)."""
    kind: ClassVar[str] = "pick"
    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take a card from the common or the empire deck."""
    kind: ClassVar[str] = "draw"
    deck: str


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay a cost; ``gold`` is how many gold replace wood, stone and food."""
    kind: ClassVar[str] = "pay"
    gold: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer the pending question; the option's meaning is given by the question."""
    kind: ClassVar[str] = "choose"
    option: tuple[int, ...]


ACTION_CLASSES = (Pass, Build, MakeDeal, RazeCard, RazeLocation, Activate, Exchange, EndTurn,
                  PlaceDefence, PlaceSamurai, PutUnderGate, PutOnShrine,
                  Pick, Draw, Pay, Choose)
FREE_ACTIONS = (PlaceDefence, PlaceSamurai, PutUnderGate, PutOnShrine)
