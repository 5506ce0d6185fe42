"""The terminal keeps secrets from the people at the table (wave 2).

The seed, until the game ends: whoever knows it knows every roll and every deck order (a game
is a function of its seed, options and actions); `settlers play` used to print a seed drawn from
10**6 values on its first line, and the path of a save made mid-game named it again.
A hand in the hot seat: the terminal was passed to the next person with the last person's board
(its hand) and menu still on the screen, cleared only once the next person pressed Enter."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from terminal_helpers import console as _console
from terminal_helpers import scripted
from typer.testing import CliRunner

import settlers.cli.play_command as play_command
from settlers.cli import build_app
from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import QuitGame, TerminalGame
from settlers.core import load


def _start(monkeypatch, argv):
    held = {}

    class Grab(TerminalGame):
        def run(self):
            held["state"] = self.state
            return self.state

    monkeypatch.setattr(play_command, "TerminalGame", Grab)
    result = CliRunner().invoke(build_app(), argv)
    assert result.exit_code == 0, result.output
    return held["state"], result.output


def test_a_person_at_the_table_is_not_shown_the_seed(monkeypatch):
    state, output = _start(monkeypatch, ["play", "catan", "--seats", "human,random,random"])
    assert str(state.seed) not in output
    # the public start position must not name it either: not one of a few million seeds
    assert state.seed >= 2**32
    # what the seed would have given away: the same game rebuilt, its hidden deck with it
    twin = load("catan").new_state(state.players, seed=state.seed, options=state.options)
    assert twin.deck == state.deck


def test_a_typed_seed_or_a_table_of_bots_is_still_named(monkeypatch):
    _state, output = _start(monkeypatch, ["play", "catan", "--seats", "human,random,random",
                                          "--seed", "77"])
    assert re.search(r"\b77\b", output.splitlines()[0])
    state, output = _start(monkeypatch, ["play", "catan", "--seats", "random,random,random"])
    assert str(state.seed) in output


def test_a_save_path_names_the_seed_only_once_the_game_is_over(tmp_path):
    game = load("sample")
    state = game.new_state(2, seed=987654321)
    console, out = _console()
    seats = [Seat("human"), parse_seats("random", None, seed=1)[0]]
    session = TerminalGame(state, seats, "en", console=console, ask=scripted(["s", "q", "n"]),
                           save_dir=tmp_path)
    with pytest.raises(QuitGame):
        session.run()
    assert list(tmp_path.glob("sample-*.json"))
    assert "987654321" not in out.getvalue()
    while not state.over:
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    assert "987654321" in session.default_save_path().name


def test_the_seed_is_shown_when_the_game_ends():
    game = load("sample")
    state = game.new_state(2, seed=424242)
    console, out = _console()
    seats = parse_seats("random,random", 2, seed=3)
    TerminalGame(state, seats, "en", console=console, ask=scripted(["n"])).run()
    assert state.over
    assert re.search(r"Seed: 424242", out.getvalue())


class _Screen:
    """A console whose screen is what was printed since the last clear."""

    def __init__(self):
        self.console, self.out = _console()
        self.console.clear = lambda home=True: self.out.write("\x00CLEAR\x00")

    def at_hand_over(self, number: int) -> str:
        text = self.out.getvalue()
        at = -1
        for _ in range(number):
            at = text.index("Pass the terminal to", at + 1)
        return text[:at].rsplit("\x00CLEAR\x00", 1)[-1]


def test_the_hot_seat_hands_over_a_clear_screen(sample_game, tmp_path):
    state = sample_game.new_state(2, seed=4)
    screen = _Screen()
    game = TerminalGame(state, [Seat("human"), Seat("human")], "en", console=screen.console,
                        ask=scripted(["", "1", "", "1"]), save_dir=tmp_path)
    with pytest.raises(EOFError):
        game.run()
    shown = screen.at_hand_over(2)   # Player 1 has played; Player 2 takes the terminal
    # nothing of Player 1's turn — its board (the hand) and its menu of bids — is left
    assert "Bid" not in shown and '"hand"' not in shown, shown
    assert state.version == 2   # both have bid (the scripted answers)


def test_the_hot_seat_wipes_the_scrollback_on_a_terminal(sample_game, tmp_path):
    """A cleared screen still keeps the last person's hand in the terminal's scrollback, one
    scroll away from the next person: on a real terminal the hand-over erases it too."""
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True)
    state = sample_game.new_state(2, seed=4)
    game = TerminalGame(state, [Seat("human"), Seat("human")], "en", console=console,
                        ask=scripted(["", "1", "", "1"]), save_dir=tmp_path)
    with pytest.raises(EOFError):
        game.run()
    text = out.getvalue()
    second = text.index("Pass the terminal to", text.index("Pass the terminal to") + 1)
    before = text[:second]
    assert "Bid" in before   # Player 1's menu of bids was shown before the hand-over
    # the hand-over erased the screen and the scrollback after it: nothing of it is left
    assert "Bid" not in before[before.rindex("\x1b[2J\x1b[H\x1b[3J"):]
    # every wipe (two per hand-over) erases the scrollback as well as the screen
    assert text.count("\x1b[3J") == text.count("\x1b[2J") >= 4


def test_no_scrollback_escape_into_a_file_or_pipe(sample_game, tmp_path):
    console, out = _console()   # not a terminal: no escape codes at all
    state = sample_game.new_state(2, seed=4)
    game = TerminalGame(state, [Seat("human"), Seat("human")], "en", console=console,
                        ask=scripted(["", "1", "", "1"]), save_dir=tmp_path)
    with pytest.raises(EOFError):
        game.run()
    assert "\x1b[" not in out.getvalue()
