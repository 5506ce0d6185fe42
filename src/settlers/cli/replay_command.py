"""``settlers replay``: step through a saved game forwards and backwards."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import typer
from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from settlers.cli.terminal import plain_input
from settlers.core import GameState, get_language, load_state, translate
from settlers.core.i18n import player_name
from settlers.core.numbers import format_number

CHECKPOINT_EVERY = 25


class Replayer:
    """Random access to every step of a recorded game (checkpoints every few steps)."""

    def __init__(self, final: GameState) -> None:
        self.game = final.game
        self.log = list(final.log)
        self.final = final
        start = final.initial()
        self.checkpoints: dict[int, GameState] = {0: start.clone()}
        state = start
        for index, (seat, action) in enumerate(self.log, start=1):
            state.apply(seat, action, check=False)
            if index % CHECKPOINT_EVERY == 0:
                self.checkpoints[index] = state.clone()

    def __len__(self) -> int:
        return len(self.log)

    def at(self, step: int) -> GameState:
        step = max(0, min(step, len(self.log)))
        base = (step // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        state = self.checkpoints[base].clone()
        for seat, action in self.log[base:step]:
            state.apply(seat, action, check=False)
        return state


def clamp(replayer: Replayer, step: int, console: Console, lang: str | None = None) -> int:
    """``step`` inside the recorded game; a step outside it is named and the nearest shown."""
    inside = max(0, min(step, len(replayer)))
    if inside != step:
        console.print(translate("cli.replay.clamped", lang, asked=step, total=len(replayer),
                                step=inside))
    return inside


def final_state(path: Path, index: int | None) -> GameState:
    """The recorded game: a save file, or game ``index`` of a ``settlers simulate`` results
    file (.jsonl/.parquet)."""
    if index is not None or path.suffix in (".jsonl", ".parquet"):
        from settlers.sim.recorded import find_row, state_from_row
        from settlers.sim.results import iter_rows

        return state_from_row(find_row(iter_rows(path), index or 0))
    return load_state(path)


def register(app: typer.Typer) -> None:
    @app.command("replay", help=translate("cli.replay.help_text"))
    def replay(
        path: Path = typer.Argument(..., metavar=translate("cli.metavar.file"), help=translate("cli.replay.opt.file")),
        seat: int = typer.Option(None, "--seat", help=translate("cli.replay.opt.seat")),
        step: int = typer.Option(None, "--step", help=translate("cli.replay.opt.step")),
        game_index: int = typer.Option(None, "--game", help=translate("cli.replay.opt.game")),
        print_only: bool = typer.Option(False, "--print",
                                        help=translate("cli.replay.opt.print")),
    ) -> None:
        lang = get_language()
        console = Console()
        replayer = Replayer(final_state(path, game_index))
        current = clamp(replayer, min(1, len(replayer)) if step is None else step,
                        console)
        players = replayer.final.players
        if seat is not None and not 1 <= seat <= players:
            raise typer.BadParameter(translate("cli.replay.bad_seat", seat=seat,
                                               players=players))
        seat = None if seat is None else seat - 1  # seats are numbered from 1 for people

        if print_only:
            show_position(replayer, current, seat, lang, console)
            return
        if sys.stdin.isatty():
            step_through(replayer, current, seat, lang, console,
                         lambda prompt: plain_input(console, prompt))
            return
        # not a terminal: the commands piped in (``printf 'g 10\nq\n' | settlers replay F``),
        # or, when nothing comes (``< /dev/null``, a closed stdin), the position printed once
        piped = piped_commands(sys.stdin, console)
        if piped is None:
            show_position(replayer, current, seat, lang, console)
            return
        step_through(replayer, current, seat, lang, console, piped)


def piped_commands(stream: TextIO, console: Console) -> Callable[[str], str] | None:
    """The replay's commands read from ``stream`` (not a terminal), one a line, each printed
    after its prompt as if typed, so the output reads as the session it replays; None when
    the stream has no line at all (or cannot be read)."""
    try:
        first = stream.readline()
    except (OSError, ValueError):   # closed, or a reader that refuses (pytest's capture)
        return None
    if not first:
        return None
    pending = [first]

    def ask(prompt: str) -> str:
        line = pending.pop() if pending else stream.readline()
        if not line:
            raise EOFError
        command = line.rstrip("\r\n")
        console.print(Text(prompt + command))
        return command

    return ask


def show_position(replayer: Replayer, position: int, seat: int | None, lang: str,
                  console: Console) -> None:
    state = replayer.at(position)
    console.print(Rule(translate("cli.replay.position", lang, step=position, total=len(replayer))))
    console.print(state.render(seat, lang))
    if position > 0:
        actor, action = replayer.log[position - 1]
        before = replayer.at(position - 1)
        console.print(translate("cli.replay.last_action", lang,
                                player=player_name(actor, lang, replayer.game.id),
                                action=escape(before.describe_action(action, lang))))
    outcome = state.outcome_text(lang) if state.over else ""
    if outcome:   # the game's own words: all lost together, all won with a main winner...
        console.print(escape(outcome))
    elif state.over:
        # each score with its player's name; «победитель» or «победители» as they are
        winners = state.winners()
        scores = ", ".join(translate("cli.replay.score", lang, points=format_number(points, lang),
                                     player=player_name(s, lang, replayer.game.id))
                           for s, points in enumerate(state.scores()))
        said = (translate("cli.replay.winners", lang, count=len(winners),
                          names=player_name(winners, lang, replayer.game.id)) if winners
                else translate("cli.replay.no_winner", lang))
        console.print(translate("cli.replay.result", lang, scores=scores, winners=said))


def step_through(replayer: Replayer, current: int, seat: int | None, lang: str,
                 console: Console, ask: Callable[[str], str]) -> None:
    """The interactive replay: keys move through the steps until ``q``."""
    show = True
    while True:
        if show:
            show_position(replayer, current, seat, lang, console)
        show = True
        try:
            answer = ask(translate("cli.replay.prompt", lang)).strip().lower()
        except (EOFError, KeyboardInterrupt):   # input closed or Ctrl-C: the same as q
            console.print()
            return
        if answer in ("", "n", "next"):
            current = min(current + 1, len(replayer))
        elif answer in ("p", "b", "back", "prev"):
            current = max(current - 1, 0)
        elif answer in ("s", "start"):
            current = 0
        elif answer in ("e", "end"):
            current = len(replayer)
        elif answer.startswith("g") and answer[1:].strip().lstrip("-").isdigit():
            current = clamp(replayer, int(answer[1:].strip()), console, lang)
        elif answer.lstrip("-").isdigit():
            current = clamp(replayer, int(answer), console, lang)
        elif answer in ("q", "quit"):
            return
        else:
            console.print(translate("cli.replay.keys", lang))
            show = False


__all__ = ["Replayer", "clamp", "final_state", "piped_commands", "register", "show_position",
           "step_through"]
