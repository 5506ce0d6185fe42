"""One hash of Archipelago's behaviour over seeded random games: a speed change to the engine
must leave it unchanged (issue 19's rounds, docs/performance-engines/archipelago.md).

    PYTHONPATH=src .venv/bin/python benchmarks/archipelago_action_hash.py --games 160
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/archipelago_action_hash.py --games 160

Game k has seed ``first + k``, 2, 3, 4 or 5 players in turn and one of five option sets in turn;
a uniformly chosen seat among those to act picks a uniformly random legal action. Hashed, at
every step: the seats to act, the chosen seat's legal actions (each action's ``repr``) and the
action's JSON; in every 7th game every seat to act's menu (and every seat's, to act or not, at
every 10th step); the state's digest (``GameState.digest``: hidden parts and the RNG included)
after every 10th action; in every 10th game a clone and a determinization at the 150th action
(their seats to act, ``over``, a menu and the clone's digest); at the end ``over``, the scores,
the winners and the digest. Every 3rd game keeps the human-readable event log (the engine's
``record_events`` branches); every 5th action is applied with ``check=True`` (the legality
check's path), the rest as bots and simulations play (``check=False``).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import Any

import settlers

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"length": "short", "desert_start": True, "more_sharpness": True},
    {"length": "long", "no_secrets": True, "more_control": True, "max_turns": 6},
    {"philanthropist": True, "max_turns": 8},
    {"trend": "random", "explore_skips": 3},
)


def play(game: Any, seed: int, players: int, options: dict[str, Any], h: Any,
         every_seat: bool, split: bool) -> int:
    """Play one seeded game into ``h``; its actions. ``every_seat``: every seat's menus too;
    ``split``: a clone and a determinization at the 150th action."""
    state = game.new_state(players, seed, options)
    state.record_events = seed % 3 == 0
    rng = random.Random(seed)
    steps = 0
    while not state.over:
        to_act = state.to_act
        h.update(repr(to_act).encode())
        if every_seat:
            seats = range(players) if steps % 10 == 0 else to_act
            for seat in seats:
                h.update(repr(state.legal_actions(seat)).encode())
        if split and steps == 150:
            clone = state.clone()
            world = state.determinize(to_act[0], seed)
            h.update(repr((clone.to_act, clone.over, clone.legal_actions(to_act[0]),
                           world.to_act, world.legal_actions(to_act[0]),
                           clone.digest())).encode())
        seat = rng.choice(to_act)
        menu = state.legal_actions(seat)
        h.update(repr(menu).encode())
        action = rng.choice(menu)
        h.update(action.to_json_text().encode())
        state.apply(seat, action, check=steps % 5 == 0)
        steps += 1
        if steps % 10 == 0:
            h.update(state.digest().encode())
    h.update(repr((state.to_act, state.over, state.scores(), state.winners())).encode())
    h.update(state.digest().encode())
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    game = settlers.load("archipelago")
    h = hashlib.sha256()
    actions = 0
    for k in range(args.games):
        seed = args.first + k
        actions += play(game, seed, 2 + k % 4, OPTION_SETS[k % len(OPTION_SETS)], h,
                        every_seat=k % 7 == 0, split=k % 10 == 0)
    print(f"{h.hexdigest()}  ({args.games} games, {actions} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
