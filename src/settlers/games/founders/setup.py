"""«Подготовка к игре»: prize tiles, the stacks, the nature draft, the first two tiles, the
market rows."""

from __future__ import annotations

from typing import Any

from settlers.core.content_sets import resolve as resolve_content
from settlers.games.founders.actions import DraftPick, FoundState
from settlers.games.founders.board import Board, cell_of
from settlers.games.founders.tiles import (
    CITY,
    NATURE,
    PRIZE,
    TOKENS_PER_KIND,
    VILLAGE,
    TileSet,
    load_tiles,
)

PRIZES_OPEN = {2: 8, 3: 12, 4: 12}
DRAFT_SIZE = {2: 5, 3: 7, 4: 9}


class SetupSteps:
    """Set-up of a :class:`~settlers.games.founders.state.FoundersState` (a mixin)."""

    ts: TileSet
    players: int
    options: dict[str, Any]
    rng: Any
    emit: Any
    _names: Any

    def setup(self) -> None:
        """«Подготовка к игре»."""
        self.ts = load_tiles(resolve_content("founders", "tiles", self.options.get("tiles")))
        n, rng, ts = self.players, self.rng, self.ts
        self.boards = [Board() for _ in range(n)]
        self.stacks: list[list[int]] = []
        for deck in (NATURE, VILLAGE, CITY):
            pile = ts.deck_tiles(deck)
            rng.shuffle(pile)
            self.stacks.append(pile)
        prizes = ts.deck_tiles(PRIZE)
        rng.shuffle(prizes)
        # «Если вы играете вдвоём, откройте из красной стопки 8 квадратов; ... 12»
        self.prizes = sorted(prizes[: PRIZES_OPEN[n]])
        self.prize_box = prizes[PRIZES_OPEN[n]:]
        self.rows: list[list[int]] = [[], [], []]
        self.box: list[int] = []
        self.supply = [TOKENS_PER_KIND, TOKENS_PER_KIND, TOKENS_PER_KIND]
        self.master_pool = list(range(len(ts.masters)))
        rng.shuffle(self.master_pool)  # «Жетоны мастеров ... перемешайте лицом вниз»
        self.token_box = [0, 0]          # war tokens and masters removed with razed tiles
        self.boxed_masters: list[int] = []
        # «Случайным образом определите, кто из игроков будет ходить первым»
        self.first = rng.randrange(n)
        self.current = self.first
        self.draft_pool = sorted(self.stacks[NATURE].pop() for _ in range(DRAFT_SIZE[n]))
        order = [(self.first + i) % n for i in range(n)]
        self.draft_order = order + order[::-1]
        self.founding: list[list[int]] = [[] for _ in range(n)]
        self.found_order: list[int] = []
        self.phase = "draft"
        self.token_played = False
        self.borrowed: tuple[int, int, int] | None = None
        self.chosen: int | None = None
        self.chosen_drawn = False
        self.proposed = False
        self.votes: list[int] = []
        self.final_order: list[int] = []
        self.ended_by: str | None = None
        self._cache: dict[Any, Any] = {}

    def _draft_pick(self, seat: int, action: DraftPick) -> None:
        self.draft_pool.remove(action.tile)
        self.founding[seat].append(action.tile)
        self.draft_order.pop(0)
        self.emit("founders.event.draft_pick", seat=seat, tile=self._names(action.tile))
        if not self.draft_order:
            self.phase = "found"
            self.found_order = [(self.first + i) % self.players for i in range(self.players)]

    def _found_state(self, seat: int, action: FoundState) -> None:
        board = self.boards[seat]
        board.cells[cell_of(0, 0)] = action.first
        board.cells[cell_of(0, 1) if action.stacked else cell_of(1, 0)] = action.second
        self.founding[seat] = []
        self.found_order.pop(0)
        if not self.found_order:
            # «Он открывает из зелёной стопки 2 квадрата ... туда же помещает природный
            # квадрат, который остался ... 2 квадрата из синей стопки и 1 — из фиолетовой»
            nature = [self.stacks[NATURE].pop() for _ in range(2)]
            self.rows[0] = nature + self.draft_pool
            self.draft_pool = []
            self.rows[1] = [self.stacks[VILLAGE].pop() for _ in range(2)]
            self.rows[2] = [self.stacks[CITY].pop()]
            self.phase = "reveal"
            self.current = self.first

