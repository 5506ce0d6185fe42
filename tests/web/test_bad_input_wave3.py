"""Hostile input to the web server (third wave): every refusal is a 4xx naming what is wrong
in the client's language, never a 500 or a Python message, and nothing changes."""

from __future__ import annotations

import pytest
from web_helpers import new_game, state

from settlers.core import content_sets


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
             "ru": 'Действие должно быть JSON-объектом с полем «type»'}
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


# a path or query number that is no number: the framework's own English list of errors before
BAD_NUMBERS = [
    ("get", "/api/games?limit=abc", "limit"),
    ("get", "/api/games/{gid}/replay/abc", "step"),
    ("get", "/api/games/{gid}/replay/1.5", "step"),
    ("get", "/api/games/{gid}/chat?limit=x", "limit"),
    ("get", "/api/games/{gid}/chat?before=%00", "before"),
    ("post", "/api/games/{gid}/seats/x/take", "seat"),
    ("post", "/api/games/{gid}/seats/%F0%9F%99%82/reissue", "seat"),
]


@pytest.mark.parametrize(("method", "url", "field"), BAD_NUMBERS)
def test_a_parameter_that_is_no_number_is_named_in_the_clients_language(client, method, url,
                                                                       field):
    gid, _ = new_game(client)
    words = {"en": f"The parameter {field} must be a whole number.",
             "ru": f"Параметр {field} должен быть целым числом."}
    for lang in ("en", "ru"):
        sep = "&" if "?" in url else "?"
        r = getattr(client, method)(url.format(gid=gid) + f"{sep}lang={lang}")
        assert r.status_code == 422, r.text
        assert r.json() == {"field": field, "type": "error", "code": "bad_field",
                            "message": words[lang]}
    assert state(client, gid)["version"] == 0


def test_a_page_given_no_number_answers_with_an_error_page(client):
    gid, _ = new_game(client)
    r = client.post(f"/games/{gid}/seats/x/take?lang=ru", follow_redirects=False)
    assert r.status_code == 422 and r.headers["content-type"].startswith("text/html")
    assert "Параметр seat должен быть целым числом." in r.text



@pytest.mark.parametrize("option", ["founders/tiles", "imperial/cards", "imperial/boards",
                                    "imperial/attack_cards"])
def test_an_upload_nested_too_deep_is_refused_by_name(client, content_dir, option):
    # (Founders' tile file names its line: «line 1: not a JSON object (the nesting is too deep)»)
    words = {"en": ("is not usable: its JSON is nested too deep.", "the nesting is too deep"),
             "ru": ("слишком глубокая вложенность JSON.", "слишком глубокая вложенность")}
    for lang in ("en", "ru"):
        r = client.post(f"/api/content/{option}?lang={lang}", content=b"[" * 5000)
        assert r.status_code == 422 and r.json()["code"] == "bad_upload", r.text
        assert any(w in r.json()["message"] for w in words[lang]), r.json()
    game, name = option.split("/")
    assert content_sets.names(game, name) == ["builtin"]


def test_an_upload_is_refused_in_the_uploaders_language(client, content_dir):
    """The game's own reason too: it was rendered once, in English (or the process's
    language), whatever the uploader read."""
    # the fault said once, naming the uploaded file (not the set's internal name)
    # the game's refusal: a sentence of its own after the full stop (fifteenth i18n round)
    words = {"en": "Upload refused. Tile file 'the uploaded file', line 1: ",
             "ru": "Загрузка отклонена. Файл квадратов «загруженный файл», строка 1: "}
    for lang in ("en", "ru"):
        r = client.post(f"/api/content/founders/tiles?lang={lang}", content=b"{}")
        assert r.status_code == 422 and r.json()["code"] == "bad_upload", r.text
        assert r.json()["message"].startswith(words[lang]), r.json()
        r = client.post(f"/api/content/iceland/data_dir?lang={lang}", content=b'{"x": "y"}')
        assert r.status_code == 422 and r.json()["code"] == "bad_upload", r.text
        assert ("Данные должны состоять из файлов" in r.json()["message"]) == (lang == "ru")


# a seat name that reverses the text around it where it is shown (the lobby, the table, the
# chat's speaker): the chat refused these in its lines, names let them through
@pytest.mark.parametrize("name", ["\u202eevil", "a\u202ab", "\u2066x\u2069", "x\u202d"])
def test_a_seat_name_with_a_direction_override_is_refused(client, name):
    words = {"en": "without control characters or text direction overrides",
             "ru": "без управляющих символов и символов смены направления текста"}
    for lang in ("en", "ru"):
        r = client.post(f"/api/games?lang={lang}", json={
            "game": "sample", "seats": [{"kind": "human", "name": name}, {"kind": "human"}]})
        assert r.status_code == 422 and r.json()["code"] == "bad_name", r.text
        assert r.json()["field"] == "seats[0].name" and words[lang] in r.json()["message"]
        r = client.post(f"/games?lang={lang}", data={
            "game": "sample", "players": "2", "seat0_name": name})
        assert r.status_code == 422, r.text
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("seat", [-1, 2, 10**30])
def test_a_seat_the_game_has_not_is_named_as_such(client, seat):
    """Taking or re-issuing seat -1 read "Seat 0 is not free any more: someone has taken it"
    (and seat 3 of two the same): a statement about a seat that does not exist."""
    r = client.post("/api/games?lang=en", json={
        "game": "sample", "seats": [{"kind": "human", "open": True}, {"kind": "human"}]})
    gid, creator = r.json()["id"], r.json()["creator_token"]
    words = {"en": f"There is no seat {seat + 1}: this game has seats 1 to 2.",
             "ru": f"Места {seat + 1} нет: в этой партии места с 1 по 2."}
    for lang in ("en", "ru"):
        for r in (client.post(f"/api/games/{gid}/seats/{seat}/take?lang={lang}"),
                  client.post(f"/api/games/{gid}/seats/{seat}/reissue?lang={lang}",
                              headers={"x-creator-token": creator})):
            assert r.status_code == 404 and r.json()["code"] == "no_such_seat", r.text
            assert r.json()["message"] == words[lang]
    assert client.get("/api/games").json()["games"][0]["seats"][0]["free"] is True


# a field of the wrong JSON type: the Russian text named the type in English ("типа object",
# "типа object {file name: text}")
WRONG_TYPES = [
    ("/api/games", b'{"game": "sample", "players": 2, "options": [1]}', "options",
     "Поле options должно быть JSON-объектом.", "Field options must be a JSON object."),
    ("/api/games", b'{"game": 5, "players": 2}', "game",
     "Поле game должно быть JSON-строкой.", "Field game must be a JSON string."),
    ("/api/mine", b'{"seats": {"id": "x"}}', "seats",
     "Поле seats должно быть JSON-массивом (списком).",
     "Field seats must be a JSON array (a list)."),
    ("/api/content/iceland/data_dir", b'["rules.json"]', "body",
     'Поле body должно быть JSON-объектом с файлами: {"имя файла": "текст файла", ...}.',
     'Field body must be a JSON object of files: {"file name": "file text", ...}.'),
]


@pytest.mark.parametrize(("url", "body", "field", "ru", "en"), WRONG_TYPES,
                         ids=[case[2] for case in WRONG_TYPES])
def test_a_field_of_the_wrong_type_is_named_in_the_clients_language(client, content_dir, url,
                                                                   body, field, ru, en):
    for lang, words in (("ru", ru), ("en", en)):
        r = client.post(f"{url}?lang={lang}", content=body)
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "bad_type" and r.json()["field"] == field
        assert r.json()["message"] == words
    assert client.get("/api/games").json()["games"] == []


def test_a_binary_frame_that_is_not_utf8_is_named_so(client):
    """The socket decoded a binary frame with replacement characters, so bytes that are no
    UTF-8 were refused as "a value is expected (line 1, column 1)"; the API names them."""
    gid, tokens = new_game(client)
    words = {"en": "the bytes are not UTF-8 text", "ru": "байты не являются текстом в UTF-8"}
    for lang in ("en", "ru"):
        with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang={lang}") as ws:
            ws.send_bytes(b"\xff\xfe{")
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "bad_json" and words[lang] in msg["message"], msg
            ws.send_bytes('{"type": "ping", "x": "ж"}'.encode())  # UTF-8 frames still work
            while (msg := ws.receive_json())["type"] not in ("pong", "error"):
                pass
            assert msg["type"] == "pong"
    assert state(client, gid)["version"] == 0


@pytest.fixture
def store_like_postgresql(client, monkeypatch):
    """The store refuses NUL in text as PostgreSQL's driver does (psycopg.DataError "text
    fields cannot contain NUL"); SQLite would take it, so without this the tests could not
    see what a server on PostgreSQL answered: a 500."""
    store = client.app.state.hub.store

    def refusing(method):
        def call(*args):
            if any("\x00" in a for a in _texts(args)):
                raise ValueError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
            return method(*args)
        return call

    for name in ("load_game", "load_log", "list_games", "load_chat"):
        monkeypatch.setattr(store, name, refusing(getattr(store, name)))


def _texts(args):
    for a in args:
        if isinstance(a, str):
            yield a
        elif isinstance(a, tuple | list):
            yield from _texts(a)


@pytest.mark.parametrize(("method", "url", "code"), [
    ("get", "/api/games/%00", "no_such_game"),
    ("get", "/api/games/a%00b/chat", "no_such_game"),
    ("get", "/api/games/%00/replay/0", "no_such_game"),
    ("get", "/api/games/%00/record", "no_such_game"),
    ("post", "/api/games/%00/seats/0/take", "no_such_game"),
    ("post", "/api/games/%00/actions", "no_such_game"),
])
def test_a_game_id_with_nul_is_no_such_game_on_postgresql_too(client, store_like_postgresql,
                                                             method, url, code):
    r = getattr(client, method)(url + "?lang=ru")
    assert r.status_code == 404 and r.json()["code"] == code, r.text


def test_nul_in_a_listing_a_page_a_socket_or_my_games_reaches_no_database(
        client, store_like_postgresql):
    gid, tokens = new_game(client)
    assert client.get("/api/games?status=open%00").json() == {"games": []}
    assert client.get("/api/games?status=open").json()["games"][0]["id"] == gid
    assert client.get("/games/%00?lang=en").status_code == 404
    with client.websocket_connect("/ws/games/%00?lang=en") as ws:
        assert ws.receive_json()["code"] == "no_such_game"
    r = client.post("/api/mine", json={"seats": [{"id": "a\u0000", "token": "x"},
                                                 {"id": gid, "token": tokens[0]}]})
    assert r.status_code == 200 and [g["id"] for g in r.json()["games"]] == [gid]
    # a lone surrogate no driver can send, SQLite's neither (a 500 on every database)
    r = client.post("/api/mine", content=b'{"seats": [{"id": "\\ud800", "token": "x"}]}')
    assert r.status_code == 200 and r.json() == {"games": []}


# an address the server has not, or a method it does not take there: the framework answered
# {"detail": "Not Found"} in English, as JSON even to a browser
WRONG_ADDRESSES = [
    ("get", "/api/nope", 404, "no_such_address", "По адресу /api/nope на этом сервере ничего нет.",
     "There is nothing at /api/nope on this server."),
    ("delete", "/api/games", 405, "method_not_allowed",
     "Адрес /api/games не принимает запросы DELETE.", "/api/games does not take DELETE requests."),
    ("get", "/api/games/{gid}/actions", 405, "method_not_allowed",
     "Адрес /api/games/{gid}/actions не принимает запросы GET.",
     "/api/games/{gid}/actions does not take GET requests."),
]


@pytest.mark.parametrize(("method", "url", "status", "code", "ru", "en"), WRONG_ADDRESSES,
                         ids=[f"{case[0]} {case[1]}" for case in WRONG_ADDRESSES])
def test_a_wrong_address_or_method_is_named_in_the_clients_language(client, method, url,
                                                                   status, code, ru, en):
    gid, _ = new_game(client)
    for lang, words in (("ru", ru), ("en", en)):
        r = getattr(client, method)(url.format(gid=gid) + f"?lang={lang}")
        assert r.status_code == status and r.json()["code"] == code, r.text
        assert r.json()["message"] == words.format(gid=gid)
    assert state(client, gid)["version"] == 0


def test_a_page_the_server_has_not_is_an_error_page_in_the_readers_language(client):
    r = client.get("/no/such/page?lang=ru")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "По адресу /no/such/page на этом сервере ничего нет." in r.text
    r = client.delete("/api/games?lang=en")
    assert r.status_code == 405 and "GET" in r.headers["allow"]  # the Allow header stays
    assert client.get("/static/no-such.js").status_code == 404  # files: the plain answer
