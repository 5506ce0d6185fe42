"""The heuristic's prize readiness (``heuristic.best_readiness``) answers from a table kept
per tile set: (open prize tiles, producers around a cell) -> readiness. It must give exactly
what the plain reckoning gives — every frontier cell, every prize, the exact matching of
needs to distinct producers — on positions of real games, with the table warm or cold."""

from __future__ import annotations

import random

from settlers.core import load
from settlers.games.founders import heuristic
from settlers.games.founders.attaching import producers_around, supply_map
from settlers.games.founders.matching import needs_met


def plain_readiness(state, board, borrowed):
    """Per open prize: 1.0 if some frontier cell's producers meet its needs (exact matching),
    else 0.4 × the largest share of its needs one cell's producers make."""
    ts = state.ts
    best = {p: 0.0 for p in state.prizes}
    supply = supply_map(board, ts.tile_mask)
    for cell in board.frontier():
        masks = producers_around(board, cell, supply, borrowed)
        union = 0
        for m in masks:
            union |= m
        if not union:
            continue
        for p in state.prizes:
            needs = ts.tile_needs[p]
            if needs_met(needs, masks):
                best[p] = 1.0
            else:
                share = sum(1 for g in needs if union >> g & 1) / len(needs)
                best[p] = max(best[p], 0.4 * share)
    return best


def test_the_kept_readiness_table_gives_the_plain_reckoning_on_played_positions():
    game = load("founders")
    compared = 0
    for seed in range(4):
        heuristic._ROWS.clear()   # cold for the first position of each game, warm after
        state = game.new_state(4, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            if state.prizes:
                for seat in range(state.players):
                    board = state.boards[seat]
                    if not board.cells:
                        continue
                    for borrowed in (0, 1 << rng.randrange(len(state.ts.goods))):
                        kept = heuristic.best_readiness(state, board, borrowed)
                        assert kept == plain_readiness(state, board, borrowed)
                        compared += 1
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert compared > 500
