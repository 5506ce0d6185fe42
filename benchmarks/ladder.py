"""The ladder of every game (or the games given): `settlers ladder` for each, in one run.

    .venv/bin/python benchmarks/ladder.py --games catan iceland -n 200 --workers 2
    .venv/bin/python benchmarks/ladder.py --games catan --bots random,heuristic,guided -n 40
    .venv/bin/python benchmarks/ladder.py --games catan -n 200 \
        --bots random,greedy:samples=1,heuristic,guided:iterations=30 \
        --limit guided:iterations=30=40 --max-seconds 900

Every finished game is appended to docs/results/ladder-<game>.jsonl at once; a run that
stopped continues where it was (the games in the file are not played again), and a run with
a larger -n or more bots only plays what is missing. Writes docs/results/ladder-<game>.md and
.json from all the games of the file that belong to the ladder asked for (see
`settlers.sim.ladder`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import settlers.core as core
from settlers.bots import names, supports
from settlers.sim.bench import default_players, machine
from settlers.sim.job import DEFAULT_MAX_STEPS
from settlers.sim.ladder import parse_limits, run_ladder
from settlers.sim.report import ladder_markdown, ladders_summary_markdown

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--bots", default=None,
                        help="comma-separated seat specs (default: every bot of the game)")
    parser.add_argument("-n", type=int, default=200, help="games per pairing")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--backend", default="local")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "results")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--limit", action="append", default=[],
                        help="BOT=GAMES: fewer games for the pairings of an expensive bot")
    parser.add_argument("--max-seconds", type=float, default=900.0,
                        help="wall-clock cap per game (replayed on the next run)")
    parser.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS)
    parser.add_argument("--play-only", default=None,
                        help="comma-separated bots: play only their pairings, take the others "
                             "from the results file as they are")
    parser.add_argument("--no-play", action="store_true",
                        help="play nothing: write the tables from the games the results file "
                             "holds (a pairing then shows the games it has)")
    parser.add_argument("--summary", action="store_true",
                        help="play nothing: print one README table of every ladder-*.json")
    parser.add_argument("--no-results", action="store_true",
                        help="do not read or append the ladder-<game>.jsonl results file")
    args = parser.parse_args(argv)
    core.set_language(args.lang)
    command = "benchmarks/ladder.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.summary:
        ladders = [json.loads(path.read_text(encoding="utf-8"))
                   for path in sorted(args.out.glob("ladder-*.json"))]
        print(ladders_summary_markdown(ladders, args.lang), end="")
        return 0
    for game_id in args.games or core.game_ids():
        bots = (args.bots.split(",") if args.bots
                else [b for b in names() if supports(b, game_id)])
        bots = [b for b in bots if supports(b.split(":")[0], game_id)]
        players = default_players(core.load(game_id))
        limits = {spec: games for spec, games in parse_limits(args.limit).items()
                  if spec in bots}
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"ladder-{game_id}.md"
        result = run_ladder(game_id, bots, args.n, players, args.seed, args.backend,
                            args.workers, limits=limits, max_steps=args.max_steps,
                            max_seconds=args.max_seconds,
                            play_only=(set() if args.no_play else
                                       set(args.play_only.split(",")) if args.play_only
                                       else None),
                            results=None if args.no_results else path.with_suffix(".jsonl"))
        path.write_text(ladder_markdown(result, machine(), args.lang, command),
                        encoding="utf-8")
        path.with_suffix(".json").write_text(json.dumps(result.to_json(), indent=1),
                                             encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
