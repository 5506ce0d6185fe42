"""The game's bot knowledge, in one place: the worth of a position (``evaluate``, used by
the greedy and MCTS bots through ``state.evaluate``) and the game's own bot (``make_bot``).

The bot (:class:`FoundersBot`) plans each turn as a whole on ``evaluate`` of the position the
turn leaves behind: the stack to reveal, then a token (or none), the open tile and its cell.
Until the seventeenth pass it was the generic greedy bot on the same ``evaluate``, so it
played exactly as ``greedy:samples=1`` (docs/audits/2026-12-07-seventeenth-founders-bot.md).
It answers a proposal to end by the rulebook: «в сложившейся ситуации никто больше не может
заработать победных очков (при согласии всех участников)» — it agrees exactly when it cannot
score any more itself (:func:`settlers.games.founders.ending.answer_by_the_rule`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from settlers.bots.base import decision_seed, derive_seed, search_root
from settlers.core import Action
from settlers.games.founders.actions import (
    AnswerEnd,
    ChooseTile,
    PlayCart,
    PlayCoin,
    PlayMaster,
    PlayWar,
    ProposeEnd,
    Reveal,
)
from settlers.games.founders.attaching import producers_around, supply_map
from settlers.games.founders.board import Board
from settlers.games.founders.content import CITY, PRIZE, TileSet
from settlers.games.founders.matching import needs_met
from settlers.games.founders.scoring import can_still_score, prize_tiles, score
from settlers.games.founders.state import FoundersState


class FoundersBot:
    """Plans the whole turn on :func:`evaluate` of the position the turn leaves behind.

    The generic greedy bot judges each of a turn's decisions by the position right after it: a
    token is worth its place in hand (1 point) until the tile it makes possible is attached, so
    a coin that buys the good a 3-point prize tile lacks looks like a loss of a point, and the
    tile is chosen by a guess of what its cell will give. This bot instead looks at every
    ordering of its turn's decisions — a token (or none), the open tile, its cell — and judges
    each by the position at the end of the turn (or by the result, when the turn ends the game),
    with a prize tile left unprotected weighing more while another player holds a war token
    (``guard``; L123 «размещайте важные квадраты ближе к себе»). The stack to reveal is judged the same way over a few worlds of what the seat does not see
    (stack orders redrawn by ``determinize``), and the end is proposed only when it would win
    (a proposal ends the game only if nobody can score, and then the standings are final).
    Only the seat's knowledge is used: every world comes from ``state.determinize(seat, …)``.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, samples: int = 1, reveal_worlds: int = 3,
                 guard: float = 0.5, plan: bool = True) -> None:
        from settlers.bots.greedy import GreedyBot  # the generic search, outside the game

        self.seed = seed
        self.plan = plan   # False: every decision by the greedy look-ahead (a search's playouts)
        self.greedy = GreedyBot(seed=seed, samples=samples)
        self.reveal_worlds = reveal_worlds   # worlds per stack when choosing what to reveal
        self.guard = guard   # prize points left open to a war token in hand: see turn_value
        # the reveal's tile-and-cell values, for the decision right after it (same turn)
        self._kept: tuple[tuple[Any, ...], dict[tuple[Any, ...], float]] | None = None

    def act(self, state: Any, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if legal and isinstance(legal[0], AnswerEnd):
            return AnswerEnd(not can_still_score(state, seat))
        phase = state.phase
        if not self.plan or phase not in ("reveal", "main", "place"):
            action: Action = self.greedy.act(state, seat)
            return action
        base = decision_seed(self.seed, state, seat)
        if phase == "reveal":
            return self._reveal(state, seat, legal, base)
        world = search_root(state).determinize(seat, derive_seed(base, 0))
        if phase == "place":
            return max(legal, key=lambda a: self._after(world, seat, a, {}))
        return self._main(world, seat, legal, self._kept_memo(state, seat))

    # ---------------------------------------------------------------- the turn's plan
    def _main(self, world: FoundersState, seat: int, legal: list[Action],
              memo: dict[tuple[Any, ...], float]) -> Action:
        """The token (or none) and the tile. Without a token: every tile, every cell. A war
        token changes nothing on the seat's own board, so its worth is its effect on the
        position plus the best plan without it; a coin is planned once per good it can buy
        (on the target it hurts most); a cart or a master, each on its own."""
        plain = [a for a in legal if not isinstance(a, _TOKENS)]
        values = {a: self._after(world, seat, a, memo) for a in plain}
        best = max(plain, key=values.__getitem__)
        best_value = values[best]
        tokens = [a for a in legal if isinstance(a, _TOKENS)]
        if not tokens:
            return best
        # after a token: the best tile without it, the prize tiles, the tiles it makes
        # choosable (a token is spent for the tile it lets in, or for its own effect)
        ts = world.ts
        focus = _Focus(frozenset([best] + [a for a in plain if isinstance(a, ChooseTile)
                                           and ts.tile_deck[a.tile] == PRIZE]),
                       frozenset(plain))
        now = turn_value(world, seat, self.guard)
        coins: dict[str, tuple[float, Action]] = {}
        for action in tokens:
            quick = _quick(world, seat, action, self.guard)
            if isinstance(action, PlayWar):
                value = best_value + quick - now
            elif isinstance(action, PlayCoin):
                if action.good not in coins or quick > coins[action.good][0]:
                    coins[action.good] = (quick, action)
                continue
            else:
                value = self._after(world, seat, action, None, focus)
            if value > best_value:
                best, best_value = action, value
        for _, action in coins.values():
            value = self._after(world, seat, action, None, focus)
            if value > best_value:
                best, best_value = action, value
        return best

    def _after(self, world: FoundersState, seat: int, action: Action,
               memo: dict[tuple[Any, ...], float] | None,
               focus: _Focus | None = None) -> float:
        """The best end-of-turn value reachable by playing ``action`` now. ``memo`` (no token
        played this turn, the seat's board as it is): tile-and-cell values already found.
        ``focus`` (after a token): only its tiles and the tiles the token let in are tried
        (every cell of them)."""
        key = None
        if memo is not None and world.phase == "place":
            key = (world.chosen, action, not any(world.stacks))
            if key in memo:
                return memo[key]
        after = world.clone()
        after.apply(seat, action, check=False)
        value = self._best_rest(after, seat, memo, focus)
        if key is not None:
            memo[key] = value
        return value

    def _best_rest(self, state: FoundersState, seat: int,
                   memo: dict[tuple[Any, ...], float] | None,
                   focus: _Focus | None = None) -> float:
        if state.phase not in ("main", "place") or state.current != seat:
            return turn_value(state, seat, self.guard)
        legal = state.legal_actions(seat)
        if state.phase == "main":
            legal = [a for a in legal if not isinstance(a, _TOKENS)]   # one token a turn
            if focus is not None:
                narrowed = [a for a in legal if a in focus.tiles or a not in focus.plain]
                legal = narrowed or legal
        if not legal:
            return turn_value(state, seat, self.guard)
        return max(self._after(state, seat, a, memo, focus) for a in legal)

    # ---------------------------------------------------------------- what to reveal
    def _reveal(self, state: Any, seat: int, legal: list[Action], base: int) -> Action:
        """The stack whose revealed tile most improves this turn's best plan (without a
        token), over a few worlds of the unseen stack orders; the end proposed when it would
        win. The tiles already open are judged once for every stack and world (``memo``)."""
        if ProposeEnd() in legal and _leads(state, seat):
            return ProposeEnd()
        root = search_root(state)
        reveals = [a for a in legal if isinstance(a, Reveal)]
        totals = dict.fromkeys(reveals, 0.0)
        memo: dict[tuple[Any, ...], float] = {}
        for sample in range(self.reveal_worlds):
            world = root.determinize(seat, derive_seed(base, sample))
            for action in reveals:
                totals[action] += self._after(world, seat, action, memo)
        self._kept = (_position(state, seat, state.version + 1), memo)
        return max(reveals, key=lambda a: totals[a])

    def _kept_memo(self, state: FoundersState, seat: int) -> dict[tuple[Any, ...], float]:
        """The values the reveal just found, if this is the same seat's turn right after it
        and nothing that ``evaluate`` reads has changed (boards, scores, open prize tiles);
        else a new memo. The values are the same either way: this only saves the time."""
        kept, self._kept = self._kept, None
        if (kept is not None and not state.token_played
                and kept[0] == _position(state, seat, state.version)):
            return kept[1]
        return {}


def _position(state: FoundersState, seat: int, version: int) -> tuple[Any, ...]:
    """What a tile-and-cell value of ``seat``'s turn depends on, with the version it is for."""
    return (seat, version, tuple(state.prizes), tuple(sorted(state.boards[seat].cells.items())),
            tuple(score(state, s) for s in range(state.players)))


class _Focus(NamedTuple):
    """After a token: the tiles to try (the best without a token, the prize tiles) besides
    those the token let in (not among ``plain``, the tiles open to the turn without it)."""

    tiles: frozenset[Action]
    plain: frozenset[Action]


_TOKENS = (PlayWar, PlayCoin, PlayCart, PlayMaster)
WIN = 1e9


def turn_value(state: FoundersState, seat: int, guard: float = 0.0) -> float:
    """A position's worth to ``seat``: the result once the game is over, else ``evaluate``
    less ``guard`` × VP of each prize tile left unprotected while another player holds a war
    token (L162: a war token razes an unprotected tile, and the tile's points are lost)."""
    if state.over:
        winners = state.winners()
        return WIN / len(winners) if seat in winners else -WIN
    value = evaluate(state, seat)
    if guard and any(b.hand_war for s, b in enumerate(state.boards) if s != seat):
        ts = state.ts
        board = state.boards[seat]
        for cell in board.unprotected():
            tile = board.cells[cell]
            if ts.tile_deck[tile] == PRIZE and cell not in board.war:
                value -= guard * ts.tile_vp[tile]
    return value


def _quick(state: FoundersState, seat: int, action: Action, guard: float = 0.0) -> float:
    """The position right after ``action`` (the chosen tile judged by ``evaluate``'s guess)."""
    after = state.clone()
    after.apply(seat, action, check=False)
    return turn_value(after, seat, guard)


def _leads(state: FoundersState, seat: int) -> bool:
    """Whether ``seat`` would win if the game ended now (more points, or as many and more
    prize tiles: the tie-break)."""
    mine = (score(state, seat), prize_tiles(state, seat))
    return all(mine > (score(state, s), prize_tiles(state, s))
               for s in range(state.players) if s != seat)


#: the cheaper heuristic for playouts (``settlers.bots.heuristics.playout_factory``): what
#: `search` (`playout=fast`, its default) and `mcts:playout=heuristic` (and `guided`) play their playouts with —
#: the turn's plan costs ≈ 7× the greedy look-ahead a decision. `search:playout=full` plays the
#: plan in its playouts too: with greedy ones the search was no stronger than this heuristic
#: (docs/results/founders-seventeenth-check/NOTES.md)
PLAYOUT_BUDGET = {"plan": 0}


def make_bot(seed: int = 0, **budget: Any) -> FoundersBot:
    """The game's heuristic bot; budget: ``samples`` (sampled worlds of the greedy search that
    takes the set-up decisions, default 1), ``plan`` (0: every decision by that greedy search,
    as in a search's playouts; default 1)."""
    return FoundersBot(seed=seed, samples=int(budget.get("samples", 1)),
                       plan=bool(int(budget.get("plan", 1))))




def evaluate(state: FoundersState, seat: int) -> float:
    """Score lead; what is about to be gained; which open prize tiles the state could take
    (or has half the goods for); how many goods it makes; minus prize points exposed to war."""
    state.check_seat(seat)
    ts = state.ts
    scores = [score(state, s) for s in range(state.players)]
    others = [v for s, v in enumerate(scores) if s != seat]
    value = float(scores[seat] - (max(others) if others else 0))
    board = state.boards[seat]
    goods = goods_made(state, seat)
    mine = state.current == seat
    if state.phase == "place" and mine and state.chosen is not None:
        # the chosen tile is as good as attached: a prize's points, a city's token, a new
        # good wanted by open prize tiles
        chosen = state.chosen
        if ts.tile_deck[chosen] == PRIZE:
            value += ts.tile_vp[chosen] + 0.25  # certain points, and denied to others
        elif ts.tile_deck[chosen] == CITY:
            value += 0.8
        new = ts.tile_mask[chosen] & ~goods
        if new:
            value += 0.1 * sum(ts.tile_vp[p] for p in state.prizes
                               if any(new >> g & 1 for g in ts.tile_needs[p]))
    value += 0.1 * bin(goods).count("1")
    value -= 0.5 * len(board.face_down)  # a replacement also costs the turn's growth
    if state.prizes and board.cells:
        value += _prize_readiness(state, board, goods,
                                  1 << state.borrowed[2] if mine and state.borrowed else 0)
    for cell in board.unprotected():
        tile = board.cells[cell]
        if ts.tile_deck[tile] == PRIZE and cell not in board.war:
            value -= 0.25 * ts.tile_vp[tile]
    return value


#: per tile set (by identity; the entry holds it, so its id is not reused): (open prize tiles,
#: the producers' masks around a cell) -> ``_readiness_row``, a pure function the heuristic
#: asks of every frontier cell of every position it evaluates, mostly about the same few
#: combinations
_ROWS: dict[int, tuple[TileSet, dict[tuple[tuple[int, ...], tuple[int, ...]],
                                     tuple[float, ...] | None]]] = {}
_ROWS_SIZE = 1 << 16


def _rows_of(ts: TileSet) -> dict[tuple[tuple[int, ...], tuple[int, ...]],
                                  tuple[float, ...] | None]:
    entry = _ROWS.get(id(ts))
    if entry is None or entry[0] is not ts:
        if len(_ROWS) >= 8:
            _ROWS.clear()
        entry = _ROWS[id(ts)] = (ts, {})
    rows = entry[1]
    if len(rows) >= _ROWS_SIZE:
        rows.clear()
    return rows


def _readiness_row(tile_needs: tuple[tuple[int, ...], ...], prizes: tuple[int, ...],
                   masks: tuple[int, ...]) -> tuple[float, ...] | None:
    """How ready a cell with these producers around it is for each prize tile: 1.0 if it can
    take it now, else 0.4 × the share of its needs the producers make; None without any."""
    union = 0
    for m in masks:
        union |= m
    if not union:
        return None
    row = []
    for p in prizes:
        needs = tile_needs[p]
        if needs_met(needs, list(masks)):
            row.append(1.0)
        else:
            row.append(0.4 * (sum(1 for g in needs if union >> g & 1) / len(needs)))
    return tuple(row)


def goods_made(state: FoundersState, seat: int) -> int:
    """The mask of the goods ``seat``'s producing tiles make."""
    ts = state.ts
    board = state.boards[seat]
    goods = 0
    for cell, tile in board.cells.items():
        if not board.produces_nothing(cell):
            goods |= ts.tile_mask[tile]
    return goods


def _prize_readiness(state: FoundersState, board: Board, goods: int, borrowed: int) -> float:
    """For each open prize tile: 0.35 × VP if some empty cell of the state can take it now,
    else 0.15 × VP × the share of its needs some single empty cell already has around it,
    else 0.05 × VP × the share of its needs the state makes anywhere."""
    ts = state.ts
    value = 0.0
    for p, b in best_readiness(state, board, borrowed).items():
        vp = ts.tile_vp[p]
        if b >= 1.0:
            value += 0.35 * vp
        elif b > 0:
            value += 0.35 * vp * b
        else:
            needs = ts.tile_needs[p]
            value += 0.05 * vp * sum(1 for g in needs if goods >> g & 1) / len(needs)
    return value


def best_readiness(state: FoundersState, board: Board, borrowed: int) -> dict[int, float]:
    """Per open prize tile, the readiness of the board's best empty cell for it (1.0: it fits
    there now; else 0.4 × the largest share of its needs one cell's producers make)."""
    ts = state.ts
    prizes = state.prizes
    best = {p: 0.0 for p in prizes}
    supply = supply_map(board, ts.tile_mask)
    rows = _rows_of(ts)
    open_prizes = tuple(prizes)
    for cell in board.frontier():
        key = (open_prizes, tuple(producers_around(board, cell, supply, borrowed)))
        if key in rows:
            row = rows[key]
        else:
            row = rows[key] = _readiness_row(ts.tile_needs, open_prizes, key[1])
        if row is not None:
            for p, ready in zip(prizes, row):
                if ready > best[p]:
                    best[p] = ready
    return best
