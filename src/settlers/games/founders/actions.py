"""The decisions a player makes, in rulebook order (set-up, the three steps of a turn, the end).

Attaching is two decisions — which open tile («ChooseTile»), then where («Attach») — so that a
menu never lists every tile × every cell at once.
"""

from __future__ import annotations

from settlers.core import Action


# ---------------------------------------------------------------- «Подготовка к игре»
class DraftPick(Action, kind="draft_pick"):
    """Take one of the revealed nature tiles in the snake draft."""
    tile: int


class FoundState(Action, kind="found_state"):
    """Lay the two drafted tiles sharing a side: ``first`` at (0, 0), ``second`` at (1, 0),
    or at (0, 1) — farther from the owner — when ``stacked``."""
    first: int
    second: int
    stacked: bool


# ---------------------------------------------------------------- 1. «Открыть квадрат»
class Reveal(Action, kind="reveal"):
    stack: str  # "nature" | "village" | "city"


# ---------------------------------------------------------------- 2. «Разыграть жетон»
class PlayWar(Action, kind="play_war"):
    target: int
    x: int
    y: int


class PlayCoin(Action, kind="play_coin"):
    target: int
    x: int
    y: int
    good: str


class PlayCart(Action, kind="play_cart"):
    """A cart on the corner whose upper-right cell is (x, y)."""
    x: int
    y: int


class PlayMaster(Action, kind="play_master"):
    master: str
    x: int
    y: int


# ---------------------------------------------------------------- 3. «Присоединить квадрат»
class ChooseTile(Action, kind="choose_tile"):
    """Pick the open tile (row or prize) to attach this turn."""
    tile: int


class DrawNature(Action, kind="draw_nature"):
    """No open tile fits: draw the top nature tile to attach it."""


class Attach(Action, kind="attach"):
    """Put the chosen tile on (x, y); an occupied cell means replacing the tile there."""
    x: int
    y: int


class EndTurn(Action, kind="end_turn"):
    """Nothing can be attached and the nature stack is empty: end the turn."""


# ---------------------------------------------------------------- «Конец игры»
class ProposeEnd(Action, kind="propose_end"):
    """Propose that nobody can score any more; every other player must agree."""


class AnswerEnd(Action, kind="answer_end"):
    agree: bool


class FinishMasters(Action, kind="finish_masters"):
    """After the agreement: done placing masters before the scoring."""


ACTION_CLASSES = (DraftPick, FoundState, Reveal, PlayWar, PlayCoin, PlayCart, PlayMaster,
                  ChooseTile, DrawNature, Attach, EndTurn, ProposeEnd, AnswerEnd, FinishMasters)

STACKS = ("nature", "village", "city")
