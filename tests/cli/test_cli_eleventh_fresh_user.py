"""What the eleventh fresh-user pass met on the command line (docs/audits/
2026-12-07-eleventh-fresh-user.md): a short ladder run inside the checkout replaced the
committed ladders, a misspelt bot was copied into the example a refusal offered, and a
simulation's table did not say why its win rates did not add up."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from settlers.cli import build_app, main
from settlers.cli.seats import parse_seats
from settlers.cli.terminal import QuitGame, TerminalGame


def _invoke(argv: list[str], lang: str = "en"):
    return CliRunner().invoke(build_app(), argv, env={"COLUMNS": "100", "SETTLERS_LANG": lang})


def test_a_ladder_without_out_writes_in_the_current_folder_not_into_docs_results(
        tmp_path, monkeypatch, sample_game):
    committed = tmp_path / "docs" / "results" / "ladder-sample.md"
    committed.parent.mkdir(parents=True)
    committed.write_text("the committed 200-game ladder\n", encoding="utf-8")
    (committed.with_suffix(".json")).write_text("{}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = _invoke(["ladder", "sample", "--bots", "random,greedy", "-n", "1", "--players", "2",
                      "--workers", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert committed.read_text(encoding="utf-8") == "the committed 200-game ladder\n"
    assert committed.with_suffix(".json").read_text(encoding="utf-8") == "{}\n"
    assert (tmp_path / "ladder-sample.md").is_file()
    assert (tmp_path / "ladder-sample.json").is_file()
    assert "ladder-sample.md" in result.output and "docs/results" not in result.output


@pytest.mark.parametrize("argv", [
    ["play", "catan", "--seats", "human,randm"],                 # the count from --seats
    ["play", "catan", "-n", "3", "--seats", "human,randm"],      # the count from -n
])
def test_a_misspelt_seat_is_named_before_the_count_and_never_copied_into_an_example(
        capsys, argv):
    """«--seats human,randm» was answered «…for example: --seats human,randm,randm»: the
    example repeated the typo and would be refused in turn."""
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", *argv])
    assert info.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "Unknown seat 'randm'" in err, err
    assert "randm,randm" not in err and "for example" not in err


def test_a_seat_list_of_known_bots_still_gets_an_example_that_fits(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "en", "play", "catan", "--seats", "human,random"])
    err = " ".join(capsys.readouterr().err.split())
    assert "--seats human,random,random" in err


def _rows() -> list[dict]:
    """Three finished games of two seats: one won by seat 0, one shared, one nobody won."""
    base = {"seats": ["heuristic", "random"], "seed": 1, "error": None, "actions": 10,
            "seconds": 0.5}
    return [dict(base, index=0, winners=[0], scores=[3, 1]),
            dict(base, index=1, winners=[0, 1], scores=[2, 2]),
            dict(base, index=2, winners=[], scores=[0, 0])]


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["1 of 3 games ended with no winner: a loss for every seat.",
            "1 of 3 games ended in a shared win.", "a win shared by k seats counting 1/k",
            "s per game (wall clock, in its worker)"]),
    ("ru", ["1 из 3 партий закончилась без победителя: это поражение для всех мест.",
            "1 из 3 партий закончилась общей победой.",
            "победа, разделённая k местами, считается за 1/k",
            "с на партию (по часам, в её процессе)"]),
])
def test_the_simulation_summary_says_why_its_win_rates_do_not_add_up(lang, lines):
    """Archipelago's 6 games of heuristic, greedy and random: 3, 0 and 0 wins, with nothing
    saying that the other 3 games had no winner (the colony fell)."""
    from rich.console import Console

    from settlers.cli.simulate import print_summary
    from settlers.core.i18n import set_language
    from settlers.sim.job import Job
    from settlers.sim.seating import parse_seats
    from settlers.sim.stats import summarize

    summary = summarize(_rows())
    assert (summary.no_winner, summary.shared) == (1, 1)
    assert summary.to_json()["no_winner"] == 1 and summary.to_json()["shared"] == 1
    console = Console(width=200, record=True)
    set_language(lang)
    try:
        print_summary(console, Job("sample", tuple(parse_seats("heuristic,random")), 3),
                      summary, "local", 1)
    finally:
        set_language("en")
    text = console.export_text()
    for line in lines:
        assert line in text, (line, text)


def test_a_summary_where_every_game_had_one_winner_says_nothing_of_ties():
    from settlers.sim.stats import summarize

    summary = summarize(_rows()[:1])
    assert (summary.no_winner, summary.shared) == (0, 0)


@pytest.mark.parametrize(("lang", "not_saved"), [("en", "The game was not saved."),
                                                 ("ru", "Партия не сохранена.")])
def test_quitting_right_after_a_save_names_the_save_and_asks_nothing(tmp_path, sample_game,
                                                                     lang, not_saved):
    """`s` then `q`: «Save the game to continue later? [Y/n]» was asked again, and «n» was
    answered «The game was not saved.» with the file just written on the disk."""
    from terminal_helpers import console as _console
    from terminal_helpers import scripted

    console, out = _console()
    state = sample_game.new_state(2, 1)
    game = TerminalGame(state, parse_seats("human,random", 2, 0), lang, console=console,
                        ask=scripted(["s", "q", "n"]), save_dir=tmp_path / "saves")
    with pytest.raises(QuitGame):
        game.run()
    said = " ".join(out.getvalue().split())
    files = list((tmp_path / "saves").iterdir())
    assert len(files) == 1
    assert not_saved not in said, said
    assert said.count(f"--load {files[0]}") == 2, said     # once on `s`, once on `q`


def test_quitting_after_a_move_since_the_save_still_asks(tmp_path, sample_game):
    from terminal_helpers import console as _console
    from terminal_helpers import scripted

    console, out = _console()
    state = sample_game.new_state(2, 1)
    game = TerminalGame(state, parse_seats("human,random", 2, 0), "en", console=console,
                        ask=scripted(["s", "1", "q", "n"]), save_dir=tmp_path / "saves")
    with pytest.raises(QuitGame):
        game.run()
    assert "The game was not saved." in " ".join(out.getvalue().split())


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["throughput (per second of wall clock)", "Bot decision latency (wall clock)"]),
    ("ru", ["(за секунду по часам)", "Время решения ботов (по часам)"]),
])
def test_bench_says_its_times_are_wall_clock(capsys, monkeypatch, sample_game, lang, words):
    """The README's latency tables are CPU ms (benchmarks/latency.py); `settlers bench` times
    on the wall clock, and its tables did not say which."""
    from settlers.core.i18n import set_language

    monkeypatch.setenv("COLUMNS", "120")
    try:
        main(["--lang", lang, "bench", "sample", "--seconds", "0.2", "--bots", "random",
              "--decisions", "3"])
    except SystemExit as done:
        assert done.code in (0, None)
    finally:
        set_language("en")
    text = " ".join(capsys.readouterr().out.split())
    for said in words:
        assert said in text, text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "settlers simulate plays bots only, and 'human' is a person's seat. A person plays "
           "against bots with settlers play: settlers play catan --seats human,random,random"),
    ("ru", "settlers simulate играет только ботами, а «human» — место человека. Человек играет "
           "с ботами в settlers play: settlers play catan --seats human,random,random"),
])
def test_a_person_in_a_simulation_is_named_as_such_not_as_an_unknown_bot(capsys, lang, words):
    """«Unknown bot 'human'» told a newcomer who copied play's --seats nothing of why."""
    with pytest.raises(SystemExit) as info:
        main(["--lang", lang, "simulate", "catan", "--seats", "human,random,random", "-n", "1"])
    assert info.value.code == 2
    said = " ".join(capsys.readouterr().out.split())
    assert words in said, said
