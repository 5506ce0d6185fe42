"""`rl`: a trained policy playing through the protocol, numpy only.

    settlers play founders --seats human,rl                 # the shipped policy of the game
    settlers simulate founders --seats rl:policy=my.npz,greedy -n 200

The bot encodes what its seat may see with the game's fixed encoding
(:mod:`settlers.rl.encodings`), scores the legal indices with the policy's MLP and plays the
best one (deterministic); a policy of ``mode`` "afterstate" is a value network instead and
picks the move whose afterstate it values most (:mod:`settlers.rl.afterstate`). Without ``policy=`` it uses the file shipped for the game in
``settlers/rl/policies/<game>-<players>p.npz`` (or another player count of the same game whose
encoding has the same sizes: the Catan encoding is the same for 3 and 4 players; a Founders
value on the evaluation's features reads "the rival" as the best-scoring other seat, so the
2-player file also plays 3 and 4 players, untrained for them). A policy only
plays its own game, with an encoding of its sizes; anything else (no such file, not a policy,
another game's, other sizes) is refused when the seats are read (``ready_for``, called by
``settlers.bots.check_plays``), naming the file and the reason in the reader's language.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from settlers.bots.base import BotError, game_names, obvious_choice
from settlers.core.content_faults import fault, shown
from settlers.rl.policy import Policy, PolicyError

POLICIES = Path(__file__).parent / "policies"


def shipped_games() -> tuple[str, ...]:
    """Games with a policy file shipped in ``settlers/rl/policies``."""
    if not POLICIES.is_dir():
        return ()
    return tuple(sorted({p.name.split("-")[0] for p in POLICIES.glob("*.npz")}))


@lru_cache(maxsize=16)
def _load(path: str) -> Policy:
    return Policy.load(path)


def _refused(path: str, reason: dict[str, str]) -> BotError:
    """The rl bot cannot play with the policy at ``path``, for ``reason`` (every language)."""
    return BotError("bots.rl_bad_policy", path=shown(path, 200), reason=reason)


class RLBot:
    name = "rl"

    def __init__(self, seed: int = 0, policy: str | None = None) -> None:
        self.seed = seed
        self.policy_path = policy
        self._encodings: dict[tuple[str, int], Any] = {}
        self._policy: Policy | None = None

    @classmethod
    def from_policy(cls, policy: Policy, seed: int = 0) -> RLBot:
        """A bot playing an in-memory policy (e.g. one just exported during training)."""
        bot = cls(seed=seed)
        bot._policy = policy
        return bot

    def ready_for(self, game_id: str, players: int) -> None:
        """Load and check the policy for ``game_id`` with ``players`` players now, when the
        seats are read: BotError naming the file and the reason, not at the first move."""
        self._policy_for(game_id, players)

    def _policy_for(self, game_id: str, players: int) -> Policy:
        if self._policy is not None:
            return self._check(self._policy, "<in memory>", game_id, players)
        if self.policy_path is not None:
            return self._checked_file(self.policy_path, game_id, players)
        shipped = POLICIES / f"{game_id}-{players}p.npz"
        if shipped.exists():
            return self._checked_file(str(shipped), game_id, players)
        encoding = self._encoding(game_id, players)
        for other in sorted(POLICIES.glob(f"{game_id}-*.npz")):
            policy = self._loaded(str(other))
            if (policy.observation_size, policy.max_actions) == (
                    encoding.observation_size, encoding.max_actions):
                return policy
            if policy.meta.get("features"):  # features of any player count
                return self._check(policy, str(other), game_id, players)
        raise BotError("bots.rl_no_policy", game=game_names(game_id), players=players)

    def _checked_file(self, path: str, game_id: str, players: int) -> Policy:
        return self._check(self._loaded(path), path, game_id, players)

    @staticmethod
    def _loaded(path: str) -> Policy:
        try:
            return _load(path)
        except PolicyError as exc:
            raise _refused(path, exc.reason) from None

    def _check(self, policy: Policy, path: str, game_id: str, players: int) -> Policy:
        encoding = self._encoding(game_id, players)
        trained = policy.meta.get("game")
        if trained != game_id:
            raise _refused(path, fault("rl.policy.reason.other_game",
                                       trained=game_names(shown(trained)),
                                       players=shown(policy.meta.get("players", "?")),
                                       game=game_names(game_id)))
        # an afterstate value network (settlers.rl.afterstate) has a single output
        outputs = 1 if policy.meta.get("mode") == "afterstate" else encoding.max_actions
        inputs = encoding.observation_size
        if policy.meta.get("mode") == "afterstate" and policy.meta.get("features"):
            from settlers.rl.afterstate import observer_for
            try:
                inputs = observer_for(policy, encoding).observation_size
            except PolicyError as exc:
                raise _refused(path, exc.reason) from None
        if (policy.observation_size, policy.max_actions) != (inputs, outputs):
            raise _refused(path, fault("rl.policy.reason.action_space", game=game_names(game_id),
                                       players=players, inputs=policy.observation_size,
                                       outputs=policy.max_actions, want_inputs=inputs,
                                       want_outputs=outputs))
        return policy

    def _encoding(self, game_id: str, players: int) -> Any:
        key = (game_id, players)
        encoding = self._encodings.get(key)
        if encoding is None:
            from settlers.rl.encoding import encoding_for
            encoding = self._encodings[key] = encoding_for(game_id, players)
        return encoding

    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        obvious = obvious_choice(state, seat, legal)
        if obvious is not None:
            return obvious
        game_id, players = state.game.id, state.players
        policy = self._policy_for(game_id, players)
        encoding = self._encoding(game_id, players)
        if policy.meta.get("mode") == "afterstate":
            from settlers.rl.afterstate import choose
            return choose(policy, encoding, state, seat, legal, self.seed)
        indices = encoding.legal_indices(state, seat)
        import numpy as np

        if not indices:  # every legal move lies outside the encoding (e.g. a far cell)
            return legal[0]
        logits = policy.logits(encoding.observe(state, seat))
        keys = np.fromiter(indices, np.intp, len(indices))
        return indices[int(keys[np.argmax(logits[keys])])]
