"""A malformed JSON message (socket) or body (API) is refused in the user's language, naming
what is wrong and where; nothing changes."""

from __future__ import annotations

import pytest
from web_helpers import new_game, receive, state

CASES = [
    # raw text, what the English refusal names, what the Russian one names
    ('{"type" "ping"}', "a colon ':' is expected after the field name (line 1, column 9)",
     "после имени поля ожидается двоеточие ':' (строка 1, позиция 9)"),
    ('{"type": "act",\n "version": 0,', "a field name in double quotes is expected (line 2, column 15)",
     "ожидается имя поля в двойных кавычках (строка 2, позиция 15)"),
    ("{'type': 'ping'}", "a field name in double quotes is expected",
     "ожидается имя поля в двойных кавычках"),
    ('{"type": "ping"} x', "more text after the end of the JSON value",
     "после конца JSON-значения есть лишний текст"),
    ('{"type": "pi', "a string is not closed with a double quote", "строка не закрыта двойной кавычкой"),
    ("", "the text is empty", "текст пустой"),
]


@pytest.mark.parametrize(("raw", "en", "ru"), CASES)
def test_a_malformed_socket_message_is_refused_in_the_users_language(client, raw, en, ru):
    gid, tokens = new_game(client)
    before = state(client, gid)["version"]
    for lang, words in (("en", en), ("ru", ru)):
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang={lang}") as ws:
            assert receive(ws)["type"] == "state"
            ws.send_text(raw)
            msg = receive(ws)
            while msg["type"] != "error":
                msg = receive(ws)
            assert msg["code"] == "bad_json" and words in msg["message"], msg
            ws.send_text('{"type": "ping"}')  # the socket stays usable
            while (msg := receive(ws))["type"] != "pong":
                pass
    assert state(client, gid)["version"] == before


@pytest.mark.parametrize(("raw", "en", "ru"), CASES)
def test_a_malformed_api_body_is_refused_in_the_users_language(client, raw, en, ru):
    gid, tokens = new_game(client)
    for lang, words in (("en", en), ("ru", ru)):
        r = client.post(f"/api/games/{gid}/actions?lang={lang}", content=raw.encode(),
                        headers={"x-seat-token": tokens[0], "content-type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "bad_json"
        assert words in r.json()["message"], r.json()
        r = client.post(f"/api/games?lang={lang}", content=raw.encode())
        assert r.status_code == 400 and words in r.json()["message"]


def test_bytes_that_are_not_utf8_and_numbers_too_long_are_named(client):
    r = client.post("/api/games?lang=ru", content=b"\xff\xfe{}")
    assert r.status_code == 400 and "не являются текстом в UTF-8" in r.json()["message"]
    r = client.post("/api/games?lang=en", content=b'{"players": ' + b"9" * 5000 + b"}")
    assert r.status_code == 400 and "too many digits" in r.json()["message"]
