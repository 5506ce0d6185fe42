"""What the simulation commands (``simulate``, ``ladder``, ``bench``) share: their common
parameters, declared once (``seed: Annotated[int, opt.seed()] = 0`` in a command's signature), and how they refuse
a bad request (``with refusals_shown(console):``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.measure import Measurement
from rich.segment import Segment, Segments
from rich.table import Table

from settlers.core import game_ids, translate
from settlers.core.errors import SettlersError

# Each is a function, called in a command's annotation (``seed: Annotated[int, opt.seed()]``):
# the annotations are read again whenever the command is built (``from __future__ import
# annotations``), so the help is in the language of that run; a module-level ``Annotated``
# kept the first run's language for every later run in the process.


def game() -> Any:
    return typer.Argument(metavar=translate("cli.metavar.game"),
                          help=translate("cli.opt.game", games=", ".join(game_ids())))


def seed() -> Any:
    return typer.Option("--seed", help=translate("sim.cli.seed_help"))


def workers() -> Any:
    return typer.Option("--workers", min=1, help=translate("sim.cli.workers_help"))


def backend() -> Any:
    return typer.Option("--backend", help=translate("sim.cli.backend_help"))


def address() -> Any:
    return typer.Option("--address", help=translate("sim.cli.address_help"))


def hide_progress() -> Any:
    # one flag, not a --progress/--no-progress pair: the pair's column narrowed every
    # option's help until words were cut at 80 columns
    return typer.Option("--no-progress", help=translate("sim.cli.no_progress_help"))


def max_steps() -> Any:
    return typer.Option("--max-steps", min=1, help=translate("sim.cli.max_steps_help"))


# columns that name something (a game, a bot spec): left-aligned; numbers: right-aligned.
# The names and the intervals are kept whole (Rich would squeeze the widest column first);
# the other columns wrap their headers when the terminal is narrow
NAME_COLUMNS = ("sim.col.game", "sim.col.bot", "sim.col.budget")
WHOLE_COLUMNS = (*NAME_COLUMNS, "sim.col.against", "sim.col.ci95", "sim.col.rating_ci")
UNBOUNDED = 10_000   # columns: what a table's words need, measured without a terminal's bound


def add_columns(table: Table, keys: tuple[str, ...]) -> None:
    """The columns ``keys`` (sim.col.* catalog keys) of a results table."""
    for key in keys:
        header = translate(key)
        # a header wraps at its spaces, never inside a word («Seats play…»)
        table.add_column(header, justify="left" if key in NAME_COLUMNS else "right",
                         no_wrap=key in WHOLE_COLUMNS,
                         min_width=max(len(word) for word in header.split()))


def print_table(console: Console, table: Table) -> None:
    """Print a results table without cutting a value short: a narrow terminal (or output to
    a file, 80 columns for Rich) wraps the headers at their spaces, but a bot spec such as
    ``mcts:iterations=400`` or an interval ``34.2–100.0%`` is never shown as
    ``mcts:iterations=…``; a table whose words alone are wider is printed wider."""
    needed = max(console.width, Measurement.get(
        console, console.options.update_width(UNBOUNDED), table).minimum)
    # Rich may lay the columns out wider than the width it is given (bench's table of seven
    # columns: 87 columns at 80, its own minimum), and a print crops what is past the edge
    # («Пик памят», its figures lost): the width it really draws decides
    for _ in range(8):
        drawn = _drawn_width(console, table, needed)
        if drawn <= needed:
            break
        needed = drawn
    if needed <= console.width:
        console.print(table)
        return
    lines = console.render_lines(table, console.options.update_width(needed), new_lines=True)
    console.print(Segments(segment for line in lines for segment in line), crop=False)


def _drawn_width(console: Console, table: Table, width: int) -> int:
    """The widest line of ``table`` laid out for ``width`` columns, before any cropping."""
    segments = console.render(table, console.options.update_width(width))
    return max((Segment.get_line_length(line) for line in Segment.split_lines(segments)),
               default=0)


@contextmanager
def refusals_shown(console: Console) -> Iterator[None]:
    """A settlers error inside (an unknown game, a bad seat or option...) is printed in red
    and ends the command with exit code 2."""
    try:
        yield
    except SettlersError as exc:
        # as written: a long path is not broken by a newline of Rich's, nor "[...]" in a
        # file's name read as markup
        console.print(exc.message(), style="red", highlight=False, soft_wrap=True,
                      markup=False)
        raise typer.Exit(2) from None
