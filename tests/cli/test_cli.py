"""The command line: listing games, playing in the terminal (scripted), saving, replaying."""

from __future__ import annotations

import json

import pytest
from terminal_helpers import console as _console
from terminal_helpers import scripted
from typer.testing import CliRunner

from settlers.cli import build_app, main, take_language
from settlers.cli.seats import Seat, parse_seats
from settlers.cli.terminal import TerminalGame
from settlers.core import InvalidOption, load_state, save, set_language

runner = CliRunner()


def test_language_is_taken_from_anywhere_on_the_line():
    assert take_language(["play", "catan", "--lang", "en"]) == ("en", ["play", "catan"])
    assert take_language(["--lang=ru", "games"]) == ("ru", ["games"])
    assert take_language(["games"]) == (None, ["games"])


def test_games_lists_every_game_with_both_names():
    result = runner.invoke(build_app(), ["games", "--json"])
    assert result.exit_code == 0, result.output
    listed = {g["id"]: g for g in json.loads(result.output)}
    assert listed["sample"]["names"] == {"ru": "Тайные ставки", "en": "Sealed bids"}
    assert listed["sample"]["options"][0]["name"] == "prizes"


def _run_main(capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 0
    return capsys.readouterr().out


def test_help_speaks_the_chosen_language(capsys):
    set_language("ru")
    output = _run_main(capsys, ["--help"])
    assert "Сыграть партию" in output and "Показать эту справку" in output
    assert "Показать эту справку" in _run_main(capsys, ["play", "--help"])
    output = _run_main(capsys, ["--lang", "en", "--help"])
    assert "Play a game in the terminal" in output and "Show this help" in output


def test_bots_play_a_whole_game_and_the_result_is_shown(sample_game):
    console, out = _console()
    state = sample_game.new_state(3, seed=2)
    seats = parse_seats("random,random,random", 3, seed=2)
    TerminalGame(state, seats, "en", console=console, ask=scripted(["n"])).run()
    assert state.over
    assert "Game over" in out.getvalue()
    assert "★" in out.getvalue()


def test_a_person_uses_the_menu_commands_and_errors_are_explained(sample_game, tmp_path):
    console, out = _console()
    state = sample_game.new_state(2, seed=4)
    seats = [Seat("human"), parse_seats("random", None, seed=1)[0]]
    answers = ["?", "zzz", "99", '{"type": "fly"}', '{"type": "pass"}', "1"] + ["1"] * 200
    game = TerminalGame(state, seats, "ru", console=console, ask=scripted(answers),
                        save_dir=tmp_path)
    game.run()
    text = out.getvalue()
    assert "Введите номер действия" in text                       # help
    assert "Нет действий, где есть «zzz»" in text                  # filter without match
    assert "Такого номера нет; выберите от 1 до 5" in text          # bad number
    assert "Неизвестный тип действия «fly»" in text              # malformed JSON
    assert "Сейчас все ставят по карте" in text                    # illegal action, explained
    assert state.over


def test_ctrl_c_offers_to_save_and_the_save_continues_the_game(sample_game, tmp_path):
    console, out = _console()
    state = sample_game.new_state(2, seed=4)
    seats = [Seat("human"), Seat("human")]
    ask = scripted(["", "1", "", "1", KeyboardInterrupt(), ""])
    game = TerminalGame(state, seats, "en", console=console, ask=ask, save_dir=tmp_path)
    with pytest.raises(KeyboardInterrupt):
        game.run()
    saved = list(tmp_path.glob("sample-*.json"))  # no seed in the name mid-game
    assert len(saved) == 1
    assert load_state(saved[0]) == state
    assert "Pass the terminal to Player 1" in out.getvalue()


def test_unknown_bot_names_list_the_known_ones():
    with pytest.raises(InvalidOption) as info:
        parse_seats("human,wizard", 2, seed=0)
    assert "wizard" in info.value.message("en") and "random" in info.value.message("en")


def test_replay_prints_a_saved_position(sample_game, tmp_path):
    state = sample_game.new_state(2, seed=8)
    for _ in range(4):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    path = save(state, tmp_path / "g.json")
    result = runner.invoke(build_app(), ["replay", str(path), "--print", "--step", "2"])
    assert result.exit_code == 0, result.output
    assert "step 2 of 4" in result.output
    assert "Last move" in result.output


def test_replay_refuses_a_corrupt_file_with_a_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    result = runner.invoke(build_app(), ["replay", str(bad), "--print"])
    assert result.exit_code != 0
    assert "not valid JSON" in str(result.exception)


def test_seats_take_bot_budgets_like_simulate():
    seats = parse_seats("human,mcts:iterations=5", 2, seed=0)
    assert [s.kind for s in seats] == ["human", "mcts:iterations=5"]
    assert seats[1].bot is not None and seats[0].bot is None
    with pytest.raises(InvalidOption):
        parse_seats("human,mcts:iterations", 2, seed=0)


def test_default_seats_put_you_against_the_best_bot_for_the_game():
    from settlers.cli.seats import default_seats

    assert default_seats("sample", 3).startswith("human,") and default_seats(
        "sample", 3).count(",") == 2


@pytest.mark.parametrize("command", [["replay", "{path}", "--print"],
                                     ["play", "catan", "--load", "{path}"]])
@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Не удалось прочитать файл сохранения {path}: это не обычный файл"),
    ("en", "Cannot read the save file {path}: it is not a regular file"),
])
def test_a_save_that_cannot_be_read_is_refused_in_the_chosen_language(
        tmp_path, capsys, command, lang, words):
    """``settlers replay FILE`` and ``settlers play --load FILE`` of a folder: the reason in
    the user's language, not the system's English («[Errno 21] Is a directory»)."""
    folder = tmp_path / "saved"
    folder.mkdir()
    args = [a.replace("{path}", str(folder)) for a in command]
    try:
        with pytest.raises(SystemExit):
            main(["--lang", lang, *args])
    finally:
        set_language(None)
    err = capsys.readouterr().err
    assert words.replace("{path}", str(folder)) in err, err
    assert "Errno" not in err
