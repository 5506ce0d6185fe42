"""A refusal the engine words with a game's names by language (``{game!l}``) reaches a web
client as the name in the page's language: the parameters cut short for echoing (errors.py
``shown_params``) keep such a mapping one (it was written as a Python dict, «{'ru': …}»)."""

from __future__ import annotations


def test_an_unknown_option_names_the_game_in_the_pages_language(client):
    for lang, words in (("ru", "У игры «Колонизаторы» нет параметра «nope»"),
                        ("en", "The game Catan has no option 'nope'")):
        r = client.post(f"/api/games?lang={lang}", json={
            "game": "catan", "options": {"nope": 1}, "seats": [{"kind": "human"}] * 4})
        assert r.status_code == 400, r.text
        message = r.json()["message"]
        assert words in message, message
        assert "{" not in message and "'ru'" not in message
