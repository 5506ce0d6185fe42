"""What every bot is: a named policy that picks one of `state.legal_actions(seat)`.

Bots only talk to a game through the protocol (`settlers.core`): `to_act`, `legal_actions`,
`apply(check=False)`, `clone`, `determinize`, `evaluate`, `over`, `scores`, `winners`. They never
read hidden information; search bots look at the world only through `state.determinize(seat, …)`.
"""

from __future__ import annotations

import hashlib
from typing import Any, Protocol, runtime_checkable

from settlers.core.errors import SettlersError
from settlers.core.i18n import register_namespace

register_namespace("bots", "settlers.bots")


class BotError(SettlersError, ValueError):
    """A bot cannot be built (unknown name, bad budget) or cannot play this game."""


def game_names(game_id: str) -> Any:
    """A game's names by language, for a message's ``{game!l}``: a user reads the game's name
    in their language, not its id (the id where no game has it: a name a file carried)."""
    from settlers.core import UnknownGame, load

    try:
        return load(game_id).label()
    except (UnknownGame, TypeError):
        return game_id


def heuristic_game_names(game_ids: list[str]) -> list[dict[str, Any]]:
    """Games as items of ``{known!j:bots.game_item}`` (each named in the reader's language)."""
    return [{"game": game_names(g)} for g in game_ids]


@runtime_checkable
class Bot(Protocol):
    name: str

    def act(self, state: Any, seat: int) -> Any:  # pragma: no cover - protocol
        ...


def prescribed(state: Any, seat: int, legal: list[Any]) -> Any | None:
    """The rulebook's own answer to this decision (``state.rule_of_thumb``) when the game
    gives one and it is legal — e.g. agreeing to end a game exactly when one cannot score."""
    hint = getattr(state, "rule_of_thumb", None)
    action = hint(seat) if hint is not None else None
    return action if action is not None and action in legal else None


def obvious_choice(state: Any, seat: int, legal: list[Any]) -> Any | None:
    """No search needed: the only legal action, or the one the rulebook prescribes."""
    if len(legal) == 1:
        return legal[0]
    return prescribed(state, seat, legal)


def derive_seed(*parts: object) -> int:
    """A 63-bit seed that depends only on `parts` (stable across processes and machines)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def decision_seed(bot_seed: int, state: Any, seat: int) -> int:
    """Seed for one decision: the bot's seed plus public facts only (game id, version, seat).

    Using nothing hidden keeps a search bot's decision a function of what `seat` can see.
    """
    return derive_seed(bot_seed, state.game.id, state.version, seat)


def search_root(state: Any) -> Any:
    """A private copy of `state` for a search to determinize from: events dropped and not
    recorded (they are not part of the game's state; copying them per world is waste)."""
    root = state.clone()
    root.events = []
    root.record_events = False
    return root


def win_shares(state: Any) -> list[float]:
    """1/k for each of the k winners of a finished game, 0 for everyone else."""
    winners = state.winners()
    shares = [0.0] * state.players
    if winners:
        share = 1.0 / len(winners)
        for seat in winners:
            shares[seat] = share
    return shares


def check_budget(name: str, budget: dict[str, Any], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(budget) - set(allowed))
    if unknown:
        if allowed:
            raise BotError("bots.unknown_budget", bot=name, unknown=", ".join(unknown),
                           allowed=", ".join(allowed))
        raise BotError("bots.no_budget", bot=name, unknown=", ".join(unknown))
