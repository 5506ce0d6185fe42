"""The ladder's lone-guided-against-three-heuristics games (their stored game and bot seeds) played
on this code: one JSON row per game (ladder index, seeds, seats, rules, scores, winners, actions).

    PYTHONPATH=src python replay_ladder.py docs/results/ladder-imperial.jsonl OUT.jsonl START STEP

plays every STEP-th of those games from START (two processes: START 0 and 1, STEP 2)."""
import json, sys
import settlers.core as core
from settlers.sim.seating import parse_seats
from settlers.sim.play import play_out
B = "guided:iterations=30"
rows = [json.loads(l) for l in open(sys.argv[1])]
sel = [r for r in rows if r["seats"].count(B) == 1 and r["seats"].count("heuristic") == 3]
start, step = int(sys.argv[3]), int(sys.argv[4])
game = core.load("imperial")
with open(sys.argv[2], "a") as out:
    for r in sel[start::step]:
        st = game.new_state(4, r["seed"], {})
        bots = [spec.build(s) for spec, s in zip(parse_seats(",".join(r["seats"])), r["bot_seeds"])]
        play_out(st, bots, 50_000)
        out.write(json.dumps({"index": r["index"], "seed": r["seed"], "seats": r["seats"], "bot_seeds": r["bot_seeds"],
                              "rules": game.rules_version, "scores": [float(x) for x in st.scores()],
                              "winners": list(st.winners()), "actions": st.version}) + "\n")
        out.flush()
