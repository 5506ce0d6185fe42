"""A user's Imperial card or empire-board file names every entry, ``name: {ru, en}``; those
names are what the game shows. A card with an id the catalog does not know was named in the
log and in refusals by a raw key (``imperial.card.my_statue``), and an empire board's name
was read and ignored. The names the catalog does not hold become catalog entries under
``imperial.user_<digest>.`` (core ``i18n.add_texts``, as Landnám's and Founders' files do);
a name a file gives a built-in id replaces the catalog's, as in Landnám."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from imperial_scenario import give, scenario, to_hand

from settlers.core import translate
from settlers.games.imperial import GAME, actions
from settlers.games.imperial.content import load_cards, load_empires
from settlers.testing.language import refused_content

STATUE = {"ru": "Моя статуя", "en": "My statue"}
REPUBLIC = {"ru": "Республика", "en": "Republic"}


def _shipped(name: str) -> Any:
    return json.loads((resources.files("settlers.games.imperial") / "data" / name)
                      .read_text("utf-8"))


def _write(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return str(path)


def _cards_file(tmp: Path, **first: Any) -> str:
    """The shipped cards, the first one («Статуя», COM001) changed by ``first`` (a field
    given as None is left out)."""
    data = _shipped("cards.json")
    row = data["cards"][0]
    row.update(first)
    data["cards"][0] = {k: v for k, v in row.items() if k not in first or v is not None}
    return _write(tmp / "cards.json", data)


def _boards_file(tmp: Path, romans: Any) -> str:
    data = _shipped("empires.json")
    if romans is None:
        del data["empires"]["romans"]["name"]
    else:
        data["empires"]["romans"]["name"] = romans
    return _write(tmp / "empires.json", data)


def _all_renamed(tmp: Path) -> dict[str, str]:
    """Options of a game whose every card has an id the catalog does not know, and whose
    every empire has a name of the file's own."""
    cards = _shipped("cards.json")
    for row in cards["cards"]:
        row["id"] = "my_" + row["id"]
        row["name"] = {"ru": "Моя " + row["name"]["ru"], "en": "My " + row["name"]["en"]}
    boards = _shipped("empires.json")
    for board in boards["empires"].values():
        board["name"] = {"ru": "Новые " + board["name"]["ru"], "en": "New " + board["name"]["en"]}
    return {"cards": _write(tmp / "cards.json", cards),
            "boards": _write(tmp / "empires.json", boards)}


def _with_the_new_statue(tmp: Path):
    st = scenario("romans", "barbarians", cards=_cards_file(tmp, id="my_statue", name=STATUE),
                  boards=_boards_file(tmp, REPUBLIC))
    card = to_hand(st, 0, "my_statue")
    return st, card


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_new_card_is_named_by_its_file_in_the_menu_the_log_and_the_board(tmp_path, lang):
    st, card = _with_the_new_statue(tmp_path)
    give(st, 0, W=1, S=2)
    build = actions.Build(card)
    assert build in st.legal_actions(0)
    label = st.describe_action(build, lang)
    assert STATUE[lang] in label and "imperial." not in label, label
    since = len(st.events)
    st.apply(0, build)
    lines = [e.to_json(lang)["text"] for e in st.visible_events(None, since)]
    assert any(STATUE[lang] in line for line in lines), lines
    assert not any("imperial." in line for line in lines), lines
    board = st.render(0, lang)
    assert STATUE[lang] in board and REPUBLIC[lang] in board and "imperial." not in board, board


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_refusal_names_a_new_card_by_its_file(tmp_path, lang):
    st, card = _with_the_new_statue(tmp_path)
    refusal = st.illegal_reason(0, actions.Build(card))   # nothing to pay with
    assert refusal is not None
    text = refusal.message(lang)
    assert STATUE[lang] in text and "imperial." not in text, text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_view_names_a_new_card_and_an_empire_by_their_files(tmp_path, lang):
    st, card = _with_the_new_statue(tmp_path)
    view = st.view(0, lang=lang)["state"]
    assert view["cards"][card]["name"] == STATUE and view["cards"][card]["id"] == "my_statue"
    key = view["names"]["imperial.empire.romans"]
    assert key.startswith("imperial.user_") and key.endswith(".empire.romans")
    assert translate(key, lang) == REPUBLIC[lang]
    # the shipped boards need no names of their own
    assert "names" not in scenario("romans", "barbarians").view(0, lang=lang)["state"]


def test_a_built_in_id_takes_the_name_its_file_gives(tmp_path):
    monument = {"ru": "Монумент", "en": "Monument"}
    cards = load_cards(_cards_file(tmp_path, name=monument))
    assert cards[0].id == "COM001" and translate(cards[0].key, "ru") == "Монумент"
    assert cards[1].key == f"imperial.card.{cards[1].id}"   # named as the catalog does
    # a file naming everything as the catalog does keeps the catalog's keys
    same = load_cards(_write(tmp_path / "same.json", _shipped("cards.json")))
    assert all(c.key == f"imperial.card.{c.id}" for c in same)
    assert load_empires(_boards_file(tmp_path, {"ru": "Римляне", "en": "Romans"}))[
        "romans"]["key"] == "imperial.empire.romans"


def test_two_files_may_name_one_new_id_differently(tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    a = load_cards(_cards_file(tmp_path / "one", id="my_statue", name=STATUE))
    b = load_cards(_cards_file(tmp_path / "two", id="my_statue",
                               name={"ru": "Идол", "en": "Idol {seat!p}"}))
    assert translate(a[0].key, "en") == "My statue"
    assert translate(b[0].key, "en") == "Idol {seat!p}"   # a brace is text


@pytest.mark.parametrize(("name", "english"), [
    (None, "missing field 'name'"),
    ({"ru": "Статуя"}, "field 'name' must be a name in both languages"),
    ({"ru": "", "en": "Statue"}, "field 'name' must be a name in both languages"),
])
def test_a_card_without_a_name_in_both_languages_is_refused(tmp_path, name, english):
    ru, en = refused_content("imperial", "cards",
                             _cards_file(tmp_path, id="my_statue", name=name))
    assert "my_statue" in en and english in en, en
    assert "my_statue" in ru and "«name»" in ru, ru


@pytest.mark.parametrize(("name", "english"), [
    (None, "missing field 'name'"),
    ("Republic", "field 'name' must be a name in both languages"),
])
def test_an_empire_board_without_a_name_in_both_languages_is_refused(tmp_path, name, english):
    ru, en = refused_content("imperial", "boards", _boards_file(tmp_path, name))
    assert "romans" in en and english in en, en
    assert "romans" in ru and "«name»" in ru, ru


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (3, 11), (4, 7), (4, 13)])
def test_no_label_log_line_or_board_of_a_renamed_game_shows_a_raw_key(tmp_path, players, seed):
    """Whole random games over a file where every card id is new and every empire renamed."""
    options = {**_all_renamed(tmp_path), "empires": "random"}
    st = GAME.new_state(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for step in range(3000):
        if st.over:
            break
        seat = rng.choice(st.to_act)
        legal = st.legal_actions(seat)
        for lang in ("ru", "en"):
            for action in legal:
                label = st.describe_action(action, lang)
                assert "imperial." not in label, (step, action, label)
            if step % 25 == 0:
                board = st.render(seat, lang)
                assert "imperial." not in board and "New " * (lang == "en") in board, board
        # passing seldom, so that many cards are built, activated and razed
        playing = [a for a in legal if not isinstance(a, actions.Pass)]
        st.apply(seat, rng.choice(playing if playing and rng.random() < 0.9 else legal))
    assert st.over
    for lang in ("ru", "en"):
        lines = [e.to_json(lang)["text"] for e in st.visible_events(None, 0)]
        assert lines and not [line for line in lines if "imperial." in line], lines
        assert any(("Моя " if lang == "ru" else "My ") in line for line in lines)
