"""Leaving, saving and continuing a terminal game: nothing is lost when the input ends, a
continued game keeps its table, and a command line the save contradicts is refused."""

from __future__ import annotations

import pytest
from terminal_helpers import console as _console
from terminal_helpers import scripted
from typer.testing import CliRunner

import settlers.cli.play_command as play_command
from settlers.cli import build_app, main
from settlers.cli.replay_command import Replayer, step_through
from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import TerminalGame
from settlers.core import load_state, save


def _saved_game(sample_game, tmp_path, seats=("human", "random")):
    state = sample_game.new_state(2, seed=4)
    seat_list = [Seat("human") if kind == "human" else parse_seats(kind, None, seed=1)[0]
                 for kind in seats]
    console, _out = _console()
    game = TerminalGame(state, seat_list, "en", console=console, save_dir=tmp_path)
    return state, game.save_now(tmp_path / "game.json")


def test_input_that_ends_mid_game_keeps_the_game(sample_game, tmp_path):
    # Ctrl-D (or piped answers that run out) at the move prompt, and again at the question
    console, out = _console()
    state = sample_game.new_state(2, seed=4)
    seats = [Seat("human"), parse_seats("random", None, seed=1)[0]]
    game = TerminalGame(state, seats, "en", console=console, ask=scripted(["1"]),
                        save_dir=tmp_path)
    with pytest.raises(EOFError):
        game.run()
    saved = list(tmp_path.glob("sample-*.json"))
    assert len(saved) == 1, out.getvalue()
    assert load_state(saved[0]) == state
    assert "Saved to" in out.getvalue()


def test_ctrl_c_at_the_question_says_the_game_was_not_saved(sample_game, tmp_path):
    console, out = _console()
    state = sample_game.new_state(2, seed=4)
    game = TerminalGame(state, [Seat("human"), Seat("human")], "ru", console=console,
                        ask=scripted(["", KeyboardInterrupt(), KeyboardInterrupt()]),
                        save_dir=tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    assert not list(tmp_path.glob("*.json"))
    assert "Партия не сохранена" in out.getvalue()


def test_the_finished_games_question_shows_its_answers(sample_game, tmp_path, monkeypatch):
    # the prompt goes through the console's own input: "[y/N]" is text, not a markup tag
    asked = []
    monkeypatch.setattr("builtins.input", lambda *args: asked.append(args) or "y")
    console, out = _console()
    state = sample_game.new_state(2, seed=5)
    game = TerminalGame(state, parse_seats("random,random", 2, seed=3), "en",
                        console=console, save_dir=tmp_path)
    game.run()
    text = out.getvalue()
    assert "Save the finished game for replay? [y/N]" in text
    # a finished game is watched, not continued
    assert "settlers replay" in text and "--load" not in text


def _started(monkeypatch, argv):
    held = {}

    class Grab(TerminalGame):
        def run(self):
            held["seats"] = [s.kind for s in self.seats]
            held["state"] = self.state
            return self.state

    monkeypatch.setattr(play_command, "TerminalGame", Grab)
    result = CliRunner().invoke(build_app(), argv)
    return result, held


def test_a_continued_game_keeps_its_seats(sample_game, tmp_path, monkeypatch):
    state, path = _saved_game(sample_game, tmp_path, ("human", "random"))
    result, held = _started(monkeypatch, ["play", "--load", str(path)])
    assert result.exit_code == 0, result.output
    assert held["seats"] == ["human", "random"]      # not the default human,heuristic
    assert held["state"] == state
    result, held = _started(monkeypatch, ["play", "--load", str(path), "--seats",
                                          "human,human"])
    assert held["seats"] == ["human", "human"]       # --seats still chooses


def _refusal(capsys, argv) -> str:
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", *argv])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.err + captured.out


def test_a_save_of_another_game_is_refused(sample_game, tmp_path, capsys):
    _state, path = _saved_game(sample_game, tmp_path)
    assert "holds a game of Sealed bids, not Catan" in _refusal(   # (14th: names, not ids)
        capsys, ["play", "catan", "--load", str(path)])


def test_load_refuses_what_the_save_decides(sample_game, tmp_path, capsys):
    _state, path = _saved_game(sample_game, tmp_path)
    text = _refusal(capsys, ["play", "--load", str(path), "--seed", "3", "-o", "prizes=3"])
    assert "leave out --seed, --option" in text


def test_a_finished_game_is_sent_to_replay(sample_game, tmp_path, capsys):
    state = sample_game.new_state(2, seed=5)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = save(state, tmp_path / "over.json")
    assert f"settlers replay {path}" in _refusal(capsys, ["play", "--load", str(path)])


def test_a_negative_bot_delay_is_refused(capsys):
    text = _refusal(capsys, ["play", "sample", "--seats", "random,random", "--bot-delay", "-1"])
    assert "--bot-delay" in text


def test_quitting_is_not_an_error(sample_game, tmp_path, monkeypatch):
    answers = iter(["q", "n"])
    monkeypatch.setattr("builtins.input", lambda *args: next(answers))
    result = CliRunner().invoke(build_app(), ["play", "sample", "--seats", "human,random",
                                              "--save-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "The game was not saved" in result.output


@pytest.mark.parametrize("stop", [EOFError(), KeyboardInterrupt()])
def test_the_replay_ends_quietly_when_the_input_does(sample_game, stop):
    state = sample_game.new_state(2, seed=8)
    for _ in range(3):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    console, out = _console()
    step_through(Replayer(state), 1, None, "en", console, scripted(["", stop]))
    assert "step 2 of 3" in out.getvalue()


class _InterruptedMidMove:
    """A bot whose move is cut by Ctrl-C part-way: the state is changed, the log is not."""

    def act(self, state, seat):
        action = state.legal_actions(seat)[0]
        state._apply(seat, action)      # what apply() does before it logs the move
        raise KeyboardInterrupt


def test_ctrl_c_inside_a_move_saves_a_game_that_loads(sample_game, tmp_path):
    console, _out = _console()
    state = sample_game.new_state(2, seed=4)
    seats = [Seat("human"), Seat("random", _InterruptedMidMove())]
    game = TerminalGame(state, seats, "en", console=console, ask=scripted(["1", ""]),
                        save_dir=tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    (saved,) = tmp_path.glob("sample-*.json")
    loaded = load_state(saved)          # refused as "replays to another state" before
    assert len(loaded.log) == 1         # the person's bid; the cut move is not in it
    assert loaded == game.state
