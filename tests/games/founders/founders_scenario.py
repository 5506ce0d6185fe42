"""Build exact Founders positions for rule tests: take named tiles out of the box, lay them on
a player's grid, open them in a row, and look at where a tile may go."""

from __future__ import annotations

from settlers.games.founders import GAME
from settlers.games.founders.attaching import attach_options
from settlers.games.founders.board import cell_of, xy_of
from settlers.games.founders.content import CITY, PRIZE
from settlers.games.founders.state import FoundersState


def new_game(players: int = 2, seed: int = 0) -> FoundersState:
    state = GAME.new_state(players, seed)
    assert isinstance(state, FoundersState)
    return state


def past_setup(players: int = 2, seed: int = 0) -> FoundersState:
    """A game right after set-up (draft and founding done with the first legal choices)."""
    state = new_game(players, seed)
    while state.phase in ("draft", "found"):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def blank(players: int = 2, seed: int = 0, current: int = 0) -> FoundersState:
    """Set-up done, then every state emptied: ``current`` is about to reveal a tile."""
    state = past_setup(players, seed)
    for board in state.boards:
        state.box.extend(board.cells.values())  # so that tests may take them again
        board.cells.clear()
    state.current = current
    state.phase = "reveal"
    touch(state)
    return state


def touch(state: FoundersState) -> None:
    state._cache = {}
    for board in state.boards:
        board.carts_changed()


def take(state: FoundersState, type_id: str) -> int:
    """Remove one tile of this type from wherever it waits (stacks, rows, prizes, box...)."""
    ts = state.ts
    for pool in [*state.stacks, *state.rows, state.prizes, state.prize_box, state.draft_pool,
                 state.box]:
        for t in pool:
            if ts.types[ts.tile_type[t]].id == type_id:
                pool.remove(t)
                touch(state)
                return t
    raise LookupError(f"no free tile of type {type_id}")


def put(state: FoundersState, seat: int, type_id: str, x: int, y: int) -> int:
    tile = take(state, type_id)
    state.boards[seat].cells[cell_of(x, y)] = tile
    touch(state)
    return tile


def lay(state: FoundersState, seat: int, tiles: dict[tuple[int, int], str]) -> None:
    """Put tiles on ``seat``'s grid, in this order: ``{(x, y): type id}``."""
    for (x, y), type_id in tiles.items():
        put(state, seat, type_id, x, y)


def open_tile(state: FoundersState, type_id: str) -> int:
    """Lay a tile of this type face up in its row (or among the open prize tiles)."""
    tile = take(state, type_id)
    deck = state.ts.tile_deck[tile]
    if deck == PRIZE:
        state.prizes.append(tile)
    else:
        state.rows[deck].append(tile)
    touch(state)
    return tile


def clear_rows(state: FoundersState) -> None:
    for row in state.rows:
        state.box.extend(row)
        row.clear()
    touch(state)


def main_phase(state: FoundersState) -> FoundersState:
    """Skip the reveal step: the current player may now play a token or attach."""
    state.phase = "main"
    touch(state)
    return state


def offer(state: FoundersState, type_id: str) -> int:
    """Empty the rows, open one tile of ``type_id`` in its row and skip the reveal step: the
    current player may now take it. Returns the tile."""
    clear_rows(state)
    tile = open_tile(state, type_id)
    main_phase(state)
    return tile


def cells_for(state: FoundersState, tile: int) -> set[tuple[int, int]]:
    """Empty cells where the current player may attach ``tile`` now."""
    touch(state)
    normal, _ = attach_options(state, [tile])
    return {xy_of(c) for c in normal[tile]}


def replace_cells_for(state: FoundersState, tile: int) -> set[tuple[int, int]]:
    touch(state)
    _, replace = attach_options(state, [tile])
    return {xy_of(c) for c in replace[tile]}


def kinds(actions) -> set[str]:
    return {a.kind for a in actions}


def good(state: FoundersState, good_id: str) -> int:
    return state.ts.good_index(good_id)


def at(state: FoundersState, seat: int, x: int, y: int) -> int | None:
    return state.boards[seat].cells.get(cell_of(x, y))


def master(state: FoundersState, master_id: str) -> int:
    """The index of the master token with printed id ``master_id``."""
    return next(i for i, m in enumerate(state.ts.masters) if m.id == master_id)


def only_a_horse_prize_left(state: FoundersState) -> FoundersState:
    """Every prize tile boxed but the temple of Neptune (horses + water) opened, and every
    city tile and every tile making horses taken out of the stacks and rows: nobody can
    score any more once no horses are at hand (the end by agreement's positions)."""
    state.prize_box.extend(state.prizes)
    state.prizes.clear()
    open_tile(state, "temple_of_neptune")  # horses + water
    horses = state.ts.good_index("horses")
    for pile in [*state.stacks, *state.rows]:
        for t in list(pile):
            if state.ts.tile_deck[t] == CITY or state.ts.tile_mask[t] >> horses & 1:
                pile.remove(t)
                state.box.append(t)
    touch(state)
    return state
