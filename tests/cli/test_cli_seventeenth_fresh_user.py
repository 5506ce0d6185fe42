"""What the seventeenth newcomer's pass found at the terminal (and in the words the terminal and
the web share): a game continued with ``--load`` printed its whole history, from the first roll,
after the person's first move; Catan's founding prompt sent the person to a «lit» corner that
the terminal never lights; a declined Catan offer read as a new offer («Игрок 3 отказывается:
Игрок 1 предлагает …»); Archipelago's placement said «Выложить Деревня в пустыне» (a name in
the nominative after the verb); the lobby's learned bot was the one capitalised name among
lower-case ones; the ``--lang`` help's «первой, что называет один из них» did not parse."""

from __future__ import annotations

import random

import pytest
from terminal_helpers import console, scripted

import settlers
from settlers.cli.seats import parse_seats
from settlers.cli.terminal import TerminalGame
from settlers.core import translate


def _catan_mid_game(tmp_path, seed: int = 3):
    """A Catan game well under way, saved and loaded as ``settlers play --load`` does, at a
    point where seat 0 (the person) has a choice."""
    state = settlers.load("catan").new_state(4, seed)
    rng = random.Random(seed)
    while not (len(state.log) > 150 and tuple(state.to_act) == (0,) and len(state.legal_actions(0)) > 1):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "catan.json"
    settlers.save(state, path)
    return settlers.load_state(path)


def _texts(state, seat, start=0):
    return [translate(e.key, "ru", **e.params) for e in state.visible_events(seat, start)]


def test_a_loaded_game_shows_its_last_events_not_its_whole_history(tmp_path):
    state = _catan_mid_game(tmp_path)
    history = _texts(state, 0)
    assert len(history) > 40
    con, out = console()
    game = TerminalGame(state, parse_seats("human,random,random,random", 4, 3), "ru",
                        console=con, save_dir=tmp_path,
                        ask=scripted(["1", KeyboardInterrupt(), "n"]))
    with pytest.raises(KeyboardInterrupt):
        game.run()
    shown = [line.strip()[2:] for line in out.getvalue().splitlines()
             if line.strip().startswith("· ")]
    # what happened last is on screen before the first question...
    first_board = out.getvalue().index("Колонизаторы")
    before = [line.strip()[2:] for line in out.getvalue()[:first_board].splitlines()
              if line.strip().startswith("· ")]
    assert before and before[-1] == history[-1]
    assert len(before) <= 12
    # ...and the game's first events (the rolls for the first turn) never come back
    assert not any(line.startswith("Бросок за право первого хода") for line in shown), shown[:5]


def test_a_new_game_still_shows_its_first_events(tmp_path):
    state = settlers.load("catan").new_state(4, 3)
    first = _texts(state, 0)
    assert first
    con, out = console()
    game = TerminalGame(state, parse_seats("human,random,random,random", 4, 3), "ru",
                        console=con, save_dir=tmp_path, ask=scripted([KeyboardInterrupt(), "n"]))
    with pytest.raises(KeyboardInterrupt):
        game.run()
    assert all(f"· {text}" in out.getvalue() for text in first)


def test_catan_founding_does_not_send_the_person_to_a_lit_corner():
    state = settlers.load("catan").new_state(3, 1)
    seat = state.to_act[0]
    ru, en = state.decision_text(seat, "ru"), state.decision_text(seat, "en")
    assert "поселение" in ru and "settlement" in en
    # the terminal lights nothing: a prompt true at the terminal and in the browser
    assert "подсвеч" not in ru and " lit " not in f" {en} "


def test_a_declined_catan_offer_reads_as_an_answer_not_as_a_new_offer():
    for seed in range(40):
        state = settlers.load("catan").new_state(4, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.over:
                break
            before = len(state.events)
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for e in state.events[before:]:
                if e.key != "catan.ev.answer_decline":
                    continue
                text = translate(e.key, "ru", **e.params)
                seat_name, proposer = (settlers.core.i18n.player_name(e.params[k], "ru", "catan")
                                       for k in ("seat", "proposer"))
                assert text.startswith(f"{seat_name} отказывается от обмена ("), text
                # the offer declined is inside the brackets, its proposer named there
                inside = text[text.index("(") + 1:]
                assert inside.endswith(")") and inside.startswith(proposer), text
                return
    raise AssertionError("no declined offer in 40 random games")


def test_archipelago_lays_a_hex_not_a_name_in_the_nominative():
    state = settlers.load("archipelago").new_state(3, 0)
    seat = state.to_act[0]
    places = [a for a in state.legal_actions(seat) if a.kind == "place_region"]
    assert places
    for action in places[:3]:
        label = state.describe_action(action, "ru")
        # «Выложить гекс: Деревня в пустыне (…)», not «Выложить Деревня в пустыне (…)»
        assert label.startswith("Выложить гекс: "), label


def test_the_lobbys_bot_names_are_lower_case_after_bot():
    settlers.load("catan")
    import json
    from pathlib import Path

    from settlers import web

    for lang in ("ru", "en"):
        catalog = json.loads((Path(web.__file__).parent / "messages" / f"{lang}.json")
                             .read_text("utf-8"))
        names = {k: v for k, v in catalog.items() if k.startswith("web.botname.")}
        assert "web.botname.rl" in names
        # «Бот: эвристика», «Бот: лёгкий» … and so «Бот: обученная политика»
        # (MCTS is an acronym, kept as written)
        for key, name in names.items():
            if not name.startswith("MCTS"):
                assert name[0] == name[0].lower(), (lang, key, name)


def test_the_lang_option_help_names_environment_variables_in_words(capsys):
    from terminal_helpers import run_cli

    code, text = run_cli(capsys, ["--help", "--lang", "ru"])
    assert code == 0
    text = " ".join(text.replace("│", " ").split())   # the help's box, unwrapped
    assert "первой переменной окружения" in text
    assert "первой, что называет" not in text


def test_imperials_card_kinds_are_the_same_words_on_the_web_and_at_the_terminal():
    """The web's card faces said «свойство» where the terminal (and the rulebook: «Локации с
    особенностями», L443, L967) say «особенность»: one card, two names for its kind."""
    import json
    from pathlib import Path

    from settlers import web

    settlers.load("imperial")
    for lang in ("ru", "en"):
        catalog = json.loads((Path(web.__file__).parent / "messages" / f"{lang}.json")
                             .read_text("utf-8"))
        for kind in ("production", "feature", "action"):
            word = translate(f"imperial.kind.{kind}", lang)
            assert catalog[f"web.board.imperial.fx.type.{kind}"] == word, (lang, kind)
            assert catalog[f"web.board.imperial.fx.{kind}"] == word[0].upper() + word[1:], (
                lang, kind)


def test_imperials_hand_is_counted_in_the_same_words_on_the_web_and_at_the_terminal():
    """The web's «Карт в руке: 5» beside the terminal's «Карточек на руке: 5» (the rulebook's
    «карточек на руке»): Imperial's cards are «карточки» everywhere else on the table."""
    import json
    from pathlib import Path

    from settlers import web

    settlers.load("imperial")
    catalog = json.loads((Path(web.__file__).parent / "messages" / "ru.json").read_text("utf-8"))
    terminal = translate("imperial.render.hand_count", "ru", count=5)
    web_line = catalog["web.board.imperial.counts"].format(
        hand=5, common=2, foundations=0, deck=27, discard=0)
    assert web_line.startswith(terminal), (web_line, terminal)
    assert "карточки на руке" in catalog["web.board.imperial.known"].lower()
    # the score track is the rulebook's «счётчик» (L-wide: «на счётчике», never «трек»), as at
    # the terminal; the lookout's cards are «карточки», as the terminal's row says
    assert catalog["web.board.imperial.score"].split(" · ")[0].format(vp=3) == "3 ПО на счётчике"
    assert "ПО на счётчике" in translate("imperial.render.player", "ru", seat="И", empire="Я",
                                         vp=3, score=4, passed="")
    assert "карточки" in catalog["web.board.imperial.lookout"]


def test_landnams_web_dice_are_the_rulebooks_word_as_at_the_terminal():
    """Landnám's table in the browser said «Кубики: 1 + 2 = 3», Catan's word; its rulebook
    and its terminal board say «кости» («Кости: 5 + 5 = 10»)."""
    import json
    import re
    from pathlib import Path

    from settlers import web

    root = Path(web.__file__).parent
    catalog = json.loads((root / "messages" / "ru.json").read_text("utf-8"))
    settlers.load("iceland")
    terminal = translate("iceland.render.dice", "ru", d1=1, d2=2, total=3)
    script = (root / "static" / "js" / "games" / "iceland.js").read_text("utf-8")
    key, = re.findall(r'class: "chip dice" }, ctx\.T\("([^"]+)"', script)
    chip = catalog[f"web.{key}"].format(a=1, b=2, sum=3)
    assert chip == terminal, (chip, terminal)


def test_landnams_player_line_says_the_colours_count_tokens():
    """«Игрок 1: 0 ПО (белых 0, красных 0, чёрных 0)»: white, red, black what? The rulebook's
    white, red and black are tokens (L67 «белый жетон», «красный жетон», «чёрный жетон»)."""
    state = settlers.load("iceland").new_state(3, 1)
    for lang, word in (("ru", "жетоны: белых"), ("en", "tokens: white")):
        board = state.render(0, lang)
        lines = [line for line in board.splitlines() if "ПО (" in line or "VP (" in line]
        assert len(lines) >= 3, board
        assert all(word in " ".join(line.split()) for line in lines), lines


def test_archipelagos_crisis_card_with_no_red_zone_reads_without_a_double_dash():
    """«…; красная зона — —»: the separator and the «nothing» dash side by side read as a
    typo; the card's sides are now «обычная сторона: …. Красная зона: —»."""
    seen = 0
    for seed in range(12):
        state = settlers.load("archipelago").new_state(3, seed)
        back = state.view(None)["state"]["deck_top_back"]
        if not back or back["red"]:
            continue
        for lang in ("ru", "en"):
            line, = [x for x in state.render(state.to_act[0], lang).splitlines()
                     if x.startswith(("Карта кризиса", "Crisis card"))]
            assert "— —" not in line, line
            assert line.endswith(("Красная зона: —", "Red zone: —")), line
        seen += 1
    assert seen


def test_imperials_content_words_are_the_rulebooks():
    """The lobby's Imperial options said «Файл планшетов держав», «Файл карт атаки» beside
    «Империи игроков» and «Файл карточек»; the rulebook's words are «планшет империи» and
    «карточки атаки» (never «держава», never «карта атаки»)."""
    import json
    import re
    from pathlib import Path

    from settlers.games import imperial

    catalog = json.loads((Path(imperial.__file__).parent / "messages" / "ru.json")
                         .read_text("utf-8"))
    wrong = {k: v for k, v in catalog.items()
             if re.search(r"держав|\bкарт[аы]? атаки|\bкарт атаки", v)}
    assert not wrong, wrong
    settlers.load("imperial")
    assert translate("imperial.content.empire_board_file_title", "ru") == "Файл планшетов империй"
    assert translate("imperial.content.attack_card_file_title", "ru") == "Файл карточек атаки"


def test_archipelagos_empty_cube_choice_says_nothing_in_words():
    """A region without icons (a desert village) left «На рынок: -; себе: -»: a hyphen where
    the table says «ничего»."""
    game = settlers.load("archipelago")
    state = game.new_state(3, 0)
    action = game.action_from_json({"type": "choose_cubes", "market": "", "keep": ""})
    assert state.describe_action(action, "ru") == "На рынок: ничего; себе: ничего"
    assert state.describe_action(action, "en").count("nothing") == 2
    named = game.action_from_json({"type": "choose_cubes", "market": "fish", "keep": "wood"})
    assert state.describe_action(named, "ru") == "На рынок: рыба; себе: древесина"
