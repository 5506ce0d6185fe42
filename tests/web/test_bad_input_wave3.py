"""Hostile input to the web server (third wave): every refusal is a 4xx naming what is wrong
in the client's language, never a 500 or a Python message, and nothing changes."""

from __future__ import annotations

import pytest
from web_helpers import new_game


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
