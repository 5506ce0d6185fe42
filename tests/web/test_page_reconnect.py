"""Faults, the page's side (issue 16): the game page notices that the server died (kill -9),
shows that it is reconnecting, reconnects by itself once the server is back and shows the
moves made after that."""

from __future__ import annotations

import httpx
from table_helpers import BROWSER_TESTS

from settlers.testing.web_server import free_port, start_server

pytestmark = BROWSER_TESTS


def test_the_page_reconnects_by_itself_after_kill_9(browser, tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{tmp_path / 'web.db'}"
    proc = start_server(port, db)
    try:
        made = httpx.post(f"{base}/api/games", json={"game": "sample", "seats": [
            {"kind": "human"}, {"kind": "human"}]}, timeout=30).json()
        gid, links, tokens = made["id"], made["links"], made["tokens"]
        page = browser.new_page()
        page.set_default_timeout(20_000)
        page.goto(base + links["0"])
        page.wait_for_selector("#conn[data-state='connected']")
        assert page.get_attribute("#game", "data-version") == "0"

        proc.kill()  # SIGKILL
        proc.wait(10)
        page.wait_for_selector("#conn[data-state='reconnecting']")
        proc = start_server(port, db)
        page.wait_for_selector("#conn[data-state='connected']")

        # the other seat moves after the restart: the reconnected page shows it
        mine = httpx.get(f"{base}/api/games/{gid}",
                         headers={"x-seat-token": tokens["1"]}, timeout=30).json()
        r = httpx.post(f"{base}/api/games/{gid}/actions",
                       headers={"x-seat-token": tokens["1"]},
                       json={"version": mine["version"],
                             "action": mine["actions"][0]["action"]}, timeout=30)
        assert r.status_code == 200, r.text
        page.wait_for_function(
            "Number(document.getElementById('game').dataset.version) >= 1")
        page.close()
    finally:
        proc.kill()
        proc.wait(10)
