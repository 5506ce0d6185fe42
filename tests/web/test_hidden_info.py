"""Hidden information over the wire (issue 16): seeded games of every game played through the
server, every seat and a spectator on sockets; every message each one gets is exactly that
seat's own view of the state at that version (the conformance suite proves those views hide
hands, development cards, deals, objectives and deck order), never anything else."""

from __future__ import annotations

import json

import pytest
from web_helpers import check_every_message_is_that_seats_view, play_watching_every_message

GAMES = [
    ("sample", 3, {}, 400),
    ("catan", 4, {"board": "beginner"}, 80),
    ("founders", 3, {}, 60),
    ("iceland", 3, {}, 60),
    ("imperial", 2, {}, 60),
]


@pytest.mark.parametrize("game_id, players, options, moves", GAMES, ids=[g[0] for g in GAMES])
def test_every_message_is_exactly_that_seats_view(client, game_id, players, options, moves):
    gid, seen = play_watching_every_message(client, game_id, players, 7, options, moves)
    checked = check_every_message_is_that_seats_view(client, game_id, gid, players, 7,
                                                      options, seen)
    assert checked >= (players + 1) * min(moves, 20)
    for seat, msgs in seen.items():
        for m in msgs:
            assert m["seat"] == seat
            if seat is None:
                assert m["actions"] == []
            text = json.dumps(m)
            assert '"rng"' not in text and '"deck_order"' not in text
