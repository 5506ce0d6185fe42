"""Training an afterstate value network (:mod:`settlers.rl.afterstate`), exported to numpy.

Two stages, both on games the platform's bots and the network itself play:

1. **imitation of greedy's judgement**: at every decision of every seat, each legal move is
   played in a re-drawn world and the network regresses the game's own evaluation of the
   result (``state.evaluate(seat)``, what the ``greedy`` bot maximises; a finished game is
   worth ``±TERMINAL``), plus a listwise cross-entropy towards greedy's choice;
2. **learning from outcomes** (optional, ``rl_games`` > 0): the network plays against the
   evaluation opponents with ε-exploration and every afterstate it chose is pulled towards a
   mix of its regression target and the game's result (Monte-Carlo, ``outcome_weight``).

Needs the ``train`` extra (torch).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from settlers.bots.base import derive_seed, obvious_choice
from settlers.core.user_files import check_writable
from settlers.rl.afterstate import afterstates, values
from settlers.rl.policy import Policy

SCALE = 10.0      # evaluation points per unit of the network's output
TERMINAL = 3.0    # a won (lost) game, in network units


class Buffer:
    """Afterstate observations (float16), regression targets, and decision groups."""

    def __init__(self, size: int) -> None:
        self.obs = np.zeros((0, size), dtype=np.float16)
        self._obs: list[np.ndarray] = []
        self.target: list[float] = []
        self.group: list[int] = []        # decision index of each row
        self.best: list[int] = []         # per decision: row of greedy's choice
        self.chosen: list[tuple[int, int, int]] = []  # (row, game, seat) actually played

    def add_decision(self, observations: np.ndarray, targets: np.ndarray) -> int:
        first = len(self.target)
        self._obs.append(observations.astype(np.float16))
        self.target += [float(t) for t in targets]
        self.group += [len(self.best)] * len(targets)
        self.best.append(first + int(np.argmax(targets)))
        return first

    def freeze(self) -> None:
        if self._obs:
            self.obs = np.concatenate([self.obs, *self._obs])
            self._obs = []


def targets_of(after_states: list[Any], terminal: np.ndarray, seat: int) -> np.ndarray:
    out = np.zeros(len(after_states))
    for i, after in enumerate(after_states):
        if terminal[i]:
            out[i] = TERMINAL if terminal[i] > 0 else -TERMINAL
        else:
            out[i] = np.clip(float(after.evaluate(seat)) / SCALE, -TERMINAL, TERMINAL)
    return out


def play(game_id: str, players: int, seats: list[Any], encoding: Any, buffer: Buffer,
         seed: int, record: set[int], policy: Policy | None = None, epsilon: float = 0.0,
         max_steps: int = 5_000) -> Any:
    """One game; ``seats[s]`` is a bot or None (the value network). Every decision of a seat
    in ``record`` adds its afterstates to the buffer."""
    import settlers

    state = settlers.load(game_id).new_state(players, seed, {})
    rng = random.Random(seed)
    while not state.over and state.version < max_steps:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        bot = seats[seat]
        if obvious_choice(state, seat, legal) is not None or seat not in record:
            action = bot.act(state, seat) if bot is not None else None
            if action is None:
                from settlers.rl.afterstate import choose
                assert policy is not None
                action = obvious_choice(state, seat, legal) or choose(
                    policy, encoding, state, seat, legal, seed)
            state.apply(seat, action, check=False)
            continue
        observations, terminal, after_states = afterstates(
            encoding, state, seat, legal, derive_seed(seed, state.version, seat))
        targets = targets_of(after_states, terminal, seat)
        first = buffer.add_decision(observations, targets)
        if bot is not None:
            action = bot.act(state, seat)
            k = legal.index(action)
        elif rng.random() < epsilon:
            k = rng.randrange(len(legal))
        else:
            assert policy is not None
            k = int(np.argmax(values(policy, observations) + terminal))
        buffer.chosen.append((first + k, seed, seat))
        state.apply(seat, legal[k], check=False)
    return state


def fit(model: Any, optimizer: Any, buffer: Buffer, epochs: int, batch: int = 512,
        ce_weight: float = 0.5, extra: dict[int, float] | None = None,
        seed: int = 0) -> float:
    """Regression (+ listwise cross-entropy per decision) over the buffer; ``extra`` replaces
    the target of some rows (outcome mixing)."""
    import torch

    buffer.freeze()
    target = np.asarray(buffer.target, dtype=np.float32)
    if extra:
        rows = np.fromiter(extra.keys(), np.intp)
        target[rows] = np.fromiter(extra.values(), np.float32)
    group = np.asarray(buffer.group)
    best = np.asarray(buffer.best)
    starts = np.searchsorted(group, np.arange(len(best)))
    ends = np.append(starts[1:], len(group))
    rng = np.random.default_rng(seed)
    loss_value = 0.0
    for _ in range(epochs):
        order = rng.permutation(len(best))
        losses = []
        for b in range(0, len(order), batch // 8):
            decisions = order[b:b + batch // 8]
            rows = np.concatenate([np.arange(starts[d], ends[d]) for d in decisions])
            x = torch.as_tensor(buffer.obs[rows].astype(np.float32))
            y = torch.as_tensor(target[rows])
            v = model(x).squeeze(-1)
            loss = torch.nn.functional.mse_loss(v, y)
            if ce_weight:
                seg = torch.as_tensor(np.repeat(np.arange(len(decisions)),
                                                ends[decisions] - starts[decisions]))
                logits = v * 4.0
                mx = torch.zeros(len(decisions)).scatter_reduce(0, seg, logits, "amax",
                                                                include_self=False)
                lse = torch.log(torch.zeros(len(decisions)).index_add(
                    0, seg, torch.exp(logits - mx[seg]))) + mx
                pos = {r: i for i, r in enumerate(rows)}
                picked = logits[[pos[r] for r in best[decisions]]]
                loss = loss + ce_weight * (lse - picked).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            losses.append(float(loss.detach()))
        loss_value = float(np.mean(losses))
    return loss_value


def export(model: Any, meta: dict[str, Any]) -> Policy:
    import torch

    layers = [m for m in model if isinstance(m, torch.nn.Linear)]
    weights = [(m.weight.detach().numpy().copy(), m.bias.detach().numpy().copy())
               for m in layers]
    return Policy(weights, {**meta, "activation": "tanh", "mode": "afterstate"})


def train(game_id: str, players: int, out: str | Path, *, teacher_games: int = 60,
          lineups: tuple[str, ...] = ("greedy", "random"), hidden: int = 64,
          epochs: int = 6, rl_rounds: int = 0, rl_games: int = 20, epsilon: float = 0.1,
          outcome_weight: float = 0.5, eval_games: int = 40,
          eval_opponents: tuple[str, ...] = ("random", "greedy"), seed: int = 0,
          cpu_seconds: float | None = None, verbose: bool = True) -> dict[str, Any]:
    """Both stages, evaluating the exported file after each; keeps the best in ``out``."""
    import torch

    from settlers.rl.encoding import encoding_for
    from settlers.rl.training import play_games
    from settlers.sim.seating import parse_seat

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    out = Path(out)
    curve = out.with_suffix(".curve.jsonl")
    # a policy or a curve that cannot be written is refused before training, not after
    check_writable(out)
    check_writable(curve)
    curve.unlink(missing_ok=True)
    encoding = encoding_for(game_id, players)
    model = torch.nn.Sequential(torch.nn.Linear(encoding.observation_size, hidden),
                                torch.nn.Tanh(), torch.nn.Linear(hidden, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    meta = {"game": game_id, "players": players, "net": [hidden],
            "algorithm": "afterstate value: greedy-evaluation regression, then Monte-Carlo"}
    cpu0 = time.process_time()
    best: dict[str, Any] = {"score": -1.0}
    buffer = Buffer(encoding.observation_size)

    def evaluate(stage: str) -> Policy:
        policy = export(model, meta)
        row: dict[str, Any] = {"stage": stage, "rows": len(buffer.target),
                               "cpu_seconds": round(time.process_time() - cpu0, 1)}
        score = 0.0
        for k, opponent in enumerate(eval_opponents):
            result = play_games(policy, game_id, players, opponent, eval_games,
                                seed=10_000 + k)
            row[f"win_rate_{opponent}"] = result["win_rate"]
            score += result["win_rate"] + (result["win_rate"] if opponent == "greedy" else 0)
        with curve.open("a") as fh:
            fh.write(json.dumps(row) + "\n")
        if verbose:
            print(json.dumps(row), flush=True)
        if score > best["score"]:
            best.update(score=score, row=row)
            policy.meta["evaluation"] = row
            policy.save(out)
        return policy

    def out_of_time() -> bool:
        return cpu_seconds is not None and time.process_time() - cpu0 >= cpu_seconds

    for g in range(teacher_games):
        lineup = lineups[g % len(lineups)]
        seats = [parse_seat("greedy").build(seed + g * 10)] + [
            parse_seat(lineup).build(seed + g * 10 + s) for s in range(1, players)]
        rot = g % players
        seats = seats[-rot:] + seats[:-rot] if rot else seats
        play(game_id, players, seats, encoding, buffer, seed * 100_000 + g,
             record=set(range(players)))
        if out_of_time():
            break
    loss = fit(model, optimizer, buffer, epochs, seed=seed)
    meta["imitation"] = {"games": teacher_games, "rows": len(buffer.target),
                         "loss": round(loss, 4)}
    if verbose:
        print(json.dumps(meta["imitation"]), flush=True)
    policy = evaluate("imitation")
    for r in range(rl_rounds):
        if out_of_time():
            break
        extra: dict[int, float] = {}
        for g in range(rl_games):
            me = g % players
            opp = eval_opponents[g % len(eval_opponents)]
            seats = [None if s == me else parse_seat(opp).build(seed + r * 1000 + g * 10 + s)
                     for s in range(players)]
            first = len(buffer.chosen)
            gseed = seed * 100_000 + 50_000 + r * 1000 + g
            state = play(game_id, players, seats, encoding, buffer, gseed, record={me},
                         policy=policy, epsilon=epsilon)
            z = TERMINAL if state.over and me in state.winners() else -TERMINAL
            for row, _game, _seat in buffer.chosen[first:]:
                extra[row] = z
        mixed = {row: (1 - outcome_weight) * buffer.target[row] + outcome_weight * z
                 for row, z in extra.items()}
        loss = fit(model, optimizer, buffer, max(1, epochs // 2), extra=mixed, seed=seed + r)
        policy = evaluate(f"outcome round {r + 1}")
    return {"best": best.get("row"), "cpu_seconds": round(time.process_time() - cpu0, 1),
            "policy": str(out), "curve": str(curve)}
