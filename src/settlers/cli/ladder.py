"""`settlers ladder GAME [--bots a,b,c] [-n N] [--workers W] [--backend local|ray]
[--results FILE.jsonl] [--limit BOT=GAMES] [--max-seconds S] [--max-steps N]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from settlers.bots import names, supports
from settlers.cli import sim_options as opt
from settlers.cli.simulate import check_bots_play, check_seat_count
from settlers.core import get_language, load, translate
from settlers.core.numbers import (
    format_number,
    format_percent,
    format_percent_range,
    format_range,
)
from settlers.core.user_files import check_writable, write_user_file
from settlers.sim.backends import check_backend, default_workers
from settlers.sim.bench import default_players, machine
from settlers.sim.job import DEFAULT_MAX_STEPS
from settlers.sim.ladder import LadderError, parse_limits, run_ladder
from settlers.sim.report import ladder_markdown
from settlers.sim.seating import parse_seats

#: where the report goes without --out: the current folder, never the checkout's docs/results
#: (a short ladder run there replaced the committed 200-game ladders the lobby's levels rest on)
DEFAULT_OUT = Path()


def register(app: typer.Typer) -> None:
    app.command(name="ladder", help=translate("sim.ladder.help"))(ladder)


def ladder(
    game: Annotated[str, opt.game()],
    bots: Annotated[str | None, typer.Option("--bots",
                                             help=translate("sim.ladder.bots_help"))] = None,
    n: Annotated[int, typer.Option("-n", "--games", min=1,
                                   help=translate("sim.ladder.games_help"))] = 20,
    players: Annotated[int | None, typer.Option("--players", min=2,
                                                help=translate("sim.ladder.players_help"))]
    = None,
    seed: Annotated[int, opt.seed()] = 0,
    workers: Annotated[int | None, opt.workers()] = None,
    backend: Annotated[str, opt.backend()] = "local",
    address: Annotated[str | None, opt.address()] = None,
    out: Annotated[str | None, typer.Option("--out", help=translate("sim.ladder.out_help"))]
    = None,
    results: Annotated[str | None, typer.Option(
        "--results", help=translate("sim.ladder.results_help"))] = None,
    limit: Annotated[list[str] | None, typer.Option(
        "--limit", help=translate("sim.ladder.limit_help"))] = None,
    max_seconds: Annotated[float | None, typer.Option(
        "--max-seconds", min=1, help=translate("sim.ladder.max_seconds_help"))] = None,
    max_steps: Annotated[int, opt.max_steps()] = DEFAULT_MAX_STEPS,
    no_progress: Annotated[bool, opt.hide_progress()] = False,
) -> None:
    console = Console()
    with opt.refusals_shown(console):
        definition = load(game)
        seats = players or default_players(definition)
        specs = ([s.label for s in parse_seats(bots)] if bots
                 else [b for b in names() if supports(b, game)])
        specs = list(dict.fromkeys(specs))
        if len(specs) < 2:
            raise LadderError("sim.ladder.too_few_bots", bots=", ".join(specs) or "-")
        check_seat_count(definition, seats, "sim.bad_player_count")
        check_bots_play(parse_seats(specs), game, seats)
        check_backend(backend, address)   # before the progress bar, not under it
        limits = parse_limits(limit or [])
        # every file the ladder writes is refused now if it cannot be, not after its games
        report = None if out == "-" else Path(out) if out else DEFAULT_OUT / f"ladder-{game}.md"
        for path in ([results] if results else []) + (
                [report, report.with_suffix(".json")] if report else []):
            check_writable(path)
        count = workers or default_workers()
        total = pairings_total(specs, n, limits)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, disable=no_progress) as bar:
            task = bar.add_task(translate("sim.ladder.playing", game=load(game).name()), total=total)
            result = run_ladder(game, specs, n, seats, seed, backend, count, address,
                                on_row=lambda _row: bar.update(task, advance=1),
                                results=results, limits=limits, max_steps=max_steps,
                                max_seconds=max_seconds)
    table = Table(title=translate("sim.ladder.title", game=load(game).name()))
    opt.add_columns(table, ("sim.col.rank", "sim.col.bot", "sim.col.rating",
                            "sim.col.rating_ci", "sim.col.matches"))
    for place, rating in enumerate(result.ratings, 1):
        low, high = rating.interval
        table.add_row(str(place), rating.bot, format_number(rating.mu, digits=1),
                      format_range(low, high), format_number(rating.games))
    opt.print_table(console, table)
    heads = Table()
    opt.add_columns(heads, ("sim.col.bot", "sim.col.against", "sim.col.games",
                            "sim.col.win_rate", "sim.col.ci95"))
    for head in sorted(result.heads.values(), key=lambda h: (h.bot, h.field)):
        low, high = head.interval
        heads.add_row(head.bot, f"{seats - 1} × {head.field}", format_number(head.games),
                      format_percent(head.win_rate), format_percent_range(low, high))
    opt.print_table(console, heads)
    if report is not None:
        command = recorded_command(sys.argv[1:], game)
        with opt.refusals_shown(console):
            # in the command's language, as its tables on screen (benchmarks/ladder.py, which
            # writes docs/results, chooses its own with --lang)
            write_user_file(report, ladder_markdown(result, machine(), get_language(),
                                                    command=command))
            write_user_file(report.with_suffix(".json"),
                            json.dumps(result.to_json(), indent=1))
        console.print(translate("sim.ladder.written", path=str(report)))


def recorded_command(argv: list[str], game: str) -> str:
    """The ladder's command line as the report records it: what followed ``ladder``, without
    ``--lang`` (which may stand anywhere on the line and changes no result)."""
    from settlers.cli import take_language

    words = take_language(argv)[1]
    rest = words[words.index("ladder") + 1:] if "ladder" in words else [game]
    return " ".join(["settlers", "ladder", *(rest or [game])])


def pairings_total(specs: list[str], n: int, limits: dict[str, int]) -> int:
    """Games of the whole ladder (before the results file's games are taken off)."""
    from itertools import combinations

    from settlers.sim.ladder import pairing_games

    return sum(pairing_games(a, b, n, limits) for a, b in combinations(specs, 2))
