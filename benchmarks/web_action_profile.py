"""Where the server's time goes for one action: the stages of ``Hub.submit`` and the
broadcast, timed one by one on real games (no network, one process).

    .venv/bin/python benchmarks/web_action_profile.py --game catan --actions 400

Prints the median and p90 microseconds of each stage per action, and the sum: the CPU one
action costs the server outside the rules engine and the network.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import settlers
from settlers.web.connection import dumps
from settlers.web.payloads import seat_payload
from settlers.web.room import Room, state_delta
from settlers.web.storage import Append, GameRecord, SeatRecord, Store


def profile(game_id: str, players: int, actions: int, seed: int, spectators: int,
            sync: str = "NORMAL", clock: str = "cpu") -> dict:
    # CPU time of this thread by default: the figure a busy shared machine does not distort
    # (the commit's fsync wait is then not counted; ``--clock wall`` counts it)
    now = time.thread_time if clock == "cpu" else time.perf_counter
    game = settlers.load(game_id)
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'p.db'}", sync)
        store.migrate()
        seats = [SeatRecord(i, "human", f"p{i}", token_hash="x") for i in range(players)]
        rec = GameRecord(id="g", game=game_id, players=players, seed=seed, options={},
                         seats=seats)
        store.create_game(rec)
        state = game.new_state(players=players, seed=seed)
        room = Room(rec, state)
        times: dict[str, list[float]] = {}
        last: dict = {}

        def timed(name, fn, *args):
            t0 = now()
            out = fn(*args)
            times.setdefault(name, []).append((now() - t0) * 1e6)
            return out

        audience = [*range(players), *([None] * spectators)]
        for _ in range(actions):
            st = room.state
            if st.over:
                break
            seat = rng.choice(sorted(st.to_act))
            choice = rng.choice(st.legal_actions(seat)).to_json()
            text = json.dumps({"type": "act", "version": st.version, "action": choice})
            msg = timed("1 parse message", json.loads, text)
            action = timed("2 action_from_json", st.game.action_from_json, msg["action"])
            nxt = timed("3 clone state", st.clone)
            timed("4 check + apply", nxt.apply, seat, action)
            item = Append("g", st.version, seat, action.to_json(), "running",
                          list(nxt.scores()) if nxt.over else None)
            timed("5 store (one commit)", store.append_many, [item])
            room.publish(nxt, [(seat, item.action)])
            t_views = t_ser = 0.0
            for who in audience:
                t0 = now()
                payload = seat_payload(room, nxt, who, "en", len(st.events))
                t1 = now()
                dumps(state_delta(payload, last.get(who)))
                t2 = now()
                last[who] = payload["view"]["state"]
                t_views += t1 - t0
                t_ser += t2 - t1
            times.setdefault(f"6 views + legal actions ({len(audience)} pages)", []).append(
                t_views * 1e6)
            times.setdefault(f"7 delta + JSON ({len(audience)} pages)", []).append(t_ser * 1e6)
        store.close()
    out = {}
    total = 0.0
    for name in sorted(times):
        vals = sorted(times[name])
        med = statistics.median(vals)
        total += med
        out[name] = {"median_us": round(med, 1), "p90_us": round(vals[int(0.9 * len(vals))], 1),
                     "mean_us": round(statistics.fmean(vals), 1)}
    means = sum(v["mean_us"] for v in out.values())
    out["sum of medians (us)"] = round(total, 1)
    out["sum of means (us)"] = round(means, 1)
    out["clock"] = clock
    out["actions"] = len(times["1 parse message"])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="catan")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spectators", type=int, default=1)
    ap.add_argument("--actions", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sqlite-synchronous", default="NORMAL", choices=("NORMAL", "FULL"))
    ap.add_argument("--clock", default="cpu", choices=("cpu", "wall"),
                    help="cpu: this thread's CPU time (default); wall: elapsed time")
    args = ap.parse_args()
    if args.actions > 20_000:
        raise SystemExit("bounded: at most 20,000 actions")
    print(json.dumps(profile(args.game, args.players, args.actions, args.seed, args.spectators,
                             args.sqlite_synchronous, args.clock),
                     indent=2))


if __name__ == "__main__":
    main()
