"""The first divergence of trace.py's newINDEX.jsonl and oldINDEX.jsonl (in the current folder):
the common prefix of the two logs replayed on this code, and the seat to act there, its legal
actions and the pending question written to OUT.json, for every INDEX given.

    PYTHONPATH=<src of one commit> python legal_at.py OUT.json INDEX ...

Run once with each commit's src; divergences.txt sets the two answers side by side."""
import json, sys
from settlers.core.saves import state_from_record
import settlers.core as core
from settlers.sim.job import Job
from settlers.sim.seating import parse_seats
job = Job(game="imperial", seats=parse_seats("guided:iterations=30,heuristic,heuristic,heuristic"), games=100, seed=4423, rotate=True)
game = core.load("imperial")
out = {}
for index in map(int, sys.argv[2:]):
    a = [json.loads(l) for l in open(f"new{index}.jsonl")]
    b = [json.loads(l) for l in open(f"old{index}.jsonl")]
    n = next((i for i, (x, y) in enumerate(zip(a[1:], b[1:])) if x != y), None)
    if n is None:
        out[index] = None
        continue
    rec = {"format": "settlers-save", "format_version": 1, "game": "imperial", "players": 4,
           "seed": job.game_seed(index), "options": game.resolve_options({}), "log": a[1:n + 1]}
    if hasattr(game, "rules_version"):
        rec["rules"] = game.rules_version
    st = state_from_record(rec, "x")
    seat = st.to_act[0]
    out[index] = {"n": n, "seat": seat, "guided": a[0]["seats"][seat].startswith("guided"),
                  "new": a[n + 1], "old": b[n + 1],
                  "legal": sorted(repr(x) for x in st.legal_actions(seat)),
                  "pending": repr(getattr(st, "pending", None))[:3000]}
json.dump(out, open(sys.argv[1], "w"))
