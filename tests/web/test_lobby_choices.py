"""The lobby lists the choices of an option in words, in the reader's language (each by its
catalog label, ``Option.choice_label``), the value sent staying the id the game takes."""

from __future__ import annotations

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

