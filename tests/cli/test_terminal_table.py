"""The terminal table as a new player meets it: short answers after an error, a filter or help;
forced moves made by themselves; the replay opens at move 1 and clamps steps; seats from 1."""

from __future__ import annotations

import pytest
from terminal_helpers import console as _console
from terminal_helpers import scripted
from typer.testing import CliRunner

import settlers
from settlers.cli import build_app
from settlers.cli.replay_command import Replayer, step_through
from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import TerminalGame
from settlers.core import save

runner = CliRunner()


def _played(state, moves):
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def _catan_until(predicate, seed=3):
    """A Catan game played by first-legal moves until ``predicate(state, seat)`` holds for the
    seat to act."""
    state = settlers.load("catan").new_state(4, seed)
    for _ in range(2000):
        seat = state.to_act[0]
        if predicate(state, seat):
            return state, seat
        state.apply(seat, state.legal_actions(seat)[0])
    raise AssertionError("the situation never came up")


def _menu_line(label: str) -> str:
    return f"  1 {label}"


def test_after_an_error_a_filter_or_help_the_menu_is_not_printed_again():
    state, seat = _catan_until(lambda st, s: len(st.legal_actions(s)) > 3)
    seats = [Seat("human") if i == seat else parse_seats("random", None, seed=i)[0]
             for i in range(4)]
    labels = [state.describe_action(a, "en") for a in state.legal_actions(seat)]
    console, out = _console()
    game = TerminalGame(state, seats, "en", console=console,
                        ask=scripted(["99", "?", "zzz", '{"type": "fly"}', "1"]))
    game.human_turn(seat)
    text = out.getvalue()
    assert text.count(_menu_line(labels[0])) == 1          # the menu once, at the start
    assert "There is no such number; choose 1 to" in text  # each answer stays short
    assert "Type the number of an action" in text
    assert 'No action contains "zzz"' in text
    assert text.rstrip().splitlines()[-1] != _menu_line(labels[0])


def test_the_menu_comes_back_on_m_and_a_filter_shows_only_its_matches():
    state, seat = _catan_until(lambda st, s: len(st.legal_actions(s)) > 3)
    seats = [Seat("human") if i == seat else parse_seats("random", None, seed=i)[0]
             for i in range(4)]
    labels = [state.describe_action(a, "en") for a in state.legal_actions(seat)]
    word = labels[-1].lower()  # matches the last action only
    console, out = _console()
    TerminalGame(state, seats, "en", console=console,
                 ask=scripted([word, "m", "1"])).human_turn(seat)
    text = out.getvalue()
    assert f'Actions containing "{word}":' in text
    assert text.count(_menu_line(labels[0])) == 2          # the start and the "m"


def test_a_prompt_with_one_possible_answer_is_answered_by_itself():
    state, seat = _catan_until(lambda st, s: len(st.legal_actions(s)) == 1)
    only = state.describe_action(state.legal_actions(seat)[0], "en")
    version = state.version
    seats = [Seat("human") for _ in range(4)]
    console, out = _console()

    def never(prompt):
        raise AssertionError("a forced move must not ask")

    game = TerminalGame(state, seats, "en", console=console, ask=never)
    game.last_human = seat
    game.human_turn(seat)
    assert state.version == version + 1
    assert f"the only possible move — {only}" in out.getvalue()


def test_a_player_who_asks_to_see_forced_prompts_gets_asked():
    state, seat = _catan_until(lambda st, s: len(st.legal_actions(s)) == 1)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        return "1"

    console, _ = _console()
    game = TerminalGame(state, [Seat("human") for _ in range(4)], "en", console=console,
                        ask=ask, show_forced=True)
    game.last_human = seat
    game.human_turn(seat)
    assert len(asked) == 1


def test_play_has_the_show_forced_option():
    result = runner.invoke(build_app(), ["play", "--help"])
    assert "--show-forced" in result.output


@pytest.fixture
def saved_game(sample_game, tmp_path):
    state = _played(sample_game.new_state(2, seed=8), 4)
    return save(state, tmp_path / "g.json")


def test_replay_opens_at_move_1(saved_game):
    result = runner.invoke(build_app(), ["--lang", "en", "replay", str(saved_game), "--print"])
    assert result.exit_code == 0, result.output
    assert "step 1 of 4" in result.output
    assert "Last move — Player 1:" in result.output   # seats counted from 1


def test_replay_clamps_an_out_of_range_step_with_a_message(saved_game):
    result = runner.invoke(build_app(), ["--lang", "en", "replay", str(saved_game), "--print",
                                         "--step", "9999"])
    assert result.exit_code == 0, result.output
    assert "There is no step 9999; the game has steps 0 to 4. Showing step 4." in result.output
    assert "step 4 of 4" in result.output


def test_replay_steps_g_9999_and_back_without_a_traceback(sample_game):
    replayer = Replayer(_played(sample_game.new_state(2, seed=8), 4))
    console, out = _console()
    step_through(replayer, 1, None, "ru", console, scripted(["g 9999", "g -3", "zz", "q"]))
    text = out.getvalue()
    assert "Шага 9999 нет: в партии шаги от 0 до 4. Показан шаг 4." in text
    assert "Шага -3 нет" in text and "шаг 0 из 4" in text
    assert text.count("Клавиши:") == 1


def test_replay_seat_is_numbered_from_1(saved_game):
    bad = runner.invoke(build_app(), ["--lang", "en", "replay", str(saved_game), "--print",
                                      "--seat", "0"])
    assert bad.exit_code != 0 and "seats 1 to 2" in bad.output
    good = runner.invoke(build_app(), ["--lang", "en", "replay", str(saved_game), "--print",
                                       "--seat", "2"])
    assert good.exit_code == 0, good.output


def test_founders_screen_has_no_developer_note():
    state = settlers.load("founders").new_state(2, 1)
    for lang in ("ru", "en"):
        text = state.render(0, lang)
        assert "reconstruct" not in text and "реконструир" not in text
