"""`settlers simulate` with the Landnám heuristic of 6cb94f57 as the bot spec ``hold``.

    hold      : src/settlers/games/iceland/{heuristic,trade_sense}.py at 6cb94f57, read from
                git (`git show`) into old_heuristic.py and old_trade_sense.py beside this script
                on first use, the heuristic's import of trade_sense pointed to the copy: a
                defence's cards guessed as 45 % of its hand, helpers and trades read by hand size
    heuristic : the heuristic of this tree (package)
    hcase     : ablation: ``hold`` with this tree's ``open_case`` only (the defence's cards of
                the disputed kind read from its hand); helpers asked and trades judged as before

Run from the worktree root:
    PYTHONPATH=src python docs/results/iceland-known-hands-heuristic/sim_old.py --lang en iceland ...
"""
import importlib.util
import os
import subprocess
import sys

import settlers.bots as B
from settlers.bots.heuristics import heuristic_games

HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name: str, file: str):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _from_git(file: str, module: str, fix=None) -> None:
    """The module as it was at 6cb94f57, written beside this script once."""
    target = os.path.join(HERE, file)
    if not os.path.exists(target):
        text = subprocess.run(["git", "show", f"6cb94f57:src/settlers/games/iceland/{module}.py"],
                              cwd=HERE, check=True, capture_output=True, text=True).stdout
        with open(target, "w", encoding="utf-8") as out:
            out.write(fix(text) if fix else text)


_from_git("old_trade_sense.py", "trade_sense")
_from_git("old_heuristic.py", "heuristic", fix=lambda text: text.replace(
    "from settlers.games.iceland import althing, building, trade_sense\n",
    "from settlers.games.iceland import althing, building\n"
    "import old_iceland_trade_sense as trade_sense  # the copy beside this file (6cb94f57)\n"))
_load("old_iceland_trade_sense", "old_trade_sense.py")
old = _load("old_iceland_heuristic", "old_heuristic.py")
B._KINDS["hold"] = B.BotKind(lambda seed=0: old.make_bot(seed), {}, heuristic_games)


class CaseOnly(old.IcelandBot):
    name = "hcase"


from settlers.games.iceland import heuristic as new  # noqa: E402

CaseOnly.open_case = new.IcelandBot.open_case
B._KINDS["hcase"] = B.BotKind(lambda seed=0: CaseOnly(seed), {}, heuristic_games)

if __name__ == "__main__":
    from settlers.cli import main
    main(["simulate", *sys.argv[1:]])
