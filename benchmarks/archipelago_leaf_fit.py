"""Fit the Archipelago leaf of the `search` bot (`settlers.bots.heuristics.archipelago_leaf`).

    .venv/bin/python benchmarks/archipelago_leaf_fit.py --players 4 --games 150
    .venv/bin/python benchmarks/archipelago_leaf_fit.py --players 4 --games 150 --every 5 \
        --more 9000:350 --holdout-games 40 --more-holdout 12000:100   # the shipped 4-player fit

Heuristic self-play; every `every` actions each seat's `features(state, seat)` is paired with
its win share at the end (a collective loss: 0 for everybody). A logistic regression (Newton,
a small ridge) gives the weights for `WEIGHTS[players]`; the log-loss of the fit and of the
constant model are printed beside them. With ``--holdout-games`` the fit, the shipped weights
and ``--compare`` weights are also scored on positions of other games (seed
``--holdout-seed``): log-loss and AUC (how often a won position's score is above a lost one's).
``--more SEED:GAMES`` (and ``--more-holdout``) add games of other seeds to either set.
"""

from __future__ import annotations

import argparse

import numpy as np

from settlers.bots.base import win_shares
from settlers.bots.heuristics import HeuristicBot
from settlers.bots.heuristics.archipelago_leaf import FEATURES, WEIGHTS, features
from settlers.core import load


def samples(players: int, games: int, every: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    game = load("archipelago")
    xs: list[list[float]] = []
    ys: list[float] = []
    for index in range(games):
        state = game.new_state(players, seed=seed + index)
        bots = [HeuristicBot(seed + 100 * index + s) for s in range(players)]
        taken: list[tuple[int, list[float]]] = []
        steps = 0
        while not state.over and steps < 20000:
            mover = state.to_act[0]
            if steps % every == 0 and state.turn >= 1:
                for seat in range(players):
                    taken.append((seat, features(state, seat)))
            state.apply(mover, bots[mover].act(state, mover), check=False)
            steps += 1
        if not state.over:
            continue
        shares = win_shares(state)
        for seat, x in taken:
            xs.append(x)
            ys.append(shares[seat])
    return np.array(xs), np.array(ys)


def blocks(players: int, runs: list[tuple[int, int]], every: int) -> tuple[np.ndarray, np.ndarray]:
    """`samples` of several (seed, games) runs, joined."""
    parts = [samples(players, games, every, seed) for seed, games in runs if games > 0]
    return np.concatenate([x for x, _ in parts]), np.concatenate([y for _, y in parts])


def seed_games(text: str) -> tuple[int, int]:
    seed, _, games = text.partition(":")
    return int(seed), int(games)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -60, 60)))
        grad = x.T @ (y - p) - ridge * len(y) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * len(y) * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).sum() < 1e-10:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def auc(score: np.ndarray, y: np.ndarray) -> float:
    """P(score of a won position > score of a lost one), ties half (Mann-Whitney)."""
    won, lost = score[y > 0.5], score[y < 0.5]
    if not len(won) or not len(lost):
        return float("nan")
    joined = np.concatenate([won, lost])
    order = joined.argsort(kind="mergesort")
    ranks = np.empty(len(joined))
    ranks[order] = np.arange(1, len(joined) + 1)
    for value in np.unique(joined):  # average ranks of ties
        same = joined == value
        if same.sum() > 1:
            ranks[same] = ranks[same].mean()
    return float((ranks[:len(won)].sum() - len(won) * (len(won) + 1) / 2)
                 / (len(won) * len(lost)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--every", type=int, default=9)
    parser.add_argument("--seed", type=int, default=5151)
    parser.add_argument("--holdout-games", type=int, default=0)
    parser.add_argument("--holdout-seed", type=int, default=7000)
    parser.add_argument("--compare", help="comma-separated weights to score beside the fit")
    parser.add_argument("--more", type=seed_games, action="append", default=[],
                        metavar="SEED:GAMES", help="more training games of another seed")
    parser.add_argument("--more-holdout", type=seed_games, action="append", default=[],
                        metavar="SEED:GAMES", help="more held-out games of another seed")
    args = parser.parse_args(argv)
    x, y = blocks(args.players, [(args.seed, args.games), *args.more], args.every)
    games = args.games + sum(g for _, g in args.more)
    w = fit(x, y)
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    print(f"{len(y)} positions, {games} games; log-loss {log_loss(p, y):.4f} "
          f"(constant {log_loss(np.full(len(y), y.mean()), y):.4f})")
    print("    " + ", ".join(f"{name}={v:.4g}" for name, v in zip(FEATURES, w, strict=True)))
    print(f"    {args.players}: ({', '.join(f'{v:.5g}' for v in w)}),")
    held = [(args.holdout_seed, args.holdout_games), *args.more_holdout]
    held_games = sum(g for _, g in held)
    if held_games:
        hx, hy = blocks(args.players, held, args.every)
        scored = {"fit": w}
        if args.players in WEIGHTS:
            scored["shipped"] = np.array(WEIGHTS[args.players])
        if args.compare:
            scored["compare"] = np.array([float(v) for v in args.compare.split(",")])
        seeds = ", ".join(f"{seed}" for seed, g in held if g)
        print(f"held out: {len(hy)} positions, {held_games} games "
              f"(seeds {seeds}); constant log-loss "
              f"{log_loss(np.full(len(hy), hy.mean()), hy):.4f}")
        for name, weights in scored.items():
            score = hx @ weights
            print(f"    {name}: log-loss {log_loss(1.0 / (1.0 + np.exp(-score)), hy):.4f}, "
                  f"AUC {auc(score, hy):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
