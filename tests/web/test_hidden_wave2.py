"""The web server keeps the seed from the players (wave 2).

A chosen seed is accepted «only for a table without a human seat (nobody could learn anything
hidden from it)» (``Hub.create``), yet the check looked at the seats given a token at creation:
a table whose human seats were all *open* (taken later from the lobby) was created with the
creator's seed. The creator then took a seat — or a stranger did, not told that the seed, and
with it every roll and deck order, was known to the creator."""

from __future__ import annotations

from web_helpers import server_seed

OPEN = {"kind": "human", "open": True}
BOT = {"kind": "bot", "bot": "random"}


def test_a_chosen_seed_is_refused_for_a_table_with_an_open_human_seat(client):
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": [OPEN, BOT],
                                                 "seed": 7})
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "seed_not_allowed" and r.json()["field"] == "seed"
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_an_open_table_gets_a_drawn_seed_the_creator_is_not_told(client):
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": [OPEN, OPEN]})
    assert r.status_code == 200, r.text
    gid = r.json()["id"]
    seed = server_seed(client, gid)
    assert str(seed) not in r.text
    taken = client.post(f"/api/games/{gid}/seats/0/take")
    assert taken.status_code == 200 and str(seed) not in taken.text
