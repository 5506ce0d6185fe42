"""«Тайные ставки» / Sealed bids: a small complete game in the shape of every game package
(docs/game-shape.md), used by core, bot and server tests and by docs/new-game.md.

Not one of the board games and not registered by default (it lives outside
``settlers.games``): tests register it to have a fast game with hidden hands, simultaneous
secret decisions, sequential decisions and chance. Rules: README.md beside this file.
"""

from __future__ import annotations

from settlers.core import ConformancePlan, Game, Option
from settlers.testing.sample import invariants
from settlers.testing.sample.actions import ACTION_CLASSES, Bid, Draw, Pass
from settlers.testing.sample.protocol import SealedBidsGame

GAME = Game(
    id="sample",
    names={"ru": "Тайные ставки", "en": "Sealed bids"},
    min_players=2,
    max_players=4,
    state_class=SealedBidsGame,
    action_classes=ACTION_CLASSES,
    options=(Option("prizes", 6, minimum=2, maximum=10),
             Option("hand", 5, minimum=1, maximum=6)),
    package=__name__,
    descriptions={"ru": "Маленькая игра для проверки платформы.",
                  "en": "A small game for testing the platform."},
    conformance=ConformancePlan(players=(2, 3, 4), options=({}, {"prizes": 10, "hand": 3}),
                                games=4),
    invariants=invariants,
)

__all__ = ["GAME", "Bid", "Draw", "Pass", "SealedBidsGame"]
