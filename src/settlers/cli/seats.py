"""Seat specifications for terminal play: ``human,mcts:iterations=400,random`` → who plays
each seat. Bot entries use the same syntax as ``settlers simulate`` (settlers.sim.seating)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from settlers.core import InvalidOption, SettlersError, translate
from settlers.core.clauses import clause
from settlers.core.i18n import LANGUAGES, lookup

HUMAN_WORDS = {"human", "h", "человек", "я"}


@dataclass(frozen=True)
class Seat:
    kind: str  # "human" or a bot spec such as "mcts:iterations=400"
    bot: Any = None

    @property
    def human(self) -> bool:
        return self.kind == "human"


def seat_word(seat: Seat, lang: str) -> str:
    """Who plays ``seat``, in the reader's words: «человек», «эвристика», «MCTS
    (iterations=400)» (a budget is shown as typed: its keys are what one types)."""
    bot, _, budget = seat.kind.partition(":")
    key = f"cli.seat_kind.{bot}"
    word = translate(key, lang) if lookup(key, lang) is not None else bot
    if budget:
        return translate("cli.seat_kind.with_budget", lang, bot=word,
                         budget=budget.replace(":", ", "))
    return word


def parse_seats(spec: str, players: int | None, seed: int,
                game_id: str | None = None) -> list[Seat]:
    """Parse a comma-separated seat list; each bot gets its own seed derived from ``seed``.
    A single entry with ``players`` given fills every seat; otherwise there must be one entry
    per player. With ``game_id`` (and ``players``), a bot that cannot play that game is
    refused now rather than at its first move (an ``rl`` bot's policy file is checked)."""
    from settlers.bots import check_plays

    words = [w.strip() for w in spec.split(",") if w.strip()]
    specs = seat_specs(words)   # a misspelt seat first: a count's example would copy it
    if players is not None and len(words) == 1:
        words = words * players
    if players is not None and len(words) != players:
        # the list cut or filled up with its last seat, as one that fits
        example = (words + words[-1:] * players)[:players] if words else (
            ["human"] + ["random"] * (players - 1))
        raise InvalidOption("cli.seats_count", given=len(words), players=players,
                            seats=", ".join(words) or "—", example=",".join(example))
    seats: list[Seat] = []
    for index, word in enumerate(words):
        bot_spec = specs[word]
        if bot_spec is None:
            seats.append(Seat("human"))
            continue
        if game_id is not None:
            check_plays(bot_spec.bot, game_id, players or len(words), **dict(bot_spec.budget))
        seats.append(Seat(bot_spec.label, bot_spec.build(seed * 1009 + index)))
    return seats


def seat_specs(words: list[str]) -> dict[str, Any]:
    """Each seat word's bot spec (None for a person), or the refusal of the first word that
    names no seat: an unknown bot, or a known bot with a budget it does not take."""
    from settlers.bots import names
    from settlers.sim.seating import parse_seat

    specs: dict[str, Any] = {}
    for word in words:
        if word in specs:
            continue
        if word.lower() in HUMAN_WORDS:
            specs[word] = None
            continue
        try:
            specs[word] = parse_seat(word)
        except SettlersError as exc:
            if exc.key == "bots.unknown_bot":
                raise InvalidOption("cli.bad_seat", seat=word,
                                    known=", ".join(["human", *names()])) from None
            # a known bot with a budget it does not take: the bot's own reason
            raise InvalidOption("cli.bad_seat_budget", seat=word,
                                reason={lang: clause(exc.message(lang)) for lang in LANGUAGES}
                                ) from None
    return specs


def default_seats(game_id: str, players: int) -> str:
    """You against the strongest bot that plays this game."""
    from settlers.bots import supports

    best = next(name for name in ("heuristic", "mcts", "greedy") if supports(name, game_id))
    return ",".join(["human"] + [best] * (players - 1))
