"""The sixteenth terminal pass (docs/audits/2026-12-07-sixteenth-terminal.md): Landnám's costs
card, the simulation table's title in Russian, the exit code of a game saved at Ctrl-D, and
the card view (``c``) of a game that describes its cards."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console
from terminal_helpers import scripted
from typer.testing import CliRunner

import settlers
from settlers.cli import build_app
from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import QuitGame, TerminalGame


def _iceland_at(phase, seed=3):
    state = settlers.load("iceland").new_state(3, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.phase == phase:
            return state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the phase never came")


def test_landnam_shows_what_a_boat_a_harbour_and_each_piece_cost_while_building():
    state = _iceland_at("build")
    seat = state.current
    ru = state.render(seat, "ru")
    assert "Цены: хутор — зерно + дерево + шерсть; поселенец — зерно + железо;" in ru
    assert "город — зерно + дерево + 2 шерсти + железо; корабль — дерево + железо;" in ru
    assert "гавань — 2 карты её ресурса; старение гекса — 1 карта ресурса гекса" in ru
    en = state.render(seat, "en")
    assert "boat — wood + iron;" in en and "harbour — 2 cards of its resource" in en
    # three short lines: none wider than an 80-column terminal
    for text, head in ((ru, "Цены:"), (en, "Costs:")):
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith(head))
        assert all(len(line) <= 80 for line in lines[start:start + 3])


def test_landnam_costs_are_read_from_the_rules_data():
    import dataclasses

    state = _iceland_at("build")
    costs = {**state.c.costs, "boat": (0, 2, 0, 1)}
    state.c = dataclasses.replace(state.c, costs=costs, harbour_cost=3)
    en = state.render(state.current, "en")
    assert "boat — 2 wood + iron;" in en and "harbour — 3 cards of its resource" in en


def test_landnam_keeps_the_costs_off_a_moving_board():
    state = _iceland_at("move")
    assert "Costs:" not in state.render(state.current, "en")


def test_the_simulation_table_title_is_in_the_readers_language(capsys):
    from terminal_helpers import run_cli

    code, text = run_cli(capsys, ["simulate", "sample", "-n", "2", "--seats", "random",
                                  "--workers", "1", "--lang", "ru", "--no-progress"])
    assert code == 0, text
    assert "local" not in text and "×" not in text
    assert "на этом компьютере, 1 исполнитель" in text
    code, text = run_cli(capsys, ["simulate", "sample", "-n", "2", "--seats", "random",
                                  "--workers", "2", "--lang", "en", "--no-progress"])
    assert "on this machine, 2 workers" in text


def _play(monkeypatch, tmp_path, answers):
    answers = iter(answers)

    def typed(*_args):
        answer = next(answers)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    monkeypatch.setattr("builtins.input", typed)
    return CliRunner().invoke(build_app(), ["play", "sample", "--seats", "human,random",
                                            "--save-dir", str(tmp_path)])


def test_a_game_saved_at_the_end_of_input_exits_normally(sample_game, tmp_path, monkeypatch):
    # Ctrl-D at the move prompt, then Ctrl-D at «save?» (its default: save)
    result = _play(monkeypatch, tmp_path, [EOFError(), EOFError()])
    assert list(tmp_path.glob("sample-*.json")), result.output
    assert result.exit_code == 0, result.output
    # Ctrl-D, then «y»
    result = _play(monkeypatch, tmp_path, [EOFError(), "y"])
    assert result.exit_code == 0, result.output


def test_an_interrupt_left_unsaved_keeps_the_interrupts_code(sample_game, tmp_path,
                                                              monkeypatch):
    result = _play(monkeypatch, tmp_path, [KeyboardInterrupt(), "n"])
    assert not list(tmp_path.glob("*.json"))
    assert result.exit_code == 130, result.output


def test_the_card_view_shows_what_the_cards_do_and_the_help_names_it():
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=False)
    state = settlers.load("imperial").new_state(2, 4)
    game = TerminalGame(state, [Seat("human"), *parse_seats("random", 1, 4)], "ru",
                        console=console, ask=scripted(["?", "c", "q", "n"]))
    with pytest.raises(QuitGame):
        game.run()
    text = out.getvalue()
    assert "c — что делают карточки." in text      # under the first board
    assert "c — что делает каждая карточка" in text  # in the help
    assert "Что делают карточки" in text and "Разведка" in text and "Рука" in text
    # a card's line wraps under itself, not under the margin
    view = text[text.index("Что делают карточки"):]
    for line in view.splitlines()[1:]:
        if not line.strip() or line.startswith(("Разведка", "Рука", "Локации", "Игрок")):
            continue
        if "ваш ход" in line or "Партия" in line or "Сохранить" in line:
            break
        assert line.startswith("  "), line


def test_a_game_without_a_card_view_reads_c_as_a_word_to_look_for(sample_game):
    out = io.StringIO()
    console = Console(file=out, width=80, force_terminal=False)
    game = TerminalGame(sample_game.new_state(2, 4), [Seat("human"), Seat("human")], "en",
                        console=console, ask=scripted(["c", "q", "n"]))
    with pytest.raises(QuitGame):
        game.run()
    assert "What the cards do" not in out.getvalue()
    assert "c — what the cards do." not in out.getvalue()
