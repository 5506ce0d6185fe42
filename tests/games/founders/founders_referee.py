"""A referee for Founders of the Empire written from the rule text alone
(founders-of-empire.ru.txt, the sixteenth reading: docs/audits/2026-12-07-sixteenth-founders-rules.md).

It follows a game from the *public* table only: the engine's view at the start (the open prize
tiles, the draft and the first player: chance), then its own model, changed by each action as
the rulebook says. Chance is the only thing it reads from the engine after the start — which
tile a reveal or a draw turns up and which master a master city tile brings — and it checks that
this is possible (a tile of that stack not seen in play yet, a master nobody has shown).

At each decision it works out, from its own model and the line numbers given, who is to act and
the whole menu of each seat, and compares it with ``legal_actions`` as a set (the legal side,
and by the equality the illegal side). After each action it compares its model with the view:
the rows, the stacks' counts, the box, the prizes, the supply, every state's tiles with their
war, coin and master tokens and carts, the hands, the face-down tiles, the phase and the player
to move, the ending, the points, the tie-break and the winners, and the marks the view draws
(unprotected and producing tiles, the tiles that may be attached, the cells for the chosen one).
It checks too that every seat's view shows what the rules make public and nothing the rules
keep face down (the stacks' order, the boxed prize tiles, the master pool): the tile ids and
masters in any view are exactly those its public model knows, every seat sees the same, and a
world re-dealt from a seat's view shows that seat the same view and menu.

It never imports the engine's rules modules; it reads the tile file itself.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any

from settlers.games.founders import GAME

STACK_NAMES = ("nature", "village", "city")          # L41, L55 «Выберите одну из трёх стопок»
PRIZES_OPEN = {2: 8, 3: 12, 4: 12}                    # L37
DRAFT = {2: 5, 3: 7, 4: 9}                            # L39
ROW_MAX = 5                                           # L55, L66
PRIZE_DECK = 25                                       # L24
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)   # L92
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))            # L92 «хотя бы одной стороной полностью»
TOKEN_KINDS = ("war", "coin", "cart", "master")       # L26-L31

Cell = tuple[int, int]


class Departure(AssertionError):
    """The engine did something the rule text does not give."""


def read_tile_file() -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Tile types (deck, needs, produces, vp, count) and master -> good, from the tile file."""
    text = (resources.files("settlers.games.founders") / "data" / "tiles.jsonl").read_text("utf-8")
    types: dict[str, dict[str, Any]] = {}
    masters: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        entry = json.loads(line)
        if "tile" in entry:
            types[entry["tile"]] = entry
        elif "master" in entry:
            masters[entry["master"]] = entry["good"]
    return types, masters


TYPES, MASTER_GOOD = read_tile_file()


# ====================================================================== the model
class Seat:
    """One player's state: cells -> {id, type, war, master, coin}, carts, hand, face-down."""

    def __init__(self) -> None:
        self.cells: dict[Cell, dict[str, Any]] = {}
        self.carts: set[Cell] = set()
        self.hand = {"war": 0, "coin": 0, "cart": 0}
        self.masters: list[str] = []
        self.face_down: list[int] = []
        self.founding: list[int] = []

    # L170 «Незащищённым считается самый дальний от владельца квадрат в каждом вертикальном ряду»
    def unprotected(self) -> set[Cell]:
        top: dict[int, int] = {}
        for x, y in self.cells:
            top[x] = max(top.get(x, y), y)
        return {(x, y) for x, y in top.items()}

    def makes(self, cell: Cell) -> list[str]:
        """What the tile on ``cell`` produces now: nothing if razed (L162), under a master
        (L218), under a coin (L178: «этот квадрат не принесёт ресурсов»), or a prize (L98)."""
        t = self.cells[cell]
        if t["war"] or t["master"] is not None or t["coin"] is not None:
            return []
        return list(TYPES[t["type"]]["produces"])

    def cart_cells(self, corner: Cell) -> list[Cell]:
        x, y = corner
        return [(x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)]

    def groups(self) -> dict[Cell, frozenset[Cell]]:
        """Cell -> the cells joined with it by carts (L197; several carts sharing a tile make one
        group, L203/L210 «два жетона телеги объединяют семь квадратов»)."""
        parent: dict[Cell, Cell] = {}

        def root(c: Cell) -> Cell:
            while parent.setdefault(c, c) != c:
                c = parent[c]
            return c
        for corner in self.carts:
            cs = self.cart_cells(corner)
            for c in cs[1:]:
                parent[root(c)] = root(cs[0])
        out: dict[Cell, set[Cell]] = {}
        for c in parent:
            out.setdefault(root(c), set()).add(c)
        return {c: frozenset(out[root(c)]) for c in parent}

    def score(self) -> int:
        """L143-L146, L189 (coins lying on one's tiles are one's own tokens)."""
        vp = sum(TYPES[t["type"]]["vp"] for t in self.cells.values() if not t["war"])
        masters = 2 * sum(1 for t in self.cells.values() if t["master"] is not None and not t["war"])
        coins_here = sum(1 for t in self.cells.values() if t["coin"] is not None)
        return vp + masters + sum(self.hand.values()) + len(self.masters) + coins_here \
            - len(self.face_down)

    def prize_count(self) -> int:
        """L148: prize tiles «в чьём государстве» (razed ones lie there too)."""
        return sum(1 for t in self.cells.values() if TYPES[t["type"]]["deck"] == "prize")


def feeds(needs: list[str], sources: list[list[str]]) -> bool:
    """Whether each need can come from a different source (L100 «Каждый квадрат производит
    только один ресурс в ход»; L108: one forest cannot give wood and stone)."""
    needs = sorted(needs, key=lambda g: sum(g in s for s in sources))
    used = [False] * len(sources)

    def go(i: int) -> bool:
        if i == len(needs):
            return True
        for k, s in enumerate(sources):
            if not used[k] and needs[i] in s:
                used[k] = True
                if go(i + 1):
                    return True
                used[k] = False
        return False
    return go(0)


class Referee:
    """The public table, kept from the rule text; ``step`` checks one action of the engine."""

    def __init__(self, state: Any) -> None:
        self.n = state.players
        self.checked: Counter[str] = Counter()
        v = state.view(None)["state"]
        if v["phase"] != "draft":
            raise Departure(f"L37-L39: a game starts with the nature draft, not {v['phase']}")
        self.first = v["first"]
        if not 0 <= self.first < self.n:
            raise Departure("L39: the first player is a seat")
        self.current = self.first
        self.phase = "draft"
        self.seats = [Seat() for _ in range(self.n)]
        self.memo: dict[Any, Any] = {}
        self.seen_tiles: dict[int, str] = {}
        self.seen_masters: set[str] = set()
        self.prizes = [t["id"] for t in v["prizes"]]
        self._see(v["prizes"], "prize")
        if len(set(self.prizes)) != PRIZES_OPEN[self.n]:
            raise Departure(f"L37: {PRIZES_OPEN[self.n]} open prize tiles, not {len(self.prizes)}")
        self.prize_box = PRIZE_DECK - PRIZES_OPEN[self.n]
        self.draft = [t["id"] for t in v["draft"]]
        self._see(v["draft"], "nature")
        if len(set(self.draft)) != DRAFT[self.n]:
            raise Departure(f"L39: {DRAFT[self.n]} nature tiles in the draft, not {len(self.draft)}")
        order = [(self.first + k) % self.n for k in range(self.n)]
        self.draft_order = order + order[::-1]          # L39
        self.found_order: list[int] = []
        self.stacks = {s: self._deck_size(s) for s in STACK_NAMES}
        self.stacks["nature"] -= DRAFT[self.n]
        self.rows: dict[str, list[int]] = {s: [] for s in STACK_NAMES}
        self.box: list[int] = []
        self.supply = {"war": 6, "coin": 6, "cart": 6, "master": len(MASTER_GOOD)}   # L26-L31
        self.token_played = False
        self.borrowed: tuple[int, Cell, str] | None = None
        self.chosen: int | None = None
        self.chosen_drawn = False
        self.proposed = False
        self.proposer: int | None = None
        self.votes: list[int] = []
        self.final_order: list[int] = []
        self.ended_by: str | None = None
        self.compare(state)

    @classmethod
    def adopt(cls, state: Any) -> Referee:
        """A referee taking over a position built by a scenario (phase ``reveal``), read from
        the public view; from there on it keeps its own table."""
        v = state.view(None)["state"]
        if v["phase"] != "reveal":
            raise ValueError("a referee takes a position over at the start of a turn")
        ref = cls.__new__(cls)
        ref.n, ref.checked, ref.memo = state.players, Counter(), {}
        ref.first, ref.current, ref.phase = v["first"], v["current"], "reveal"
        ref.seen_tiles, ref.seen_masters = {}, set()
        ref.seats = []
        for p in v["players"]:
            me = Seat()
            for t in p["tiles"]:
                me.cells[(t["x"], t["y"])] = {
                    "id": t["id"], "type": t["type"], "war": t["war"], "master": t["master"],
                    "coin": None if t["coin"] is None else (t["coin"]["by"], t["coin"]["good"])}
                ref.seen_tiles[t["id"]] = t["type"]
                if t["master"]:
                    ref.seen_masters.add(t["master"])
            me.carts = {(c["x"], c["y"]) for c in p["carts"]}
            me.hand = {k: p["hand"][k] for k in ("war", "coin", "cart")}
            me.masters = list(p["hand"]["masters"])
            ref.seen_masters |= set(me.masters)
            me.face_down = [t["id"] for t in p["face_down"]]
            ref.seats.append(me)
        for refs in [v["prizes"], v["box"], *v["rows"].values(),
                     *(p["face_down"] for p in v["players"])]:
            for t in refs:
                ref.seen_tiles[t["id"]] = t["type"]
        ref.prizes = [t["id"] for t in v["prizes"]]
        ref.prize_box = v["prize_box"]
        ref.draft, ref.draft_order, ref.found_order = [], [], []
        ref.stacks = dict(v["stacks"])
        ref.rows = {s: [t["id"] for t in v["rows"][s]] for s in STACK_NAMES}
        ref.box = [t["id"] for t in v["box"]]
        ref.supply = dict(v["supply"])
        ref.token_played, ref.borrowed, ref.chosen, ref.chosen_drawn = False, None, None, False
        ref.proposed, ref.proposer, ref.votes, ref.final_order = False, None, [], []
        ref.ended_by = None
        ref.compare(state)
        return ref

    # ---------------------------------------------------------------- chance and knowledge
    @staticmethod
    def _deck_size(deck: str) -> int:
        return sum(t["count"] for t in TYPES.values() if t["deck"] == deck)

    def _see(self, refs: Iterable[dict[str, Any]], deck: str) -> None:
        """Tiles turned face up: of ``deck`` and never seen before, no more of a type than the
        components hold (L19-L24)."""
        for ref in refs:
            tid, typ = ref["id"], ref["type"]
            if tid in self.seen_tiles:
                if self.seen_tiles[tid] != typ:
                    raise Departure(f"tile {tid} changed type")
                continue
            if TYPES[typ]["deck"] != deck:
                raise Departure(f"a {typ} tile ({TYPES[typ]['deck']}) came from the {deck} stack")
            self.seen_tiles[tid] = typ
            if sum(1 for t in self.seen_tiles.values() if t == typ) > TYPES[typ]["count"]:
                raise Departure(f"more {typ} tiles than the components hold")

    def _new_tile(self, before: list[int], after: list[dict[str, Any]], deck: str) -> int:
        new = [t for t in after if t["id"] not in before]
        if len(new) != 1 or new[0]["id"] in self.seen_tiles:
            raise Departure(f"L57: one unseen tile of the {deck} stack turns up, got {new}")
        self._see(new, deck)
        return int(new[0]["id"])

    def typ(self, tid: int) -> dict[str, Any]:
        return TYPES[self.seen_tiles[tid]]

    # ---------------------------------------------------------------- who acts (L45, L125)
    def to_act(self) -> list[int]:
        if self.phase in ("reveal", "main", "place"):
            return [self.current]
        if self.phase == "draft":
            return [self.draft_order[0]]
        if self.phase == "found":
            return [self.found_order[0]]
        if self.phase == "vote":
            return sorted(s for s in range(self.n) if s != self.current and s not in self.votes)
        if self.phase == "final_masters":
            return [self.final_order[0]]
        return []

    # ---------------------------------------------------------------- attaching (L90-L122)
    def sources(self, seat: int, cell: Cell, replacing: bool,
                groups: dict[Cell, frozenset[Cell]] | None = None) -> list[list[str]]:
        """What may feed a tile laid on ``cell``: each producing tile among the eight neighbours
        (L92), and every tile joined by carts to a neighbour or to the cell itself (L197 «каждый
        из этих квадратов даёт любой ресурс, который производится на любом из квадратов,
        объединённых телегой», L204 the new tile stays joined, L206 a carried good is produced at
        its source), each once; and the good bought with a coin this turn (L176)."""
        me = self.seats[seat]
        if groups is None:
            groups = me.groups()
        reach: set[Cell] = set()
        for dx, dy in AROUND:
            nb = (cell[0] + dx, cell[1] + dy)
            if nb in me.cells:
                reach.add(nb)
                reach |= groups.get(nb, frozenset())
        if replacing:
            reach |= groups.get(cell, frozenset())
        reach.discard(cell)          # the replaced tile is gone (L114)
        out = [me.makes(c) for c in reach]
        out = [s for s in out if s]
        if self.borrowed is not None:
            out.append([self.borrowed[2]])
        return out

    def cells_for(self, seat: int, tid: int) -> set[tuple[Cell, bool]]:
        """(cell, replacing) where tile ``tid`` may be attached (kept for the position: the
        same for every tile of a type)."""
        key = ("cells", seat, self.seen_tiles[tid])
        if key not in self.memo:
            self.memo[key] = self._cells_for(seat, tid)
        return self.memo[key]

    def _cells_for(self, seat: int, tid: int) -> set[tuple[Cell, bool]]:
        me = self.seats[seat]
        needs = list(self.typ(tid)["needs"])
        every = {g for c in me.cells for g in me.makes(c)}
        if self.borrowed is not None:
            every.add(self.borrowed[2])
        if not set(needs) <= every:      # (no tile of the state makes one of the needs)
            return set()
        groups = me.groups()
        empty = {(x + dx, y + dy) for (x, y) in me.cells for dx, dy in SIDES} - set(me.cells)
        out = set()
        for cell in empty:
            if not needs or feeds(needs, self.sources(seat, cell, False, groups)):
                out.add((cell, False))
        for cell in me.cells:   # L114 replacing, the needs checked without the old tile
            if not needs or feeds(needs, self.sources(seat, cell, True, groups)):
                out.add((cell, True))
        return out

    def open_tiles(self) -> list[int]:
        """L90: a tile of a row or an open prize tile."""
        return [t for s in STACK_NAMES for t in self.rows[s]] + list(self.prizes)

    def fits(self, seat: int) -> tuple[list[int], bool]:
        """Open tiles that can be attached somewhere, and whether one fits an empty cell."""
        by_type: dict[str, set[tuple[Cell, bool]]] = {}
        out, normal = [], False
        for t in self.open_tiles():
            typ = self.seen_tiles[t]
            if typ not in by_type:
                by_type[typ] = self.cells_for(seat, t)
            cells = by_type[typ]
            if cells:
                out.append(t)
            if any(not r for _, r in cells):
                normal = True
        return out, normal

    # ---------------------------------------------------------------- tokens (L156-L223)
    def token_menu(self, seat: int) -> set[tuple[Any, ...]]:
        me = self.seats[seat]
        out: set[tuple[Any, ...]] = set()
        if me.hand["war"]:
            # L162: any unprotected tile of an opponent; a razed one makes nothing already
            for o in range(self.n):
                if o != seat:
                    for c in self.seats[o].unprotected():
                        if not self.seats[o].cells[c]["war"]:
                            out.add(("play_war", o, c[0], c[1]))
        if me.hand["coin"]:
            # L176, L185, L186: a tile of an opponent that produces, one of its goods
            for o in range(self.n):
                if o != seat:
                    for c in self.seats[o].cells:
                        for g in self.seats[o].makes(c):
                            out.add(("play_coin", o, c[0], c[1], g))
        if me.hand["cart"]:
            # L197: on the joint of four tiles of one's state (one cart a joint)
            corners = {(x + dx, y + dy) for (x, y) in me.cells for dx in (0, 1) for dy in (0, 1)}
            for k in corners:
                if k not in me.carts and all(c in me.cells for c in me.cart_cells(k)):
                    out.add(("play_cart", k[0], k[1]))
        out |= self.master_menu(seat)
        return out

    def master_menu(self, seat: int) -> set[tuple[Any, ...]]:
        """L218, L223: on one's own village tile producing the master's good; not a razed tile
        (L162 «до конца партии ... не производит»), not one with a master already, not one a
        coin lies on (L187 «сам он ничего не производит», L178 «в текущем ходе»: the owner's)."""
        me = self.seats[seat]
        out: set[tuple[Any, ...]] = set()
        for m in set(me.masters):
            for c, t in me.cells.items():
                typ = TYPES[t["type"]]
                if typ["deck"] == "village" and MASTER_GOOD[m] in typ["produces"] \
                        and not t["war"] and t["master"] is None and t["coin"] is None:
                    out.add(("play_master", m, c[0], c[1]))
        return out

    # ---------------------------------------------------------------- the agreement (L133, L139)
    def can_score(self, seat: int) -> bool:
        """The package README's reading of L133 (the ninth and eleventh records), from its words:
        an open prize tile, a city tile still to come, or a village tile still to come for a
        master in hand, whose needs the player could get — its own tiles' goods (razed and
        mastered tiles make none), the goods of tiles still to come once their own needs are
        met, and the other players' goods while a coin can still buy them (a coin in a hand or
        on a tile, or one in the supply with a market tile still to come); or the chosen tile."""
        def goods_of(s: int) -> set[str]:
            return {g for t in self.seats[s].cells.values()
                    if not t["war"] and t["master"] is None
                    for g in TYPES[t["type"]]["produces"]}
        to_come = self.to_come()
        market_to_come = any(TYPES[t]["deck"] == "city" and "coin" in TYPES[t]["produces"]
                             for t in to_come)
        coins = any(s.hand["coin"] or any(t["coin"] for t in s.cells.values())
                    for s in self.seats) or (self.supply["coin"] > 0 and market_to_come)
        have = goods_of(seat)
        if coins:
            for s in range(self.n):
                have |= goods_of(s)
        for t in self.prizes:
            if set(self.typ(t)["needs"]) <= have:
                return True
        grown = True
        while grown:
            grown = False
            for t in to_come:
                made = set(TYPES[t]["produces"])
                if set(TYPES[t]["needs"]) <= have and not made <= have:
                    have |= made
                    grown = True
        wanted = {MASTER_GOOD[m] for m in self.seats[seat].masters}
        for t in to_come:
            typ = TYPES[t]
            if set(typ["needs"]) <= have and (
                    typ["deck"] == "city"
                    or (typ["deck"] == "village" and wanted & set(typ["produces"]))):
                return True
        if any(set(self.typ(t)["needs"]) <= have for t in self.prizes):
            return True
        return self.chosen is not None and set(self.typ(self.chosen)["needs"]) <= have

    def to_come(self) -> list[str]:
        """Types of the tiles not yet in a state: the rows, the draft and what is left in the
        stacks, known by counting the components (every nature, village and city tile ends in
        a stack or in play, L35)."""
        left: Counter[str] = Counter({k: t["count"] for k, t in TYPES.items() if t["deck"] != "prize"})
        placed = [t["id"] for s in self.seats for t in s.cells.values()]
        placed += [t for s in self.seats for t in s.face_down] + list(self.box)
        if self.chosen is not None:
            placed.append(self.chosen)
        for tid in placed:
            if self.seen_tiles[tid] in left:
                left[self.seen_tiles[tid]] -= 1
        return list(left.elements())

    def may_propose(self, seat: int) -> bool:
        return not self.proposed and not self.can_score(seat)

    # ---------------------------------------------------------------- the menus
    def menu(self, seat: int) -> set[tuple[Any, ...]]:
        if seat not in self.to_act():
            return set()
        p = self.phase
        if p == "draft":
            return {("draft_pick", t) for t in self.draft}
        if p == "found":
            a, b = self.seats[seat].founding
            return {("found_state", f, s, k) for f, s in ((a, b), (b, a)) for k in (False, True)}
        if p == "reveal":
            out = {("reveal", s) for s in STACK_NAMES if self.stacks[s]}      # L51, L55
            if self.may_propose(seat):
                out.add(("propose_end",))
            return out
        if p == "vote":
            return {("answer_end", True), ("answer_end", False)}
        if p == "main":
            out = set() if self.token_played else self.token_menu(seat)       # L73, L84
            tiles, normal = self.fits(seat)
            out |= {("choose_tile", t) for t in tiles}                        # L90, L122
            if not normal:                                                    # L112
                out.add(("draw_nature",) if self.stacks["nature"] else ("end_turn",))
            return out
        if p == "place":
            assert self.chosen is not None
            return {("attach", c[0], c[1]) for c, _ in self.cells_for(seat, self.chosen)}
        if p == "final_masters":
            return self.master_menu(seat) | {("finish_masters",)}
        return set()

    # ---------------------------------------------------------------- applying
    def apply(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.memo = {}
        kind = a["type"]
        getattr(self, "_" + kind)(seat, a, after)

    def _draft_pick(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.draft.remove(a["tile"])
        self.seats[seat].founding.append(a["tile"])
        self.draft_order.pop(0)
        if not self.draft_order:
            self.phase = "found"
            self.found_order = [(self.first + k) % self.n for k in range(self.n)]

    def _found_state(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        me = self.seats[seat]
        me.cells[(0, 0)] = self._tile(a["first"])
        me.cells[(0, 1) if a["stacked"] else (1, 0)] = self._tile(a["second"])
        me.founding = []
        self.found_order.pop(0)
        if not self.found_order:
            # L41: 2 nature tiles + the one left of the draft, 2 village, 1 city
            rows = after["rows"]
            left = list(self.draft)
            self.draft = []
            got = [t["id"] for t in rows["nature"]]
            if sorted(set(got) & set(left)) != sorted(left) or len(got) != 3:
                raise Departure(f"L41: the nature row is 2 new tiles and the one left, got {got}")
            self._see(rows["nature"], "nature")
            self._see(rows["village"], "village")
            self._see(rows["city"], "city")
            for s, k in (("nature", 2), ("village", 2), ("city", 1)):
                new = [t["id"] for t in rows[s] if t["id"] not in left]
                if len(new) != k or len(rows[s]) != k + (1 if s == "nature" else 0):
                    raise Departure(f"L41: {k} new tiles in the {s} row")
                self.stacks[s] -= k
            self.rows = {s: [t["id"] for t in rows[s]] for s in STACK_NAMES}
            self.phase = "reveal"
            self.current = self.first

    def _tile(self, tid: int) -> dict[str, Any]:
        return {"id": tid, "type": self.seen_tiles[tid], "war": False, "master": None,
                "coin": None}

    def _reveal(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        s = a["stack"]
        row = self.rows[s]
        new = self._new_tile(row, after["rows"][s], s)
        if len(row) >= ROW_MAX:                  # L55, L59: five go to the box
            self.box += row
            self.rows[s] = [new]
        else:
            row.append(new)
        self.stacks[s] -= 1
        self.phase = "main"

    def _play_war(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.seats[a["target"]].cells[(a["x"], a["y"])]["war"] = True
        self.seats[seat].hand["war"] -= 1
        self.token_played = True

    def _play_coin(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.seats[a["target"]].cells[(a["x"], a["y"])]["coin"] = (seat, a["good"])
        self.seats[seat].hand["coin"] -= 1
        self.borrowed = (a["target"], (a["x"], a["y"]), a["good"])
        self.token_played = True

    def _play_cart(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.seats[seat].carts.add((a["x"], a["y"]))
        self.seats[seat].hand["cart"] -= 1
        self.token_played = True

    def _play_master(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        me = self.seats[seat]
        me.cells[(a["x"], a["y"])]["master"] = a["master"]
        me.masters.remove(a["master"])
        self.token_played = self.phase == "main"     # (after the agreement: L139, no turn)
        if self.phase == "final_masters" and not self.master_menu(seat):
            self._next_final()

    def _choose_tile(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.chosen, self.chosen_drawn = a["tile"], False
        self.phase = "place"

    def _draw_nature(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        chosen = after["chosen"]
        if chosen is None or chosen["id"] in self.seen_tiles:
            raise Departure(f"L112: the top nature tile is drawn, got {chosen}")
        self._see([chosen], "nature")
        self.stacks["nature"] -= 1
        self.chosen, self.chosen_drawn = chosen["id"], True
        self.phase = "place"

    def _attach(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        me, tid, cell = self.seats[seat], self.chosen, (a["x"], a["y"])
        assert tid is not None
        for s in STACK_NAMES:
            if tid in self.rows[s]:
                self.rows[s].remove(tid)
        if tid in self.prizes:
            self.prizes.remove(tid)
        old = me.cells.get(cell)
        if old is not None:                       # L114, L165, L188
            me.face_down.append(old["id"])
            if old["coin"] is not None:
                me.hand["coin"] += 1
        me.cells[cell] = self._tile(tid)
        typ = self.typ(tid)
        if typ["deck"] == "city":                 # L96, L154
            kind = typ["produces"][0]
            if self.supply[kind]:
                self.supply[kind] -= 1
                if kind == "master":              # L216: drawn face down, then shown
                    shown = after["players"][seat]["hand"]["masters"]
                    new = list((Counter(shown) - Counter(me.masters)).elements())
                    if len(new) != 1 or new[0] in self.seen_masters:
                        raise Departure(f"L216: one master nobody has seen, got {new}")
                    self.seen_masters.add(new[0])
                    me.masters.append(new[0])
                else:
                    me.hand[kind] += 1
        self._end_turn(seat, a, after)

    def _end_turn(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        me = self.seats[self.current]
        for t in me.cells.values():               # L125, L178
            if t["coin"] is not None:
                t["coin"] = None
                me.hand["coin"] += 1
        self.borrowed, self.chosen, self.chosen_drawn = None, None, False
        self.token_played = self.proposed = False
        self.proposer = None
        if not self.prizes:                       # L131, L135
            self._finish("prizes")
        elif not any(self.stacks.values()):        # L69, L132, L137
            self._finish("stacks")
        else:
            self.current = (self.current + 1) % self.n   # L45, L125
            self.phase = "reveal"

    def _propose_end(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self.phase, self.proposed, self.proposer, self.votes = "vote", True, seat, []

    def _answer_end(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        if not a["agree"]:                        # L133 «при согласии всех участников»
            self.phase, self.votes = "reveal", []
            return
        self.votes.append(seat)
        if len(self.votes) == self.n - 1:
            # L139 «игра завершается, и начинается подсчёт очков»: the coins home first (L189)
            self._collect_coins()
            # L139 «надо дать возможность их разыграть»
            self.final_order = [(self.current + k) % self.n for k in range(self.n)]
            self.phase = "final_masters"
            self._skip()

    def _finish_masters(self, seat: int, a: dict[str, Any], after: dict[str, Any]) -> None:
        self._next_final()

    def _next_final(self) -> None:
        self.final_order.pop(0)
        self._skip()

    def _skip(self) -> None:
        while self.final_order and not self.master_menu(self.final_order[0]):
            self.final_order.pop(0)
        if not self.final_order:
            self._finish("agreement")

    def _finish(self, reason: str) -> None:
        self._collect_coins()
        self.phase, self.ended_by = "over", reason

    def _collect_coins(self) -> None:
        for me in self.seats:                     # L189
            for t in me.cells.values():
                if t["coin"] is not None:
                    t["coin"] = None
                    me.hand["coin"] += 1

    # ---------------------------------------------------------------- winners (L148)
    def winners(self) -> list[int]:
        key = [(s.score(), s.prize_count()) for s in self.seats]
        best = max(key)
        return [i for i, k in enumerate(key) if k == best]

    # ---------------------------------------------------------------- comparing
    def expected(self) -> dict[str, Any]:
        """What the view must say, in the referee's words."""
        def ref(ts: Iterable[int]) -> list[tuple[int, str]]:
            return [(t, self.seen_tiles[t]) for t in ts]
        players = []
        for s in self.seats:
            unprot = s.unprotected()
            players.append({
                "score": s.score(), "prize_tiles": s.prize_count(),
                "hand": dict(s.hand, masters=sorted(s.masters)),
                "face_down": sorted(ref(s.face_down)), "founding": sorted(ref(s.founding)),
                "tiles": sorted((c[0], c[1], t["id"], t["type"], c in unprot, t["war"], t["master"],
                                 t["coin"], bool(s.makes(c)))
                                for c, t in s.cells.items()),
                "carts": sorted(s.carts),
            })
        out: dict[str, Any] = {
            "phase": self.phase, "current": self.current, "first": self.first,
            "ended_by": self.ended_by, "stacks": dict(self.stacks),
            "rows": {s: ref(r) for s, r in self.rows.items()}, "prizes": sorted(ref(self.prizes)),
            "prize_box": self.prize_box, "box": sorted(ref(self.box)), "draft": sorted(ref(self.draft)),
            "draft_order": self.draft_order if self.phase == "draft" else [],
            "supply": dict(self.supply), "token_played": self.token_played,
            "borrowed": None if self.borrowed is None else
            (self.borrowed[0], *self.borrowed[1], self.borrowed[2]),
            "chosen": None if self.chosen is None else (self.chosen, self.seen_tiles[self.chosen]),
            "chosen_drawn": self.chosen_drawn,
            "proposer": self.proposer if self.phase == "vote" else None,
            "votes": sorted(self.votes) if self.phase == "vote" else [],
            "final_order": list(self.final_order), "players": players,
        }
        if self.phase == "main":
            out["attachable"] = sorted(self.fits(self.current)[0])
        if self.phase == "place":
            assert self.chosen is not None
            out["place_cells"] = sorted((c[0], c[1], r)
                                        for c, r in self.cells_for(self.current, self.chosen))
        return out

    @staticmethod
    def observed(view: dict[str, Any], phase: str) -> dict[str, Any]:
        v = view["state"]

        def ref(ts: Iterable[dict[str, Any]]) -> list[tuple[int, str]]:
            return [(t["id"], t["type"]) for t in ts]
        players = []
        for p in v["players"]:
            players.append({
                "score": p["score"], "prize_tiles": p["prize_tiles"],
                "hand": {"war": p["hand"]["war"], "coin": p["hand"]["coin"],
                         "cart": p["hand"]["cart"], "masters": sorted(p["hand"]["masters"])},
                "face_down": sorted(ref(p["face_down"])), "founding": sorted(ref(p["founding"])),
                "tiles": sorted((t["x"], t["y"], t["id"], t["type"], t["unprotected"], t["war"],
                                 t["master"],
                                 None if t["coin"] is None else (t["coin"]["by"], t["coin"]["good"]),
                                 t["producing"]) for t in p["tiles"]),
                "carts": sorted((c["x"], c["y"]) for c in p["carts"]),
            })
        b = v["borrowed"]
        out: dict[str, Any] = {
            "phase": v["phase"], "current": v["current"], "first": v["first"],
            "ended_by": v["ended_by"], "stacks": dict(v["stacks"]),
            "rows": {s: ref(v["rows"][s]) for s in STACK_NAMES}, "prizes": sorted(ref(v["prizes"])),
            "prize_box": v["prize_box"], "box": sorted(ref(v["box"])), "draft": sorted(ref(v["draft"])),
            "draft_order": list(v["draft_order"]) if v["phase"] == "draft" else [],
            "supply": dict(v["supply"]), "token_played": v["token_played"],
            "borrowed": None if b is None else (b["from"], b["x"], b["y"], b["good"]),
            "chosen": None if v["chosen"] is None else (v["chosen"]["id"], v["chosen"]["type"]),
            "chosen_drawn": v["chosen_drawn"],
            "proposer": v["proposer"] if v["phase"] == "vote" else None,
            "votes": sorted(v["votes"]) if v["phase"] == "vote" else [],
            "final_order": list(v["final_order"]), "players": players,
        }
        if phase == "main":
            out["attachable"] = sorted(v["attachable"])
        if phase == "place":
            out["place_cells"] = sorted((c["x"], c["y"], c["replace"]) for c in v["place_cells"])
        return out

    def compare(self, state: Any, view: dict[str, Any] | None = None) -> None:
        view = view or state.view(None)
        want, got = self.expected(), self.observed(view, self.phase)
        if want != got:
            diff = {k: (want[k], got.get(k)) for k in want if want[k] != got.get(k)}
            raise Departure(f"the table differs from the rules: {diff}")
        if sorted(view["to_act"]) != self.to_act():
            raise Departure(f"to act: rules {self.to_act()}, engine {view['to_act']}")
        if self.phase == "over":
            if view["scores"] != [float(s.score()) for s in self.seats]:
                raise Departure(f"L143-L146 scores {view['scores']}")
            if sorted(view["winners"]) != self.winners():
                raise Departure(f"L148 winners {view['winners']}, rules {self.winners()}")
        self.checked["table"] += 1

    def compare_menus(self, state: Any) -> None:
        for seat in range(self.n):
            engine = {_key(a) for a in state.legal_actions(seat)}
            rules = self.menu(seat)
            if engine != rules:
                raise Departure(f"menu of seat {seat} in {self.phase}: engine only "
                                f"{sorted(engine - rules, key=repr)[:6]}, rules only "
                                f"{sorted(rules - engine, key=repr)[:6]}")
        self.checked["menus"] += 1

    # ---------------------------------------------------------------- what is hidden
    def public_ids(self) -> set[int]:
        ids = set(self.prizes) | set(self.box) | set(self.draft)
        for r in self.rows.values():
            ids |= set(r)
        for s in self.seats:
            ids |= {t["id"] for t in s.cells.values()} | set(s.face_down) | set(s.founding)
        if self.chosen is not None:
            ids.add(self.chosen)
        return ids

    def check_hidden(self, state: Any, rng: random.Random, redeal: bool) -> None:
        """L37, L43, L216: the stacks' order, the boxed prize tiles and the master pool are
        face down; L68, L154, L221 and the rest: everything else is open to every seat."""
        spectator = state.view(None)
        ids, masters = _ids_and_masters(spectator["state"])
        if ids != self.public_ids():
            raise Departure(f"the view shows tiles {sorted(ids ^ self.public_ids())} "
                            f"against what is face up")
        placed = {t["master"] for s in self.seats for t in s.cells.values() if t["master"]}
        shown = placed | {m for s in self.seats for m in s.masters}
        if masters - {None} != shown:
            raise Departure(f"the view names masters {masters} but only {shown} were drawn")
        known = {TYPES[t]["en"] for t in self.seen_tiles.values()} | set(self.seen_tiles.values())
        for e in spectator["events"]:
            tile = e["params"].get("tile")
            if tile is not None and tile.rsplit(".", 1)[-1] not in known:
                raise Departure(f"an event names a tile nobody has seen: {e}")
        base = {k: v for k, v in spectator.items() if k != "seat"}
        for seat in range(self.n):
            mine = state.view(seat)
            if {k: v for k, v in mine.items() if k != "seat"} != base:
                raise Departure(f"seat {seat} sees something the others do not (L154: all public)")
            if redeal:
                other = state.determinize(seat, rng.randrange(2 ** 31))
                if other.view(seat) != mine:
                    raise Departure(f"seat {seat}'s view shows something face down")
                if other.legal_actions(seat) != state.legal_actions(seat):
                    raise Departure(f"seat {seat}'s menu depends on what lies face down")
        self.checked["views"] += 1


def _ids_and_masters(node: Any) -> tuple[set[int], set[Any]]:
    ids: set[int] = set()
    masters: set[Any] = set()

    def walk(x: Any, key: str = "") -> None:
        if isinstance(x, dict):
            if "id" in x and "type" in x and isinstance(x["id"], int):
                ids.add(x["id"])
            for k, v in x.items():
                if k in ("types", "goods", "masters") and key == "":
                    continue
                if k == "master" and key != "supply":
                    masters.add(v)
                if k == "masters" and isinstance(v, list):
                    masters.update(v)
                walk(v, k)
        elif isinstance(x, list):
            if key == "attachable":
                return
            for v in x:
                walk(v, key)
    walk(node)
    return ids, masters


def _key(action: Any) -> tuple[Any, ...]:
    j = action.to_json()
    kind = j.pop("type")
    order = {"draft_pick": ("tile",), "found_state": ("first", "second", "stacked"),
             "reveal": ("stack",), "play_war": ("target", "x", "y"),
             "play_coin": ("target", "x", "y", "good"), "play_cart": ("x", "y"),
             "play_master": ("master", "x", "y"), "choose_tile": ("tile",),
             "attach": ("x", "y"), "answer_end": ("agree",)}.get(kind, ())
    return (kind, *(j[f] for f in order))


# ====================================================================== playing
Policy = Callable[[Any, random.Random], tuple[int, Any]]


def uniform(state: Any, rng: random.Random) -> tuple[int, Any]:
    seat = rng.choice(list(state.to_act))
    return seat, rng.choice(state.legal_actions(seat))


def builder(state: Any, rng: random.Random) -> tuple[int, Any]:
    """A random player that builds: it proposes the end whenever it may and agrees 3 times in
    4, takes prize and city tiles first and lays 9 tiles in 10 on empty cells (so that games
    end by the prizes and by agreement, carts join large states and masters are drawn)."""
    seat = rng.choice(list(state.to_act))
    menu = state.legal_actions(seat)
    kinds: dict[str, list[Any]] = {}
    for a in menu:
        kinds.setdefault(a.kind, []).append(a)
    if "propose_end" in kinds:
        return seat, kinds["propose_end"][0]
    if "answer_end" in kinds:
        return seat, kinds["answer_end"][0 if rng.random() < 0.75 else 1]
    if "choose_tile" in kinds and not state.token_played and rng.random() < 0.5:
        tokens = [a for k in ("play_war", "play_coin", "play_cart", "play_master")
                  for a in kinds.get(k, [])]
        if tokens:
            return seat, rng.choice(tokens)
    if "choose_tile" in kinds:
        deck = state.ts.tile_deck
        rank = sorted(kinds["choose_tile"], key=lambda a: -deck[a.tile])
        best = [a for a in rank if deck[a.tile] == deck[rank[0].tile]]
        if rng.random() < 0.8:
            return seat, rng.choice(best)
    if "attach" in kinds and rng.random() < 0.9:
        board = state.boards[seat]
        empty = [a for a in kinds["attach"] if not _occupied(board, a)]
        if empty:
            return seat, rng.choice(empty)
    return seat, rng.choice(menu)


def _occupied(board: Any, a: Any) -> bool:
    from settlers.games.founders.board import cell_of  # (the player's, not the referee's)
    return cell_of(a.x, a.y) in board.cells


def heuristic_policy(seed: int) -> Policy:
    from settlers.games.founders.heuristic import make_bot
    bots: dict[int, Any] = {}

    def act(state: Any, rng: random.Random) -> tuple[int, Any]:
        seat = rng.choice(list(state.to_act))
        bot = bots.setdefault(seat, make_bot(seed * 10 + seat))
        return seat, bot.act(state, seat)
    return act


def referee_game(players: int, seed: int, policy: Policy | None = None, *,
                 views_every: int = 7, redeal_every: int = 21,
                 max_steps: int = 3000, start: Any = None) -> Counter[str]:
    """Play one seeded game (or on from the position ``start``) under the referee; raises
    :class:`Departure` at the first difference. Returns what was checked (and a few counts of
    what happened)."""
    state = GAME.new_state(players, seed=seed) if start is None else start
    ref = Referee(state) if start is None else Referee.adopt(state)
    rng = random.Random(seed * 7919 + players)
    policy = policy or (uniform if seed % 2 else builder)
    step = 0
    while not state.over:
        ref.compare_menus(state)
        if step % views_every == 0:
            ref.check_hidden(state, rng, redeal=step % redeal_every == 0)
        seat, action = policy(state, rng)
        state.apply(seat, action)
        data = action.to_json()
        ref.checked["did " + data["type"]] += 1
        old = ref.seats[seat].cells.get((data.get("x"), data.get("y")))
        if data["type"] == "attach" and old is not None:
            ref.checked["did replace"] += 1
            for mark in ("war", "coin", "master"):
                if old[mark]:
                    ref.checked[f"did replace a tile with {mark}"] += 1
        after = state.view(None)
        ref.apply(seat, data, after["state"])
        ref.compare(state, after)
        step += 1
        if step > max_steps:
            raise Departure(f"no end after {max_steps} actions")
    ref.compare_menus(state)
    ref.check_hidden(state, rng, redeal=False)
    ref.checked["games"] += 1
    ref.checked["ended " + str(ref.ended_by)] += 1
    return ref.checked
