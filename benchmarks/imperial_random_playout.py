"""Imperial Settlers: random playout speed, and the seeded verification run.

    .venv/bin/python benchmarks/imperial_random_playout.py               # speed
    .venv/bin/python benchmarks/imperial_random_playout.py --verify 10000 --conformance 400

``--verify N`` plays N seeded random games spread over 1–4 players, every empire in every
seat, every variant (standard / alternative / advanced lookout, peaceful, solo) and checks
after every step that all 84+30·n cards are somewhere exactly once and no supply is negative,
and at the end that scores are recomputed from the state and replay equals the live game.
``--conformance M`` runs M of those games under the shared conformance checks
(``settlers.testing.conformance``, views checked every 5th step).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import cycle

from settlers.games.imperial import GAME, scoring
from settlers.games.imperial.invariants import card_census
from settlers.testing.conformance import run_playout

VARIANTS = ({}, {"lookout": "alternative"}, {"lookout": "advanced"}, {"peaceful": True},
            {"lookout": "advanced", "peaceful": True})
EMPIRES = ("romans", "barbarians", "egyptians", "japanese")




def case(index: int) -> tuple[int, int, dict]:
    """The index-th verification game: players, seed and options."""
    players = (1, 2, 3, 4)[index % 4]
    seed = index
    if players == 1:
        options: dict = {}
    else:
        options = dict(VARIANTS[(index // 4) % len(VARIANTS)])
    start = (index // 20) % 4
    options["empires"] = ",".join(EMPIRES[(start + k) % 4] for k in range(players))
    return players, seed, options


def play(players: int, seed: int, options: dict, verify: bool) -> tuple[object, int]:
    st = GAME.new_state(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    expected = 84 + 30 * players
    steps = 0
    while not st.over:
        seat = rng.choice(st.to_act)
        action = rng.choice(st.legal_actions(seat))
        st.apply(seat, action, check=False)
        steps += 1
        if verify:
            cards = card_census(st)
            if len(cards) != expected or len(set(cards)) != expected:
                raise AssertionError(f"cards not conserved after {action}")
            if any(min(g) < 0 for g in st.goods):
                raise AssertionError(f"negative supply after {action}")
        if steps > 20_000:
            raise AssertionError("game did not end")
    if verify:
        if st.scores() != [float(st.vp[s] + scoring.location_points(st, s)) for s in range(players)]:
            raise AssertionError("scores not recomputed from state")
        if GAME.replay(players, seed, options, st.log, check=False) != st:
            raise AssertionError("replay differs")
    return st, steps


def conformance(players: int, seed: int, options: dict) -> None:
    run_playout(GAME, players, seed, options, view_check_every=5)


def speed(games: int) -> None:
    t0 = time.perf_counter()
    total = 0
    for i, players in zip(range(games), cycle((2, 3, 4)), strict=False):
        _, steps = play(players, i, {}, verify=False)
        total += steps
    dt = time.perf_counter() - t0
    print(f"{games} random games (2-4 players): {dt:.2f} s, {games / dt:.1f} games/s, "
          f"{total / dt:.0f} actions/s, {total / games:.0f} actions/game")
    st = GAME.new_state(players=4, seed=1)
    rng = random.Random(1)
    n, t_legal, t_apply, t_clone = 0, 0.0, 0.0, 0.0
    while not st.over:
        seat = rng.choice(st.to_act)
        a = time.perf_counter()
        actions = st.legal_actions(seat)
        b = time.perf_counter()
        st.clone()
        c = time.perf_counter()
        st.apply(seat, rng.choice(actions), check=False)
        d = time.perf_counter()
        t_legal, t_clone, t_apply, n = t_legal + b - a, t_clone + c - b, t_apply + d - c, n + 1
    print(f"per step (4 players): legal_actions {1e6 * t_legal / n:.0f} µs, "
          f"apply {1e6 * t_apply / n:.0f} µs, clone {1e6 * t_clone / n:.0f} µs")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--verify", type=int, default=0)
    parser.add_argument("--conformance", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=3000.0)
    args = parser.parse_args()
    if not args.verify and not args.conformance:
        speed(args.games)
        return 0
    start = time.perf_counter()
    failures = 0
    done = 0
    solo_won = 0
    for i in range(args.verify):
        players, seed, options = case(i)
        try:
            st, _ = play(players, seed, options, verify=True)
            solo_won += players == 1 and scoring.solo_won(st)
        except Exception as exc:  # report and go on: the figures must say how many failed
            failures += 1
            print(f"FAIL verify players={players} seed={seed} options={options}: {exc!r}")
        done += 1
        if time.perf_counter() - start > args.time_limit:
            print("time limit reached")
            break
    print(f"verify: {done} games, {failures} failures, {time.perf_counter() - start:.0f} s "
          f"(solo games won by the random player: {solo_won})")
    start = time.perf_counter()
    cdone = cfail = 0
    stride = max(1, args.verify // max(1, args.conformance)) if args.verify else 1
    for k in range(args.conformance):
        players, seed, options = case(k * stride)
        try:
            conformance(players, seed, options)
        except Exception as exc:
            cfail += 1
            print(f"FAIL conformance players={players} seed={seed} options={options}: "
                  f"{str(exc)[:500]}")
        cdone += 1
        if time.perf_counter() - start > args.time_limit:
            print("time limit reached")
            break
    print(f"conformance: {cdone} games, {cfail} failures, {time.perf_counter() - start:.0f} s")
    return 1 if failures or cfail else 0


if __name__ == "__main__":
    sys.exit(main())
