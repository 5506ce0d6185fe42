"""``settlers games``: the registered games, their names, player counts and options."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from settlers.core import games, get_language, translate

MAX_CHOICES = 16   # an option's choices listed by `settlers games`, at most


def _written(value: object) -> str:
    """A default as one would write it after ``-o name=``: a flag as the language's yes or no
    («да»/«нет», true/false — both read back by the options), anything else as it is."""
    if isinstance(value, bool):
        return translate("cli.games.true" if value else "cli.games.false")
    return str(value)


def _kind(type_name: str) -> str:
    """What an option with no list of choices takes, in words: «да | нет», «целое число»,
    «строка» (the options' own names of their types; Python's name for any other)."""
    if type_name == "bool":
        return f"{translate('cli.games.true')} | {translate('cli.games.false')}"
    key = f"core.type.{type_name}"
    return translate(key) if type_name in ("int", "float", "str") else type_name


def register(app: typer.Typer) -> None:
    @app.command("games", help=translate("cli.games.help"))
    def games_cmd(
        as_json: bool = typer.Option(False, "--json", help=translate("cli.games.opt.json")),
    ) -> None:
        lang = get_language()
        infos = [g.info(lang) for g in games()]
        if as_json:
            typer.echo(json.dumps(infos, ensure_ascii=False, indent=1))
            return
        table = Table(title=translate("cli.games.title"))
        table.add_column(translate("cli.games.col.id"), style="bold")
        table.add_column(translate("cli.games.col.name"))
        table.add_column(translate("cli.games.col.players"), justify="center")
        table.add_column(translate("cli.games.col.options"))
        for info in infos:
            options = []
            for o in info["options"]:
                # spaces between the choices: Rich wraps a cell at spaces and cut a list
                # written as one word («(random|churches|philant…») at 80 columns; a list
                # longer than a screen (Imperial's 65 line-ups of empires) is left to the
                # option's help, which says how to write a value
                choices = o["choices"] or ()
                allowed = (" | ".join(map(str, choices)) if 0 < len(choices) <= MAX_CHOICES
                           else _kind(o["type"]))
                text = translate(o["help"])
                default = o["default"]
                label = (o["name"] if default is None else f"{o['name']}={_written(default)}") \
                    + f" [dim]({allowed})[/dim]"
                options.append(label if text == o["help"] else f"{label} — {text}")
            # the name in the reader's language only; the id beside it is what one types
            table.add_row(info["id"], info["name"],
                          f"{info['min_players']}–{info['max_players']}", "\n".join(options))
        Console().print(table)
