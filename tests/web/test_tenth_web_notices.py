"""Tenth pass: notices between server processes are signed (settlers.web.notices).

Any session of the PostgreSQL database may ``NOTIFY settlers_moves``. The ninth pass made a
process check a notice's moves; a *legal* move that was never stored still went into the
room's state and put that process out of step with the store (and every other process) until
it reloaded the game. Now only notices signed with the server's secret are believed; any
other makes the process read the game from the store."""

from __future__ import annotations

import json
import time

import psycopg
from web_helpers import HEALTH, make_settings, new_game, notify_moves, running, until

from settlers.web.fanout import conninfo
from settlers.web.notices import NoticeKey
from settlers.web.storage import Store


def _legal_notice(room) -> tuple[int, str]:
    seat = room.state.to_act[0]
    legal = json.dumps(room.state.legal_actions(seat)[0].to_json(), sort_keys=True,
                       separators=(",", ":"))
    return seat, f"{room.id}:{room.state.version + 1}:{seat}:{legal}"


def test_a_forged_notice_of_a_legal_move_changes_nothing(tmp_path, pg_url):
    """A legal move's notice from another session (unsigned, or signed with another key) is
    not applied: the process stays with the store. The same notice signed with the server's
    key is applied (so it is the signature that decides)."""
    with running(make_settings(tmp_path, db_url=pg_url, allow_chosen_seed=True)) as client:
        gid, _tokens = new_game(client, game="sample", seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        _seat, payload = _legal_notice(room)
        listener = hub.listener
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as page:  # watched
            page.receive_json()
            for forged in (payload, NoticeKey("not the server's secret").sign(payload),
                           payload + "|" + "0" * 32):
                notify_moves(pg_url, forged)
            # (the old code applied the first within milliseconds)
            assert not until(lambda: room.state.version != 0, 1.5)
            assert client.get(f"/api/games/{gid}").json()["version"] == 0
            assert listener.forged == 3
            assert client.get("/healthz", headers=HEALTH).json()["notices"]["unsigned"] == 3
            # signed as the server's processes sign: believed (the store has no such move, so
            # only a signed notice could have moved the room)
            notify_moves(pg_url, hub.store.sign_notice(payload))
            assert until(lambda: room.state.version == 1)


def test_a_forged_notice_makes_the_process_read_the_store(tmp_path, pg_url):
    """A notice without the signature is not thrown away in silence: the game is read from
    the store (here a move was stored with no notice at all: the store, not the notice,
    brings the room to it)."""
    with running(make_settings(tmp_path, db_url=pg_url, allow_chosen_seed=True)) as client:
        gid, _tokens = new_game(client, game="sample", seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        seat = room.state.to_act[0]
        action = room.state.legal_actions(seat)[0].to_json()
        with psycopg.connect(conninfo(pg_url), autocommit=True) as conn:   # no notice
            conn.execute("INSERT INTO actions (game_id, idx, seat, action, created_at) "
                         "VALUES (%s, 0, %s, %s, now())", (gid, seat, json.dumps(action)))
            conn.execute("UPDATE games SET version = 1 WHERE id = %s", (gid,))
        time.sleep(0.2)
        assert room.state.version == 0
        # unsigned, and claiming a move of another seat: its content is not believed
        notify_moves(pg_url, f'{gid}:1:{1 - seat}:{{"type":"nothing"}}')
        assert until(lambda: room.state.version == 1)
        assert room.log_json == [(seat, action)]


def test_every_process_signs_with_the_secret_kept_in_the_database(pg_url):
    """With no ``notice_secret`` set, the first store to need the key draws it and keeps it in
    the database; every other store (process) of that database reads the same; a secret the
    operator set takes its place."""
    a, b = Store(pg_url), Store(pg_url)
    try:
        a.migrate()
        signed = a.sign_notice("g:1")
        assert b.open_notice(signed) == "g:1"
        assert len(a.shared_secret("notice")) == 64
        c = Store(pg_url, notice_secret="operator's own secret, long and random enough")
        try:
            assert c.open_notice(signed) is None
            assert NoticeKey("operator's own secret, long and random enough").open(
                c.sign_notice("g:1")) == "g:1"
        finally:
            c.close()
    finally:
        a.close()
        b.close()


def test_a_notice_key_opens_only_what_it_signed():
    key = NoticeKey("s" * 40)
    signed = key.sign('g:3:run:[[0,{"type":"x"}]]')
    assert key.open(signed) == 'g:3:run:[[0,{"type":"x"}]]'
    assert key.open(signed[:-1] + ("0" if signed[-1] != "0" else "1")) is None
    assert key.open(signed.replace("g:3", "g:4", 1)) is None
    assert key.open("g:3") is None and key.open("") is None
    assert NoticeKey("t" * 40).open(signed) is None


def test_moves_can_be_kept_out_of_the_notices(tmp_path, pg_url):
    """Anyone who may connect may also LISTEN: a move in a notice (a simultaneous decision's
    hidden choice among them) is read by them. With ``notice_moves`` off a notice names the
    game and its version only, and another process still follows the game (from the store)."""
    settings = make_settings(tmp_path, db_url=pg_url, allow_chosen_seed=True,
                             notice_moves=False)
    with running(settings) as client, \
            psycopg.connect(conninfo(pg_url), autocommit=True) as ear:
        ear.execute("LISTEN settlers_moves")
        gid, tokens = new_game(client, game="sample", seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        seat = room.state.to_act[0]
        action = room.state.legal_actions(seat)[0].to_json()
        r = client.post(f"/api/games/{gid}/actions", headers={"x-seat-token": tokens[seat]},
                        json={"version": 0, "action": action})
        assert r.status_code == 200, r.text
        heard = [hub.store.open_notice(n.payload) for n in ear.notifies(timeout=1)]
        moves = [h for h in heard if h and h.split(":")[1].isdigit()]
        assert moves == [f"{gid}:1"], heard   # the game and its version, nothing more
        # another process (moves kept out too) stores the next one: this one follows it
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as page:
            page.receive_json()
            other = Store(pg_url, notice_moves=False)
            try:
                nxt = room.state.to_act[0]
                other.append_action(gid, 1, nxt,
                                    room.state.legal_actions(nxt)[0].to_json(), "running")
            finally:
                other.close()
            assert until(lambda: room.state.version == 2)
