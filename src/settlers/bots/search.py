"""`search`: the game's heuristic improved by sampling — a flat information-set search over
the heuristic's best candidate moves.

One decision:

1. **candidates** — the move the game's heuristic plays, plus the `top_k - 1` legal moves with
   the best one-ply `evaluate` (each legal move applied in a couple of determinized worlds);
   a move that wins on the spot is played at once. One candidate: no search.
2. **worlds** — `state.determinize(seat, s_i)` re-draws everything the seat cannot see and the
   future chance; world i is the same for every candidate (common random numbers: the
   candidates meet the same dice, the same hands, the same rivals' seeds), so their difference
   is measured with far less noise than their values.
3. **playouts** — each candidate is applied in world i, then the heuristic plays every seat for
   `depth` decisions (0: to the end of the game); a finished game pays the win share, a cut-off
   position is scored by `evaluate` turned into a win probability (`settlers.bots.calibration`,
   fitted on heuristic self-play). `playout` (`PLAYOUTS`): ``fast`` (default), the heuristic
   at the game's cheaper ``PLAYOUT_BUDGET`` where it has one (Founders: the greedy look-ahead
   instead of the turn plan); ``full``, the heuristic as it plays at the table (the same bot
   in a game without a ``PLAYOUT_BUDGET``).
4. **sequential halving** (Karnin et al. 2013) — the budget (playouts, `iterations`, or time:
   `ms` wall clock or `cpu_ms` CPU time of the thread; `iterations` with a clock too: the
   playouts, stopped early at the clock's limit) is split over ⌈log2 k⌉ rounds; after
   each round the worse half of the candidates is dropped (never the heuristic's move). The
   answer is the best mean of the last round's candidates (the finalists: a candidate
   dropped on a playout or two never answers, however lucky those were), if it beats the
   heuristic's move by more than `margin` standard errors of their paired difference over
   the worlds both met; else the heuristic's move. The comparison is kept as `last_verdict`
   (`benchmarks/search_audit.py` plays such verdicts out to the end of the game).
5. **reuse** — a playout also remembers where the seat was next to act in it (a snapshot of the
   world, the heuristic's move there, the playout's result). At the next decision the samples of
   the move actually played whose snapshot looks to the seat exactly like the position reached
   (same `view`, so nothing revealed since differs) count for the move the heuristic took
   there: the earlier search continues instead of starting afresh. Samples after a revealing
   move (dice, a drawn card) only count when what was revealed matches.
6. **per game** (`GAME_SEARCH`) — a game may search only some of its decisions (the others are
   the heuristic's move, at the heuristic's cost), score cut-off positions by a leaf of its own
   (a win probability) instead of the calibrated `evaluate`, and stop a playout where the clock
   runs out. Archipelago does all three; the other games use the shared defaults.

Never peeks: the state given is read only through `determinize` (and `view(seat)` to match
reused samples); every random draw comes from the bot's seed and public facts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from settlers.bots.base import (
    BotError,
    decision_seed,
    derive_seed,
    game_names,
    heuristic_game_names,
    obvious_choice,
    search_root,
    win_shares,
)
from settlers.bots.calibration import WinProbability
from settlers.bots.heuristics import heuristic_factory, heuristic_games, playout_factory

DEFAULT_ITERATIONS = 64
DEFAULT_TOP_K = 4
#: playout length (decisions) before `evaluate` scores the position, per game; 0 = to the end
DEFAULT_DEPTH = {"catan": 60, "iceland": 60, "imperial": 40, "founders": 16,
                 "archipelago": 12}
FALLBACK_DEPTH = 30
ONE_PLY_WORLDS = 2
#: with a clock, the one-ply scoring of the legal moves stops after this share of the budget
#: (the moves not reached yet are not candidates; the heuristic's move always is)
ONE_PLY_SHARE = 0.4
#: standard errors by which a move must beat the heuristic's in the paired comparison
DEFAULT_MARGIN = 1.0
REUSE_HORIZON = 16  # a playout remembers the seat's next decision only this close to the root
#: who plays a playout's moves (budget key `playout`): ``full``, the game's heuristic as it
#: plays at the table; ``fast``, the heuristic at the game's cheaper ``PLAYOUT_BUDGET`` (the
#: budget `mcts:playout=heuristic` plays; Founders: the greedy look-ahead instead of the turn
#: plan, ≈ 7× cheaper a move). The same bot in a game without a ``PLAYOUT_BUDGET``.
PLAYOUTS = ("full", "fast")
#: ``fast``, so every seat text in the committed results (ladders, target runs, the lobby's
#: levels) still names the bot it was measured as; a seat that wants Founders' turn plan in
#: its playouts says ``playout=full`` (at parity with the heuristic with ``fast`` playouts, well
#: above it with ``full`` ones: docs/results/founders-seventeenth-check/NOTES.md, ≈ 7× the CPU)
DEFAULT_PLAYOUT = "fast"


@dataclass(frozen=True)
class GameSearch:
    """What one game's search does differently from the shared defaults.

    `steps`: the decisions searched (by the game's `state.step`); any other decision is the
    heuristic's move, at the heuristic's cost. `leaf`: ``"module:function"`` giving P(win) of
    a position for a seat (``f(state, seat) -> float``), used for the cut-off of a playout and
    the one-ply ranking of the candidates instead of the calibrated `evaluate`. `cut_at_clock`:
    with a clock, a playout stops where the clock runs out (its position scored by the leaf),
    for a game whose heuristic may take long over one decision — before the step that would
    pass it, judged by the longest heuristic step timed in the decision (the root's own
    heuristic move included), so one slow step does not carry the decision past its budget."""

    steps: frozenset[str] | None = None
    leaf: str | None = None
    cut_at_clock: bool = False


#: per game; a game not listed searches every decision and scores leaves by `evaluate`
GAME_SEARCH: dict[str, GameSearch] = {
    # the turn's actions, the evolution cards bought and the bids; crises, offers and the
    # sub-steps of an action (the heuristic plays them out in its own look-ahead) are left to
    # the heuristic. Leaf: settlers.bots.heuristics.archipelago_leaf.
    "archipelago": GameSearch(
        steps=frozenset({"round", "buy", "bid"}),
        leaf="settlers.bots.heuristics.archipelago_leaf:win_probability",
        cut_at_clock=True),
}
NO_GAME_SEARCH = GameSearch()


def _load_leaf(spec: str) -> Callable[[Any, int], float]:
    module, _, name = spec.partition(":")
    leaf: Callable[[Any, int], float] = getattr(import_module(module), name)
    return leaf


class Sample:
    """What one playout leaves for the next decision."""

    __slots__ = ("action", "snapshot", "value")

    def __init__(self, snapshot: Any, action: Any) -> None:
        self.snapshot = snapshot
        self.action = action
        self.value = 0.0


class Arm:
    """One candidate move: the sum and count of its playout values."""

    __slots__ = ("action", "count", "order", "reused", "samples", "total", "values")

    def __init__(self, action: Any, order: int) -> None:
        self.action = action
        self.order = order
        self.total = 0.0
        self.count = 0
        self.reused = 0
        self.samples: list[Sample] = []
        self.values: dict[int, float] = {}  # world index -> playout value (fresh playouts)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def key(self) -> tuple[float, int]:
        return (self.mean, -self.order)


@dataclass(frozen=True)
class Verdict:
    """The comparison behind a searched decision (`SearchBot.last_verdict`): the heuristic's
    move, the best finalist other than it (`None` when the heuristic's move was the best
    finalist), that finalist's paired gains over it (one per world both were played in, in
    the order played) and the move answered."""

    hint: Any
    rival: Any | None
    gains: tuple[float, ...]
    answer: Any

    @property
    def overruled(self) -> bool:
        """The rival was played: it beat the heuristic's move by the margin."""
        return self.rival is not None and self.answer == self.rival


class SearchBot:
    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = None, ms: float | None = None,
                 cpu_ms: float | None = None, top_k: int = DEFAULT_TOP_K,
                 depth: int | None = None, reuse: int = 1,
                 margin: float = DEFAULT_MARGIN, leaf: int = 1, focus: int = 1,
                 playout: str = DEFAULT_PLAYOUT) -> None:
        if iterations is None and ms is None and cpu_ms is None:
            iterations = DEFAULT_ITERATIONS
        for key, value, minimum in (("iterations", iterations, 1), ("ms", ms, 1),
                                    ("cpu_ms", cpu_ms, 1), ("top_k", top_k, 1),
                                    ("depth", depth, 0)):
            if value is not None and value < minimum:
                raise BotError("bots.budget_too_small", bot=self.name, key=key,
                               minimum=minimum)
        for key, flag in (("reuse", reuse), ("leaf", leaf), ("focus", focus)):
            if flag not in (0, 1):
                raise BotError("bots.bad_budget_choice", bot=self.name, key=key,
                               value=flag, choices="0, 1")
        if playout not in PLAYOUTS:
            raise BotError("bots.bad_budget_choice", bot=self.name, key="playout",
                           value=playout, choices=", ".join(PLAYOUTS))
        self.seed = seed
        self.iterations = iterations
        self.ms = ms
        self.cpu_ms = cpu_ms
        self.top_k = top_k
        self.depth = depth
        self.reuse = bool(reuse)
        self.margin = margin
        self.use_leaf = bool(leaf)   # the game's own leaf (GAME_SEARCH) where it has one
        self.focus = bool(focus)     # search only the game's chosen steps (GAME_SEARCH)
        self.playout = playout       # who plays the playouts' moves (PLAYOUTS)
        self._leaf: Callable[[Any, int], float] | None = None
        self._cut = False
        self._reserve = 0.0          # the longest heuristic step timed in this decision
        self.last_playouts = 0       # playouts of the last decision
        self.last_reused = 0         # samples carried over into the last decision
        self.reused_samples: list[Sample] = []  # and those samples (tests check them)
        self.last_verdict: Verdict | None = None  # the last decision's comparison, if searched
        self._kept: list[Sample] = []  # samples of the move played last, for the next decision
        self._win: WinProbability | None = None
        self._factory: Any = None
        self._playout_factory: Any = None   # the heuristic as playouts play it

    # -- decision --------------------------------------------------------------------------
    def act(self, state: Any, seat: int) -> Any:
        legal = state.legal_actions(seat)
        kept, self._kept = self._kept, []
        self.last_verdict = None
        obvious = obvious_choice(state, seat, legal)
        if obvious is not None:
            return obvious
        game = state.game
        factory = heuristic_factory(game.id, game.package)
        if factory is None:
            raise BotError("bots.no_heuristic", game=game_names(game.id),
                           known=heuristic_game_names(heuristic_games()))
        self._factory = factory
        self._playout_factory = (playout_factory(game.id, game.package)
                                 if self.playout == "fast" else factory)
        settings = GAME_SEARCH.get(game.id, NO_GAME_SEARCH)
        if (self.focus and settings.steps is not None
                and getattr(state, "step", None) not in settings.steps):
            # not a decision this game searches: the heuristic's move, as the heuristic
            # itself takes it (it reads the state only through its own determinization)
            self.last_playouts = self.last_reused = 0
            return factory(derive_seed(decision_seed(self.seed, state, seat), "hint")).act(
                search_root(state), seat)
        self._leaf = (_load_leaf(settings.leaf) if self.use_leaf and settings.leaf
                      else None)
        self._cut = settings.cut_at_clock
        if self._win is None or self._win_key != (game.id, state.players):
            self._win = WinProbability(game.id, state.players)
            self._win_key = (game.id, state.players)
        depth = self.depth if self.depth is not None else DEFAULT_DEPTH.get(game.id,
                                                                            FALLBACK_DEPTH)
        base = decision_seed(self.seed, state, seat)
        clock, deadline = self._deadline()
        self._reserve = 0.0
        private = search_root(state)
        worlds: list[Any] = []

        def world(i: int) -> Any:
            while len(worlds) <= i:
                worlds.append(private.determinize(seat, derive_seed(base, len(worlds))))
            return worlds[i]

        ply_limit = (None if deadline is None
                     else clock() + ONE_PLY_SHARE * (deadline - clock()))
        arms, winner = self._candidates(world, seat, legal, base, clock, ply_limit)
        if winner is not None:
            return winner
        self.reused_samples = self._reuse(kept, state, seat, arms) if self.reuse else []
        self.last_reused = len(self.reused_samples)
        self.last_playouts = 0
        finalists = (self._halve(arms, world, seat, base, depth, clock, deadline)
                     if len(arms) > 1 else arms)
        best = self._answer(arms, finalists)
        if self.reuse:
            self._kept = best.samples
        return best.action

    def _answer(self, arms: list[Arm], finalists: list[Arm] | None = None) -> Arm:
        """The best of the `finalists` (the arms sequential halving kept to its last round;
        all of them when none were dropped), if it beats the heuristic's move (`arms[0]`)
        clearly enough: its mean gain over the worlds both were played in must exceed
        `margin` standard errors (a paired comparison; noise alone should not overrule the
        heuristic). An arm dropped after a round or two of playouts is not a finalist, even if
        its few playouts happen to average above the finalists' many. The comparison is kept
        as `last_verdict`."""
        hint = arms[0]
        best = max(arms if finalists is None else finalists, key=Arm.key)
        gains = _gains(best, hint) if best is not hint else []
        answer = self._judge(hint, best, gains)
        self.last_verdict = Verdict(hint.action, None if best is hint else best.action,
                                    tuple(gains), answer.action)
        return answer

    def _judge(self, hint: Arm, best: Arm, gains: list[float]) -> Arm:
        if best is hint or self.margin <= 0:
            return best
        if len(gains) < 2:
            return hint if hint.count else best
        mean = sum(gains) / len(gains)
        var = sum((d - mean) ** 2 for d in gains) / (len(gains) - 1)
        return best if mean > self.margin * math.sqrt(var / len(gains)) else hint

    def _deadline(self) -> tuple[Any, float | None]:
        if self.cpu_ms is not None:
            return time.thread_time, time.thread_time() + self.cpu_ms / 1000.0
        if self.ms is not None:
            return time.perf_counter, time.perf_counter() + self.ms / 1000.0
        return None, None

    # -- candidates ------------------------------------------------------------------------
    def _candidates(self, world: Any, seat: int, legal: list[Any], base: int,
                    clock: Any = None, limit: float | None = None) -> tuple[list[Arm], Any]:
        """The heuristic's move first, then the best one-ply moves; or a move that wins now.
        With a clock `limit`, the legal moves still unscored at that time are left out."""
        first = world(0)
        timed = clock is not None and self._cut
        started = clock() if timed else 0.0
        hint = self._factory(derive_seed(base, "hint")).act(first.clone(), seat)
        if timed:
            self._reserve = clock() - started
        if hint not in legal:
            hint = legal[0]
        scored: list[tuple[float, int, Any]] = []
        for order, action in enumerate(legal):
            if limit is not None and scored and clock() >= limit:
                break
            value = 0.0
            wins = 0
            for i in range(ONE_PLY_WORLDS):
                after = world(i).clone()
                after.apply(seat, action, check=False)
                if after.over:
                    shares = win_shares(after)
                    wins += shares[seat] == 1.0
                    value += 1000.0 * shares[seat]
                elif self._leaf is not None:
                    value += self._leaf(after, seat)
                else:
                    value += float(after.evaluate(seat))
            if wins == ONE_PLY_WORLDS:
                return [], action
            scored.append((value, -order, action))
        scored.sort(reverse=True)
        chosen = [hint, *[a for _, _, a in scored if a != hint][:self.top_k - 1]]
        return [Arm(action, order) for order, action in enumerate(chosen)], None

    # -- reuse -----------------------------------------------------------------------------
    def _reuse(self, kept: list[Sample], state: Any, seat: int,
               arms: list[Arm]) -> list[Sample]:
        """Count the remembered samples whose snapshot looks to `seat` like `state`."""
        if not kept:
            return []
        by_action = {arm.action: arm for arm in arms}
        reached = _seen(state, seat)
        used = []
        for sample in kept:
            arm = by_action.get(sample.action)
            if arm is None or sample.snapshot.version != state.version:
                continue
            if _seen(sample.snapshot, seat) != reached:
                continue
            arm.total += sample.value
            arm.count += 1
            arm.reused += 1
            used.append(sample)
        return used

    # -- sequential halving ----------------------------------------------------------------
    def _halve(self, arms: list[Arm], world: Any, seat: int, base: int, depth: int,
               clock: Any, deadline: float | None) -> list[Arm]:
        """Sequential halving over `arms` (the heuristic's move, `arms[0]`, never dropped);
        the arms of the last round played, the finalists."""
        alive = list(arms)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        next_world = 0
        spent = 0
        started = clock() if clock is not None else 0.0
        for r in range(rounds):
            left = rounds - r
            if self.iterations is not None:  # a playout budget (a clock, if any, caps it)
                budget = max(0, self.iterations - spent)
                per = max(1, budget // (len(alive) * left))
            else:
                remaining = deadline - clock()
                if spent:
                    cost = (clock() - started) / spent
                    per = max(1, int(remaining / (cost * len(alive) * left)))
                else:
                    per = 1 if remaining <= 0 else None  # measured after the first sweep
            i = 0
            while per is None or i < per:
                for arm in alive:
                    self._playout(arm, world(next_world), seat, base, next_world, depth,
                                  clock if self._cut else None, deadline)
                    spent += 1
                    if deadline is not None and self._expired(clock, deadline):
                        break  # a long playout (a slow heuristic) must not overrun the clock
                next_world += 1
                i += 1
                if deadline is not None:
                    if self._expired(clock, deadline):
                        break
                    if per is None:  # first sweep done: now the cost of a playout is known
                        cost = (clock() - started) / spent
                        per = max(1, int((deadline - clock()) / (cost * len(alive) * left)) + 1)
            if len(alive) > 1 and r < rounds - 1:
                alive.sort(key=Arm.key, reverse=True)
                keep = alive[: max(1, math.ceil(len(alive) / 2))]
                if arms[0] not in keep:  # the heuristic's move stays to the end
                    keep[-1] = arms[0]
                alive = keep
            if deadline is not None and self._expired(clock, deadline):
                break
        self.last_playouts = spent
        return alive

    def _expired(self, clock: Any, deadline: float) -> bool:
        """The clock has run out — for a game whose playouts are cut at the clock, as soon as
        one more heuristic step as long as the longest timed in this decision would pass it
        (so a slow step does not carry the decision past its budget; `_reserve` stays 0 in
        the other games: only a cut playout and a cut game's root move time their steps)."""
        return clock() + self._reserve >= deadline

    def _playout(self, arm: Arm, start: Any, seat: int, base: int, index: int,
                 depth: int, clock: Any = None, deadline: float | None = None) -> None:
        world = start.clone()
        world.apply(seat, arm.action, check=False)
        player = self._playout_factory(derive_seed(base, "playout", index))
        sample: Sample | None = None
        steps = 0
        timed = clock is not None and deadline is not None
        before = clock() if timed else 0.0
        while not world.over and (depth == 0 or steps < depth):
            if timed and before + self._reserve >= deadline:
                break  # GameSearch.cut_at_clock: the position reached is scored as it stands
            movers = world.to_act
            if not movers:
                break
            mover = movers[0]
            if mover == seat and sample is None and self.reuse and steps < REUSE_HORIZON:
                snapshot = world.clone()
                action = player.act(world, mover)
                sample = Sample(snapshot, action)
                world.apply(mover, action, check=False)
            else:
                world.apply(mover, player.act(world, mover), check=False)
            steps += 1
            if timed:
                now = clock()
                self._reserve = max(self._reserve, now - before)
                before = now
        if world.over:
            value = win_shares(world)[seat]
        elif self._leaf is not None:
            value = self._leaf(world, seat)
        else:
            assert self._win is not None
            value = self._win(float(world.evaluate(seat)))
        arm.total += value
        arm.count += 1
        arm.values[index] = value
        if sample is not None:
            sample.value = value
            arm.samples.append(sample)


def _gains(arm: Arm, hint: Arm) -> list[float]:
    """`arm`'s playout values less the heuristic move's, over the worlds both were played in."""
    return [value - hint.values[w] for w, value in arm.values.items() if w in hint.values]


def _seen(state: Any, seat: int) -> dict:
    """What `seat` sees of `state`, without the event feed (not part of the position)."""
    view = state.view(seat)
    view.pop("events", None)
    return view
