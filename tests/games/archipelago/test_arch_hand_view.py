"""The hexes a player chooses from, drawn before it chooses: in turn 0 the three in its hand
(archipelago.ru.txt L117-123: «выбирает один из 6 регионов, изображённых на 3 гексах, которые
находятся у него на руках»), in an exploration the open hex of the stack — one side, face up
(L501: «не подглядывая на обратную сторону открытого гекса») — and once taken both its sides
(«Как только игрок выбрал гекс, он может посмотреть на обе его стороны»), or the Pioneer's
three (L1390). The view gives each side as the board draws a region (``face_drawing``); no
seat, nor a spectator, learns a face it could not see at the table."""

from __future__ import annotations

import json
from typing import Any

from arch_scenario import give_card, in_round, new_game, set_money, touch

from settlers.games.archipelago.actions import Explore, TakeHex, UseCard
from settlers.games.archipelago.view import build_view

#: what the board draws of a face, the keys a region of the view carries too
DRAWING = {"face", "name", "rot", "edges", "icons", "huts", "strait", "icon_shores"}
RES = ("fruit", "wood", "cattle", "fish", "stone", "iron")


def faces_named(view: dict[str, Any]) -> set[str]:
    """Every face id anywhere in a view (a ``"face"`` key at any depth)."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("face"), str):
                found.add(x["face"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(json.loads(json.dumps(view)))
    return found


def on_table(state) -> set[str]:
    """The faces anyone may see: the regions laid, the start hex, the stack's open side."""
    c = state.content
    out = {r["face"] for r in build_view(state, None)["regions"]} | {state.start_face.id}
    if state.stack:
        out.add(c.hexes[state.stack[-1][0]][state.stack[-1][1]].id)
    return out


def assert_side_drawn(side: dict[str, Any], face) -> None:
    assert set(side) == DRAWING
    assert side["face"] == face.id and side["name"] == face.name and side["rot"] == 0
    assert side["edges"] == list(face.edges)           # unturned: clockwise from east
    assert side["icons"] == [RES[i] for i in face.icons]
    assert side["huts"] == face.huts and side["strait"] == face.strait
    assert side["icon_shores"] == list(face.icon_shores)


def test_turn_zero_my_hand_is_drawn_both_sides_and_nobody_elses():
    state = new_game(3, seed=2)
    a = state.to_act[0]
    mine = build_view(state, a)["hand_hexes"]
    assert [x["hex"] for x in mine] == state.hands[a]
    for x in mine:
        assert len(x["sides"]) == 2
        for side, face in zip(x["sides"], state.content.hexes[x["hex"]], strict=True):
            assert_side_drawn(side, face)
    # a region on the table is drawn from the same data (its sides turned)
    region = build_view(state, a)["regions"][0]
    assert set(region) >= DRAWING
    for seat in [s for s in range(3) if s != a] + [None]:
        view = build_view(state, seat)
        own = state.hands[seat] if seat is not None else []
        assert [x["hex"] for x in view["hand_hexes"]] == own
        allowed = on_table(state) | {f.id for h in own for f in state.content.hexes[h]}
        assert faces_named(view) <= allowed, faces_named(view) - allowed
        assert view["hands"][a] is None
    # my own hand, seen by me only
    assert faces_named(build_view(state, a)) >= {f.id for h in state.hands[a]
                                                 for f in state.content.hexes[h]}


def test_the_open_hex_shows_one_side_until_taken_then_both_to_the_taker_only():
    state = in_round(3, seed=0, seat=0)
    state.apply(0, Explore())
    assert state.step == "explore_draw"
    top, up = state.stack[-1]
    c = state.content
    for seat in (0, 1, 2, None):
        view = build_view(state, seat)
        assert view["hand_hexes"] == []
        assert_side_drawn({k: v for k, v in view["stack_top"].items() if k != "hex"},
                          c.hexes[top][up])
        assert c.hexes[top][1 - up].id not in faces_named(view)   # no peeking at its back
    state.apply(0, TakeHex())
    assert state.step == "explore_place"
    got = build_view(state, 0)["hand_hexes"]
    assert [x["hex"] for x in got] == [top]
    for side, face in zip(got[0]["sides"], c.hexes[top], strict=True):
        assert_side_drawn(side, face)
    for seat in (1, 2, None):
        view = build_view(state, seat)
        assert view["hand_hexes"] == []
        assert faces_named(view) <= on_table(state)


def test_the_pioneers_three_hexes_are_drawn_to_the_pioneer_only():
    state = in_round(3, seed=0, seat=0)
    give_card(state, 0, "pioneer")
    set_money(state, 0, 20)
    state.apply(0, UseCard("pioneer", ()))
    touch(state)
    state.apply(0, Explore())
    assert state.step == "explore_pick"
    drawn = state.ctx["drawn"]
    assert [x["hex"] for x in build_view(state, 0)["hand_hexes"]] == drawn
    for seat in (1, 2, None):
        view = build_view(state, seat)
        assert view["hand_hexes"] == []
        assert faces_named(view) <= on_table(state)
