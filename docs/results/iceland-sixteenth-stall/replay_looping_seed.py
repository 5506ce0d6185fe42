"""Re-play the fifteenth check's looping game (index 90 of iceland-g30-vs-h.jsonl) by its
bots and print whether it ended, its length, the last action that changed a score or house,
the points and hands. usage: PYTHONPATH=TREE/src python replay_looping_seed.py CAP"""
import sys
import time

from settlers.core import load
from settlers.games.iceland.scoring import all_victory_points
from settlers.sim.seating import parse_seat

SEATS = ["heuristic", "heuristic", "guided:iterations=30", "heuristic"]
BOT_SEEDS = [1297639563775965887, 7772665152474040431, 3246879744061979915,
             7431640808186507889]
SEED = 3050987059722170677

cap = int(sys.argv[1])
st = load("iceland").new_state(4, SEED, {})
bots = [parse_seat(label).build(seed) for label, seed in zip(SEATS, BOT_SEEDS, strict=True)]
started = time.time()
steps = last_change = 0
last = None
while not st.over and steps < cap:
    seat = st.to_act[0]
    st.apply(seat, bots[seat].act(st, seat))
    steps += 1
    key = (tuple(all_victory_points(st)), tuple(st.house_level))
    if key != last:
        last, last_change = key, steps
print("over", st.over, "steps", steps, "last change", last_change, "vp",
      all_victory_points(st), "hands", st.hands, round(time.time() - started, 1))
