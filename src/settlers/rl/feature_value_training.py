"""Training a Founders afterstate value on the game's own knowledge (:mod:`founders_features`).

The value of an afterstate is the logit of the deciding seat's chance to win,
``V(f) = S·f + MLP(f)``. The linear skip ``S`` starts at ``k`` × the game's evaluation weights
and the MLP's last layer at zero, so before any training the policy picks exactly greedy's
moves (greedy maximises the same evaluation); the network then learns *corrections* from game
results:

* each round plays ``games`` games of the current policy against ``opponent`` (the greedy bot)
  in parallel worker processes, seats alternating; half of them greedy on the value (their
  win rate is the round's measurement), half with ε-exploration;
* every decision of **both** seats gives a sample: the features of the position right after
  the move, from the mover's seat, labelled with TD(λ) returns towards the game's result
  (1 win, 0 loss, ½ a shared win) — the greedy opponent's moves teach the value too;
* the model is refitted on every sample so far (binary cross-entropy on the logit).

CPU time is counted over the training process *and* its workers (``resource``). Needs the
``train`` extra (torch) for fitting; playing needs numpy only.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import resource
import time
from pathlib import Path
from typing import Any

import numpy as np

from settlers.core.user_files import check_writable
from settlers.rl.policy import Policy

FEATURES = "founders"
GAME = "founders"
K_INIT = 0.25     # logit per evaluation point at the start (a 4-point lead ≈ 73 %)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes (user + system)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def initial_policy(hidden: int, seed: int = 0, k: float = K_INIT, worlds: int = 1) -> Policy:
    """The policy that plays exactly as greedy: skip = k × evaluation weights, MLP output 0."""
    from settlers.rl.founders_features import EVALUATION_WEIGHTS, SIZE

    rng = np.random.default_rng(seed)
    w0 = rng.normal(0, 1 / np.sqrt(SIZE), (hidden, SIZE)).astype(np.float32)
    weights = [(w0, np.zeros(hidden, np.float32)),
               (np.zeros((1, hidden), np.float32), np.zeros(1, np.float32))]
    return Policy(weights, meta(hidden, worlds), skip=k * EVALUATION_WEIGHTS[None, :])


def meta(hidden: int, worlds: int = 1) -> dict[str, Any]:
    """``worlds``: re-drawn worlds the bot averages each move's value over."""
    return {"game": GAME, "players": 2, "mode": "afterstate", "features": FEATURES,
            "activation": "tanh", "net": [hidden], "worlds": worlds,
            "algorithm": "afterstate value on the game's evaluation terms: skip connection "
                         "initialised at greedy's evaluation, TD(lambda) on game results "
                         "against greedy"}


def play_game(policy: Policy, seed: int, learner: int, opponent: str, epsilon: float,
              max_steps: int = 5_000) -> dict[str, Any]:
    """One 2-player game, the policy in seat ``learner``; returns every decision's
    afterstate features (per seat, in order) and the result."""
    import settlers
    from settlers.bots.base import obvious_choice
    from settlers.rl import founders_features
    from settlers.rl.afterstate import scores
    from settlers.sim.seating import parse_seat

    state = settlers.load(GAME).new_state(2, seed, {})
    bot = parse_seat(opponent).build(seed * 7 + 1)
    rng = random.Random(seed)
    rows: list[list[np.ndarray]] = [[], []]
    while not state.over and state.version < max_steps:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if seat != learner:
            action = bot.act(state, seat)
        else:
            action = obvious_choice(state, seat, legal)
            if action is None:
                if epsilon and rng.random() < epsilon:
                    action = legal[rng.randrange(len(legal))]
                else:
                    action = legal[int(np.argmax(scores(policy, None, state, seat, legal,
                                                        seed)))]
        state.apply(seat, action, check=False)
        if not state.over and len(legal) > 1:
            rows[seat].append(founders_features.features(state, seat))
    winners = state.winners() if state.over else []
    result = [(1.0 / len(winners) if s in winners else 0.0) if winners else 0.5
              for s in range(2)]
    return {"rows": [np.asarray(r, dtype=np.float32).reshape(-1, founders_features.SIZE)
                     for r in rows],
            "result": result, "learner": learner, "epsilon": epsilon,
            "over": state.over}


def _play_job(job: tuple[Policy, int, int, str, float]) -> dict[str, Any]:
    return play_game(*job)


def play_round(policy: Policy, seeds: list[int], opponent: str, epsilon: float,
               workers: int) -> list[dict[str, Any]]:
    """Games with alternating seats; games 4k and 4k+1 greedy on the value (ε = 0, measured)."""
    jobs = [(policy, s, i % 2, opponent, 0.0 if i % 4 < 2 else epsilon)
            for i, s in enumerate(seeds)]
    if workers <= 1:
        return [_play_job(j) for j in jobs]
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        out = pool.map(_play_job, jobs, chunksize=1)
        pool.close()
        pool.join()
    return out


class Model:
    """The torch twin of the exported policy (skip + one-hidden-layer MLP)."""

    def __init__(self, policy: Policy) -> None:
        import torch

        (w0, b0), (w1, b1) = policy.weights
        assert policy.skip is not None
        self.skip = torch.nn.Parameter(torch.tensor(policy.skip))
        self.init_skip = torch.tensor(policy.skip)
        self.l0 = torch.nn.Linear(w0.shape[1], w0.shape[0])
        self.l1 = torch.nn.Linear(w0.shape[0], 1)
        with torch.no_grad():
            self.l0.weight.copy_(torch.tensor(w0))
            self.l0.bias.copy_(torch.tensor(b0))
            self.l1.weight.copy_(torch.tensor(w1))
            self.l1.bias.copy_(torch.tensor(b1))
        self.hidden = w0.shape[0]
        self.worlds = int(policy.meta.get("worlds", 1))

    def parameters(self) -> list[Any]:
        return [self.skip, *self.l0.parameters(), *self.l1.parameters()]

    def __call__(self, x: Any) -> Any:
        import torch

        return (self.l1(torch.tanh(self.l0(x))) + x @ self.skip.T).squeeze(-1)

    def export(self) -> Policy:
        def arr(t: Any) -> np.ndarray:
            return np.asarray(t.detach().numpy(), dtype=np.float32).copy()

        return Policy([(arr(self.l0.weight), arr(self.l0.bias)),
                       (arr(self.l1.weight), arr(self.l1.bias))],
                      meta(self.hidden, self.worlds),
                      skip=arr(self.skip))


def td_targets(model: Model, games: list[dict[str, Any]], lam: float) -> tuple[Any, Any]:
    """(features, TD(λ) targets in [0, 1]) of every sample of ``games``."""
    import torch

    xs, ys = [], []
    for game in games:
        for seat in range(2):
            x = game["rows"][seat]
            if not len(x):
                continue
            z = game["result"][seat]
            with torch.no_grad():
                p = torch.sigmoid(model(torch.as_tensor(x))).numpy()
            target = np.empty(len(x), dtype=np.float32)
            g = z
            for t in range(len(x) - 1, -1, -1):
                target[t] = g
                g = (1 - lam) * p[t] + lam * g  # the return seen from the step before t
            xs.append(x)
            ys.append(target)
    return np.concatenate(xs), np.concatenate(ys)


def fit(model: Model, optimizer: Any, games: list[dict[str, Any]], epochs: int, lam: float,
        anchor: float, batch: int = 1024, seed: int = 0) -> float:
    """Binary cross-entropy of the value's logit against TD(λ) targets, plus an L2 pull of the
    skip weights towards their start (``anchor``)."""
    import torch

    x_all, y_all = td_targets(model, games, lam)
    x_t, y_t = torch.as_tensor(x_all), torch.as_tensor(y_all)
    rng = np.random.default_rng(seed)
    loss_value = 0.0
    for _ in range(epochs):
        order = torch.as_tensor(rng.permutation(len(y_all)))
        losses = []
        for b in range(0, len(order), batch):
            idx = order[b:b + batch]
            logit = model(x_t[idx])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logit, y_t[idx])
            if anchor:
                loss = loss + anchor * ((model.skip - model.init_skip) ** 2).sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(float(loss.detach()))
        loss_value = float(np.mean(losses))
    return loss_value


def train(out: str | Path, *, rounds: int = 20, games: int = 64, opponent: str = "greedy",
          epsilon: float = 0.1, hidden: int = 32, epochs: int = 3, lam: float = 0.8,
          lr: float = 3e-3, anchor: float = 0.0, workers: int = 2, worlds: int = 1,
          seed: int = 0,
          cpu_budget: float | None = None, wall_budget: float | None = None,
          verbose: bool = True) -> dict[str, Any]:
    """Rounds of play and refit. The policy that played a round is saved to ``out`` when the
    round's ε = 0 games are its best measurement so far; every refit is saved to ``out`` with
    ``.last.npz`` (the newest); a curve row per round goes to ``out`` with ``.curve.jsonl``."""
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    out = Path(out)
    curve = out.with_suffix(".curve.jsonl")
    # a policy or a curve that cannot be written is refused before training, not after
    check_writable(out)
    check_writable(curve)
    curve.unlink(missing_ok=True)
    last = out.with_suffix(".last.npz")  # the newest refit, whatever its measurement
    cpu0, wall0 = cpu_seconds(), time.time()
    policy = initial_policy(hidden, seed, worlds=worlds)
    model = Model(policy)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    history: list[dict[str, Any]] = []
    best: dict[str, Any] = {"win_rate": -1.0}
    samples = 0
    for r in range(rounds):
        seeds = [seed * 1_000_003 + r * 10_007 + i for i in range(games)]
        played = play_round(policy, seeds, opponent, epsilon, workers)
        history += played
        measured = [g for g in played if g["epsilon"] == 0.0]
        wins = sum(g["result"][g["learner"]] for g in measured)
        win_rate = wins / len(measured) if measured else 0.0
        samples += sum(len(g["rows"][0]) + len(g["rows"][1]) for g in played)
        row: dict[str, Any] = {"round": r, "games": len(history), "samples": samples,
                               f"win_rate_{opponent}": round(win_rate, 4),
                               "measured_games": len(measured),
                               "cpu_seconds": round(cpu_seconds() - cpu0, 1),
                               "wall_seconds": round(time.time() - wall0, 1)}
        if win_rate > best["win_rate"]:
            best = {"win_rate": win_rate, "round": r, "row": row}
            policy.meta["evaluation"] = row
            policy.save(out, dtype=np.float32)
        stop = ((cpu_budget is not None and cpu_seconds() - cpu0 >= cpu_budget)
                or (wall_budget is not None and time.time() - wall0 >= wall_budget)
                or r == rounds - 1)
        if not stop:
            row["loss"] = round(fit(model, optimizer, history, epochs, lam, anchor,
                                    seed=seed + r), 5)
            policy = model.export()
            policy.meta["trained"] = {"rounds": r + 1, "games": len(history),
                                      "samples": samples}
            policy.save(last, dtype=np.float32)
        with curve.open("a") as fh:
            fh.write(json.dumps(row) + "\n")
        if verbose:
            print(json.dumps(row), flush=True)
        if stop:
            break
    return {"best": best.get("row"), "cpu_seconds": round(cpu_seconds() - cpu0, 1),
            "wall_seconds": round(time.time() - wall0, 1), "policy": str(out),
            "last": str(last),
            "curve": str(curve)}
