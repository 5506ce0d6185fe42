"""Tournament statistics: win rates with 95% Wilson intervals, mean scores, game length.

A bot's win rate counts one trial per seat it occupied in a finished game and a win share of
1/k when k seats tie for the win. When a bot fills several seats of the same game those trials
are not independent, so its interval is only indicative; the line-ups that matter for strength
(one bot against three others) have one seat per bot and game.

`Tally` adds rows one by one as games finish (nothing but counters is kept, so millions of
games fit); sums are exact fractions, so the summary does not depend on the order in which
games arrive — i.e. not on the backend or the number of workers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import median
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))



def fisher_two_sided(a: int, n1: int, b: int, n2: int) -> float:
    """Fisher's exact test of a/n1 against b/n2: the probability, with the margins fixed, of
    a table no likelier than the one seen (two-sided)."""
    k, n = a + b, n1 + n2

    def p(x: int) -> float:
        return math.comb(n1, x) * math.comb(n2, k - x) / math.comb(n, k)
    seen = p(a)
    lo, hi = max(0, k - n2), min(k, n1)
    return min(1.0, sum(p(x) for x in range(lo, hi + 1) if p(x) <= seen * (1 + 1e-9)))

@dataclass
class BotLine:
    label: str
    seats: int = 0                  # seat-games played to the end
    win_sum: Fraction = Fraction(0)  # win shares
    score_sum: Fraction = Fraction(0)

    @property
    def wins(self) -> float:
        return float(self.win_sum)

    @property
    def win_rate(self) -> float:
        return float(self.win_sum / self.seats) if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return float(self.score_sum / self.seats) if self.seats else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"bot": self.label, "seat_games": self.seats, "wins": self.wins,
                "win_rate": self.win_rate, "ci95": [low, high], "mean_score": self.mean_score}


@dataclass
class Summary:
    games: int
    finished: int
    failed: int
    bots: list[BotLine]
    mean_actions: float
    median_actions: float
    mean_seconds: float
    failures: list[dict[str, Any]]
    no_winner: int = 0     # finished games that nobody won (every seat lost)
    shared: int = 0        # finished games won by more than one seat

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "finished": self.finished, "failed": self.failed,
                "no_winner": self.no_winner, "shared": self.shared,
                "bots": [b.to_json() for b in self.bots], "mean_actions": self.mean_actions,
                "median_actions": self.median_actions, "mean_seconds": self.mean_seconds,
                "failures": self.failures}


class Tally:
    """Running totals of a tournament; bots are listed in `labels` order, then as they appear."""

    def __init__(self, labels: list[str] | None = None) -> None:
        self.lines: dict[str, BotLine] = {label: BotLine(label) for label in labels or []}
        self.games = 0
        self.actions: list[int] = []
        self.seconds = 0.0
        self.failures: list[dict[str, Any]] = []
        self.no_winner = 0
        self.shared = 0

    def add(self, row: dict[str, Any]) -> None:
        self.games += 1
        for label in row["seats"]:
            if label not in self.lines:
                self.lines[label] = BotLine(label)
        error = row.get("error")
        if error is not None:
            self.failures.append({"index": row["index"], "seed": row["seed"],
                                  "kind": error["kind"], "message": error["message"],
                                  **({"messages": error["messages"]}
                                     if error.get("messages") else {})})
            return
        winners = row["winners"] or []
        share = Fraction(1, len(winners)) if winners else Fraction(0)
        self.no_winner += not winners
        self.shared += len(winners) > 1
        for seat, label in enumerate(row["seats"]):
            line = self.lines[label]
            line.seats += 1
            line.score_sum += Fraction(row["scores"][seat])
            if seat in winners:
                line.win_sum += share
        self.actions.append(row["actions"])
        self.seconds += row["seconds"]

    def summary(self) -> Summary:
        finished = len(self.actions)
        return Summary(
            games=self.games,
            finished=finished,
            failed=self.games - finished,
            bots=list(self.lines.values()),
            mean_actions=sum(self.actions) / finished if finished else 0.0,
            median_actions=float(median(self.actions)) if finished else 0.0,
            mean_seconds=self.seconds / finished if finished else 0.0,
            failures=sorted(self.failures, key=lambda f: f["index"]),
            no_winner=self.no_winner,
            shared=self.shared,
        )


def summarize(rows: list[dict[str, Any]], labels: list[str] | None = None) -> Summary:
    """Aggregate result rows (see `Tally`)."""
    tally = Tally(labels)
    for row in rows:
        tally.add(row)
    return tally.summary()
