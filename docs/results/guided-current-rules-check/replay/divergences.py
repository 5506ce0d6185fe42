"""divergences.txt from legal_at.py's two answers (L_new.json on the current code, L_old.json on
f1534c66), in the folder of the traces: python divergences.py > divergences.txt"""
import json

a = json.load(open("L_new.json")); b = json.load(open("L_old.json"))
print("# Imperial guided check, job seed 4423, indices 0-48: each game played on 5aff1349 (current rules)")
print("# and on f1534c66 (the ladder's code); the first log entry where the two differ, the seat to act there")
print("# (on the current code) and whether it is the guided seat, and what the current code (new) and")
print("# f1534c66 (old) offered and played. Options of a «Банда» (raze_bonus_good) choice are")
print("# (owner, location, good): goods 0-2 wood/stone/food, 3 gold, 4 workers, 7 points, 8 cards.")
same = 0
for k in sorted(a, key=int):
    x, y = a[k], b[k]
    if x is None:
        same += 1
        print(f"{k:>2} identical"); continue
    card = "«Банда»" if "raze_bonus_good" in y["pending"] or "card=99" in " ".join(y["legal"]) else "?"
    print(f"{k:>2} entry {x['n']:>3} seat {x['seat']} {'guided   ' if x['guided'] else 'heuristic'} {card} "
          f"new {json.dumps(x['new'])} old {json.dumps(x['old'])}")
    print(f"   new offered: {', '.join(x['legal'])}")
    print(f"   old offered: {', '.join(y['legal'])}")
print(f"# identical {same} of {len(a)}; the others diverge first at «Банда» (its target choice, or whether it is offered)")
