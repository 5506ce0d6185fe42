"""What a newcomer reads in a Russian terminal game: the save question's letters, the seats in
the header, and what a short ``--seats`` list means."""

from __future__ import annotations

import pytest
from terminal_helpers import console as _console

from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import TerminalGame


def _asking(answers, prompts):
    answers = list(answers)

    def ask(prompt):
        prompts.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    return ask


def test_the_finished_games_question_shows_russian_letters(sample_game, tmp_path):
    prompts: list[str] = []
    console, out = _console()
    state = sample_game.new_state(2, seed=5)
    game = TerminalGame(state, parse_seats("random,random", 2, seed=3), "ru", console=console,
                        ask=_asking(["д"], prompts), save_dir=tmp_path)
    game.run()
    assert prompts[-1].strip().endswith("[д/Н]"), prompts
    assert len(list(tmp_path.glob("*.json"))) == 1   # «д» saves, as the letters say


def test_the_unfinished_games_question_shows_russian_letters(sample_game, tmp_path):
    prompts: list[str] = []
    console, out = _console()
    state = sample_game.new_state(2, seed=4)
    seats = [Seat("human"), parse_seats("random", None, seed=1)[0]]

    def ask(prompt):   # the input ends at the first move; then «н» to the question
        prompts.append(prompt)
        if len(prompts) == 1:
            raise EOFError
        return "н"

    game = TerminalGame(state, seats, "ru", console=console, ask=ask, save_dir=tmp_path)
    with pytest.raises(EOFError):
        game.run()
    assert len(prompts) == 2 and prompts[1].strip().endswith("[Д/н]"), prompts
    assert not list(tmp_path.glob("*.json"))   # «н» keeps nothing
