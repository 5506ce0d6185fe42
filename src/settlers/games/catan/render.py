"""The terminal board (Rich markup): hexes with letter, terrain, number and pips, the robber,
harbours around the coast, roads and buildings in the players' colours, then a table of the
players and the state of the turn.

Each hex: its letter under the top corner, the terrain's name across it, the number, the
pips (or the robber). Canvas: a corner at lattice ``(X, Y)`` of ``settlers.core.hexgrid`` is drawn at column ``4X``;
hex row ``r`` has its centre on text row ``4r``, its top corner 3 rows up, its upper corners
1 row up, its lower corners 1 row down and its bottom corner 3 rows down. Each path is one
character cell (``/``, ``\\`` or ``|``), each intersection one cell.
"""

from __future__ import annotations

from typing import Any

from settlers.core import translate
from settlers.core.dice import ways_2d6
from settlers.core.words import count_words

from .content import (
    COST_CITY,
    COST_DEVELOPMENT,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_KINDS,
    RESOURCE_KEYS,
    RESOURCES,
)
from .phases import BUILD, FOUND_ROAD, FOUND_SETTLEMENT, MAIN, NAMES, OVER, TRADE
from .scoring import points, public_points
from .state import CatanState
from .topology import EDGE_CORNERS, GRID, HEX_LABELS, HEXES

_ROW_OFFSET = {-2: -3, -1: -1, 1: 1, 2: 3}
HEX_WIDTH = 7   # the cells across a hex between its side corners
TERRAIN_STYLE = {"hills": "red3", "forest": "green4", "pasture": "green_yellow",
                 "fields": "yellow3", "mountains": "grey62", "desert": "wheat4"}
COLOUR_STYLE = {"red": "bold red1", "blue": "bold dodger_blue1", "white": "bold white",
                "orange": "bold dark_orange"}


def _escape(text: str) -> str:
    """Rich markup escaping: an opening bracket, and a backslash just before a closing tag."""
    text = text.replace("[", "\\[")
    if text.endswith("\\"):
        text += "\\"
    return text


def board_name(terrain: str, lang: str) -> str:
    """A terrain's name on the board (``catan.terrain_short.*``): the menus' name
    (``catan.terrain.*``, «A Пашни 5») where it fits a hex, else that name cut, with a dot
    («Пастб.»)."""
    return translate(f"catan.terrain_short.{terrain}", lang)[:HEX_WIDTH]


def _corner_cell(X: int, Y: int) -> tuple[int, int]:
    r = round(Y / 3)
    return 4 * X, 4 * r + _ROW_OFFSET[Y - 3 * r]


class _Canvas:
    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, str | None]] = {}

    def put(self, col: int, row: int, text: str, style: str | None = None) -> None:
        for i, ch in enumerate(text):
            self.cells[(col + i, row)] = (ch, style)

    def text(self, markup: bool) -> str:
        cols = [c for c, _ in self.cells]
        rows = [r for _, r in self.cells]
        lines = []
        for row in range(min(rows), max(rows) + 1):
            runs: list[tuple[str | None, str]] = []  # (style, text) of same-style runs
            for col in range(min(cols), max(cols) + 1):
                ch, style = self.cells.get((col, row), (" ", None))
                if ch == " ":
                    style = None
                if runs and runs[-1][0] == style:
                    runs[-1] = (style, runs[-1][1] + ch)
                else:
                    runs.append((style, ch))
            parts = []
            for style, text in runs:
                if markup:
                    text = _escape(text)
                    parts.append(f"[{style}]{text}[/]" if style else text)
                else:
                    parts.append(text)
            lines.append("".join(parts).rstrip())
        return "\n".join(lines)


def draw_board(st: CatanState, lang: str, markup: bool = True) -> str:
    cv = _Canvas()
    board = st.board
    colour = [COLOUR_STYLE.get(c, "bold") for c in st.colours]
    # hexes
    for h in range(HEXES):
        q, r = GRID.hexes[h]
        cx, cy = 4 * (2 * q + r), 4 * r
        terrain = board.terrain[h]
        style = TERRAIN_STYLE[terrain]
        # the letter under the top corner, the terrain across the hex: the words the menus
        # use («A Пашни 5»), cut with a dot where a name is wider than a hex
        cv.put(cx, cy - 2, HEX_LABELS[h], "bold")
        cv.put(cx - 3, cy - 1, board_name(terrain, lang).center(HEX_WIDTH), style)
        n = board.number[h]
        if n:
            cv.put(cx - 1, cy, f"{n:>2}", "bold red" if n in (6, 8) else "bold")
        if h == st.robber:
            cv.put(cx - 3, cy + 1, translate("catan.robber_short", lang)[:7].center(7),
                   "bold reverse")
        elif n:
            cv.put(cx - 2, cy + 1, ("•" * ways_2d6(n)).center(5), style)
    # paths
    for e, (a, b) in enumerate(EDGE_CORNERS):
        (xa, ya), (xb, yb) = GRID.corners[a], GRID.corners[b]
        ca, cb = _corner_cell(xa, ya), _corner_cell(xb, yb)
        col, row = (ca[0] + cb[0]) // 2, (ca[1] + cb[1]) // 2
        if xa == xb:
            glyph = "|"
        else:
            # a is the upper corner (reading order): going down to the right is "\"
            glyph = "\\" if (xb - xa) * (yb - ya) > 0 else "/"
        owner = st.edge_owner[e]
        if owner >= 0:
            cv.put(col, row, {"|": "┃", "\\": "╲", "/": "╱"}[glyph], colour[owner])
        else:
            cv.put(col, row, glyph, "grey50")
    # intersections
    for c, (X, Y) in enumerate(GRID.corners):
        col, row = _corner_cell(X, Y)
        owner = st.corner_owner[c]
        if owner >= 0:
            cv.put(col, row, "■" if st.corner_level[c] == 2 else "▲", colour[owner])
        else:
            cv.put(col, row, "·", "grey50")
    # harbours: a label out at sea beyond the path
    for e, kind in board.harbours:
        mx, my = GRID.edge_lattice[e]  # doubled lattice coordinates of the midpoint
        h = GRID.edge_hexes[e][0]
        q, r = GRID.hexes[h]
        hx, hy = 2 * (2 * q + r), 2 * (3 * r)
        ox, oy = mx + (mx - hx) * 0.9, my + (my - hy) * 0.9
        col = round(ox / 2 * 4)
        row = round(oy / 2 * 4 / 3)
        label = "3:1" if kind == "generic" else "2:1" + translate(
            f"catan.res_initial.{kind}", lang)
        cv.put(col - len(label) // 2, row, label, "bold cyan")
    return cv.text(markup)


def _hand_text(cards: list[int], lang: str) -> str:
    parts = [f"{translate('catan.res.' + RESOURCES[r], lang)} {cards[r]}" for r in range(5)
             if cards[r]]
    return ", ".join(parts) or "—"


def costs_line(lang: str) -> str:
    """«Цены: дорога — глина + древесина; …» on two lines: what each piece and a development
    card cost."""
    def cost(cards: tuple[int, ...]) -> str:
        # «глина + древесина», «2 зерна + 3 руды»: a count only where it is more than one
        return " + ".join(translate(RESOURCE_KEYS[r], lang) if n == 1 else
                          count_words([n if i == r else 0 for i in range(len(cards))],
                                      RESOURCE_KEYS.__getitem__, lang)
                          for r, n in enumerate(cards) if n)

    return translate("catan.costs_line", lang, road=cost(COST_ROAD),
                     settlement=cost(COST_SETTLEMENT), city=cost(COST_CITY),
                     development=cost(COST_DEVELOPMENT))


def render(st: CatanState, seat: int | None, lang: str, markup: bool = True) -> str:
    st.check_viewer(seat)

    def t(key: str, **fields: Any) -> str:
        return translate(key, lang, **fields)

    lines = [draw_board(st, lang, markup), ""]
    over = st.phase == OVER
    for p in range(st.players):
        style = COLOUR_STYLE.get(st.colours[p], "bold")
        name = t("catan.seat_name", seat=p, colour=t(f"catan.colour.{st.colours[p]}"))
        if markup:
            name = f"[{style}]{_escape(name)}[/]"
        marks = []
        if p == st.current and not over:
            marks.append(t("catan.to_move"))
        if st.longest_road == p:
            marks.append(t("catan.longest_road"))
        if st.largest_army == p:
            marks.append(t("catan.largest_army"))
        shown = points(st, p) if (seat == p or over) else public_points(st, p)
        lines.append(t("catan.player_line", name=name, points=shown,
                       cards=sum(st.hands[p]), dev=sum(st.dev[p]), knights=st.knights[p],
                       road=st.road_length[p],
                       marks=" · " + "; ".join(marks) if marks else ""))
    lines.append(t("catan.bank_line", bank=_hand_text(st.bank, lang), deck=len(st.deck)))
    if seat is not None:
        lines.append(t("catan.your_hand", hand=_hand_text(st.hands[seat], lang)))
        # a 7's discard is picked card by card and the hand changes once everybody is done:
        # how many are still owed, which are picked (as the table shows them)
        if st.discard_owed[seat]:
            lines.append(t("catan.board.discard_owed", n=st.discard_owed[seat]))
        if any(st.discard_chosen[seat]):
            lines.append(t("catan.board.discard_picked",
                           cards=_hand_text(st.discard_chosen[seat], lang)))
        dev = st.dev[seat]
        cards = ", ".join(f"{t('catan.dev.' + DEV_KINDS[k])} {dev[k]}" for k in range(5)
                          if dev[k]) or "—"
        lines.append(t("catan.your_cards", cards=cards))
        if st.harbours[seat]:
            from .building import harbour_bits_names
            lines.append(t("catan.your_harbours", harbours=", ".join(
                t("catan.harbour." + k) for k in harbour_bits_names(st.harbours[seat]))))
        if st.phase in (TRADE, BUILD, MAIN):
            # the almanac's building costs card, which every player keeps in front of them:
            # the menu lists only what the hand pays for now, not what the rest would cost
            lines.append(costs_line(lang))
    dice = f"{st.dice[0]}+{st.dice[1]}={sum(st.dice)}" if st.dice else "—"
    phase = t(f"catan.phase.{NAMES[st.phase]}")
    if st.phase in (FOUND_SETTLEMENT, FOUND_ROAD):   # founding comes before the first turn
        lines.append(t("catan.founding_line", seat=st.current, phase=phase))
    else:
        lines.append(t("catan.turn_line", turn=st.turn, seat=st.current, phase=phase, dice=dice))
    if st.trade is not None:
        from .describe import cards_text
        lines.append(t("catan.trade_line", seat=st.current,
                       give=cards_text(st.trade["give"], lang),
                       get=cards_text(st.trade["get"], lang)))
        for q, a in enumerate(st.trade["answers"]):
            if a is not None and q != st.current:
                if a[0] == "counter":
                    lines.append(t("catan.answer_counter", seat=q,
                                   give=cards_text(a[1], lang), get=cards_text(a[2], lang)))
                else:
                    lines.append(t(f"catan.answer_{a[0]}", seat=q))
    if over:
        lines.append(t("catan.game_won", seat=(st.winners() or [0])[0]))
    return "\n".join(lines)

