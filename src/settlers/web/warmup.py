"""What a server loads once, at start-up, so its first visitor does not wait for it.

Python imports a game's modules, reads its content files, message catalogs and tables only
when something first needs them: on a fresh server that was the first game's creation (≈ 1 s,
2.4 s on a loaded machine) — every game package found and imported, numpy with the ``rl``
bot's policies (the bots a table may seat), a game's content read from disk and its labels
from its catalog. :func:`warm_up` does that work before the server says it is ready
(``settlers serve``) and before its bot processes are forked (``create_app``), so they
inherit it too. It is done once per process; the caches it fills are the ones a request
would fill (nothing is computed that a request would not compute)."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from settlers.core.game import Game

log = logging.getLogger("settlers.web")

_done = False
_lock = threading.Lock()


def warm_up() -> None:
    """Import every game, its bots' support lists, its content and catalogs, and play over a
    fresh table of each player count once in each language (idempotent)."""
    global _done
    with _lock:
        if _done:
            return
        _warm()
        _done = True


def _warm() -> None:
    from settlers.core import games
    from settlers.core.i18n import catalog
    from settlers.core.plurals import plural_category
    from settlers.web.bots import bot_names
    from settlers.web.forms import game_catalog_entries
    from settlers.web.i18n import LANGS, web_catalog

    catalog("settlers.core", "en")
    bot_names()
    for lang in LANGS:
        web_catalog(lang)
        plural_category(lang, 1)   # the language's plural rules (babel's locale data)
    for game in games():
        try:
            _warm_game(game)
        except Exception:   # its first table will say what is wrong; the server starts
            log.warning("cannot prepare the game %r at start-up", game.id, exc_info=True)
    try:
        for lang in LANGS:
            game_catalog_entries(lang)   # the lobby's games, options and content sets
    except Exception:
        log.warning("cannot prepare the lobby's list of games at start-up", exc_info=True)


def _warm_game(game: Game) -> None:
    """A fresh table of ``game`` for each player count, as its first page shows it to each
    seat to act, in each language: its modules, content files, catalog and tables loaded."""
    from settlers.core.i18n import using_player_names
    from settlers.web.bots import bot_names
    from settlers.web.content import content_options_by_name
    from settlers.web.i18n import LANGS, game_catalog
    from settlers.web.pages import prepare_page

    bot_names(game.id)   # the bots that may sit at its tables (the rl bot: numpy)
    for lang in LANGS:
        game_catalog(game, lang)
    options = content_options_by_name(game.id, {})
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_state(players=players, seed=0, options=options)
        for lang in LANGS:
            prepare_page(state, lang)
            with using_player_names([None] * players):
                view = state.view(None, lang=lang)
                for seat in view["to_act"]:
                    state.view(seat, lang=lang)
                    for action in state.legal_actions(seat):
                        state.describe_action(action, lang)
                        action.to_json()
