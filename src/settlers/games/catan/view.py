"""What a seat may see (schema in README.md, "View schema"), and the log entries as each seat
may see them."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.dice import ways_2d6

from .actions import Discard
from .board import Board
from .building import harbour_bits_names
from .content import DEV_KINDS, GENERIC_RATIO, RESOURCE_INDEX, SPECIAL_RATIO, VICTORY_POINT
from .phases import MAIN, NAMES, OVER, TRADE
from .scoring import points, public_points
from .state import CatanState
from .topology import (
    CORNER_HEXES,
    CORNER_LABELS,
    CORNER_NEIGHBOURS,
    CORNERS,
    EDGE_CORNERS,
    EDGE_HEXES,
    EDGE_LABELS,
    EDGES,
    GRID,
    HEX_LABELS,
    HEXES,
)
from .trade import may_offer, named, rate

# The action kinds whose menu label (describe.py) depends, within one game, on the action and
# the language alone — not on the state it is offered in (trade terms, places named by the
# fixed board). A server may describe each such action once per game and language
# (settlers.web.texts); tests/web/test_texts.py checks the claim on played games.
ACTION_ONLY_LABELS = frozenset({
    "offer_trade", "counter_offer", "answer_trade", "discard",
    "place_settlement", "place_road", "build_road", "build_settlement", "build_city",
    "move_robber",  # the hex by the fixed board, the victim by seat
    "roll_dice", "start_building", "end_turn", "withdraw_trade", "buy_development_card",
    "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly",
})


def _maritime_rate(st: CatanState, action: Action) -> int:
    return rate(st, st.current, RESOURCE_INDEX.get(action.give, 0))  # type: ignore[attr-defined]


# Kinds whose label depends on the action, the language and one fact of the state: the
# server describes each once per (language, action, fact) per game. A bank trade's label
# names its rate (describe.py: the current player's harbours decide it).
LABEL_FACTS = {"maritime_trade": _maritime_rate}

# Of those, the kinds whose label does not name the board or a seat either (trade terms,
# cards, fixed words): the same in every game, so a server may share them between games.
SHARED_LABELS = frozenset({
    "offer_trade", "counter_offer", "answer_trade", "discard", "maritime_trade",
    "roll_dice", "start_building", "end_turn", "withdraw_trade", "buy_development_card",
    "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly",
})


def _r(x: float) -> float:
    return round(x, 4)


def board_view(board: Board) -> dict[str, Any]:
    """The static part of the view (computed once per board; treat as read-only)."""
    if board._view is not None:
        return board._view
    from settlers.core.hexgrid import SIDE_NAMES
    hexes = []
    for h in range(HEXES):
        q, r = GRID.hexes[h]
        x, y = GRID.hex_center(h)
        res = board.resource[h]
        hexes.append({"id": h, "label": HEX_LABELS[h], "q": q, "r": r, "x": _r(x), "y": _r(y),
                      "terrain": board.terrain[h],
                      "resource": None if res < 0 else ("brick", "lumber", "wool", "grain",
                                                        "ore")[res],
                      "number": board.number[h] or None, "pips": ways_2d6(board.number[h])})
    corners = []
    for c in range(CORNERS):
        x, y = GRID.corner_position(c)
        corners.append({"id": c, "label": CORNER_LABELS[c], "x": _r(x), "y": _r(y),
                        "hexes": list(CORNER_HEXES[c]), "neighbours": list(CORNER_NEIGHBOURS[c])})
    paths = []
    for e in range(EDGES):
        x, y = GRID.edge_midpoint(e)
        paths.append({"id": e, "label": EDGE_LABELS[e], "intersections": list(EDGE_CORNERS[e]),
                      "hexes": list(EDGE_HEXES[e]), "x": _r(x), "y": _r(y)})
    harbours = []
    for e, kind in board.harbours:
        h = EDGE_HEXES[e][0]
        mx, my = GRID.edge_midpoint(e)
        cx, cy = GRID.hex_center(h)
        harbours.append({"path": e, "intersections": list(EDGE_CORNERS[e]), "hex": h,
                         "side": SIDE_NAMES[GRID.hex_edges[h].index(e)], "kind": kind,
                         "ratio": GENERIC_RATIO if kind == "generic" else SPECIAL_RATIO,
                         "x": _r(cx + (mx - cx) * 1.6), "y": _r(cy + (my - cy) * 1.6)})
    board._view = {"orientation": "pointy", "hexes": hexes, "intersections": corners,
                   "paths": paths, "harbours": harbours, "coast": list(GRID.coast)}
    return board._view


# Views of the pieces on the board by the owners they show: a pure function of those lists,
# so states with the same pieces share one (read-only) object — built once, and skipped by
# identity when a server compares a page's last view with the next. Bounded: cleared when full.
_PIECES: dict[tuple, list] = {}
_PIECES_MAX = 4096


def _pieces(key: tuple, build) -> list:
    got = _PIECES.get(key)
    if got is None:
        if len(_PIECES) >= _PIECES_MAX:
            _PIECES.clear()
        got = _PIECES[key] = build()
    return got


def _buildings(owner: list[int], level: list[int]) -> list[dict[str, Any]]:
    return _pieces(("b", *owner, *level), lambda: [
        {"intersection": c, "seat": owner[c], "kind": "city" if level[c] == 2 else "settlement"}
        for c in range(CORNERS) if owner[c] >= 0])


def _roads(owner: list[int]) -> list[dict[str, Any]]:
    return _pieces(("r", *owner), lambda: [{"path": e, "seat": owner[e]}
                                           for e in range(EDGES) if owner[e] >= 0])


# the harbours of a seat by their bitmask (6 bits), named once
_HARBOUR_NAMES = [harbour_bits_names(mask) for mask in range(64)]


def _harbours(mask: int) -> list[str]:
    return _HARBOUR_NAMES[mask] if 0 <= mask < 64 else harbour_bits_names(mask)


def _dev(cards: list[int]) -> dict[str, int]:
    return {DEV_KINDS[k]: cards[k] for k in range(5)}


def state_view(st: CatanState, seat: int | None) -> dict[str, Any]:
    over = st.phase == OVER
    players = []
    for p in range(st.players):
        own = seat == p
        hand = st.hands[p]
        players.append({
            "seat": p, "colour": st.colours[p],
            "resource_count": sum(hand),
            "resources": named_all(hand) if own else None,
            "discard_chosen": named_all(st.discard_chosen[p]) if own else None,
            "development_count": sum(st.dev[p]),
            "development": _dev(st.dev[p]) if own or over else None,
            "new_development": _dev(st.dev_new[p]) if own else None,
            "knights_played": st.knights[p], "road_length": st.road_length[p],
            "longest_road": st.longest_road == p, "largest_army": st.largest_army == p,
            "public_points": public_points(st, p),
            "points": points(st, p) if own or over else None,
            "victory_point_cards": st.dev[p][VICTORY_POINT] if own or over else None,
            "pieces_left": {"roads": st.roads_left[p], "settlements": st.settlements_left[p],
                            "cities": st.cities_left[p]},
            "harbours": _harbours(st.harbours[p]),
            "discard": st.discard_owed[p] or None,
        })
    t = st.trade
    trade = None
    if t is not None:
        answers: dict[str, Any] = {}
        for q, a in enumerate(t["answers"]):
            if a is None or q == st.current:
                continue
            entry: dict[str, Any] = {"answer": a[0]}
            if a[0] == "counter":
                entry["give"] = named(a[1])
                entry["get"] = named(a[2])
            answers[str(q)] = entry
        trade = {"from": st.current, "give": named(t["give"]), "get": named(t["get"]),
                 "answers": answers}
    return {
        "board": board_view(st.board),
        "robber": st.robber,
        "buildings": _buildings(st.corner_owner, st.corner_level),
        "roads": _roads(st.edge_owner),
        "players": players,
        "bank": named_all(st.bank),
        "development_deck": len(st.deck),
        "turn": st.turn, "current": st.current, "first": st.first,
        "phase": NAMES[st.phase], "dice": list(st.dice) if st.dice else None,
        "development_played": st.dev_played,
        "domestic_trade": st.options["domestic_trade"],
        "offers_left": (max(0, st.options["trade_offers"] - st.offers_made)
                        if st.options["trade_offers"] else None),
        "may_offer": st.phase in (TRADE, MAIN) and may_offer(st),
        "road_building_left": st.road_building_left,
        "trade": trade,
        "winner": st.winner if st.winner >= 0 else None,
    }


def named_all(cards: list[int]) -> dict[str, int]:
    return {"brick": cards[0], "lumber": cards[1], "wool": cards[2], "grain": cards[3],
            "ore": cards[4]}


def redact_action(actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
    """A 7-discard is chosen in secret: others see that a card was picked, not which
    (the «discarded» event shows them all once everybody is done)."""
    data = action.to_json()
    if type(action) is Discard and viewer != actor:
        data["resource"] = None
    return data
