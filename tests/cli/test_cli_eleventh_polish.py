"""What the eleventh fresh-user pass noticed and left (docs/audits/2026-12-07-eleventh-cli-polish.md):
figures written the English way in Russian, ``simulate --seats heuristic`` refused, an unknown
game id with no near one suggested, subcommands' help without ``--lang``, and ``replay``
deaf to a pipe."""

from __future__ import annotations

import io
import json
import re

import pytest

from settlers.cli import build_command, main
from settlers.core import UnknownGame, load, save, set_language
from settlers.sim import read_rows
from settlers.sim.bench import Latency, Throughput
from settlers.sim.report import latency_markdown, throughput_markdown

NBSP = "\u00a0"   # Russian's thousands separator and the space before «%»


def _run(capsys, argv: list[str], stdin: str | None = None, monkeypatch=None) -> tuple[int, str]:
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out + out.err


# ---------------------------------------------------------------- 1. figures in Russian


@pytest.mark.parametrize(("value", "digits", "ru", "en"), [
    (30054.2, 0, f"30{NBSP}054", "30,054"),
    (159.534, 2, "159,53", "159.53"),
    (1234567.0, 1, f"1{NBSP}234{NBSP}567,0", "1,234,567.0"),
    (2.5, None, "2,5", "2.5"),
    (3.0, None, "3", "3"),
    (-0.25, 2, "-0,25", "-0.25"),
])
def test_a_number_is_written_as_the_language_writes_it(value, digits, ru, en):
    from settlers.core.numbers import format_number

    assert format_number(value, "ru", digits) == ru
    assert format_number(value, "en", digits, grouping=True) == en
    # English without grouping asked for: as Python prints it, as the CLI always did
    assert format_number(value, "en", digits) == (
        f"{value:.{digits}f}" if digits is not None else f"{value:g}")


def test_a_per_cent_and_an_interval_in_russian_and_english():
    from settlers.core.numbers import format_number, format_percent, format_percent_range

    assert format_percent(0.8333, "ru") == f"83,3{NBSP}%"
    assert format_percent(0.8333, "en") == "83.3%"
    assert format_percent_range(0.342, 1.0, "ru") == f"34,2–100,0{NBSP}%"
    assert format_percent_range(0.342, 1.0, "en") == "34.2–100.0%"
    # a count: grouped in Russian, in English as the CLI always printed it
    assert format_number(30054, "ru") == f"30{NBSP}054"
    assert format_number(30054, "en") == "30054"


def test_simulate_writes_figures_the_russian_way_and_its_file_stays_as_it_was(
        capsys, tmp_path, sample_game):
    out = tmp_path / "r.jsonl"
    argv = ["simulate", "sample", "--seats", "greedy,random", "-n", "6", "--seed", "3",
            "--workers", "1", "--no-progress", "--out", str(out)]
    code, text = _run(capsys, ["--lang", "ru", *argv])
    assert code == 0, text
    assert f"{NBSP}%" in text and "%" not in text.replace(f"{NBSP}%", "")
    assert f"95{NBSP}% интервал" in text
    length = next(line for line in text.splitlines() if line.startswith("Длина партии"))
    assert re.search(r"\d,\d", length) and not re.search(r"\d\.\d", text)
    ru_rows = read_rows(out)
    code, text = _run(capsys, ["--lang", "en", *argv])
    assert code == 0, text
    assert "95% interval" in text and NBSP not in text
    assert [json.dumps({k: v for k, v in r.items() if k != "seconds"}) for r in ru_rows] == \
        [json.dumps({k: v for k, v in r.items() if k != "seconds"}) for r in read_rows(out)]


def test_the_russian_bench_report_groups_thousands_and_the_english_one_is_as_before():
    info = {"cpu": "cpu", "cores": 2, "python": "3.11", "system": "Linux", "load": "0.1"}
    result = Throughput(game="sample", players=2, games=30054, unfinished=0, actions=100,
                        seconds=1.0, peak_rss_mb=123.4)
    ru = throughput_markdown([result], info, "ru")
    en = throughput_markdown([result], info, "en")
    assert f"| 30{NBSP}054 |" in ru and "| 30054 |" in en
    row = next(line for line in en.splitlines() if line.startswith("| Sealed bids"))
    assert row == (f"| Sealed bids | 2 | 30054 | {result.games_per_s:.2f} | "
                   f"{result.actions_per_s:,.0f} | {result.actions_per_game:.1f} | "
                   f"{result.peak_rss_mb:.0f} |")
    latency = Latency(game="sample", bot="mcts", budget="default", players=2, decisions=5,
                      mean_ms=1234.567, median_ms=2.5, p99_ms=3.25, max_ms=4.0)
    assert f"1{NBSP}234,57" in latency_markdown([latency], info, "ru")
    assert "1234.57" in latency_markdown([latency], info, "en")
    # the title says which clock: benchmarks/latency.py times CPU, `settlers bench` the wall
    assert "(wall clock)" in latency_markdown([latency], info, "en")
    cpu = latency_markdown([latency], info, "en", cpu=True)
    assert cpu.startswith("### Bot decision latency (CPU time") and "wall clock" not in cpu
    assert "процессорное время" in latency_markdown([latency], info, "ru", cpu=True)


# ---------------------------------------------------------------- 2. one name, every seat


def test_simulate_reads_one_name_as_every_seat_as_play_does(capsys, sample_game, tmp_path):
    out = tmp_path / "r.jsonl"
    code, text = _run(capsys, ["--lang", "en", "simulate", "sample", "--seats", "random",
                               "-n", "2", "--workers", "1", "--no-progress", "--out", str(out)])
    assert code == 0, text
    assert [r["seats"] for r in read_rows(out)] == [["random"] * sample_game.max_players] * 2


@pytest.mark.parametrize(("lang", "words"), [("en", "one name seats that bot at every seat"),
                                             ("ru", "одно имя сажает этого бота на каждое")])
def test_simulate_help_says_one_name_fills_every_seat(capsys, lang, words):
    code, text = _run(capsys, ["--lang", lang, "simulate", "--help"])
    assert code == 0
    assert words in " ".join(text.replace("│", " ").split())


# ---------------------------------------------------------------- 3. the nearest game id


@pytest.mark.parametrize(("typed", "lang", "words"), [
    ("catann", "en", "Unknown game 'catann'; did you mean catan?"),
    ("Catan", "en", "Unknown game 'Catan'; did you mean catan?"),
    ("catann", "ru", "Неизвестная игра «catann»; может быть, catan?"),
    ("CATAN", "ru", "Неизвестная игра «CATAN»; может быть, catan?"),
])
def test_an_unknown_game_names_the_nearest_known_one(capsys, typed, lang, words):
    code, text = _run(capsys, ["--lang", lang, "simulate", typed, "--seats", "random,random",
                               "-n", "1", "--no-progress"])
    assert code == 2
    assert words in text and "archipelago" in text


def test_the_nearest_game_is_named_only_when_near_and_a_case_is_not_taken():
    with pytest.raises(UnknownGame) as caught:
        load("chess")
    assert caught.value.message("en") == (
        f"Unknown game 'chess'; known games: {caught.value.params['known']}.")
    # ids are typed exactly, as bot and option names are: the refusal names the right one
    with pytest.raises(UnknownGame) as caught:
        load("Catan")
    assert caught.value.params["near"] == "catan"


# ---------------------------------------------------------------- 4. --lang in every help


SUBCOMMANDS = ("games", "play", "replay", "simulate", "bench", "ladder", "serve", "content")


@pytest.mark.parametrize("command", SUBCOMMANDS)
@pytest.mark.parametrize(("lang", "words"), [("en", "Language of the interface"),
                                             ("ru", "Язык интерфейса")])
def test_every_subcommand_help_lists_lang(capsys, command, lang, words):
    code, text = _run(capsys, [command, "--help", "--lang", lang])
    assert code == 0, text
    assert "--lang" in text and words in " ".join(text.replace("│", " ").split())


def test_lang_still_works_anywhere_and_changes_no_command(capsys):
    code, text = _run(capsys, ["games", "--lang", "en"])
    assert code == 0 and "catan" in text
    code, ru = _run(capsys, ["--lang=ru", "games"])
    assert code == 0 and ru != text
    # a --lang that reaches a command itself (the command tree run without main) is no error
    set_language("en")
    build_command().main(args=["games", "--lang", "en"], prog_name="settlers",
                         standalone_mode=False)
    assert "catan" in capsys.readouterr().out


# ---------------------------------------------------------------- 5. replay from a pipe


def _saved(sample_game, tmp_path):
    state = sample_game.new_state(2, seed=8)
    for _ in range(12):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return save(state, tmp_path / "g.json")


def test_replay_reads_commands_from_a_pipe(capsys, monkeypatch, sample_game, tmp_path):
    path = _saved(sample_game, tmp_path)
    code, text = _run(capsys, ["--lang", "en", "replay", str(path)], stdin="g 10\np\nq\n",
                      monkeypatch=monkeypatch)
    assert code == 0, text
    assert text.index("step 1 of 12") < text.index("g 10") < text.index("step 10 of 12") \
        < text.index("step 9 of 12")
    # an empty pipe (``< /dev/null``): the position printed once, as before
    code, text = _run(capsys, ["--lang", "en", "replay", str(path), "--step", "3"], stdin="",
                      monkeypatch=monkeypatch)
    assert code == 0, text
    assert text.count("step 3 of 12") == 1 and "q quit" not in text
