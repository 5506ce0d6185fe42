"""Imperial Settlers: random playout speed, and the seeded verification run.

    .venv/bin/python benchmarks/imperial_random_playout.py               # speed
    .venv/bin/python benchmarks/imperial_random_playout.py --deciles --state-bytes
    .venv/bin/python benchmarks/imperial_random_playout.py --verify 10000 --conformance 400

``--verify N`` plays N seeded random games spread over 1–4 players, every empire in every
seat, every variant (standard / alternative / advanced lookout, peaceful, solo) and checks
after every step the game's invariants (``settlers.games.imperial.invariants``: every card
somewhere exactly once, no supply negative, the «Храм Ра» tokens adding up) and that the scores
are those recomputed from the state, and at the end that replay equals the live game.
Speed is CPU time of this process (``time.process_time``), 4 players and default options
unless ``--players`` says otherwise, without the human-readable event log (as in searches and
``benchmarks/engine_speed.py``) unless ``--events``; ``--deciles`` adds actions per CPU-second
by tenth of each game's actions (flat means the cost per action does not grow with the game),
``--state-bytes`` the pickled size of a mid-game state and of one determinization
(``GameState.determinize``), with the CPU time of a clone and of a determinization;
``--mcts`` MCTS iterations per CPU-second of the default MCTS bot.
``--conformance M`` runs M of those games under the shared conformance checks
(``settlers.testing.conformance``, views checked every 5th step).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from functools import partial

from settlers.core.invariants import invariant_problems
from settlers.games.imperial import GAME, scoring
from settlers.sim.speed import DecileTally, add_speed_switches, play_out, seeded_games
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


def play(players: int, seed: int, options: dict, verify: bool,
         events: bool = True) -> tuple[object, int]:
    st = GAME.new_state(players=players, seed=seed, options=options)
    st.record_events = events
    rng = random.Random(seed)
    steps = 0
    while not st.over:
        seat = rng.choice(st.to_act)
        action = rng.choice(st.legal_actions(seat))
        st.apply(seat, action, check=False)
        steps += 1
        if verify:
            found = invariant_problems(st, scores=True)
            if found:
                raise AssertionError(f"after {action}: {found}")
        if steps > 20_000:
            raise AssertionError("game did not end")
    if verify and GAME.replay(players, seed, options, st.log, check=False) != st:
        raise AssertionError("replay differs")
    return st, steps


def conformance(players: int, seed: int, options: dict) -> None:
    run_playout(GAME, players, seed, options, view_check_every=5)


def speed(games: int, players: int, events: bool) -> None:
    """Actions and games per CPU-second (``time.process_time``: the machine is shared)."""
    t0 = time.process_time()
    total = 0
    for i in range(games):
        _, steps = play(players, i, {}, verify=False, events=events)
        total += steps
    dt = time.process_time() - t0
    log = "with" if events else "without"
    print(f"{games} random games ({players} players, default options, {log} the event log): "
          f"{dt:.2f} CPU-s, "
          f"{games / dt:.1f} games/s, {total / dt:.0f} actions per CPU-second, "
          f"{total / games:.0f} actions/game")
    st = GAME.new_state(players=players, seed=1)
    st.record_events = events
    rng = random.Random(1)
    n, t_legal, t_apply, t_clone = 0, 0.0, 0.0, 0.0
    clock = time.process_time
    while not st.over:
        seat = rng.choice(st.to_act)
        a = clock()
        actions = st.legal_actions(seat)
        b = clock()
        st.clone()
        c = clock()
        st.apply(seat, rng.choice(actions), check=False)
        d = clock()
        t_legal, t_clone, t_apply, n = t_legal + b - a, t_clone + c - b, t_apply + d - c, n + 1
    print(f"per step ({players} players, CPU time): legal_actions {1e6 * t_legal / n:.1f} µs, "
          f"apply {1e6 * t_apply / n:.1f} µs, clone {1e6 * t_clone / n:.1f} µs")


def deciles(games: int, players: int, events: bool) -> None:
    """Actions per CPU-second by tenth of each game (first tenth of its actions … last)."""
    tally = DecileTally()
    start = partial(GAME.new_state, players, options={})
    for st, rng in seeded_games(lambda seed: start(seed=seed), 0, count=games):
        st.record_events = events
        tally.play(st, rng)
    cells = ", ".join(f"{rate:,.0f}" for rate in tally.rates())
    print(f"actions per CPU-second by game decile ({games} games, {players} players): {cells}")


def state_bytes(players: int, seed: int = 1) -> None:
    """Pickled bytes of a mid-game state and of one determinization of it."""
    st = GAME.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    length = play(players, seed, {}, verify=False)[1]
    play_out(st, rng, limit=length // 2)
    seat = st.to_act[0]
    det = st.determinize(seat, seed)
    clock = time.process_time
    a = clock()
    for _ in range(200):
        st.clone()
    b = clock()
    for k in range(200):
        st.determinize(seat, k)
    c = clock()
    print(f"mid-game state (step {length // 2} of {length}): {_bytes(st)} bytes pickled "
          f"({_bytes(st, shared=False)} without the shared card tables and game definition, "
          f"{len(pickle.dumps(st.log))} of them the action log); determinization for seat "
          f"{seat}: {_bytes(det)} bytes ({_bytes(det, shared=False)}); clone "
          f"{1e6 * (b - a) / 200:.0f} µs, determinize {1e6 * (c - b) / 200:.0f} µs (CPU)")


def mcts(players: int, decisions: int = 10, iterations: int = 200) -> None:
    """MCTS iterations per CPU-second (default bot: random playouts) on decisions spread
    over one seeded game."""
    from settlers.bots.mcts import MCTSBot

    st = GAME.new_state(players=players, seed=3)
    rng = random.Random(3)
    spent = 0.0
    done = 0
    step = 0
    while not st.over and done < decisions:
        seat = rng.choice(st.to_act)
        legal = st.legal_actions(seat)
        if step % 15 == 0 and len(legal) > 1:
            bot = MCTSBot(seed=step, iterations=iterations)
            a = time.process_time()
            bot.act(st, seat)
            spent += time.process_time() - a
            done += 1
        st.apply(seat, rng.choice(legal), check=False)
        step += 1
    print(f"mcts ({players} players, {iterations} iterations a decision, {done} decisions): "
          f"{done * iterations / spent:.0f} iterations per CPU-second")


SHARED = ("game", "cards", "twins", "boards", "attack_goods")   # content every clone shares


def _bytes(st: object, shared: bool = True) -> int:
    """Pickled size of a state's fields; the game definition (shared by every state, with
    local converter functions that do not pickle) and the card tables (derived from the
    cards; ``ImperialState.__getstate__`` leaves them out) are always left out."""
    fields = {k: v for k, v in vars(st).items()
              if k not in ("game", "tables") and (shared or k not in SHARED)}
    return len(pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    add_speed_switches(parser)
    parser.add_argument("--events", action="store_true",
                        help="keep the human-readable event log while timing (off, as in "
                             "searches, simulations and benchmarks/engine_speed.py)")
    parser.add_argument("--verify", type=int, default=0)
    parser.add_argument("--conformance", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=3000.0)
    args = parser.parse_args()
    if not args.verify and not args.conformance:
        speed(args.games, args.players, args.events)
        if args.deciles:
            deciles(args.games, args.players, args.events)
        if args.state_bytes:
            state_bytes(args.players)
        if args.mcts:
            mcts(args.players)
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
