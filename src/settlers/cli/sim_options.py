"""What the simulation commands (``simulate``, ``ladder``, ``bench``) share: their common
parameters, declared once (``seed: Seed = 0`` in a command's signature), and how they refuse
a bad request (``with refusals_shown(console):``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console

from settlers.core import translate
from settlers.core.errors import SettlersError

GameId = Annotated[str, typer.Argument(help=translate("sim.cli.game_help"))]
Seed = Annotated[int, typer.Option("--seed", help=translate("sim.cli.seed_help"))]
Workers = Annotated[int | None, typer.Option("--workers", min=1,
                                             help=translate("sim.cli.workers_help"))]
Backend = Annotated[str, typer.Option("--backend", help=translate("sim.cli.backend_help"))]
Address = Annotated[str | None, typer.Option("--address",
                                             help=translate("sim.cli.address_help"))]
ShowProgress = Annotated[bool, typer.Option("--progress/--no-progress",
                                            help=translate("sim.cli.progress_help"))]
MaxSteps = Annotated[int, typer.Option("--max-steps", min=1,
                                       help=translate("sim.cli.max_steps_help"))]


@contextmanager
def refusals_shown(console: Console) -> Iterator[None]:
    """A settlers error inside (an unknown game, a bad seat or option...) is printed in red
    and ends the command with exit code 2."""
    try:
        yield
    except SettlersError as exc:
        console.print(f"[red]{exc.message()}[/red]", highlight=False)
        raise typer.Exit(2) from None
