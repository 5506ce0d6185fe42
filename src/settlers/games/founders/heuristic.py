"""The game's bot knowledge, in one place: the worth of a position (``evaluate``, used by
the greedy and MCTS bots through ``state.evaluate``) and the game's own bot (``make_bot``).

The bot is the generic greedy bot on ``evaluate`` plus the one decision the evaluation cannot
make well — whether to agree to end the game. «в сложившейся ситуации никто больше не может
заработать победных очков (при согласии всех участников)»: it agrees exactly when it cannot
score any more itself (:func:`settlers.games.founders.ending.answer_by_the_rule`).
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.founders.actions import AnswerEnd
from settlers.games.founders.attaching import producers_around, supply_map
from settlers.games.founders.board import Board
from settlers.games.founders.content import CITY, PRIZE, TileSet
from settlers.games.founders.matching import needs_met
from settlers.games.founders.scoring import can_still_score, score
from settlers.games.founders.state import FoundersState


class FoundersBot:
    """Greedy on :func:`evaluate`; answers a proposal to end by the rulebook."""

    name = "heuristic"

    def __init__(self, seed: int = 0, samples: int = 1) -> None:
        from settlers.bots.greedy import GreedyBot  # the generic search, outside the game

        self.greedy = GreedyBot(seed=seed, samples=samples)

    def act(self, state: Any, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if legal and isinstance(legal[0], AnswerEnd):
            return AnswerEnd(not can_still_score(state, seat))
        action: Action = self.greedy.act(state, seat)
        return action


def make_bot(seed: int = 0, **budget: Any) -> FoundersBot:
    """The game's heuristic bot; budget: ``samples`` (sampled worlds per decision, default 1)."""
    return FoundersBot(seed=seed, samples=int(budget.get("samples", 1)))




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
