"""The decisions a player makes, in rulebook order (set-up, the three steps of a turn, the end).

Attaching is two decisions — which open tile («ChooseTile»), then where («Attach») — so that a
menu never lists every tile × every cell at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from settlers.core import Action


# ---------------------------------------------------------------- «Подготовка к игре»
@dataclass(frozen=True, slots=True)
class DraftPick(Action):
    """Take one of the revealed nature tiles in the snake draft."""
    kind: ClassVar[str] = "draft_pick"
    tile: int


@dataclass(frozen=True, slots=True)
class FoundState(Action):
    """Lay the two drafted tiles sharing a side: ``first`` at (0, 0), ``second`` at (1, 0),
    or at (0, 1) — farther from the owner — when ``stacked``."""
    kind: ClassVar[str] = "found_state"
    first: int
    second: int
    stacked: bool


# ---------------------------------------------------------------- 1. «Открыть квадрат»
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    kind: ClassVar[str] = "reveal"
    stack: str  # "nature" | "village" | "city"


# ---------------------------------------------------------------- 2. «Разыграть жетон»
@dataclass(frozen=True, slots=True)
class PlayWar(Action):
    kind: ClassVar[str] = "play_war"
    target: int
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PlayCoin(Action):
    kind: ClassVar[str] = "play_coin"
    target: int
    x: int
    y: int
    good: str


@dataclass(frozen=True, slots=True)
class PlayCart(Action):
    """A cart on the corner whose upper-right cell is (x, y)."""
    kind: ClassVar[str] = "play_cart"
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PlayMaster(Action):
    kind: ClassVar[str] = "play_master"
    master: str
    x: int
    y: int


# ---------------------------------------------------------------- 3. «Присоединить квадрат»
@dataclass(frozen=True, slots=True)
class ChooseTile(Action):
    """Pick the open tile (row or prize) to attach this turn."""
    kind: ClassVar[str] = "choose_tile"
    tile: int


@dataclass(frozen=True, slots=True)
class DrawNature(Action):
    """No open tile fits: draw the top nature tile to attach it."""
    kind: ClassVar[str] = "draw_nature"


@dataclass(frozen=True, slots=True)
class Attach(Action):
    """Put the chosen tile on (x, y); an occupied cell means replacing the tile there."""
    kind: ClassVar[str] = "attach"
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Nothing can be attached and the nature stack is empty: end the turn."""
    kind: ClassVar[str] = "end_turn"


# ---------------------------------------------------------------- «Конец игры»
@dataclass(frozen=True, slots=True)
class ProposeEnd(Action):
    """Propose that nobody can score any more; every other player must agree."""
    kind: ClassVar[str] = "propose_end"


@dataclass(frozen=True, slots=True)
class AnswerEnd(Action):
    kind: ClassVar[str] = "answer_end"
    agree: bool


@dataclass(frozen=True, slots=True)
class FinishMasters(Action):
    """After the agreement: done placing masters before the scoring."""
    kind: ClassVar[str] = "finish_masters"


ACTION_CLASSES = (DraftPick, FoundState, Reveal, PlayWar, PlayCoin, PlayCart, PlayMaster,
                  ChooseTile, DrawNature, Attach, EndTurn, ProposeEnd, AnswerEnd, FinishMasters)

STACKS = ("nature", "village", "city")
