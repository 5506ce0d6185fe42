"""Landnám's boat in Russian is the rulebook's «корабль» (docs/audits/2026-12-07-seventeenth-i18n.md).

Every rule that moves, builds or judges the piece names it «корабль» — L30 «корабли могут
двигаться», L33 «позволить кораблю войти на ... гекс суши», L52 «Игрок с кораблём в гавани»,
L58 «корабль — 1 железо и 1 дерево. Корабль может также быть построен на внешнем гексе моря»,
L59 «Корабль ... может учредить там гавань», L65 «корабль, препятствующий их торговле» — 15
times; only the component list (L3 «пять лодок ... Одна из лодок») says «лодка». The game said
«лодка» in every Russian text (the piece, its build, its cost, its harbour, the legend), so a
reader with the rulebook beside the board met two words for one piece.
"""

from __future__ import annotations

import json
import random
import re
from importlib import resources

import pytest
from iceland_scenario import OUTER, new, put

import settlers
from settlers.core import translate
from settlers.games.iceland.actions import BuildBoat, BuildHarbour

OLD_WORD = re.compile(r"лод(?:к|ок|оч)", re.IGNORECASE)  # лодка, лодку, лодкой, лодок, лодочный


def _ru(package: str) -> dict[str, str]:
    return json.loads((resources.files(package) / "messages" / "ru.json").read_text("utf-8"))


def _landnam_catalog_texts() -> dict[str, str]:
    """Every Russian catalog text a Landnám player can meet: the game's own catalog and the
    web page's texts for its board (the costs card, the board's labels, its help)."""
    texts = dict(_ru("settlers.games.iceland"))
    web = _ru("settlers.web")
    texts.update({k: v for k, v in web.items()
                  if k.startswith(("web.board.cost.", "web.board.iceland.", "web.help.iceland."))})
    return texts


def test_no_landnam_catalog_text_says_lodka():
    texts = _landnam_catalog_texts()
    assert "iceland.piece.boat" in texts and "web.board.cost.boat" in texts
    wrong = {k: v for k, v in texts.items() if OLD_WORD.search(v)}
    assert wrong == {}


def test_no_text_of_a_played_game_says_lodka():
    """What a Russian game shows — the board (legend, costs), every menu line, every event —
    over a seeded game that builds boats and harbours and moves boats."""
    s = settlers.load("iceland").new_state(3, 5)
    rng = random.Random(5)
    seen: list[str] = []
    for _ in range(150):
        if s.over:
            break
        seat = s.to_act[0]
        actions = s.legal_actions(seat)
        seen.extend(s.describe_action(a, "ru") for a in actions)
        if s.phase == "build":
            seen.append(s.render(seat, "ru"))
        s.apply(seat, rng.choice(actions))
    seen.append(s.render(0, "ru"))
    seen.extend(e["text"] for e in s.view(0, lang="ru", events_since=0)["events"])
    text = "\n".join(seen)
    # the boat is there to be named: built, moved, in the costs and the legend
    assert "Корабль на " in text and "Корабль: " in text and "; корабль — " in text
    assert "К корабль" in text and "кораблём на гексе" in text
    assert not OLD_WORD.search(text), OLD_WORD.search(text)


@pytest.mark.parametrize(("key", "words"), [
    # masculine agreement: «ваш корабль», not «ваша»
    ("iceland.error.harbour_needs_boat", "Гавань учреждает ваш корабль на гексе моря внутри рамки."),
    ("iceland.error.first_move", "должен вести корабль с внешнего моря"),
    ("iceland.card_effect.enter_forbidden", "поселенец может войти на гору, корабль — на сушу"),
    ("iceland.kind.build_boat", "построить корабль"),
], ids=lambda v: v if str(v).startswith("iceland.") else "")
def test_the_ships_words_agree(key, words):
    settlers.load("iceland")
    assert words in translate(key, "ru")


def test_the_ships_menu_lines():
    """The build lines say «Корабль» (nominative) and the harbour's «кораблём» (instrumental,
    L52 «с кораблём в гавани»); English keeps «boat», the word of every English text."""
    s = new()
    put(s, 0, 7)  # seat 0's boat 0 on sea hex 7
    assert s.describe_action(BuildBoat(OUTER, OUTER), "ru") == "Корабль на внешнем море"
    assert s.describe_action(BuildBoat(OUTER, OUTER), "en") == "Boat on the outer sea"
    assert s.describe_action(BuildBoat(31, 12), "ru") == "Корабль на гекс 12 с угла 31"
    assert s.describe_action(BuildHarbour(0, "wool"), "ru") == "Гавань (шерсть) кораблём на гексе 7"
    assert s.describe_action(BuildHarbour(0, "wool"), "en") == "Harbour (wool) with the boat on hex 7"
