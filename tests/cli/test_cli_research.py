"""The research commands as a researcher meets them: tables that never cut a bot spec or an
interval short, refusals before the work rather than after it, budgets wherever a bot is
named, and a ladder report that records the command that made it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import settlers.sim.bench as bench_module
from settlers.cli import build_app, main
from settlers.cli.seats import parse_seats
from settlers.core import InvalidOption, translate

LONG_SPEC = "mcts:iterations=2:rollout_depth=1:exploration=1.4"


def _invoke(argv, columns=80):
    return CliRunner().invoke(build_app(), argv, env={"COLUMNS": str(columns)})


def test_a_long_bot_spec_is_shown_whole_on_a_narrow_terminal():
    result = _invoke(["simulate", "sample", "--seats", f"{LONG_SPEC},random", "-n", "2",
                      "--workers", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert LONG_SPEC in result.output
    assert "34.2–100.0%" in result.output     # the interval of the seat that won both


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("spec", ["mcts:iterations=32", LONG_SPEC])
def test_no_header_of_a_results_table_is_cut_on_a_narrow_terminal(lang, spec):
    """A column header one word long («Seat-games») was cut to «Seat-ga…» at 80 columns:
    Rich squeezes a header it cannot wrap at a space."""
    result = CliRunner().invoke(
        build_app(), ["simulate", "sample", "--seats", f"{spec},random", "-n", "2",
                      "--workers", "1", "--no-progress"],
        env={"COLUMNS": "80", "SETTLERS_LANG": lang})
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output


def test_bench_refuses_a_bad_bot_before_measuring(monkeypatch):
    measured = []
    monkeypatch.setattr(bench_module, "measure_throughput_isolated",
                        lambda game, **kw: measured.append(game))
    result = _invoke(["bench", "sample", "--bots", "random,wizard", "--seconds", "5"])
    assert result.exit_code == 2
    assert "wizard" in result.output
    assert measured == []
    result = _invoke(["bench", "sample", "nosuch", "--seconds", "5"])
    assert result.exit_code == 2 and "nosuch" in result.output and measured == []


def test_bench_times_a_bot_with_its_budget():
    result = _invoke(["bench", "sample", "--seconds", "0.2", "--decisions", "2", "--bots",
                      "mcts:iterations=3"], columns=120)
    assert result.exit_code == 0, result.output
    assert "iterations=3" in result.output


def test_the_ladder_report_records_its_command_without_the_language():
    from settlers.cli.ladder import recorded_command

    argv = ["--lang", "en", "ladder", "sample", "-n", "2", "--lang=ru"]
    assert recorded_command(argv, "sample") == "settlers ladder sample -n 2"


def test_a_seats_budget_fault_is_named_not_called_an_unknown_seat():
    with pytest.raises(InvalidOption) as info:
        parse_seats("human,mcts:iterations=x", 2, seed=0)
    text = info.value.message("en")
    assert "iterations" in text and "int" in text and "known" not in text.lower()


def test_a_bot_that_cannot_play_the_game_is_refused_before_it(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", "play", "sample", "--seats", "human,rl"])
    assert info.value.code == 2
    assert "cannot play Sealed bids" in capsys.readouterr().err


def test_an_unknown_language_is_refused_in_the_environments(capsys, monkeypatch):
    monkeypatch.setenv("SETTLERS_LANG", "ru")
    with pytest.raises(SystemExit) as info:
        main(["--lang", "xx", "games"])
    assert info.value.code == 2
    assert "Неизвестный язык «xx»" in capsys.readouterr().err


def test_the_player_count_refusal_reads_as_russian(capsys):
    # "В Колонизаторы играют" put the game's name undeclined after «в»
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "play", "catan", "--players", "9"])
    err = capsys.readouterr().err
    assert "«Колонизаторы» — игра для 3–4 игроков, а не для 9." in err


def test_simulate_takes_options_by_the_short_name_as_play_does():
    result = _invoke(["simulate", "sample", "--seats", "random,random", "-n", "1",
                      "--workers", "1", "--no-progress", "-o", "prizes=4"])
    assert result.exit_code == 0, result.output


def test_python_m_settlers_is_the_settlers_command():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "settlers", "--lang", "en", "--help"],
                          capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(__import__("settlers").__path__[0] + "/..")})
    assert done.returncode == 0, done.stderr
    assert "Usage: settlers" in done.stdout


def test_content_install_explains_its_arguments(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "en", "content", "install", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "The data file (a folder for iceland data_dir)" in text


@pytest.mark.parametrize(("lang", "argv", "words"), [
    ("ru", ["catan", "--seats", "human,random", "--players", "4"],
     "В --seats названо 2 места (human, random), а в партии 4 игрока. Назовите место для "
     "каждого игрока, например: --seats human,random,random,random."),
    ("en", ["catan", "--seats", "human,random,random,random,random", "--players", "3"],
     "--seats names 5 seats (human, random, random, random, random), but the game has 3 "
     "players. Name a seat for every player, for example: --seats human,random,random."),
    ("ru", ["catan", "--seats", ",", "--players", "3"],
     "В --seats названо 0 мест (—), а в партии 3 игрока. Назовите место для каждого игрока, "
     "например: --seats human,random,random."),
])
def test_seats_that_do_not_match_the_players_are_explained(capsys, lang, argv, words):
    with pytest.raises(SystemExit) as info:
        main(["--lang", lang, "play", *argv])
    assert info.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err == words


def test_a_simulation_refusal_is_printed_as_written(capsys, tmp_path):
    # a value like "[bold]x" was read as Rich markup and lost; a long path was broken in two
    # by a newline at 80 columns (a path one cannot copy back)
    long_path = tmp_path / ("a-folder-with-a-rather-long-name-" * 3) / "policy.npz"
    for seats, words in (("mcts:iterations=[bold]x,random", "not '[bold]x'"),
                         (f"rl:policy={long_path},random", f"'{long_path}'")):
        with pytest.raises(SystemExit) as info:
            main(["--lang", "en", "simulate", "founders", "--seats", seats, "-n", "1",
                  "--no-progress"])
        assert info.value.code == 2
        out = capsys.readouterr().out
        assert words in out, out


@pytest.mark.parametrize("command", [
    ["simulate", "sample", "--seats", "random,random", "-n", "2", "--workers", "1"],
    ["ladder", "sample", "--bots", "random,greedy", "-n", "2", "--workers", "1", "--out", "-"],
])
def test_an_unknown_backend_is_refused_before_the_progress_bar(command):
    """The refusal came under a progress bar already drawn («sample 0/2 … осталось -:--:--»)."""
    result = _invoke([*command, "--backend", "spark"])
    assert result.exit_code == 2, result.output
    assert "spark" in result.output and "0/2" not in result.output, result.output


@pytest.mark.parametrize(("address", "said"), [("127.0.0.1:1", "No Ray cluster answers"),
                                               ("nowhere", "is not an address")])
def test_a_ray_address_that_does_not_answer_is_refused_in_seconds(address, said):
    """`--backend ray --address` with an address nothing listens at: Ray retried it for minutes
    (its own English lines, a progress bar at 0) and the run never started."""
    import subprocess
    import sys
    import time

    pytest.importorskip("ray")
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "settlers.cli", "--lang", "en", "simulate", "catan", "--seats",
         "random,random,random", "-n", "2", "--backend", "ray", "--address", address],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stdout and address in done.stdout, done.stdout
    assert "0/2" not in done.stdout and "gcs_client" not in done.stderr
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_bench_tables_are_whole_at_80_columns(capsys, monkeypatch, lang):
    """`settlers bench` at 80 columns (a pipe, a file): Rich laid the throughput table out
    87 columns wide and the print cut it at 80 («Пик памят», the figures gone); the latency
    table's budget column said «default» in Russian."""
    monkeypatch.setenv("COLUMNS", "80")
    try:
        main(["--lang", lang, "bench", "sample", "--seconds", "0.2", "--decisions", "2",
              "--bots", "random"])
    except SystemExit as done:
        assert done.code in (0, None)
    output = capsys.readouterr().out
    lines = output.splitlines()
    tables = [line for line in lines if line[:1] in "┏┃┡│└"]
    assert tables and all(line[-1] in "┓┃┩│┘" for line in tables), output
    # a header cell may wrap over the header's lines: its words are read column by column
    columns: list[str] = []
    heads: list[list[str]] = []
    for line in lines:
        if line[:1] == "┏":  # a table's top: its header follows
            columns += [" ".join(words) for words in heads]
            heads = []
        elif line[:1] == "┃":
            cells = line.strip("┃").split("┃")
            heads += [[] for _ in range(len(cells) - len(heads))]
            for words, cell in zip(heads, cells, strict=False):
                words += cell.split()
    columns += [" ".join(words) for words in heads]
    header = " ".join(translate("sim.col.peak_rss", lang).split())
    assert header in columns, columns
    assert ("по умолчанию" in output) == (lang == "ru")
    assert ("default" in output) == (lang == "en")
