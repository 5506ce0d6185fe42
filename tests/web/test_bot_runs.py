"""Bots without a pause play their consecutive moves as one run (``Hub.bot_run``): one
clone, one transaction, one broadcast — and every page still gets exactly its own view of a
stored state, with every log line of the run."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random

import pytest
from web_helpers import (
    check_every_message_is_that_seats_view,
    is_state,
    make_settings,
    new_game,
    recv_until,
    running,
)

from settlers.core.i18n import using_player_names
from settlers.web.hub import MAX_BOT_RUN
from settlers.web.storage import Append, BatchWriter, GameRecord, SeatRecord, StaleVersion, Store


def play_against_bots(client, moves: int, seed: int = 3):
    """Seat 0 a person on a socket, three random bots, a spectator; random legal moves."""
    gid, tokens = new_game(client, game="catan", seats=("human", "random", "random", "random"),
                           options={"board": "beginner"})
    urls = {0: f"/ws/games/{gid}?token={tokens[0]}&lang=en", None: f"/ws/games/{gid}?lang=en"}
    seen: dict[int | None, list[dict]] = {0: [], None: []}
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        socks = {s: stack.enter_context(client.websocket_connect(u)) for s, u in urls.items()}
        me = recv_until(socks[0], is_state)
        seen[0].append(me)
        seen[None].append(recv_until(socks[None], is_state))
        for _ in range(moves):
            while not me["actions"] and not me["over"]:  # the bots' turns
                me = recv_until(socks[0], is_state)
                seen[0].append(me)
            if me["over"]:
                break
            version = me["version"]
            socks[0].send_json({"type": "act", "version": version,
                                "action": rng.choice(me["actions"])["action"]})
            me = recv_until(socks[0], lambda m, v=version: m["type"] == "error"
                            or (is_state(m) and m["version"] > v), limit=200)
            if me["type"] == "error":
                # the bots moved past a decision it shared with them: a refresh follows
                assert me["code"] == "stale_version", me
                me = recv_until(socks[0], lambda m, v=version: is_state(m) and m["version"] > v)
            seen[0].append(me)
        # the spectator's messages up to now (each one a state it was sent)
        latest = seen[0][-1]["version"]
        while seen[None][-1]["version"] < latest:
            seen[None].append(recv_until(socks[None], is_state, limit=500))
    return gid, seen


def test_a_bot_run_reaches_each_page_as_its_own_view_of_a_stored_state(tmp_path):
    # catan.ru.txt: the players take turns clockwise; three bots in a row make a run
    with running(make_settings(tmp_path, bot_delay=0.0, broadcast_interval=0.0)) as client:
        gid, seen = play_against_bots(client, moves=25)
        hub = client.app.state.hub
        with using_player_names(hub.rooms[gid].names("en")):  # «Bot 2» in the log lines
            checked = check_every_message_is_that_seats_view(
                client, "catan", gid, 4, 3, {"board": "beginner"}, seen)
        assert checked >= 25
        jumps = [b["version"] - a["version"] for a, b in itertools.pairwise(seen[0])]
        # with no broadcast interval, only a run puts several moves into one message
        assert max(jumps) >= 2, jumps
        assert max(jumps) <= MAX_BOT_RUN + 1  # the person's own move, then one run
        stored = hub.store.load_log(gid)
        assert len(stored) == hub.rooms[gid].state.version
        assert hub.bot_decisions == sum(1 for seat, _ in stored if seat != 0)


def test_a_run_stops_where_a_person_is_due(tmp_path):
    with running(make_settings(tmp_path, bot_delay=0.0)) as client:
        gid, _ = play_against_bots(client, moves=10)
        hub = client.app.state.hub
        state = hub.rooms[gid].state
        # nobody acts for seat 0: the bots stopped at its turn and wait for it
        assert state.over or 0 in state.to_act
        stored = hub.store.load_log(gid)
        assert len(stored) == state.version


def test_bots_with_a_pause_move_one_at_a_time(tmp_path):
    """A pause before each bot move (the server's default) shows every move: no runs."""
    with running(make_settings(tmp_path, bot_delay=0.01, broadcast_interval=0.0)) as client:
        _, seen = play_against_bots(client, moves=8)
        assert seen[None]
        versions = [m["version"] for m in seen[None]]
        # after its first state, one message per move
        assert all(b - a == 1 for a, b in itertools.pairwise(versions[1:])), versions


def _game(store: Store, gid: str) -> None:
    store.create_game(GameRecord(id=gid, game="sample", players=2, seed=1, options={},
                                 seats=[SeatRecord(0, "bot", "a", bot="random"),
                                        SeatRecord(1, "bot", "b", bot="random")]))


def test_a_run_is_stored_whole_or_not_at_all(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'r.db'}")
    store.migrate()
    _game(store, "g")
    writer = BatchWriter(store)

    def run(first: int, n: int) -> list[Append]:
        return [Append("g", v, v % 2, {"type": "pass"}, "running", None)
                for v in range(first, first + n)]

    async def go() -> None:
        await writer.append_run(run(0, 3))
        with pytest.raises(StaleVersion):  # the game is at version 3, not 1
            await writer.append_run(run(1, 3))
        await writer.append_run(run(3, 2))

    try:
        asyncio.run(go())
        assert [seat for seat, _ in store.load_log("g")] == [0, 1, 0, 1, 0]
        assert store.load_game("g").version == 5
    finally:
        writer.close()
        store.close()


class _Page:
    """What ``Room.send_all`` needs of a page: its seat, language and what it was sent."""

    def __init__(self, seat):
        self.seat, self.lang = seat, "en"
        self.seen = self.last_state = None
        self.sent: list[str] = []

    def send(self, text) -> None:
        self.sent.append(text)


def test_a_deferred_move_is_sent_even_if_no_run_follows():
    """``Room.defer``: a move left to the bots' run reaches the pages on its own when the
    run does not come within the wait; when it comes, one message carries both."""
    import json

    import settlers
    from settlers.web.room import Room

    state = settlers.load("sample").new_state(players=2, seed=1)
    rec = GameRecord(id="g", game="sample", players=2, seed=1, options={},
                     seats=[SeatRecord(0, "human", "a"), SeatRecord(1, "bot", "b", bot="random")])
    room = Room(rec, state)
    page = _Page(None)
    room.conns.add(page)

    def move(room_state):
        nxt = room_state.clone()
        seat = nxt.to_act[0]
        nxt.apply(seat, nxt.legal_actions(seat)[0])
        room.publish(nxt, [(seat, {})])
        return len(room_state.events)

    async def go() -> None:
        room.defer(move(room.state), 0.05)
        # one turn of the loop, not sleep(0.01): on a loaded machine a pause of the process past
        # 0.05 s would let the wait run out before the test looked
        await asyncio.sleep(0)
        assert page.sent == []  # held for the run
        room.defer(move(room.state), 0.05)  # a second move joins it
        await asyncio.sleep(0.1)
        assert len(page.sent) == 1  # no run came: sent on its own, both moves in it
        assert json.loads(page.sent[0])["version"] == 2
        since = move(room.state)
        room.defer(since, 0.05)
        room.broadcast(move(room.state))  # the run's broadcast carries the deferred move
        assert len(page.sent) == 2
        msg = json.loads(page.sent[1])
        assert msg["version"] == 4 and msg["log_from"] == since
        await asyncio.sleep(0.1)
        assert len(page.sent) == 2  # nothing more: the deferred move went with the run

    asyncio.run(go())
