"""``settlers content``: install and list named content sets (settlers.core.content_sets)."""

from __future__ import annotations

from pathlib import Path

import typer

from settlers.core import content_sets, load, translate


def register(app: typer.Typer) -> None:
    content = typer.Typer(help=translate("core.content.help"), no_args_is_help=True)
    app.add_typer(content, name="content")

    @content.command("install", help=translate("core.content.install_help"))
    def install(
        game: str = typer.Argument(..., metavar=translate("cli.metavar.game"),
                                   help=translate("cli.content.game", games=", ".join(
                                       sorted({g for g, _ in content_sets.content_options()})))),
        option: str = typer.Argument(..., metavar=translate("cli.metavar.data_option"),
                                     help=translate("cli.content.option")),
        source: Path = typer.Argument(..., metavar=translate("cli.metavar.source"),
                                      help=translate("cli.content.source")),
        name: str = typer.Option(..., "--name", help=translate("core.content.opt_name")),
        replace: bool = typer.Option(False, "--replace",
                                     help=translate("core.content.opt_replace")),
    ) -> None:
        try:
            where = content_sets.install(game, option, source, name, replace=replace)
        except content_sets.ContentSetError as exc:
            typer.echo(exc.message(), err=True)
            raise typer.Exit(2) from None
        typer.echo(translate("core.content.installed", game=game, option=option, name=name,
                             path=str(where)))

    @content.command("list", help=translate("core.content.list_help"))
    def list_sets() -> None:
        for game, option in content_sets.content_options():
            # the game by its name; its id, the option and the sets' names are what one types
            typer.echo(translate("cli.content.list_line", name=load(game).names, game=game,
                                 option=option,
                                 sets=", ".join(content_sets.names(game, option))))
