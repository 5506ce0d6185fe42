"""Eleventh pass: a signed notice is believed once (settlers.web.notices).

Anyone connected to the PostgreSQL database may LISTEN, copy a signed notice and NOTIFY it
again. A copied ``'<game>:want'`` made an owner with no page on the game hand it over: its
bots paused until a process took it back (the next owner sweep, 2 s), for every copy sent.
Each notice now carries its sender, its number and its stamp (by the database's clock) under
the signature; a listener believes each once, and only within a window of its stamp."""

from __future__ import annotations

import time

import psycopg
from web_helpers import HEALTH, make_settings, new_game, notify_moves, running, until

from settlers.web.fanout import conninfo
from settlers.web.notices import Freshness, NoticeKey, Opened
from settlers.web.ownership import Ownership
from settlers.web.storage import Store


def _heard(ear, wanted: str, seconds: float = 15.0) -> str:
    """The raw text of the first notice on ``ear`` that begins with ``wanted``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for note in ear.notifies(timeout=0.2, stop_after=1):
            if note.payload.startswith(wanted):
                return note.payload
    raise AssertionError(f"no notice {wanted!r} heard")


def test_a_copied_want_notice_does_not_take_a_game_from_its_owner(tmp_path, pg_url):
    settings = make_settings(tmp_path, db_url=pg_url, owner_sweep_seconds=0.2,
                             bot_delay=0.5)
    with running(settings) as client, \
            psycopg.connect(conninfo(pg_url), autocommit=True) as ear:
        ear.execute("LISTEN settlers_moves")
        gid, _tokens = new_game(client, game="sample", seats=("human", "random"))
        hub = client.app.state.hub
        assert until(lambda: gid in hub.owner.owned)
        handed: list[str] = []
        real_hand_over = hub.owner.hand_over

        async def counting(game_id: str) -> None:
            handed.append(game_id)
            await real_hand_over(game_id)

        hub.owner.hand_over = counting
        # another process of the server (its own store: the secret kept in the database)
        # asks for the game: a real request is answered (cross-process play still works)
        other = Store(pg_url)
        asker = Ownership(pg_url, other.sign_notice)
        try:
            other.sync_clock()
            asker._ask(gid)
            copy = _heard(ear, f"{gid}:want|")
            assert until(lambda: handed == [gid])
            # nobody took it (the asker is a stand-in): the sweep gives it back to the owner
            assert until(lambda: gid in hub.owner.owned)
            # the same notice, copied and sent again, is not new: the owner keeps the game
            for _ in range(3):
                notify_moves(pg_url, copy)
            assert until(lambda: hub.listener.replayed >= 3)
            time.sleep(0.3)
            assert handed == [gid]   # (the old code: one hand-over per copy)
            # a notice signed with the right key but stamped ten minutes ago is not believed
            other.notice_key().offset -= 600
            notify_moves(pg_url, other.sign_notice(f"{gid}:want"))
            assert until(lambda: hub.listener.stale == 1)
            time.sleep(0.3)
            assert handed == [gid]
            health = client.get("/healthz", headers=HEALTH).json()["notices"]
            assert health["replayed"] >= 3 and health["stale"] == 1
            assert health["unsigned"] == 0
            # and a new request still is answered
            other.notice_key().offset += 600
            asker._ask(gid)
            assert until(lambda: handed == [gid, gid])
        finally:
            asker.close()
            other.close()


def test_a_copied_move_notice_is_passed_by(tmp_path, pg_url):
    """A move's notice sent again reaches nobody's event loop (it was applied when it came),
    and moves stored by another process still reach this one's pages."""
    settings = make_settings(tmp_path, db_url=pg_url, allow_chosen_seed=True)
    with running(settings) as client, \
            psycopg.connect(conninfo(pg_url), autocommit=True) as ear:
        ear.execute("LISTEN settlers_moves")
        gid, _tokens = new_game(client, game="sample", seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        with client.websocket_connect(f"/ws/games/{gid}?lang=en") as page:
            page.receive_json()
            other = Store(pg_url)
            try:
                other.sync_clock()
                seat = room.state.to_act[0]
                other.append_action(gid, 0, seat,
                                    room.state.legal_actions(seat)[0].to_json(), "running")
                copy = _heard(ear, f"{gid}:1:{seat}:")
                assert until(lambda: room.state.version == 1)
                handled = hub.listener.passed
                notify_moves(pg_url, copy)
                assert until(lambda: hub.listener.replayed == 1)
                assert hub.listener.passed == handled and room.state.version == 1
            finally:
                other.close()


def test_every_process_reads_the_databases_clock(pg_url):
    """Stamps are by the database's clock: a process whose own clock is an hour off still
    stamps within the window, once it has measured the difference."""
    store = Store(pg_url)
    try:
        store.migrate()
        key = store.notice_key()
        key.clock = lambda: time.time() + 3600
        store.sync_clock()
        assert abs(key.now() - time.time()) < 5
    finally:
        store.close()


def _opened(key: NoticeKey, payload: str) -> Opened:
    got = key.opened(key.sign(payload))
    assert got is not None and got.payload == payload
    return got


def test_each_notice_is_new_once_and_only_within_its_window():
    now = [1_000_000.0]
    key = NoticeKey("s" * 40, clock=lambda: now[0])
    fresh = Freshness(window=60)
    a, b = _opened(key, "g:want"), _opened(key, "g:want")
    assert (a.sender, a.number) != (b.sender, b.number)   # the same words, two notices
    assert fresh.check(a, now[0]) == Freshness.NEW
    assert fresh.check(b, now[0]) == Freshness.NEW
    assert fresh.check(a, now[0] + 1) == Freshness.AGAIN
    # past the window a copy is stale (and forgotten: it takes no room)
    assert fresh.check(a, now[0] + 61) == Freshness.STALE
    assert not fresh._seen
    # too far ahead of the listener's clock: not believed either
    now[0] += 1000
    ahead = _opened(key, "g:free")
    assert fresh.check(ahead, now[0] - 100) == Freshness.STALE
    # another process's numbers are its own
    other = _opened(NoticeKey("s" * 40, clock=lambda: now[0]), "g:want")
    assert other.sender != ahead.sender
    assert fresh.check(other, now[0]) == Freshness.NEW


def test_what_a_listener_remembers_is_bounded_and_nothing_forgotten_comes_back():
    now = [5_000.0]
    key = NoticeKey("s" * 40, clock=lambda: now[0])
    fresh = Freshness(window=60, max_seen=10)
    sent = []
    for _ in range(25):
        now[0] += 0.01
        sent.append(_opened(key, "g:1"))
        assert fresh.check(sent[-1], now[0]) == Freshness.NEW
    assert len(fresh._seen) == 10 and len(fresh._by_stamp) == 10
    for got in sent[:15]:   # forgotten for want of room: never new again
        assert fresh.check(got, now[0]) == Freshness.STALE
    for got in sent[15:]:
        assert fresh.check(got, now[0]) == Freshness.AGAIN


def test_a_stamp_or_number_cannot_be_altered_under_the_signature():
    key = NoticeKey("s" * 40)
    signed = key.sign("g:want")
    body, _, mac = signed.rpartition("|")
    payload, _, stamp = body.rpartition("|")
    sender, number, ms = stamp.split(".")
    for altered in (f"{payload}|{sender}.{int(number, 16) + 1:x}.{ms}|{mac}",
                    f"{payload}|{sender}.{number}.{int(ms, 16) + 1:x}|{mac}",
                    f"{payload}|{'0' * 16}.{number}.{ms}|{mac}",
                    f"{payload}|{mac}"):
        assert key.opened(altered) is None and key.open(altered) is None
