"""The lone `guided:iterations=30` against three heuristics on the current rules, game by game.

For each game's rows (`<game>-g30-vs-h.jsonl`, written by `settlers simulate --rotate-seats`
with one worker, so in index order) it counts the longest run of indices 0, 1, 2, ... that is a
multiple of 4 games long (every seat held equally often by the lone bot; a run stopped at the
deadline leaves a partial round out) and prints the figures of Founders' check's script
(`../founders-current-rules-check/summary.py`: the win rate with its 95 % Wilson interval, the
ladder's figure for the same line-up from `ladder-<game>.json`, whether the intervals overlap,
Fisher's exact test, all from `settlers.sim.stats`; the ladder line-up's game length; how many
game seeds also occur in other results files under docs/results/).

usage: PYTHONPATH=src python docs/results/guided-current-rules-check/summary.py [GAME ...]
       (default: catan founders imperial)
"""
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
RESULTS = HERE.parent
LONE, FIELD = "guided:iterations=30", "heuristic"


def counted(path: Path) -> int:
    """Games in the longest prefix of indices 0, 1, ... whose length is a multiple of 4."""
    indices = {json.loads(line)["index"] for line in path.read_text().splitlines()}
    n = 0
    while n in indices:
        n += 1
    return n - n % 4


for game in sys.argv[1:] or ["catan", "founders", "imperial"]:
    path = HERE / f"{game}-g30-vs-h.jsonl"
    n = counted(path)
    print(f"{game}: {n} games counted of {len(path.read_text().splitlines())} played")
    subprocess.run([sys.executable, str(RESULTS / "founders-current-rules-check" / "summary.py"),
                    str(path), LONE, FIELD, str(n)], check=True, env=os.environ)
