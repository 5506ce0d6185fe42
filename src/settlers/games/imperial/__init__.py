"""Imperial Settlers («Поселенцы», Portal Games) for 1–4 players. See README.md."""

from __future__ import annotations

from itertools import permutations

from settlers.core import ConformancePlan, Game, Option
from settlers.games.imperial import invariants
from settlers.games.imperial.actions import ACTION_CLASSES
from settlers.games.imperial.content import EMPIRES
from settlers.games.imperial.protocol import ImperialGame

EMPIRE_CHOICES = ("random", *tuple(",".join(p) for k in range(1, 5) for p in permutations(EMPIRES, k)))

GAME = Game(
    id="imperial",
    # the Russian edition's title (rulebook L5 «ПОСЕЛЕНЦЫ») is also the site's name (web.app.title):
    # the original title (L910 «Imperial Settlers») beside it tells the game from the site
    names={"ru": "Поселенцы (Imperial Settlers)", "en": "Imperial Settlers"},
    descriptions={
        "ru": "Карточная игра о строительстве империй: 5 раундов, 4 державы; 1–4 игрока.",
        "en": "Card game of building empires: 5 rounds, 4 empires; 1–4 players.",
    },
    min_players=1,
    max_players=4,
    state_class=ImperialGame,
    action_classes=ACTION_CLASSES,
    options=(
        Option("empires", default="random", choices=EMPIRE_CHOICES, choice_separator=","),
        Option("lookout", default="standard", choices=("standard", "alternative", "advanced")),
        Option("peaceful", default=False),
        Option("cards", default=None, type=str, content=True, label="imperial.content.card_file"),
        Option("boards", default=None, type=str, content=True,
               label="imperial.content.empire_board_file"),
        Option("attack_cards", default=None, type=str, content=True,
               label="imperial.content.attack_card_file"),
    ),
    package=__name__,
    invariants=invariants,
    # a new label with any rules change that can replay an old log differently (saves)
    rules_version="2026-12-07.2",
    # Solo (players=1) has its own lookout, so it cannot share these option sets; it runs
    # under the same checks in tests/games/imperial/test_imperial_playouts.py.
    conformance=ConformancePlan(
        players=(2, 3, 4),
        options=({}, {"lookout": "alternative"}, {"lookout": "advanced", "peaceful": True}),
        extra=((1, {}),),  # the solo mode (lookout variants are refused with one player)
        games=2,
        max_steps=5000,
        view_check_every=7,
    ),
)
