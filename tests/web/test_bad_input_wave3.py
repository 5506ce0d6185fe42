"""Hostile input to the web server (third wave): every refusal is a 4xx naming what is wrong
in the client's language, never a 500 or a Python message, and nothing changes."""

from __future__ import annotations

import pytest
from web_helpers import new_game, state


@pytest.mark.parametrize("before", [2**31, 2**63, 10**30, -(2**70), -1, 0])
def test_a_chat_page_before_any_number_is_an_answer(client, before):
    gid, tokens = new_game(client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang=en") as ws:
        ws.send_json({"type": "chat", "text": "hello"})
        ws.send_json({"type": "ping"})
        while ws.receive_json()["type"] != "pong":
            pass
    r = client.get(f"/api/games/{gid}/chat", params={"lang": "en", "before": before})
    assert r.status_code == 200, r.text
    texts = [line["text"] for line in r.json()["lines"]]
    assert texts == ([] if before <= 0 else ["hello"])


# an action field that is no JSON object (a string is never decoded as JSON a second time)
NOT_AN_ACTION = [{"version": 0, "action": a}
                 for a in ([1], "pass", '{"type": "pass"}', None, 7, True)] + [{"version": 0}]


@pytest.mark.parametrize("body", NOT_AN_ACTION)
def test_an_action_that_is_no_object_is_refused_in_the_senders_language(client, body):
    gid, tokens = new_game(client)
    words = {"en": 'An action must be a JSON object with a "type" field',
             "ru": 'Действие должно быть JSON-объектом с полем "type"'}
    for lang in ("en", "ru"):
        r = client.post(f"/api/games/{gid}/actions?lang={lang}",
                        headers={"x-seat-token": tokens[0]}, json=body)
        assert r.status_code == 400 and r.json()["code"] == "malformed_action", r.text
        assert words[lang] in r.json()["message"], r.json()
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang={lang}") as ws:
            ws.send_json({"type": "act", **body})
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "malformed_action" and words[lang] in msg["message"], msg
    assert state(client, gid)["version"] == 0
