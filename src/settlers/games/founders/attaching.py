"""3. «Присоединить квадрат»: which open tiles may be attached and where, and attaching one
(replacing an old tile, taking a city tile's token).

A tile needs goods from its eight neighbours. Each tile of the state produces at most one good
per turn (a nature tile one of its two), so the needs must be matched to *different* producing
tiles — a bipartite matching, not a count. Carts widen what a neighbour offers: a neighbour
joined by carts offers the goods of every tile in its group, but each good is still produced
on (and uses up) its own tile. A good bought with a coin is one more producer, reachable from
anywhere. The tile on a replaced cell is gone and produces nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from settlers.games.founders.actions import Attach
from settlers.games.founders.board import AROUND, OFFSET, WIDTH, Board, cart_supply
from settlers.games.founders.content import CART, COIN, MASTER, TOKEN_KINDS, WAR
from settlers.games.founders.matching import matching as matching  # re-exported
from settlers.games.founders.matching import need_mask
from settlers.games.founders.matching import needs_met as needs_met  # re-exported
from settlers.games.founders.placement import PlacementIndex, index_of
from settlers.games.founders.state import FoundersState


# ====================================================================== the position
def open_tiles(state: FoundersState) -> list[int]:
    """Tiles that may be attached: «квадрат из горизонтального ряда (природный, деревенский или
    городской) или призовой квадрат»."""
    rows = state.rows
    return rows[0] + rows[1] + rows[2] + state.prizes


def attach_options(state: FoundersState, tiles: list[int] | None = None
                   ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """For each open tile (or each of ``tiles``), the empty cells and the replaceable cells of
    the current player's state it may go on (sorted)."""
    key = ("attach", None if tiles is None else tuple(tiles))
    opts = state._cache.get(key)
    if opts is None:
        opts = state._cache[key] = _options(state, open_tiles(state) if tiles is None else tiles)
    return opts


def _options(state: FoundersState, tiles: list[int]
             ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    board = state.boards[state.current]
    index = index_of(board, state.ts)
    tile_bit = index.table.tile_bit
    front, occ = index.frontier_sorted(), index.occupied_sorted(board)
    borrowed = _borrowed_mask(state)
    met = index.met_with(borrowed) if borrowed else index.met
    normal: dict[int, list[int]] = {}
    replace: dict[int, list[int]] = {}
    for t in tiles:
        bit = tile_bit[t]
        if bit:
            normal[t] = [c for c in front if met[c] & bit]
            replace[t] = [c for c in occ if met[c] & bit]
        else:
            normal[t] = list(front)
            replace[t] = list(occ)
    return normal, replace


def _fit_bits(state: FoundersState) -> tuple[int, int, bool, tuple[int, ...]]:
    """The needs met on some empty cell and on some occupied cell of the current player's
    state (bits, see placement.NeedTable), a good bought this turn counted (``met_with``),
    whether it has an empty cell next to it, and the bit of each tile's need."""
    board = state.boards[state.current]
    index = index_of(board, state.ts)
    borrowed = _borrowed_mask(state)
    if borrowed:
        front_bits, occ_bits = index.borrowed_bits(board, borrowed)
    else:
        front_bits, occ_bits = index.frontier_bits(), index.occupied_bits(board)
    return front_bits, occ_bits, bool(index.frontier), index.table.tile_bit


def fitting(state: FoundersState) -> tuple[set[int], set[int]]:
    """Open tiles that fit an empty cell now; of the rest, those that fit by replacing."""
    fit = state._cache.get("fitting")
    if fit is None:
        front_bits, occ_bits, has_frontier, tile_bit = _fit_bits(state)
        normal: set[int] = set()
        replace: set[int] = set()
        for t in open_tiles(state):
            bit = tile_bit[t]
            if bit:
                if front_bits & bit:
                    normal.add(t)
                elif occ_bits & bit:
                    replace.add(t)
            elif has_frontier:
                normal.add(t)
        fit = state._cache["fitting"] = normal, replace
    return fit


def choosable(state: FoundersState) -> tuple[list[int], bool]:
    """The open tiles the main step offers, in order, and whether one of them fits an empty
    cell: while one does, every tile that fits (``fitting``: on an empty cell or by
    replacing); otherwise those that fit by replacing (and drawing from the nature stack)."""
    board = state.boards[state.current]
    index: PlacementIndex | None = board.index
    if index is None or board.changes or index.table.ts is not state.ts:
        index = index_of(board, state.ts)
    table = index.table
    rows = state.rows
    tiles = rows[0] + rows[1] + rows[2] + state.prizes
    menu_bit = table.menu_bit
    frontier = index.frontier
    # each open tile has one bit (menu_bit): offered when it fits somewhere (plain loops:
    # cheaper than C-level pipelines or comprehensions for a dozen tiles)
    offered = []
    wanted = 0
    if state.borrowed is None:
        # the needs met on some cell, empty or occupied, in one pass without telling the two
        # apart; whether one fits an empty cell is asked of the empty cells only when no
        # open tile needs nothing
        fits = index.any_bits
        if fits is None:
            fits = index.anywhere_bits()
        if frontier:
            fits |= table.free  # a tile needing nothing fits any empty cell
        for t in tiles:  # the open tiles that fit
            if menu_bit[t] & fits:
                offered.append(t)
        # Whether one fits an empty cell is asked of the offered tiles' bits only: a tile not
        # offered needs what no cell meets, empty or occupied (and with an empty cell, a tile
        # needing nothing is offered). The open tiles' bits are not ORed one by one: most of
        # them are not offered.
        for t in offered:
            wanted |= menu_bit[t]
        normal = bool(frontier) and (bool(wanted & table.free)
                                     or (bool(offered) and index.fits_on_frontier(wanted)))
        return offered, normal
    for t in tiles:
        wanted |= menu_bit[t]
    fits, normal = _bought_fits(state, index, board, wanted)
    for t in tiles:
        if menu_bit[t] & fits:
            offered.append(t)
    return offered, normal


def _bought_fits(state: FoundersState, index: PlacementIndex, board: Board, wanted: int
                 ) -> tuple[int, bool]:
    """``choosable``'s needs met somewhere and whether an open tile fits an empty cell, with
    a good bought this turn. It can only help the needs naming it: of the open tiles' needs
    not met anywhere yet, those it meets are looked for (on an empty cell, then by
    replacing); and it lets a tile fit an empty cell only through such a need."""
    assert state.borrowed is not None
    table = index.table
    fits = index.any_bits
    if fits is None:
        fits = index.anywhere_bits()
    good = state.borrowed[2]
    naming = wanted & table.naming[good]
    gaining = naming & ~fits
    frontier = index.frontier
    on_frontier = 0  # needs met with the good on an empty cell
    if gaining:
        on_frontier = index.gained(frontier, good, gaining)
        fits |= on_frontier
        rest = gaining & ~fits
        if rest:
            fits |= index.gained(board.cells, good, rest)
    if not frontier:
        return fits, False
    # one fits an empty cell: a tile needing nothing, a need met there already, or a need
    # naming the good met there with it (those met nowhere before: looked for above)
    normal = bool(wanted & table.free or on_frontier) or index.fits_on_frontier(wanted) \
        or bool(naming & ~gaining and index.gained(frontier, good, naming & ~gaining))
    return fits | table.free, normal


def chosen_cells(state: FoundersState) -> list[int]:
    """Where the chosen tile may go: a tile drawn from the nature stack (needing nothing) goes
    next to any tile or instead of any tile; an open tile where its needs are met (the cells of
    ``attach_options`` for that tile, empty and occupied, in one sorted list)."""
    return list(place_cells(state))


def place_cells(state: FoundersState) -> Iterable[int]:
    """``chosen_cells``, as an iterable that may be the index's own list (not to be changed)."""
    board = state.boards[state.current]
    index: PlacementIndex | None = board.index
    if index is None or board.changes or index.table.ts is not state.ts:
        index = index_of(board, state.ts)
    if state.chosen_drawn:
        return index.cells_sorted(board)
    assert state.chosen is not None
    bit = index.table.tile_bit[state.chosen]
    if not bit:
        return index.cells_sorted(board)
    borrowed = state.borrowed
    table = index.table
    # the few cells meeting the need, picked from every cell of the index in a plain loop
    # (cheaper than a C-level pipeline of look-ups here) and sorted
    required = None if borrowed is None else table.lesser[borrowed[2]].get(bit)
    # (plain loops: a comprehension's own call costs more than the appends here)
    out = []
    if required is not None:
        # the need names the good bought this turn: the cells where the need less that good
        # is met (NeedTable.lesser)
        for c, p in index.producers.items():
            if p & required == required:
                out.append(c)
    else:
        for c, met in index.met.items():
            if met & bit:
                out.append(c)
    out.sort()
    return out


def _borrowed_mask(state: FoundersState) -> int:
    return 1 << state.borrowed[2] if state.borrowed is not None else 0


# ====================================================================== attaching
def attach_chosen(state: FoundersState, seat: int, action: Attach) -> None:
    """Lay the chosen tile on (x, y), replacing what lies there; a city tile gives its token.
    (The turn ends afterwards: see turn.py.)"""
    ts = state.ts
    tile = state.chosen
    assert tile is not None
    if not state.chosen_drawn:
        prizes = state.prizes
        if tile in prizes:
            prizes.remove(tile)
        else:
            for row in state.rows:
                if tile in row:
                    row.remove(tile)
                    break
    board = state.boards[seat]
    cells = board.cells
    cell = (action.x + OFFSET) * WIDTH + (action.y + OFFSET)  # cell_of(x, y)
    old = cells.get(cell)
    if old is not None:
        replace_tile(state, seat, board, cell, old)
    cells[cell] = tile
    if state.record_events:
        state.emit("founders.event.attach", seat=seat, tile=ts.tile_key(tile), x=action.x,
                   y=action.y)
    kind = ts.tile_token[tile]
    if kind >= 0:
        # «Фиолетовые городские квадраты сразу после присоединения приносят ... жетоны»
        give_token(state, seat, board, kind)


def replace_tile(state: FoundersState, seat: int, board: Board, cell: int, old: int) -> None:
    """«Вы можете присоединить новый квадрат вместо одного из своих старых квадратов»."""
    board.face_down.append(old)
    if cell in board.war:
        # «Разорённый квадрат можно заменить. ... уберите все жетоны с него в коробку»
        del board.war[cell]
        state.token_box[0] += 1
    if cell in board.master:
        state.boxed_masters.append(board.master.pop(cell))
    if cell in board.coin:
        # «Заменяя квадрат с жетоном монеты, заберите этот жетон себе»
        del board.coin[cell]
        board.hand_coin += 1
        if state.borrowed is not None and state.borrowed[:2] == (seat, cell):
            state.borrowed = None
    # a cart stays on its corner: «новый квадрат будет считаться объединённым»
    if state.record_events:
        state.emit("founders.event.replace", seat=seat, tile=state.ts.tile_key(old))


def give_token(state: FoundersState, seat: int, board: Board, kind: int) -> None:
    """«вы берёте из общего резерва жетон того же типа, что и производимый квадратом ресурс»;
    a master is drawn face down, then shown."""
    if kind == MASTER:
        if state.master_pool:
            m = state.master_pool.pop()
            board.hand_masters.append(m)
            if state.record_events:
                state.emit("founders.event.got_master", seat=seat,
                           master=state.ts.master_key(m))
        return
    if state.supply[kind] > 0:
        state.supply[kind] -= 1
        if kind == WAR:
            board.hand_war += 1
        elif kind == COIN:
            board.hand_coin += 1
        elif kind == CART:
            board.hand_cart += 1
        if state.record_events:
            state.emit("founders.event.got_token", seat=seat,
                       token=f"founders.token.{TOKEN_KINDS[kind]}")


# ====================================================================== the matching


def supply_map(board: Board, tile_mask: tuple[int, ...]) -> dict[int, int]:
    """Cell -> mask of the goods its tile can produce this turn (producing tiles only)."""
    war, master, coin = board.war, board.master, board.coin
    out = {}
    for c, t in board.cells.items():
        m = tile_mask[t]
        if m and c not in war and c not in master and c not in coin:
            out[c] = m
    return out


def producers_around(board: Board, cell: int, supply: dict[int, int],
                     borrowed_mask: int) -> list[int]:
    """The good masks of the distinct tiles able to supply a tile put on ``cell``."""
    if board.carts:
        masks = cart_supply(board, cell, supply)
    else:
        masks = []
        for d in AROUND:
            m = supply.get(cell + d)
            if m:
                masks.append(m)
    if borrowed_mask:
        masks.append(borrowed_mask)
    return masks


Around = dict[int, tuple[list[int], int]]


class BoardFacts(NamedTuple):
    supply: dict[int, int]      # see supply_map
    frontier: list[int]         # Board.frontier()
    occupied: list[int]         # sorted(board.cells)
    around: Around              # cell -> (its producers' masks, their union), filled lazily


def _around(board: Board, cells: list[int], supply: dict[int, int], borrowed_mask: int,
            memo: Around) -> Around:
    """Fill ``memo`` with cell -> (the masks of its producers, their union) for ``cells``
    (only those not there yet): what ``producers_around`` gives, computed once per cell and
    position."""
    for cell in cells:
        if cell not in memo:
            memo[cell] = _cell_around(board, cell, supply, borrowed_mask)
    return memo


def _cell_around(board: Board, cell: int, supply: dict[int, int], borrowed_mask: int
                 ) -> tuple[list[int], int]:
    """The masks of ``cell``'s producers and their union (``producers_around``, without its
    cart rules when no cart is on the board)."""
    if board.carts:
        masks = producers_around(board, cell, supply, borrowed_mask)
        union = 0
        for m in masks:
            union |= m
        return masks, union
    get = supply.get
    masks = []
    union = 0
    for d in AROUND:
        produced = get(cell + d)
        if produced:
            masks.append(produced)
            union |= produced
    if borrowed_mask:
        masks.append(borrowed_mask)
        union |= borrowed_mask
    return masks, union


def _feasible(needs: list[tuple[int, ...]], supply: dict[int, int], borrowed_mask: int
              ) -> list[tuple[tuple[int, ...], int]]:
    """The needs (with their masks) that some cell might meet: every good made somewhere on
    the board (or bought), and no more goods than producers. A need failing this fails on
    every cell, since a cell's producers are some of the board's."""
    total = borrowed_mask
    for m in supply.values():
        total |= m
    producers = len(supply) + (1 if borrowed_mask else 0)
    out = []
    for need in needs:
        mask = need_mask(need)
        if not mask & ~total and len(need) <= producers:
            out.append((need, mask))
    return out


def attach_cells(board: Board, tiles: list[int], needs: tuple[tuple[int, ...], ...],
                 tile_mask: tuple[int, ...], borrowed_mask: int, facts: BoardFacts | None = None
                 ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """For each tile: the empty cells it can go on, and the occupied cells it can replace."""
    normal: dict[int, list[int]] = {t: [] for t in tiles}
    replace: dict[int, list[int]] = {t: [] for t in tiles}
    if not tiles:
        return normal, replace
    by_needs: dict[tuple[int, ...], list[int]] = {}
    for t in tiles:
        by_needs.setdefault(needs[t], []).append(t)
    free = by_needs.pop((), [])
    if facts is None:
        facts = BoardFacts(supply_map(board, tile_mask), board.frontier(), sorted(board.cells),
                           {})
    supply, memo = facts.supply, facts.around
    feasible = _feasible(list(by_needs), supply, borrowed_mask)
    for cells, out in ((facts.frontier, normal), (facts.occupied, replace)):
        if free:
            for cell in cells:
                for t in free:
                    out[t].append(cell)
        if not feasible:
            continue
        _around(board, cells, supply, borrowed_mask, memo)
        for cell in cells:
            masks, union = memo[cell]
            for need, mask in feasible:
                if union & mask == mask and needs_met(need, masks):
                    for t in by_needs[need]:
                        out[t].append(cell)
    return normal, replace


def fitting_tiles(board: Board, tiles: list[int], needs: tuple[tuple[int, ...], ...],
                  tile_mask: tuple[int, ...], borrowed_mask: int, facts: BoardFacts | None = None
                  ) -> tuple[set[int], set[int]]:
    """Which tiles fit on at least one empty cell, and which of the others fit at least by
    replacing a tile — stopping as soon as each kind of need is settled (for the menus)."""
    by_needs: dict[tuple[int, ...], list[int]] = {}
    for t in tiles:
        by_needs.setdefault(needs[t], []).append(t)
    normal: set[int] = set()
    replace: set[int] = set()
    if facts is None:
        facts = BoardFacts(supply_map(board, tile_mask), board.frontier(), sorted(board.cells),
                           {})
    supply, memo, frontier = facts.supply, facts.around, facts.frontier
    free = by_needs.pop((), [])
    if free and frontier:
        normal.update(free)
    feasible = _feasible(list(by_needs), supply, borrowed_mask)
    for cells, out in ((frontier, normal), (facts.occupied, replace)):
        pending = {need: mask for need, mask in feasible if by_needs[need][0] not in normal}
        for cell in cells:
            if not pending:
                break
            entry = memo.get(cell)
            if entry is None:
                entry = memo[cell] = _cell_around(board, cell, supply, borrowed_mask)
            masks, union = entry
            done = []
            for need, mask in pending.items():
                if union & mask == mask and needs_met(need, masks):
                    out.update(by_needs[need])
                    done.append(need)
            for need in done:
                del pending[need]
    return normal, replace
