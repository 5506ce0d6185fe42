"""Environment steps per second with random masked actions, on one core.

    PYTHONPATH=src python benchmarks/rl_throughput.py --game catan --players 4 --seconds 20

Rates are per second of wall time and per second of this process's CPU time
(``steps_per_cpu_s``: what one core delivers; the machine is shared, so wall time
understates it when other jobs run). Four loops, each choosing a uniformly random legal index from the action mask:
``aec``      PettingZoo AEC env, every seat an agent, ``env.last()`` (observation + mask) each step;
``aec-mask`` the same without building observations (only the mask: what a random agent needs);
``single``   the Gymnasium env, learner vs random bots: counts the learner's steps (obs each step);
``vector``   the vector env (8 games), counts the learner's steps of all games.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from settlers.rl import SettlersAECEnv, SettlersSingleAgentEnv
from settlers.rl.vector import SettlersVectorEnv


def aec(game: str, players: int, seconds: float, observe: bool) -> dict:
    env = SettlersAECEnv(game, players=players)
    rng = np.random.default_rng(0)
    steps = games = 0
    seed = 0
    env.reset(seed=seed)
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                games += 1
                seed += 1
                env.reset(seed=seed)
                continue
            if observe:
                mask = env.last()[4]["action_mask"]
            else:
                mask = env.infos[agent]["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"loop": "aec" if observe else "aec-mask", "steps": steps,
            "steps_per_s": round(steps / elapsed),
            "steps_per_cpu_s": round(steps / cpu), "games_finished": games}


def single(game: str, players: int, seconds: float) -> dict:
    env = SettlersSingleAgentEnv(game, players=players, opponents="random")
    rng = np.random.default_rng(0)
    steps = games = 0
    _obs, info = env.reset(seed=0)
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(500):
            legal = np.flatnonzero(info["action_mask"])
            _obs, _r, term, trunc, info = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if term or trunc:
                games += 1
                _obs, info = env.reset(seed=games)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"loop": "single", "steps": steps, "steps_per_s": round(steps / elapsed),
            "steps_per_cpu_s": round(steps / cpu),
            "games_finished": games}


def vector(game: str, players: int, seconds: float) -> dict:
    env = SettlersVectorEnv(game, num_envs=8, players=players, opponents="random")
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    steps = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            mask = obs["action_mask"]
            actions = [int(np.flatnonzero(row)[rng.integers(row.sum())]) for row in mask]
            obs, _r, term, trunc, _ = env.step(actions)
            steps += env.num_envs
            games += int(term.sum() + trunc.sum())
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"loop": "vector", "steps": steps, "steps_per_s": round(steps / elapsed),
            "steps_per_cpu_s": round(steps / cpu),
            "games_finished": games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="catan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--loops", default="aec,aec-mask,single,vector")
    args = parser.parse_args()
    out = []
    for loop in args.loops.split(","):
        if loop == "aec":
            row = aec(args.game, args.players, args.seconds, True)
        elif loop == "aec-mask":
            row = aec(args.game, args.players, args.seconds, False)
        elif loop == "single":
            row = single(args.game, args.players, args.seconds)
        elif loop == "vector":
            row = vector(args.game, args.players, args.seconds)
        else:
            raise SystemExit(f"unknown loop {loop}")
        row.update(game=args.game, players=args.players)
        print(json.dumps(row), flush=True)
        out.append(row)


if __name__ == "__main__":
    main()
