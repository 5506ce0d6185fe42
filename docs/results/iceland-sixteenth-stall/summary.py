"""Summarize stall_sweep.py rows, base against branch.

usage: summary.py BASE.jsonl NEW.jsonl [LONE_LABEL]

Per file: games, how many ended (L80) within the cap, the length distribution in actions, the
longest stretch without a change of score or house; with LONE_LABEL the lone bot's wins (a
shared win counts 1/k) with Wilson's 95 % interval, and for the games both files hold the
paired outcomes. Rows are matched by index (same seeds).
"""
import json
import statistics
import sys

from settlers.sim.stats import wilson


def load(path):
    return {r["index"]: r for r in (json.loads(x) for x in open(path) if x.strip())}


def describe(name, rows, lone):
    ended = [r for r in rows if r["ended"]]
    lengths = sorted(r["actions"] for r in ended)
    q = statistics.quantiles(lengths, n=4) if len(lengths) >= 2 else lengths * 3
    stalls = sorted(r["longest_stall"] for r in rows)
    print(f"{name}: {len(rows)} games, {len(ended)} ended; actions min {lengths[0]}, "
          f"quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}, max {lengths[-1]}, "
          f"mean {statistics.mean(lengths):.0f}; longest stall median "
          f"{statistics.median(stalls):.0f}, max {stalls[-1]}")
    seat_wins = [0.0] * 4
    for r in ended:
        for w in r["winners"]:
            seat_wins[w] += 1 / len(r["winners"])
    print(f"  wins by seat: {[round(x, 1) for x in seat_wins]}")
    if lone:
        wins = sum(1 / len(r["winners"]) for r in ended
                   if any(r["seats"][w] == lone for w in r["winners"]))
        n = len(rows)  # a game that did not end counts as a loss
        lo, hi = wilson(wins, n)
        print(f"  {lone}: {wins:g}/{n} = {100 * wins / n:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})")


base, new = load(sys.argv[1]), load(sys.argv[2])
lone = sys.argv[3] if len(sys.argv) > 3 else None
both = sorted(set(base) & set(new))
print(f"indices in both files: {len(both)}")
describe("base", [base[i] for i in both], lone)
describe("branch", [new[i] for i in both], lone)
if lone:
    def won(r):
        return r["ended"] and any(r["seats"][w] == lone for w in r["winners"])
    pairs = [(won(base[i]), won(new[i])) for i in both]
    print(f"  paired: both won {sum(a and b for a, b in pairs)}, base only "
          f"{sum(a and not b for a, b in pairs)}, branch only "
          f"{sum(b and not a for a, b in pairs)}, neither {sum(not a and not b for a, b in pairs)}")
