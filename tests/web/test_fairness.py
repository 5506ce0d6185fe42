"""Provably fair seeds (issue 22, defect 1): over the web the server draws the seed, tells
nobody while the game runs, publishes sha256("seed:salt") at the start and reveals both at the
end. A chosen seed is accepted only for a table without a human seat."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
import web_helpers
from web_helpers import (
    make_settings,
    new_game,
    play_watching_every_message,
    running,
    server_seed,
    state,
    wait_over,
)

import settlers

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_the_creator_is_not_told_the_seed_but_its_commitment(client):
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": HUMANS})
    assert r.status_code == 200
    body = r.json()
    assert "seed" not in body
    rec = client.app.state.hub.store.load_game(body["id"])
    assert str(rec.seed) not in r.text and rec.seed_salt not in r.text
    assert body["commitment"] == hashlib.sha256(f"{rec.seed}:{rec.seed_salt}".encode()).hexdigest()
    # drawn from a secure source over 63 bits, not the old 31
    seeds = {server_seed(client, new_game(client)[0]) for _ in range(8)}
    assert len(seeds) == 8 and max(seeds) >= 2**40


def test_a_chosen_seed_is_refused_for_a_table_with_a_human_seat(client):
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": HUMANS, "seed": 7})
    assert r.status_code == 422
    assert r.json()["code"] == "seed_not_allowed" and r.json()["field"] == "seed"
    form = {"game": "sample", "players": "2", "seat0_kind": "human", "seat1_kind": "bot:random",
            "seed": "7"}
    page = client.post("/games?lang=en", data=form)
    assert page.status_code == 422 and "seed" in page.text
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_a_table_of_bots_may_be_given_a_seed_and_replays_exactly(client):
    gid, _ = new_game(client, seats=("random", "random"), seed=11)
    again, _ = new_game(client, seats=("random", "random"), seed=11)
    first, second = wait_over(client, gid), wait_over(client, again)
    assert first["fairness"]["seed"] == second["fairness"]["seed"] == "11"
    assert first["view"]["scores"] == second["view"]["scores"]


def test_an_operator_may_allow_chosen_seeds(tmp_path):
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, _ = new_game(client, seats=("human", "human"), seed=7)
        assert server_seed(client, gid) == 7


@pytest.mark.parametrize("seed", [2**63, -1, True, "5", 1.5, 10**4000])
def test_a_seed_that_is_not_a_63_bit_number_is_a_clear_4xx(client, seed):
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": BOTS, "seed": seed})
    assert r.status_code == 422, r.text
    assert r.json() == {**r.json(), "code": "bad_seed", "field": "seed"}


@pytest.mark.parametrize("seed", ["²", "9" * 5000, "9223372036854775808", "-3", "1e5"])
def test_a_form_seed_that_is_not_a_number_is_a_clear_4xx(client, seed):
    form = {"game": "sample", "players": "2", "seat0_kind": "bot:random",
            "seat1_kind": "bot:random", "seed": seed}
    page = client.post("/games?lang=en", data=form)
    assert page.status_code == 422, page.text[:300]
    assert "seed" in page.text


def test_a_5000_digit_json_seed_is_a_clear_4xx(client):
    raw = '{"game": "sample", "seats": [{"kind": "bot"}, {"kind": "bot"}], "seed": ' + \
        "9" * 5000 + "}"
    r = client.post("/api/games?lang=en", content=raw,
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "bad_json"


def _rng_words(game_id, players, seed, options, log):
    """The Mersenne Twister state words of the game's RNG at every version (large ones only:
    a small number may appear in a message by chance)."""
    game = settlers.load(game_id)
    st = game.new_state(players=players, seed=seed, options=options)
    words = set(st.rng.getstate()[1])
    for seat, action in log:
        st.apply(seat, game.action_from_json(action))
        words |= set(st.rng.getstate()[1])
    return {w for w in words if w >= 10**7}


@pytest.mark.parametrize("game_id, players, options", [
    ("sample", 3, {}),
    ("catan", 3, {"board": "beginner"}),
])
def test_no_message_before_the_end_holds_the_seed_or_the_rng_state(client, game_id, players,
                                                                  options):
    """Every seat and a spectator on sockets to the end (or 150 moves): no message sent
    before the game is over holds the seed, the salt, or a word of the RNG's state; the
    messages at the end reveal seed and salt, and they hash to the commitment."""
    web_helpers.RECORDED = recorded = []
    try:
        gid, seen = play_watching_every_message(client, game_id, players, 5, options, 150)
    finally:
        web_helpers.RECORDED = None
    rec = client.app.state.hub.store.load_game(gid)
    secret = {str(rec.seed), rec.seed_salt}
    words = _rng_words(game_id, players, rec.seed, options,
                       client.app.state.hub.store.load_log(gid))
    over_seen = False
    for text in recorded:
        msg = json.loads(text)
        if msg.get("over"):
            over_seen = True
            fair = msg["fairness"]
            assert hashlib.sha256(f"{fair['seed']}:{fair['salt']}".encode()).hexdigest() == \
                fair["commitment"] == rec.seed_commitment
            continue
        assert not any(s in text for s in secret)
        assert "rng" not in text.lower()
        assert not words & {int(n) for n in re.findall(r"\d{8,}", text)}
        if msg.get("type") == "state":
            assert msg["fairness"] == {"commitment": rec.seed_commitment,
                                       "algorithm": "sha256(seed:salt)"}
    assert len(recorded) > 50
    if game_id == "sample":
        assert over_seen and seen[None][-1]["over"]


def test_http_reads_reveal_the_seed_only_at_the_end(client):
    gid, tokens = new_game(client, seats=("human", "random"))
    rec = client.app.state.hub.store.load_game(gid)
    for token in (tokens[0], None):
        r = client.get(f"/api/games/{gid}", headers={"x-seat-token": token} if token else {})
        assert str(rec.seed) not in r.text and rec.seed_salt not in r.text
    assert client.get(f"/api/games/{gid}/record").json()["code"] == "not_finished"
    # a running game may be replayed (issue 15), without its seed
    for url in (f"/games/{gid}/replay", f"/api/games/{gid}/replay/0", f"/api/games/{gid}/replay/1"):
        r = client.get(url)
        assert r.status_code == 200 and str(rec.seed) not in r.text and rec.seed_salt not in r.text
    while not (msg := state(client, gid, tokens[0]))["over"]:
        if msg["actions"]:
            web_helpers.act(client, gid, tokens[0], msg["version"], msg["actions"][0]["action"])
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seed"] == str(rec.seed) and record["salt"] == rec.seed_salt
    assert record["verification"]["same_end"] is True
    assert len(record["actions"]) == record["verification"]["actions"] > 0
