"""Eleventh pass: every HTTP and WebSocket entry point, fed as a hostile client would feed it.

Seeded (``derandomize``) Hypothesis runs against one server holding a game of every kind:
malformed JSON and bytes, values of the wrong type, huge and negative numbers, unknown fields,
very long strings and odd Unicode, another seat's or another game's token, garbage tokens,
out-of-turn and stale actions, oversized messages. Every refusal must be a client error (never
a 5xx) that says what is wrong (a code, and words other than "the server failed"), reveals
nothing of the server (no path, traceback, exception name, database, seed), leaves every
game's state as it was, and the server must go on serving."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from web_helpers import make_settings, new_game, running

from settlers.web.i18n import t

#: what a refusal must never hold: places, tracebacks, Python's or a driver's names
LEAK = re.compile(r"Traceback|File \"|\.py\b|/tmp/|/work/|/home/|/usr/|site-packages|"
                  r"sqlalchemy|psycopg|sqlite3|\b[A-Z][A-Za-z]*(?:Error|Exception)\b|"
                  r"object at 0x")
FAULTS = {t(f"error.{k}", lang) for k in ("server_fault", "internal") for lang in ("en", "ru")}
GAMES = (("catan", 3), ("iceland", 3), ("archipelago", 2), ("imperial", 2), ("founders", 2))

FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                # the games move on between examples (a bent action may still be legal):
                # a failure is reported as it was found, not shrunk
                phases=(Phase.explicit, Phase.generate),
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])


@dataclass
class World:
    client: object
    games: dict[str, tuple[str, dict[int, str]]]
    seeds: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)

    @property
    def hub(self):
        return self.client.app.state.hub

    def snapshot(self) -> dict[str, tuple]:
        out = {}
        for gid, _tokens in self.games.values():
            rec = self.hub.store.load_game(gid)
            room = self.hub.rooms.get(gid)
            # (a seat's link opened claims the seat, and the game may leave "open": what a
            # visit with the right token does, not a change of the game)
            out[gid] = (rec.version, rec.status in ("finished", "broken"),
                        [(s.seat, s.token_hash) for s in rec.seats],
                        None if room is None else room.state.version)
        return out


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fuzz")
    content = tmp / "content"
    import os

    old = os.environ.get("SETTLERS_CONTENT_DIR")
    os.environ["SETTLERS_CONTENT_DIR"] = str(content)
    lifted = {"ip_rate_per_second": 1e6, "ip_rate_burst": 10**7,
              "games_per_address_per_hour": 10**6, "max_sockets_per_address": 10**6,
              "max_spectators_per_address": 10**6, "max_spectators_per_game": 10**6,
              "chat_burst": 10**6, "chat_rate_per_second": 1e6, "bot_delay": 0.0}
    try:
        with running(make_settings(tmp, **lifted)) as client:
            games = {g: new_game(client, game=g, seats=("human",) * n) for g, n in GAMES}
            w = World(client, games)
            w.seeds = [str(w.hub.store.load_game(gid).seed) for gid, _ in games.values()]
            w.paths = [str(tmp), str(content)]
            yield w
    finally:
        if old is None:
            os.environ.pop("SETTLERS_CONTENT_DIR", None)
        else:
            os.environ["SETTLERS_CONTENT_DIR"] = old


def check_refusal(w: World, msg: dict, where: str) -> None:
    """A refusal as the clients read it: says what is wrong, and nothing of the server."""
    assert msg.get("type") == "error", (where, msg)
    assert isinstance(msg.get("code"), str) and msg["code"], (where, msg)
    words = msg.get("message")
    assert isinstance(words, str) and words.strip(), (where, msg)
    assert words not in FAULTS, (where, msg)   # "the server failed": a fault, not a refusal
    check_says_nothing(w, json.dumps(msg, ensure_ascii=False), where)


def check_says_nothing(w: World, text: str, where: str) -> None:
    found = LEAK.search(text)
    assert found is None, (where, found.group(0) if found else None, text[:400])
    for secret in [*w.seeds, *w.paths]:
        assert secret not in text, (where, text[:400])


#: refusals that are the server's state for a while, not the request's fault (5xx)
BUSY = {"upload_busy", "too_many_uploads", "too_many_games"}


def check_answer(w: World, r, where: str) -> None:
    busy = r.status_code == 503 and r.headers.get("content-type", "").startswith(
        "application/json") and r.json().get("code") in BUSY
    assert r.status_code < 500 or busy, (where, r.status_code, r.text[:400])
    if r.status_code >= 400:
        if r.request.url.path.startswith("/static/"):   # a file the server has not: 404
            assert r.status_code == 404, (where, r.text[:300])
            check_says_nothing(w, r.text, where)
        elif r.headers.get("content-type", "").startswith("application/json"):
            check_refusal(w, r.json(), where)
        else:   # a page: the error page, in words
            check_says_nothing(w, r.text, where)


def still_serving(w: World) -> None:
    r = w.client.get("/healthz")
    assert r.status_code == 200 and r.json()["ok"], r.text


# ------------------------------------------------------------------ values
ODD_TEXT = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["", " ", "\x00", "\u202e", "\ufeff", "\ud800", "💥" * 3, "../../etc/passwd",
                     "%00", "a" * 5000, "1e999", "NaN", "-0", "null", "{}", "[]", "\n\r\t",
                     "<script>alert(1)</script>", "'; DROP TABLE games; --", "ё" * 300]),
)
NUMBERS = st.one_of(
    st.integers(), st.integers(min_value=-(2**200), max_value=2**200),
    st.sampled_from([0, -1, 1, 2**31, 2**31 - 1, -(2**31), 2**63, 2**63 - 1, -(2**63), 2**64,
                     10**100]),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from([0.5, -0.0, 1e308]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, ODD_TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(ODD_TEXT, inner, max_size=6)), max_leaves=20)
RAW = st.one_of(
    st.binary(max_size=200),
    st.sampled_from([b"", b"{", b'{"a":', b"[" * 5000, b"[" * 200_000, b'{"version": 1e999}',
                     b'{"version": NaN}', b'{"version": Infinity, "action": -Infinity}',
                     b"9" * 5000, b'"\\ud800"', b"\xff\xfe{", b'{"a":1,"a":2}',
                     b'{"version": 0, "action": {"type": "' + b"x" * 20_000 + b'"}}']),
)


def _q(text: str) -> str:
    """``text`` in an address (a lone surrogate as the bytes it would be: not UTF-8)."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def _dump(value) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


BODIES = st.one_of(RAW, VALUES.map(_dump), st.dictionaries(ODD_TEXT, VALUES, max_size=8)
                   .map(_dump))


def _tokens(w: World) -> list[str | None]:
    out: list[str | None] = [None, "", "x", "\x00", "a" * 5000, "ü", "%00"]
    for _gid, tokens in w.games.values():
        out += list(tokens.values())
    return out


# ------------------------------------------------------------------ HTTP
WRITES = ["/api/games", "/api/games/{gid}/actions", "/api/mine", "/api/content/{g}/{o}",
          "/api/games/{gid}/seats/{n}/take", "/api/games/{gid}/seats/{n}/reissue",
          "/games/{gid}/seats/{n}/take", "/games", "/api/games/{gid}/actions?token={tok}"]


@FUZZ
@given(data=st.data())
def test_any_body_to_any_writing_address(world, data):
    w = world
    before = w.snapshot()
    kind = data.draw(st.sampled_from(sorted(w.games)), label="game")
    gid, _ = w.games[kind]
    url = data.draw(st.sampled_from(WRITES), label="url").format(
        gid=data.draw(st.sampled_from([gid, gid.upper(), gid + "0", quote("ü"), "0" * 40]),
                      label="gid"),
        n=data.draw(st.sampled_from(["0", "1", "-1", "99", str(2**70), "1.5", "x"]), label="n"),
        tok=_q(str(data.draw(st.sampled_from(_tokens(w)), label="tok"))),
        g=data.draw(st.sampled_from(["imperial", "founders", "iceland", "catan", "x", "..",
                                     "%2e%2e"]), label="upload game"),
        o=data.draw(st.sampled_from(["cards", "tiles", "data_dir", "board", "%2F", "x"]),
                    label="upload option"))
    lang = data.draw(st.sampled_from(["en", "ru", "", "xx", "ru-RU", "\u202e"]), label="lang")
    headers: dict = {"content-type": data.draw(st.sampled_from(
        ["application/json", "text/plain", "application/x-www-form-urlencoded",
         "multipart/form-data; boundary=x", "application/octet-stream"]), label="ctype")}
    token = data.draw(st.sampled_from(_tokens(w)), label="token")
    if token is not None:
        headers[data.draw(st.sampled_from(["x-seat-token", "x-creator-token"]))] = \
            token.encode("utf-8")   # (raw bytes: a header is no text)
    body = data.draw(BODIES, label="body")
    sep = "&" if "?" in url else "?"
    r = w.client.post(f"{url}{sep}lang={_q(lang)}", content=body, headers=headers,
                      follow_redirects=False)
    check_answer(w, r, f"POST {url}")
    after = w.snapshot()
    changed = [g for g in before if before[g] != after[g]]
    if r.status_code >= 400 or "/actions" not in url:
        # (a free seat taken, a link reissued: only with the right token, which the fuzz
        # only holds for a seat's own link, never the creator's)
        assert not changed, (url, r.status_code, r.text[:300])
    still_serving(w)


READS = ["/", "/lang/{x}?next={y}", "/games/{gid}", "/games/{gid}?token={x}",
         "/games/{gid}/replay", "/games/{gid}/created?creator={x}",
         "/games/{gid}/manage?creator={x}", "/api/meta", "/api/games?status={x}&limit={n}",
         "/api/games/{gid}", "/api/games/{gid}?token={x}", "/api/games/{gid}/timeline",
         "/api/games/{gid}/replay/{n}", "/api/games/{gid}/record",
         "/api/games/{gid}/chat?before={n}&limit={n}", "/healthz", "/static/{x}",
         "/api/games/{x}", "/games/{x}"]


@FUZZ
@given(data=st.data())
def test_any_address_and_query_read(world, data):
    w = world
    before = w.snapshot()
    kind = data.draw(st.sampled_from(sorted(w.games)), label="game")
    gid, _ = w.games[kind]
    x = _q(str(data.draw(st.one_of(ODD_TEXT, st.sampled_from(_tokens(w))), label="x")))
    y = quote(data.draw(st.sampled_from(["/", "//evil.example", "/\\evil", "http://evil",
                                         "javascript:alert(1)", "/games/x"]), label="y"),
              safe="")
    n = _q(str(data.draw(st.one_of(NUMBERS, ODD_TEXT), label="n")))
    url = data.draw(st.sampled_from(READS), label="url").format(gid=gid, x=x, y=y, n=n)
    r = w.client.get(url, follow_redirects=False)
    check_answer(w, r, f"GET {url}")
    if r.status_code in (301, 302, 303, 307, 308):   # never to another site
        where = urlsplit(r.headers.get("location", ""))
        assert where.netloc in ("", "testserver") and where.scheme in ("", "http"), (url, where)
        assert where.path.startswith("/") and not where.path.startswith("/\\"), (url, where)
    assert w.snapshot() == before
    still_serving(w)


def _mutated(data, action: dict):
    """``action`` bent one way (drawn with the same draws whatever the action: the games move
    on between examples, so nothing drawn may depend on them)."""
    keys = sorted(action)
    how = data.draw(st.sampled_from(["value", "unknown field", "left out", "type", "other"]),
                    label="how")
    key = keys[data.draw(st.integers(0, 99), label="key") % len(keys)]
    value = data.draw(VALUES, label="value")
    if how == "value":
        return {**action, key: value}
    if how == "unknown field":
        return {**action, data.draw(ODD_TEXT, label="field"): value}
    if how == "left out":
        return {k: v for k, v in action.items() if k != key}
    if how == "type":
        return {"type": value}
    return value


@FUZZ
@given(data=st.data())
def test_mutated_actions_from_any_seat_and_any_room(world, data):
    """A legal action of the seat to act, bent (a field's value, an unknown field, a field
    left out, another type), sent by that seat, another seat, a seat of another game or a
    spectator, at the right version, an old or a future one, or none."""
    w = world
    kind = data.draw(st.sampled_from(sorted(w.games)), label="game")
    gid, tokens = w.games[kind]
    room = w.hub.rooms.get(gid)
    if room is None:
        w.client.get(f"/api/games/{gid}")
        room = w.hub.rooms[gid]
    st_ = room.state
    if st_.over:
        return
    seat = st_.to_act[0]
    legal = [a.to_json() for a in st_.legal_actions(seat)]
    action = _mutated(data, legal[data.draw(st.integers(0, 10**6), label="legal") % len(legal)])
    who = data.draw(st.sampled_from(["own", "own", "own", "another seat", "another game",
                                     "spectator"]), label="who")
    other_game = next(toks for g, (_, toks) in w.games.items() if g != kind)
    token = {"own": tokens[seat], "another seat": tokens[(seat + 1) % len(tokens)],
             "another game": other_game[0], "spectator": None}[who]
    version = {"right": st_.version, "old": st_.version - 1, "future": st_.version + 1,
               "negative": -1, "huge": 2**63, "none": None, "text": "0", "float": 0.0,
               "bool": True}[data.draw(st.sampled_from(
                   ["right", "right", "old", "future", "negative", "huge", "none", "text",
                    "float", "bool"]), label="version")]
    body = {"version": version, "action": action}
    if data.draw(st.booleans(), label="extra"):
        body[data.draw(ODD_TEXT, label="extra key")] = data.draw(VALUES, label="extra value")
    before = w.snapshot()
    headers = {"x-seat-token": token.encode()} if token is not None else {}
    over_socket = data.draw(st.booleans(), label="socket")
    if over_socket:
        q = f"token={_q(token)}&" if token is not None else ""
        answers = []
        with w.client.websocket_connect(f"/ws/games/{gid}?{q}lang=en") as ws:
            first = ws.receive_json()
            if first["type"] == "error":   # refused at the door (another game's token)
                answers.append(first)
            else:
                ws.send_text(json.dumps({"type": "act", **body}, ensure_ascii=False))
                ws.send_json({"type": "ping"})
                while (msg := ws.receive_json())["type"] != "pong":
                    answers.append(msg)
        refusals = [m for m in answers if m["type"] == "error"]
        for m in refusals:
            check_refusal(w, m, "act over a socket")
        accepted = not refusals
    else:
        headers["content-type"] = "application/json"
        r = w.client.post(f"/api/games/{gid}/actions?lang=en", content=_dump(body),
                          headers=headers)
        check_answer(w, r, "act over HTTP")
        accepted = r.status_code == 200
    after = w.snapshot()
    if accepted:   # by chance a legal action of the seat to act: it moved the game by one
        assert token == tokens[seat] and after[gid][0] == before[gid][0] + 1, (body, token)
        assert {g: v for g, v in after.items() if g != gid} == \
            {g: v for g, v in before.items() if g != gid}
    else:
        assert after == before, body
    still_serving(w)


# ------------------------------------------------------------------ sockets
FRAMES = st.one_of(
    st.builds(lambda kind, extra: {"type": kind, **extra},
              st.sampled_from(["act", "chat", "lang", "sync", "ping", "pong", "state", "", "ACT"]),
              st.dictionaries(st.sampled_from(["version", "action", "text", "lang", "type",
                                               "seat", "token", "since"]), VALUES, max_size=4))
    .map(lambda m: json.dumps(m, ensure_ascii=False)),
    VALUES.map(lambda v: json.dumps(v, ensure_ascii=False)),
    RAW.map(lambda b: b.decode("utf-8", "replace")),
    st.just("x" * 20_000),
    st.just(json.dumps({"type": "chat", "text": "é" * 9000})),
)


@FUZZ
@given(data=st.data())
def test_any_socket_and_any_frames(world, data):
    w = world
    kind = data.draw(st.sampled_from(sorted(w.games)), label="game")
    gid = w.games[kind][0]
    token = data.draw(st.sampled_from(_tokens(w)), label="token")
    params = {"lang": data.draw(st.sampled_from(["en", "ru", "", "zz", "\x00"]), label="lang")}
    if token is not None:
        params["token"] = token
    for key in ("since", "since_lang"):
        if data.draw(st.booleans(), label=key):
            params[key] = str(data.draw(st.one_of(NUMBERS, ODD_TEXT), label=key + " value"))
    target = data.draw(st.sampled_from([gid, gid + "0", "x" * 40, quote("ü")]), label="gid")
    query = "&".join(f"{k}={_q(v)}" for k, v in params.items())
    frames = data.draw(st.lists(FRAMES, max_size=6), label="frames")
    binary = data.draw(st.booleans(), label="binary")
    before = w.snapshot()
    with w.client.websocket_connect(f"/ws/games/{target}?{query}") as ws:
        first = ws.receive_json()
        if first["type"] == "error":   # refused at the door (no such game, a wrong token)
            check_refusal(w, first, "socket refused")
            assert w.snapshot() == before
            still_serving(w)
            return
        for frame in frames:
            if binary:
                ws.send_bytes(frame.encode("utf-8", "surrogatepass"))
            else:
                ws.send_text(frame)
        ws.send_json({"type": "ping"})
        while (msg := ws.receive_json())["type"] != "pong":
            if msg["type"] == "error":
                check_refusal(w, msg, "socket frame")
            else:
                check_says_nothing(w, json.dumps(msg, ensure_ascii=False), "socket message")
    after = w.snapshot()
    for g in before:   # a move can only come from a legal action of the game's own seat
        if after[g] != before[g]:
            assert g == target and after[g][0] == before[g][0] + 1, (frames, params)
    still_serving(w)


def test_an_oversized_message_is_refused_by_its_size_everywhere(world):
    w = world
    gid, tokens = w.games["catan"]
    before = w.snapshot()
    big = b'{"version": 0, "action": {"type": "' + b"x" * 40_000 + b'"}}'
    for url, headers in ((f"/api/games/{gid}/actions", {"x-seat-token": tokens[0]}),
                         ("/api/games", {}), ("/api/mine", {})):
        r = w.client.post(f"{url}?lang=en", content=big, headers=headers)
        assert r.status_code == 413 and r.json()["code"] == "too_large", (url, r.text)
        check_refusal(w, r.json(), url)
    with w.client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang=ru") as ws:
        ws.receive_json()
        ws.send_text(big.decode())
        ws.send_json({"type": "ping"})
        seen = []
        while (msg := ws.receive_json())["type"] != "pong":
            seen.append(msg)
        refusals = [m for m in seen if m["type"] == "error"]
        assert [m["code"] for m in refusals] == ["too_large"], seen
        assert "16384" in refusals[0]["message"] or "16\u00a0384" in refusals[0]["message"]
    assert w.snapshot() == before
    still_serving(w)


SEAT_SPECS = st.one_of(
    st.fixed_dictionaries({}, optional={
        "kind": st.one_of(st.sampled_from(["human", "bot", "open", "HUMAN", ""]), VALUES),
        "bot": st.one_of(st.sampled_from(["random", "greedy", "rl", "mcts"]), VALUES),
        "name": VALUES, "open": VALUES, "token": VALUES}),
    VALUES)


@FUZZ
@given(data=st.data())
def test_any_new_game(world, data):
    """A new game's every field bent: the game, the players, the seats (kinds, bots, names,
    free seats), each of the game's options (a path for a content option among them), the
    seed — through the API and through the lobby's form."""
    w = world
    from settlers.core import games as all_games

    known = {g.id: g for g in all_games()}
    game = data.draw(st.sampled_from([*sorted(known), "x", ""]), label="game")
    names = [o.name for o in known[game].options] if game in known else ["x"]
    options = data.draw(st.one_of(
        st.dictionaries(st.sampled_from(names), st.one_of(VALUES, st.sampled_from(
            ["/etc/passwd", "../../x", "builtin", "upload-0000000000000000", "club"])),
            max_size=4), VALUES), label="options")
    players = data.draw(st.one_of(st.integers(-3, 8), VALUES), label="players")
    seats = data.draw(st.one_of(st.lists(SEAT_SPECS, max_size=7), VALUES), label="seats")
    body: dict = {"game": game, "players": players, "seats": seats, "options": options}
    if data.draw(st.booleans(), label="with a seed"):
        body["seed"] = data.draw(st.one_of(NUMBERS, VALUES), label="seed")
    before = w.snapshot()
    lang = data.draw(st.sampled_from(["en", "ru"]), label="lang")
    if data.draw(st.booleans(), label="form"):
        form = {"game": game, "players": str(players), "seed": str(body.get("seed", ""))}
        for name, value in (options.items() if isinstance(options, dict) else ()):
            form[f"opt_{game}_{name}"] = str(value)
        for i, spec in enumerate(seats if isinstance(seats, list) else []):
            if isinstance(spec, dict):
                kind = spec.get("kind")
                form[f"seat{i}_kind"] = f"bot:{spec.get('bot')}" if kind == "bot" else str(kind)
                form[f"seat{i}_name"] = str(spec.get("name", ""))
        encoded = "&".join(f"{_q(k)}={_q(v)}" for k, v in form.items())
        r = w.client.post(f"/games?lang={lang}", content=encoded.encode(),
                          headers={"content-type": "application/x-www-form-urlencoded"},
                          follow_redirects=False)
        assert r.status_code < 500, r.text[:300]
        if r.status_code >= 400:
            check_says_nothing(w, r.text, "the lobby's form")
        else:
            assert r.status_code == 303, r.status_code
    else:
        r = w.client.post(f"/api/games?lang={lang}", content=_dump(body),
                          headers={"content-type": "application/json"})
        check_answer(w, r, "POST /api/games")
        if r.status_code == 200:
            check_says_nothing(w, r.text, "a new game")
    assert w.snapshot() == before
    still_serving(w)
