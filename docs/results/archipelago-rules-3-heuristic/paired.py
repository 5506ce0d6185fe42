"""Pair a lone-seat run (LONE, FILE) with the all-old baseline on the same seed (BASE): per game
index, did the lone seat win in the run, and did that same seat (an old heuristic) win in the
baseline? Discordant games and the exact two-sided sign test."""
import json, math, sys
lone, run, base = sys.argv[1], sys.argv[2], sys.argv[3]
R = {r["index"]: r for r in map(json.loads, open(run))}
Bs = {r["index"]: r for r in map(json.loads, open(base))}
both = sorted(i for i in set(R) & set(Bs) if R[i]["winners"] is not None and Bs[i]["winners"] is not None)  # failed games (step limit) left out
bad = [i for i in both if (R[i]["seed"], R[i]["bot_seeds"]) != (Bs[i]["seed"], Bs[i]["bot_seeds"])]
assert not bad, f"seeds differ at {bad[:5]}"
nw = bw = only_new = only_old = same_game = 0
for i in both:
    seat = R[i]["seats"].index(lone)
    a, b = seat in R[i]["winners"], seat in Bs[i]["winners"]
    nw += a; bw += b; only_new += a and not b; only_old += b and not a
    same_game += R[i]["actions"] == Bs[i]["actions"] and R[i]["scores"] == Bs[i]["scores"]
d = only_new + only_old
p = min(1.0, 2 * sum(math.comb(d, k) for k in range(0, min(only_new, only_old) + 1)) / 2 ** d) if d else 1.0
print(f"{len(both)} paired games: the lone seat won {nw} with {lone}, {bw} as an old heuristic; "
      f"only with {lone}: {only_new}, only old: {only_old}; sign test p = {p:.3f}; "
      f"games identical (length and scores): {same_game}")
