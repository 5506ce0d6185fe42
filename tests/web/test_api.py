"""HTTP API and pages: creating games, acting with a seat token, refusals that change nothing."""

from __future__ import annotations

import json
import time

from web_helpers import act, make_settings, new_game, running, state, wait_over

import settlers


def test_lobby_is_russian_by_default_and_remembers_english(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "Новая игра" in page.text and "Тайные ставки" in page.text
    switched = client.get("/lang/en?next=/", follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/"
    assert "settlers_lang=en" in switched.headers["set-cookie"]
    client.cookies.set("settlers_lang", "en")
    page = client.get("/")
    assert "New game" in page.text and "Sealed bids" in page.text


def test_lang_redirect_refuses_other_sites(client):
    r = client.get("/lang/ru?next=//evil.example/", follow_redirects=False)
    assert r.headers["location"] == "/"


def test_create_from_lobby_form_gives_private_links(client):
    form = "game=sample&players=3&seat0_kind=human&seat0_name=Аня&seat1_kind=human&seat2_kind=bot:random"
    r = client.post("/games?lang=ru", content=form.encode(),
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200
    assert "Игра создана" in r.text
    links = [line for line in r.text.split('"') if "/games/" in line and "token=" in line]
    assert len(set(links)) == 2  # the two human seats, never the bot
    page = client.get(links[0].replace("http://testserver", ""))
    assert page.status_code == 200 and "Аня" in page.text


def test_lobby_lists_games_by_status(client):
    new_game(client, seats=("human", "human"))
    new_game(client, seats=("random", "random"))  # bots only: plays to the end at once
    games = client.get("/api/games").json()["games"]
    assert {g["status"] for g in games} <= {"open", "running", "finished"}
    page = client.get("/?lang=en")
    assert 'data-status="open"' in page.text


def test_create_refuses_bad_requests_with_clear_messages(client):
    r = client.post("/api/games?lang=en", json={"game": "chess", "players": 2})
    assert r.status_code == 404 and "chess" in r.json()["message"]
    assert "catan" in r.json()["message"]  # names the known games
    r = client.post("/api/games?lang=en", json={"game": "sample", "players": 9})
    assert r.status_code == 400 and "2" in r.json()["message"] and "4" in r.json()["message"]
    r = client.post("/api/games?lang=en", json={"game": "sample", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]})
    assert r.status_code == 400 and "deep-blue" in r.json()["message"]
    r = client.post("/api/games?lang=en", content=b"{not json")
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    r = client.post("/api/games?lang=en", json={"game": "sample", "players": 2,
                                                 "options": {"prizes": 99}})
    assert r.status_code == 400 and "prizes" in r.json()["message"]
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_oversized_message_is_refused(tmp_path):
    with running(make_settings(tmp_path, max_message_bytes=200)) as client:
        gid, tokens = new_game(client)
        r = client.post(f"/api/games/{gid}/actions", headers={"x-seat-token": tokens[0]},
                        content=json.dumps({"version": 0, "action": {"type": "bid",
                                                                      "card": 1}, "x": "y" * 500}))
        assert r.status_code == 413 and "200" in r.json()["message"]
        assert state(client, gid)["version"] == 0


def test_seat_sees_own_hand_and_acts_with_its_token(client):
    gid, tokens = new_game(client)
    mine = state(client, gid, tokens[0])
    assert mine["seat"] == 0 and mine["view"]["state"]["hand"]
    assert mine["actions"][0]["label"].startswith("Bid")
    spectator = state(client, gid)
    assert spectator["seat"] is None and spectator["view"]["state"]["hand"] is None
    assert spectator["actions"] == []
    card = mine["view"]["state"]["hand"][0]
    r = act(client, gid, tokens[0], 0, {"type": "bid", "card": card})
    assert r.status_code == 200 and r.json()["version"] == 1


def test_refusals_change_nothing(client):
    gid, tokens = new_game(client)
    before = state(client, gid, tokens[0])
    hand = before["view"]["state"]["hand"]
    missing = next(c for c in range(1, 50) if c not in hand)
    cases = [
        (tokens[0], 0, {"type": "bid", "card": missing}, 422, "illegal_action"),
        (tokens[0], 0, {"type": "fly"}, 400, "malformed_action"),
        (tokens[0], 0, {"type": "bid", "card": "x"}, 400, "malformed_action"),
        (tokens[0], 0, ["bid"], 400, "malformed_action"),
        (tokens[0], 5, {"type": "bid", "card": hand[0]}, 409, "stale_version"),
        ("forged-token", 0, {"type": "bid", "card": hand[0]}, 403, "bad_token"),
    ]
    for token, version, action, status, code in cases:
        r = act(client, gid, token, version, action)
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
        assert r.json()["message"]
    r = client.post(f"/api/games/{gid}/actions", headers={"x-seat-token": tokens[0]},
                    json={"action": {"type": "bid", "card": hand[0]}})
    assert r.json()["code"] == "version_required"
    r = client.post(f"/api/games/{gid}/actions", json={"version": 0,
                                                       "action": {"type": "bid", "card": 1}})
    assert r.status_code == 403 and r.json()["code"] == "spectator"
    r = client.post(f"/api/games/{gid}/actions", headers={"x-seat-token": tokens[0]},
                    content=b"\xff\xfe garbage")
    assert r.json()["code"] == "bad_json"
    assert client.get("/api/games/nope").status_code == 404
    after = state(client, gid, tokens[0])
    assert after["version"] == 0 and after["view"] == before["view"]


def test_illegal_move_message_comes_from_the_game_in_the_chosen_language(client):
    gid, tokens = new_game(client)
    hand = state(client, gid, tokens[0])["view"]["state"]["hand"]
    missing = next(c for c in range(1, 50) if c not in hand)
    ru = act(client, gid, tokens[0], 0, {"type": "bid", "card": missing}, lang="ru").json()
    en = act(client, gid, tokens[0], 0, {"type": "bid", "card": missing}, lang="en").json()
    assert ru["message"] != en["message"] and str(missing) in en["message"]


def test_same_action_twice_is_applied_once(client):
    gid, tokens = new_game(client)
    card = state(client, gid, tokens[0])["view"]["state"]["hand"][0]
    first = act(client, gid, tokens[0], 0, {"type": "bid", "card": card})
    again = act(client, gid, tokens[0], 0, {"type": "bid", "card": card})
    assert first.status_code == 200 and again.status_code == 409
    assert state(client, gid)["version"] == 1


def test_http_flood_is_limited(tmp_path):
    with running(make_settings(tmp_path, ip_rate_per_second=1.0, ip_rate_burst=3)) as client:
        gid, tokens = new_game(client)  # uses one of the three
        codes = [act(client, gid, tokens[0], 99, {"type": "pass"}).status_code for _ in range(6)]
        assert 429 in codes
        assert state(client, gid)["version"] == 0


def test_bots_play_a_whole_game_and_it_can_be_replayed(client):
    gid, _ = new_game(client, seats=("random", "greedy", "random"), seed=11)
    final = wait_over(client, gid)
    assert final["over"] and final["status"] == "finished"
    steps = final["version"]
    game = settlers.load("sample")
    log = client.app.state.hub.store.load_log(gid)
    for step in (0, 1, steps // 2, steps, steps - 1, 0):
        r = client.get(f"/api/games/{gid}/replay/{step}?lang=en").json()
        expected = game.replay(3, 11, {}, log[:step])
        assert r["step"] == step and r["steps"] == steps
        assert r["view"]["state"] == expected.view(None)["state"]
        assert r["actions"] == []
    assert client.get(f"/games/{gid}/replay").status_code == 200


def test_a_running_game_is_replayed_as_a_spectator_sees_it(client):
    # issue 15: any finished or running game can be stepped through from move 1
    gid, tokens = new_game(client)
    msg = state(client, gid, tokens[0])
    seat = msg["view"]["to_act"][0]
    act(client, gid, tokens[seat], msg["version"], state(client, gid, tokens[seat])["actions"][0]["action"])
    live = state(client, gid)  # a spectator's view now
    r = client.get(f"/api/games/{gid}/replay/9999?lang=en").json()
    assert r["step"] == r["steps"] == live["version"] == 1
    assert r["view"]["state"] == live["view"]["state"]  # nothing a spectator may not see
    assert client.get(f"/games/{gid}/replay").status_code == 200
    # the score chart waits for the end: hidden points stay hidden while the game runs
    r = client.get(f"/api/games/{gid}/timeline")
    assert r.status_code == 409 and r.json()["code"] == "not_finished"


def test_bots_in_a_process_pool(tmp_path):
    with running(make_settings(tmp_path, bot_pool="process", bot_workers=2)) as client:
        gid, _ = new_game(client, seats=("random", "greedy"), seed=8)
        final = wait_over(client, gid)
        log = client.app.state.hub.store.load_log(gid)
        replayed = settlers.load("sample").replay(2, 8, {}, log)
        assert final["view"]["state"] == replayed.view(None)["state"]


def test_simultaneous_decision_is_not_refused_for_the_others_moves(client):
    """Sealed bids: both seats bid at once. Seat 1 decided on version 0; seat 0's bid made the
    version 1 meanwhile. Seat 1 owed its bid the whole time and only another seat moved, so
    its bid stands; a move decided before seat 0's own last action is still refused."""
    gid, tokens = new_game(client)
    hand0 = state(client, gid, tokens[0])["view"]["state"]["hand"]
    hand1 = state(client, gid, tokens[1])["view"]["state"]["hand"]
    assert act(client, gid, tokens[0], 0, {"type": "bid", "card": hand0[0]}).status_code == 200
    r = act(client, gid, tokens[1], 0, {"type": "bid", "card": hand1[0]})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["version"] >= 2
    # the bids resolved; whoever decides next decided nothing at version 0 about this
    (chooser,) = after["view"]["to_act"]
    legal = state(client, gid, tokens[chooser])["actions"][0]["action"]
    r = act(client, gid, tokens[chooser], 0, legal)
    assert r.status_code == 409 and r.json()["code"] == "stale_version"
    assert act(client, gid, tokens[chooser], after["version"], legal).status_code == 200


def test_error_pages_say_what_is_wrong_with_the_right_status(client):
    gid, _ = new_game(client)
    r = client.get("/games/nope?lang=ru")
    assert r.status_code == 404 and "Такой партии нет" in r.text
    r = client.get(f"/games/{gid}?token=forged&lang=en")
    assert r.status_code == 403 and "Wrong seat link" in r.text
    r = client.get("/games/nope/replay?lang=en")
    assert r.status_code == 404
    r = client.post("/games?lang=en", content=b"game=chess&players=2",
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 404 and "chess" in r.text


def test_the_lobby_remembers_the_seats_this_browser_opened(client):
    gid, tokens = new_game(client)
    assert "resume" not in client.get("/?lang=en").text
    client.get(f"/games/{gid}?token={tokens[1]}&lang=en")  # sets the seat cookie
    page = client.get("/?lang=en")
    assert "My games" in page.text and f"/games/{gid}?token={tokens[1]}" in page.text
    client.cookies.set(f"settlers_seat_{gid}", "forged")
    assert f"/games/{gid}?token=" not in client.get("/?lang=en").text


def test_a_killed_bot_worker_process_is_replaced_and_the_game_goes_on(tmp_path):
    """The process pool's worker dies (kill -9): the next decision starts a fresh worker,
    which rebuilds the game from the whole log, and the game ends as a replay says."""
    import os
    import signal

    with running(make_settings(tmp_path, bot_pool="process", bot_workers=1,
                               bot_delay=0.05)) as client:
        pool = client.app.state.hub.bots
        gid, _ = new_game(client, seats=("random", "greedy"), seed=9)
        deadline = time.monotonic() + 10
        while client.app.state.hub.bot_decisions < 2:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        os.kill(pool.workers[0].proc.pid, signal.SIGKILL)
        final = wait_over(client, gid)
        assert pool.workers[0].started == 2
        log = client.app.state.hub.store.load_log(gid)
        replayed = settlers.load("sample").replay(2, 9, {}, log)
        assert final["view"]["state"] == replayed.view(None)["state"]
