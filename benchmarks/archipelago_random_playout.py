"""Archipelago: random-playout speed and the long invariant verification.

    .venv/bin/python benchmarks/archipelago_random_playout.py                 # speed, ~20 s
    .venv/bin/python benchmarks/archipelago_random_playout.py --players 4 --deciles --state-bytes
    .venv/bin/python benchmarks/archipelago_random_playout.py --mode verify --games 10000

* speed: seeded uniform random playouts per CPU second for 2–5 players (default options;
  ``--players 4`` for the issue-19 figure); ``--deciles`` adds actions per CPU second by game
  decile (the 1st…10th tenth of each game's actions), ``--state-bytes`` the pickled size of a
  mid-game state and of one determinization, and clones/determinizations per CPU second;
  ``--mcts`` the MCTS bot's iterations per CPU second;
* marks (issue 19, instructions by tenth of a game): 40 warm-up games (seeds 100-139, the
  per-content tables fill as in a long run), then ``--games`` seeded 4-player playouts (seeds
  1..) played as ``engine_speed.py`` plays them, with a call of ``math.lcm`` before and after
  each game's ``new_state`` and after each tenth of its actions; under
  ``valgrind --tool=callgrind --dump-before=math_lcm --callgrind-out-file=OUT/cg.out`` every
  segment is dumped apart, and ``--mode marks-sum --out OUT`` prints instructions per action
  overall and by tenth (``new_state`` excluded). ``--mode marks --games 30`` alone prints the
  games' lengths; pass them as ``--lengths`` to the run under callgrind and to marks-sum. Run with ``PYTHONHASHSEED=0`` and compiled
  bytecode (the environment sets ``PYTHONDONTWRITEBYTECODE``: ``python -m compileall src``);
* verify: ``--games`` seeded random games spread over 2–5 players, the three lengths and every
  variant (options cycle through a fixed list), checking the invariants of
  ``settlers.games.archipelago.invariants`` (``settlers.core.invariants``: scores recomputed at
  the end) after every action and replay == live at the end
  (every 50th game). Prints failures (with seed and options), how the games ended (the share
  of independence), and throughput. ``--policy helpful`` plays "colony-minded" random players
  (90% of the time they pick among crisis help, recruitment, building, harvest and cards),
  which reach later turns and the objective ends more often. ``--fresh-menus`` also compares,
  at every step, the menu listed (with the facts the engine keeps between actions, memo.py)
  with the same state's menu read with nothing kept, and the game played on from it.
"""

from __future__ import annotations

import argparse
import itertools
import math
import pickle
import random
import sys
import time
import traceback
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import settlers
from settlers.core.invariants import invariant_problems
from settlers.sim.speed import (
    DecileTally,
    add_speed_switches,
    play_out,
    playout_rate,
    seeded_games,
)

LENGTHS = ("short", "medium", "long")
VARIANTS = (
    {},
    {"desert_start": True},
    {"no_secrets": True},
    {"more_control": True},
    {"more_sharpness": True},
    {"trend": "churches"},
    {"philanthropist": True},
    {"desert_start": True, "more_control": True, "more_sharpness": True},
)


def option_sets() -> list[tuple[int, dict]]:
    return [(players, {"length": length, **variant})
            for players, length, variant in itertools.product((2, 3, 4, 5), LENGTHS, VARIANTS)]


def speed(seconds: float, seed: int, players_list: tuple[int, ...] = (2, 3, 4, 5),
          deciles: bool = False) -> None:
    game = settlers.load("archipelago")
    for players in players_list:
        budget = seconds / len(players_list)
        games, actions, elapsed = playout_rate(partial(game.new_state, players), seed, budget)
        print(f"{players} players: {games / elapsed:7.1f} games/s, {actions / elapsed:8.0f} "
              f"actions/s, {actions / games:6.1f} actions/game (CPU time)", flush=True)
        if deciles:
            by_decile(game, players, budget, seed)


def by_decile(game: settlers.GameDefinition, players: int, seconds: float, seed: int) -> None:
    """Actions per CPU second by game decile (``settlers.sim.speed.DecileTally``)."""
    tally = DecileTally()
    for state, rng in seeded_games(partial(game.new_state, players), seed, seconds):
        tally.play(state, rng)
    print(f"  by decile ({tally.games} games, actions/CPU-s; per-action timer overhead "
          f"included): {tally.row()}", flush=True)


SHARED = ("game", "content", "start_face")


def own_bytes(state: object) -> int:
    return len(pickle.dumps({k: v for k, v in vars(state).items() if k not in SHARED}))


def mcts_rate(players: int, seed: int, decisions: int = 12, iterations: int = 100) -> None:
    """MCTS iterations per CPU second (settlers.bots.mcts, default random playouts and rollout
    depth), over decisions taken from seeded random games every 20 actions."""
    from settlers.bots.mcts import MCTSBot

    game = settlers.load("archipelago")
    done = 0
    spent = 0.0
    k = seed
    while done < decisions:
        state = game.new_state(players, k)
        rng = random.Random(k)
        k += 1
        while not state.over and done < decisions:
            seat = rng.choice(state.to_act)
            if state.version % 20 == 10 and len(state.legal_actions(seat)) > 1:
                bot = MCTSBot(seed=k, iterations=iterations)
                t0 = time.process_time()
                bot.act(state, seat)
                spent += time.process_time() - t0
                done += 1
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    print(f"MCTS: {done * iterations / spent:8.0f} iterations per CPU second "
          f"({done} decisions x {iterations} iterations)", flush=True)


def state_bytes(players: int, seed: int) -> None:
    """Pickled size of a mid-game state and of one determinization; clone and determinize
    rates (MCTS clones and determinizes every iteration)."""
    game = settlers.load("archipelago")
    rng = random.Random(seed)
    full = game.new_state(players, seed)
    play_out(full, rng)
    mid = game.new_state(players, seed)
    mid.apply_log(full.log[: len(full.log) // 2], check=False)
    det = mid.determinize(mid.to_act[0], seed)
    print(f"state at mid-game (action {mid.version} of {full.version}): "
          f"{own_bytes(mid)} bytes pickled; one determinization: {own_bytes(det)} bytes "
          f"(without the game definition and content every state shares)", flush=True)
    for name, make in (("clone", mid.clone), ("determinize", lambda: mid.determinize(0, 1))):
        n = 0
        started = time.process_time()
        while time.process_time() - started < 1.0:
            make()
            n += 1
        print(f"  {name}: {n / (time.process_time() - started):8.0f} per CPU second", flush=True)


HELPFUL = {"supply", "raise", "use_church", "recruit", "recruit_to", "reproduce", "buy_card",
           "use_card", "build", "build_wonder", "harvest", "harvest_with"}


def verify(games: int, seed: int, policy: str = "uniform", fresh_menus: bool = False) -> int:
    game = settlers.load("archipelago")
    cases = option_sets()
    ended: Counter[str] = Counter()
    by_players: dict[int, Counter[str]] = {n: Counter() for n in (2, 3, 4, 5)}
    failures = 0
    actions = 0
    turns = 0
    lengths: Counter[int] = Counter()
    longest = 0
    started = time.process_time()
    wall = time.perf_counter()
    for g in range(games):
        players, options = cases[g % len(cases)]
        game_seed = seed + g
        try:
            state = game.new_state(players, game_seed, options)
            rng = random.Random(game_seed)
            while not state.over:
                if state.version > 20_000:
                    raise AssertionError("the game did not end within 20,000 actions")
                seat = rng.choice(state.to_act)
                legal = state.legal_actions(seat)
                if fresh_menus:   # the kept facts (memo.py) against nothing kept
                    kept = state._cache
                    state._cache = {}
                    try:
                        fresh = state.legal_actions(seat)
                    finally:
                        state._cache = kept
                    if fresh != legal:
                        raise AssertionError(f"step {state.version}: the menu of seat {seat} "
                                             f"at {state.step} differs from the menu read afresh")
                if policy == "helpful":
                    good = [a for a in legal if a.kind in HELPFUL]
                    if good and rng.random() < 0.9:
                        legal = good
                state.apply(seat, legal[rng.randrange(len(legal))], check=False)
                found = invariant_problems(state)
                if found:
                    raise AssertionError(f"step {state.version}: {found}")
            actions += state.version
            turns += state.turn
            lengths[state.turn] += 1
            longest = max(longest, state.version)
            if g % 50 == 0:
                again = game.replay(players, game_seed, options, state.log)
                if again != state:
                    raise AssertionError("replay differs from the live game")
            ended[state.ended_by] += 1
            by_players[players][state.ended_by] += 1
        except Exception:
            failures += 1
            print(f"FAIL players={players} seed={game_seed} options={options}", flush=True)
            traceback.print_exc()
        if (g + 1) % 1000 == 0:
            print(f"... {g + 1} games, {failures} failures, {dict(ended)}", flush=True)
    cpu = time.process_time() - started
    done = sum(ended.values())
    print(f"games: {games}, failures: {failures}")
    print("ended by: " + ", ".join(f"{k} {v} ({100 * v / max(done, 1):.1f}%)"
                                   for k, v in ended.most_common()))
    for n, c in by_players.items():
        total = sum(c.values())
        print(f"  {n} players: " + ", ".join(f"{k} {100 * v / max(total, 1):.1f}%"
                                            for k, v in c.most_common()))
    print(f"mean turns {turns / max(done, 1):.2f}, mean actions {actions / max(done, 1):.1f}, "
          f"longest game {longest} actions")
    print("turns played: " + ", ".join(f"{t}: {n}" for t, n in sorted(lengths.items())))
    print(f"throughput with invariant checks: {done / cpu:.1f} games/s, {actions / cpu:.0f} "
          f"actions/s (CPU {cpu:.0f} s, wall {time.perf_counter() - wall:.0f} s)")
    return failures


WARM_UP = range(100, 140)


def marks(games: int, lengths: list[int]) -> None:
    """The ``marks`` mode (module text). Without ``lengths`` it prints each game's length and
    stops: pass them to a second run, so that the measured games are not played before (the
    per-content tables would hold their positions already)."""
    game = settlers.load("archipelago")
    if not lengths:
        for seed in range(1, 1 + games):
            probe = game.new_state(4, seed, {})
            probe.record_events = False
            lengths.append(_engine_speed_game(probe, random.Random(seed), -1))
        print(" ".join(map(str, lengths)))
        return
    for seed in WARM_UP:
        warm = game.new_state(4, seed, {})
        warm.record_events = False
        _engine_speed_game(warm, random.Random(seed), -1)
    mark = math.lcm
    for seed, length in zip(range(1, 1 + len(lengths)), lengths, strict=True):
        mark(1, 1)
        state = game.new_state(4, seed, {})
        state.record_events = False
        rng = random.Random(seed)
        mark(1, 1)
        for tenth in range(1, 11):
            _engine_speed_game(state, rng, length * tenth // 10 - length * (tenth - 1) // 10)
            mark(1, 1)


def _engine_speed_game(state: Any, rng: random.Random, steps: int) -> int:
    """``steps`` actions (all if -1) as ``engine_speed.py`` plays them; returns how many."""
    done = 0
    while not state.over and done != steps:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
        done += 1
    return done


def marks_sum(out: str, lengths: list[int]) -> None:
    """Instructions per action overall and by tenth from the callgrind dumps of ``marks``."""
    files = sorted(Path(out).glob("cg.out.*"), key=lambda f: int(f.suffix[1:]))
    totals = []
    for f in files:
        for line in f.read_text().splitlines():
            if line.startswith("totals:"):
                totals.append(int(line.split()[1]))
                break
    segments = totals[1:]   # (the first: start-up and the warm-up games)
    by_tenth = [0] * 10
    actions = [0] * 10
    for g, length in enumerate(lengths):
        for tenth in range(10):
            by_tenth[tenth] += segments[12 * g + 1 + tenth]
            actions[tenth] += length * (tenth + 1) // 10 - length * tenth // 10
    per = [by_tenth[t] / actions[t] for t in range(10)]
    print(f"instructions per action {sum(by_tenth) / sum(actions):,.0f}; by tenth: "
          + " ".join(f"{p / 1000:.1f}k" for p in per)
          + f"; cheapest / dearest tenth {min(per) / max(per):.2f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mode", choices=("speed", "verify", "marks", "marks-sum"), default="speed")
    p.add_argument("--out", default="", help="marks-sum: the callgrind output directory")
    p.add_argument("--lengths", type=int, nargs="*", default=[],
                   help="marks, marks-sum: the game lengths that marks printed")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--policy", choices=("uniform", "helpful"), default="uniform")
    p.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    p.add_argument("--fresh-menus", action="store_true",
                   help="verify: every menu listed also compared with the menu read afresh")
    add_speed_switches(p)
    a = p.parse_args()
    if a.mode == "speed":
        speed(a.seconds, a.seed, tuple(a.players), a.deciles)
        if a.state_bytes:
            state_bytes(a.players[0] if len(a.players) == 1 else 4, a.seed)
        if a.mcts:
            mcts_rate(a.players[0] if len(a.players) == 1 else 4, a.seed)
    elif a.mode == "marks":
        marks(a.games, a.lengths)
    elif a.mode == "marks-sum":
        marks_sum(a.out, a.lengths)
    else:
        sys.exit(1 if verify(a.games, a.seed, a.policy, a.fresh_menus) else 0)


if __name__ == "__main__":
    main()
