"""What holds in every Founders position (settlers.core.invariants: the shared conformance
suite, the playout tests and the long verification runs check it): all 97 tiles, all 24 tokens
and every master are somewhere exactly once; ``recomputed_scores``: the scores counted again
from the boards."""

from __future__ import annotations

from collections import Counter

from settlers.games.founders.content import PRIZE, TOKENS_PER_KIND
from settlers.games.founders.state import FoundersState


def problems(state: FoundersState) -> list[str]:
    out: list[str] = []
    places = [*state.stacks, *state.rows, state.prizes, state.prize_box, state.box,
              state.draft_pool, *state.founding]
    tiles = [t for p in places for t in p]
    for board in state.boards:
        tiles += list(board.cells.values()) + board.face_down
    if state.chosen is not None and state.chosen_drawn:
        tiles.append(state.chosen)
    if sorted(tiles) != list(range(len(state.ts.tile_type))):
        every = Counter(range(len(state.ts.tile_type)))
        out.append(f"tiles not conserved: {sorted((Counter(tiles) - every).elements())} more, "
                   f"{sorted((every - Counter(tiles)).elements())} missing")
    boards = state.boards
    war = state.supply[0] + sum(b.hand_war + len(b.war) for b in boards) + state.token_box[0]
    coin = state.supply[1] + sum(b.hand_coin + len(b.coin) for b in boards)
    cart = state.supply[2] + sum(b.hand_cart + len(b.carts) for b in boards)
    if (war, coin, cart) != (TOKENS_PER_KIND,) * 3:
        out.append(f"tokens not conserved: war {war}, coin {coin}, cart {cart} "
                   f"(each kind {TOKENS_PER_KIND})")
    if min(state.supply) < 0 or any(min(b.hand_war, b.hand_coin, b.hand_cart) < 0
                                    for b in boards):
        out.append(f"negative tokens: supply {state.supply}, hands "
                   f"{[(b.hand_war, b.hand_coin, b.hand_cart) for b in boards]}")
    masters = state.master_pool + state.boxed_masters
    for b in boards:
        masters += b.hand_masters + list(b.master.values())
    if sorted(masters) != list(range(len(state.ts.masters))):
        out.append(f"masters not conserved: {sorted(masters)}")
    return out


def recomputed_scores(state: FoundersState) -> list[float]:
    """The scores counted again from the rulebook's list, independently of scoring.py."""
    ts = state.ts
    out = []
    for b in state.boards:
        total = 0
        for cell, tile in b.cells.items():
            if cell in b.war:
                continue
            if ts.tile_deck[tile] == PRIZE:
                total += ts.tile_vp[tile]
            if cell in b.master:
                total += 2
        total += b.hand_war + b.hand_coin + b.hand_cart + len(b.hand_masters) + len(b.coin)
        total -= len(b.face_down)
        out.append(float(total))
    return out

