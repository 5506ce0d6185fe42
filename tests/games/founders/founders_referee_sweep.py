"""The sixteenth reading's verification sweep (outside CI): seeded games under the referee of
``founders_referee.py``, 2-4 players by seed (``2 + seed % 3``).

    PYTHONPATH=src:tests/games/founders .venv/bin/python \\
        tests/games/founders/founders_referee_sweep.py random 100 1100      # seeds 100-1099
    ... founders_referee_sweep.py heuristic 2000 2200                       # heuristic bots

``random``: even seeds the «builder» random player, odd seeds the uniform one. Every 25 games
(and at the end, or at the first departure) it prints the games played, the departures and the
counts of what was checked and done so far.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from founders_referee import Departure, heuristic_policy, referee_game


def main(policy: str, first: int, last: int) -> int:
    total: Counter[str] = Counter()
    found = 0
    start = time.process_time()
    for seed in range(first, last):
        players = 2 + seed % 3
        try:
            total += referee_game(players, seed,
                                  heuristic_policy(seed) if policy == "heuristic" else None)
        except Departure as exc:
            found += 1
            print(f"DEPARTURE seed {seed} players {players}: {str(exc)[:2000]}", flush=True)
        if (seed - first + 1) % 25 == 0 or seed == last - 1 or found:
            print(f"{policy} seeds {first}-{seed}: departures {found}, "
                  f"{time.process_time() - start:.0f} s CPU, {dict(sorted(total.items()))}",
                  flush=True)
        if found >= 3:
            break
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
