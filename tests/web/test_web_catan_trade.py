"""Catan domestic trade through the server: a composed offer that is not in the listed ones
(the catan README: "any other well-formed offer the mover can pay is legal too when sent
explicitly"), the bots' answers, then the mover's choice."""

from __future__ import annotations

import random
import time

from web_helpers import act, make_settings, new_game, running, state

RES = ["brick", "lumber", "wool", "grain", "ore"]


def test_compose_an_offer_and_see_the_answers(tmp_path):
    # a chosen seed with a human seat: allowed only where the operator says so
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        _compose_an_offer_and_see_the_answers(client)


def _compose_an_offer_and_see_the_answers(client):
    gid, tokens = new_game(client, game="catan", seats=("human", "random", "random", "random"),
                           seed=4, options={"board": "beginner", "trade_offers": 3})
    token = tokens[0]
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    offer = None
    while offer is None:
        assert time.monotonic() < deadline, "never reached a turn with an offer to make"
        msg = state(client, gid, token)
        if not msg["actions"]:
            time.sleep(0.01)
            continue
        types = {a["action"]["type"] for a in msg["actions"]}
        mine = msg["view"]["state"]["players"][0]["resources"]
        if "offer_trade" in types and sum(mine.values()) >= 3:
            give = [0] * 5
            left = 3
            for i, r in enumerate(RES):
                take = min(left, mine[r])
                give[i], left = take, left - take
            want = next(i for i, r in enumerate(RES) if give[i] == 0)
            get = [0] * 5
            get[want] = 1
            offer = {"type": "offer_trade", "give": give, "get": get}
            listed = [a["action"] for a in msg["actions"]]
            assert offer not in listed  # three cards for one: composed, not from the list
            r = act(client, gid, token, msg["version"], offer)
            assert r.status_code == 200, r.text
            trade = r.json()["view"]["state"]["trade"]
            assert trade["from"] == 0
            break
        moving = [a for a in msg["actions"] if a["action"]["type"] in ("roll_dice", "start_building",
                                                                       "end_turn")]
        pick = moving[0] if moving else rng.choice(msg["actions"])
        act(client, gid, token, msg["version"], pick["action"])
    # the bots answer at the same time; then the mover accepts one of the yes-answers or withdraws
    deadline = time.monotonic() + 30
    while True:
        msg = state(client, gid, token)
        if msg["view"]["state"]["phase"] == "trade_choose" and msg["actions"]:
            break
        assert time.monotonic() < deadline, "the bots did not answer the offer"
        time.sleep(0.01)
    answers = msg["view"]["state"]["trade"]["answers"]
    assert set(answers) == {"1", "2", "3"}
    kinds = {a["action"]["type"] for a in msg["actions"]}
    assert "withdraw_trade" in kinds
    choice = next((a for a in msg["actions"] if a["action"]["type"] == "accept_trade"),
                  next(a for a in msg["actions"] if a["action"]["type"] == "withdraw_trade"))
    r = act(client, gid, token, msg["version"], choice["action"])
    assert r.status_code == 200, r.text
    assert r.json()["view"]["state"]["trade"] is None
