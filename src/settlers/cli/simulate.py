"""`settlers simulate GAME --seats a,b,c,d -n N …`: a seeded tournament between bots."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from settlers.cli import sim_options as opt
from settlers.cli.seats import HUMAN_WORDS
from settlers.core import Game, InvalidOption, get_language, load, translate
from settlers.core.errors import SettlersError
from settlers.core.i18n import lookup
from settlers.core.numbers import format_number, format_percent, format_percent_range
from settlers.core.options import parse_option_pairs
from settlers.core.user_files import check_writable
from settlers.sim import Job, parse_seats, run_tournament
from settlers.sim.backends import check_backend, default_workers
from settlers.sim.job import DEFAULT_MAX_STEPS
from settlers.sim.results import result_format
from settlers.sim.seating import SeatSpec
from settlers.sim.stats import Summary


def register(app: typer.Typer) -> None:
    app.command(name="simulate", help=translate("sim.cli.simulate_help"))(simulate)


def simulate(
    game: Annotated[str, opt.game()],
    seats: Annotated[str, typer.Option(
        "--seats", metavar=translate("cli.metavar.seats"), help=translate("sim.cli.seats_help"))],
    n: Annotated[int, typer.Option("-n", "--games", min=1,
                                   help=translate("sim.cli.games_help"))] = 100,
    seed: Annotated[int, opt.seed()] = 0,
    workers: Annotated[int | None, opt.workers()] = None,
    rotate_seats: Annotated[bool, typer.Option("--rotate-seats",
                                               help=translate("sim.cli.rotate_help"))] = False,
    out: Annotated[Path | None, typer.Option(
        "--out", metavar=translate("cli.metavar.file"), help=translate("sim.cli.out_help"))] = None,
    backend: Annotated[str, opt.backend()] = "local",
    address: Annotated[str | None, opt.address()] = None,
    keep_logs: Annotated[bool, typer.Option("--keep-logs",
                                            help=translate("sim.cli.keep_logs_help"))] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar=translate("cli.metavar.option"),
        help=translate("sim.cli.option_help"))] = None,
    max_steps: Annotated[int, opt.max_steps()] = DEFAULT_MAX_STEPS,
    no_progress: Annotated[bool, opt.hide_progress()] = False,
) -> None:
    console = Console()
    with opt.refusals_shown(console):
        definition = load(game)
        options = definition.resolve_options(parse_option_pairs(option or []))
        check_no_people(seats, game)
        lineup = every_seat(parse_seats(seats), definition)
        check_seat_count(definition, len(lineup))
        check_bots_play(lineup, game, len(lineup))
        check_backend(backend, address)   # before the progress bar, not under it
        if out is not None:   # refused before any game is played, not after
            result_format(out)
            check_writable(out)
        job = Job(game, lineup, n, seed, options, rotate_seats, keep_logs, max_steps,
                  Job.modules_for(game))
        count = workers or default_workers()
        _rows, summary = run_with_progress(job, backend, count, address, out, console,
                                           not no_progress)
    print_summary(console, job, summary, backend, count)
    if out is not None:
        console.print(translate("sim.cli.written", path=str(out), rows=format_number(summary.games)))


def check_no_people(seats: str, game: str) -> None:
    """A person's seat (``human``) is refused as such, with the command that seats one,
    rather than as an unknown bot."""
    words = [w.strip() for w in seats.split(",") if w.strip()]
    people = [w for w in words if w.lower() in HUMAN_WORDS]
    if people:
        example = ",".join(["human", *(w for w in words if w.lower() not in HUMAN_WORDS)])
        raise InvalidOption("sim.cli.no_people", seat=people[0], game=game, seats=example)


def every_seat(lineup: Sequence[SeatSpec], definition: Game) -> tuple[SeatSpec, ...]:
    """One name seats that bot at every seat, as many as the game takes (``--seats heuristic``
    reads as ``settlers play --seats heuristic`` does); several names are one per seat."""
    return tuple(lineup) * (definition.max_players if len(lineup) == 1 else 1)


class SeatCountError(SettlersError, ValueError):
    """The number of seats does not fit the game."""


def check_seat_count(definition: Game, seats: int, key: str = "sim.bad_seat_count") -> None:
    """SeatCountError unless the game is played by ``seats`` players; ``key`` says where the
    count came from (``--seats`` by default, a ladder's ``--players``)."""
    if not definition.min_players <= seats <= definition.max_players:
        raise SeatCountError(key, game=definition.names or definition.id, seats=seats,
                             minimum=definition.min_players, maximum=definition.max_players)


def check_bots_play(lineup: Sequence[SeatSpec], game_id: str, players: int) -> None:
    """BotError unless every bot of ``lineup`` plays ``game_id`` with ``players`` players."""
    for spec in lineup:
        spec.check_plays(game_id, players)


def run_with_progress(job: Job, backend: str, workers: int, address: str | None,
                      out: Path | None, console: Console, show: bool) -> tuple[list[dict[str, Any]], Summary]:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[failed]}"), TimeElapsedColumn(),
               TextColumn(translate("sim.cli.eta")), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not show, transient=False) as bar:
        task = bar.add_task(translate("sim.cli.playing", game=load(job.game).name()), total=job.games,
                            failed="")
        failed = 0

        def advance(row: dict[str, Any]) -> None:
            nonlocal failed
            if row.get("error") is not None:
                failed += 1
            bar.update(task, advance=1,
                       failed=translate("sim.cli.failed_so_far", failed=failed) if failed else "")

        return run_tournament(job, backend, workers, address, str(out) if out else None,
                              on_row=advance, keep_rows=False)


def print_summary(console: Console, job: Job, summary: Summary, backend: str,
                  workers: int) -> None:
    title = translate("sim.cli.table_title", game=load(job.game).name(),
                      games=format_number(summary.games),
                      seed=job.seed, backend=f"sim.backend.{backend}", workers=workers)
    table = Table(title=title)
    opt.add_columns(table, ("sim.col.bot", "sim.col.seat_games", "sim.col.wins",
                            "sim.col.win_rate", "sim.col.ci95", "sim.col.mean_score"))
    for line in summary.bots:
        low, high = line.interval
        table.add_row(line.label, format_number(line.seats), format_number(line.wins),
                      format_percent(line.win_rate), format_percent_range(low, high),
                      format_number(line.mean_score, digits=2))
    opt.print_table(console, table)
    console.print(translate("sim.cli.length", mean=format_number(summary.mean_actions, digits=1),
                            median=format_number(summary.median_actions),
                            seconds=format_number(summary.mean_seconds, digits=3)))
    console.print(translate("sim.cli.win_rule"))
    if summary.no_winner:
        console.print(translate("sim.cli.no_winner", games=summary.no_winner,
                                games_text=format_number(summary.no_winner, grouping=True),
                                finished=summary.finished))
    if summary.shared:
        console.print(translate("sim.cli.shared_wins", games=summary.shared,
                                games_text=format_number(summary.shared, grouping=True),
                                finished=summary.finished))
    if job.rotate:
        console.print(translate("sim.cli.rotated"))
    if summary.failed:
        console.print(f"[red]{translate('sim.cli.failures', failed=summary.failed)}[/red]")
        for failure in summary.failures[:10]:
            # the failure said in the reader's language where the row has it (a bot's own
            # exception is said as Python said it); its kind by a word, not its id
            lang = get_language()
            kind = failure["kind"]
            console.print(translate("sim.cli.failure_line", index=failure["index"],
                                    seed=failure["seed"],
                                    kind=translate(f"sim.failure_kind.{kind}")
                                    if lookup(f"sim.failure_kind.{kind}", lang) else kind,
                                    message=failure.get("messages", {}).get(lang)
                                    or failure["message"]),
                          highlight=False)
