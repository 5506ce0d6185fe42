"""A transition referee for Landnám: its own copy of the game's public facts, recomputed from
the rulebook (shared/rules/iceland-catan.ru.txt, lines cited as L<n>) action by action.

It keeps the island (terrain found, number and harbour tokens, who stands where, farms and
towns), the supplies (terrain hexes, number and harbour tokens, the resource bank, the fate
deck and its discard pile), every hand kind by kind (public here: README «every resource
hand is shown»), the fate hands, the white, red and black tokens and the red tokens lying by
outlaws, the Althing's course, the movement and the builds of the turn, the phase, the player
to move and the winners. It never reads the engine's kept tables (build frame, harbour
access, possible cases) and calls none of its rules functions: from the engine it reads the
state's plain fields to compare, the printed content (names of terrains, resources and fate
cards) and chance — it rolls every die and shuffles the fate deck from a copy of the game's
random generator as the state was before the action (2d6: first die then second; exploration:
green d10, re-rolled while its terrain is spent, then red d10; a reshuffle: the discard pile
shuffled into the empty deck), and the generator's state after the action must agree.

What the text leaves open is played the way the engine's README records its reading
(RECONSTRUCTED tables and rules; the Althing's card windows): the referee re-derives each of
those from the README's sentence, never from the code.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from settlers.core.hexgrid import HexGrid, hexagon
from settlers.games.iceland import actions as A

OUTER, SUPPLY, LOST = -1, -2, -3
RES = ("grain", "wood", "wool", "iron")  # rules.json, the order of costs
GRAIN, WOOD, WOOL, IRON = range(4)
# L56-L58 «Цена строительства» (the costs are in the sentences)
FARM = (1, 1, 1, 0)
TOWN = (1, 1, 2, 1)
SETTLER = (1, 0, 0, 1)
BOAT = (0, 1, 0, 1)
HARBOUR_CARDS = 2  # L59 «за две карты ресурса»
AGEING_CARDS = 1  # L60 «заплатив одну карту»
BANK = 24  # L27 «все 24 карты»
TARGET = 12  # L80
HOUSES = 9  # L3
# terrain and its resource (README RECONSTRUCTED; content facts: sheep/wool the most common)
PRODUCES = {"forest": WOOD, "fields": GRAIN, "pasture": WOOL, "bog": IRON}
LAND = {"forest", "fields", "pasture", "bog", "mountain"}
# L41-L46, L47-L49 with the README's reading of the garbled table
GREEN = {
    **dict.fromkeys(range(1, 5), "sea"),
    5: "forest",
    6: "fields",
    **dict.fromkeys(range(7, 10), "pasture"),
    10: "bog",
    **dict.fromkeys(range(11, 15), "mountain"),
}
RED = {1: 11, 7: 12}  # L49; other faces their own number
AGEING = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)  # L28 «За 6 идёт 8 и за 12 идёт 2»

GRID = HexGrid(hexagon(2))
SIZE = len(GRID.hexes)
CENTRE = GRID.hex_index[(0, 0)]


def _ring(h: int) -> int:
    q, r = GRID.hexes[h]
    return max(abs(q), abs(r), abs(q + r))


EDGE = tuple(h for h in range(SIZE) if _ring(h) == 2)
#: L37 «не угловой гекс на краю»: an edge hex with two neighbours inside the frame... corners
#: of the rim have three neighbours on the board, the others four
RIM_CORNER = frozenset(h for h in EDGE if len(GRID.hex_neighbours[h]) == 3)
FIRST_TARGETS = frozenset(EDGE) - RIM_CORNER
#: L31: the outer sea hex is next to every edge hex
NEIGHBOURS = tuple(GRID.hex_neighbours[h] + ((OUTER,) if h in EDGE else ()) for h in range(SIZE))
CORNER_LINKS = tuple(
    tuple((n, GRID.edge_hexes[GRID.edge_between(c, n)]) for n in GRID.corner_neighbours[c])
    for c in range(len(GRID.corners))
)
CORNERS = len(GRID.corners)


def owner(piece: int) -> int:
    return piece // 10


def is_boat(piece: int) -> bool:
    return piece % 10 < 5


BUILDS = (A.BuildFarm, A.BuildTown, A.BuildSettler, A.BuildBoat, A.BuildHarbour, A.BuildAgeing)


class Referee:
    def __init__(self, st: Any) -> None:
        c = st.c
        self.n = n = st.players
        self.terrain_names = list(c.terrains)
        self.effect = {k: v.effect for k, v in c.fate_cards.items()}
        self.label = {k: v.label for k, v in c.fate_cards.items()}
        self.fix = {
            k: c.terrains[v.terrain] for k, v in c.fate_cards.items() if v.effect == "fix_terrain"
        }
        self.turn_limit = st.options.get("turn_limit") or 0
        self.offer_limit = st.options.get("offer_limit") or 0
        # L3: the frame, the central mountain, the rest unknown; one boat of each on the outer sea
        self.terrain: list[str | None] = [None] * SIZE
        self.terrain[CENTRE] = "mountain"
        self.terrain_pool = {
            "sea": 6,
            "forest": 4,
            "fields": 4,
            "pasture": 6,
            "bog": 4,
            "mountain": 3,
        }
        self.number = [0] * SIZE
        self.number_pool = dict.fromkeys(AGEING, 2)
        self.harbour = [-1] * SIZE
        self.harbour_pool = [2, 2, 2, 2]
        self.pos = [SUPPLY] * (10 * n)
        for seat in range(n):
            self.pos[seat * 10] = OUTER
        self.occupant = [-1] * SIZE
        self.house = [-1] * CORNERS
        self.level = [0] * CORNERS
        # L4: two cards of each kind; fate cards drawn until an Exploration card (chance: read)
        self.hands = [[2, 2, 2, 2] for _ in range(n)]
        self.bank = [BANK - 2 * n] * 4
        self.fate = [sorted(f) for f in st.fate]
        assert all(len(f) == 1 and self.label[f[0]] == "exploration" for f in self.fate)
        self.deck = list(st.deck)
        full = Counter(c.fate_deck)  # the printed deck
        assert Counter(self.deck) + Counter(x for f in self.fate for x in f) == full
        self.discard: list[str] = []
        self.known = [list(f) for f in self.fate]  # L4 drawn in the open, public until played
        self.white, self.red, self.black = [0] * n, [0] * n, [0] * n
        self.red_tokens: dict[int, list[int]] = {}
        self.current = st.current  # L16 «случайно выбранного»
        self.turn = 0
        self.first_turn = [True] * n
        self.phase = "roll"
        self.dice: tuple[int, int] | None = None
        self.al: dict[str, Any] | None = None
        self.over = False
        self.winners: list[int] = []
        self.rng = random.Random()
        self.engine_over = False
        self.chance_agrees = True
        self.no_progress_ends = 0
        self.branches: Counter[str] = Counter()  # rare paths taken, for the record of coverage
        self.reset_turn()

    def reset_turn(self) -> None:
        self.steps, self.taken, self.wind = 2, 0, False
        self.piece: int | None = None
        self.blocked: tuple[int, int] | None = None
        self.retreat: tuple[int, int] | None = None
        self.exploring: tuple[int, int] | None = None
        self.age_choices: list[int] = []
        self.pending: list[tuple] = []
        self.built: Counter[str] = Counter()
        self.offer: tuple | None = None
        self.offers_made = 0

    # ---------------------------------------------------------------- facts of the board
    def land(self, h: int) -> bool:
        return h >= 0 and self.terrain[h] in LAND

    def mountain(self, h: int) -> bool:
        return h >= 0 and self.terrain[h] == "mountain"

    def farmland(self, h: int) -> bool:  # «не горный гекс суши»
        return self.land(h) and not self.mountain(h)

    def sea(self, h: int) -> bool:
        return h == OUTER or self.terrain[h] == "sea"

    def house_by(self, seat: int, h: int) -> bool:
        return h >= 0 and any(self.house[c] == seat for c in GRID.hex_corners[h])

    def as_settler(self, piece: int) -> bool:
        """L33: a boat on land «во всех других отношениях считается поселенцем»."""
        return not is_boat(piece) or self.land(self.pos[piece])

    def may_enter(self, piece: int, h: int) -> bool:
        """L30, L32 (README: a settler enters a mountain by one of its owner's houses)."""
        if is_boat(piece):
            return self.sea(h)
        if self.sea(h):
            return False
        if self.mountain(h):
            return self.house_by(owner(piece), h)
        return self.farmland(h)

    def points(self, seat: int) -> int:
        """L72-L79."""
        houses = sum(self.level[c] for c in range(CORNERS) if self.house[c] == seat)
        return houses + self.white[seat] + self.red[seat] + self.black[seat]

    def rank(self, seat: int) -> tuple[int, ...]:
        """L81: black, red, white, house points, then resource cards."""
        houses = sum(self.level[c] for c in range(CORNERS) if self.house[c] == seat)
        return (
            self.points(seat),
            self.black[seat],
            self.red[seat],
            self.white[seat],
            houses,
            sum(self.hands[seat]),
        )

    def order_from(self, first: int) -> list[int]:
        return [(first + k) % self.n for k in range(self.n)]

    # ---------------------------------------------------------------- cards
    def take(self, seat: int, r: int, k: int = 1) -> None:
        assert self.bank[r] >= k
        self.bank[r] -= k
        self.hands[seat][r] += k

    def pay(self, seat: int, cost: tuple[int, ...] | list[int]) -> None:
        for r in range(4):
            assert self.hands[seat][r] >= cost[r], ("cannot pay", seat, cost)
            self.hands[seat][r] -= cost[r]
            self.bank[r] += cost[r]

    def draw_fate(self, seat: int) -> None:
        """README: the discard pile is shuffled into a new deck when the deck runs out."""
        if not self.deck and self.discard:
            self.branches["fate deck reshuffled"] += 1
            self.deck.extend(self.discard)
            self.discard.clear()
            self.rng.shuffle(self.deck)
        if self.deck:
            self.fate[seat].append(self.deck.pop())
            self.fate[seat].sort()

    def play_fate(self, seat: int, card: str, label: str) -> str:
        assert card in self.fate[seat] and self.label[card] == label, (seat, card, label)
        self.fate[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.discard.append(card)
        return self.effect[card]

    # ---------------------------------------------------------------- number tokens
    def next_number(self, number: int) -> int | None:
        """L28: the next larger number in the bank, after 6 comes 8 and after 12 comes 2."""
        i = AGEING.index(number)
        for k in range(1, len(AGEING)):
            m = AGEING[(i + k) % len(AGEING)]
            if self.number_pool[m]:
                self.branches["number skipped while ageing" if k > 1 else "number aged"] += 1
                return m
        return None

    def age(self, h: int) -> None:
        old = self.number[h]
        new = self.next_number(old) if old else None
        if new is not None:
            self.number_pool[new] -= 1
            self.number_pool[old] += 1
            self.number[h] = new

    def place_number(self, h: int, number: int) -> None:
        """L49 «Если жетонов с этим числом нет в наличии, число старится, как при урожае»."""
        if not self.number_pool[number]:
            nxt = self.next_number(number)
            if nxt is None:
                return
            number = nxt
        self.number_pool[number] -= 1
        self.number[h] = number

    # ---------------------------------------------------------------- the actions
    def apply(self, before: Any, seat: int, a: Any, after: Any) -> None:
        self.rng.setstate(before.rng.getstate())
        self.engine_over = after.over
        getattr(self, "_" + a.kind)(seat, a)
        self.chance_agrees = self.rng.getstate() == after.rng.getstate()

    # phase 1: the dice, the harvest (L18-L20, L26-L29)
    def _roll(self, seat: int, a: Any) -> None:
        assert self.phase == "roll" and seat == self.current
        self.dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        if sum(self.dice) == 7:
            self.start_althing()
        elif self.fate[self.current]:  # the player to move may play a Harvest card (L29)
            self.phase = "harvest_fate"
        else:
            self.harvest(bonus=False, blighted=-1)

    def _play_fate(self, seat: int, a: Any) -> None:
        if self.phase == "harvest_fate":
            effect = self.play_fate(seat, a.card, "harvest")
            if effect == "blight_hex":
                assert self.number[a.target] == sum(self.dice)
            self.harvest(
                bonus=effect == "bonus_harvest", blighted=a.target if effect == "blight_hex" else -1
            )
        elif self.phase == "move":  # L38: Fair wind, after one or two normal steps
            assert self.taken >= 1 and self.piece is not None and not self.wind
            assert self.play_fate(seat, a.card, "movement") == "extra_steps"
            self.steps += 2
            self.wind = True
        else:
            self.window_choice(seat, (a.card, a.target))

    def _pass(self, seat: int, a: Any) -> None:
        if self.phase == "harvest_fate":
            self.harvest(bonus=False, blighted=-1)
        else:
            self.window_choice(seat, None)

    def harvest(self, bonus: bool, blighted: int) -> None:
        """L26: two cards to a settler's owner, else one a farm and two a town (L57); L27
        famine; L28 one producing hex ages; Good year: one more card of each kind received."""
        total = sum(self.dice)
        gains = [[0] * 4 for _ in range(self.n)]
        producers = []
        for h in range(SIZE):
            if self.number[h] != total or h == blighted or self.terrain[h] not in PRODUCES:
                continue
            r = PRODUCES[self.terrain[h]]
            piece = self.occupant[h]
            gave = False
            if piece >= 0 and self.as_settler(piece):
                gains[owner(piece)][r] += 2
                gave = True
            else:
                for c in GRID.hex_corners[h]:
                    if self.house[c] >= 0:
                        gains[self.house[c]][r] += self.level[c]
                        gave = True
            if gave:
                producers.append(h)
        if bonus and any(gains[self.current]):
            self.branches["good year gained"] += 1
        if bonus:
            gains[self.current] = [g + 1 if g else 0 for g in gains[self.current]]
        short = [r for r in range(4) if sum(g[r] for g in gains) > self.bank[r]]
        self.phase = "move"
        if short:
            self.branches["famine"] += 1
        if short:  # L27 «никто не получает ... все карты ... вернуться»
            for r in short:
                for q in range(self.n):
                    self.bank[r] += self.hands[q][r]
                    self.hands[q][r] = 0
            return
        for q in range(self.n):
            for r in range(4):
                if gains[q][r]:
                    self.take(q, r, gains[q][r])
        if len(producers) == 1:
            self.age(producers[0])
        elif producers:  # README: the player to move chooses which one ages
            self.age_choices = producers
            self.phase = "age"

    def _age_hex(self, seat: int, a: Any) -> None:
        assert self.phase == "age" and a.hex in self.age_choices
        self.age(a.hex)
        self.age_choices = []
        self.phase = "move"

    # phase 2: movement and exploration (L21-L22, L30-L38, L47-L51)
    def _move(self, seat: int, a: Any) -> None:
        p, to, card = a.piece, a.to, a.card
        here = self.pos[p]
        assert self.phase == "move" and owner(p) == seat == self.current
        assert self.piece in (None, p)  # one piece (README)
        assert to in (
            GRID.hex_neighbours[here] + ((OUTER,) if here in EDGE else ()) if here >= 0 else EDGE
        ), (p, here, to)
        if self.first_turn[seat] and self.taken == 0:  # L37
            assert here == OUTER and to in FIRST_TARGETS
            assert self.occupant[to] < 0 or owner(self.occupant[to]) == seat
        free = False
        chased = self.occupant[to] if to >= 0 else -1
        if card:
            effect = self.play_fate(seat, card, "movement")
            if effect == "enter_forbidden":  # L32-L33
                free = self.blocked == (p, to)
                assert not self.may_enter(p, to) and self.terrain[to] is not None
                assert not self.sea(to) if is_boat(p) else self.mountain(to)
            else:
                assert effect == "chase" and chased >= 0 and owner(chased) != seat  # L34
        else:
            assert self.may_enter(p, to), (p, to)
        if chased >= 0 and card != "" and self.effect[card] != "chase":
            assert seat in self.red_tokens.get(chased, ())  # L34 «как если бы тот был свободен»
        if chased >= 0 and not card:
            assert seat in self.red_tokens.get(chased, ())
        self.blocked = None
        if not free:
            self.steps -= 1
            self.taken += 1
        assert self.steps >= 0
        self.piece = p
        self.put(p, to)
        if chased >= 0:
            self.chase(chased, here, to)
        elif to == OUTER:  # L31 ends the movement at once
            self.end_movement()

    def put(self, p: int, to: int) -> None:
        here = self.pos[p]
        if here >= 0 and self.occupant[here] == p:
            self.occupant[here] = -1
        self.pos[p] = to
        if to >= 0:
            self.occupant[to] = p

    def retreats(self, p: int, at: int, forbidden: int) -> list[int]:
        """L35: one step by the usual rules, not into the unknown, not back where the chaser
        came from, chasing nobody."""
        out = []
        for to in NEIGHBOURS[at]:
            if to == forbidden:
                continue
            if to == OUTER:
                if is_boat(p):
                    out.append(OUTER)
            elif self.terrain[to] is not None and self.occupant[to] < 0 and self.may_enter(p, to):
                out.append(to)
        return out

    def chase(self, p: int, came_from: int, at: int) -> None:
        self.pos[p] = at
        if self.retreats(p, at, came_from):
            self.retreat = (p, came_from)
            self.phase = "retreat"
        else:  # L35 «выбывает из игры» and its red tokens are awarded
            self.branches["chased piece lost"] += 1
            self.remove(p, LOST)

    def remove(self, p: int, where: int) -> None:
        h = self.pos[p]
        if h >= 0 and self.occupant[h] == p:
            self.occupant[h] = -1
        self.pos[p] = where
        for claimant in self.red_tokens.pop(p, []):
            self.branches["red token won"] += 1
            self.red[claimant] += 1

    def _retreat(self, seat: int, a: Any) -> None:
        assert self.phase == "retreat" and self.retreat is not None
        p, forbidden = self.retreat
        assert seat == owner(p) and a.to in self.retreats(p, self.pos[p], forbidden)
        self.pos[p] = a.to
        if a.to >= 0:
            self.occupant[a.to] = p
        self.retreat = None
        self.follow(p)
        self.phase = "move"
        if a.to == OUTER:  # L31 «Перемещение на этот гекс сразу же заканчивает фазу движения»
            self.branches["retreat to the outer sea"] += 1
            self.end_movement()

    def follow(self, p: int) -> None:
        """L36: the red tokens go along when the outlaw's new hex is not a mountain and has a
        house of the token's colour on a corner; otherwise they are removed."""
        tokens = self.red_tokens.get(p)
        if not tokens:
            return
        h = self.pos[p]
        kept = [] if h < 0 or self.mountain(h) else [c for c in tokens if self.house_by(c, h)]
        self.branches["red tokens kept" if kept == tokens else "red tokens lost"] += 1
        if kept:
            self.red_tokens[p] = kept
        else:
            del self.red_tokens[p]

    def _explore(self, seat: int, a: Any) -> None:
        p, h, card = a.piece, a.to, a.card
        here = self.pos[p]
        assert self.phase == "move" and owner(p) == seat == self.current
        assert self.piece in (None, p) and self.terrain[h] is None
        assert h in (GRID.hex_neighbours[here] if here >= 0 else EDGE)
        if self.first_turn[seat] and self.taken == 0:
            assert here == OUTER and h in FIRST_TARGETS
        effect = self.play_fate(seat, card, "exploration") if card else ""  # L51
        self.blocked = None
        self.steps -= 1  # L22 «рассматривается как ход»
        self.taken += 1
        assert self.steps >= 0
        self.piece = p
        t = self.fix[card] if effect == "fix_terrain" else None
        if t is None or not self.terrain_pool[t]:
            # L48: +2 a mountain, +1 other land around, at most +4; re-rolled while spent
            mod = min(
                4,
                sum(
                    2 if self.mountain(x) else 1 if self.land(x) else 0
                    for x in GRID.hex_neighbours[h]
                ),
            )
            while True:
                t = GREEN[self.rng.randint(1, 10) + mod]
                if self.terrain_pool[t]:
                    break
        self.terrain_pool[t] -= 1
        self.terrain[h] = t
        if t in PRODUCES:
            if effect == "choose_number":
                self.exploring = (p, h)
                self.phase = "choose_number"
                return
            face = self.rng.randint(1, 10)
            self.place_number(h, RED.get(face, face))
        self.found(seat, p, h)

    def _choose_number(self, seat: int, a: Any) -> None:
        assert self.phase == "choose_number" and self.exploring is not None
        assert self.number_pool[a.number]
        p, h = self.exploring
        self.exploring = None
        self.place_number(h, a.number)
        self.phase = "move"
        self.found(seat, p, h)

    def found(self, seat: int, p: int, h: int) -> None:
        """L50: the finder takes a card of the found land's resource, or a fate card when none
        is left or the land is a mountain; then the piece enters if it may."""
        t = self.terrain[h]
        if t in PRODUCES and self.bank[PRODUCES[t]]:
            self.take(seat, PRODUCES[t])
        elif t in LAND:
            self.branches[
                "fate card for a mountain" if t == "mountain" else "fate card, bank empty"
            ] += 1
            self.draw_fate(seat)
        if self.may_enter(p, h):
            self.put(p, h)
        else:
            self.blocked = (p, h)

    def _end_movement(self, seat: int, a: Any) -> None:
        assert self.phase == "move"
        if self.first_turn[seat] and self.taken == 0 and self.pos[seat * 10] == OUTER:
            # L37 the first move is a must: no unknown or free sea target was left
            assert not any(
                self.terrain[h] is None or (self.terrain[h] == "sea" and self.occupant[h] < 0)
                for h in FIRST_TARGETS
            )
        self.end_movement()

    def end_movement(self) -> None:
        if self.piece is not None and self.pos[self.piece] >= OUTER:
            self.follow(self.piece)
        self.blocked = None
        self.phase = "build"

    # phase 3: trade (L52-L53)
    def harbour_rate(self, seat: int, r: int) -> int:
        """L52: a boat in a harbour, or a house by it without a boat there; L63 not one built
        this turn (harbours are placed only at the end of the turn)."""
        for h in range(SIZE):
            if self.harbour[h] != r:
                continue
            piece = self.occupant[h]
            if piece >= 0 and owner(piece) == seat and is_boat(piece):
                return 2
            if piece < 0 and self.house_by(seat, h):
                return 2
        return 4

    def _trade_bank(self, seat: int, a: Any) -> None:
        assert self.phase == "build" and seat == self.current
        give, get = RES.index(a.give), RES.index(a.get)
        assert give != get
        rate = self.harbour_rate(seat, give)
        cost = [0, 0, 0, 0]
        cost[give] = rate
        self.pay(seat, cost)
        self.take(seat, get)

    def _offer_trade(self, seat: int, a: Any) -> None:
        assert self.phase == "build" and seat == self.current and a.to != seat
        assert any(a.give) and any(a.get)  # L53 «по меньшей мере одну карту»
        assert all(self.hands[seat][r] >= a.give[r] for r in range(4))
        assert not self.offer_limit or self.offers_made < self.offer_limit
        self.offer = (a.to, a.give, a.get)
        self.offers_made += 1
        self.phase = "offer"

    def _answer_offer(self, seat: int, a: Any) -> None:
        assert self.phase == "offer" and self.offer is not None and seat == self.offer[0]
        to, give, get = self.offer
        if a.accept:  # L53 binding once accepted
            for r in range(4):
                assert self.hands[to][r] >= get[r]
                self.hands[self.current][r] += get[r] - give[r]
                self.hands[to][r] += give[r] - get[r]
        self.offer = None
        self.phase = "build"

    # phase 3: building (L56-L63)
    def pending_of(self, kind: str) -> list[tuple]:
        return [b for b in self.pending if b[0] == kind]

    def _build_farm(self, seat: int, a: Any) -> None:
        p, c = a.piece, a.corner
        h = self.pos[p]
        assert self.phase == "build" and owner(p) == seat and h >= 0
        assert c in GRID.hex_corners[h] and not self.built[f"p{p}"]  # L56, L61
        assert not self.red_tokens.get(p)  # L62
        assert self.farm_corner_ok(c), c  # L56 (free, by farmland, «море и гора»), L25
        self.houses_ok(seat)
        self.pay(seat, FARM)
        self.built[f"p{p}"] += 1
        self.pending.append(("farm", p, c))

    def houses_ok(self, seat: int) -> None:
        used = sum(self.level[c] for c in range(CORNERS) if self.house[c] == seat)
        assert used + len(self.pending_of("farm")) + len(self.pending_of("town")) < HOUSES

    def _build_town(self, seat: int, a: Any) -> None:
        c = a.corner
        assert self.phase == "build" and self.house[c] == seat and self.level[c] == 1
        assert not self.built[f"c{c}"]  # L61
        assert len(GRID.corner_hexes[c]) < 3 or any(
            self.terrain[x] == "sea" for x in GRID.corner_hexes[c]
        )  # L57 (frame = sea)
        self.houses_ok(seat)
        self.pay(seat, TOWN)
        self.built[f"c{c}"] += 1
        self.pending.append(("town", -1, c))

    def _build_settler(self, seat: int, a: Any) -> None:
        self.build_piece(seat, a, boat=False)

    def _build_boat(self, seat: int, a: Any) -> None:
        self.build_piece(seat, a, boat=True)

    def build_piece(self, seat: int, a: Any, boat: bool) -> None:
        """L58: by a farm (once) or a town (up to three, L61) on one of its hexes where the
        piece could move; a boat also on the outer sea without a house."""
        c, h = a.corner, a.hex
        assert self.phase == "build"
        if not (boat and c == OUTER and h == OUTER):
            assert self.house[c] == seat and h in GRID.corner_hexes[c]
            assert self.built[f"c{c}"] < (3 if self.level[c] == 2 else 1)
            assert self.terrain[h] is not None and self.occupant[h] < 0
            assert h not in {b[2] for b in self.pending if b[0] in ("settler", "boat")}
            assert self.may_enter(seat * 10 + (0 if boat else 5), h)
            self.built[f"c{c}"] += 1
        kind = "boat" if boat else "settler"
        first = seat * 10 + (0 if boat else 5)
        free = sum(1 for q in range(first, first + 5) if self.pos[q] == SUPPLY)
        assert free > len(self.pending_of(kind))
        self.pay(seat, BOAT if boat else SETTLER)
        self.pending.append((kind, c, h))

    def _build_harbour(self, seat: int, a: Any) -> None:
        """L59: a boat on a sea hex inside the frame by non-mountain land, no harbour there."""
        p, r = a.piece, RES.index(a.resource)
        h = self.pos[p]
        assert self.phase == "build" and owner(p) == seat and is_boat(p) and h >= 0
        assert self.terrain[h] == "sea" and not self.built[f"p{p}"]
        assert any(self.farmland(x) for x in GRID.hex_neighbours[h])
        assert self.harbour[h] < 0 and h not in {b[2] for b in self.pending_of("harbour")}
        assert self.harbour_pool[r]
        cost = [0, 0, 0, 0]
        cost[r] = HARBOUR_CARDS
        self.pay(seat, cost)
        self.harbour_pool[r] -= 1
        self.built[f"p{p}"] += 1
        self.pending.append(("harbour", p, h, r))

    def _build_ageing(self, seat: int, a: Any) -> None:
        """L60: a settler on non-mountain land pays a card of its hex's resource."""
        p = a.piece
        h = self.pos[p]
        assert self.phase == "build" and owner(p) == seat and h >= 0 and self.as_settler(p)
        assert self.farmland(h) and self.number[h] and not self.built[f"p{p}"]
        cost = [0, 0, 0, 0]
        cost[PRODUCES[self.terrain[h]]] = AGEING_CARDS
        self.pay(seat, cost)
        self.built[f"p{p}"] += 1
        self.pending.append(("age", p, h))

    def _end_turn(self, seat: int, a: Any) -> None:
        """L63: every build takes effect at the end of the turn; L80 the end; L16 clockwise."""
        assert self.phase == "build" and seat == self.current
        for kind, x, y, *rest in self.pending:
            if kind == "farm":  # L56 «Фишка, которая построила хутор, убирается»
                h = self.pos[x]
                if h >= 0 and self.occupant[h] == x:
                    self.occupant[h] = -1
                self.pos[x] = SUPPLY
                self.house[y], self.level[y] = seat, 1
            elif kind == "town":
                self.level[y] = 2
            elif kind in ("settler", "boat"):
                first = seat * 10 + (0 if kind == "boat" else 5)
                piece = next(q for q in range(first, first + 5) if self.pos[q] == SUPPLY)
                self.pos[piece] = y
                if y >= 0:
                    self.occupant[y] = piece
            elif kind == "harbour":
                self.harbour[y] = rest[0]
            else:
                self.age(y)
        self.pending, self.built = [], Counter()
        self.first_turn[seat] = False
        self.turn += 1
        if max(self.points(q) for q in range(self.n)) >= TARGET or (
            self.turn_limit and self.turn >= self.turn_limit
        ):
            self.finish()
            return
        if self.engine_over:
            # README «The end of the game»: a table that can never reach 12 again ends
            # (progress.py). NOT re-derived here: the referee accepts the engine's word,
            # having checked above that nobody reached 12 and no turn limit was met
            self.no_progress_ends += 1
            self.finish()
            return
        self.next_turn()

    def next_turn(self) -> None:
        self.current = (self.current + 1) % self.n
        self.dice = None
        self.reset_turn()
        self.phase = "roll"

    def finish(self) -> None:
        self.over = True
        self.phase = "over"
        keys = [self.rank(q) for q in range(self.n)]
        self.winners = [q for q in range(self.n) if keys[q] == max(keys)]

    # ---------------------------------------------------------------- the Althing (L64-L71)
    def start_althing(self) -> None:
        """L19: the player to move and every player without fate cards draw one."""
        self.phase = "althing"
        for q in self.order_from(self.current):
            if q == self.current or not self.fate[q]:
                self.draw_fate(q)
        self.al = {
            "stage": "window",
            "after": "start",
            "choices": {},
            "seats": [],
            "order": [],
            "index": 0,
            "tried": set(),
            "candidates": [],
            "accused": set(),
            "case": None,
            "dissolved": False,
        }
        self.open_window("start")

    def open_window(self, after: str) -> None:
        """README: every holder of fate cards answers at once, resolved from the player to move."""
        al = self.al
        assert al is not None
        seats = [q for q in self.order_from(self.current) if self.fate[q]]
        al["after"] = after
        if not seats:
            self.continue_after(after)
            return
        al["stage"], al["seats"], al["choices"] = "window", seats, {}

    def window_choice(self, seat: int, choice: tuple[str, int] | None) -> None:
        al = self.al
        assert self.phase == "althing" and al is not None and al["stage"] == "window"
        assert seat in al["seats"] and seat not in al["choices"]
        if choice is not None:
            assert self.label[choice[0]] == "althing" and choice[0] in self.fate[seat]
        al["choices"][seat] = choice
        if len(al["choices"]) < len(al["seats"]):
            return
        played = False
        for q in al["seats"]:
            choice = al["choices"][q]
            if choice is None or al["dissolved"] or choice[0] not in self.fate[q]:
                continue
            card, target = choice
            effect = self.effect[card]
            if effect == "remove_red_tokens":  # L64: saves an outlaw
                if target not in self.red_tokens:
                    continue
                self.play_fate(q, card, "althing")
                del self.red_tokens[target]
                played = True
            elif effect == "interrupt_case":  # L70: the case ends, nobody scores
                if al["case"] is None:
                    continue
                self.play_fate(q, card, "althing")
                al["case"] = None
                played = True
            else:  # L70: the Althing breaks up
                self.play_fate(q, card, "althing")
                al["case"] = None
                al["dissolved"] = True
        if played and not al["dissolved"]:
            self.open_window(al["after"])
        else:
            self.continue_after(al["after"])

    def continue_after(self, after: str) -> None:
        al = self.al
        assert al is not None
        if after == "start":  # L64 the outlaws are removed, red tokens awarded
            for p in sorted(self.red_tokens):
                self.remove(p, SUPPLY)
        if al["dissolved"]:
            self.end_althing(black=False)
        elif after == "start":
            al["stage"] = "starter"
        elif after in ("case", "help"):
            al["stage"] = after if al["case"] is not None else "cases"
        elif after == "cases":
            al["stage"] = "cases"
        else:
            self.end_althing(black=True)

    def possible_cases(self, plaintiff: int) -> list[tuple[int, int]]:
        """L65: another player's settler on a numbered hex by the plaintiff's house (its
        production), or another player's boat in a harbour by it (its trade)."""
        out = []
        for p, h in enumerate(self.pos):
            if h < 0 or owner(p) == plaintiff or not self.house_by(plaintiff, h):
                continue
            if self.as_settler(p):
                if self.farmland(h) and self.number[h]:
                    out.append((p, PRODUCES[self.terrain[h]]))
            elif self.harbour[h] >= 0:
                out.append((p, self.harbour[h]))
        return out

    def _choose_starter(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None and al["stage"] == "starter" and seat == self.current
        al["order"], al["index"] = self.order_from(a.seat), 0
        counts = Counter(owner(p) for q in range(self.n) for p, _ in self.possible_cases(q))
        al["candidates"] = [q for q in range(self.n) if counts[q] >= 3]  # L69
        al["stage"] = "cases"

    def _end_cases(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None and al["stage"] == "cases" and seat == al["order"][al["index"]]
        al["index"] += 1
        if al["index"] >= self.n:
            self.open_window("end")

    def _open_case(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None and al["stage"] == "cases" and seat == al["order"][al["index"]]
        assert (seat, a.piece) not in al["tried"]
        res = dict(self.possible_cases(seat))[a.piece]
        al["tried"].add((seat, a.piece))
        al["accused"].add(owner(a.piece))
        al["case"] = {
            "plaintiff": seat,
            "piece": a.piece,
            "res": res,
            "sides": [[seat], [owner(a.piece)]],
            "totals": [0, 0],
            "turn": 0,
            "asked": [[], []],
            "members": [],
            "helper": -1,
            "conceding": False,
        }
        self.add_cards(seat, a.cards)  # L66 «одну или больше карт»

    def add_cards(self, seat: int, k: int) -> None:
        """L66: cards of the case's resource go to the bank; L67 a helper joins and leads."""
        al = self.al
        assert al is not None and k >= 1
        case = al["case"]
        side = case["turn"]
        cost = [0, 0, 0, 0]
        cost[case["res"]] = k
        self.pay(seat, cost)
        if seat not in case["sides"][side]:
            case["sides"][side].append(seat)
        case["totals"][side] += k
        al["stage"] = "case"
        if case["totals"][side] > case["totals"][1 - side]:
            case["turn"] = 1 - side
            case["members"] = []
            self.open_window("case")

    def in_case(self, seat: int) -> dict[str, Any]:
        al = self.al
        assert al is not None and al["case"] is not None
        case = al["case"]
        expected = case["helper"] if al["stage"] == "help" else case["sides"][case["turn"]][-1]
        assert seat == expected, (seat, expected, al["stage"])
        return case

    def _bid(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None
        case = self.in_case(seat)
        if al["stage"] == "help":
            case["conceding"] = False
        self.add_cards(seat, a.cards)
        self.window_in_case()

    def _ask_help(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None and al["stage"] == "case"
        case = self.in_case(seat)
        side = case["turn"]
        busy = set(case["sides"][0]) | set(case["sides"][1])
        if a.seat in case["sides"][side]:  # L67 the members may add cards
            assert a.seat != seat and a.seat not in case["members"]
            case["members"].append(a.seat)
        else:  # L67 «ещё не вовлечённых»
            assert a.seat not in busy and a.seat not in case["asked"][side]
        case["helper"] = a.seat
        al["stage"] = "help"
        self.window_in_case()

    def _decline(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None and al["stage"] == "help"
        case = self.in_case(seat)
        case["asked"][case["turn"]].append(seat)
        al["stage"] = "case"
        if case["conceding"]:
            self.members_before_losing()
        self.window_in_case()

    def _concede(self, seat: int, a: Any) -> None:
        al = self.al
        assert al is not None and al["stage"] == "case"
        self.in_case(seat)["conceding"] = True
        self.members_before_losing()
        self.window_in_case()

    def members_before_losing(self) -> None:
        """L67 «все вовлечённые могут продолжать добавлять карты»: the members not yet asked,
        the last to join first, before the side loses (L66)."""
        al = self.al
        assert al is not None
        case = al["case"]
        side = case["turn"]
        for member in reversed(case["sides"][side][:-1]):
            if member not in case["members"]:
                case["members"].append(member)
                case["helper"] = member
                al["stage"] = "help"
                return
        winner = 1 - side  # L66 white to the winning side's leader (L67)
        self.white[case["sides"][winner][-1]] += 1
        if winner == 0:  # L68 the defence lost: a red token for the plaintiff
            self.red_tokens.setdefault(case["piece"], []).append(case["plaintiff"])
        al["case"] = None
        al["stage"] = "cases"
        self.open_window("cases")

    def window_in_case(self) -> None:
        al = self.al
        if al is not None and al["case"] is not None and al["stage"] in ("case", "help"):
            self.open_window(al["stage"])

    def end_althing(self, black: bool) -> None:
        al = self.al
        assert al is not None
        if black:  # L69; L70 none when the Althing was broken up
            for q in al["candidates"]:
                if q not in al["accused"]:
                    self.branches["black token"] += 1
                    self.black[q] += 1
        self.al = None
        self.phase = "move"

    # ---------------------------------------------------------------- the build menu
    def can_pay(self, seat: int, cost: tuple[int, ...] | list[int]) -> bool:
        return all(self.hands[seat][r] >= cost[r] for r in range(4))

    def farm_corner_ok(self, c: int) -> bool:
        """L56: a free corner by non-mountain land, no house next to it unless sea and a
        mountain lie between; L25 builds of the turn count against each other (README)."""
        farms = {b[2] for b in self.pending if b[0] == "farm"}
        if self.house[c] >= 0 or c in farms:
            return False
        if not any(self.farmland(x) for x in GRID.corner_hexes[c]):
            return False
        for nb, between in CORNER_LINKS[c]:
            if self.house[nb] >= 0 or nb in farms:
                kinds = sorted(
                    ["sea"] * (2 - len(between))
                    + [
                        "sea"
                        if self.terrain[x] == "sea"
                        else "mountain"
                        if self.terrain[x] == "mountain"
                        else "other"
                        for x in between
                    ]
                )
                if kinds != ["mountain", "sea"]:
                    return False
        return True

    def expected_menu(self, seat: int) -> set[Any]:
        """Every bank trade (L52) and build (L56-L62) the player to move may make now."""
        out: set[Any] = set()
        for give in range(4):
            if self.hands[seat][give] >= self.harbour_rate(seat, give):
                out.update(
                    A.TradeWithBank(RES[give], RES[get])
                    for get in range(4)
                    if get != give and self.bank[get]
                )
        used = sum(self.level[c] for c in range(CORNERS) if self.house[c] == seat)
        houses = used + len(self.pending_of("farm")) + len(self.pending_of("town")) < HOUSES
        pieces = {}
        for kind, first in (("boat", seat * 10), ("settler", seat * 10 + 5)):
            free = sum(1 for q in range(first, first + 5) if self.pos[q] == SUPPLY)
            pieces[kind] = free > len(self.pending_of(kind))
        targets = {b[2] for b in self.pending if b[0] in ("settler", "boat")}
        harbours = {b[2] for b in self.pending_of("harbour")}
        for p in range(seat * 10, seat * 10 + 10):
            h = self.pos[p]
            if h < 0 or self.built[f"p{p}"]:
                continue
            if houses and self.can_pay(seat, FARM) and not self.red_tokens.get(p):
                out.update(A.BuildFarm(p, c) for c in GRID.hex_corners[h] if self.farm_corner_ok(c))
            if (
                is_boat(p)
                and self.terrain[h] == "sea"
                and self.harbour[h] < 0
                and h not in harbours
                and any(self.farmland(x) for x in GRID.hex_neighbours[h])
            ):
                out.update(
                    A.BuildHarbour(p, RES[r])
                    for r in range(4)
                    if self.harbour_pool[r] and self.hands[seat][r] >= HARBOUR_CARDS
                )
            if (
                self.as_settler(p)
                and self.farmland(h)
                and self.number[h]
                and self.hands[seat][PRODUCES[self.terrain[h]]] >= AGEING_CARDS
            ):
                out.add(A.BuildAgeing(p))
        for c in range(CORNERS):
            if self.house[c] != seat:
                continue
            done = self.built[f"c{c}"]
            if (
                self.level[c] == 1
                and not done
                and houses
                and self.can_pay(seat, TOWN)
                and (
                    len(GRID.corner_hexes[c]) < 3
                    or any(self.terrain[x] == "sea" for x in GRID.corner_hexes[c])
                )
            ):
                out.add(A.BuildTown(c))
            if done >= (3 if self.level[c] == 2 else 1):
                continue
            for h in GRID.corner_hexes[c]:
                if self.terrain[h] is None or self.occupant[h] >= 0 or h in targets:
                    continue
                if (
                    pieces["settler"]
                    and self.can_pay(seat, SETTLER)
                    and self.may_enter(seat * 10 + 5, h)
                ):
                    out.add(A.BuildSettler(c, h))
                if pieces["boat"] and self.can_pay(seat, BOAT) and self.may_enter(seat * 10, h):
                    out.add(A.BuildBoat(c, h))
        if pieces["boat"] and self.can_pay(seat, BOAT):
            out.add(A.BuildBoat(OUTER, OUTER))
        return out

    # ---------------------------------------------------------------- phases 1-2: the menus
    def cards_of(self, seat: int, effect: str) -> set[str]:
        return {c for c in self.fate[seat] if self.effect[c] == effect}

    def with_pass(self, p: int, h: int) -> bool:
        """L32-L33: the Mountain pass lets a settler into a mountain (one it could not enter
        by its owner's house) and a boat onto non-mountain land."""
        if h < 0 or self.terrain[h] is None:
            return False
        if is_boat(p):
            return self.farmland(h)
        return self.mountain(h) and not self.house_by(owner(p), h)

    def expected_moves(self, seat: int) -> set[Any]:
        """Phase 2 (L21-L22, L30-L38, L51): one piece (README), up to two steps; a step to a
        known hex by L30-L32, with the pass (L33), into an outlaw's hex by its claimant as if
        free (L34) or with a Chase card past another piece; an unknown hex explored, with an
        Exploration card before the dice (L51); the outer sea for boats (L31); the first step
        of a first turn (L37); Fair wind after one or two steps (L38); the found mountain or
        land entered with the pass without a step (L38)."""
        out: set[Any] = set()
        passes = self.cards_of(seat, "enter_forbidden")
        if self.blocked is not None:
            p, h = self.blocked
            if self.occupant[h] < 0 and self.with_pass(p, h):
                out.update(A.Move(p, h, c) for c in passes)
        first = self.first_turn[seat] and self.taken == 0
        if self.steps > 0:
            explore = {c for c in self.fate[seat] if self.label[c] == "exploration"}
            chase = self.cards_of(seat, "chase")
            mine = [self.piece] if self.piece is not None else [
                q for q in range(seat * 10, seat * 10 + 10) if self.pos[q] >= OUTER]
            for p in mine:
                here = self.pos[p]
                for to in NEIGHBOURS[here] if here >= 0 else EDGE:
                    if first and not (
                        here == OUTER and to in FIRST_TARGETS
                        and (self.occupant[to] < 0 or owner(self.occupant[to]) == seat)
                    ):
                        continue
                    if to == OUTER:
                        if is_boat(p):
                            out.add(A.Move(p, OUTER, ""))
                        continue
                    if self.terrain[to] is None:
                        out.add(A.Explore(p, to, ""))
                        out.update(A.Explore(p, to, c) for c in explore)
                        continue
                    occ = self.occupant[to]
                    free = occ < 0 or (owner(occ) != seat and seat in self.red_tokens.get(occ, ()))
                    if free and self.may_enter(p, to):
                        out.add(A.Move(p, to, ""))
                    elif free and self.with_pass(p, to):
                        out.update(A.Move(p, to, c) for c in passes)
                    elif not free and owner(occ) != seat and self.may_enter(p, to):
                        out.update(A.Move(p, to, c) for c in chase)
        if self.taken >= 1 and self.piece is not None and not self.wind:
            out.update(A.PlayFate(c, -1) for c in self.cards_of(seat, "extra_steps"))
        # L37 a must while a step without a fate card is possible (L33, L38 «может»)
        if not (first and any(isinstance(a, A.Move | A.Explore) and not a.card for a in out)):
            out.add(A.EndMovement())
        return out

    def expected_phase_menu(self, seat: int) -> set[Any] | None:
        """The menus of phases 1-2 (L28-L29, L35, L38, L49), or None outside them."""
        if self.phase == "move":
            return self.expected_moves(seat)
        if self.phase == "retreat":
            p, forbidden = self.retreat  # type: ignore[misc]
            return {A.Retreat(to) for to in self.retreats(p, self.pos[p], forbidden)}
        if self.phase == "harvest_fate":  # L29: one Harvest card of the player to move, or none
            out: set[Any] = {A.Pass()}
            for c in self.fate[seat]:
                if self.effect[c] == "blight_hex":
                    out.update(A.PlayFate(c, h) for h in range(SIZE)
                               if self.number[h] == sum(self.dice))  # type: ignore[arg-type]
                elif self.effect[c] == "bonus_harvest":
                    out.add(A.PlayFate(c, -1))
            return out
        if self.phase == "althing":
            return self.expected_althing(seat)
        if self.phase == "age":  # L28 one of the hexes that produced
            return {A.AgeHex(h) for h in self.age_choices}
        if self.phase == "choose_number":  # Good omen: any number left in the bank
            return {A.ChooseNumber(k) for k in AGEING if self.number_pool[k]}
        return None

    def althing_deciders(self) -> list[int]:
        al = self.al
        assert al is not None
        stage, case = al["stage"], al["case"]
        if stage == "window":
            return [q for q in al["seats"] if q not in al["choices"]]
        if stage == "starter":
            return [self.current]
        if stage == "cases":
            return [al["order"][al["index"]]]
        return [case["helper"] if stage == "help" else case["sides"][case["turn"]][-1]]

    def expected_althing(self, seat: int) -> set[Any]:
        """L64-L71: a card window (Althing cards only, L70-L71: a Reconciliation for any
        outlaw, a Settlement while a case runs, the break-up); the starter (L65, any player);
        the round of cases (L65 each possible case not tried yet, opened with one or more cards
        of its kind, L66); a case: the leader bids, asks an uninvolved player not yet asked by
        the side or a member of the side (L67), or concedes; the one asked bids or declines."""
        al = self.al
        assert al is not None
        stage, case = al["stage"], al["case"]
        out: set[Any] = set()
        if stage == "window":
            out.add(A.Pass())
            for c in self.fate[seat]:
                effect = self.effect[c]
                if self.label[c] != "althing":
                    continue
                if effect == "remove_red_tokens":
                    out.update(A.PlayFate(c, p) for p in self.red_tokens)
                elif effect == "interrupt_case":
                    if case is not None:
                        out.add(A.PlayFate(c, -1))
                else:
                    out.add(A.PlayFate(c, -1))
            return out
        if stage == "starter":
            return {A.ChooseStarter(q) for q in range(self.n)}
        if stage == "cases":
            out.add(A.EndCases())
            for p, r in self.possible_cases(seat):
                if (seat, p) not in al["tried"]:
                    out.update(A.OpenCase(p, k) for k in range(1, self.hands[seat][r] + 1))
            return out
        bids = {A.Bid(k) for k in range(1, self.hands[seat][case["res"]] + 1)}
        if stage == "help":
            return {A.Decline(), *bids}
        side = case["turn"]
        busy = set(case["sides"][0]) | set(case["sides"][1])
        out = {A.Concede(), *bids}
        out.update(A.AskHelp(q) for q in range(self.n)
                   if q not in busy and q not in case["asked"][side])
        out.update(A.AskHelp(q) for q in case["sides"][side][:-1] if q not in case["members"])
        return out

    def phase_menu_differences(self, st: Any) -> list[str]:
        if self.phase == "althing":
            deciders = self.althing_deciders()
            if sorted(deciders) != sorted(st.to_act):
                return [f"althing: to act {st.to_act}, referee {deciders}"]
            out = []
            for q in deciders:
                out.extend(self.one_menu_differences(st, q))
            return out
        seat = owner(self.retreat[0]) if self.phase == "retreat" and self.retreat else self.current
        return self.one_menu_differences(st, seat)

    def one_menu_differences(self, st: Any, seat: int) -> list[str]:
        mine = self.expected_phase_menu(seat)
        if mine is None:
            return []
        menu = st.legal_actions(seat)
        listed = set(menu)
        if len(listed) != len(menu):
            twice = sorted(str(a.to_json()) for a in listed if menu.count(a) > 1)
            return [f"{self.phase} menu lists an action twice: {twice}"]
        if listed == mine:
            return []
        return [
            f"{self.phase} menu: only the engine {sorted(str(x.to_json()) for x in listed - mine)}"
            f", only the referee {sorted(str(x.to_json()) for x in mine - listed)}"
        ]

    def candidate_builds(self, seat: int) -> set[Any]:
        """Every build of the shapes the player might send (own pieces on the board × the
        corners of their hexes, own houses × their hexes, every harbour token), legal or not."""
        out: set[Any] = {A.BuildBoat(OUTER, OUTER)}
        for p in range(seat * 10, seat * 10 + 10):
            h = self.pos[p]
            if h >= 0:
                out.update(A.BuildFarm(p, c) for c in GRID.hex_corners[h])
                out.update(A.BuildHarbour(p, r) for r in RES)
                out.add(A.BuildAgeing(p))
        for c in range(CORNERS):
            if self.house[c] == seat:
                out.add(A.BuildTown(c))
                for h in GRID.corner_hexes[c]:
                    out.update((A.BuildSettler(c, h), A.BuildBoat(c, h)))
        return out

    def refusal_differences(self, st: Any) -> list[str]:
        """What the engine accepts when sent (``illegal_reason``), not only what it lists."""
        if self.phase != "build" or st.phase != "build":
            return []
        seat = self.current
        mine = self.expected_menu(seat)
        wrong = [
            a.to_json()
            for a in self.candidate_builds(seat)
            if (st.illegal_reason(seat, a) is None) != (a in mine)
        ]
        return [f"accepted when sent: {wrong}"] if wrong else []

    def menu_differences(self, st: Any) -> list[str]:
        """In phase 3, the bank trades and builds the engine lists against the referee's."""
        if self.phase != "build" or st.phase != "build":
            return []
        kinds = (A.TradeWithBank, *BUILDS)
        listed = {a for a in st.legal_actions(self.current) if isinstance(a, kinds)}
        mine = self.expected_menu(self.current)
        if listed == mine:
            return []
        return [
            f"menu: only the engine {sorted(x.to_json().values() for x in listed - mine)}"
            f", only the referee {sorted(x.to_json().values() for x in mine - listed)}"
        ]

    # ---------------------------------------------------------------- what a seat sees
    def view_differences(self, st: Any, seat: int) -> list[str]:
        """README «View schema»: every resource hand kind by kind (L7 with L4, L26-27, L50,
        L52-53, L56-60, L66), tokens and points (L6), fate cards by number (L6) with the
        starting card named (L4), the own fate hand, the supplies (L5); not the bank (L5)."""
        v = st.view(seat)["state"]
        out = []
        for x, player in enumerate(v["players"]):
            mine = {
                "cards": sum(self.hands[x]),
                "fate_cards": len(self.fate[x]),
                "fate_known": self.known[x],
                "white": self.white[x],
                "red": self.red[x],
                "black": self.black[x],
                "points": self.points(x),
                "hand": dict(zip(RES, self.hands[x], strict=True)),
            }
            if player != mine:
                out.append(f"view of seat {seat}, player {x}: referee {mine}, engine {player}")
        board = v["board"]
        mine_board = {
            "terrain": self.terrain,
            "number": self.number,
            "harbour": [RES[r] if r >= 0 else None for r in self.harbour],
            "occupant": self.occupant,
            "pieces": self.pos,
            "houses": [
                [c, self.house[c], self.level[c]] for c in range(CORNERS) if self.house[c] >= 0
            ],
            "red_tokens": {str(k): v for k, v in sorted(self.red_tokens.items())},
        }
        if board != mine_board:
            out.append(f"view of seat {seat}: board differs")
        supply = {
            "terrain": self.terrain_pool,
            "numbers": {str(k): v for k, v in sorted(self.number_pool.items())},
            "harbours": dict(zip(RES, self.harbour_pool, strict=True)),
            "fate_deck": len(self.deck),
            "fate_discard": self.discard,
        }
        if v["supply"] != supply:
            out.append(f"view of seat {seat}: supply {v['supply']} against {supply}")
        if v["fate_hand"] != self.fate[seat] or "bank" in v or "deck" in v:
            out.append(f"view of seat {seat}: fate hand or hidden piles shown")
        return out

    def leak_differences(self, st: Any, seat: int, seed: int) -> list[str]:
        """Hidden information (L4, L6-L7: other fate hands, drawn face down; the order of the
        fate deck; secret window answers; the game's seed and generator, which decide every
        exploration to come): the seat's view must not change when all of it is dealt again
        (``determinize``: other fate hands and the deck redrawn, a new generator and seed)."""
        if st.view(seat) != st.determinize(seat, seed).view(seat):
            return [f"view of seat {seat} shows hidden information"]
        return []

    # ---------------------------------------------------------------- the comparison
    def differences(self, st: Any) -> list[str]:
        names = st.c.terrains
        al = st.al
        mine_al = (
            None
            if self.al is None
            else (self.al["stage"], self.al["case"] is not None and self.al["case"]["totals"])
        )
        theirs_al = (
            None if al is None else (al["stage"], al["case"] is not None and al["case"]["totals"])
        )
        pairs = {
            "phase": (self.phase, st.phase),
            "current": (self.current, st.current),
            "turn": (self.turn, st.turn),
            "dice": (self.dice, st.dice),
            "hands": (self.hands, st.hands),
            "bank": (self.bank, st.bank),
            "fate hands": (self.fate, st.fate),
            "fate deck": (self.deck, st.deck),
            "fate discard": (self.discard, st.discard),
            "terrain": (self.terrain, [names[t] if t >= 0 else None for t in st.terrain]),
            "terrain supply": (
                list(self.terrain_pool.values()),
                [st.terrain_pool[names.index(t)] for t in self.terrain_pool],
            ),
            "numbers": (self.number, st.number),
            "number supply": (self.number_pool, {k: st.number_pool[k] for k in AGEING}),
            "harbours": (self.harbour, st.harbour),
            "harbour supply": (self.harbour_pool, st.harbour_pool),
            "pieces": (self.pos, st.pos),
            "occupants": (self.occupant, st.occupant),
            "houses": ((self.house, self.level), (st.house_owner, st.house_level)),
            "white": (self.white, st.white),
            "red won": (self.red, st.red_won),
            "black": (self.black, st.black),
            "red tokens": (self.red_tokens, st.red_tokens),
            "steps": (
                (self.steps, self.taken, self.wind, self.blocked),
                (st.mv_steps, st.mv_taken, st.mv_wind, st.mv_blocked),
            ),
            "retreat": (self.retreat, st.retreat),
            "age choices": (self.age_choices, st.age_choices),
            "pending builds": (len(self.pending), len(st.pending)),
            "althing": (mine_al, theirs_al),
            "points": ([self.points(q) for q in range(self.n)], [int(x) for x in st.scores()]),
            "over": (self.over, st.over),
            "winners": (self.winners, list(st.winners())),
            "first turn": (self.first_turn, st.first_turn),
        }
        out = [
            f"{name}: referee {mine}, engine {theirs}"
            for name, (mine, theirs) in pairs.items()
            if mine != theirs
        ]
        out.extend(self.menu_differences(st))
        if not out:
            out.extend(self.phase_menu_differences(st))
        if not self.chance_agrees:
            out.append("chance: the engine drew other dice or shuffles than the referee")
        return out
