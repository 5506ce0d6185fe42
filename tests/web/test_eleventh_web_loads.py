"""Eleventh pass (found by probing as a hostile client): a game not in memory is rebuilt from
its whole log when anyone asks for it — tens of milliseconds of CPU (a long Catan game ≈ 0.1 s)
against microseconds for a game in memory. Game ids are public (the lobby lists finished
games), so one client reading more finished games than ``max_idle_rooms`` in turn, at the
read rate (20 a second), kept a core busy rebuilding them. Games opened that are not in
memory are now limited per address (``game_loads_per_second``, ``game_loads_burst``)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import make_settings, new_game, wait_over

from settlers.web import create_app


def _finished_games(client, n: int) -> list[str]:
    gids = [new_game(client, seats=("random", "random"), seed=i)[0] for i in range(n)]
    for gid in gids:
        wait_over(client, gid)
    hub = client.app.state.hub
    for gid in gids:   # out of memory, as with more than max_idle_rooms of them
        del hub.rooms[gid]
    return gids


def test_one_client_cannot_make_the_server_rebuild_game_after_game(tmp_path):
    settings = make_settings(tmp_path, game_loads_per_second=0.001, game_loads_burst=3)
    with TestClient(create_app(settings)) as client:
        gids = _finished_games(client, 6)
        for gid in gids[:3]:
            assert client.get(f"/api/games/{gid}?lang=en").status_code == 200
        for url in (f"/api/games/{gids[3]}?lang=en", f"/api/games/{gids[3]}/record?lang=ru",
                    f"/api/games/{gids[4]}/replay/3?lang=en",
                    f"/api/games/{gids[4]}/chat?lang=en"):
            r = client.get(url)   # the old code: 200, and a replay of the whole game
            assert r.status_code == 429 and r.json()["code"] == "rate_limited", (url, r.text)
            words = {"en": "Too many games opened", "ru": "открыто слишком много партий"}
            assert words["ru" if "lang=ru" in url else "en"] in r.json()["message"]
        assert gids[3] not in client.app.state.hub.rooms
        r = client.get(f"/games/{gids[5]}?lang=en")   # a page: the error page, in words
        assert r.status_code == 429 and "Too many games opened" in r.text
        with client.websocket_connect(f"/ws/games/{gids[5]}?lang=en") as ws:
            refused = ws.receive_json()
        assert refused["code"] == "rate_limited" and "Too many games" in refused["message"]
        # the games in memory are read as often as the read rate allows
        for _ in range(20):
            assert client.get(f"/api/games/{gids[0]}/record").status_code == 200
        # a game that does not exist costs a load too (a store read), and says so
        assert client.get("/api/games/ffffffffffff").json()["code"] == "rate_limited"
