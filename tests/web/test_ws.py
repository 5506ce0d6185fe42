"""WebSocket: live updates to every page, each seat only ever sent its own view."""

from __future__ import annotations

import json
import random

import pytest
from starlette.websockets import WebSocketDisconnect
from web_helpers import (
    check_every_message_is_that_seats_view,
    is_state,
    make_settings,
    new_game,
    play_watching_every_message,
    receive,
    recv_until,
    running,
)


def test_every_page_gets_the_change_at_once(client):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang=en") as a, \
            client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}&lang=ru") as b, \
            client.websocket_connect(f"/ws/games/{gid}?lang=en") as watcher:
        first = recv_until(a, is_state)
        recv_until(b, is_state)
        recv_until(watcher, is_state)
        a.send_json({"type": "act", "version": 0, "action": first["actions"][0]["action"]})
        got_a = recv_until(a, lambda m: is_state(m) and m["version"] == 1)
        got_b = recv_until(b, lambda m: is_state(m) and m["version"] == 1)
        got_w = recv_until(watcher, lambda m: is_state(m) and m["version"] == 1)
        assert got_a["actions"] == []  # seat 0 has bid and waits
        assert got_b["actions"] and got_b["seat"] == 1
        assert got_w["seat"] is None and got_w["actions"] == []
        # the log entry arrives in each page's own language
        assert got_a["log"] and got_b["log"][0]["text"] != got_a["log"][0]["text"]


def test_stale_version_is_refused_and_the_page_is_refreshed(client):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        first = recv_until(ws, is_state)
        action = first["actions"][0]["action"]
        ws.send_json({"type": "act", "version": 0, "action": action})
        recv_until(ws, lambda m: is_state(m) and m["version"] == 1)
        ws.send_json({"type": "act", "version": 0, "action": action})  # a double click
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "stale_version" and "1" in err["message"]
        # the page already holds version 1, so nothing is re-sent unasked; a sync answers
        ws.send_json({"type": "sync"})
        fresh = recv_until(ws, is_state)
        assert fresh["version"] == 1
    assert len(client.app.state.hub.rooms[gid].state.log) == 1


@pytest.mark.parametrize("raw, code", [
    ("{oops", "bad_json"),
    ("[1, 2]", "bad_message"),
    (json.dumps({"type": "dance"}), "unknown_type"),
    (json.dumps({"type": "act", "action": {"type": "pass"}}), "version_required"),
    (json.dumps({"type": "act", "version": 0, "action": {"type": "nope"}}), "malformed_action"),
    (json.dumps({"type": "act", "version": 0, "action": {"type": "bid", "card": 999}}),
     "illegal_action"),
    (json.dumps({"type": "act", "version": 0, "action": "bid"}), "malformed_action"),
])
def test_bad_messages_get_a_clear_error_and_change_nothing(client, raw, code):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang=ru") as ws:
        before = recv_until(ws, is_state)
        ws.send_text(raw)
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == code and err["message"]
        ws.send_json({"type": "sync"})
        after = recv_until(ws, is_state)
        assert after["version"] == 0 and after["view"] == before["view"]


def test_spectators_cannot_act(client):
    gid, _ = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        recv_until(ws, is_state)
        ws.send_json({"type": "act", "version": 0, "action": {"type": "pass"}})
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "spectator"


def test_wrong_token_and_unknown_game_are_refused(client):
    gid, _ = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token=forged") as ws:
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/games/doesnotexist") as ws:
        assert ws.receive_json()["code"] == "no_such_game"


def test_oversized_ws_message_is_refused(tmp_path):
    with running(make_settings(tmp_path, max_message_bytes=300)) as client:
        gid, tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            recv_until(ws, is_state)
            ws.send_text(json.dumps({"type": "act", "version": 0, "pad": "x" * 1000}))
            err = recv_until(ws, lambda m: m["type"] == "error")
            assert err["code"] == "too_large" and "300" in err["message"]


def test_flood_is_cut_off(tmp_path):
    settings = make_settings(tmp_path, rate_per_second=0.5, rate_burst=5, flood_strikes=5)
    with running(settings) as client:
        gid, tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
            recv_until(ws, is_state)
            for _ in range(30):
                ws.send_json({"type": "ping"})
            codes = []
            with pytest.raises(WebSocketDisconnect):
                for _ in range(100):
                    msg = receive(ws)
                    codes.append(msg.get("code"))
            assert "rate_limited" in codes and codes[-1] == "flood"
        assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_spectator_limit_per_game_leaves_the_seats_free(tmp_path):
    settings = make_settings(tmp_path, max_spectators_per_game=2, max_spectators_per_address=9)
    with running(settings) as client:
        gid, tokens = new_game(client)
        with client.websocket_connect(f"/ws/games/{gid}") as a, \
                client.websocket_connect(f"/ws/games/{gid}") as b:
            recv_until(a, is_state)
            recv_until(b, is_state)
            with client.websocket_connect(f"/ws/games/{gid}") as c:
                assert c.receive_json()["code"] == "too_many_spectators"
            with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as seat:
                assert recv_until(seat, is_state)["seat"] == 0


def test_bots_answer_a_human_over_the_socket(client):
    gid, tokens = new_game(client, seats=("human", "random", "greedy"))
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        msg = recv_until(ws, is_state)
        rng = random.Random(1)
        while not msg["over"]:
            if msg["actions"]:
                choice = rng.choice(msg["actions"])["action"]
                ws.send_json({"type": "act", "version": msg["version"], "action": choice})
            msg = recv_until(ws, lambda m: is_state(m) or m["type"] == "error")
            if msg["type"] == "error":
                # a bot's simultaneous bid overtook ours: refused, and a fresh state follows
                assert msg["code"] == "stale_version", msg
                msg = recv_until(ws, is_state)
        assert msg["status"] == "finished" and msg["view"]["winners"]


def test_no_message_to_a_seat_carries_another_seats_hidden_cards(client):
    """Sealed bids between three browser seats to the end: every message is exactly the
    seat's own view, and no message ever names another seat's hand."""
    gid, seen = play_watching_every_message(client, "sample", 3, 3, {}, 500)
    assert seen[None][-1]["over"]
    assert check_every_message_is_that_seats_view(client, "sample", gid, 3, 3, {}, seen) > 40
    for seat, msgs in seen.items():
        for m in msgs:
            assert "hands" not in json.dumps(m)
            if seat is None:
                assert m["view"]["state"]["hand"] is None


def test_catan_messages_hide_the_other_hands(client):
    """Catan, four browser seats: the other players' resource and development cards appear
    only as counts in every message a seat gets."""
    options = {"board": "beginner"}
    gid, seen = play_watching_every_message(client, "catan", 4, 9, options, 60)
    assert check_every_message_is_that_seats_view(client, "catan", gid, 4, 9, options,
                                                  seen) > 200
    for seat, msgs in seen.items():
        for m in msgs:
            for p in m["view"]["state"]["players"]:
                if p["seat"] != seat:
                    assert p["resources"] is None and p["development"] is None
                    assert p["new_development"] is None


def test_connection_floods_are_refused(tmp_path):
    with running(make_settings(tmp_path, ip_rate_per_second=0.1, ip_rate_burst=3)) as client:
        gid, _ = new_game(client)  # one of the three
        codes = []
        for _ in range(4):
            with client.websocket_connect(f"/ws/games/{gid}") as ws:
                codes.append(receive(ws).get("code"))
        assert codes[:2] == [None, None] and "rate_limited" in codes
