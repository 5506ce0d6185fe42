"""A fresh server loads what its first visitor needs before it serves: the first game's
creation and page import no module and read no catalog or content file (that was ≈ 1–2.4 s
of the first creation on a fresh server)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

# run in a fresh interpreter: in this one, other tests have long imported every game
FIRST_VISITS = textwrap.dedent("""
    import functools, gc, json, sys
    from fastapi.testclient import TestClient
    from settlers.core import games
    from settlers.web import Settings, create_app

    settings = Settings(db_url="sqlite:///" + sys.argv[1], bot_delay=0.0, bot_pool="thread",
                        bot_workers=1)
    app = create_app(settings)
    with TestClient(app) as client:
        assert client.get("/api/games").status_code == 200   # the test client's own imports

        def caches():   # every functools cache of the project's modules: its misses
            out = {}
            for obj in gc.get_objects():
                if isinstance(obj, functools._lru_cache_wrapper) and \\
                        getattr(obj, "__module__", "").startswith("settlers."):
                    out[f"{obj.__module__}.{obj.__qualname__}"] = obj.cache_info().misses
            return out

        modules, missed = set(sys.modules), caches()
        for game in games():
            seats = [{"kind": "human"}] * game.min_players   # no bot plays meanwhile
            for lang in ("ru", "en"):
                made = client.post(f"/api/games?lang={lang}", json={"game": game.id,
                                                                   "seats": seats})
                assert made.status_code == 200, made.text
                page = client.get(made.json()["links"]["0"] + f"&lang={lang}")
                assert page.status_code == 200, page.text
                state = client.get(f"/api/games/{made.json()['id']}?lang={lang}",
                                   headers={"x-seat-token": made.json()["tokens"]["0"]})
                assert state.status_code == 200, state.text
        after = caches()
    print(json.dumps({
        "games": [g.id for g in games()],
        "imported": sorted(m for m in set(sys.modules) - modules
                           if m.split(".")[0] in ("settlers", "numpy")),
        "missed": {name: after[name] - missed.get(name, 0) for name in after
                   if after[name] != missed.get(name, 0)},
    }))
""")


def test_the_first_games_of_a_fresh_server_find_their_games_content_and_catalogs_loaded(
        tmp_path):
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run([sys.executable, "-c", FIRST_VISITS, str(tmp_path / "web.db")],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"catan", "founders", "archipelago"} <= set(seen["games"])
    assert seen["imported"] == [], seen["imported"]
    assert seen["missed"] == {}, seen["missed"]
