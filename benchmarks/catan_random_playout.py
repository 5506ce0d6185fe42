"""Catan: complete games with uniformly random legal actions — games/s, actions/s, actions/game.

    .venv/bin/python benchmarks/catan_random_playout.py              # 100 seeded games per row
    .venv/bin/python benchmarks/catan_random_playout.py --games 300 --seed 1
    .venv/bin/python benchmarks/catan_random_playout.py --deciles      # actions/CPU-s by tenth
    .venv/bin/python benchmarks/catan_random_playout.py --state-bytes  # pickled state sizes
    .venv/bin/python benchmarks/catan_random_playout.py --verify 10000  # the verification run

Each row plays the same seeded games (seed, seed+1, ...): a random seat among those to act
picks a uniformly random legal action, applied with ``check=False`` (as bots do, on actions
they got from ``legal_actions``) and with the human-readable event log off
(``record_events = False``, as in bot clones). No turn limit: every game is played to 10 points.
``--verify N`` plays N seeded games over the rows' players and options, checking the game's
invariants (``settlers.games.catan.invariants``: cards and pieces conserved, longest road and
awards, scores recounted from the board) every ``--check-every`` steps and at the end, and
replay == live on every 100th game; it prints the failures and exits 1 if there is one.
The defaults set no limit on domestic offers (almanac L452); random players still stop, because
``legal_actions`` lists offers only for the first 3 offers of a turn (``trade.py``).
"""

from __future__ import annotations

import argparse
import pickle
import platform
import random
import time

import settlers
from settlers.core.invariants import invariant_problems
from settlers.sim.speed import DecileTally, add_speed_switches, play_out, seeded_games

ROWS = [
    (4, {"phases": "combined", "domestic_trade": False}),
    (4, {"phases": "separate", "domestic_trade": False}),
    (4, {}),                      # no limit on offers (L452); the menu lists 3 a turn
    (4, {"trade_offers": 3}),     # a bot table's limit: the same games as the defaults
    (3, {"phases": "combined", "domestic_trade": False}),
    (4, {"board": "beginner", "phases": "combined", "domestic_trade": False}),
]


def catan_seat(state, rng: random.Random) -> int:
    """The seat to act, or a random one of several (no draw when one seat is to act)."""
    to_act = state.to_act
    return to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]


def start(game, players: int, seed: int, options: dict):
    state = game.new_state(players, seed, options)
    state.record_events = False
    return state


def play(game, players: int, seed: int, options: dict) -> tuple[int, int]:
    state = start(game, players, seed, options)
    steps = play_out(state, random.Random(seed), catan_seat)
    return steps, state.turn


def deciles(players: int, options: dict, games: int, seed: int) -> list[float]:
    """Actions per CPU-second in each tenth of the games (by action index within a game)."""
    game = settlers.load("catan")
    tally = DecileTally()
    for state, rng in seeded_games(lambda k: start(game, players, k, options), seed,
                                   count=games):
        tally.play(state, rng, catan_seat)
    return tally.rates()


def pickled_bytes(state, *, log: bool = True) -> int:
    """Pickled size of a state's fields; the game object (shared by every state, holding the
    action codec) is left out, and the action log too when ``log`` is false."""
    fields = dict(state.__dict__)
    fields.pop("game", None)
    if not log:
        fields.pop("log", None)
    return len(pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL))


def state_bytes(players: int, options: dict, seed: int) -> tuple[int, int, int, int, int]:
    """Pickled bytes of a mid-game state and of one determinization of it (with and without
    the action log), and the action count at which it was taken (the middle of the game)."""
    game = settlers.load("catan")
    total = play(game, players, seed, options)[0]
    state = start(game, players, seed, options)
    play_out(state, random.Random(seed), catan_seat, limit=total // 2)
    seat = state.to_act[0]
    probe = state.clone()
    probe.redraw_hidden(seat, random.Random(seed))
    return (pickled_bytes(state), pickled_bytes(state, log=False), pickled_bytes(probe),
            pickled_bytes(probe, log=False), total // 2)


def measure(players: int, options: dict, games: int, seed: int) -> dict[str, float]:
    game = settlers.load("catan")
    started = time.perf_counter()
    steps = turns = 0
    for k in range(games):
        s, t = play(game, players, seed + k, options)
        steps += s
        turns += t
    elapsed = time.perf_counter() - started
    return {"games_s": games / elapsed, "actions_s": steps / elapsed,
            "actions_game": steps / games, "turns_game": turns / games, "seconds": elapsed}


def verify(games: int, seed: int, check_every: int) -> int:
    """Seeded games checking Catan's invariants; the number of games that failed."""
    game = settlers.load("catan")
    failures = steps = 0
    started = time.process_time()
    for k in range(games):
        players, options = ROWS[k % len(ROWS)]
        state = start(game, players, seed + k, options)
        rng = random.Random(seed + k)
        try:
            while not state.over:
                if state.version > 60_000:
                    raise AssertionError("the game did not end within 60,000 actions")
                seat = catan_seat(state, rng)
                state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
                if state.version % check_every == 0 or state.over:
                    found = invariant_problems(state, scores=True)
                    if found:
                        raise AssertionError(f"step {state.version}: {found}")
            if k % 100 == 0 and game.replay(players, seed + k, options, state.log) != state:
                raise AssertionError("replay differs from the live game")
        except Exception as exc:   # every failure reported (a broken invariant or a crash)
            failures += 1
            print(f"FAIL players={players} seed={seed + k} options={options}: {exc!r}",
                  flush=True)
            continue
        steps += state.version
    cpu = time.process_time() - started
    print(f"verify: {games} games, {failures} failures, {steps} actions, {cpu:.0f} CPU-s")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verify", type=int, default=0, metavar="N",
                        help="play N seeded games checking the invariants instead")
    parser.add_argument("--check-every", type=int, default=1)
    add_speed_switches(parser, mcts=False)  # each asks for its figures instead of the table
    args = parser.parse_args()
    if args.verify:
        raise SystemExit(1 if verify(args.verify, args.seed, args.check_every) else 0)
    if args.deciles:
        print(f"actions per CPU-second by decile of the game; {args.games} games per row")
        for players, options in ROWS[:3]:
            text = ",".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"
            rates = deciles(players, options, args.games, args.seed)
            print(f"{players} {text:<40} " + " ".join(f"{r / 1000:6.0f}k" for r in rates))
        return
    if args.state_bytes:
        for players, options in ROWS[:3]:
            text = ",".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"
            full, bare, det, det_bare, at = state_bytes(players, options, args.seed)
            print(f"{players} {text:<40} after {at} actions: state {full} B ({bare} B "
                  f"without the action log), determinization {det} B ({det_bare} B)")
        return
    print(f"machine: {platform.machine()} {platform.processor() or ''} "
          f"Python {platform.python_version()}; {args.games} games per row, seeds "
          f"{args.seed}..{args.seed + args.games - 1}")
    print(f"{'players':>7} {'options':<48} {'games/s':>8} {'actions/s':>10} "
          f"{'actions/game':>12} {'turns/game':>10}")
    for players, options in ROWS:
        r = measure(players, options, args.games, args.seed)
        text = ",".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"
        print(f"{players:>7} {text:<48} {r['games_s']:>8.1f} {r['actions_s']:>10.0f} "
              f"{r['actions_game']:>12.0f} {r['turns_game']:>10.0f}")


if __name__ == "__main__":
    main()
