"""The ``settlers`` command: play in the terminal, list games, replay, simulate, serve.

The language is chosen before the app is built (``--lang`` anywhere on the line, else the
environment's: ``SETTLERS_LANG``, ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, else
Russian), so ``--help`` speaks it too.
"""

from __future__ import annotations

import copy
import importlib
import sys
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import typer

from settlers.core import SettlersError, set_language, translate
from settlers.core.i18n import LANGUAGES

# Command modules written by other parts of the project; each has ``register(app)``.
OPTIONAL_COMMANDS = ("simulate", "bench", "serve", "content", "ladder")
HELP_OPTION_NAMES = ["-h", "--help"]


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """Remove ``--lang X`` / ``--lang=X`` from ``argv``; return (language or None, rest)."""
    lang: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
            i += 2
            continue
        if arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return lang, rest


def build_app() -> typer.Typer:
    from settlers.cli import chrome, games_command, play_command, replay_command

    chrome.install()   # Typer's own words ("Usage:", "Options", its errors) in the language

    app = typer.Typer(
        name="settlers",
        help=translate("cli.help"),
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode="rich",
        context_settings={"help_option_names": HELP_OPTION_NAMES},
    )

    @app.callback()
    def _root(
        lang: str = typer.Option(None, "--lang", help=translate("cli.opt.lang")),
    ) -> None:
        """Accepts --lang for the help listing; main() has already applied it."""

    games_command.register(app)
    play_command.register(app)
    replay_command.register(app)
    for name in OPTIONAL_COMMANDS:
        try:
            module = importlib.import_module(f"settlers.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"settlers.cli.{name}":
                continue
            raise
        module.register(app)
    return app


def localize_help_options(command: Any, text: str) -> None:
    """Click's own "--help" line is English; give every command's help option ``text``.

    (Typer vendors its own Click, so this goes by duck typing: ``get_help_option`` reads only
    the context's ``help_option_names`` and caches the option it makes.)
    """
    option = command.get_help_option(SimpleNamespace(help_option_names=HELP_OPTION_NAMES))
    if option is not None:
        option.help = text
    for sub in getattr(command, "commands", {}).values():
        localize_help_options(sub, text)


def list_language_option(command: Any) -> None:
    """Every subcommand's help lists ``--lang`` (the root's option, as the root shows it).

    main() takes ``--lang`` off the line wherever it stands before Click parses it, so the
    copies only show in the help; they hand no value to a command (``expose_value`` off), and
    a ``--lang`` that does reach one (a test invoking the app itself) is read and left."""
    root = next((p for p in command.params if p.name == "lang"), None)
    if root is None:
        return

    def add(group: Any) -> None:
        for sub in getattr(group, "commands", {}).values():
            if not any(p.name == "lang" for p in sub.params):
                shown = copy.copy(root)
                shown.expose_value = False
                sub.params.append(shown)
            add(sub)

    add(command)


def build_command() -> Any:
    """The whole command tree, ready to run, in the current language."""
    from settlers.cli import chrome

    command = typer.main.get_command(build_app())
    localize_help_options(command, translate("cli.opt.help"))
    list_language_option(command)
    chrome.localize(command)
    return command


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    lang, args = take_language(args)
    try:
        set_language(lang)
    except ValueError:
        # said in the language the environment chooses, the one the user reads
        print(translate("cli.bad_language", set_language(None), lang=lang,
                        known=", ".join(LANGUAGES)), file=sys.stderr)
        raise SystemExit(2) from None
    command = build_command()
    try:
        command.main(args=args, prog_name="settlers", standalone_mode=True)
    except SettlersError as exc:
        print(exc.message(), file=sys.stderr)
        raise SystemExit(2) from None
