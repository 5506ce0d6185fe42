"""«Подготовка к игре»: prize tiles, the stacks, the nature draft, the first two tiles, the
market rows."""

from __future__ import annotations

from functools import lru_cache

from settlers.core.content_sets import resolve as resolve_content
from settlers.core.seats import seats_from, snake_order
from settlers.games.founders.actions import DraftPick, FoundState
from settlers.games.founders.board import Board, cell_of
from settlers.games.founders.content import (
    CITY,
    NATURE,
    PRIZE,
    TOKENS_PER_KIND,
    VILLAGE,
    load_tiles,
)
from settlers.games.founders.state import FoundersState

PRIZES_OPEN = {2: 8, 3: 12, 4: 12}
DRAFT_SIZE = {2: 5, 3: 7, 4: 9}


def setup(state: FoundersState) -> None:
    """«Подготовка к игре»."""
    state.ts = load_tiles(resolve_content("founders", "tiles", state.options.get("tiles")))
    n, rng, ts = state.players, state.rng, state.ts
    state.boards = [Board() for _ in range(n)]
    state.stacks = []
    for deck in (NATURE, VILLAGE, CITY):
        pile = ts.deck_tiles(deck)
        rng.shuffle(pile)
        state.stacks.append(pile)
    prizes = ts.deck_tiles(PRIZE)
    rng.shuffle(prizes)
    # «Если вы играете вдвоём, откройте из красной стопки 8 квадратов; ... 12»
    state.prizes = sorted(prizes[: PRIZES_OPEN[n]])
    state.prize_box = prizes[PRIZES_OPEN[n]:]
    state.rows = [[], [], []]
    state.box = []
    state.supply = [TOKENS_PER_KIND, TOKENS_PER_KIND, TOKENS_PER_KIND]
    state.master_pool = list(range(len(ts.masters)))
    rng.shuffle(state.master_pool)  # «Жетоны мастеров ... перемешайте лицом вниз»
    state.token_box = [0, 0]          # war tokens removed with razed tiles (and unused)
    state.boxed_masters = []
    # «Случайным образом определите, кто из игроков будет ходить первым»
    state.first = rng.randrange(n)
    state.current = state.first
    state.draft_pool = sorted(state.stacks[NATURE].pop() for _ in range(DRAFT_SIZE[n]))
    state.draft_order = snake_order(state.first, n)
    state.founding = [[] for _ in range(n)]
    state.found_order = []
    state.phase = "draft"
    state.token_played = False
    state.borrowed = None
    state.chosen = None
    state.chosen_drawn = False
    state.proposed = False
    state.votes = []
    state.final_order = []
    state.ended_by = None
    state._cache = {}


def draft_pick(state: FoundersState, seat: int, action: DraftPick) -> None:
    """«каждый игрок, начиная с первого и далее по часовой стрелке, забирает один из этих
    квадратов ... затем все остальные ... в обратном порядке»."""
    state.draft_pool.remove(action.tile)
    state.founding[seat].append(action.tile)
    state.draft_order.pop(0)
    if state.record_events:
        state.emit("founders.event.draft_pick", seat=seat, tile=state.ts.tile_key(action.tile))
    if not state.draft_order:
        state.phase = "found"
        state.found_order = seats_from(state.first, state.players)


def found_state(state: FoundersState, seat: int, action: FoundState) -> None:
    """«Каждый игрок кладёт перед собой полученные квадраты ... так, чтобы одна сторона у них
    была общая»; after the last player, the market rows."""
    board = state.boards[seat]
    board.cells[cell_of(0, 0)] = action.first
    board.cells[cell_of(0, 1) if action.stacked else cell_of(1, 0)] = action.second
    state.founding[seat] = []
    state.found_order.pop(0)
    if not state.found_order:
        # «Он открывает из зелёной стопки 2 квадрата ... туда же помещает природный
        # квадрат, который остался ... 2 квадрата из синей стопки и 1 — из фиолетовой»
        nature = [state.stacks[NATURE].pop() for _ in range(2)]
        state.rows[0] = nature + state.draft_pool
        state.draft_pool = []
        state.rows[1] = [state.stacks[VILLAGE].pop() for _ in range(2)]
        state.rows[2] = [state.stacks[CITY].pop()]
        state.phase = "reveal"
        state.current = state.first


def found_choices(state: FoundersState, seat: int) -> list[FoundState]:
    """The four ways to lay two tiles sharing a side: either first, beside or behind."""
    a, b = state.founding[seat]
    return [_found(a, b, False), _found(b, a, False), _found(a, b, True), _found(b, a, True)]


_found = lru_cache(maxsize=None)(FoundState)  # the actions are immutable: one per distinct one
