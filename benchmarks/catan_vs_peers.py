"""Catan random-game throughput side by side with catanatron (the fastest pure-Python Catan).

    .venv/bin/python benchmarks/catan_vs_peers.py               # 60 seeded games each, 2 rounds
    .venv/bin/python benchmarks/catan_vs_peers.py --games 200 --rounds 3

Creates ``benchmarks/.peers-venv`` (not committed) on first use and installs ``catanatron`` from
PyPI into it with pip; catanatron then runs in a child process of that environment.

Like-for-like rules: 4 players, 10 points to win, no domestic trade (catanatron's random players
do not trade with each other; ours get ``domestic_trade=false``), trade and build in any order after
the roll (catanatron has no separate phases; ours get ``phases=combined``), random board. Both
sides pick a uniformly random legal action at every decision with ``random.choice`` and keep no
human-readable log (catanatron keeps its action list, we keep our action log); each side is
driven by a plain loop (catanatron's ``Game.play``, our ``play_one`` over the protocol). Rounds
alternate the two engines so that load on a shared machine hits both alike; the ratio uses the
totals. Judge by the CPU-time ratio: wall time measures the neighbours too.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEERS = HERE / ".peers-venv"
PEER_PYTHON = PEERS / "bin" / "python"

CATANATRON_RUN = r"""
import json, random, sys, time
from catanatron import Color, Game, RandomPlayer
games, seed = int(sys.argv[1]), int(sys.argv[2])
colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
started = time.perf_counter()
cpu = time.process_time()
actions = turns = 0
for k in range(games):
    random.seed(seed + k)
    game = Game([RandomPlayer(c) for c in colours], seed=seed + k)
    game.play()
    actions += len(game.state.actions)
    turns += game.state.num_turns
elapsed = time.perf_counter() - started
print(json.dumps({"seconds": elapsed, "cpu": time.process_time() - cpu, "actions": actions,
                  "turns": turns}))
"""


def ensure_peers() -> None:
    if PEER_PYTHON.exists():
        check = subprocess.run([str(PEER_PYTHON), "-c", "import catanatron"],
                               capture_output=True)
        if check.returncode == 0:
            return
    print(f"creating {PEERS} and installing catanatron from PyPI ...", flush=True)
    venv.EnvBuilder(with_pip=True).create(PEERS)
    subprocess.run([str(PEER_PYTHON), "-m", "pip", "install", "-q", "catanatron"], check=True)


def upgrade_peers() -> None:
    """The newest catanatron release the package index has (``--no-upgrade`` skips this)."""
    subprocess.run([str(PEER_PYTHON), "-m", "pip", "install", "-q", "--upgrade", "catanatron"],
                   check=False)


def catanatron_version() -> str:
    out = subprocess.run([str(PEER_PYTHON), "-m", "pip", "show", "catanatron"],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("Version:"):
            return line.split(":", 1)[1].strip()
    return "?"


def run_catanatron(games: int, seed: int) -> dict[str, float]:
    out = subprocess.run([str(PEER_PYTHON), "-c", CATANATRON_RUN, str(games), str(seed)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def play_one(game, seed: int, options: dict) -> tuple[int, int]:
    """One seeded game of uniformly random legal actions, as catanatron's ``Game.play`` with
    random players does: a loop over the protocol (``over``, ``to_act``, ``legal_actions``,
    ``apply``) and ``Random.choice``. The same games as ``catan_random_playout.play`` (``choice``
    draws exactly as ``seq[randrange(len(seq))]``), without its per-step function frames."""
    state = game.new_state(4, seed, options)
    state.record_events = False  # no human-readable log (catanatron keeps none either)
    choice = random.Random(seed).choice
    legal_actions, apply = state.legal_actions, state.apply
    steps = 0
    while not state.over:
        to_act = state.to_act
        seat = to_act[0] if len(to_act) == 1 else choice(to_act)
        apply(seat, choice(legal_actions(seat)), False)
        steps += 1
    return steps, state.turn


def run_ours(games: int, seed: int) -> dict[str, float]:
    import settlers

    game = settlers.load("catan")
    options = {"phases": "combined", "domestic_trade": False}
    started = time.perf_counter()
    cpu = time.process_time()
    actions = turns = 0
    for k in range(games):
        a, t = play_one(game, seed + k, options)
        actions += a
        turns += t
    return {"seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
            "actions": actions, "turns": turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per engine per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-upgrade", action="store_true",
                        help="keep the installed catanatron (default: upgrade to the newest)")
    args = parser.parse_args()
    ensure_peers()
    if not args.no_upgrade:
        upgrade_peers()
    totals = {"settlers": [0.0, 0, 0, 0], "catanatron": [0.0, 0, 0, 0]}
    cpu = {"settlers": 0.0, "catanatron": 0.0}
    for r in range(args.rounds):
        seed = args.seed + r * args.games
        order = (("settlers", run_ours), ("catanatron", run_catanatron))
        if r % 2:
            order = order[::-1]
        for name, run in order:
            res = run(args.games, seed)
            t = totals[name]
            t[0] += res["seconds"]
            t[1] += res["actions"]
            t[2] += res["turns"]
            t[3] += args.games
            cpu[name] += res["cpu"]
    print(f"machine: {platform.machine()} Python {platform.python_version()}; catanatron "
          f"{catanatron_version()}; {args.rounds} rounds x {args.games} seeded 4-player games")
    print(f"{'engine':<12} {'games/s':>8} {'actions/s':>10} {'actions/game':>12} "
          f"{'turns/game':>10}")
    rate = {}
    for name, (seconds, actions, turns, games) in totals.items():
        rate[name] = games / seconds
        print(f"{name:<12} {games / seconds:>8.1f} {actions / seconds:>10.0f} "
              f"{actions / games:>12.0f} {turns / games:>10.0f}")
    print(f"ratio settlers/catanatron (games/s, wall): "
          f"{rate['settlers'] / rate['catanatron']:.2f}")
    games = totals["settlers"][3]
    print(f"CPU seconds: settlers {cpu['settlers']:.2f} ({games / cpu['settlers']:.1f} games/CPU-s), "
          f"catanatron {cpu['catanatron']:.2f} ({games / cpu['catanatron']:.1f} games/CPU-s)")
    print(f"ratio settlers/catanatron (games per CPU-second): "
          f"{cpu['catanatron'] / cpu['settlers']:.2f}")


if __name__ == "__main__":
    main()
