"""The terminal board (``render``) and the menu labels (``describe_action``), both languages."""

from __future__ import annotations

from settlers.core import Action
from settlers.core.words import Words
from settlers.games.founders.actions import STACKS
from settlers.games.founders.board import cell_of, xy_of
from settlers.games.founders.scoring import score
from settlers.games.founders.state import FoundersState

CELL_WIDTH = 11


def tile_label(state: FoundersState, tile: int, lang: str) -> str:
    """«Шахта (дерево+камень → железо)» — a tile with what it needs and gives."""
    name, detail = tile_parts(state, tile, lang)
    return f"{name} ({detail})"


def tile_parts(state: FoundersState, tile: int, lang: str) -> tuple[str, str]:
    """A tile's name and what it needs and gives («дерево+камень → железо»): a verb's object
    is the name in quotes, as the log says it («Взять «Река» (— → дерево/вода)»), since a
    Russian name in the nominative after a verb reads wrong («Взять Река»)."""
    w = Words("founders", lang)
    ts = state.ts
    tt = ts.types[ts.tile_type[tile]]
    needs = "+".join(ts.good_name(g, lang) for g in tt.needs) or "—"
    if tt.vp:
        gives = w("render.vp", vp=tt.vp)
    else:
        gives = "/".join(ts.good_name(g, lang) for g in tt.produces)
    name = tt.ru if lang == "ru" else tt.en
    return name, f"{needs} → {gives}"


def _grid(state: FoundersState, seat: int, lang: str) -> list[str]:
    w = Words("founders", lang)
    ts = state.ts
    board = state.boards[seat]
    if not board.cells:
        return []
    unprotected = board.unprotected()
    xs = [xy_of(c)[0] for c in board.cells]
    ys = [xy_of(c)[1] for c in board.cells]
    columns = range(min(xs), max(xs) + 1)
    rows = range(max(ys), min(ys) - 1, -1)  # the owner sits below: far rows on top
    texts: dict[tuple[int, int], str] = {}
    for x in columns:
        for y in rows:
            cell = cell_of(x, y)
            tile = board.cells.get(cell)
            if tile is None:
                texts[x, y] = "·"
                continue
            flags = ""
            if cell in unprotected:
                flags += "^"
            if cell in board.war:
                flags += "⚔"
            if cell in board.master:
                flags += "M"
            if cell in board.coin:
                flags += "$"
            texts[x, y] = ts.name(tile, lang) + flags
    # each column as wide as its longest name («Храм Меркурия», not «Храм Мерку»)
    width = {x: max(CELL_WIDTH, *(len(texts[x, y]) + 1 for y in rows)) for x in columns}
    lines = ["x→    " + "".join(f"{x:<{width[x]}}" for x in columns).rstrip()]
    for y in rows:
        lines.append(f"y={y:<3} " + "".join(texts[x, y].ljust(width[x]) for x in columns).rstrip())
    lines.append("      " + w("render.owner_here"))
    if board.carts:
        corners = ", ".join(f"({x},{y})" for x, y in map(xy_of, sorted(board.carts)))
        lines.append("      " + w("render.carts", corners=corners))
    return lines


def render(state: FoundersState, seat: int | None, lang: str) -> str:
    state.check_viewer(seat)
    w = Words("founders", lang)
    ts = state.ts
    # at the end nobody is to move: no «ходит Игрок 2» under the final scores
    out = [w("render.title_over") if state.over else
           w("render.title", phase=w(f"phase.{state.phase}"),
             player=list(state.to_act) or state.current)]
    out.append(w("render.stacks", nature=len(state.stacks[0]),
                  village=len(state.stacks[1]), city=len(state.stacks[2])))
    for i, name in enumerate(STACKS):
        labels = "; ".join(tile_label(state, t, lang) for t in state.rows[i]) or "—"
        out.append(f"  {w('stack.' + name)}: {labels}")
    prizes = "; ".join(tile_label(state, t, lang) for t in state.prizes) or "—"
    out.append(w("render.prizes", tiles=prizes))
    if state.draft_pool:
        out.append(w("render.draft", tiles="; ".join(
            tile_label(state, t, lang) for t in state.draft_pool)))
    out.append(w("render.supply", war=state.supply[0], coin=state.supply[1],
                  cart=state.supply[2], master=len(state.master_pool)))
    if state.chosen is not None:
        out.append(w("render.chosen", tile=tile_label(state, state.chosen, lang)))
    if state.borrowed is not None:
        out.append(w("render.borrowed", good=ts.good_name(state.borrowed[2], lang),
                      seat=state.borrowed[0]))
    order = list(range(state.players))
    if seat is not None:
        order = order[seat + 1:] + order[: seat + 1]  # the viewer's own state last, nearest
    for s in order:
        board = state.boards[s]
        masters = ", ".join(ts.master_name(m, lang) for m in board.hand_masters) or "—"
        who = w("render.you") if s == seat else ""
        out.append("")
        out.append(w("render.player", seat=s, you=who, score=score(state, s),
                      war=board.hand_war, coin=board.hand_coin, cart=board.hand_cart,
                      masters=masters, face_down=len(board.face_down)))
        if state.founding[s]:
            out.append("  " + "; ".join(tile_label(state, t, lang) for t in state.founding[s]))
        out.extend(_grid(state, s, lang))
    out.append(w("render.legend"))
    return "\n".join(out)


def describe_action(state: FoundersState, action: Action, lang: str) -> str:
    state.check_action(action)
    w = Words("founders", lang)
    ts = state.ts
    k = action.kind
    if k in ("draft_pick", "choose_tile"):
        name, detail = tile_parts(state, action.tile, lang)  # type: ignore[attr-defined]
        return w(f"action.{k}", name=name, detail=detail)
    if k == "found_state":
        a = ts.name(action.first, lang)  # type: ignore[attr-defined]
        b = ts.name(action.second, lang)  # type: ignore[attr-defined]
        key = "action.found_stacked" if action.stacked else "action.found_beside"  # type: ignore[attr-defined]
        return w(key, first=a, second=b)
    if k == "reveal":
        return w("action.reveal", stack=w(f"stack.{action.stack}"))  # type: ignore[attr-defined]
    if k in ("play_war", "play_coin"):
        target, x, y = action.target, action.x, action.y  # type: ignore[attr-defined]
        tile = state.boards[target].cells.get(cell_of(x, y))
        name = ts.name(tile, lang) if tile is not None else "?"
        good = ""
        if k == "play_coin":
            good = ts.good_name(ts.good_index(action.good), lang)  # type: ignore[attr-defined]
        return w(f"action.{k}", target=target, x=x, y=y, tile=name, good=good)
    if k == "play_master":
        m = next(i for i, mm in enumerate(ts.masters) if mm.id == action.master)  # type: ignore[attr-defined]
        tile = state.boards[state.to_act[0]].cells.get(cell_of(action.x, action.y))  # type: ignore[attr-defined]
        return w("action.play_master", master=ts.master_name(m, lang),
                  tile=ts.name(tile, lang) if tile is not None else "?",
                  x=action.x, y=action.y)  # type: ignore[attr-defined]
    if k == "play_cart":
        return w("action.play_cart", x=action.x, y=action.y)  # type: ignore[attr-defined]
    if k == "attach":
        board = state.boards[state.current]
        old = board.cells.get(cell_of(action.x, action.y))  # type: ignore[attr-defined]
        if old is not None:
            return w("action.attach_replace", x=action.x, y=action.y,  # type: ignore[attr-defined]
                      old=ts.name(old, lang))
        return w("action.attach", x=action.x, y=action.y)  # type: ignore[attr-defined]
    if k == "answer_end":
        return w("action.agree" if action.agree else "action.refuse")  # type: ignore[attr-defined]
    return w(f"action.{k}")
