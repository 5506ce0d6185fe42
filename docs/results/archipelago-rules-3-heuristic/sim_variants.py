"""`settlers simulate` with scratch-only Archipelago heuristic variants as bot specs.

    hold : the heuristic as it was on main at b404172 (old_heuristic.py, a copy)
    hA   : the new heuristic with the card pairing off (the disc's worth only)
    hB   : the new heuristic with the disc's worth off (the card pairing only)
    hC   : the new heuristic pairing only the seat's own cards
    heuristic : the new heuristic (package)

``heuristic`` and ``hA``/``hB``/``hC`` need tried.patch applied to the tree (b404172).
Run from the worktree root: PYTHONPATH=src python PATH/TO/sim_variants.py --lang en archipelago --seats ...
"""
import importlib.util
import os
import sys

import settlers.bots as B
from settlers.bots.heuristics import heuristic_games
from settlers.games.archipelago import heuristic as new

# the heuristic of b404172, beside this script:
#   git show b404172:src/settlers/games/archipelago/heuristic.py > old_heuristic.py
OLD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "old_heuristic.py")
spec = importlib.util.spec_from_file_location("old_arch_heuristic", OLD)
old = importlib.util.module_from_spec(spec)
sys.modules["old_arch_heuristic"] = old
spec.loader.exec_module(old)


class NoPair(new.ArchipelagoBot):
    name = "hA"

    @staticmethod
    def paired(world, seat, action):
        return None


class NoWorth(new.ArchipelagoBot):
    name = "hB"


def _no_worth(world, seat, scored):
    return 0.0


_round_choice = new.ArchipelagoBot.round_choice


def _rc_noworth(world, seat, scored, legal):
    saved = new.disc_worth
    new.disc_worth = _no_worth
    try:
        return _round_choice(world, seat, scored, legal)
    finally:
        new.disc_worth = saved


NoWorth.round_choice = staticmethod(_rc_noworth)

class OwnPair(new.ArchipelagoBot):
    """hC: the new heuristic, pairing only the seat's own cards (no fee to another player)."""
    name = "hC"

    @staticmethod
    def paired(world, seat, action):
        from settlers.games.archipelago import cards
        got = new.ArchipelagoBot.paired(world, seat, action)
        if got is None:
            return None
        found = cards.find(world, world.content.card_index(action.card))
        return got if found is not None and found[0] == seat else None


B._KINDS["hC"] = B.BotKind(lambda seed=0: OwnPair(seed), {}, heuristic_games)
B._KINDS["hold"] = B.BotKind(lambda seed=0: old.make_bot(seed), {}, heuristic_games)
B._KINDS["hA"] = B.BotKind(lambda seed=0: NoPair(seed), {}, heuristic_games)
B._KINDS["hB"] = B.BotKind(lambda seed=0: NoWorth(seed), {}, heuristic_games)

if __name__ == "__main__":
    from settlers.cli import main
    main(["simulate", *sys.argv[1:]])
