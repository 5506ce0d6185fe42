"""`settlers bench`: random-playout throughput of every game and bot decision latency."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from settlers.bots import supports
from settlers.cli import sim_options as opt
from settlers.cli.sim_options import add_columns, print_table, refusals_shown
from settlers.core import game_ids, get_language, load, translate
from settlers.core.numbers import format_number
from settlers.core.user_files import check_writable, write_user_file
from settlers.sim import bench
from settlers.sim.report import latency_markdown, throughput_markdown
from settlers.sim.seating import parse_seats


def register(app: typer.Typer) -> None:
    app.command(name="bench", help=translate("sim.cli.bench_help"))(bench_command)


def bench_command(
    games: Annotated[list[str] | None, typer.Argument(
        metavar=translate("cli.metavar.games"),
        help=translate("sim.cli.bench_games_help", games=", ".join(game_ids())))]
    = None,
    seconds: Annotated[float, typer.Option("--seconds", min=0.1,
                                           help=translate("sim.cli.bench_seconds_help"))] = 5.0,
    bots: Annotated[str, typer.Option("--bots", help=translate("sim.cli.bench_bots_help"))]
    = "random,greedy,mcts,heuristic",
    decisions: Annotated[int, typer.Option("--decisions", min=1,
                                           help=translate("sim.cli.bench_decisions_help"))]
    = 100,
    seed: Annotated[int, opt.seed()] = 0,
    markdown: Annotated[Path | None, typer.Option("--markdown",
                                                  help=translate("sim.cli.markdown_help"))]
    = None,
) -> None:
    console = Console()
    chosen = games or game_ids()
    with refusals_shown(console):
        # an unknown game or a bad bot is refused before minutes of measuring, not after
        for game_id in chosen:
            load(game_id)
        specs = parse_seats(bots)
        if markdown is not None:   # nor a report that cannot be written
            check_writable(markdown)
        results = []
        for game_id in chosen:
            console.print(translate("sim.cli.bench_running", game=load(game_id).name()),
                          highlight=False)
            results.append(bench.measure_throughput_isolated(game_id, seconds=seconds,
                                                             seed=seed))
        latencies = []
        for game_id in chosen:
            for spec in specs:
                if supports(spec.bot, game_id):
                    latencies.append(bench.measure_latency(
                        game_id, spec.bot, decisions=decisions,
                        seconds=max(seconds * 4, 10.0), seed=seed, budget=dict(spec.budget)))
    print_tables(console, results, latencies)
    if markdown is not None:
        info = bench.machine()
        with refusals_shown(console):
            # in the language of the command, as its tables on screen
            lang = get_language()
            write_user_file(markdown, throughput_markdown(results, info, lang) + "\n"
                            + latency_markdown(latencies, info, lang))
        console.print(translate("sim.cli.written_markdown", path=str(markdown)))


def print_tables(console: Console, results: list[bench.Throughput],
                 latencies: list[bench.Latency]) -> None:
    table = Table(title=translate("sim.bench.throughput_title"))
    add_columns(table, ("sim.col.game", "sim.col.players", "sim.col.games",
                        "sim.col.games_per_s", "sim.col.actions_per_s",
                        "sim.col.actions_per_game", "sim.col.peak_rss"))
    for r in results:
        table.add_row(load(r.game).name(), str(r.players), format_number(r.games),
                      format_number(r.games_per_s, digits=2),
                      format_number(r.actions_per_s, digits=0, grouping=True),
                      format_number(r.actions_per_game, digits=1),
                      format_number(r.peak_rss_mb, digits=0))
    print_table(console, table)
    table = Table(title=translate("sim.bench.latency_title"))
    add_columns(table, ("sim.col.game", "sim.col.bot", "sim.col.budget", "sim.col.decisions",
                        "sim.col.median_ms", "sim.col.p99_ms"))
    for latency in latencies:
        budget = (translate("sim.bench.default_budget") if latency.budget == "default"
                  else latency.budget)
        table.add_row(load(latency.game).name(), latency.bot, budget, format_number(latency.decisions),
                      format_number(latency.median_ms, digits=2),
                      format_number(latency.p99_ms, digits=2))
    print_table(console, table)
