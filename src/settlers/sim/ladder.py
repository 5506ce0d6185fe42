"""The ladder: every bot against every other bot, ratings fitted with TrueSkill.

    result = run_ladder("catan", ["random", "heuristic", "guided"], per_pairing=200)
    print(ladder_markdown(result, machine()))

A *pairing* (a, b) is played as line-ups in which one bot faces copies of the other: in a
two-seat game `a,b`; with more seats `a,b,b,b` and `b,a,a,a` (half the games each), so each
bot is measured both as the lone seat and as the field. Seats rotate every game.

Ratings: each finished game is one match between the two bots (the seats of a bot form its
team); the team holding the game's winner wins, a split or winnerless game is a draw. The
`trueskill` library fits the ratings, games taken in a fixed order (pairing by pairing, game
index interleaved) so the fit is reproducible; the dynamics factor tau is 0 (bots do not
change between games). Because both line-ups of a pairing are played
equally often, the lone-seat disadvantage cancels. The interval is mu ± 1.96 sigma (TrueSkill's
belief, not a frequentist interval); the head-to-head table gives the raw win rates with 95%
Wilson intervals of the lone bot against the field.

A game stopped by the action cap (`max_steps`: nobody won in that many actions, e.g. random
seats that never finish) has no result: it is listed as failed and the next index of its
line-up is played in its place, so every pairing keeps its number of counted games. A game
stopped by the wall clock is played again on the next run.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import trueskill

from settlers.core.errors import SettlersError
from settlers.core.user_files import (
    UnreadableFile,
    check_writable,
    open_for_writing,
    read_user_lines,
)
from settlers.sim.job import DEFAULT_MAX_STEPS, Job
from settlers.sim.results import MAX_ROW_BYTES, ResultsError, parse_row
from settlers.sim.seating import parse_seat
from settlers.sim.stats import Z95, wilson
from settlers.sim.tournament import run_tournament

DRAW_PROBABILITY = 0.02
#: TrueSkill's dynamics factor: 0, since a bot does not change between games (with the
#: library's default, sigma stops shrinking after a few dozen games and mu follows the last
#: games played instead of all of them)
TAU = 0.0


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
    seconds: float = 0.0  # wall time of all the games, summed

    @property
    def games(self) -> int:
        return sum(h.games + h.failed for (bot, rival), h in self.heads.items()
                   if self.players > 2 or bot < rival)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "bots": self.bots,
            "per_pairing": self.per_pairing, "seed": self.seed, "failed": self.failed,
            "games": self.games, "seconds": round(self.seconds, 1),
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
    """TrueSkill ratings from (a, b, outcome) matches in the given order, best first; bots
    without a match are left out."""
    env = trueskill.TrueSkill(draw_probability=DRAW_PROBABILITY, tau=TAU)
    ratings = {bot: env.create_rating() for bot in bots}
    counts = dict.fromkeys(bots, 0)
    for a, b, outcome in matches:
        if outcome < 0:
            a, b = b, a
        ratings[a], ratings[b] = trueskill.rate_1vs1(ratings[a], ratings[b],
                                                   drawn=outcome == 0, env=env)
        counts[a] += 1
        counts[b] += 1
    out = [Rating(bot, ratings[bot].mu, ratings[bot].sigma, counts[bot]) for bot in bots
           if counts[bot]]  # a bot without a finished game has no rating yet
    return sorted(out, key=lambda r: (-r.mu, r.bot))


def parse_limits(texts: list[str]) -> dict[str, int]:
    """`["guided:iterations=30=40"]` -> {"guided:iterations=30": 40} (the last `=` splits)."""
    limits: dict[str, int] = {}
    for text in texts:
        spec, _, games = text.rpartition("=")
        if not spec or not games.isdigit() or int(games) < 1:
            raise LadderError("sim.ladder.bad_limit", limit=text)
        limits[parse_seat(spec).label] = int(games)
    return limits


def pairing_games(a: str, b: str, per_pairing: int, limits: dict[str, int] | None) -> int:
    """Games the pairing (a, b) plays: `per_pairing`, or fewer if either bot has a limit."""
    caps = [per_pairing] + [(limits or {})[bot] for bot in (a, b) if bot in (limits or {})]
    return min(caps)


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
    results: str | Path | None = None,
    limits: dict[str, int] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_seconds: float | None = None,
    play_only: set[str] | None = None,
) -> LadderResult:
    """Play every pairing of `bots` (seat specs) `per_pairing` times and fit the ratings.

    `results`: a JSON Lines file the finished games are appended to as they end; the games
    it already holds (same game, line-up, seed and index) are not played again, so a run
    that stopped resumes, and a run with a larger `per_pairing` extends it. Games that hit
    the wall-clock cap `max_seconds` are played again on the next run; `max_steps` caps the
    actions of a game. `limits`: fewer games for the pairings of an expensive bot
    ({spec: games}). `play_only`: play only the pairings of these bots; the others are taken
    as the results file has them (e.g. while another run is still playing them), each
    line-up of such a pairing cut to the games of its line-up with fewest, so both ways round
    count equally.
    """
    for spec in bots:
        parse_seat(spec)  # a bad name or budget fails before any game
    for spec in limits or {}:
        if spec not in bots:
            raise LadderError("sim.ladder.limit_not_playing", bot=spec, bots=", ".join(bots))
    known = load_rows(results, game) if results is not None else {}
    heads: dict[tuple[str, str], HeadToHead] = {}
    matches: list[tuple[str, str, int]] = []
    failed = 0
    seconds = 0.0
    for a, b in combinations(bots, 2):
        lineups = pairing_lineups(a, b, players)
        share, extra = divmod(pairing_games(a, b, per_pairing, limits), len(lineups))
        taken = play_only is not None and a not in play_only and b not in play_only
        gathered: list[tuple[tuple[str, ...], list[dict[str, Any]]]] = []
        for number, lineup in enumerate(lineups):
            count = share + (1 if number < extra else 0)
            if count == 0:
                continue
            job_seed = lineup_seed(seed, lineup)
            done = dict(known.get((job_seed, lineup), {}))
            while True:  # again while games stopped by the action cap need replacing
                rows, missing = counted_indices(done, count, taken)
                if not missing:
                    break
                job = Job(game, tuple(parse_seat(s) for s in lineup), count, seed=job_seed,
                          options=dict(options or {}), rotate=True,
                          game_modules=Job.modules_for(game), indices=missing,
                          max_steps=max_steps, max_seconds=max_seconds)
                for row in play_lineup(job, lineup, backend, workers, address, on_row,
                                       results):
                    done[int(row["index"])] = row
            rows.sort(key=lambda r: r["index"])
            gathered.append((lineup, rows))
        if taken and gathered:
            # a pairing taken from an unfinished file: as many games of each line-up, so the
            # lone-seat disadvantage still cancels
            # (counted games: a game replaced for the action cap stays with the rows before
            # its replacement)
            common = min(sum(not replaced(r) for r in rows) for _lineup, rows in gathered)
            gathered = [(lineup, first_counted(rows, common)) for lineup, rows in gathered]
        per_lineup: list[list[tuple[int, str, str, int]]] = []
        for lineup, rows in gathered:
            lone, rest = lineup[0], lineup[1]
            found = []
            for row in rows:
                seconds += float(row.get("seconds") or 0.0)
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
                        fit_ratings(matches, list(bots)), heads, failed, seconds)


def replaced(row: dict[str, Any]) -> bool:
    """A game stopped by the action cap has no result (nobody won in `max_steps` actions): it
    stays in the table as failed, and the next index of its line-up is played in its place so
    that the pairing still has its number of games."""
    return (row.get("error") or {}).get("kind") == "step_limit"


def stopped_by_clock(row: dict[str, Any]) -> bool:
    """A game stopped by the wall-clock cap: left out and played again on the next run."""
    return (row.get("error") or {}).get("kind") == "time_limit"


def counted_indices(done: dict[int, dict[str, Any]], count: int,
                    taken: bool) -> tuple[list[dict[str, Any]], tuple[int, ...]]:
    """The rows of one line-up's first `count` games, each game stopped by the action cap
    (``replaced``) followed by one more index; and the indices of those still to play (none
    when the pairing is taken from the results file as it is). A game stopped by the clock
    in this run counts as failed; the results file leaves it out, so the next run plays it."""
    rows: list[dict[str, Any]] = []
    missing: list[int] = []
    slots = index = 0
    while slots < count and index < 2 * count:
        row = done.get(index)
        if row is None:
            if not taken:
                missing.append(index)
            slots += 1
        else:
            rows.append(row)
            slots += 0 if replaced(row) else 1
        index += 1
    return rows, tuple(missing)


def first_counted(rows: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    """The rows up to and including the `count`-th that is not ``replaced``."""
    out: list[dict[str, Any]] = []
    counted = 0
    for row in rows:
        if counted == count:
            break
        out.append(row)
        counted += 0 if replaced(row) else 1
    return out


def play_lineup(job: Job, lineup: tuple[str, ...], backend: str, workers: int | None,
                address: str | None, on_row: Callable[[dict[str, Any]], None] | None,
                results: str | Path | None) -> list[dict[str, Any]]:
    """Play the job's games, appending each finished game to `results` at once."""
    with ExitStack() as stack:
        handle = None
        if results is not None:
            drop_cut_line(check_writable(results))
            handle = stack.enter_context(open_for_writing(results, "a", encoding="utf-8"))

        def keep(row: dict[str, Any]) -> None:
            row["ladder"] = {"lineup": list(lineup), "job_seed": job.seed}
            if handle is not None:
                kept = {**row, "log": None} if row["error"] is None else row
                handle.write(json.dumps(kept, ensure_ascii=False) + "\n")
                handle.flush()
            if on_row is not None:
                on_row(row)

        rows, _summary = run_tournament(job, backend, workers, address, on_row=keep)
    return rows


def load_rows(results: str | Path,
              game: str) -> dict[tuple[int, tuple[str, ...]], dict[int, dict[str, Any]]]:
    """The finished games of `game` in a ladder results file, by (job seed, line-up) and
    index; games stopped by the time cap are left out (they are played again)."""
    out: dict[tuple[int, tuple[str, ...]], dict[int, dict[str, Any]]] = {}
    if not Path(results).exists():
        return out
    for row in read_finished(Path(results)):
        tag = row.get("ladder")
        if row.get("game") != game or not tag:
            continue
        if stopped_by_clock(row):
            continue
        key = (int(tag["job_seed"]), tuple(tag["lineup"]))
        out.setdefault(key, {})[int(row["index"])] = row
    return out


#: how much of a results file's end is read at a time to find its last whole line
CUT_CHUNK = 1 << 16


def drop_cut_line(path: Path) -> None:
    """Cut a last line without its newline (a run killed while writing) off the file."""
    if not path.exists():
        return
    with path.open("r+b") as f:   # read back from the end: a results file may be large
        end = f.seek(0, os.SEEK_END)
        if not end:
            return
        f.seek(end - 1)
        if f.read(1) == b"\n":
            return
        start = end
        while start > 0:
            step = min(CUT_CHUNK, start)
            start -= step
            f.seek(start)
            at = f.read(step).rfind(b"\n")
            if at >= 0:
                f.truncate(start + at + 1)
                return
        f.truncate(0)


def read_finished(path: Path) -> list[dict[str, Any]]:
    """The rows of a results file, read a line at a time as every user's file is
    (settlers.core.user_files); a last line cut short (a run killed while writing) is left
    out, any other bad line is an error. ResultsError names the file and the line at fault
    in the reader's language (a file that cannot be read, a line not UTF-8 or not a row)."""
    rows = []
    cut: ResultsError | None = None   # a bad line: an error unless it is the last
    try:
        for number, line in read_user_lines(path, MAX_ROW_BYTES):
            if cut is not None:
                raise cut
            if not line.strip():
                continue
            try:
                rows.append(parse_row(line, path, number))
            except ResultsError as exc:
                cut = exc
    except UnreadableFile as exc:
        raise ResultsError("sim.results_unreadable", path=str(path),
                           reason=exc.reason) from None
    return rows


def lineup_seed(seed: int, lineup: tuple[str, ...]) -> int:
    """The job seed of one line-up: a function of the ladder seed and the line-up only, so a
    line-up keeps its games whatever other bots the ladder holds."""
    from settlers.bots import derive_seed

    return derive_seed("ladder", seed, *lineup)


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
