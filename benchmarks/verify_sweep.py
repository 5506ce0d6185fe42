"""Seeded random games of every game over its options, variants and player counts.

    .venv/bin/python benchmarks/verify_sweep.py --games 300                  # every game
    .venv/bin/python benchmarks/verify_sweep.py --game imperial --games 1000 --first 5000
    .venv/bin/python benchmarks/verify_sweep.py --game catan --players 3 --seed 17 \\
        --options '{"phases": "combined", "trade_offers": 1}'               # one game again

The per-game verification runs (``<game>_random_playout.py``) cycle through a fixed list of
option sets; this one draws, for the k-th game of a game, a player count and a value of every
option (the default about half the time, otherwise one of the values listed in ``AXES``: every
choice, and for numbers the edges and a few values between) from ``random.Random(first + k)``,
then plays it with that seed: a random seat among those to act picks a uniformly random legal
action (``check=False``, as bots do). ``--policy helpful``: archipelago's colony-minded
random players; ``heuristic``: every seat the game's heuristic bot (``settlers.bots``), which
reach the states of purposeful play (pieces running out, long games of building); ``mixed``:
each seat, drawn from the seed, a heuristic bot or a uniform random player.
After every ``--check-every``-th step the game's invariants (``settlers.core.invariants``) must
hold; at the end nobody is to act, the winners are seats (none only solo or in a collective
loss), the scores are those recomputed from the state and replaying the log gives the live
game. A game that does not end within ``--max-steps`` actions, an exception, a broken invariant
or a replay that differs is a failure, printed with the command that plays it again.
``--conformance`` plays each game under the shared conformance checks instead
(``settlers.testing.conformance``: clones, JSON, illegal input, views and determinizations,
menus, save/load; several times slower).

The offer limits are drawn up to 5 (catan ``trade_offers``) and 10 (iceland ``offer_limit``):
with 20 or 100 offers a turn uniform players spend most actions on offers and answers, and a
game takes 35,000–37,000 actions and 700–950 turns (catan 4 players seed 10006
``trade_offers=20``, iceland 5 players seed 10010 ``offer_limit=100``: both end). An option
set the game refuses (``InvalidOption``: archipelago's objectives for 5 players with some
variants) is counted apart, not played; solo Imperial never draws a lookout variant.

``--digests`` prints one line per game (digests of its log, final state and replayed state)
instead of checking: run it twice under different ``PYTHONHASHSEED``s and ``diff`` the outputs
to find a game whose course or replay depends on the order of a set (a save or a golden
playthrough is replayed in another process).

Games without end it found: iceland 5 players ``--seed 60038 --options '{"offer_limit": 10}'
--policy heuristic`` — the heuristic bots stopped at 2/9/3/2/4 points with no case left to open
(L82: nine houses give at most 9 points, the rest comes from the Althing); fixed in the bot
(``tests/games/iceland/test_iceland_heuristic_endgame.py``). ``--policy mixed`` (default options)
``--players 3 --seed 120377`` and ``--players 4 --seed 120711``: a heuristic seat at 11 points,
its houses used up and its six pieces where fewer than three cases could be opened against them
(L69), the others with no cards — fixed in the bot too (boats to harbours by other players'
houses, L65; settlers off the hexes of players without cards, seed 120036). A table of such bots without ``turn_limit`` plays on (L80 ends a game only at 12
points).

The summary gives, per game, games played and failures by player count and by option value.
Content options (a user's data file) are not varied: only the built-in data is played.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import settlers
from settlers.core.errors import InvalidOption
from settlers.core.invariants import invariant_problems

# Archipelago's "colony-minded" random players (``archipelago_random_playout.py --policy
# helpful``): 90 % of the time among these kinds of action when there is one; they reach later
# turns and the objective ends more often than uniform players.
ARCHIPELAGO_HELPFUL = {"supply", "raise", "use_church", "recruit", "recruit_to", "reproduce",
                       "buy_card", "use_card", "build", "build_wonder", "harvest",
                       "harvest_with"}
POLICIES = ("uniform", "helpful", "heuristic", "mixed")
IMPERIAL_EMPIRES = ("romans", "barbarians", "egyptians", "japanese")


def _imperial_empires(rng: random.Random, players: int) -> str:
    if rng.random() < 0.3:
        return "random"
    return ",".join(rng.sample(IMPERIAL_EMPIRES, players))


def _option(game_id: str, name: str) -> Any:
    return next(o for o in settlers.load(game_id).options if o.name == name)


def _archipelago_trends() -> tuple[Any, ...]:
    return _option("archipelago", "trend").choices or ("random",)


# option -> the values drawn besides the default (a callable draws one from rng and players)
Axis = tuple[Any, ...] | Callable[[random.Random, int], Any]
AXES: dict[str, dict[str, Axis]] = {
    "catan": {
        "board": ("random", "beginner"),
        "phases": ("separate", "combined"),
        "trade_offers": (0, 1, 2, 3, 5),
        "domestic_trade": (True, False),
        "turn_limit": (0, 1, 2, 7, 40),
    },
    "iceland": {
        "turn_limit": (0, 1, 2, 6, 24),
        "offer_limit": (0, 1, 2, 5, 10),
    },
    "founders": {},
    "imperial": {
        "empires": _imperial_empires,
        "lookout": ("standard", "alternative", "advanced"),
        "peaceful": (False, True),
    },
    "archipelago": {
        "length": ("short", "medium", "long"),
        "desert_start": (False, True),
        "no_secrets": (False, True),
        "more_control": (False, True),
        "more_sharpness": (False, True),
        "trend": lambda rng, players: rng.choice(_archipelago_trends()),
        "philanthropist": (False, True),
        "max_turns": (1, 2, 5, 8, 30, 60),
        "explore_skips": (0, 1, 3, 50),
    },
}


def draw_case(game_id: str, k: int, first: int,
              players: int | None = None) -> tuple[int, int, dict[str, Any]]:
    """The k-th game of ``game_id``: players, seed and options (only those not at default)."""
    game = settlers.load(game_id)
    seed = first + k
    rng = random.Random(f"{game_id}:{seed}")
    n = players or rng.randint(game.min_players, game.max_players)
    options: dict[str, Any] = {}
    for name, axis in AXES[game_id].items():
        if rng.random() < 0.5 or (game_id, name, n) == ("imperial", "lookout", 1):
            continue  # the default; solo Imperial has its own lookout (refused otherwise)
        value = axis(rng, n) if callable(axis) else rng.choice(axis)
        if value != _option(game_id, name).default:
            options[name] = value
    return n, seed, options


Chooser = Callable[[Any, int, list[Any]], Any]


def chooser(game_id: str, players: int, seed: int, policy: str) -> Chooser:
    """How the seats of game ``seed`` pick one of their legal actions under ``policy``."""
    rng = random.Random(seed)
    bots: dict[int, Any] = {}
    if policy in ("heuristic", "mixed"):
        from settlers.bots import derive_seed, make

        for seat in range(players):
            if policy == "heuristic" or random.Random(derive_seed(seed, seat)).random() < 0.5:
                bots[seat] = make("heuristic", seed=derive_seed(game_id, seed, seat))

    def choose(state: Any, seat: int, legal: list[Any]) -> Any:
        if seat in bots:
            return bots[seat].act(state, seat)
        if policy == "helpful":
            good = [a for a in legal if getattr(a, "kind", None) in ARCHIPELAGO_HELPFUL]
            if good and rng.random() < 0.9:
                legal = good
        return legal[rng.randrange(len(legal))]

    choose.seat_rng = rng  # type: ignore[attr-defined]
    return choose


def random_seat(to_act: tuple[int, ...], rng: random.Random) -> int:
    return to_act[0] if len(to_act) == 1 else rng.choice(to_act)


def play_to_end(state: Any, policy: str, max_steps: int = 100_000) -> None:
    """Play ``state`` out under ``policy`` without checks (``digests``)."""
    choose = chooser(state.game.id, state.players, state.seed, policy)
    rng = choose.seat_rng  # type: ignore[attr-defined]
    while not state.over and state.version < max_steps:
        seat = random_seat(state.to_act, rng)
        state.apply(seat, choose(state, seat, state.legal_actions(seat)), check=False)


def play(game_id: str, players: int, seed: int, options: dict[str, Any], *,
         check_every: int = 1, max_steps: int = 100_000, policy: str = "uniform") -> int:
    """One verified game; raises AssertionError (or the engine's exception) on a failure."""
    game = settlers.load(game_id)
    state = game.new_state(players, seed, options)
    state.record_events = False
    choose = chooser(game_id, players, seed, policy)
    rng = choose.seat_rng  # type: ignore[attr-defined]
    steps = 0
    while not state.over:
        if steps >= max_steps:
            raise AssertionError(f"the game did not end within {max_steps} actions "
                                 f"(turn {getattr(state, 'turn', '?')})")
        to_act = state.to_act
        if not to_act:
            raise AssertionError(f"step {steps}: the game is not over but nobody is to act")
        seat = random_seat(to_act, rng)
        legal = state.legal_actions(seat)
        if not legal:
            raise AssertionError(f"step {steps}: seat {seat} is to act with no legal action")
        action = choose(state, seat, legal)
        state.apply(seat, action, check=False)
        steps += 1
        if steps % check_every == 0 or state.over:
            found = invariant_problems(state)
            if found:
                raise AssertionError(f"step {steps} after {action.to_json()} by seat {seat}: "
                                     f"{found}")
    if state.to_act != ():
        raise AssertionError(f"the game is over but {state.to_act} are to act")
    winners = state.winners()
    nobody_may_win = players == 1 or getattr(state, "collective_loss", False)
    if (not winners and not nobody_may_win) or any(not 0 <= w < players for w in winners):
        raise AssertionError(f"bad winners {winners} (scores {state.scores()})")
    again = game.replay(players, seed, options, state.log, check=False)
    if again != state:
        raise AssertionError("replay differs from the live game")
    return steps


def conform(game_id: str, players: int, seed: int, options: dict[str, Any], *,
            max_steps: int = 100_000, view_check_every: int = 5) -> int:
    """One game under the shared conformance checks (``settlers.testing.conformance``: clones,
    JSON round trips, illegal input refused, views and determinizations, menus, replay from
    JSON, save/load); slower than ``play`` (uniform players only)."""
    from settlers.testing.conformance import run_playout

    state = run_playout(settlers.load(game_id), players, seed, options, max_steps=max_steps,
                        view_check_every=view_check_every)
    return state.version


def digests(game_id: str, games: int, first: int, players: int | None,
            policy: str = "uniform") -> None:
    """One line per game: its case, and digests of its log and final state (``full_state``)
    played live and replayed from the log's JSON. Run twice under different
    ``PYTHONHASHSEED``s and compare the outputs: a difference is a game whose course or replay
    depends on the order of a set (saves and golden playthroughs replay in another process)."""
    import hashlib

    game = settlers.load(game_id)

    def digest(data: Any) -> str:
        text = json.dumps(data, sort_keys=True, default=repr)
        return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()

    for k in range(games):
        n, seed, options = draw_case(game_id, k, first, players)
        try:
            game.new_state(n, seed, options)
        except InvalidOption:
            continue
        state = game.new_state(n, seed, options)
        play_to_end(state, policy)
        log = [(s, a.to_json()) for s, a in state.log]
        again = game.replay(n, seed, options, log, check=False)
        print(f"{game_id} players={n} seed={seed} options={json.dumps(options, sort_keys=True)} "
              f"log={digest(log)} state={digest(state.full_state())} "
              f"replayed={digest(again.full_state())}", flush=True)


def command(game_id: str, players: int, seed: int, options: dict[str, Any],
            policy: str = "uniform", conformance: bool = False) -> str:
    return (f"benchmarks/verify_sweep.py --game {game_id} --players {players} --seed {seed} "
            f"--options '{json.dumps(options, sort_keys=True)}'" + (f" --policy {policy}" if policy != "uniform" else "")
            + (" --conformance" if conformance else ""))


def sweep(game_id: str, games: int, first: int, players: int | None, check_every: int,
          max_steps: int, time_limit: float, policy: str = "uniform",
          conformance: bool = False) -> int:
    played: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    failures = 0
    done = 0
    for k in range(games):
        if time.perf_counter() - start > time_limit:
            print(f"{game_id}: time limit reached after {done} games", flush=True)
            break
        n, seed, options = draw_case(game_id, k, first, players)
        keys = [f"players={n}"] + [f"{name}={options.get(name, '(default)')}"
                                   if name != "empires" else
                                   f"empires={'random' if options.get(name) == 'random' else 'given' if name in options else '(default)'}"
                                   for name in AXES[game_id]]
        try:
            settlers.load(game_id).new_state(n, seed, options)
        except InvalidOption as exc:
            refused[exc.message("en")[:80]] += 1
            continue
        done += 1
        for key in keys:
            played[key] += 1
        try:
            if conformance:
                actions += conform(game_id, n, seed, options, max_steps=max_steps)
            else:
                actions += play(game_id, n, seed, options, check_every=check_every,
                                max_steps=max_steps, policy=policy)
        except Exception as exc:
            failures += 1
            for key in keys:
                failed[key] += 1
            print(f"FAIL {game_id} players={n} seed={seed} options={options}: "
                  f"{str(exc)[:600]!s}\n  again: {command(game_id, n, seed, options, policy, conformance)}",
                  flush=True)
            if not isinstance(exc, AssertionError):
                traceback.print_exc(limit=-4)
    used = time.process_time() - cpu
    print(f"== {game_id}: {done} games, {failures} failures, {sum(refused.values())} option "
          f"sets refused, {actions} actions, {used:.0f} CPU-s")
    groups: dict[str, list[str]] = defaultdict(list)
    for key in sorted(played):
        groups[key.split("=")[0]].append(f"{key.split('=', 1)[1]}: {played[key]}"
                                         + (f" ({failed[key]} failed)" if failed[key] else ""))
    for name, parts in groups.items():
        print(f"   {name}: " + ", ".join(parts))
    for reason, count in refused.most_common():
        print(f"   refused {count}: {reason}")
    return failures


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", choices=sorted(AXES),
                   help="the game(s) to sweep; every game by default")
    p.add_argument("--games", type=int, default=100, help="games per game")
    p.add_argument("--first", type=int, default=1, help="the seed of the first game")
    p.add_argument("--players", type=int, default=None, help="only this player count")
    p.add_argument("--seed", type=int, default=None,
                   help="play one game with this seed (with --game, --players, --options)")
    p.add_argument("--options", default="{}", help="JSON options of the one game (--seed)")
    p.add_argument("--check-every", type=int, default=1)
    p.add_argument("--max-steps", type=int, default=100_000)
    p.add_argument("--policy", choices=POLICIES, default="uniform",
                   help="helpful: archipelago's colony-minded random players; heuristic: "
                        "the heuristic bot in every seat; mixed: each seat one or the other")
    p.add_argument("--conformance", action="store_true",
                   help="the shared conformance checks instead (settlers.testing.conformance)")
    p.add_argument("--digests", action="store_true",
                   help="print digests of each game's log and state instead (compare two runs "
                        "under different PYTHONHASHSEEDs)")
    p.add_argument("--time-limit", type=float, default=3600.0, help="seconds per game id")
    args = p.parse_args(argv)
    ids = args.game or sorted(AXES)
    if args.seed is not None:
        if len(ids) != 1 or args.players is None:
            p.error("--seed plays one game: give --game and --players")
        options = json.loads(args.options)
        if args.conformance:
            steps = conform(ids[0], args.players, args.seed, options, max_steps=args.max_steps)
        else:
            steps = play(ids[0], args.players, args.seed, options,
                         check_every=args.check_every, max_steps=args.max_steps,
                         policy=args.policy)
        print(f"ok: {steps} actions")
        return 0
    if args.digests:
        for game_id in ids:
            digests(game_id, args.games, args.first, args.players, args.policy)
        return 0
    failures = 0
    for game_id in ids:
        failures += sweep(game_id, args.games, args.first, args.players, args.check_every,
                          args.max_steps, args.time_limit, args.policy, args.conformance)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
