"""Play game INDEX of the Imperial guided check's job (seed 4423, seats rotated) and write its log.

    PYTHONPATH=<src of one commit> python trace.py INDEX OUT.jsonl

OUT's first line: seats, scores, winners; then one log entry a line. Played once with each
commit's src as newINDEX.jsonl (current) and oldINDEX.jsonl (f1534c66, from
`git archive f1534c66 src`), in one folder, for legal_at.py."""
import json, sys
import settlers.core as core
from settlers.sim.job import Job
from settlers.sim.seating import parse_seats
from settlers.sim.play import play_out

seats_arg = sys.argv[3] if len(sys.argv) > 3 else "guided:iterations=30,heuristic,heuristic,heuristic"
specs = parse_seats(seats_arg)
job = Job(game="imperial", seats=specs, games=100, seed=4423, rotate=True)
index = int(sys.argv[1])
game = core.load("imperial")
lineup = job.lineup(index)
state = game.new_state(len(lineup), job.game_seed(index), {})
bots = [spec.build(job.bot_seed(index, s)) for s, spec in enumerate(lineup)]
play_out(state, bots, 50_000)
with open(sys.argv[2], "w") as f:
    f.write(json.dumps({"seats": [s.label for s in lineup], "scores": list(state.scores()), "winners": list(state.winners())}) + "\n")
    for entry in state.log_json():
        f.write(json.dumps(entry) + "\n")
