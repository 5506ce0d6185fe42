"""One hash of Imperial Settlers' behaviour over seeded random games: a speed change to the
engine must leave it unchanged (issue 19's rounds, docs/performance-engines/imperial.md).

    PYTHONPATH=src .venv/bin/python benchmarks/imperial_action_hash.py --games 160
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/imperial_action_hash.py --games 160

Game k has seed ``first + k`` and one of eight set-ups in turn (``SETUPS``: solo, 2–4 players
with random empires, the Japanese with the Egyptians, all four empires in a set order, the
alternative lookout, the advanced lookout with peace); a uniformly chosen seat among those to
act picks a uniformly random legal action. Hashed, at every step: every seat's legal actions
(each action's ``repr`` and ``hash``: the menus of the seats not to act too; run under
``PYTHONHASHSEED=0``, action_hash.py), the chosen action's
JSON and the state's digest after it (``GameState.digest``: hidden parts and the RNG included);
every 53rd step a clone is taken and played on in place of the state (the clone's copies must
behave as the original); at the end the scores, the winners and ``full_state``. Every 2nd game
keeps the human-readable event log (the engine's ``record_events`` branches; its events' JSON and
visibility are hashed at the end), every 7th applies with ``check=True`` (the legality check's path); the rest
as bots and simulations play (``check=False``, no event log).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

from action_hash import play_hashed, same_hash_seed

import settlers

SETUPS: tuple[tuple[int, dict[str, Any]], ...] = (
    (1, {}), (2, {}), (3, {}), (4, {}),
    (2, {"empires": "japanese,egyptians"}),
    (4, {"empires": "egyptians,japanese,romans,barbarians"}),
    (3, {"lookout": "alternative"}),
    (4, {"lookout": "advanced", "peaceful": True}),
)
CLONE_EVERY = 53


def play(game: Any, seed: int, players: int, options: dict[str, Any],
         h: hashlib.blake2b) -> int:
    """Play one seeded game into ``h``; its actions."""
    state = game.new_state(players, seed, options)
    state.record_events = seed % 2 == 0
    check = seed % 7 == 0
    state, steps = play_hashed(state, players, seed, h, check=check, clone_every=CLONE_EVERY)
    h.update(repr((state.scores(), state.winners())).encode())
    h.update(json.dumps(state.full_state(), sort_keys=True, default=repr).encode())
    if state.record_events:
        h.update(json.dumps([[e.to_json(), e.visible_to] for e in state.events],
                            sort_keys=True, default=repr).encode())
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    same_hash_seed()
    game = settlers.load("imperial")
    h = hashlib.blake2b(digest_size=8)
    actions = 0
    for k in range(args.games):
        players, options = SETUPS[k % len(SETUPS)]
        actions += play(game, args.first + k, players, dict(options), h)
    print(f"{h.hexdigest()}  ({args.games} games, {actions} actions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
