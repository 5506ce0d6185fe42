"""Founders of the Empire: a fixed action numbering and a fixed observation of the seat's view.

Each player's state is a grid with the owner's coordinates (``x`` across, ``y`` away from the
owner, founded at (0, 0)). Moves on a grid are numbered over the window
``-RADIUS ≤ x, y ≤ RADIUS`` (17 × 17 cells, cell = (x + 8) * 17 + (y + 8)); random games
stay within ±5, the heuristic bot reaches ±7. A move beyond the window has no index
(:class:`OutsideActionSpace`); environments leave it out of the mask. Seats are relative (0 = the deciding seat).

Actions (``FoundersEncoding(players).actions.table()`` prints the ranges): ``draft_pick``
(slot i of the revealed draft tiles), ``found_state`` (swap the two drafted tiles? × stacked?),
``reveal`` (nature, village, city), ``play_war`` (relative target seat × cell), ``play_coin``
(relative target × cell × which of the tile's goods, in goods order), ``play_cart`` (corner
named by its upper-right cell), ``play_master`` (master kind × cell), ``choose_tile`` (slot i of
the nature/village/city row, 6 each, then slot i of the open prize tiles, 16),
``draw_nature``, ``attach`` (cell), ``end_turn``, ``propose_end``, ``answer_end`` (no, yes),
``finish_masters``.

Observation (float32 in [0, 8]) — a tile is described by its deck one-hot (4), the goods it
needs (count per good / 2), the goods it can produce (bits) and its points/3 (33 numbers):
per relative seat a board window of 11 × 11 cells (±5) with, per cell, occupied, deck one-hot,
produced goods, points, razed, master, coin, unprotected, producing, cart at the corner; the
seat's hand (war, coin, cart tokens, masters per kind), face-down tiles, score; the three rows
and the prize tiles (slot by slot: present + tile), the draft, the drafted tiles of the seat,
the chosen tile, stack sizes, supply, phase, whose turn, the token played, the borrowed good,
the votes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from settlers.core import Action, GameState
from settlers.games.founders import actions as A
from settlers.games.founders.board import cell_of, xy_of
from settlers.rl.fixed import FixedEncoding, OutsideActionSpace

RADIUS = 8
SIDE = 2 * RADIUS + 1
CELLS = SIDE * SIDE
OBS_RADIUS = 5
OBS_SIDE = 2 * OBS_RADIUS + 1
SEATS = 4
DRAFT_SLOTS = 12
ROW_SLOTS = 6
PRIZE_SLOTS = 16
GOODS = 14
MASTERS = 6
PHASES = ("draft", "found", "reveal", "vote", "main", "place", "final_masters", "over")
TILE = 4 + GOODS + GOODS + 1
CELL = 1 + 4 + GOODS + 1 + 6


def window_cell(x: int, y: int) -> int | None:
    if -RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS:
        return (x + RADIUS) * SIDE + (y + RADIUS)
    return None


def window_xy(index: int) -> tuple[int, int]:
    x, y = divmod(index, SIDE)
    return x - RADIUS, y - RADIUS


class FoundersEncoding(FixedEncoding):
    game_id = "founders"
    observation_low = 0.0
    observation_high = 8.0

    def __init__(self, players: int = 4) -> None:
        super().__init__(players)
        a = self.actions
        a.add("draft_pick", DRAFT_SLOTS, "draft tile slot i")
        a.add("found_state", 4, "swapped*2 + stacked")
        a.add("reveal", 3, "stack: nature, village, city")
        a.add("play_war", SEATS * CELLS, "relative target*289 + cell")
        a.add("play_coin", SEATS * CELLS * 2, "(relative target*289 + cell)*2 + good rank")
        a.add("play_cart", CELLS, "corner (its upper-right cell)")
        a.add("play_master", MASTERS * CELLS, "master kind*289 + cell")
        a.add("choose_tile", 3 * ROW_SLOTS + PRIZE_SLOTS,
              "row*6 + slot (nature, village, city rows), then 18 + prize slot")
        a.add("draw_nature", 1, "draw the top nature tile")
        a.add("attach", CELLS, "cell")
        a.add("end_turn", 1, "nothing to attach: end the turn")
        a.add("propose_end", 1, "propose ending the game")
        a.add("answer_end", 2, "refuse, agree")
        a.add("finish_masters", 1, "done placing masters")
        self.b = {blk.name: blk.start for blk in a.blocks}

        f = self.features
        self.f_boards = f.add("boards", players * OBS_SIDE * OBS_SIDE * CELL,
                              "per relative seat, per cell (x+5)*11+(y+5): occupied, deck "
                              "one-hot, goods produced, points/3, razed, master, coin, "
                              "unprotected, producing, cart")
        self.f_seats = f.add("seats", players * (3 + MASTERS + 2),
                             "per relative seat: war, coin, cart tokens/3, masters per kind, "
                             "face-down tiles/5, score/20")
        self.f_rows = f.add("rows", 3 * ROW_SLOTS * (1 + TILE), "row slots: present + tile")
        self.f_prizes = f.add("prizes", PRIZE_SLOTS * (1 + TILE), "prize slots: present + tile")
        self.f_draft = f.add("draft", DRAFT_SLOTS * (1 + TILE), "draft slots: present + tile")
        self.f_founding = f.add("founding", 2 * (1 + TILE), "the seat's drafted tiles")
        self.f_chosen = f.add("chosen", 2 + TILE, "a chosen tile, drawn from the stack, tile")
        self.f_misc = f.add("misc", 3 + 1 + 4 + len(PHASES) + SEATS + 1 + 1 + 1 + GOODS + SEATS,
                            "stacks/24, prize box/25, supply war/coin/cart/master /6, phase, "
                            "current relative seat, token played, proposed, borrowed, its "
                            "good, votes per relative seat")
        self._tile_cache: dict[int, tuple[Any, np.ndarray]] = {}

    # ------------------------------------------------------------------ actions
    def index_of(self, state: GameState, seat: int, action: Action) -> int:
        st: Any = state
        b, n = self.b, st.players
        kind = type(action)
        if kind is A.Attach:
            return self._cell(b["attach"], action.x, action.y, action)
        if kind is A.ChooseTile:
            return b["choose_tile"] + self._slot(st, action.tile, action)
        if kind is A.Reveal:
            return b["reveal"] + A.STACKS.index(action.stack)
        if kind is A.PlayWar:
            cell = self._cell(0, action.x, action.y, action)
            return b["play_war"] + ((action.target - seat) % n) * CELLS + cell
        if kind is A.PlayCoin:
            cell = self._cell(0, action.x, action.y, action)
            tile = st.boards[action.target].cells[cell_of(action.x, action.y)]
            goods = self._goods_of(st, tile)
            rank = goods.index(self._good_index(st, action.good))
            return b["play_coin"] + (((action.target - seat) % n) * CELLS + cell) * 2 + rank
        if kind is A.PlayCart:
            return self._cell(b["play_cart"], action.x, action.y, action)
        if kind is A.PlayMaster:
            m = [x.id for x in st.ts.masters].index(action.master)
            return self._cell(b["play_master"] + m * CELLS, action.x, action.y, action)
        if kind is A.DraftPick:
            i = st.draft_pool.index(action.tile)
            if i >= DRAFT_SLOTS:
                raise OutsideActionSpace(f"founders: draft slot {i} beyond {DRAFT_SLOTS}")
            return b["draft_pick"] + i
        if kind is A.FoundState:
            first = st.founding[seat][0]
            return b["found_state"] + (action.first != first) * 2 + action.stacked
        if kind is A.AnswerEnd:
            return b["answer_end"] + action.agree
        simple = {A.DrawNature: "draw_nature", A.EndTurn: "end_turn",
                  A.ProposeEnd: "propose_end", A.FinishMasters: "finish_masters"}
        if kind in simple:
            return b[simple[kind]]
        raise OutsideActionSpace(f"founders: no index for {action.to_json()}")

    @staticmethod
    def _cell(start: int, x: int, y: int, action: Action) -> int:
        cell = window_cell(x, y)
        if cell is None:
            raise OutsideActionSpace(f"founders: {action.to_json()} is outside the ±{RADIUS} "
                                     "window")
        return start + cell

    @staticmethod
    def _slot(st: Any, tile: int, action: Action) -> int:
        for r in range(3):
            row = st.rows[r]
            if tile in row:
                i = row.index(tile)
                if i < ROW_SLOTS:
                    return r * ROW_SLOTS + i
        if tile in st.prizes:
            i = st.prizes.index(tile)
            if i < PRIZE_SLOTS:
                return 3 * ROW_SLOTS + i
        raise OutsideActionSpace(f"founders: no slot for {action.to_json()}")

    @staticmethod
    def _goods_of(st: Any, tile: int) -> list[int]:
        m, g, out = st.ts.tile_mask[tile], 0, []
        while m:
            if m & 1:
                out.append(g)
            m >>= 1
            g += 1
        return out

    @staticmethod
    def _good_index(st: Any, good: str) -> int:
        return [g.id for g in st.ts.goods].index(good)

    def action_at(self, state: GameState, seat: int, index: int) -> Action:
        st: Any = state
        n = st.players
        block = self.actions.block_of(index)
        i = index - block.start
        name = block.name
        if name == "attach":
            return A.Attach(*window_xy(i))
        if name == "choose_tile":
            if i < 3 * ROW_SLOTS:
                row, slot = divmod(i, ROW_SLOTS)
                tiles = st.rows[row]
            else:
                slot, tiles = i - 3 * ROW_SLOTS, st.prizes
            if slot >= len(tiles):
                raise OutsideActionSpace(f"founders: slot {i} of choose_tile is empty")
            return A.ChooseTile(tiles[slot])
        if name == "reveal":
            return A.Reveal(A.STACKS[i])
        if name == "play_war":
            target, cell = divmod(i, CELLS)
            return A.PlayWar((seat + target) % n, *window_xy(cell))
        if name == "play_coin":
            rest, rank = divmod(i, 2)
            target, cell = divmod(rest, CELLS)
            target = (seat + target) % n
            x, y = window_xy(cell)
            tile = st.boards[target].cells.get(cell_of(x, y))
            goods = [] if tile is None else self._goods_of(st, tile)
            if rank >= len(goods):
                raise OutsideActionSpace(f"founders: index {index} names no good")
            return A.PlayCoin(target, x, y, st.ts.goods[goods[rank]].id)
        if name == "play_cart":
            return A.PlayCart(*window_xy(i))
        if name == "play_master":
            m, cell = divmod(i, CELLS)
            return A.PlayMaster(st.ts.masters[m].id, *window_xy(cell))
        if name == "draft_pick":
            if i >= len(st.draft_pool):
                raise OutsideActionSpace(f"founders: draft slot {i} is empty")
            return A.DraftPick(st.draft_pool[i])
        if name == "found_state":
            a, b = st.founding[seat]
            if i // 2:
                a, b = b, a
            return A.FoundState(a, b, bool(i % 2))
        if name == "answer_end":
            return A.AnswerEnd(bool(i))
        return {"draw_nature": A.DrawNature(), "end_turn": A.EndTurn(),
                "propose_end": A.ProposeEnd(), "finish_masters": A.FinishMasters()}[name]

    # ------------------------------------------------------------------ observation
    def _tiles(self, ts: Any) -> np.ndarray:
        """One row of TILE features per tile id (built once per tile set)."""
        cached = self._tile_cache.get(id(ts))
        if cached is not None and cached[0] is ts:
            return cached[1]
        table = np.zeros((len(ts.tile_type), TILE), dtype=np.float32)
        for tile, t in enumerate(ts.tile_type):
            tt = ts.types[t]
            table[tile, tt.deck] = 1.0
            for g in tt.needs:
                table[tile, 4 + g] += 0.5
            for g in tt.produces:
                table[tile, 4 + GOODS + g] = 1.0
            table[tile, 4 + 2 * GOODS] = tt.vp / 3.0
        self._tile_cache[id(ts)] = (ts, table)
        return table

    def _put_tiles(self, obs: np.ndarray, start: int, slots: int, tiles: list[int],
                   table: np.ndarray) -> None:
        width = 1 + TILE
        for i, tile in enumerate(tiles[:slots]):
            base = start + i * width
            obs[base] = 1.0
            obs[base + 1:base + width] = table[tile]

    def observe(self, state: GameState, seat: int) -> np.ndarray:
        st: Any = state
        n = st.players
        ts = st.ts
        table = self._tiles(ts)
        obs = np.zeros(self.features.size, dtype=np.float32)
        plane = OBS_SIDE * OBS_SIDE * CELL
        for p in range(n):
            rel = (p - seat) % n
            board = st.boards[p]
            base = self.f_boards + rel * plane
            unprotected = board.unprotected()
            for cell, tile in board.cells.items():
                x, y = xy_of(cell)
                if not (-OBS_RADIUS <= x <= OBS_RADIUS and -OBS_RADIUS <= y <= OBS_RADIUS):
                    continue
                c = base + ((x + OBS_RADIUS) * OBS_SIDE + (y + OBS_RADIUS)) * CELL
                row = table[tile]
                obs[c] = 1.0
                obs[c + 1:c + 5] = row[:4]
                obs[c + 5:c + 5 + GOODS] = row[4 + GOODS:4 + 2 * GOODS]
                obs[c + 5 + GOODS] = row[4 + 2 * GOODS]
                k = c + 6 + GOODS
                obs[k] = cell in board.war
                obs[k + 1] = cell in board.master
                obs[k + 2] = cell in board.coin
                obs[k + 3] = cell in unprotected
                obs[k + 4] = bool(ts.tile_mask[tile]) and not board.produces_nothing(cell)
            for corner in board.carts:
                x, y = xy_of(corner)
                if -OBS_RADIUS <= x <= OBS_RADIUS and -OBS_RADIUS <= y <= OBS_RADIUS:
                    c = base + ((x + OBS_RADIUS) * OBS_SIDE + (y + OBS_RADIUS)) * CELL
                    obs[c + CELL - 1] = 1.0
            s = self.f_seats + rel * (3 + MASTERS + 2)
            obs[s] = board.hand_war / 3
            obs[s + 1] = board.hand_coin / 3
            obs[s + 2] = board.hand_cart / 3
            for m in board.hand_masters:
                obs[s + 3 + m] += 1.0
            obs[s + 3 + MASTERS] = len(board.face_down) / 5
            from settlers.games.founders.scoring import score
            obs[s + 4 + MASTERS] = max(0, score(st, p)) / 20
        for r in range(3):
            self._put_tiles(obs, self.f_rows + r * ROW_SLOTS * (1 + TILE), ROW_SLOTS,
                            st.rows[r], table)
        self._put_tiles(obs, self.f_prizes, PRIZE_SLOTS, st.prizes, table)
        self._put_tiles(obs, self.f_draft, DRAFT_SLOTS, st.draft_pool, table)
        self._put_tiles(obs, self.f_founding, 2, st.founding[seat], table)
        if st.chosen is not None and st.phase == "place":
            c = self.f_chosen
            obs[c] = 1.0
            obs[c + 1] = st.chosen_drawn
            obs[c + 2:c + 2 + TILE] = table[st.chosen]
        m = self.f_misc
        for i in range(3):
            obs[m + i] = len(st.stacks[i]) / 24
        obs[m + 3] = len(st.prize_box) / 25
        obs[m + 4:m + 7] = np.asarray(st.supply[:3], dtype=np.float32) / 6
        obs[m + 7] = len(st.master_pool) / 6
        k = m + 8
        obs[k + PHASES.index(st.phase)] = 1.0
        k += len(PHASES)
        if st.to_act:
            obs[k + (st.current - seat) % n] = 1.0
        k += SEATS
        obs[k] = bool(st.token_played)
        obs[k + 1] = bool(st.proposed)
        if st.borrowed is not None:
            obs[k + 2] = 1.0
            obs[k + 3 + st.borrowed[2]] = 1.0
        k += 3 + GOODS
        for v in st.votes:
            obs[k + (v - seat) % n] = 1.0
        return obs


ENCODING = FoundersEncoding
__all__ = ["ENCODING", "FoundersEncoding"]
