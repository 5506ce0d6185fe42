"""What positions, places and pieces are worth to a Landnám bot — the evaluation half of
``heuristic.py`` (which decides; this module only values).

* ``evaluate(state, seat)``: the whole position, for the greedy and MCTS bots.
* ``corner_value``, ``spot_value``, ``piece_value``, ``explore_distance``: the board as the
  heuristic bot sees it when it moves pieces and builds.

Everything here reads only what the seat may see: the public board, counts and its own hand.
"""

from __future__ import annotations

from settlers.core.dice import ways_2d6
from settlers.games.iceland import building
from settlers.games.iceland.board import OUTER
from settlers.games.iceland.content import UNKNOWN
from settlers.games.iceland.movement import may_enter
from settlers.games.iceland.pieces import (
    counts_as_settler,
    house_on_hex,
    is_boat,
    is_farmland,
    owner,
)
from settlers.games.iceland.scoring import all_victory_points, winners
from settlers.games.iceland.state import IcelandState

#: what leading a case is worth before it ends (the white token is likely, not yet won)
CASE_LEAD = 0.6
#: weight of the best farm one step further on
LOOKAHEAD = 0.4


#: chance of a number in 36ths (0 for no number)
weight = ways_2d6


# --- the whole position (greedy, MCTS) -------------------------------------------------------
def _farm_spot_value(s: IcelandState, piece: int) -> float:
    """How good a farm the piece could found from its hex (free corners touching land)."""
    h = s.pos[piece]
    if h < 0:
        return 0.0
    best = 0
    owners = s.house_owner
    for c in s.b.hex_corners[h]:
        if owners[c] >= 0 or any(owners[n] >= 0 for n, _ in s.b.corner_links[c]):
            continue
        best = max(best, sum(weight(s.number[x]) for x in s.b.corner_hexes[c]))
    return best / 10


def evaluate(s: IcelandState, seat: int) -> float:
    """Points (builds of this turn included), plus production, cards, pieces in good places,
    minus outlawed pieces — for the greedy and MCTS bots."""
    s.check_seat(seat)
    if s.finished:
        return 100.0 if seat in winners(s) else -100.0
    points = all_victory_points(s)
    if s.current == seat:
        points[seat] += sum(1 for b in s.pending if b[0] in ("farm", "town"))
    mine = points[seat]
    others = max(p for x, p in enumerate(points) if x != seat)
    production = 0
    kinds = set()
    for c, who in enumerate(s.house_owner):
        if who != seat:
            continue
        for h in s.b.corner_hexes[c]:
            w = weight(s.number[h])
            if w:
                production += w * s.house_level[c]
                kinds.add(s.c.terrain_resource[s.terrain[h]])
    pieces = 0.0
    for p in range(seat * 10, seat * 10 + 10):
        if s.pos[p] >= -1:
            pieces += 0.15 + _farm_spot_value(s, p)
            if s.red_tokens.get(p):
                pieces -= 0.4
    if s.current == seat:
        pieces += 0.15 * sum(1 for b in s.pending if b[0] in ("settler", "boat"))
    hand = s.hands[seat]
    cards = min(sum(hand), 10)
    stake = case_stake(s, seat)
    farm = s.c.costs["farm"]
    ready = sum(min(hand[r], farm[r]) for r in range(4)) / max(1, sum(farm))
    return ((mine - others) + 0.04 * production + 0.1 * len(kinds) + 0.04 * cards
            + 0.3 * ready + 0.03 * len(s.fate[seat]) + pieces + stake)


def case_stake(s: IcelandState, seat: int) -> float:
    """During a case at the Althing: the leader of the side ahead expects the white token, and a
    defendant whose piece the plaintiff's side is outbidding expects outlawry. Without this a
    one-ply bot sees only the cards a bid costs and never goes to court."""
    al = s.al
    case = al.get("case") if al else None
    if not case:
        return 0.0
    totals, sides = case["totals"], case["sides"]
    ahead = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else -1
    if ahead < 0:
        return 0.0
    value = CASE_LEAD if sides[ahead][-1] == seat else 0.0
    if ahead == 0 and owner(case["piece"]) == seat:
        value -= 0.3
    return value


# --- places on the board (the heuristic bot) -----------------------------------------------
def corner_free(s: IcelandState, c: int, pending: set[int]) -> bool:
    """Could a farm stand on corner ``c`` (cards and pieces aside)?"""
    if s.house_owner[c] >= 0 or c in pending:
        return False
    if not building.corner_touches_farmland(s, c):
        return False
    for n, between in s.b.corner_links[c]:
        if (s.house_owner[n] >= 0 or n in pending) and \
                not building.sea_and_mountain_between(s, between):
            return False
    return True


def corner_value(s: IcelandState, seat: int, c: int) -> float:
    value = 0.0
    kinds = set()
    for h in s.b.corner_hexes[c]:
        t = s.terrain[h]
        if t == UNKNOWN:
            value += 2.0
        elif is_farmland(s, h):
            w: float = weight(s.number[h])
            occ = s.occupant[h]
            if occ >= 0 and owner(occ) != seat:
                w *= 0.8  # blocked, but a case to open
            value += w
            kinds.add(s.c.terrain_resource[t])
    value += 0.7 * len(kinds)
    if building.corner_touches_sea(s, c):
        value += 1.5  # a town may grow here
    return value


def spot_value(s: IcelandState, seat: int, h: int) -> float:
    """The best farm a piece standing on ``h`` could found."""
    if h < 0:
        return 0.0
    pending = building.pending_farm_corners(s)
    best = 0.0
    for c in s.b.hex_corners[h]:
        if corner_free(s, c, pending):
            best = max(best, corner_value(s, seat, c))
    return best


def baiting(s: IcelandState, seat: int) -> bool:
    """No house left to build and a full hand: points can only come from the Althing."""
    return building.houses_left(s, seat) <= 0 and sum(s.hands[seat]) >= 8


def piece_value(s: IcelandState, seat: int, piece: int, h: int) -> float:
    """How good it is for ``piece`` to stand on ``h``."""
    if h < 0:
        return -1.0
    # a farm the seat could found from here — none for a boat once its houses are used up
    # (L82; a boat of seed 120377 kept to a harbour by a good farm corner, not one by another's
    # house). Settlers keep looking for farm corners: they walk off the hexes they block then
    # (seed 120036 stalled when they stayed by a player without cards)
    farms = building.houses_left(s, seat) > 0 or not is_boat(piece)
    value = spot_value(s, seat, h) if farms else 0.0
    land = s.terrain[h] >= 0 and is_farmland(s, h)
    if land and (not is_boat(piece) or s.terrain[h] != s.c.sea):
        value = max(value, 0.9 * 2 * weight(s.number[h]))
        if s.number[h] and baiting(s, seat):
            # every house this settler blocks is a possible case: three and none opened
            # earn a black token, and a case opened is one a full hand defends
            accusers = sum(1 for c in s.b.hex_corners[h]
                           if s.house_owner[c] >= 0 and s.house_owner[c] != seat)
            value += 2.0 * accusers
    elif baiting(s, seat) and is_boat(piece) and s.terrain[h] == s.c.sea and (
            s.harbour[h] >= 0 or (any(s.harbour_pool) and any(
                is_farmland(s, n) for n in s.b.grid.hex_neighbours[h]))):
        # L65: a boat in a harbour next to another player's house is a possible case too (a
        # harbour the boat can build, L59) — the way to a black token when houses run out
        value += 2.0 * len(harbour_accusers(s, seat, h))
    unknown = sum(1 for n in s.b.grid.hex_neighbours[h] if s.terrain[n] == UNKNOWN)
    value += 0.6 * min(unknown, 2)
    if LOOKAHEAD and farms:
        # a farm one more step away (movement goes on next turn)
        ahead = [spot_value(s, seat, n) for n in s.b.grid.hex_neighbours[h]
                 if s.occupant[n] < 0 and s.terrain[n] >= 0 and may_enter(s, piece, n)]
        if ahead:
            value += LOOKAHEAD * max(ahead)
    tokens = s.red_tokens.get(piece)
    if tokens:
        kept = [x for x in tokens if house_on_hex(s, x, h)]
        value -= 8.0 * len(kept)  # the accuser takes it at the next Althing
    return value


def harbour_accusers(s: IcelandState, seat: int, h: int) -> set[int]:
    """The other players with a house on a corner of (sea) hex ``h``: each could bring a case
    against a boat of ``seat`` in a harbour there (L65)."""
    return {s.house_owner[c] for c in s.b.hex_corners[h]
            if s.house_owner[c] >= 0 and s.house_owner[c] != seat}


def my_gain(s: IcelandState, seat: int, h: int) -> int:
    """Cards ``seat`` receives when hex ``h`` produces."""
    piece = s.occupant[h]
    if piece >= 0 and counts_as_settler(s, piece):
        return 2 if owner(piece) == seat else 0
    return sum(s.house_level[c] for c in s.b.hex_corners[h] if s.house_owner[c] == seat)


def total_gain(s: IcelandState, h: int) -> int:
    """Cards everybody receives when hex ``h`` produces."""
    piece = s.occupant[h]
    if piece >= 0 and counts_as_settler(s, piece):
        return 2
    return sum(s.house_level[c] for c in s.b.hex_corners[h] if s.house_owner[c] >= 0)


def explore_distance(s: IcelandState, piece: int) -> dict[int, int]:
    """Steps ``piece`` needs from each position to stand next to an unexplored one (free
    positions only, the outer sea included for boats); missing = out of reach."""
    def stands(h: int) -> bool:
        if h == OUTER:
            return is_boat(piece)
        occ = s.occupant[h]
        return s.terrain[h] != UNKNOWN and (occ < 0 or occ == piece) and \
            may_enter(s, piece, h)

    def around(h: int) -> tuple[int, ...]:
        return s.b.outer_neighbours if h == OUTER else s.b.neighbours[h]

    frontier = [h for h in range(s.b.size) if stands(h) and any(
        n >= 0 and s.terrain[n] == UNKNOWN for n in s.b.grid.hex_neighbours[h])]
    dist = dict.fromkeys(frontier, 0)
    while frontier:
        nxt = []
        for h in frontier:
            for n in around(h):
                if n not in dist and stands(n):
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    return dist
