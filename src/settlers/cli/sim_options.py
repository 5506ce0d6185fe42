"""The command-line parameters the simulation commands (``simulate``, ``ladder``, ``bench``)
share, declared once: ``seed: Seed = 0`` in a command's signature."""

from __future__ import annotations

from typing import Annotated

import typer

from settlers.core import translate

GameId = Annotated[str, typer.Argument(help=translate("sim.cli.game_help"))]
Seed = Annotated[int, typer.Option("--seed", help=translate("sim.cli.seed_help"))]
Workers = Annotated[int | None, typer.Option("--workers", min=1,
                                             help=translate("sim.cli.workers_help"))]
Backend = Annotated[str, typer.Option("--backend", help=translate("sim.cli.backend_help"))]
Address = Annotated[str | None, typer.Option("--address",
                                             help=translate("sim.cli.address_help"))]
ShowProgress = Annotated[bool, typer.Option("--progress/--no-progress",
                                            help=translate("sim.cli.progress_help"))]
