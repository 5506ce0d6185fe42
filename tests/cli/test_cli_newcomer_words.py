"""What a newcomer reads in a Russian terminal game: the save question's letters, the seats in
the header, and what a short ``--seats`` list means."""

from __future__ import annotations

import pytest
from terminal_helpers import console as _console

import settlers.cli.play_command as play_command
from settlers.cli import main
from settlers.cli.seats import Seat, parse_seats, seat_word
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
    console, _out = _console()
    state = sample_game.new_state(2, seed=5)
    game = TerminalGame(state, parse_seats("random,random", 2, seed=3), "ru", console=console,
                        ask=_asking(["д"], prompts), save_dir=tmp_path)
    game.run()
    assert prompts[-1].strip().endswith("[д/Н]"), prompts
    assert len(list(tmp_path.glob("*.json"))) == 1   # «д» saves, as the letters say


def test_the_unfinished_games_question_shows_russian_letters(sample_game, tmp_path):
    prompts: list[str] = []
    console, _out = _console()
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


def _started(monkeypatch, capsys, argv):
    """``settlers <argv>`` up to the first move: (its output, the seats' kinds)."""
    held = {}

    class Grab(TerminalGame):
        def run(self):
            held["seats"] = [s.kind for s in self.seats]

    monkeypatch.setattr(play_command, "TerminalGame", Grab)
    with pytest.raises(SystemExit) as info:
        main(argv)
    out = capsys.readouterr()
    assert info.value.code == 0, out
    return out.out, held["seats"]


def test_the_header_names_the_seats_in_the_readers_words(monkeypatch, capsys, tmp_path):
    argv = ["play", "catan", "--seats", "human,heuristic,mcts:iterations=50,random",
            "--save-dir", str(tmp_path)]
    out, _kinds = _started(monkeypatch, capsys, ["--lang", "ru", *argv])
    assert "места: человек, эвристика, MCTS (iterations=50), случайный." in out, out
    assert "human" not in out and "heuristic" not in out
    out, _kinds = _started(monkeypatch, capsys, ["--lang", "en", *argv])
    assert "seats: human, heuristic, MCTS (iterations=50), random." in out, out


def test_every_bot_has_its_word_in_both_languages():
    from settlers.bots import names
    from settlers.core.i18n import lookup

    for lang in ("ru", "en"):
        for kind in ("human", *names()):
            assert lookup(f"cli.seat_kind.{kind}", lang), (lang, kind)
            assert seat_word(Seat(kind), lang) != f"cli.seat_kind.{kind}"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "All 4 seats are people at this terminal, taking turns. To play against bots: "
           "--seats human,heuristic,heuristic,heuristic."),
    ("ru", "Все места (4) — люди за этим терминалом, по очереди. Чтобы играть против ботов: "
           "--seats human,heuristic,heuristic,heuristic."),
])
def test_one_human_fills_every_seat_and_the_game_says_so(monkeypatch, capsys, tmp_path, lang,
                                                         said):
    out, kinds = _started(monkeypatch, capsys, ["--lang", lang, "play", "catan", "--seats", "human",
                                        "--save-dir", str(tmp_path)])
    assert kinds == ["human"] * 4          # what one name means is kept: hot-seat
    assert said in out, out


def test_a_full_list_of_people_is_taken_as_written(monkeypatch, capsys, tmp_path):
    out, kinds = _started(monkeypatch, capsys, ["--lang", "en", "play", "catan", "--seats",
                                        "human,human,human", "--save-dir", str(tmp_path)])
    assert kinds == ["human"] * 3 and "To play against bots" not in out


def test_the_help_says_what_a_short_seat_list_means(capsys):
    for lang, words in (
            ("en", ["One name fills every seat", "--seats human gives every seat to people",
                    "Several names are one per seat"]),
            ("ru", ["Одно имя занимает все места", "--seats human — все места у людей",
                    "Несколько имён — по одному на каждое место"])):
        with pytest.raises(SystemExit):
            main(["--lang", lang, "play", "--help"])
        text = capsys.readouterr().out
        text = " ".join(text.replace("│", " ").split())
        for phrase in words:
            assert phrase in text, (phrase, text)
