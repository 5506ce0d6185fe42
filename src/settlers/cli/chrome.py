"""Typer's own words in the command line's help and errors, in the user's language: "Usage:",
the "Arguments" / "Options" / "Commands" panels, "[default: …]", "[required]", and the usage
errors ("Invalid value for '--players': Input should be a valid integer", "No such option").

Typer vendors a Click without gettext, so these words are literals in its code. ``install()``
wraps, once, the three printers of ``typer.rich_utils`` (help, error, abort) and the usage
line of its help formatter: each sets Typer's titles from the catalog in the language current
when it prints, and an error is re-worded from its fields (which option, which bound, which
value), so nothing depends on the English text. A message this module does not know is left
as Typer wrote it. A flag's type is not shown (Typer shows ``--open <bool>``, as if the flag
took a value); an option's kind of value and its bounds are words (ЦЕЛОЕ [не меньше 1], not
``<int range> [x>=1]``), an argument's name alone says what it is (GAME, not GAME <str>),
and the usage line is words too: ``settlers play [ОПЦИИ] [ИГРА]``, a required argument
without Typer's braces (``replay ФАЙЛ``, not ``{FILE}``).
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any, get_args

from rich.markup import escape
from rich.text import Text
from typer import rich_utils
from typer._click import exceptions as click_errors
from typer._click.formatting import HelpFormatter
from typer.core import TyperArgument, TyperOption

from settlers.core import get_language, translate
from settlers.core.clauses import clause
from settlers.core.digits import write_number
from settlers.core.i18n import lookup

# typer.rich_utils's module constants, read when it prints -> the catalog key of each
TITLES = {
    "ARGUMENTS_PANEL_TITLE": "cli.chrome.arguments",
    "OPTIONS_PANEL_TITLE": "cli.chrome.options",
    "COMMANDS_PANEL_TITLE": "cli.chrome.commands",
    "ERRORS_PANEL_TITLE": "cli.chrome.error",
    "REQUIRED_LONG_STRING": "cli.chrome.required",
    "ABORTED_TEXT": "cli.chrome.aborted",
    "DEPRECATED_STRING": "cli.chrome.deprecated",
}
# constants that Typer fills in with str.format: the catalog's named fields become its own
FORMATTED = {
    "DEFAULT_STRING": ("cli.chrome.default", {"value": "{}"}),
    "ENVVAR_STRING": ("cli.chrome.env_var", {"value": "{}"}),
    "RICH_HELP": ("cli.chrome.try_help", {"command_path": "{command_path}",
                                          "help_option": "{help_option}"}),
}
# usage errors Click raises as plain text: its words -> the catalog key (groups: its fields)
PLAIN_ERRORS = (
    # Click adds the commands whose names are close: «Did you mean 'play', 'replay'?»
    (re.compile(r"No such command '(?P<name>.*?)'\.(?: Did you mean (?P<close>.*)\?)?"),
     "cli.chrome.no_such_command"),
    (re.compile(r"Missing command\."), "cli.chrome.missing_command"),
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)"), "cli.chrome.extra_args"),
    (re.compile(r"Option '(?P<name>.*)' requires an argument\."), "cli.chrome.needs_value"),
    (re.compile(r"Option '(?P<name>.*)' requires (?P<count>\d+) arguments\."),
     "cli.chrome.needs_values"),
    (re.compile(r"Option '(?P<name>.*)' does not take a value\."), "cli.chrome.takes_no_value"),
)
# a name Click quotes in its messages ('play', '--players')
CLICK_QUOTED = re.compile(r"'([^']*)'")
# pydantic's error types (Typer checks values with pydantic) -> the catalog key
VALUE_ERRORS = {
    "int_parsing": "cli.chrome.not_int", "int_type": "cli.chrome.not_int",
    "int_from_float": "cli.chrome.not_int",
    "float_parsing": "cli.chrome.not_number", "float_type": "cli.chrome.not_number",
    "bool_parsing": "cli.chrome.not_bool", "bool_type": "cli.chrome.not_bool",
    "greater_than_equal": "cli.chrome.at_least", "greater_than": "cli.chrome.more_than",
    "less_than_equal": "cli.chrome.at_most", "less_than": "cli.chrome.less_than",
}

_installed = False


def install() -> None:
    """Make Typer's printers speak the current language (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    show_help, show_abort = rich_utils.rich_format_help, rich_utils.rich_abort_error
    write_usage = HelpFormatter.write_usage

    def rich_format_help(*args: Any, **kwargs: Any) -> Any:
        set_titles()
        return show_help(*args, **kwargs)

    def rich_format_error(error: click_errors.ClickException) -> None:
        set_titles()
        text = error_text(error)
        if text is not None:
            error.format_message = lambda: text  # type: ignore[method-assign]
        show_unboxed(error)

    def rich_abort_error() -> None:
        set_titles()
        show_abort()

    def usage_line(self: HelpFormatter, prog: str, args: str = "",
                   prefix: str | None = None) -> None:
        write_usage(self, prog, args, translate("cli.chrome.usage") + " "
                    if prefix is None else prefix)

    type_shown = TyperOption.display_type_rich

    def option_type(self: TyperOption, ctx: Any) -> str | None:
        if self.is_flag or self.metavar is not None:
            return None if self.is_flag else self.metavar
        return type_in_words(self) or type_shown(self, ctx)

    def argument_type(self: TyperArgument, ctx: Any) -> str | None:
        return None   # its name (GAME, FILE) says what it is

    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign,assignment]

    for kind in (TyperOption, TyperArgument):
        kind._get_default_string = default_in_words(  # type: ignore[method-assign]
            kind._get_default_string)

    TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    TyperArgument.display_type_rich = argument_type  # type: ignore[method-assign,assignment]
    TyperOption._get_number_range_help_str = range_in_words  # type: ignore[method-assign,assignment]
    TyperArgument._get_number_range_help_str = range_in_words  # type: ignore[method-assign,assignment]
    rich_utils.rich_format_help = rich_format_help
    rich_utils.rich_format_error = rich_format_error  # type: ignore[assignment]
    rich_utils.rich_abort_error = rich_abort_error
    HelpFormatter.write_usage = usage_line  # type: ignore[method-assign]


def usage_name(param: TyperArgument) -> str:
    """An argument in the usage line: ``GAME`` if it must be given, ``[GAME]`` if it may be
    left out, ``...`` after one that takes several (Typer wrote a required one ``{GAME}``)."""
    name = param.display_name_raw if param.required else f"[{param.display_name_raw}]"
    return name + "..." if param.nargs != 1 else name


class Said(str):
    """A catalog text that remembers its key and fields, so that it can be said again in
    another language (see ``said``)."""

    key: str
    fields: dict[str, Any]

    def again(self) -> str:
        return said(self.key, **self.fields)


def said(key: str, **fields: Any) -> Said:
    """``translate(key, **fields)`` for a parameter declared at import time (an ``Annotated``
    in a module's signature is built once per process): ``localize`` says it again in the
    language of each run, as a command built in ``register`` is."""
    text = Said(translate(key, **fields))
    text.key, text.fields = key, fields
    return text


def localize(command: Any) -> None:
    """``command`` and every command under it in the current language: their parameters'
    help and metavars declared with ``said``, the usage line's ``[OPTIONS]`` and a group's
    ``COMMAND [ARGS]...``."""
    if getattr(command, "options_metavar", None):
        command.options_metavar = translate("cli.chrome.options_metavar")
    if hasattr(command, "subcommand_metavar"):
        command.subcommand_metavar = translate("cli.chrome.command_metavar")
    for param in getattr(command, "params", []):
        for attr in ("help", "metavar"):
            value = getattr(param, attr, None)
            if isinstance(value, Said):
                setattr(param, attr, value.again())
    for sub in getattr(command, "commands", {}).values():
        localize(sub)


def type_in_words(param: TyperOption) -> str | None:
    """An option's kind of value in the current language (ЦЕЛОЕ, ПУТЬ; a repeatable one as
    one value), for Typer's ``<int>``, ``<list[str]>``, ``<float range>``; None for a kind
    this module does not name (a choice keeps Typer's list of values)."""
    desc = param.type_descriptor
    if desc.is_choice or desc.is_tuple or desc.is_datetime:
        return None
    if desc.is_path:
        kind = "path"
    elif desc.is_ranged:
        kind = desc.ranged_type_name
    else:
        annotation = desc.annotation
        if desc.is_list:
            annotation = (get_args(annotation) or (str,))[0]
        kind = getattr(annotation, "__name__", "")
        if isinstance(annotation, type) and issubclass(annotation, PurePath):
            kind = "path"
    key = f"cli.chrome.type.{kind}"
    return translate(key) if lookup(key, get_language()) is not None else None


def default_in_words(shown: Any) -> Any:
    """Typer's ``_get_default_string`` writing a fractional default as the language writes a
    figure («[по умолчанию: 0,5]», not ``0.5``); any other default as Typer writes it."""
    def default_string(self: Any, *, ctx: Any, show_default_is_str: bool,
                       default_value: Any) -> str:
        if type(default_value) is float and not show_default_is_str:
            return bound_text(default_value)
        return str(shown(self, ctx=ctx, show_default_is_str=show_default_is_str,
                         default_value=default_value))
    return default_string


def bound_text(value: float | int) -> str:
    """A bound or a default as the language writes a figure, ungrouped (a user types it so):
    «0,1», «65535»."""
    return write_number(value, get_language(), grouping=False)


def range_in_words(param: Any) -> str | None:
    """A number's bounds in words («не меньше 0», «от 1 до 65535»), for Typer's ``x>=0.0``."""
    low, high = param.min, param.max
    if low is None and high is None:
        return None
    if getattr(param, "count", False) and low == 0 and high is None:
        return None
    low_text, high_text = (None if v is None else bound_text(v) for v in (low, high))
    if high is None:
        return translate("cli.chrome.range.min", min=low_text)
    if low is None:
        return translate("cli.chrome.range.max", max=high_text)
    return translate("cli.chrome.range.both", min=low_text, max=high_text)


def show_unboxed(error: click_errors.ClickException) -> None:
    """Print a usage error as Typer does (its usage line, where to find help), but the message
    on one line after «Error:», without Typer's box: the box wraps a long message at its
    border, breaking a path the message names (``--db``'s file, say) where it cannot be
    copied whole. The terminal wraps the line at its width and a copy takes it whole."""
    if type(error).__name__ == "NoArgsIsHelpError":   # as Typer: the help is shown instead
        return
    console = rich_utils._get_rich_console(stderr=True)
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        console.print(rich_utils.highlighter(ctx.get_usage()),
                      style=rich_utils.STYLE_USAGE_COMMAND)
        if ctx.command.get_help_option(ctx) is not None:
            console.print(rich_utils.RICH_HELP.format(
                command_path=escape(ctx.command_path), help_option=ctx.help_option_names[0]),
                style=rich_utils.STYLE_ERRORS_SUGGESTION)
    line = Text(f"{rich_utils.ERRORS_PANEL_TITLE}: ", style=rich_utils.STYLE_ERRORS_PANEL_BORDER)
    line.append_text(rich_utils.highlighter(error.format_message()))
    console.print(line, soft_wrap=True)


def set_titles() -> None:
    for name, key in TITLES.items():
        setattr(rich_utils, name, translate(key))
    for name, (key, fields) in FORMATTED.items():
        setattr(rich_utils, name, translate(key, **fields))


def error_text(error: Any) -> str | None:
    """A usage error in the current language, or None to leave Typer's words."""
    if isinstance(error, click_errors.NoSuchOption):
        text = translate("cli.chrome.no_such_option", name=error.option_name)
        if error.possibilities:
            text += " " + translate("cli.chrome.possible",
                                    options=", ".join(sorted(error.possibilities)))
        return text
    if isinstance(error, click_errors.MissingParameter):
        kind = error.param_type or (error.param.param_type_name if error.param else None)
        key = {"argument": "cli.chrome.missing_argument",
               "option": "cli.chrome.missing_option"}.get(kind or "", "cli.chrome.missing")
        return translate(key, name=param_hint(error) or "")
    if isinstance(error, click_errors.BadParameter):
        # the value's own refusal follows a colon: a clause of this one («…: места 9 нет»)
        message = clause(value_error_text(error.__cause__) or error.message)
        hint = param_hint(error)
        if hint is None:
            return translate("cli.chrome.invalid", message=message)
        return translate("cli.chrome.invalid_for", name=hint, message=message)
    for pattern, key in PLAIN_ERRORS:
        match = pattern.fullmatch(error.message)
        if match:
            fields = match.groupdict()
            close = fields.pop("close", None)
            text = translate(key, **fields)
            if close:   # Click's «'play', 'replay'»: each name quoted again, as the language does
                names = [{"name": name} for name in CLICK_QUOTED.findall(close)]
                text += " " + translate("cli.chrome.did_you_mean", names=names)
            return text
    return None


def param_hint(error: Any) -> str | None:
    """The option or argument a parameter error is about, as Click names it."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint()
    joined = click_errors._join_param_hints(hint)
    if joined is None:
        return None
    # Click quotes each name as English does ('--players' / '-n'): quoted as the language does
    return CLICK_QUOTED.sub(lambda name: translate("cli.chrome.quoted", name=name[1]), joined)


def value_error_text(cause: Any) -> str | None:
    """What is wrong with a value pydantic refused, from the error's type and its bound."""
    errors = getattr(cause, "errors", None)
    if errors is None:
        return None
    try:
        first = errors()[0]
    except (IndexError, TypeError):
        return None
    key = VALUE_ERRORS.get(first.get("type", ""))
    if key is None:
        return None
    bound = next(iter((first.get("ctx") or {}).values()), "")
    return translate(key, value=str(first.get("input", "")), bound=bound)
