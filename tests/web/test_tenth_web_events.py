"""Tenth pass: a seat's log lines are numbered among the lines IT may see.

Lines were numbered by their place in the game's whole log (``"i"``, ``log_from``), so a seat
saw a gap wherever a line hidden from it stood: that another seat had drawn a private card,
and when. Now each viewer's lines are numbered 0, 1, 2, ... with no gap, and a page that
reconnects saying how many it has (``?since=``) is sent exactly the ones it missed."""

from __future__ import annotations

import random

from web_helpers import make_settings, new_game, play_random_moves, recv_until, running, state

# Iceland at 3 seats from seed 1: the 20th random move draws a fate card seen by its drawer
# only (iceland.event.fate_drawn_private, visible_to=(seat,)) and public lines follow it
GAME, PLAYERS, SEED = "iceland", 3, 1
VIEWERS = (0, 1, 2, None)


def _hidden_from(room, seat) -> list[int]:
    """Indices of the game's lines ``seat`` may not see."""
    return [e.index for e in room.state.events if not e.visible(seat)]


def _visible_count(room, viewer) -> int:
    return sum(1 for e in room.state.events if e.visible(viewer))


def _lines_of(msgs: list[dict]) -> dict[int, str]:
    """The log a page keeps from its messages (game.js renderLog)."""
    lines: dict[int, str] = {}
    for m in msgs:
        if m["log_from"] == 0:
            lines.clear()
        for e in m["log"]:
            lines[e["i"]] = e["text"]
    return lines


def test_a_seats_log_has_no_gap_where_another_seats_private_line_stands(tmp_path):
    settings = make_settings(tmp_path, allow_chosen_seed=True)
    with running(settings) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        room = client.app.state.hub.rooms[gid]
        rng = random.Random(1)
        urls = {s: f"/ws/games/{gid}?token={tokens[s]}&lang=en" for s in range(PLAYERS)}
        urls[None] = f"/ws/games/{gid}?lang=en"
        socks = {v: client.websocket_connect(u) for v, u in urls.items()}
        seen: dict = {v: [] for v in VIEWERS}
        try:
            for v, ws in socks.items():
                ws.__enter__()
                seen[v].append(recv_until(ws, lambda m: m["type"] == "state"))
            for _ in range(30):
                play_random_moves(client, gid, tokens, rng, 1)
                version = room.state.version
                for v, ws in socks.items():
                    seen[v].append(recv_until(
                        ws, lambda m, n=version: m["type"] == "state" and m["version"] == n))
        finally:
            for ws in socks.values():
                ws.__exit__(None, None, None)
        # the private line of one seat, with lines after it: a gap the others would have seen
        drawer = next(e.visible_to for e in room.state.events if e.visible_to is not None)
        others = [v for v in VIEWERS if v not in drawer]
        assert others and all(_hidden_from(room, v) for v in others)
        assert any(h < len(room.state.events) - 1 for h in _hidden_from(room, others[0]))
        for v in VIEWERS:
            visible = [e for e in room.state.events if e.visible(v)]
            # what the API says, what the page's socket built up, and the view's own events:
            # numbered 0 .. n-1 among the viewer's own lines, in the game's order
            msg = state(client, gid, tokens.get(v) if v is not None else None)
            assert [e["i"] for e in msg["log"]] == list(range(len(visible))), v
            assert [e["i"] for e in msg["view"]["events"]] == list(range(len(visible))), v
            assert [e["key"] for e in msg["view"]["events"]] == [e.key for e in visible]
            lines = _lines_of(seen[v])
            assert sorted(lines) == list(range(len(visible))), v
            assert [lines[i] for i in sorted(lines)] == [e["text"] for e in msg["log"]]
            # every broadcast starts where the page's lines end: no number is skipped
            for m in seen[v][1:]:
                assert m["log_from"] == len(_lines_of(seen[v][:seen[v].index(m)])) or \
                    not m["log"], (v, m["log_from"])


def test_a_page_that_reconnects_is_sent_exactly_the_lines_it_missed(tmp_path):
    settings = make_settings(tmp_path, allow_chosen_seed=True)
    with running(settings) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        room = client.app.state.hub.rooms[gid]
        rng = random.Random(1)
        play_random_moves(client, gid, tokens, rng, 12)
        had: dict = {}
        for v in VIEWERS:
            q = f"token={tokens[v]}&" if v is not None else ""
            with client.websocket_connect(f"/ws/games/{gid}?{q}lang=en") as ws:
                first = recv_until(ws, lambda m: m["type"] == "state")
                had[v] = _lines_of([first])
                assert len(had[v]) == _visible_count(room, v)
        # the pages are gone; meanwhile the fate card is drawn in private, and more
        play_random_moves(client, gid, tokens, rng, 18)
        assert any(e.visible_to is not None for e in room.state.events)
        for v in VIEWERS:
            q = f"token={tokens[v]}&" if v is not None else ""
            with client.websocket_connect(f"/ws/games/{gid}?{q}lang=en") as ws:
                whole = _lines_of([recv_until(ws, lambda m: m["type"] == "state")])
            n = len(had[v])
            with client.websocket_connect(f"/ws/games/{gid}?{q}lang=en&since={n}&since_lang=en") as ws:
                back = recv_until(ws, lambda m: m["type"] == "state")
            assert back["log_from"] == n and back["version"] == room.state.version
            # exactly the lines missed: none twice, none left out
            assert [e["i"] for e in back["log"]] == list(range(n, len(whole)))
            assert [e["text"] for e in back["log"]] == [whole[i] for i in range(n, len(whole))]
            assert {**had[v], **_lines_of([back])} == whole
            # the page's view of the state is whole all the same (it has none on this socket)
            assert "state" in back["view"] and "state_delta" not in back["view"]


def test_a_reconnect_that_claims_more_lines_than_there_are_gets_the_whole_log(tmp_path):
    """A number the seat has not reached (or not a number) is no resume point: the whole
    log comes (``log_from`` 0), as on a first visit."""
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        play_random_moves(client, gid, tokens, random.Random(1), 5)
        for since in ("999", "-1", "1e3", "٣", "x" * 20):
            with client.websocket_connect(
                    f"/ws/games/{gid}?token={tokens[0]}&lang=en&since={since}&since_lang=en") as ws:
                msg = recv_until(ws, lambda m: m["type"] == "state")
            assert msg["log_from"] == 0 and msg["log"], since


def test_reconnects_with_every_since_do_not_grow_the_rooms_parts_without_bound(tmp_path,
                                                                              monkeypatch):
    """Each ``since`` a reconnecting page names is a message of its own; the room keeps a
    bounded number of them per published state (a client choosing them cannot grow it)."""
    MAX_PARTS = 8
    monkeypatch.setattr("settlers.web.room.MAX_PARTS", MAX_PARTS)  # (below the log's length)
    settings = make_settings(tmp_path, allow_chosen_seed=True, ip_rate_per_second=10_000.0,
                             ip_rate_burst=100_000)   # (a page per since, at once)
    with running(settings) as client:
        gid, tokens = new_game(client, game=GAME, seats=("human",) * PLAYERS, seed=SEED)
        play_random_moves(client, gid, tokens, random.Random(1), 30)
        room = client.app.state.hub.rooms[gid]
        lines = _visible_count(room, 0)
        assert lines > MAX_PARTS + 2, lines
        for since in range(1, lines):
            with client.websocket_connect(
                    f"/ws/games/{gid}?token={tokens[0]}&lang=en&since={since}&since_lang=en") as ws:
                msg = recv_until(ws, lambda m: m["type"] == "state")
            assert msg["log_from"] == since and len(msg["log"]) == lines - since
        assert len(room._parts) <= MAX_PARTS
