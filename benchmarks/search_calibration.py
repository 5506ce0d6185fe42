"""Fit the win probability of a position from the game's `evaluate`, for the `search` bot.

    .venv/bin/python benchmarks/search_calibration.py catan --players 4 --games 200

Heuristic self-play games; at every decision of the game each seat's `evaluate(seat)` is paired
with whether that seat won (win shares). A one-variable logistic P(win) = 1 / (1 + exp(-(a·v +
b))) is fitted by Newton's method; its (a, b) go into `settlers.bots.calibration.WIN_MODEL`.
"""

from __future__ import annotations

import argparse
import math
import random

from settlers.bots.base import win_shares
from settlers.bots.heuristics import HeuristicBot
from settlers.core import load


def samples(game_id: str, players: int, games: int, every: int, seed: int):
    game = load(game_id)
    rows: list[tuple[float, float]] = []
    for index in range(games):
        state = game.new_state(players, seed=seed + index)
        bot = HeuristicBot(seed + index)
        taken: list[tuple[int, float]] = []
        steps = 0
        while not state.over and steps < 20000:
            mover = state.to_act[0]
            if steps % every == 0:
                for seat in range(players):
                    taken.append((seat, float(state.evaluate(seat))))
            state.apply(mover, bot.act(state, mover), check=False)
            steps += 1
        if not state.over:
            continue
        shares = win_shares(state)
        rows.extend((value, shares[seat]) for seat, value in taken)
    return rows


def fit(rows: list[tuple[float, float]]) -> tuple[float, float]:
    """Maximum-likelihood logistic regression of the win share on the value (Newton)."""
    scale = sum(abs(v) for v, _ in rows) / len(rows) or 1.0
    a, b = 1.0, 0.0  # on v / scale
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for v, y in rows:
            x = v / scale
            p = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, a * x + b))))
            w = p * (1.0 - p)
            ga += (y - p) * x
            gb += y - p
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a / scale, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="+", metavar="GAME")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 2])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--seed", type=int, default=4242)
    args = parser.parse_args(argv)
    for game_id in args.games_:
        for players in args.players:
            rows = samples(game_id, players, args.games, args.every, args.seed)
            random.Random(0).shuffle(rows)
            a, b = fit(rows)
            print(f'    ("{game_id}", {players}): ({a:.6g}, {b:.6g}),  # {len(rows)} positions')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
