"""Training a masked PPO baseline (sb3-contrib ``MaskablePPO``) and exporting it to numpy.

Optionally the actor first imitates a platform bot (``teacher``, e.g. the hand-written
``heuristic``: behaviour cloning on its decisions, cheap in CPU), then PPO improves on it.

Used by ``examples/train_founders.py`` and ``examples/train_catan.py``; needs the ``train``
extra (``pip install -e .[train]``: torch, stable-baselines3, sb3-contrib, matplotlib).

The learner plays a random seat of :class:`SettlersSingleAgentEnv` against the platform's bots.
Every ``eval_every`` steps the actor network is exported as a numpy :class:`Policy` and that
exported file — exactly what the ``rl`` bot will run — plays ``eval_games`` games against each
evaluation opponent (seats rotated); the win rates go to ``<out>.curve.jsonl`` and the best
policy so far to ``<out>``. :func:`plot_curves` draws the learning curves.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from settlers.core.user_files import check_writable
from settlers.rl.policy import Policy


def export_policy(model: Any, meta: dict[str, Any]) -> Policy:
    """The actor of an sb3 ``MlpPolicy`` (policy_net layers + action_net) as numpy."""
    import torch

    layers = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(model.policy.action_net)
    weights = [(layer.weight.detach().cpu().numpy().copy(),
                layer.bias.detach().cpu().numpy().copy()) for layer in layers]
    return Policy(weights, {**meta, "activation": "tanh"})


def play_games(policy: Policy, game_id: str, players: int, opponent: str, games: int,
               seed: int = 0, options: dict[str, Any] | None = None,
               max_steps: int = 20_000, first: int = 0) -> dict[str, Any]:
    """The policy (as the ``rl`` bot) against ``opponent`` bots in every other seat; the
    learner's seat rotates with the game index (games ``first`` … ``first + games - 1``).
    A win is being among the winners."""
    import settlers
    from settlers.rl.bot import RLBot
    from settlers.sim.seating import parse_seat

    game = settlers.load(game_id)
    spec = parse_seat(opponent)
    wins = unfinished = 0
    for g in range(first, first + games):
        seat = g % players
        state = game.new_state(players, seed * 100_003 + g, options or {})
        bot = RLBot.from_policy(policy, seed=g)
        others = {s: spec.build(seed * 7919 + g * 10 + s) for s in range(players) if s != seat}
        while not state.over and state.version < max_steps:
            s = state.to_act[0]
            actor = bot if s == seat else others[s]
            state.apply(s, actor.act(state, s), check=False)
        if not state.over:
            unfinished += 1
        elif seat in state.winners():
            wins += 1
    return {"opponent": opponent, "games": games, "wins": wins, "unfinished": unfinished,
            "win_rate": wins / games if games else 0.0}


def imitation_data(game_id: str, players: int, teacher: str, opponents: str, decisions: int,
                   *, options: dict[str, Any] | None = None, seed: int = 0,
                   max_steps: int = 20_000) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(observations, masks, action indices) of ``teacher`` (a bot spec) playing a random seat
    of the single-agent env against ``opponents``, for ``decisions`` decisions."""
    from settlers.rl.single_agent import SettlersSingleAgentEnv
    from settlers.sim.seating import parse_seat

    env = SettlersSingleAgentEnv(game_id, players, options, seat=None, opponents=opponents,
                                 max_steps=max_steps, observation="vector")
    spec = parse_seat(teacher)
    observations = np.zeros((decisions, env.encoding.observation_size), dtype=np.float32)
    masks = np.zeros((decisions, env.encoding.max_actions), dtype=bool)
    actions = np.zeros(decisions, dtype=np.int64)
    game = 0
    obs, info = env.reset(seed=seed)
    bot = spec.build(seed)
    for i in range(decisions):
        chosen = bot.act(env.state, env.seat)
        index = env.index_of(chosen)
        observations[i], masks[i], actions[i] = obs, info["action_mask"].astype(bool), index
        obs, _r, terminated, truncated, info = env.step(index)
        if terminated or truncated:
            game += 1
            obs, info = env.reset(seed=seed + game)
            bot = spec.build(seed + game)
    return observations, masks, actions


def imitate(model: Any, data: tuple[np.ndarray, np.ndarray, np.ndarray], epochs: int = 4,
            batch: int = 256) -> float:
    """Behaviour cloning of the actor of an sb3-contrib masked policy; returns the final mean
    negative log-likelihood."""
    import torch

    policy = model.policy
    observations, masks, actions = data
    n = len(actions)
    rng = np.random.default_rng(0)
    loss_value = 0.0
    for _epoch in range(epochs):
        order = rng.permutation(n)
        losses = []
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            obs = torch.as_tensor(observations[idx])
            act = torch.as_tensor(actions[idx])
            _values, log_prob, _entropy = policy.evaluate_actions(obs, act,
                                                                  action_masks=masks[idx])
            loss = -log_prob.mean()
            policy.optimizer.zero_grad()
            loss.backward()
            policy.optimizer.step()
            losses.append(float(loss.detach()))
        loss_value = float(np.mean(losses))
    return loss_value


def train(game_id: str, players: int, out: str | Path, *, opponents: str = "random",
          timesteps: int = 100_000, seconds: float | None = None,
          cpu_seconds: float | None = None, n_envs: int = 8,
          eval_every: int = 20_000, eval_games: int = 40,
          eval_opponents: tuple[str, ...] = ("random",), reward: str = "shaped",
          net: tuple[int, ...] = (128, 128), options: dict[str, Any] | None = None,
          seed: int = 0, n_steps: int = 256, learning_rate: float = 3e-4,
          ent_coef: float = 0.01, n_epochs: int = 4, max_steps: int = 20_000,
          threads: int = 1, teacher: str | None = None, teacher_decisions: int = 0,
          teacher_epochs: int = 4, verbose: bool = True) -> dict[str, Any]:
    """Train, evaluate as it goes, keep the best exported policy; returns the final figures.
    Stops after ``timesteps`` learner steps, ``seconds`` of wall time or ``cpu_seconds`` of
    this process's CPU time (evaluation included), whichever comes first."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.logger import Logger
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    from settlers.rl.single_agent import SettlersSingleAgentEnv

    torch.set_num_threads(threads)
    out = Path(out)
    curve_path = out.with_suffix(".curve.jsonl")
    # a policy or a curve that cannot be written is refused before training, not after
    check_writable(out)
    check_writable(curve_path)
    curve_path.unlink(missing_ok=True)

    def make(i: int) -> Any:
        def thunk() -> Any:
            env = SettlersSingleAgentEnv(game_id, players, options, seat=None,
                                         opponents=opponents, reward=reward,
                                         max_steps=max_steps, observation="vector")
            env.reset(seed=seed * 1000 + i)
            return Monitor(env)
        return thunk

    venv = DummyVecEnv([make(i) for i in range(n_envs)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=n_steps, batch_size=min(512, n_steps * n_envs),
                        learning_rate=learning_rate, ent_coef=ent_coef, gamma=0.995,
                        n_epochs=n_epochs,
                        policy_kwargs={"net_arch": list(net)}, seed=seed, verbose=0,
                        device="cpu")
    # a logger that writes nowhere: the curve file is this training's record. (sb3's own
    # default, made when learn() starts, creates an empty folder /tmp/SB3-<date-time> per run.)
    model.set_logger(Logger(folder=None, output_formats=[]))
    meta = {"game": game_id, "players": players, "opponents": opponents, "reward": reward,
            "net": list(net), "algorithm": "sb3-contrib MaskablePPO", "options": options or {}}
    start, cpu_start = time.monotonic(), time.process_time()
    best = {"score": -1.0}

    def evaluate(steps: int) -> None:
        policy = export_policy(model, {**meta, "timesteps": steps})
        row: dict[str, Any] = {"timesteps": steps,
                               "seconds": round(time.monotonic() - start, 1),
                               "cpu_seconds": round(time.process_time() - cpu_start, 1)}
        score = 0.0
        for k, opponent in enumerate(eval_opponents):
            result = play_games(policy, game_id, players, opponent, eval_games,
                                seed=10_000 + k, options=options, max_steps=max_steps)
            row[f"win_rate_{opponent}"] = result["win_rate"]
            score += result["win_rate"]
        episodes = [r for env in venv.envs for r in env.get_episode_rewards()[-20:]]
        row["episode_reward"] = float(np.mean(episodes)) if episodes else None
        with curve_path.open("a") as fh:
            fh.write(json.dumps(row) + "\n")
        if verbose:
            print(json.dumps(row), flush=True)
        if score > best["score"]:
            best["score"] = score
            best["row"] = row
            policy.meta["evaluation"] = row
            policy.save(out)

    class Progress(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.next_eval = eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next_eval:
                self.next_eval += eval_every
                evaluate(self.num_timesteps)
            if cpu_seconds is not None and time.process_time() - cpu_start >= cpu_seconds:
                return False
            return seconds is None or time.monotonic() - start < seconds

    if teacher and teacher_decisions:
        data = imitation_data(game_id, players, teacher, opponents, teacher_decisions,
                              options=options, seed=seed + 77, max_steps=max_steps)
        nll = imitate(model, data, epochs=teacher_epochs)
        del data
        meta["pretrained"] = {"teacher": teacher, "decisions": teacher_decisions,
                              "epochs": teacher_epochs, "nll": round(nll, 4)}
        if verbose:
            print(json.dumps({"imitation": meta["pretrained"]}), flush=True)
        evaluate(0)
    model.learn(total_timesteps=timesteps, callback=Progress())
    evaluate(int(model.num_timesteps))
    venv.close()
    return {"best": best.get("row"), "timesteps": int(model.num_timesteps),
            "seconds": round(time.monotonic() - start, 1),
            "cpu_seconds": round(time.process_time() - cpu_start, 1), "policy": str(out),
            "curve": str(curve_path)}


def plot_curves(curves: dict[str, str | Path], path: str | Path, title: str = "") -> None:
    """One panel per curve file: win rate of each evaluation opponent vs learner steps (or vs
    training games, for curves without ``timesteps``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(curves), figsize=(5.5 * len(curves), 4), squeeze=False)
    for ax, (label, curve) in zip(axes[0], curves.items(), strict=True):
        rows = [json.loads(line) for line in Path(curve).read_text().splitlines() if line]
        # PPO curves count learner steps; the Founders value curve counts training games
        x_key = "timesteps" if "timesteps" in rows[0] else "games"
        steps = [r[x_key] for r in rows]
        for key in sorted({k for r in rows for k in r if k.startswith("win_rate_")}):
            ax.plot(steps, [r.get(key) for r in rows], marker="o",
                    label=f"vs {key.removeprefix('win_rate_')}")
        ax.set_title(label)
        ax.set_xlabel("learner steps" if x_key == "timesteps" else "training games")
        ax.set_ylabel("win rate of the exported policy")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend()
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
