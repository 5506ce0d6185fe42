"""Bot strength tables: seeded tournaments per game, written to docs/results/strength.md.

    .venv/bin/python benchmarks/strength.py --games catan --n 200 --search-n 20

For every game: each strong bot (heuristic where the game has one, mcts, greedy) against
random bots filling the other seats; each strong bot against copies of each other one (but
mcts only ever fills one seat); and,
with 3+ seats, all of them at one table. Seats rotate every game; win rates carry 95% Wilson
intervals. Matches with a search bot (mcts) are costly, so they get `--search-n` games.
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import permutations
from pathlib import Path

from rich.console import Console

import settlers.core as core
from settlers.bots import supports
from settlers.sim import Job, parse_seats, run_tournament
from settlers.sim.bench import default_players, machine
from settlers.sim.report import strength_markdown

ROOT = Path(__file__).resolve().parents[1]
STRONG = ("heuristic", "mcts", "greedy")


def lineups(game_id: str, players: int, mcts: str) -> list[str]:
    strong = [mcts if b == "mcts" else b for b in STRONG if supports(b, game_id)]
    out = [",".join([b] + ["random"] * (players - 1)) for b in strong]
    # copies of the search bot are too costly to fill a table: it plays one seat only
    out += [",".join([a] + [b] * (players - 1)) for a, b in permutations(strong, 2)
            if b != mcts]
    if players >= 3 and len(strong) >= 2:
        table = strong[:players] + ["random"] * (players - len(strong[:players]))
        out.append(",".join(table))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--n", type=int, default=200, help="games per match without search")
    parser.add_argument("--search-n", type=int, default=20, help="games per match with mcts")
    parser.add_argument("--mcts", default="mcts", help="seat spec of the search bot")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", action="append", default=[],
                        help="run only the line-ups equal to this (repeatable)")
    parser.add_argument("--skip", action="append", default=[],
                        help="skip the line-ups equal to this (repeatable)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "results")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--tag", default="", help="suffix of the output files")
    parser.add_argument("--count", action="append", default=[], metavar="SEATS=N",
                        help="games for one line-up (repeatable), e.g. greedy,random,random,random=20")
    parser.add_argument("--merge", action="store_true",
                        help="only merge every strength-*.json of --out into strength.md")
    args = parser.parse_args(argv)
    core.set_language(args.lang)
    console = Console()
    if args.merge:
        return merge(args.out, args.lang, console)
    overrides = {k: int(v) for k, _, v in (c.rpartition("=") for c in args.count)}
    order = {seats: i for i, seats in enumerate(args.only)}
    matches = []
    started = time.perf_counter()
    for game_id in args.games or core.game_ids():
        game = core.load(game_id)
        players = default_players(game)
        planned = lineups(game_id, players, args.mcts)
        if args.only:  # in the order given
            planned = sorted((s for s in planned if s in order), key=order.__getitem__)
        for seats in planned:
            if (args.only and seats not in args.only) or seats in args.skip:
                continue
            count = args.search_n if "mcts" in seats else args.n
            count = overrides.get(seats, count)
            job = Job(game_id, parse_seats(seats), count, args.seed, rotate=True)
            tick = time.perf_counter()
            _rows, summary = run_tournament(job, workers=args.workers)
            console.print(f"{game_id} {seats}: {count} games in "
                          f"{time.perf_counter() - tick:.0f} s, failed {summary.failed}")
            for line in summary.bots:
                data = line.to_json()
                matches.append({"game": game_id, "seats": seats, "games": count,
                                "bot": line.label, "seat_games": line.seats,
                                "win_rate": line.win_rate, "ci95": data["ci95"],
                                "mean_score": line.mean_score, "failed": summary.failed,
                                "mean_actions": summary.mean_actions})
                low, high = data["ci95"]
                console.print(f"    {line.label:24s} {100 * line.win_rate:5.1f}% "
                              f"[{100 * low:.1f}–{100 * high:.1f}]  score {line.mean_score:.2f}")
            write(args, argv, matches, started)
    console.print("done")
    return 0


def write(args: argparse.Namespace, argv: list[str] | None, matches: list[dict],
          started: float) -> None:
    """Write the tables so far (after every match: a long run interrupted keeps its results)."""
    args.out.mkdir(parents=True, exist_ok=True)
    name = "strength" + ("-" + "-".join(args.games) if args.games else "") + (
        "-" + args.tag if args.tag else "")
    command = "`.venv/bin/python benchmarks/strength.py " + " ".join(
        argv if argv is not None else __import__("sys").argv[1:]) + "`"
    text = (strength_markdown(matches, machine(), args.lang)
            + f"\nCommand: {command}; seed {args.seed}; "
            f"{time.perf_counter() - started:.0f} s.\n")
    (args.out / f"{name}.md").write_text(text, encoding="utf-8")
    (args.out / f"{name}.json").write_text(json.dumps(matches, indent=1), encoding="utf-8")


def merge(folder: Path, lang: str, console: Console) -> int:
    """One table of every per-game run (their commands are listed under it)."""
    matches, notes = [], []
    for path in sorted(folder.glob("strength-*.json")):
        matches += json.loads(path.read_text(encoding="utf-8"))
        md = path.with_suffix(".md")
        if md.exists():
            notes += [line for line in md.read_text(encoding="utf-8").splitlines()
                      if line.startswith("Command:")]
    text = strength_markdown(matches, machine(), lang) + "\n" + "\n\n".join(notes) + "\n"
    (folder / "strength.md").write_text(text, encoding="utf-8")
    console.print(f"wrote {folder / 'strength.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
