"""The ladder: every bot against every other bot, ratings fitted with TrueSkill.

    result = run_ladder("catan", ["random", "heuristic", "guided"], per_pairing=200)
    print(ladder_markdown(result, machine()))

A *pairing* (a, b) is played as line-ups in which one bot faces copies of the other: in a
two-seat game `a,b`; with more seats `a,b,b,b` and `b,a,a,a` (half the games each), so each
bot is measured both as the lone seat and as the field. Seats rotate every game.

Ratings: each finished game is one match between the two bots (the seats of a bot form its
team); the team holding the game's winner wins, a split or winnerless game is a draw. The
`trueskill` library fits the ratings, games taken in a fixed order (pairing by pairing, game
index interleaved) so the fit is reproducible. Because both line-ups of a pairing are played
equally often, the lone-seat disadvantage cancels. The interval is mu ± 1.96 sigma (TrueSkill's
belief, not a frequentist interval); the head-to-head table gives the raw win rates with 95%
Wilson intervals of the lone bot against the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import trueskill

from settlers.core.errors import SettlersError
from settlers.sim.job import Job
from settlers.sim.seating import parse_seat
from settlers.sim.stats import Z95, wilson
from settlers.sim.tournament import run_tournament

DRAW_PROBABILITY = 0.02


class LadderError(SettlersError, ValueError):
    """A ladder that cannot be played (fewer than two bots)."""


def pairing_lineups(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """The line-ups that make up the pairing (a, b) at a table of `players` seats."""
    if players == 2:
        return [(a, b)]
    return [(a,) + (b,) * (players - 1), (b,) + (a,) * (players - 1)]


@dataclass
class HeadToHead:
    """The lone bot `bot` against `players - 1` copies of `field`."""

    bot: str
    field: str
    games: int = 0
    wins: float = 0.0
    failed: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class Rating:
    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)


@dataclass
class LadderResult:
    game: str
    players: int
    bots: list[str]
    per_pairing: int
    seed: int
    ratings: list[Rating]
    heads: dict[tuple[str, str], HeadToHead] = field(default_factory=dict)
    failed: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "bots": self.bots,
            "per_pairing": self.per_pairing, "seed": self.seed, "failed": self.failed,
            "ratings": [{"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "games": r.games,
                         "ci95": list(r.interval)} for r in self.ratings],
            "head_to_head": [{"bot": h.bot, "field": h.field, "games": h.games,
                              "wins": h.wins, "win_rate": h.win_rate,
                              "ci95": list(h.interval), "failed": h.failed}
                             for h in self.heads.values()],
        }


def match_outcome(row: dict[str, Any], a: str, b: str) -> int | None:
    """+1 if a's seats hold every winner, -1 if b's do, 0 for a draw, None if it failed."""
    if row.get("error") is not None:
        return None
    winners = row["winners"] or []
    owners = {row["seats"][seat] for seat in winners}
    if owners == {a}:
        return 1
    if owners == {b}:
        return -1
    return 0


def fit_ratings(matches: list[tuple[str, str, int]], bots: list[str]) -> list[Rating]:
    """TrueSkill ratings from (a, b, outcome) matches in the given order, best first."""
    env = trueskill.TrueSkill(draw_probability=DRAW_PROBABILITY)
    ratings = {bot: env.create_rating() for bot in bots}
    counts = dict.fromkeys(bots, 0)
    for a, b, outcome in matches:
        if outcome < 0:
            a, b = b, a
        ratings[a], ratings[b] = trueskill.rate_1vs1(ratings[a], ratings[b],
                                                   drawn=outcome == 0, env=env)
        counts[a] += 1
        counts[b] += 1
    out = [Rating(bot, ratings[bot].mu, ratings[bot].sigma, counts[bot]) for bot in bots]
    return sorted(out, key=lambda r: (-r.mu, r.bot))


def run_ladder(
    game: str,
    bots: list[str],
    per_pairing: int,
    players: int,
    seed: int = 0,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    options: dict[str, Any] | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> LadderResult:
    """Play every pairing of `bots` (seat specs) `per_pairing` times and fit the ratings."""
    for spec in bots:
        parse_seat(spec)  # a bad name or budget fails before any game
    heads: dict[tuple[str, str], HeadToHead] = {}
    matches: list[tuple[str, str, int]] = []
    failed = 0
    for a, b in combinations(bots, 2):
        lineups = pairing_lineups(a, b, players)
        share, extra = divmod(per_pairing, len(lineups))
        per_lineup: list[list[tuple[int, str, str, int]]] = []
        for number, lineup in enumerate(lineups):
            count = share + (1 if number < extra else 0)
            if count == 0:
                continue
            lone, rest = lineup[0], lineup[1]
            job = Job(game, tuple(parse_seat(s) for s in lineup), count,
                      seed=hash_seed(seed, a, b, number), options=dict(options or {}),
                      rotate=True, game_modules=Job.modules_for(game))
            rows, _summary = run_tournament(job, backend, workers, address, on_row=on_row)
            found = []
            for row in rows:
                outcome = match_outcome(row, a, b)
                if outcome is None:
                    failed += 1
                    head_of(heads, lone, rest).failed += 1
                    if players == 2:
                        head_of(heads, rest, lone).failed += 1
                    continue
                found.append((row["index"], a, b, outcome))
                count_head(heads, row, lone, rest)
                if players == 2:
                    count_head(heads, row, rest, lone)
            per_lineup.append(found)
        # interleave the line-ups game by game: the fit does not see one line-up in a block
        for index in range(max((len(x) for x in per_lineup), default=0)):
            for found in per_lineup:
                if index < len(found):
                    matches.append(found[index][1:])
    return LadderResult(game, players, list(bots), per_pairing, seed,
                        fit_ratings(matches, list(bots)), heads, failed)


def hash_seed(seed: int, *parts: object) -> int:
    from settlers.bots import derive_seed

    return derive_seed("ladder", seed, *parts)


def head_of(heads: dict[tuple[str, str], HeadToHead], bot: str, rival: str) -> HeadToHead:
    if (bot, rival) not in heads:
        heads[(bot, rival)] = HeadToHead(bot, rival)
    return heads[(bot, rival)]


def count_head(heads: dict[tuple[str, str], HeadToHead], row: dict[str, Any], bot: str,
               rival: str) -> None:
    """The lone `bot`'s win share in one finished game."""
    head = head_of(heads, bot, rival)
    head.games += 1
    winners = row["winners"] or []
    if winners:
        mine = sum(1 for seat in winners if row["seats"][seat] == bot)
        head.wins += mine / len(winners)
