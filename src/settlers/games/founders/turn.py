"""«Ход игры»: 1. reveal a tile, 2. play a token, 3. attach a tile; the end of a turn."""

from __future__ import annotations

from typing import Any

from settlers.games.founders import tokens
from settlers.games.founders.actions import STACKS, Attach, PlayCart, PlayCoin, PlayWar, Reveal
from settlers.games.founders.board import Board, cell_of
from settlers.games.founders.tiles import CART, COIN, MASTER, TOKEN_KINDS, WAR, TileSet

ROW_LIMIT = 5


class TurnSteps:
    """The steps of a turn of a :class:`~settlers.games.founders.state.FoundersState`."""

    ts: TileSet
    players: int
    emit: Any
    _names: Any
    _good_names: Any
    _tile_at: Any
    _finish: Any
    _next_final_master: Any

    # ---------------------------------------------------------------- 1. reveal
    def _reveal(self, seat: int, action: Reveal) -> None:
        i = STACKS.index(action.stack)
        tile = self.stacks[i].pop()
        row = self.rows[i]
        if len(row) >= ROW_LIMIT:
            # «Если в этом ряду уже лежат 5 квадратов, то уберите все их в коробку»
            self.box.extend(row)
            self.rows[i] = row = []
            self.emit("founders.event.row_cleared", stack=f"founders.stack.{action.stack}")
        row.append(tile)
        self.phase = "main"
        self.emit("founders.event.reveal", seat=seat, tile=self._names(tile))

    # ---------------------------------------------------------------- 2. token
    def _play_token(self, seat: int, action: Any) -> None:
        ts = self.ts
        if self.phase == "main":
            self.token_played = True
        if isinstance(action, PlayWar):
            tokens.play_war(self, seat, action.target, action.x, action.y)
            self.emit("founders.event.war", seat=seat, target=action.target,
                      tile=self._names(self._tile_at(action.target, action.x, action.y)))
        elif isinstance(action, PlayCoin):
            good = ts.good_index(action.good)
            tokens.play_coin(self, seat, action.target, action.x, action.y, good)
            self.emit("founders.event.coin", seat=seat, target=action.target,
                      good=self._good_names(good),
                      tile=self._names(self._tile_at(action.target, action.x, action.y)))
        elif isinstance(action, PlayCart):
            tokens.play_cart(self, seat, action.x, action.y)
            self.emit("founders.event.cart", seat=seat, x=action.x, y=action.y)
        else:
            m = next(i for i, mm in enumerate(ts.masters) if mm.id == action.master)
            tokens.play_master(self, seat, m, action.x, action.y)
            self.emit("founders.event.master", seat=seat,
                      master=ts.master_key(m),
                      tile=self._names(self._tile_at(seat, action.x, action.y)))
            if self.phase == "final_masters" and not tokens.has_placeable_master(self, seat):
                self._next_final_master()

    # ---------------------------------------------------------------- 3. attach
    def _attach_chosen(self, seat: int, action: Attach) -> None:
        ts = self.ts
        tile = self.chosen
        assert tile is not None
        if not self.chosen_drawn:
            if tile in self.prizes:
                self.prizes.remove(tile)
            else:
                for row in self.rows:
                    if tile in row:
                        row.remove(tile)
                        break
        board = self.boards[seat]
        cell = cell_of(action.x, action.y)
        old = board.cells.get(cell)
        if old is not None:
            self._replace(seat, board, cell, old)
        board.cells[cell] = tile
        self.emit("founders.event.attach", seat=seat, tile=self._names(tile), x=action.x,
                  y=action.y)
        kind = ts.tile_token[tile]
        if kind >= 0:
            # «Фиолетовые городские квадраты сразу после присоединения приносят ... жетоны»
            self._give_token(seat, board, kind)
        self._end_turn()

    def _replace(self, seat: int, board: Board, cell: int, old: int) -> None:
        """«Вы можете присоединить новый квадрат вместо одного из своих старых квадратов»."""
        board.face_down.append(old)
        if cell in board.war:
            # «Разорённый квадрат можно заменить. ... уберите все жетоны с него в коробку»
            del board.war[cell]
            self.token_box[0] += 1
        if cell in board.master:
            self.boxed_masters.append(board.master.pop(cell))
        if cell in board.coin:
            # «Заменяя квадрат с жетоном монеты, заберите этот жетон себе»
            del board.coin[cell]
            board.hand_coin += 1
            if self.borrowed is not None and self.borrowed[:2] == (seat, cell):
                self.borrowed = None
        # a cart stays on its corner: «новый квадрат будет считаться объединённым»
        self.emit("founders.event.replace", seat=seat, tile=self._names(old))

    def _give_token(self, seat: int, board: Board, kind: int) -> None:
        if kind == MASTER:
            if self.master_pool:
                m = self.master_pool.pop()
                board.hand_masters.append(m)
                self.emit("founders.event.got_master", seat=seat,
                          master=self.ts.master_key(m))
            return
        if self.supply[kind] > 0:
            self.supply[kind] -= 1
            if kind == WAR:
                board.hand_war += 1
            elif kind == COIN:
                board.hand_coin += 1
            elif kind == CART:
                board.hand_cart += 1
            self.emit("founders.event.got_token", seat=seat,
                      token=f"founders.token.{TOKEN_KINDS[kind]}")

    def _end_turn(self) -> None:
        board = self.boards[self.current]
        if board.coin:
            # «В конце своего хода ... заберите себе все жетоны монеты ... на ваших квадратах»
            board.hand_coin += len(board.coin)
            board.coin.clear()
        self.borrowed = None
        self.chosen = None
        self.chosen_drawn = False
        self.token_played = False
        self.proposed = False
        if not self.prizes:
            self._finish("prizes")
        elif not any(self.stacks):
            self._finish("stacks")
        else:
            self.current = (self.current + 1) % self.players
            self.phase = "reveal"

