"""The actions of Imperial Settlers, grouped as the rulebook groups them.

One main action a turn in the action phase («ФАЗА ДЕЙСТВИЙ»), then ``EndTurn``; free
actions (defence token, samurai, Gate, Shrine) may be taken at any moment of one's turn. Multi-step decisions (paying
with gold, choosing a target, a card, a deck) are pending sub-decisions answered by
``Pick``/``Draw``/``Pay``/``Choose``. Cards are addressed by their index in the card table.
"""

from __future__ import annotations

from settlers.core import Action


# ---------------------------------------------------------------- main actions (one a turn)
class Pass(Action, kind="pass"):
    pass


class Build(Action, kind="build"):
    """«Построить локацию» from the hand."""
    card: int


class MakeDeal(Action, kind="deal"):
    """«Заключить сделку»: an empire card from the hand, for 1 food."""
    card: int


class RazeCard(Action, kind="raze_card"):
    """«Разрушить карточку с руки»: 1 raze token."""
    card: int


class RazeLocation(Action, kind="raze_location"):
    """«Разрушить локацию противника»: 2 raze tokens (+1 per defence); target -1 is the solo
    virtual opponent."""
    target: int
    card: int


class Activate(Action, kind="activate"):
    """«Активировать действие локации», once or (when the card allows) twice in a row."""
    card: int
    times: int = 1


class Exchange(Action, kind="exchange"):
    """«Обменять рабочих»: starts trading pairs of workers (answered by Choose)."""


class EndTurn(Action, kind="end_turn"):
    """End one's turn after its main action while free actions could still be taken (the
    turn ends by itself when none applies)."""


# ---------------------------------------------------------------- free actions (same turn)
class PlaceDefence(Action, kind="place_defence"):
    card: int


class PlaceSamurai(Action, kind="place_samurai"):
    card: int


class PutUnderGate(Action, kind="put_under_gate"):
    gate: int
    card: int


class PutOnShrine(Action, kind="put_on_shrine"):
    shrine: int
    good: str


# ---------------------------------------------------------------- answers to sub-decisions
class Pick(Action, kind="pick"):
    """Take one open card (lookout, «выбор из двух имперских карточек», solo lookout)."""
    card: int


class Draw(Action, kind="draw"):
    """Take a card from the common or the empire deck."""
    deck: str


class Pay(Action, kind="pay"):
    """Pay a cost; ``gold`` is how many gold replace wood, stone and food."""
    gold: tuple[int, int, int]


class Choose(Action, kind="choose"):
    """Answer the pending question; the option's meaning is given by the question."""
    option: tuple[int, ...]


ACTION_CLASSES = (Pass, Build, MakeDeal, RazeCard, RazeLocation, Activate, Exchange, EndTurn,
                  PlaceDefence, PlaceSamurai, PutUnderGate, PutOnShrine,
                  Pick, Draw, Pay, Choose)
FREE_ACTIONS = (PlaceDefence, PlaceSamurai, PutUnderGate, PutOnShrine)
