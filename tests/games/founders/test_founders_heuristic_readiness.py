"""The heuristic's prize readiness (``heuristic._prize_readiness``) answers from a table kept
per tile set: (open prize tiles, producers around a cell) -> readiness. It must give exactly
what the plain reckoning gives — every frontier cell, every prize, the exact matching of
needs to distinct producers — on positions of real games, with the table warm or cold."""

from __future__ import annotations

import random

from settlers.core import load
from settlers.games.founders import heuristic
from settlers.games.founders.attaching import producers_around, supply_map
from settlers.games.founders.matching import needs_met


def plain_readiness(state, board, goods, borrowed):
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
    value = 0.0
    for p, b in best.items():
        vp = ts.tile_vp[p]
        if b >= 1.0:
            value += 0.35 * vp
        elif b > 0:
            value += 0.35 * vp * b
        else:
            needs = ts.tile_needs[p]
            value += 0.05 * vp * sum(1 for g in needs if goods >> g & 1) / len(needs)
    return value


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
                    goods = heuristic.goods_made(state, seat)
                    for borrowed in (0, 1 << rng.randrange(len(state.ts.goods))):
                        kept = heuristic._prize_readiness(state, board, goods, borrowed)
                        assert kept == plain_readiness(state, board, goods, borrowed)
                        compared += 1
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert compared > 500
