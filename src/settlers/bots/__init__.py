"""Bots that play every settlers game through the protocol, selectable by name.

    settlers.bots.names()                       # ['greedy', 'heuristic', 'mcts', 'random']
    bot = settlers.bots.make("mcts", seed=3, iterations=400)
    action = bot.act(state, seat)               # one of state.legal_actions(seat)

Budgets are keyword arguments (strings such as "400" from the command line are converted).
`heuristic` plays the games that have a hand-written heuristic (see `settlers.bots.heuristics`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from settlers.bots.base import Bot, BotError, check_budget, derive_seed, game_names
from settlers.bots.greedy import GreedyBot
from settlers.bots.heuristics import HeuristicBot, heuristic_games
from settlers.bots.mcts import GuidedBot, MCTSBot
from settlers.bots.random_bot import RandomBot
from settlers.bots.search import SearchBot

__all__ = ["Bot", "BotError", "check_plays", "derive_seed", "make", "names", "supports"]


@dataclass(frozen=True)
class BotKind:
    factory: Callable[..., Any]
    budget: dict[str, type]
    games: Callable[[], tuple[str, ...]] | None = None  # None: every game


def _rl_bot(**kwargs: Any) -> Any:
    from settlers.rl.bot import RLBot  # numpy only, imported when an rl bot is made
    return RLBot(**kwargs)


def _rl_games() -> tuple[str, ...]:
    from settlers.rl.bot import shipped_games
    return shipped_games()


#: the budget keys of the tree-search bots (``mcts`` and ``guided``)
_SEARCH_BUDGET: dict[str, type] = {"iterations": int, "ms": float, "rollout_depth": int,
                                   "exploration": float, "playout": str, "prior": str,
                                   "prior_weight": float, "reuse": int}
_KINDS: dict[str, BotKind] = {
    "random": BotKind(RandomBot, {}),
    "greedy": BotKind(GreedyBot, {"samples": int}),
    "mcts": BotKind(MCTSBot, _SEARCH_BUDGET),
    "guided": BotKind(GuidedBot, _SEARCH_BUDGET, heuristic_games),
    "heuristic": BotKind(HeuristicBot, {}, heuristic_games),
    "search": BotKind(SearchBot, {"iterations": int, "ms": float, "cpu_ms": float,
                                  "top_k": int, "depth": int, "reuse": int,
                                  "margin": float, "leaf": int, "focus": int,
                                  "playout": str},
                       heuristic_games),
    "rl": BotKind(_rl_bot, {"policy": str}, _rl_games),
}


def names() -> list[str]:
    """Sorted names of every bot."""
    return sorted(_KINDS)


def supports(name: str, game_id: str) -> bool:
    """Whether the bot `name` can play the game `game_id`."""
    kind = _kind(name)
    return kind.games is None or game_id in kind.games()


def check_plays(name: str, game_id: str, players: int, **budget: Any) -> None:
    """BotError unless the bot ``name`` with ``budget`` can play ``game_id`` with ``players``
    players. Called where seats are read (``play --seats``, ``simulate``, ``ladder``, a web
    table's bot seats), so what a bot would refuse at its first move is said before the game:
    a bot with a ``ready_for(game_id, players)`` method checks there what it needs (the
    ``rl`` bot loads and checks its policy file)."""
    if not supports(name, game_id):
        raise BotError("bots.unsupported_game", bot=name, game=game_names(game_id))
    ready_for = getattr(make(name, **budget), "ready_for", None)
    if ready_for is not None:
        ready_for(game_id, players)


def make(name: str, seed: int = 0, **budget: Any) -> Bot:
    """A new bot `name` with its own seed and budget (e.g. iterations=400 or ms=100)."""
    kind = _kind(name)
    check_budget(name, budget, tuple(kind.budget))
    converted = {}
    for key, value in budget.items():
        wanted = kind.budget[key]
        try:
            converted[key] = wanted(value) if value is not None else None
        except (TypeError, ValueError):
            raise BotError("bots.bad_budget_value", bot=name, key=key, value=value,
                           expected=wanted.__name__) from None
    return kind.factory(seed=seed, **converted)


def _kind(name: str) -> BotKind:
    kind = _KINDS.get(name)
    if kind is None:
        raise BotError("bots.unknown_bot", bot=name, known=", ".join(names()))
    return kind
