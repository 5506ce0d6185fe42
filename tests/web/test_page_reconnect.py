"""Faults, the page's side (issue 16): the game page notices that the server died (kill -9),
shows that it is reconnecting, reconnects by itself once the server is back and shows the
moves made after that."""

from __future__ import annotations

import os

import httpx
import pytest

from settlers.testing.web_server import free_port, start_server

CHROMIUM = os.environ.get("SETTLERS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
]
sync_api = pytest.importorskip("playwright.sync_api")


def test_the_page_reconnects_by_itself_after_kill_9(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{tmp_path / 'web.db'}"
    proc = start_server(port, db)
    try:
        made = httpx.post(f"{base}/api/games", json={"game": "sample", "seats": [
            {"kind": "human"}, {"kind": "human"}]}).json()
        gid, links, tokens = made["id"], made["links"], made["tokens"]
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
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
                             headers={"x-seat-token": tokens["1"]}).json()
            r = httpx.post(f"{base}/api/games/{gid}/actions",
                           headers={"x-seat-token": tokens["1"]},
                           json={"version": mine["version"],
                                 "action": mine["actions"][0]["action"]})
            assert r.status_code == 200, r.text
            page.wait_for_function(
                "Number(document.getElementById('game').dataset.version) >= 1")
            browser.close()
    finally:
        proc.kill()
        proc.wait(10)
