"""The view carries the printed face of every card (public), so a browser can name and draw
cards from their index — also with a user's own card file."""

from __future__ import annotations

import json

import settlers


def test_the_view_names_every_card_by_index_in_both_languages():
    state = settlers.load("imperial").new_state(2, seed=3)
    table = state.view(0)["state"]["cards"]
    assert len(table) == len(state.cards) == 204
    for index, face in enumerate(table):
        assert face["id"] == state.cards[index].id
        assert face["name"]["ru"] and face["name"]["en"]
    hand = state.view(0)["state"]["players"][0]["hand"]
    assert all(table[c]["deck"] in ("common", state.emp[0]) for c in hand)
    # the table says what a card is, never where: it is the same for every seat
    assert state.view(1)["state"]["cards"] == table == state.view(None)["state"]["cards"]
    json.dumps(table)
