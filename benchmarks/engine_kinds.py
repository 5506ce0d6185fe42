"""Why an engine's cost per action moves through a game: time per action by tenth of the game,
split into what the mix of actions does and what each kind of action's own cost does.

    .venv/bin/python benchmarks/engine_kinds.py --games imperial founders archipelago -n 200
    .venv/bin/python benchmarks/engine_kinds.py --games imperial -n 200 --kinds 12

Seeded fresh games of uniform random legal actions, as ``engine_speed.py`` plays them (each
game's length learnt in a forked child, no human-readable log, the long run's collector policy
between games); every action's listing
(``legal_actions``) and applying (``apply``) timed apart with ``perf_counter_ns``. A *kind* is
the phase the action was chosen in and the action's kind. Per tenth of the game:

* **µs per action**: listing and applying, over every action of that tenth;
* **mix only**: each kind at its cost over the whole game, in that tenth's mix — what the tenth
  would cost if no kind of action got dearer or cheaper;
* **cost only**: the whole game's mix, each kind at its cost in that tenth — what growth
  within the kinds does.

Each row's slowest/fastest ratio is printed as ``engine_speed.py`` reports it (the highest cost
over the lowest, inverted). ``--kinds N`` adds the N commonest kinds by tenth: their share of
the tenth, listing + applying µs, and the length of the menu they were chosen from.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

import settlers
from settlers.core.collector import LongRun
from settlers.sim.speed import DECILES, lengths_apart, play_out

Kind = tuple[str, str]


@dataclass
class KindCost:
    count: int = 0
    listing_ns: int = 0
    applying_ns: int = 0
    menu: int = 0

    def add(self, listing: int, applying: int, menu: int) -> None:
        self.count += 1
        self.listing_ns += listing
        self.applying_ns += applying
        self.menu += menu

    def merge(self, other: KindCost) -> None:
        self.count += other.count
        self.listing_ns += other.listing_ns
        self.applying_ns += other.applying_ns
        self.menu += other.menu

    @property
    def ns(self) -> float:
        return (self.listing_ns + self.applying_ns) / self.count


@dataclass
class Split:
    game: str
    games: int = 0
    by_tenth: list[dict[Kind, KindCost]] = field(
        default_factory=lambda: [defaultdict(KindCost) for _ in range(DECILES)])

    def whole(self) -> dict[Kind, KindCost]:
        out: dict[Kind, KindCost] = defaultdict(KindCost)
        for tenth in self.by_tenth:
            for kind, c in tenth.items():
                out[kind].merge(c)
        return out

    def rows(self) -> dict[str, list[float]]:
        """µs per action by tenth: as played, mix only, cost only."""
        whole = self.whole()
        total = sum(c.count for c in whole.values())
        played, mix_only, cost_only = [], [], []
        for tenth in self.by_tenth:
            n = sum(c.count for c in tenth.values())
            played.append(sum(c.listing_ns + c.applying_ns for c in tenth.values()) / n / 1000)
            mix_only.append(sum(c.count / n * whole[k].ns for k, c in tenth.items()) / 1000)
            cost_only.append(sum(w.count / total * (tenth[k].ns if k in tenth else w.ns)
                                 for k, w in whole.items()) / 1000)
        return {"as played": played, "mix only": mix_only, "cost only": cost_only}


def slowest_over_fastest(costs: list[float]) -> float:
    return min(costs) / max(costs)


def measure(game_id: str, players: int, games: int) -> Split:
    game = settlers.load(game_id)
    players = max(game.min_players, min(players, game.max_players))

    def length(seed: int) -> int:
        state = game.new_state(players, seed, {})
        state.record_events = False
        return play_out(state, random.Random(seed))   # the same draws as the timed loop

    split = Split(game_id)
    long_run = LongRun()  # between games, as engine_speed.py and a simulation worker
    clock = time.perf_counter_ns
    for seed, n in zip(range(games), lengths_apart(length, range(games)), strict=True):
        state = game.new_state(players, seed, {})
        state.record_events = False
        rng = random.Random(seed)
        steps = 0
        while not state.over:
            tenth = split.by_tenth[min(DECILES - 1, steps * DECILES // n)]
            seat = rng.choice(state.to_act)
            phase = str(getattr(state, "phase", ""))
            t0 = clock()
            menu = state.legal_actions(seat)
            t1 = clock()
            action = rng.choice(menu)
            t2 = clock()
            state.apply(seat, action, check=False)
            t3 = clock()
            tenth[(phase, action.kind)].add(t1 - t0, t3 - t2, len(menu))
            steps += 1
        split.games += 1
        long_run.game_over()
    return split


def report(split: Split, kinds: int) -> str:
    lines = [f"{split.game} ({split.games} games): µs per action by tenth, first … last"]
    for name, row in split.rows().items():
        cells = " ".join(f"{v:5.2f}" for v in row)
        lines.append(f"  {name:10s} {cells}   slowest/fastest {slowest_over_fastest(row):.2f}")
    if kinds:
        whole = split.whole()
        total = sum(c.count for c in whole.values())
        lines.append("  commonest kinds: share of the tenth, listing+applying µs | menu length")
        sizes = [sum(x.count for x in tenth.values()) for tenth in split.by_tenth]
        for kind, w in sorted(whole.items(), key=lambda kv: -kv[1].count)[:kinds]:
            cells = []
            for tenth, n in zip(split.by_tenth, sizes, strict=True):
                c = tenth.get(kind)
                cells.append(f"{100 * c.count / n:4.1f}% {c.listing_ns / c.count / 1000:4.1f}+"
                             f"{c.applying_ns / c.count / 1000:4.1f}|{c.menu / c.count:4.1f}"
                             if c else " " * 21)
            lines.append(f"  {'/'.join(kind)[:26]:26s} {100 * w.count / total:4.1f}%  "
                         + "  ".join(cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("-n", type=int, default=200, help="seeded games per game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--kinds", type=int, default=0, help="list the N commonest kinds")
    args = parser.parse_args(argv)
    for game_id in args.games or settlers.game_ids():
        print(report(measure(game_id, args.players, args.n), args.kinds), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
