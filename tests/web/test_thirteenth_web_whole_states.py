"""Thirteenth pass: a whole state is built once per (game, state, seat, language) in a process.

Every new socket was sent a whole state built afresh: its JSON text alone ≈ 4 ms for a
finished Catan game (the view itself is kept per version), so a storm of reconnecting pages
cost that many times over. The text is now kept (settlers.web.whole_states), bounded in
characters, never served to another seat, for another state, status or seats shown; and a
socket is brought up to the store first, so a process never shows a state older than one
another process stored."""

from __future__ import annotations

import json
import random

import pytest
from web_helpers import (
    act,
    make_settings,
    new_game,
    play_random_moves,
    running,
    until,
    wait_over,
)

from settlers.web import room as room_module
from settlers.web.connection import dumps
from settlers.web.payloads import seat_payload
from settlers.web.storage import Store


def _first(client, gid: str, token: str | None = None, lang: str = "en") -> str:
    """The text of the first message a new page of ``gid`` is sent."""
    query = f"lang={lang}" + (f"&token={token}" if token else "")
    with client.websocket_connect(f"/ws/games/{gid}?{query}") as ws:
        return ws.receive_text()


def _counting(monkeypatch) -> list[int]:
    built: list[int] = []
    real = room_module.seat_payload

    def counted(room, state, seat, lang, events_since=0):
        built.append(seat)
        return real(room, state, seat, lang, events_since)

    monkeypatch.setattr(room_module, "seat_payload", counted)
    return built


def test_pages_reconnecting_together_cost_one_build(tmp_path, monkeypatch):
    with running(make_settings(tmp_path)) as client:
        gid, _ = new_game(client, seats=("random", "random"), seed=3)
        wait_over(client, gid)
        room = client.app.state.hub.rooms[gid]
        built = _counting(monkeypatch)
        texts = {_first(client, gid) for _ in range(12)}
        # one text, the one built afresh; built once at most (the last state read over
        # HTTP was the same one; the old code: 12 times)
        assert texts == {dumps(seat_payload(room, room.state, None, "en"))}
        assert built in ([], [None]), built
        before = len(built)
        _first(client, gid, lang="ru")   # another language: its own
        assert len(built) == before + 1


def test_one_seats_whole_state_is_never_another_seats(tmp_path):
    """Seats and spectators of one state, in turn, each get exactly their own view."""
    settings = make_settings(tmp_path, ip_rate_per_second=10_000.0, ip_rate_burst=100_000)
    with running(settings) as client:
        gid, tokens = new_game(client, game="catan", seats=("human",) * 4)
        play_random_moves(client, gid, tokens, random.Random(5), 80)
        room = client.app.state.hub.rooms[gid]
        state = room.state
        order = [0, None, 1, 2, 0, 3, None, 1, 3, 2, 0]
        got = {}
        for seat in order:
            text = _first(client, gid, tokens[seat] if seat is not None else None)
            msg = json.loads(text)
            assert msg["seat"] == seat and msg["version"] == state.version
            got.setdefault(seat, set()).add(text)
        assert room.state is state
        hands = set()
        for seat, texts in got.items():
            assert len(texts) == 1
            (text,) = texts
            own = json.loads(dumps(seat_payload(room, state, seat, "en")))
            own["seats"] = json.loads(text)["seats"]   # (who was online at that moment)
            assert json.loads(text) == own
            hands.add(json.dumps(json.loads(text)["view"]["state"], sort_keys=True))
        assert len(hands) == 5   # four seats' views and the spectators': all different


def test_a_kept_whole_state_follows_moves_claims_and_who_is_online(tmp_path):
    with running(make_settings(tmp_path)) as client:
        gid, tokens = new_game(client, seats=("human", "human"))
        hub = client.app.state.hub
        room = hub.rooms[gid]
        first = json.loads(_first(client, gid))
        assert first["status"] == "open" and first["version"] == 0
        assert not any(s["online"] for s in first["seats"])
        with client.websocket_connect(f"/ws/games/{gid}?lang=en&token={tokens[0]}") as s0:
            s0.receive_text()
            seen = json.loads(_first(client, gid))
            assert [s["online"] for s in seen["seats"]] == [True, False]
            with client.websocket_connect(f"/ws/games/{gid}?lang=en&token={tokens[1]}") as s1:
                s1.receive_text()
                assert until(lambda: room.rec.status == "running")
                seen = json.loads(_first(client, gid))
                assert seen["status"] == "running" and seen["version"] == 0
                assert [s["online"] for s in seen["seats"]] == [True, True]
                seat = room.state.to_act[0]
                r = act(client, gid, tokens[seat], 0,
                        room.state.legal_actions(seat)[0].to_json())
                assert r.status_code == 200, r.text
                seen = json.loads(_first(client, gid))
                assert seen["version"] == 1
                assert seen == json.loads(dumps(seat_payload(room, room.state, None, "en")))
        assert hub.whole_states.builds >= 4


def test_the_kept_whole_states_are_bounded(tmp_path):
    with running(make_settings(tmp_path)) as client:
        hub = client.app.state.hub
        gid, _ = new_game(client, seats=("human", "human"))   # (nothing moves)
        one = len(_first(client, gid, lang="ru"))
        hub.whole_states.max_chars = 3 * one
        for _ in range(8):
            other, _ = new_game(client, seats=("human", "human"))
            for lang in ("en", "ru"):
                _first(client, other, lang=lang)
                assert hub.whole_states.chars <= 3 * one
        assert 1 <= len(hub.whole_states.entries) <= 6


def test_a_page_is_shown_a_move_another_process_stored_before_its_notice(tmp_path, pg_url):
    """A move stored by another process whose notice has not come yet (held back here): a
    new page is shown it, never the kept state before it."""
    settings = make_settings(tmp_path, db_url=pg_url, allow_chosen_seed=True)
    with running(settings) as client:
        gid, _tokens = new_game(client, seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as page:
            page.receive_text()
            assert json.loads(_first(client, gid))["version"] == 0   # (kept now)
            hub.on_notice = lambda payload: None   # its notices are late
            other = Store(pg_url)
            try:
                seat = room.state.to_act[0]
                other.append_action(gid, 0, seat,
                                    room.state.legal_actions(seat)[0].to_json(), "running")
            finally:
                other.close()
            seen = json.loads(_first(client, gid))
            assert seen["version"] == 1, seen["version"]   # (the old code: 0)
            assert room.state.version == 1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sync_and_a_new_language_are_served_from_the_kept_text(tmp_path, lang):
    with running(make_settings(tmp_path)) as client:
        gid, _ = new_game(client, seats=("random", "random"), seed=4)
        wait_over(client, gid)
        room = client.app.state.hub.rooms[gid]
        want = dumps(seat_payload(room, room.state, None, lang))
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as ws:
            ws.receive_text()
            ws.send_text(json.dumps({"type": "lang", "lang": lang}))
            got = ws.receive_text()
            while not got.startswith('{"type":"state"'):
                got = ws.receive_text()
            assert got == want


def test_the_http_api_answers_a_state_as_kept_text_without_walking_it(tmp_path, monkeypatch):
    """FastAPI walks a route's dict with ``jsonable_encoder`` in the event loop before
    writing it: ≈ 1.3 s for the whole state of a long Catan game, per request. The state, a
    replay step and a record are now answered as text (the state the one kept for pages)."""
    import fastapi.routing

    walked: list[int] = []
    real = fastapi.routing.jsonable_encoder

    def counted(obj, *args, **kwargs):
        walked.append(1)
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "jsonable_encoder", counted)
    with running(make_settings(tmp_path)) as client:
        gid, tokens = new_game(client, seats=("human", "human"))
        room = client.app.state.hub.rooms[gid]
        built = _counting(monkeypatch)
        walked.clear()   # (the creation's small answer)
        for _ in range(3):
            for token in (None, tokens[0]):
                headers = {"x-seat-token": token} if token else {}
                r = client.get(f"/api/games/{gid}?lang=en", headers=headers)
                assert r.status_code == 200
                assert r.json() == json.loads(dumps(seat_payload(
                    room, room.state, 0 if token else None, "en")))
        assert sorted(built, key=str) == [0, None], built   # once per seat (the old: 6)
        gid2, _ = new_game(client, seats=("random", "random"), seed=2)
        wait_over(client, gid2)
        assert walked == [1], walked   # (only the creation's answer)
        walked.clear()
        for path in (f"/api/games/{gid2}/replay/3", f"/api/games/{gid2}/record",
                     f"/api/games/{gid2}/timeline"):
            assert client.get(path + "?lang=en").status_code == 200
        assert walked == [], len(walked)   # (the old code: once per answer)
