"""Imperial's lone guided search against three heuristics, the same games on two codes: paired tables.

    PYTHONPATH=src python docs/results/guided-current-rules-check/paired.py

1. This check's games (job seed 4423, indices 0-99): ``imperial-g30-vs-h.jsonl``, played on the
   current rules (5aff1349), beside ``imperial-g30-vs-h-f1534c66.jsonl``, the same job played on
   ``f1534c66`` (the code the ladder's guided games were played on).
2. The ladder's games of that line-up (``../ladder-imperial.jsonl``, played on ``f1534c66``)
   beside ``imperial-ladder-seeds-current.jsonl``, the same game and bot seeds played on the
   current rules (``replay/replay_ladder.py``); only the games that finished are counted.

For each: games identical on both codes (same scores and winners), the guided seat's wins on
each (a shared win counting 1/k) with Wilson's interval, the games where it did better on one
code than on the other, and a two-sided exact sign test on those (McNemar's exact test).
"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

from settlers.sim.stats import wilson

HERE = Path(__file__).parent
BOT = "guided:iterations=30"


def rows(path: Path) -> dict[int, dict]:
    """The rows of the lone guided search against three heuristics, by game index."""
    with open(path, encoding="utf-8") as f:
        return {r["index"]: r for r in map(json.loads, f)
                if r["seats"].count(BOT) == 1 and r["seats"].count("heuristic") == 3}


def share(row: dict) -> float:
    seat = row["seats"].index(BOT)
    winners = row["winners"] or []
    return 1.0 / len(winners) if seat in winners else 0.0


def sign_p(a: int, b: int) -> float:
    """Two-sided exact binomial test of a against b discordant pairs at one half."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2 ** n)


def compare(title: str, new: dict[int, dict], old: dict[int, dict]) -> None:
    both = sorted(set(new) & set(old))
    for i in both:
        assert new[i]["seed"] == old[i]["seed"] and new[i]["seats"] == old[i]["seats"]
        assert new[i]["bot_seeds"] == old[i]["bot_seeds"]
        assert not new[i].get("error") and not old[i].get("error")
    n = len(both)
    same = sum(1 for i in both if (new[i]["scores"], new[i]["winners"])
               == (old[i]["scores"], old[i]["winners"]))
    print(f"{title}\n  games {n}, identical on both codes {same}")
    for label, side in (("current rules", new), ("f1534c66     ", old)):
        w = sum(share(side[i]) for i in both)
        lo, hi = wilson(w, n)
        print(f"  {label}: guided wins {w:g} = {100 * w / n:.1f} % ({100 * lo:.1f}-{100 * hi:.1f}),"
              f" mean actions {sum(side[i]['actions'] for i in both) / n:.1f}")
    better_new = sum(1 for i in both if share(new[i]) > share(old[i]))
    better_old = sum(1 for i in both if share(old[i]) > share(new[i]))
    print(f"  guided did better on the current rules in {better_new} games, on f1534c66 in "
          f"{better_old}; sign test p = {sign_p(better_new, better_old):.3f}")


def main() -> None:
    compare("1. this check's job (seed 4423)", rows(HERE / "imperial-g30-vs-h.jsonl"),
            rows(HERE / "imperial-g30-vs-h-f1534c66.jsonl"))
    compare("2. the ladder's games", rows(HERE / "imperial-ladder-seeds-current.jsonl"),
            rows(HERE.parent / "ladder-imperial.jsonl"))


if __name__ == "__main__":
    main()
