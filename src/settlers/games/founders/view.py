"""What a seat sees (``view``): the game part of ``state.view(seat)``.

Everything in Founders is public except the order of the face-down stacks, the boxed prize
tiles and the face-down master pool; none of them appears here (only their sizes).
The view schema is documented in README.md.
"""

from __future__ import annotations

from typing import Any

from settlers.games.founders.actions import STACKS
from settlers.games.founders.attaching import chosen_cells, fitting, open_tiles
from settlers.games.founders.board import Board, xy_of
from settlers.games.founders.content import DECKS, TOKEN_KINDS, TileSet
from settlers.games.founders.scoring import prize_tiles, score
from settlers.games.founders.state import FoundersState


def _tile(state: FoundersState, tile: int) -> dict[str, Any]:
    return {"id": tile, "type": state.ts.types[state.ts.tile_type[tile]].id}


def _board_view(state: FoundersState, seat: int, board: Board) -> dict[str, Any]:
    ts = state.ts
    unprotected = board.unprotected()
    tiles = []
    for cell in sorted(board.cells):
        x, y = xy_of(cell)
        tile = board.cells[cell]
        coin = board.coin.get(cell)
        master = board.master.get(cell)
        tiles.append({
            "x": x, "y": y, "id": tile, "type": ts.types[ts.tile_type[tile]].id,
            "unprotected": cell in unprotected,
            "war": cell in board.war,
            "master": ts.masters[master].id if master is not None else None,
            "coin": {"by": coin[0], "good": ts.goods[coin[1]].id} if coin else None,
            "producing": bool(ts.tile_mask[tile]) and not board.produces_nothing(cell),
        })
    xs = [xy_of(c)[0] for c in board.cells] or [0]
    ys = [xy_of(c)[1] for c in board.cells] or [0]
    return {
        "seat": seat,
        "score": score(state, seat),
        "prize_tiles": prize_tiles(state, seat),
        "hand": {"war": board.hand_war, "coin": board.hand_coin, "cart": board.hand_cart,
                 "masters": [ts.masters[m].id for m in board.hand_masters]},
        "face_down": [_tile(state, t) for t in board.face_down],
        "founding": [_tile(state, t) for t in state.founding[seat]],
        "tiles": tiles,
        "carts": [dict(zip(("x", "y"), xy_of(c), strict=True)) for c in sorted(board.carts)],
        "bounds": {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)},
    }


def build_view(state: FoundersState, seat: int | None) -> dict[str, Any]:
    ts = state.ts
    borrowed = None
    if state.borrowed is not None:
        target, cell, good = state.borrowed
        x, y = xy_of(cell)
        borrowed = {"from": target, "x": x, "y": y, "good": ts.goods[good].id}
    attachable: list[int] = []
    if state.phase == "main":
        normal, replace = fitting(state)
        attachable = [t for t in open_tiles(state) if t in normal or t in replace]
    place_cells: list[dict[str, Any]] = []
    if state.phase == "place":
        occupied = state.boards[state.current].cells
        for cell in chosen_cells(state):
            x, y = xy_of(cell)
            place_cells.append({"x": x, "y": y, "replace": cell in occupied})
    return {
        "phase": state.phase,
        "current": state.current,
        "first": state.first,
        "ended_by": state.ended_by,
        "tileset": {"source": ts.source, "reconstructed": ts.reconstructed},
        "stacks": {name: len(state.stacks[i]) for i, name in enumerate(STACKS)},
        "rows": {name: [_tile(state, t) for t in state.rows[i]]
                 for i, name in enumerate(STACKS)},
        "prizes": [_tile(state, t) for t in state.prizes],
        "prize_box": len(state.prize_box),
        "box": [_tile(state, t) for t in state.box],
        "draft": [_tile(state, t) for t in state.draft_pool],
        "draft_order": list(state.draft_order),
        "supply": {"war": state.supply[0], "coin": state.supply[1], "cart": state.supply[2],
                   "master": len(state.master_pool)},
        "token_played": state.token_played,
        "borrowed": borrowed,
        "chosen": _tile(state, state.chosen) if state.chosen is not None else None,
        "chosen_drawn": state.chosen_drawn,
        "attachable": attachable,
        "place_cells": place_cells,
        "proposer": state.current if state.phase == "vote" else None,
        "votes": list(state.votes),
        "final_order": list(state.final_order),
        "players": [_board_view(state, s, b) for s, b in enumerate(state.boards)],
        **_catalogue(ts),
    }


_CATALOGUES: dict[int, tuple[TileSet, dict[str, Any]]] = {}


def _catalogue(ts: TileSet) -> dict[str, Any]:
    """The printed components (tile types, goods, masters): the same for a whole game, built
    once per tile set. Callers must not modify it."""
    entry = _CATALOGUES.get(id(ts))
    if entry is None or entry[0] is not ts:
        data = {
            "types": {tt.id: {"deck": DECKS[tt.deck], "ru": tt.ru, "en": tt.en,
                              "needs": [ts.goods[g].id for g in tt.needs],
                              "produces": [ts.goods[g].id for g in tt.produces], "vp": tt.vp,
                              "token": TOKEN_KINDS[tt.token] if tt.token >= 0 else None}
                      for tt in ts.types},
            "goods": {g.id: {"tier": g.tier, "ru": g.ru, "en": g.en} for g in ts.goods},
            "masters": {m.id: {"good": ts.goods[m.good].id, "ru": m.ru, "en": m.en}
                        for m in ts.masters},
        }
        if len(_CATALOGUES) > 16:
            _CATALOGUES.clear()
        entry = _CATALOGUES[id(ts)] = (ts, data)
    return entry[1]
