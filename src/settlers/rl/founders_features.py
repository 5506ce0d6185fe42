"""Founders of the Empire: a compact afterstate description built from the game's own knowledge.

The greedy bot maximises ``state.evaluate(seat)`` (:mod:`settlers.games.founders.heuristic`),
a weighted sum of a few terms. :func:`features` gives those terms *separately*, for the seat
and for its rival (the evaluation looks at the rival only through the score), plus what the
evaluation ignores: tokens in hand, tiles left in the stacks, prize tiles still open, the
phase. :data:`EVALUATION_WEIGHTS` · ``features(state, seat)`` equals ``state.evaluate(seat)``
(tested), so a value network whose linear part starts at those weights plays exactly as
greedy and learns corrections from game results.

Everything read is open information (boards, hands, rows, counts of the face-down piles); the
order of the face-down piles is never read.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from settlers.games.founders.content import CITY, PRIZE
from settlers.games.founders.heuristic import _prize_readiness, goods_made
from settlers.games.founders.scoring import score

PHASES = ("draft", "found", "reveal", "main", "place", "vote", "final_masters")

# per seat ("me" is the deciding seat, "rival" the best-scoring other seat)
SEAT_TERMS = (
    "score",             # points now (prizes + masters + tokens − face-down)
    "chosen_prize_vp",   # in its own place phase: the VP of the prize tile being attached
    "chosen_prize",      # ... 1 if that tile is a prize tile
    "chosen_city",       # ... 1 if it is a city tile (a token comes with it)
    "chosen_new_goods",  # ... Σ VP of open prizes needing a good the tile adds
    "goods",             # kinds of goods the state makes
    "face_down",         # replaced tiles
    "readiness",         # the evaluation's prize readiness term
    "exposed_prize_vp",  # VP of unprotected, unrazed prize tiles (a war target)
    "hand_war", "hand_coin", "hand_cart", "hand_masters",
    "masters_placed", "coins_placed", "carts_placed", "razed",
    "tiles", "prize_tiles", "frontier", "free_corners",
)
GLOBAL_TERMS = (
    "lead",              # my score − the best other score
    "my_turn",           # the afterstate is still my turn
    "token_played",
    "stack_nature", "stack_village", "stack_city", "stacks_empty",
    "row_nature", "row_village", "row_city",
    "open_prizes", "open_prize_vp",
    "supply_war", "supply_coin", "supply_cart", "master_pool",
    *(f"phase_{p}" for p in PHASES),
)
NAMES = (*(f"me_{t}" for t in SEAT_TERMS), *(f"rival_{t}" for t in SEAT_TERMS), *GLOBAL_TERMS)
SIZE = len(NAMES)
INDEX = {name: i for i, name in enumerate(NAMES)}

# fixed divisors so every feature is of order one (the network sees features / SCALE)
_SEAT_SCALE = {"score": 10.0, "chosen_prize_vp": 3.0, "chosen_new_goods": 5.0, "goods": 5.0,
               "face_down": 2.0, "readiness": 5.0, "exposed_prize_vp": 5.0, "tiles": 20.0,
               "prize_tiles": 5.0, "frontier": 20.0, "free_corners": 5.0, "razed": 3.0,
               "masters_placed": 3.0, "coins_placed": 3.0, "carts_placed": 3.0}
_GLOBAL_SCALE = {"lead": 10.0, "stack_nature": 24.0, "stack_village": 24.0,
                 "stack_city": 24.0, "stacks_empty": 3.0, "row_nature": 5.0,
                 "row_village": 5.0, "row_city": 5.0, "open_prizes": 8.0,
                 "open_prize_vp": 16.0, "supply_war": 6.0, "supply_coin": 6.0,
                 "supply_cart": 6.0, "master_pool": 6.0}
SCALE = np.array([_SEAT_SCALE.get(t, 1.0) for t in SEAT_TERMS] * 2
                 + [_GLOBAL_SCALE.get(t, 1.0) for t in GLOBAL_TERMS], dtype=np.float32)

# the game's evaluation as weights on the raw (unscaled) terms
_RAW_EVALUATION = {"lead": 1.0, "me_chosen_prize_vp": 1.0, "me_chosen_prize": 0.25,
                   "me_chosen_city": 0.8, "me_chosen_new_goods": 0.1, "me_goods": 0.1,
                   "me_face_down": -0.5, "me_readiness": 1.0, "me_exposed_prize_vp": -0.25}
EVALUATION_WEIGHTS = np.zeros(SIZE, dtype=np.float32)
for _name, _w in _RAW_EVALUATION.items():
    EVALUATION_WEIGHTS[INDEX[_name]] = _w * SCALE[INDEX[_name]]


def _seat_terms(state: Any, seat: int) -> list[float]:
    ts = state.ts
    board = state.boards[seat]
    goods = goods_made(state, seat)
    mine = state.current == seat
    chosen_vp = chosen_prize = chosen_city = new_goods = 0.0
    if state.phase == "place" and mine and state.chosen is not None:
        chosen = state.chosen
        if ts.tile_deck[chosen] == PRIZE:
            chosen_vp, chosen_prize = float(ts.tile_vp[chosen]), 1.0
        elif ts.tile_deck[chosen] == CITY:
            chosen_city = 1.0
        new = ts.tile_mask[chosen] & ~goods
        if new:
            new_goods = float(sum(ts.tile_vp[p] for p in state.prizes
                                  if any(new >> g & 1 for g in ts.tile_needs[p])))
    readiness = 0.0
    if state.prizes and board.cells:
        readiness = _prize_readiness(state, board, goods,
                                     1 << state.borrowed[2] if mine and state.borrowed else 0)
    exposed = 0.0
    for cell in board.unprotected():
        tile = board.cells[cell]
        if ts.tile_deck[tile] == PRIZE and cell not in board.war:
            exposed += ts.tile_vp[tile]
    return [
        float(score(state, seat)), chosen_vp, chosen_prize, chosen_city, new_goods,
        float(bin(goods).count("1")), float(len(board.face_down)), readiness, exposed,
        float(board.hand_war), float(board.hand_coin), float(board.hand_cart),
        float(len(board.hand_masters)), float(len(board.master)), float(len(board.coin)),
        float(len(board.carts)), float(len(board.war)), float(len(board.cells)),
        float(sum(1 for t in board.cells.values() if ts.tile_deck[t] == PRIZE)),
        float(len(board.frontier())), float(len(board.free_corners())),
    ]


def features(state: Any, seat: int) -> np.ndarray:
    """The scaled feature vector of ``state`` from ``seat`` (length :data:`SIZE`)."""
    ts = state.ts
    mine = _seat_terms(state, seat)
    others = [s for s in range(state.players) if s != seat]
    rival_terms = [_seat_terms(state, s) for s in others]
    rival = max(rival_terms, key=lambda t: t[0]) if rival_terms else [0.0] * len(mine)
    stacks = [float(len(s)) for s in state.stacks]
    glob = [
        mine[0] - rival[0] if rival_terms else mine[0],
        float(state.current == seat and state.phase in ("main", "place")),
        float(state.token_played),
        *stacks, float(sum(1 for s in stacks if not s)),
        *(float(len(r)) for r in state.rows),
        float(len(state.prizes)), float(sum(ts.tile_vp[p] for p in state.prizes)),
        *(float(x) for x in state.supply), float(len(state.master_pool)),
        *(float(state.phase == p) for p in PHASES),
    ]
    return np.asarray([*mine, *rival, *glob], dtype=np.float32) / SCALE
