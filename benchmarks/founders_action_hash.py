"""One hash of Founders of Empire's behaviour over seeded random games: a speed change to the
engine must leave it unchanged (issue 19's rounds, docs/performance-engines/founders.md).

    PYTHONPATH=src .venv/bin/python benchmarks/founders_action_hash.py --games 150
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/founders_action_hash.py --games 150

Game k has seed ``first + k`` and 2, 3 or 4 players in turn; a uniformly chosen seat among those
to act picks a uniformly random legal action. Hashed, at every step: every seat's legal actions
(each action's ``repr`` and ``hash``: the menus of the seats not to act too; run under
``PYTHONHASHSEED=0``, action_hash.py), the chosen action's
JSON and the state's digest after it (``GameState.digest``: hidden parts and the RNG included);
at the end the scores and the winners. Every 5th game keeps the human-readable event log (the
engine's ``record_events`` branches), every 7th applies with ``check=True`` (the legality
check's path); the rest as bots and simulations play (``check=False``, no event log).
"""

from __future__ import annotations

import argparse
import hashlib
import sys

from action_hash import play_hashed, same_hash_seed

import settlers


def play(game: object, seed: int, players: int, h: hashlib.blake2b) -> int:
    """Play one seeded game into ``h``; its actions."""
    state = game.new_state(players, seed, {})  # type: ignore[attr-defined]
    state.record_events = seed % 5 == 0
    state, steps = play_hashed(state, players, seed, h, check=seed % 7 == 0)
    h.update(repr((state.scores(), state.winners())).encode())
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    same_hash_seed()
    game = settlers.load("founders")
    h = hashlib.blake2b(digest_size=8)
    actions = 0
    for k in range(args.games):
        actions += play(game, args.first + k, 2 + k % 3, h)
    print(f"{h.hexdigest()}  ({args.games} games, {actions} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
