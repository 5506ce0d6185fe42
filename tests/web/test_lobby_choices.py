"""The lobby lists the choices of an option in words, in the reader's language (each by its
catalog label, ``Option.choice_label``), the value sent staying the id the game takes."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

from settlers.testing.language import english_left

CHOICES = {
    "ru": {("archipelago", "length"): {"short": "Короткая", "medium": "Средняя",
                                       "long": "Длинная"},
           ("archipelago", "trend"): {"random": "Случайный тренд", "churches": "Церкви"},
           ("imperial", "lookout"): {"standard": "Обычная разведка",
                                     "advanced": "Усложнённая разведка"},
           ("imperial", "empires"): {"random": "Случайно",
                                     "egyptians,romans": "Египтяне, Римляне"},
           ("catan", "board"): {"beginner": "Раскладка для начинающих"}},
    "en": {("archipelago", "length"): {"short": "Short", "medium": "Medium", "long": "Long"},
           ("archipelago", "trend"): {"random": "Random trend", "churches": "Churches"},
           ("imperial", "lookout"): {"standard": "Standard lookout",
                                     "advanced": "Advanced lookout"},
           ("imperial", "empires"): {"random": "Random",
                                     "egyptians,romans": "Egyptians, Romans"},
           ("catan", "board"): {"beginner": "Beginners' set-up"}},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_lobby_lists_every_choice_in_words(client, lang):
    meta = client.get(f"/api/meta?lang={lang}").json()
    lobby = client.get(f"/?lang={lang}").text
    options = {(g["id"], o["name"]): o for g in meta["games"] for o in g["options"]}
    for (game, name), expected in CHOICES[lang].items():
        option = options[(game, name)]
        for choice, label in expected.items():
            assert option["choice_labels"][choice] == label
            selected = " selected" if choice == option["default"] else ""
            assert f'<option value="{choice}"{selected}>{escape(label)}</option>' in lobby
    for (game, name), option in options.items():   # no choice of any option left as an id
        if option["choices"]:
            assert set(option["choice_labels"]) >= {str(c) for c in option["choices"]}
            for choice in option["choices"]:
                assert f'<option value="{choice}">{choice}</option>' not in lobby, (game, name)
    if lang == "ru":
        words = [label for o in options.values() for label in o["choice_labels"].values()]
        assert english_left(" ".join(words)) == []



# every game's options with a list to choose from: the lobby's label is a title
# (the command line's help names the values to type: «Поле: random (…) или beginner (…)»,
# «(нет — только заморская)», beside a list that names them in words)
TITLES = {"ru": {("catan", "board"): "Поле", ("catan", "phases"): "Фазы хода",
                 ("imperial", "lookout"): "Фаза разведки",
                 ("imperial", "empires"): "Империи игроков",
                 ("archipelago", "length"): "Длина партии", ("archipelago", "trend"): "Карта тренда"},
          "en": {("catan", "board"): "Board", ("catan", "phases"): "Turn phases",
                 ("imperial", "lookout"): "Lookout phase",
                 ("imperial", "empires"): "Players' empires",
                 ("archipelago", "length"): "Game length", ("archipelago", "trend"): "Trend card"}}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_option_chosen_from_a_list_is_titled_without_the_values_to_type(client, lang):
    from settlers.web.forms import game_catalog_entries

    lobby = client.get(f"/?lang={lang}").text
    entries = {g["id"]: g for g in game_catalog_entries(lang)}
    checked = 0
    for game in ("catan", "iceland", "founders", "imperial", "archipelago"):
        for option in entries[game]["options"]:
            if option.get("content"):
                continue   # a content option is titled by what its data is
            values = [str(c) for c in option["choices"] or ()]
            if option["type"] == "bool":
                values += ["true", "false"]
            if not values:
                continue
            label = option["label"]
            assert f"<label>{escape(label)}" in lobby
            for value in values:
                assert not re.search(rf"\b{re.escape(value)}\b", label), (game, label, value)
            checked += 1
            if lang == "ru":
                assert english_left(label, ("true", "false")) == [], label
    assert checked >= 5
    for (game, name), title in TITLES[lang].items():
        assert next(o for o in entries[game]["options"] if o["name"] == name)["label"] == title


def test_a_finished_games_scores_are_shown_as_numbers_of_points(client):
    """«2 : 2 : 3 : 2», as the table shows them, not the stored floats «2.0 : 2.0 : 3.0»."""
    from web_helpers import new_game, wait_over

    gid, _ = new_game(client, "catan", seats=("random",) * 3, seed=5,
                      options={"turn_limit": 2})
    wait_over(client, gid)
    lobby = client.get("/?lang=ru").text
    item = lobby[lobby.index(f'data-game-id="{gid}"'):]
    item = item[:item.index("</li>")]
    assert ".0" not in item, item
    assert re.search(r"\d+ : \d+ : \d+", item), item
