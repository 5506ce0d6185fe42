"""Screenshots of every game's table (1280×800, and a phone) into docs/screenshots/.

    PYTHONPATH=src .venv/bin/python tests/web/make_screenshots.py [docs/screenshots] [en,ru] [archipelago,...]

A local server in this process; each game gets a human seat 0 against random bots, played a
few turns through the API so the table is mid-game.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from playwright.sync_api import sync_playwright
from table_helpers import LiveServer, advance, create, launch_chromium
from web_helpers import make_settings

PLAYERS = {"catan": 4, "iceland": 3, "founders": 3, "imperial": 2, "archipelago": 3}
# decisions of seat 0 before the shot: Archipelago's rounds are many small decisions (44: its
# round in turn 3, the wheel lit where it may put a disc)
TURNS = {"archipelago": 44}
SIZES = {"": (1280, 800), "-phone": (390, 844)}


def main(out: Path, langs: list[str], games: list[str] | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    settings = make_settings(Path(tempfile.mkdtemp()), bot_delay=0.0, bot_workers=2,
                             allow_chosen_seed=True)
    with LiveServer(settings) as base, sync_playwright() as p:
        browser = launch_chromium(p)
        for game, n in PLAYERS.items():
            if games and game not in games:
                continue
            made = create(base, game, ["human"] + ["random"] * (n - 1), seed=7)
            token = made["tokens"]["0"]
            advance(base, made["id"], token, 0, TURNS.get(game, 25))
            for lang in langs:
                for tag, (w, h) in SIZES.items():
                    if tag and lang != langs[0]:
                        continue
                    ctx = browser.new_context(viewport={"width": w, "height": h}, locale=lang)
                    page = ctx.new_page()
                    page.goto(f"{base}/games/{made['id']}?token={token}&lang={lang}")
                    page.wait_for_selector("#game[data-version]")
                    time.sleep(0.5)
                    page.screenshot(path=str(out / f"{game}{tag}-{lang}.png"))
                    ctx.close()
        browser.close()


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/screenshots")
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    main(target, (sys.argv[2] if len(sys.argv) > 2 else "en,ru").split(","), only)
