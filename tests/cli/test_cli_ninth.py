"""The ninth pass over the command line: a player count from --seats refused by naming
--seats, usage lines in words, Catan's board naming hexes as its menus do."""

from __future__ import annotations

import pytest
from terminal_helpers import run_cli as _run


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", ["В --seats названо 2 места (human, heuristic)", "«Колонизаторы» — игра для 3–4",
            "--seats human,heuristic,heuristic"]),
    ("en", ["--seats names 2 seats (human, heuristic)", "Catan is played by 3 to 4",
            "--seats human,heuristic,heuristic"]),
])
def test_a_count_from_seats_the_game_does_not_take_names_seats(capsys, lang, words):
    """`play catan --seats human,heuristic` without -n: the two seats are the count, and
    the refusal says where it came from and a list that fits (it said only «not 2»)."""
    code, text = _run(capsys, ["--lang", lang, "play", "catan", "--seats", "human,heuristic"])
    assert code == 2
    for word in words:
        assert word in text, text


def test_too_many_seats_are_cut_to_the_largest_table(capsys):
    code, text = _run(capsys, ["--lang", "en", "play", "catan", "--seats",
                               "human,random,random,random,random"])
    assert code == 2
    assert "--seats names 5 seats" in text and "--seats human,random,random,random." in text


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "«Колонизаторы» — игра для 3–4 игроков, а не для 2. Задайте -n (--players) от 3 до 4."),
    ("en", "Catan is played by 3 to 4 players, not 2. Give -n (--players) from 3 to 4."),
])
def test_a_count_from_n_the_game_does_not_take_names_n(capsys, lang, words):
    code, text = _run(capsys, ["--lang", lang, "play", "catan", "-n", "2"])
    assert code == 2
    assert words in text, text


COMMANDS = ("", "games", "play", "replay", "simulate", "bench", "serve", "ladder", "content",
            "content install", "content list")
USAGE = {
    "ru": {"play": "Вызов: settlers play [ОПЦИИ] [ИГРА]",
           "replay": "Вызов: settlers replay [ОПЦИИ] ФАЙЛ",
           "simulate": "Вызов: settlers simulate [ОПЦИИ] ИГРА",
           "bench": "Вызов: settlers bench [ОПЦИИ] [ИГРЫ]...",
           "content install": "Вызов: settlers content install [ОПЦИИ] ИГРА ОПЦИЯ ИСТОЧНИК",
           "": "Вызов: settlers [ОПЦИИ] КОМАНДА [АРГУМЕНТЫ]..."},
    "en": {"play": "Usage: settlers play [OPTIONS] [GAME]",
           "replay": "Usage: settlers replay [OPTIONS] FILE",
           "ladder": "Usage: settlers ladder [OPTIONS] GAME",
           "": "Usage: settlers [OPTIONS] COMMAND [ARGS]..."},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("command", COMMANDS)
def test_usage_lines_are_words(capsys, lang, command):
    """Typer wrote a required argument «{GAME}» and, in Russian help too, «[OPTIONS]» and
    «COMMAND [ARGS]...»: the usage line is the help's own words."""
    code, text = _run(capsys, ["--lang", lang, *command.split(), "--help"])
    assert code == 0
    assert "{" not in text and "}" not in text, text
    if lang == "ru":
        assert not {"[OPTIONS]", "COMMAND", "[ARGS]", "GAME", "FILE", "SOURCE"} & set(
            text.split()), text
    expected = USAGE[lang].get(command)
    if expected is not None:
        assert expected in text, text


@pytest.mark.parametrize("command", ["play", "simulate", "ladder", "bench"])
def test_a_game_argument_lists_the_games(capsys, command):
    for lang in ("ru", "en"):
        _code, text = _run(capsys, ["--lang", lang, command, "--help"])
        assert "archipelago, catan, founders, iceland, imperial" in text.replace("│ ", ""), text


def test_a_missing_argument_is_named_as_the_help_names_it(capsys):
    code, text = _run(capsys, ["--lang", "ru", "replay"])
    assert code == 2
    assert "Вызов: settlers replay [ОПЦИИ] ФАЙЛ" in text and "аргумента «ФАЙЛ»" in text   # Russian quotes: fifteenth i18n round


@pytest.mark.parametrize("command", ["simulate", "ladder", "bench"])
def test_the_simulation_commands_help_switches_language_within_one_process(capsys, command):
    """Their parameters are declared once, at import: the help of the second run in another
    language kept the first run's words («--seed … Главное зерно» in English help)."""
    _run(capsys, ["--lang", "ru", command, "--help"])
    _code, text = _run(capsys, ["--lang", "en", command, "--help"])
    assert not any("а" <= ch <= "я" for ch in text.lower()), text
    _code, text = _run(capsys, ["--lang", "ru", command, "--help"])
    assert "Игра" in text or "Какие игры" in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_catans_board_names_each_hex_as_the_menus_do(lang):
    """The board wrote «A Пашня», «B Пастб», «G Desrt» where the menus say «A Пашни 5»,
    «B Пастбища 8», «G Desert»: under each hex's letter, the menus' name of its terrain (the
    rulebook's, L27–L32), or that name cut with a dot where it is wider than a hex."""
    from settlers.core import load
    from settlers.games.catan.describe import hex_text
    from settlers.games.catan.render import draw_board
    from settlers.games.catan.topology import HEX_LABELS, HEXES

    for seed in (5, 11):
        st = load("catan").new_state(3, seed)
        rows = draw_board(st, lang, markup=False).split("\n")
        for h in range(HEXES):
            letter = HEX_LABELS[h]
            menu = hex_text(st, h, lang)          # «A Пашни 5», «G Пустыня»
            assert menu.startswith(f"{letter} ")
            name = menu[2:].rsplit(" ", 1)[0] if st.board.number[h] else menu[2:]
            where = [(r, line.index(f"/ {letter} \\")) for r, line in enumerate(rows)
                     if f"/ {letter} \\" in line]
            assert len(where) == 1, (letter, rows)
            r, c = where[0]
            shown = rows[r + 1][c - 1:c + 6].strip()   # the 7 cells across, letter centred
            assert shown == name or (shown.endswith(".") and name.startswith(shown[:-1])
                                     and len(shown) < len(name)), (letter, shown, name)


def _finished_replay(players, seed):
    from settlers.cli.replay_command import Replayer
    from settlers.core import load

    state = load("sample").new_state(players, seed)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return Replayer(state)


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", ["Итоговые очки: Игрок 1 — ", "Победител"]),
    ("en", ["Final scores: Player 1: ", "Winner"]),
])
def test_the_replays_last_step_names_whose_score_and_the_winner_in_the_singular(lang, words):
    """«Итоговые очки: 0, 2, 9, 12, 0; победители: Игрок 4.»: scores without their players
    and «победители» for one winner."""
    import io

    from rich.console import Console

    from settlers.cli.replay_command import show_position

    seen = set()
    for seed in range(8):
        replayer = _finished_replay(3, seed)
        out = io.StringIO()
        show_position(replayer, len(replayer), None, lang, Console(file=out, width=200))
        text = out.getvalue()
        for word in words:
            assert word in text, text
        winners = replayer.final.winners()
        one = {"ru": "Победитель: ", "en": "Winner: "}[lang]
        assert (one in text) == (len(winners) == 1), text
        seen.add(len(winners))
    assert 1 in seen


@pytest.mark.parametrize(("lang", "said"), [("ru", "Такого номера нет; выберите от 1 до "),
                                            ("en", "There is no such number; choose 1 to ")])
def test_a_signed_number_is_a_number_out_of_the_menu_not_a_word(lang, said, tmp_path):
    """«-1» was looked for in the labels: «Нет действий, где есть «-1»»."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from terminal_helpers import console, scripted

    from settlers.cli.seats import Seat
    from settlers.cli.terminal import TerminalGame
    from settlers.core import load

    state = load("catan").new_state(3, 3)
    seat = state.to_act[0]
    seats = [Seat("human") if s == seat else Seat("random") for s in range(3)]
    shown, out = console()
    with pytest.raises(EOFError):
        TerminalGame(state, seats, lang, console=shown,
                     ask=scripted(["-1", "+999", "0", "n"]), save_dir=tmp_path).run()
    text = out.getvalue()
    assert text.count(said) == 3, text
    assert "«-1»" not in text and '"-1"' not in text


def _iceland_with_offers(seed):
    """A Landnám game whose player to move may make offers (random play until then)."""
    import random

    from settlers.core import load
    from settlers.games.iceland.actions import OfferTrade

    state = load("iceland").new_state(3, seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if sum(isinstance(a, OfferTrade) for a in legal) > 40:
            return state, seat
        state.apply(seat, rng.choice(legal))
    raise AssertionError("no offers")


@pytest.mark.parametrize(("lang", "head", "rest", "made"), [
    ("ru", "Предложить обмен: вы отдаёте ", ": вы получаете ", " предлагает "),
    ("en", "Offer a trade: your ", ": for their ", " offers "),
])
def test_landnams_offers_are_picked_by_what_is_given_first(lang, head, rest, made, tmp_path):
    """The offers were one flat menu of a hundred and more lines (each bundle given to every
    other player for every ask), shown again after every offer: now a line per bundle given,
    then to whom and for what."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from terminal_helpers import console, scripted

    from settlers.cli.seats import parse_seats
    from settlers.cli.terminal import TerminalGame

    state, seat = _iceland_with_offers(5)
    offers = sum(a.kind == "offer_trade" for a in state.legal_actions(seat))
    seats = parse_seats(",".join("human" if s == seat else "random" for s in range(3)), 3, 1)
    shown, out = console()
    with pytest.raises(EOFError):
        TerminalGame(state, seats, lang, console=shown, ask=scripted(["1", "1"]),
                     save_dir=tmp_path).run()
    text = out.getvalue()
    first = text[:text.index(head)] + text[text.index(head):].split("\n0 ")[0]
    lines = [line for line in first.splitlines() if line.strip()[:1].isdigit()]
    assert sum(head in line for line in lines) < offers / 4, lines
    assert rest in text and made in text, text


@pytest.mark.parametrize(("lang", "argv", "words"), [
    ("ru", ["simulate", "catan", "--seats", "random,random"],
     "«Колонизаторы» — игра для 3–4 игроков, а в --seats названо 2 места."),
    ("en", ["simulate", "catan", "--seats", "random,random"],
     "Catan is played by 3 to 4 players, but --seats names 2 seats."),
    ("ru", ["ladder", "catan", "--players", "2", "--out", "-"],
     "«Колонизаторы» — игра для 3–4 игроков, а не для 2 (--players)."),
    ("en", ["ladder", "catan", "--players", "2", "--out", "-"],
     "Catan is played by 3 to 4 players, not 2 (--players)."),
])
def test_the_simulation_commands_name_the_option_a_bad_count_came_from(capsys, lang, argv, words):
    """simulate and ladder said «а задано мест: 2» (the game's id, no option named)."""
    code, text = _run(capsys, ["--lang", lang, *argv, "-n", "1", "--no-progress"])
    assert code == 2
    assert words in text, text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_empty_lines_of_the_terminal_boards_read_as_the_other_games_do(lang):
    """Imperial's board wrote «Запас: -» where the other games write «—», and its and
    Catan's player lines ended in a space when a player had no mark."""
    from settlers.core import load

    for game_id, players in (("imperial", 2), ("catan", 3)):
        text = load(game_id).new_state(players, 3).render(0, lang)
        lines = text.replace("[/bold]", "").splitlines()
        assert not [line for line in lines if line.endswith(" ")], game_id
        assert not [line for line in lines if line.endswith(": -") or ": -;" in line], game_id


@pytest.mark.parametrize(("lang", "title"), [
    ("ru", "Колонизаторы: партий 2, зерно 3"), ("en", "Catan: games 2, seed 3")])
def test_the_simulation_table_is_titled_by_the_games_name(capsys, lang, title):
    """The summary table of `simulate` was titled by the game's id («catan: партий 2…»), where
    every other screen names the game in the user's language."""
    code, text = _run(capsys, ["--lang", lang, "simulate", "catan", "--seats",
                               "random,random,random", "-n", "2", "--seed", "3", "--no-progress",
                               "--backend", "local", "--workers", "1"])
    assert code in (0, None), text
    assert title in text, text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_landnams_legend_spaces_its_brackets(lang):
    """Landnám's terminal legend read «Ле лес(дерево)»: a word and its bracket run together."""
    import re

    from settlers.core import load, translate

    load("iceland")   # its catalog
    legend = translate("iceland.render.legend", lang)
    assert legend != "iceland.render.legend"
    assert not re.search(r"\w\(", legend), legend
