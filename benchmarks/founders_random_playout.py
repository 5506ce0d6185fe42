"""Founders of the Empire: playout speed, balance in bot games, and the long conformance run.

    .venv/bin/python benchmarks/founders_random_playout.py                    # speed, 10 s
    .venv/bin/python benchmarks/founders_random_playout.py --players 4 --deciles --state-bytes
    .venv/bin/python benchmarks/founders_random_playout.py --mode balance --games 60
    .venv/bin/python benchmarks/founders_random_playout.py --mode conformance --games 10000 \
        --max-seconds 3000

* speed: seeded random playouts per CPU second (actions/s, games/s and the cost of a
  ``legal_actions`` call) for 2, 3 and 4 players (``--players``), no checks; with ``--deciles``
  the actions per CPU second by tenth of each game (flat = no cost growing with the game); with
  ``--state-bytes`` the pickled size of a mid-game state and of one determinization;
* balance: how games end (open prize tiles exhausted / stacks exhausted / agreement) and the
  winners' scores, with bots from ``settlers.bots`` (default: greedy vs greedy, and random);
* conformance: seeded random games under ``settlers.testing.conformance.run_playout`` checks,
  capped by ``--max-seconds``; prints how many finished and any failure;
* invariants: seeded random games checking conservation and scores at every step and
  replay == live at the end (much cheaper than the full conformance checks);
* menus: legal actions per decision by step and tenth of a game (what the menus genuinely
  hold late in a game);
* tenths: instructions per action by tenth of a game, exact and repeatable under load. Plays
  ``--games`` seeded games as ``engine_speed.py`` does and calls ``os.getppid()`` at each tenth
  of each game, so that callgrind writes one file per tenth; then ``--dumps`` sums them:

      PYTHONHASHSEED=0 valgrind --tool=callgrind --dump-before=getppid --dump-instr=no \
          --callgrind-out-file=/tmp/t/cg.out .venv/bin/python \
          benchmarks/founders_random_playout.py --mode tenths --games 30 --marks /tmp/t/marks.json
      .venv/bin/python benchmarks/founders_random_playout.py --mode tenths \
          --marks /tmp/t/marks.json --dumps /tmp/t
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import statistics
import sys
import time
from collections import Counter
from functools import partial

import settlers
from settlers.core.invariants import invariant_problems
from settlers.games.founders import can_still_score
from settlers.sim.speed import (
    DecileTally,
    add_speed_switches,
    first_seat,
    play_out,
    playout_rate,
    seeded_games,
)


def speed(seconds: float, seed: int, players_list: list[int]) -> None:
    """Rates per CPU second of this process (the machine is shared: wall time would measure
    the neighbours too)."""
    game = settlers.load("founders")
    for players in players_list:
        started = time.process_time()
        games = actions = legal_calls = 0
        legal_time = 0.0
        k = seed
        while time.process_time() - started < seconds / len(players_list):
            state = game.new_state(players, k)
            rng = random.Random(k)
            k += 1
            while not state.over:
                seat = state.to_act[0]
                t0 = time.process_time()
                legal = state.legal_actions(seat)
                legal_time += time.process_time() - t0
                legal_calls += 1
                state.apply(seat, legal[rng.randrange(len(legal))], check=False)
                actions += 1
            games += 1
        elapsed = time.process_time() - started
        print(f"{players} players: {games / elapsed:7.1f} games/s, {actions / elapsed:8.0f} "
              f"actions/s, {actions / games:5.1f} actions/game, legal_actions "
              f"{1e6 * legal_time / legal_calls:6.1f} µs/call (CPU time)")


def plain_rate(seconds: float, seed: int, players: int) -> None:
    """Actions per CPU second of the bare loop (no timer inside it): the issue's figure."""
    start = partial(settlers.load("founders").new_state, players)
    games, actions, elapsed = playout_rate(start, seed, seconds, first_seat)
    print(f"{players} players, bare loop: {actions / elapsed:8.0f} actions per CPU second, "
          f"{games / elapsed:6.1f} games/s ({games} games, {elapsed:.1f} CPU s)")


def deciles(seconds: float, seed: int, players: int) -> None:
    """Actions per CPU second by tenth of each game (legal_actions + apply of every action)."""
    game = settlers.load("founders")
    tally = DecileTally()
    for state, rng in seeded_games(partial(game.new_state, players), seed, seconds):
        tally.play(state, rng, first_seat)
    print(f"{players} players, actions per CPU second by game decile ({tally.games} games, "
          f"timer around each action): {tally.row()}")


def state_bytes(seed: int, players: int) -> None:
    """Pickled size of a state halfway through a seeded random game, and of a determinization
    of it for the seat to act (its shared components included: the game definition and the
    tile set are pickled with it, the game definition is not: it holds local functions and is
    shared by every state of the game)."""
    game = settlers.load("founders")
    log = []
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        log.append((seat, action))
        state.apply(seat, action, check=False)
    mid = game.new_state(players, seed)
    for seat, action in log[:len(log) // 2]:
        mid.apply(seat, action, check=False)
    det = mid.determinize(mid.to_act[0], seed + 1)
    n = 200
    t0 = time.process_time()
    for _ in range(n):
        mid.clone()
    clone_us = 1e6 * (time.process_time() - t0) / n
    t0 = time.process_time()
    for i in range(n):
        mid.determinize(mid.to_act[0], i)
    det_us = 1e6 * (time.process_time() - t0) / n
    print(f"{players} players, state at action {len(log) // 2} of {len(log)}: pickled "
          f"{_pickled_size(mid)} bytes ({_pickled_size(mid, shared=False)} without the tile "
          f"set); determinization {_pickled_size(det)} bytes; "
          f"clone {clone_us:.1f} µs, determinize {det_us:.1f} µs (CPU)")


def mcts_rate(seconds: float, seed: int, players: int) -> None:
    """MCTS iterations per CPU second (default bot settings: random playout) from positions of
    seeded random games, one decision each."""
    from settlers.bots import make

    game = settlers.load("founders")
    started = time.process_time()
    iterations = decisions = 0
    total = 0.0
    k = seed
    while time.process_time() - started < seconds:
        state = game.new_state(players, k)
        rng = random.Random(k)
        play_out(state, rng, first_seat, limit=20 + k % 80)  # somewhere in the game
        k += 1
        if state.over:
            continue
        bot = make("mcts", seed=k, iterations=200)
        t0 = time.process_time()
        bot.act(state, state.to_act[0])
        total += time.process_time() - t0
        iterations += bot.last_iterations
        decisions += 1
    print(f"{players} players, MCTS: {iterations / total:7.0f} iterations per CPU second "
          f"({decisions} decisions, {iterations} iterations, {total:.1f} CPU s)")


def _pickled_size(state: object, shared: bool = True) -> int:
    fields = dict(vars(state))
    fields["game"] = None
    fields["_cache"] = {}
    if not shared:
        fields["ts"] = None
    return len(pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL))


def balance(games: int, seed: int, bots: list[str], players_list: list[int],
            samples: int) -> None:
    from settlers.bots import make
    from settlers.games.founders.heuristic import make_bot as founders_bot

    game = settlers.load("founders")
    for players in players_list:
        ended: Counter[str] = Counter()
        top: list[float] = []
        prizes_taken: list[int] = []
        started = time.perf_counter()
        for g in range(games):
            state = game.new_state(players, seed + g)
            seat_bots = []
            for s in range(players):
                name = bots[s % len(bots)]
                bot_seed = seed * 1000 + g * 10 + s
                if name == "founders":  # the game's own bot (greedy + agreement rule)
                    seat_bots.append(founders_bot(bot_seed, samples=samples))
                    continue
                budget = {"samples": samples} if name == "greedy" else {}
                seat_bots.append(make(name, seed=bot_seed, **budget))
            while not state.over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                if legal[0].kind == "answer_end":  # bots accept when they cannot score
                    action = legal[0] if not can_still_score(state, seat) else legal[1]
                else:
                    action = seat_bots[seat].act(state, seat)
                state.apply(seat, action)
            ended[state.ended_by or "?"] += 1
            top.append(max(state.scores()))
            prizes_taken.append(sum(1 for b in state.boards for t in b.cells.values()
                                    if state.ts.tile_deck[t] == 3))
        elapsed = time.perf_counter() - started
        share = {k: f"{100 * v / games:.0f}%" for k, v in ended.most_common()}
        print(f"{players} players, bots {'/'.join(bots)}: {games} games in {elapsed:.0f} s; "
              f"ended by {share}; winner's score median {statistics.median(top)}; prize tiles "
              f"attached median {statistics.median(prizes_taken)}")


def conformance(games: int, seed: int, max_seconds: float) -> int:
    from settlers.testing.conformance import ConformanceError, run_playout

    game = settlers.load("founders")
    started = time.perf_counter()
    done = 0
    failures = []
    ended: Counter[str] = Counter()
    steps = 0
    for k in range(games):
        if time.perf_counter() - started > max_seconds:
            break
        players = 2 + k % 3
        try:
            state = run_playout(game, players, seed + k, max_steps=2000, view_check_every=5)
        except ConformanceError as exc:
            failures.append(str(exc))
            print("FAIL", exc, flush=True)
            continue
        done += 1
        steps += state.version
        ended[state.ended_by or "?"] += 1
        if done % 500 == 0:
            print(f"{done} games, {time.perf_counter() - started:.0f} s", flush=True)
    elapsed = time.perf_counter() - started
    print(f"conformance: {done} of {games} games finished under the checks in {elapsed:.0f} s "
          f"({steps} steps), ended by {dict(ended)}; failures: {len(failures)}")
    return 1 if failures else 0


def invariants(games: int, seed: int, max_seconds: float) -> int:
    """Seeded random games checking the game's own invariants after every step (tiles and
    tokens conserved, scores recomputed) and replay == live at the end: cheaper than the full
    conformance checks, so many more games fit."""
    game = settlers.load("founders")
    started = time.perf_counter()
    done = steps = 0
    failures = 0
    ended: Counter[str] = Counter()
    for k in range(games):
        if time.perf_counter() - started > max_seconds:
            break
        players = 2 + k % 3
        state = game.new_state(players, seed + k)
        rng = random.Random(seed + k)
        try:
            while not state.over:
                check_invariants(state)
                seat = rng.choice(state.to_act)
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
            check_invariants(state)
            if game.replay(players, seed + k, {}, state.log) != state:
                raise AssertionError("replay differs from the live game")
        except Exception as exc:  # report every failure (an invariant broken or a crash)
            failures += 1
            print(f"FAIL players={players} seed={seed + k}: {exc!r}", flush=True)
            continue
        done += 1
        steps += state.version
        ended[state.ended_by or "?"] += 1
    elapsed = time.perf_counter() - started
    print(f"invariants: {done} of {games} games finished in {elapsed:.0f} s ({steps} steps), "
          f"ended by {dict(ended)}; failures: {failures}")
    return 1 if failures else 0


def check_invariants(state) -> None:
    """The game's invariants (``settlers.games.founders.invariants``), scores recomputed at
    every step."""
    found = invariant_problems(state, scores=True)
    if found:
        raise AssertionError(f"step {state.version}: {found}")


def tenth_marks(games: int, players: int, marks_file: str) -> None:
    """Seeded random games (events off, as ``engine_speed.py``), ``os.getppid()`` at the end of
    each tenth of each game (a game is played once first to learn its length); writes which
    tenth and how many actions each mark closes (``None``: a game's set-up)."""
    game = settlers.load("founders")

    def play(seed: int, marks: list[int]) -> int:
        state = game.new_state(players, seed, {})
        state.record_events = False
        if marks:
            os.getppid()  # closes what came before: the imports, the first play, the set-up
        rng = random.Random(seed)
        steps = 0
        while not state.over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
            steps += 1
            while marks and marks[0] == steps:
                marks.pop(0)
                os.getppid()
        return steps

    closed: list[tuple[int | None, int]] = []
    for seed in range(games):
        n = play(seed, [])
        bounds = [k * n // 10 for k in range(11)]
        closed.append((None, 0))
        play(seed, bounds[1:])
        closed += [(k, bounds[k + 1] - bounds[k]) for k in range(10)]
    with open(marks_file, "w", encoding="utf-8") as f:
        json.dump(closed, f)


def tenth_instructions(marks_file: str, dumps: str) -> None:
    """Instructions per action by tenth from callgrind's files ``cg.out.<k>`` (k-th mark)."""
    with open(marks_file, encoding="utf-8") as f:
        closed = json.load(f)
    cost = [0] * 10
    actions = [0] * 10
    for k, (tenth, n) in enumerate(closed):
        if tenth is None:
            continue  # a game's set-up (and the imports): not timed by engine_speed.py either
        with open(os.path.join(dumps, f"cg.out.{k + 1}"), encoding="utf-8") as f:
            total = next(int(line.split()[1]) for line in f
                         if line.startswith(("summary:", "totals:")))
        cost[tenth] += total
        actions[tenth] += n
    per = [c / a for c, a in zip(cost, actions, strict=True)]
    print(f"instructions per action: {sum(cost) / sum(actions):,.0f}; by tenth "
          + " ".join(f"{p / 1000:.1f}k" for p in per)
          + f"; slowest/fastest {min(per) / max(per):.3f}")


def menu_lengths(games: int, players: int) -> None:
    """Legal actions per decision by step and tenth of a game (seeded random games, events off,
    as ``engine_speed.py`` plays them): what a menu genuinely holds early and late. The main
    step is split by whether tokens are offered (a token in hand, none played this turn)."""
    game = settlers.load("founders")
    total: dict[str, list[int]] = {}
    count: dict[str, list[int]] = {}
    for seed in range(games):
        state = game.new_state(players, seed, {})
        state.record_events = False
        rng = random.Random(seed)
        seen: list[tuple[str, int]] = []
        while not state.over:
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            step = state.phase
            if step == "main":
                board = state.boards[seat]
                offered = not state.token_played and (board.hand_war or board.hand_coin
                                                      or board.hand_cart or board.hand_masters)
                step = "main, tokens offered" if offered else "main, no token"
            seen.append((step, len(legal)))
            state.apply(seat, rng.choice(legal), check=False)
        for i, (step, n) in enumerate(seen):
            tenth = i * 10 // len(seen)
            total.setdefault(step, [0] * 10)[tenth] += n
            count.setdefault(step, [0] * 10)[tenth] += 1
    steps = sum(sum(c) for c in count.values())
    print(f"legal actions per decision by tenth ({games} games, {players} players, "
          f"{steps} decisions); in brackets: the step's share of the tenth's decisions")
    per_tenth = [sum(c[k] for c in count.values()) for k in range(10)]
    for step in sorted(total):
        row = " ".join(f"{t / c:5.1f} ({100 * c / per_tenth[k]:2.0f}%)" if c else "    -      "
                       for k, (t, c) in enumerate(zip(total[step], count[step], strict=True)))
        print(f"  {step:22s} {row}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("speed", "balance", "conformance", "invariants",
                                           "tenths", "menus"),
                        default="speed")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--bots", default="founders",
                        help="comma-separated: founders (the game's bot), greedy, random, mcts")
    parser.add_argument("--samples", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-seconds", type=float, default=3000.0)
    parser.add_argument("--marks", default="tenth-marks.json", help="tenths mode: mark file")
    parser.add_argument("--dumps", help="tenths mode: callgrind's files, to sum")
    add_speed_switches(parser)  # speed mode only
    args = parser.parse_args(argv)
    if args.mode == "speed":
        players = [int(p) for p in args.players.split(",")]
        speed(args.seconds, args.seed, players)
        for p in players:
            plain_rate(args.seconds / len(players), args.seed, p)
        if args.deciles:
            for p in players:
                deciles(args.seconds / len(players), args.seed, p)
        if args.mcts:
            for p in players:
                mcts_rate(args.seconds / len(players), args.seed, p)
        if args.state_bytes:
            for p in players:
                state_bytes(args.seed, p)
        return 0
    if args.mode == "balance":
        balance(args.games, args.seed, args.bots.split(","),
                [int(p) for p in args.players.split(",")], args.samples)
        return 0
    if args.mode == "invariants":
        return invariants(args.games, args.seed, args.max_seconds)
    if args.mode == "menus":
        menu_lengths(args.games, 4 if args.players == "2,3,4" else int(args.players))
        return 0
    if args.mode == "tenths":
        if args.dumps:
            tenth_instructions(args.marks, args.dumps)
        else:
            tenth_marks(args.games, 4 if args.players == "2,3,4" else int(args.players),
                        args.marks)
        return 0
    return conformance(args.games, args.seed, args.max_seconds)


if __name__ == "__main__":
    sys.exit(main())
