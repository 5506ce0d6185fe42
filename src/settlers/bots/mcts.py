"""`mcts`: information-set Monte Carlo tree search over the protocol.

One decision = many iterations; each iteration

1. **determinizes** — `state.determinize(seat, s_i)` re-draws everything `seat` cannot see and
   replaces future chance, so the search never reads hidden information;
2. **selects** down one shared tree with UCB1 over the actions legal in *this* world, counting
   how often each action was available (single-observer ISMCTS, Cowling et al. 2012);
   when several seats owe a decision at once (sealed bids, discards, trade answers) each picks
   from its own statistics at that node without seeing the others' choices (decoupled UCT);
3. **expands** one new child, then **rolls out** for at most `rollout_depth` decisions with
   random legal actions, or with the game's heuristic bot (`playout="heuristic"`);
4. **scores** the end: a finished game pays 1/k to each of its k winners; otherwise the game's
   `evaluate(seat)` (relative worth, any unit) goes through a self-scaling logistic into
   [0, 1] — only for the seats that chose something on the path;
5. **backs up** each seat's reward into the statistics of the actions it chose.

The answer is the root action of `seat` visited most. The budget is a number of iterations
(deterministic for a given seed: every random draw comes from a seed made of the bot's seed and
public facts) or a time limit in milliseconds.

**Reuse** (`reuse=1`; off by default, so the published ladders describe the bot as shipped):
the tree of the last decision is kept, and at the seat's next decision the search starts from
the node the game has reached in it, with that node's statistics, instead of a new root — as
far as the information set allows. The way down is the actions played since, *as the seat saw
them* (`state.redact_action(actor, action, seat)`): each must lead to exactly one child whose
action the seat would have seen the same way; a hidden choice that two children share, a
simultaneous step (its joint moves are one child, its actions several log entries), an action
never tried in the tree, or a log that does not continue the one seen last time, and the
search starts afresh. Chance outcomes are not part of the actions: a node after a roll holds
the statistics of every roll tried there, as it does within one decision (single-observer
ISMCTS).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from settlers.bots.base import (
    BotError,
    decision_seed,
    derive_seed,
    obvious_choice,
    search_root,
    win_shares,
)
from settlers.bots.heuristics import HeuristicBot

DEFAULT_ITERATIONS = 200
DEFAULT_ROLLOUT_DEPTH = 8
DEFAULT_EXPLORATION = 0.7
PLAYOUTS = ("random", "heuristic")
PRIORS = ("none", "heuristic")
DEFAULT_PRIOR_WEIGHT = 1.5
PRIOR_SHARE = 0.75  # share of the prior mass on the heuristic's own move; the rest is uniform


class ActionStats:
    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    """Statistics of one tree node: per deciding seat, per action; children by joint move;
    per deciding seat the move its heuristic suggested in the first world seen here."""

    __slots__ = ("children", "hints", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Any, ActionStats]] = {}
        self.children: dict[tuple, Node] = {}
        self.hints: dict[int, Any] = {}


class MCTSBot:
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        ms: float | None = None,
        rollout_depth: int = DEFAULT_ROLLOUT_DEPTH,
        exploration: float = DEFAULT_EXPLORATION,
        playout: str = "random",
        prior: str = "none",
        prior_weight: float = DEFAULT_PRIOR_WEIGHT,
        reuse: int = 0,
    ) -> None:
        if iterations is None and ms is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise BotError("bots.budget_too_small", bot="mcts", key="iterations", minimum=1)
        if ms is not None and ms < 1:
            raise BotError("bots.budget_too_small", bot="mcts", key="ms", minimum=1)
        if rollout_depth < 0:
            raise BotError("bots.budget_too_small", bot="mcts", key="rollout_depth", minimum=0)
        if playout not in PLAYOUTS:
            raise BotError("bots.bad_budget_choice", bot="mcts", key="playout", value=playout,
                           choices=", ".join(PLAYOUTS))
        if prior not in PRIORS:
            raise BotError("bots.bad_budget_choice", bot=self.name, key="prior", value=prior,
                           choices=", ".join(PRIORS))
        if prior_weight < 0:
            raise BotError("bots.budget_too_small", bot=self.name, key="prior_weight",
                           minimum=0)
        if reuse not in (0, 1):
            raise BotError("bots.bad_budget_choice", bot=self.name, key="reuse", value=reuse,
                           choices="0, 1")
        self.seed = seed
        self.reuse = reuse
        #: with reuse: the last decision's tree, its seat, the log object and the seat's view
        #: of every entry of it then
        self._kept: tuple[Node, int, Any, list[list[Any]]] | None = None
        self.last_reused = False
        self.playout = playout
        self.prior = prior
        self.prior_weight = prior_weight
        self._prior_bot: Any = None
        self._playout_bot: Any = None
        self.iterations = iterations
        self.ms = ms
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.last_iterations = 0
        self._eval_count = 0          # leaf evaluations so far in this decision
        self._eval_magnitude = 0.0    # and the sum of their absolute values (logistic scale)

    # -- decision --------------------------------------------------------------------------
    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        obvious = obvious_choice(state, seat, legal)
        if obvious is not None:
            return obvious
        root_choices = set(legal)
        base = decision_seed(self.seed, state, seat)
        rng = random.Random(base)
        reached, seen = self._reached(state, seat) if self.reuse else (None, [])
        self.last_reused = reached is not None
        root = Node() if reached is None else reached
        private = search_root(state)
        if self.playout == "heuristic":
            # One heuristic player per decision, seeded from public facts: the decision stays
            # a function of the seed and of what the seat sees.
            self._playout_bot = HeuristicBot(derive_seed(base, "playout"), playout=True)
            self._playout_bot.for_game(state.game.id, state.game.package)
        if self.prior == "heuristic":
            self._prior_bot = HeuristicBot(derive_seed(base, "prior"))
            self._prior_bot.for_game(state.game.id, state.game.package)
        self._eval_count, self._eval_magnitude = 0, 0.0
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            world = private.determinize(seat, derive_seed(base, done))
            self._iterate(root, world, seat, root_choices, rng)
            done += 1
        self.last_iterations = done
        if self.reuse:
            self._kept = (root, seat, state.log, seen)
        return self._best_root_action(root, seat, legal)

    def _reached(self, state: Any, seat: int) -> tuple[Node | None, list[list[Any]]]:
        """The node of the kept tree that the actions played since the last decision lead to,
        followed by what the seat saw of them (None where that is not one node: see the
        module's docstring); and the seat's view of the whole log, kept for the next time."""
        kept, self._kept = self._kept, None
        if kept is None or kept[1] != seat or kept[2] is not state.log:
            now = state.log_json(viewer=seat, redact=True)
            if kept is None or kept[1] != seat or now[:len(kept[3])] != kept[3]:
                return None, now
        else:   # the same append-only log: the entries seen last time are unchanged
            now = kept[3] + [[s, state.redact_action(s, a, seat)]
                             for s, a in state.log[len(kept[3]):]]
        node, seen = kept[0], kept[3]
        if len(now) <= len(seen):
            return None, now
        for actor, observed in now[len(seen):]:
            found = None
            for key, child in node.children.items():
                if (len(key) == 1 and key[0][0] == actor
                        and state.redact_action(actor, key[0][1], seat) == observed):
                    if found is not None:
                        return None, now   # two branches the seat cannot tell apart
                    found = child
            if found is None:
                return None, now
            node = found
        return node, now

    def _best_root_action(self, root: Node, seat: int, legal: list[Any]) -> Any:
        stats = root.stats.get(seat, {})
        best, best_key = legal[0], None
        for action in legal:  # legal order breaks ties, so the answer is deterministic
            entry = stats.get(action)
            if entry is None:
                continue
            key = (entry.visits, entry.total / entry.visits if entry.visits else 0.0)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    # -- one iteration ---------------------------------------------------------------------
    def _iterate(self, root: Node, world: Any, seat: int, root_choices: set,
                 rng: random.Random) -> None:
        path: list[tuple[Node, tuple[tuple[int, Any], ...]]] = []
        node = root
        expanded = False
        while not world.over and not expanded:
            movers = world.to_act
            if not movers:
                break
            joint = []
            for mover in movers:
                options = world.legal_actions(mover)
                if node is root and mover == seat:
                    options = [a for a in options if a in root_choices]
                if not options:
                    continue
                if self._prior_bot is not None:
                    action, fresh = self._select_guided(node, world, mover, options)
                else:
                    action, fresh = self._select(node, mover, options, rng)
                expanded = expanded or fresh
                joint.append((mover, action))
            if not joint:
                break
            joint_move = tuple(joint)
            play_joint(world, joint_move, rng)
            path.append((node, joint_move))
            child = node.children.get(joint_move)
            if child is None:
                child = node.children[joint_move] = Node()
                expanded = True
            node = child
        self._rollout(world, rng)
        rewards = self._rewards(world, {mover for _, joint in path for mover, _ in joint})
        for visited, joint_move in path:
            for mover, action in joint_move:
                entry = visited.stats[mover][action]
                entry.visits += 1
                entry.total += rewards[mover]

    def _rewards(self, world: Any, seats: set[int]) -> dict[int, float]:
        """Rewards in [0, 1] for the seats that chose something on this path.

        A finished game pays win shares. Otherwise `evaluate(seat)` — by convention the seat's
        worth relative to its rivals, in the game's own units — goes through a logistic whose
        scale is the mean |evaluation| seen so far in this decision (so any unit works).
        """
        if world.over:
            shares = win_shares(world)
            return {seat: shares[seat] for seat in seats}
        out = {}
        for seat in seats:
            value = float(world.evaluate(seat))
            self._eval_count += 1
            self._eval_magnitude += abs(value)
            scale = self._eval_magnitude / self._eval_count or 1.0
            out[seat] = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -value / scale))))
        return out

    def _select(self, node: Node, mover: int, options: list[Any],
                rng: random.Random) -> tuple[Any, bool]:
        """UCB1 with availability counts; an untried action first. Returns (action, untried)."""
        table = node.stats.get(mover)
        if table is None:
            table = node.stats[mover] = {}
        untried = []
        best, best_score = None, -math.inf
        c = self.exploration
        for action in options:
            entry = table.get(action)
            if entry is None:
                entry = table[action] = ActionStats()
            entry.available += 1
            if entry.visits == 0:
                untried.append(action)
            elif not untried:
                score = entry.total / entry.visits + c * math.sqrt(
                    math.log(entry.available) / entry.visits)
                if score > best_score:
                    best, best_score = action, score
        if untried:
            return untried[rng.randrange(len(untried))], True
        return best, False

    def _select_guided(self, node: Node, world: Any, mover: int,
                       options: list[Any]) -> tuple[Any, bool]:
        """PUCT with the heuristic as the policy prior (AlphaZero-style, Silver et al. 2017).

        The prior puts `PRIOR_SHARE` on the move the game's heuristic plays in the first world
        that reaches this node (a determinized world: the heuristic sees only what the seat
        may see) and spreads the rest uniformly. Unvisited actions are valued at the mover's
        mean at this node (first-play urgency), so a wide node is not tried exhaustively.
        Deterministic: ties go to the earlier legal action. Returns (action, unvisited).
        """
        table = node.stats.get(mover)
        if table is None:
            table = node.stats[mover] = {}
        if mover not in node.hints:
            node.hints[mover] = self._prior_bot.act(world, mover)
        hint = node.hints[mover]
        visits = total = 0.0
        for action in options:
            entry = table.get(action)
            if entry is None:
                entry = table[action] = ActionStats()
            entry.available += 1
            visits += entry.visits
            total += entry.total
        fpu = total / visits if visits else 0.5
        spread = (1.0 - PRIOR_SHARE) / len(options)
        root = math.sqrt(visits + 1.0)
        best, best_score, best_entry = options[0], -math.inf, None
        for action in options:
            entry = table[action]
            p = spread + (PRIOR_SHARE if action == hint else 0.0)
            q = entry.total / entry.visits if entry.visits else fpu
            score = q + self.prior_weight * p * root / (1.0 + entry.visits)
            if score > best_score:
                best, best_score, best_entry = action, score, entry
        return best, best_entry is not None and best_entry.visits == 0

    def _rollout(self, world: Any, rng: random.Random) -> None:
        for _ in range(self.rollout_depth):
            if world.over:
                return
            movers = world.to_act
            if not movers:
                return
            mover = movers[0]
            if self._playout_bot is not None:
                world.apply(mover, self._playout_bot.act(world, mover), check=False)
                continue
            options = world.legal_actions(mover)
            if not options:
                return
            world.apply(mover, options[rng.randrange(len(options))], check=False)


def play_joint(world: Any, joint_move: tuple[tuple[int, Any], ...],
               rng: random.Random) -> None:
    """Apply the actions chosen at one node; later seats of a simultaneous step are re-checked."""
    first = True
    for mover, action in joint_move:
        if world.over or mover not in world.to_act:
            continue
        if first:
            world.apply(mover, action, check=False)
            first = False
            continue
        options = world.legal_actions(mover)
        if action in options:
            world.apply(mover, action, check=False)
        elif options:
            world.apply(mover, options[rng.randrange(len(options))], check=False)


GUIDED_ITERATIONS = 120
GUIDED_ROLLOUT_DEPTH = 6


class GuidedBot(MCTSBot):
    """`guided`: the same search told what the game's heuristic knows — the heuristic's move
    is the policy prior (PUCT), the heuristic plays the playouts, and `evaluate` scores them
    when they are cut at `rollout_depth`. Plays the games that have a heuristic."""

    name = "guided"

    def __init__(self, seed: int = 0, iterations: int | None = None, ms: float | None = None,
                 rollout_depth: int = GUIDED_ROLLOUT_DEPTH, playout: str = "heuristic",
                 prior: str = "heuristic", **search: Any) -> None:
        """MCTSBot with other defaults; ``search`` takes its ``exploration`` and
        ``prior_weight``."""
        if iterations is None and ms is None:
            iterations = GUIDED_ITERATIONS
        super().__init__(seed, iterations, ms, rollout_depth, playout=playout, prior=prior,
                         **search)
