"""`settlers simulate` with frozen Archipelago heuristics as bot specs.

    hold : the heuristic of ff6d8b2 (old_heuristic.py beside this script:
           git show ff6d8b2:src/settlers/games/archipelago/heuristic.py > old_heuristic.py)
    hnew : the candidate heuristic (new_heuristic.py beside this script; the copies are not
           kept in the repository: git show bf34cbbc:src/settlers/games/archipelago/heuristic.py
           > new_heuristic.py gives the measured one, which differed only in its docstring)

Run from the worktree root:
    PYTHONPATH=src python PATH/TO/sim_variants.py --lang en archipelago --seats ...
"""
import importlib.util
import os
import sys

import settlers.bots as B
from settlers.bots.heuristics import heuristic_games

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


old = load("old_arch_heuristic", "old_heuristic.py")
B._KINDS["hold"] = B.BotKind(lambda seed=0: old.make_bot(seed), {}, heuristic_games)
if os.path.exists(os.path.join(HERE, "new_heuristic.py")):
    new = load("new_arch_heuristic", "new_heuristic.py")
    B._KINDS["hnew"] = B.BotKind(lambda seed=0: new.make_bot(seed), {}, heuristic_games)

if __name__ == "__main__":
    from settlers.cli import main
    main(["simulate", *sys.argv[1:]])
