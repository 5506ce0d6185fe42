"""Phase 3 B: building. Cards are paid at once; every build takes effect at the end of the turn.

"Любая постройка вступает в силу в конце хода" — so a build can never satisfy the requirement of
another build or of a trade in the same turn; builds of one turn are checked against the board
as it was AND against each other (two farms of one turn still keep their distance, two pieces
cannot be built on one hex).

* Farm (1 grain, 1 wood, 1 wool): a settler or boat turns into a farm on a corner of its hex; at
  least one of the corner's three hexes is non-mountain land; no farm or town on a neighbouring
  corner unless the two hexes between them are sea and mountain; an outlaw must first lose its
  red tokens; the piece leaves the board.
* Town (1 iron, 1 grain, 1 wood, 2 wool): a farm touching at least one sea hex (the frame is sea).
* Settler (1 iron, 1 grain) / boat (1 iron, 1 wood): built by a farm or town on one of its three
  hexes, where that piece could move by the normal rules; a boat may also be built on the outer
  sea hex without a settlement.
* Harbour (2 cards of the token's resource): a boat on a sea hex inside the frame bordering
  non-mountain land, where there is no harbour yet.
* Ageing (1 card of the hex's resource): a settler on non-mountain land ages its number.
* "Каждая фишка может совершать только одно действие строительства за ход ... Город ... может
  построить вплоть до трёх фишек."
"""

from __future__ import annotations

from settlers.core import Action
from settlers.games.iceland import actions as A
from settlers.games.iceland import interned as I
from settlers.games.iceland.board import OUTER, SUPPLY
from settlers.games.iceland.build_frame import frame
from settlers.games.iceland.harvest import age_hex
from settlers.games.iceland.movement import may_enter
from settlers.games.iceland.pieces import (
    counts_as_settler,
    is_boat,
    is_farmland,
    is_outlaw,
    owner,
    seat_boats,
    seat_horses,
    seat_pieces,
)
from settlers.games.iceland.state import IcelandState

#: the six builds of phase 3 B, the actions ``build_problem`` and ``apply_build`` answer
BUILD_ACTIONS = (A.BuildFarm, A.BuildTown, A.BuildSettler, A.BuildBoat, A.BuildHarbour,
                 A.BuildAgeing)


# --- what is already promised this turn -----------------------------------------------------
def pending_farm_corners(s: IcelandState) -> set[int]:
    return {b[2] for b in s.pending if b[0] == "farm"}


def pending_targets(s: IcelandState) -> set[int]:
    return {b[2] for b in s.pending if b[0] in ("settler", "boat") and b[2] >= 0}


def houses_left(s: IcelandState, seat: int) -> int:
    used = sum(s.house_level[c] for c in range(s.b.corner_count) if s.house_owner[c] == seat)
    used += sum(1 for b in s.pending if b[0] in ("farm", "town"))
    return s.c.pieces["house"] - used


def pieces_left(s: IcelandState, seat: int, boat: bool) -> int:
    kind = "boat" if boat else "settler"
    ids = seat_boats(seat) if boat else seat_horses(seat)
    return sum(1 for p in ids if s.pos[p] == SUPPLY) - sum(1 for b in s.pending if b[0] == kind)


def can_pay(s: IcelandState, seat: int, cost: tuple[int, ...]) -> bool:
    hand = s.hands[seat]
    return all(hand[r] >= cost[r] for r in range(4))


def pay(s: IcelandState, seat: int, cost: tuple[int, ...]) -> None:
    for r in range(4):
        s.hands[seat][r] -= cost[r]
        s.bank[r] += cost[r]


def builds_of(s: IcelandState, key: str) -> int:
    return s.built.get(key, 0)


# --- farms --------------------------------------------------------------------------------------
def corner_touches_farmland(s: IcelandState, c: int) -> bool:
    return any(is_farmland(s, h) for h in s.b.corner_hexes[c])


def corner_touches_sea(s: IcelandState, c: int) -> bool:
    return s.b.corner_frame[c] > 0 or any(s.terrain[h] == s.c.sea for h in s.b.corner_hexes[c])


def sea_and_mountain_between(s: IcelandState, between: tuple[int, ...]) -> bool:
    kinds = ["sea"] * (2 - len(between))
    for h in between:
        t = s.terrain[h]
        if t == s.c.sea:
            kinds.append("sea")
        elif t >= 0 and s.c.terrain_mountain[t]:
            kinds.append("mountain")
        else:
            kinds.append("other")
    return sorted(kinds) == ["mountain", "sea"]


def farm_problem(s: IcelandState, seat: int, piece: int, c: int) -> str | None:
    """None if ``piece`` may turn into a farm on corner ``c``, else an error key."""
    h = s.pos[piece]
    if owner(piece) != seat or h < 0:
        return "iceland.error.no_such_piece"
    if c not in s.b.hex_corners[h]:
        return "iceland.error.not_a_corner_of_hex"
    if builds_of(s, f"p{piece}"):
        return "iceland.error.already_built"
    if is_outlaw(s, piece):
        return "iceland.error.outlaw_cannot_farm"
    pending = pending_farm_corners(s)
    if s.house_owner[c] >= 0 or c in pending:
        return "iceland.error.corner_taken"
    if not corner_touches_farmland(s, c):
        return "iceland.error.farm_needs_land"
    for n, between in s.b.corner_links[c]:
        if (s.house_owner[n] >= 0 or n in pending) and not sea_and_mountain_between(s, between):
            return "iceland.error.farm_too_close"
    return house_problem(s, seat, "farm")


def house_problem(s: IcelandState, seat: int, what: str) -> str | None:
    """A farm or a town takes a house from the seat's supply and costs its cards."""
    if houses_left(s, seat) < 1:
        return "iceland.error.no_houses_left"
    if not can_pay(s, seat, s.c.costs[what]):
        return "iceland.error.not_enough_cards"
    return None


def town_problem(s: IcelandState, seat: int, c: int) -> str | None:
    if s.house_owner[c] != seat or s.house_level[c] != 1:
        return "iceland.error.no_own_farm"
    if builds_of(s, f"c{c}"):
        return "iceland.error.already_built"
    if not corner_touches_sea(s, c):
        return "iceland.error.town_needs_sea"
    return house_problem(s, seat, "town")


def piece_build_problem(s: IcelandState, seat: int, c: int, h: int, boat: bool) -> str | None:
    """May the farm/town on ``c`` build a settler (or boat) on hex ``h``?"""
    if c == OUTER and boat and h == OUTER:
        pass  # a boat on the outer sea needs no settlement
    else:
        if c < 0 or c >= s.b.corner_count or s.house_owner[c] != seat:
            return "iceland.error.no_own_farm"
        limit = s.c.town_builds if s.house_level[c] == 2 else 1
        if builds_of(s, f"c{c}") >= limit:
            return "iceland.error.already_built"
        if h not in s.b.corner_hexes[c]:
            return "iceland.error.not_adjacent"
        if s.terrain[h] < 0 or s.occupant[h] >= 0 or h in pending_targets(s):
            return "iceland.error.hex_not_free"
        probe = seat * 10 + (0 if boat else 5)
        if not may_enter(s, probe, h):
            return "iceland.error.cannot_move_there"
    if pieces_left(s, seat, boat) < 1:
        return "iceland.error.no_pieces_left"
    if not can_pay(s, seat, s.c.costs["boat" if boat else "settler"]):
        return "iceland.error.not_enough_cards"
    return None


def harbour_problem(s: IcelandState, seat: int, piece: int, res: int) -> str | None:
    h = s.pos[piece]
    if owner(piece) != seat or h < 0 or not is_boat(piece) or s.terrain[h] != s.c.sea:
        return "iceland.error.harbour_needs_boat"
    if builds_of(s, f"p{piece}"):
        return "iceland.error.already_built"
    if not any(is_farmland(s, n) for n in s.b.grid.hex_neighbours[h]):
        return "iceland.error.harbour_needs_land"
    if s.harbour[h] >= 0 or any(b[0] == "harbour" and b[2] == h for b in s.pending):
        return "iceland.error.harbour_exists"
    if s.harbour_pool[res] < 1:
        return "iceland.error.no_harbour_token"
    if s.hands[seat][res] < s.c.harbour_cost:
        return "iceland.error.not_enough_cards"
    return None


def ageing_problem(s: IcelandState, seat: int, piece: int) -> str | None:
    h = s.pos[piece]
    if owner(piece) != seat or h < 0 or not counts_as_settler(s, piece):
        return "iceland.error.ageing_needs_settler"
    if not is_farmland(s, h) or not s.number[h]:
        return "iceland.error.ageing_needs_settler"
    if builds_of(s, f"p{piece}"):
        return "iceland.error.already_built"
    if s.hands[seat][s.c.terrain_resource[s.terrain[h]]] < s.c.ageing_cost:
        return "iceland.error.not_enough_cards"
    return None


def build_problem(s: IcelandState, seat: int, action: Action) -> str | None:
    if isinstance(action, A.BuildFarm):
        if not 0 <= action.corner < s.b.corner_count or action.piece not in seat_pieces(seat):
            return "iceland.error.no_such_piece"
        return farm_problem(s, seat, action.piece, action.corner)
    if isinstance(action, A.BuildTown):
        if not 0 <= action.corner < s.b.corner_count:
            return "iceland.error.no_own_farm"
        return town_problem(s, seat, action.corner)
    if isinstance(action, A.BuildSettler | A.BuildBoat):
        if not -1 <= action.hex < s.b.size:
            return "iceland.error.hex_not_free"
        return piece_build_problem(s, seat, action.corner, action.hex,
                                   isinstance(action, A.BuildBoat))
    if isinstance(action, A.BuildHarbour):
        if action.piece not in seat_pieces(seat) or action.resource not in s.c.resources:
            return "iceland.error.harbour_needs_boat"
        return harbour_problem(s, seat, action.piece, s.c.resource_index(action.resource))
    if isinstance(action, A.BuildAgeing):
        if action.piece not in seat_pieces(seat):
            return "iceland.error.ageing_needs_settler"
        return ageing_problem(s, seat, action.piece)
    return "iceland.error.not_a_build"


def legal_builds(s: IcelandState, seat: int) -> list[Action]:
    """Every build ``seat`` may make now, in the order of the checks above (pieces: farms,
    harbours, ageing; then per own corner: town, settlers and boats; then a boat on the outer
    sea). The same answers as the ``*_problem`` functions: what the board alone decides comes
    from ``build_frame`` (made once per board, issue 19: this is the hottest list of a
    playout), filtered here by the hand, the pending builds and the builds of the turn."""
    out: list[Action] = []
    f = frame(s, seat)
    hand = s.hands[seat]
    c_ = s.c
    costs = c_.costs
    built = s.built
    pending = s.pending
    h0, h1, h2, h3 = hand
    cost = costs["farm"]
    farm_ok = h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]
    cost = costs["town"]
    town_ok = h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]
    cost = costs["settler"]
    settler_ok = h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]
    cost = costs["boat"]
    boat_ok = h0 >= cost[0] and h1 >= cost[1] and h2 >= cost[2] and h3 >= cost[3]
    if pending:
        farm_corners = pending_farm_corners(s)
        targets = pending_targets(s)
        boats = f.boats_in_supply - sum(1 for x in pending if x[0] == "boat")
        horses = f.horses_in_supply - sum(1 for x in pending if x[0] == "settler")
        harbours = {x[2] for x in pending if x[0] == "harbour"}
    else:
        farm_corners = targets = harbours = _NONE
        boats = f.boats_in_supply
        horses = f.horses_in_supply
    if farm_ok or town_ok:
        houses = f.corners(s)[1]
        if pending:
            houses += sum(1 for x in pending if x[0] in ("farm", "town"))
        houses_ok = houses < c_.pieces["house"]
        farm_ok = farm_ok and houses_ok
        town_ok = town_ok and houses_ok
    settler_ok = settler_ok and horses >= 1
    boat_ok = boat_ok and boats >= 1
    harbour_cost = c_.harbour_cost
    harbour_pool = s.harbour_pool
    harbour_res = [r for r in range(4) if hand[r] >= harbour_cost and harbour_pool[r] >= 1]
    ageing_cost = c_.ageing_cost
    red_tokens = s.red_tokens
    farms = f.farms(s) if farm_ok else None
    for p, key, _h, harbour_hex, ageing in f.pieces:
        if built and built.get(key):
            continue  # one build per piece a turn: no farm, harbour or ageing
        if farms is not None and not red_tokens.get(p):
            if farm_corners:
                for action, blockers in farms[p]:
                    if farm_corners.isdisjoint(blockers):
                        out.append(action)
            else:
                for action, _ in farms[p]:
                    out.append(action)
        if harbour_hex >= 0:
            if harbour_res and harbour_hex not in harbours:
                for r in harbour_res:
                    out.append(I.build_harbour(p, c_.resources[r]))
        elif ageing >= 0 and hand[ageing] >= ageing_cost:
            out.append(I.build_ageing(p))
    if town_ok or settler_ok or boat_ok:
        town_builds = c_.town_builds
        for _corner, key, level, by_sea, town, fills in f.corners(s)[0]:
            done = built.get(key, 0) if built else 0
            if town_ok and by_sea and not done:
                out.append(town)
            if done >= (town_builds if level == 2 else 1):
                continue
            for h, boat, action in fills:
                if h not in targets and (boat_ok if boat else settler_ok):
                    out.append(action)
    if boat_ok:
        out.append(_OUTER_BOAT)
    return out


_NONE: frozenset[int] = frozenset()
_OUTER_BOAT = I.build_boat(OUTER, OUTER)


def apply_build(s: IcelandState, seat: int, action: Action) -> None:
    costs = s.c.costs
    if isinstance(action, A.BuildFarm):
        pay(s, seat, costs["farm"])
        s.built[f"p{action.piece}"] = 1
        s.pending.append(["farm", action.piece, action.corner])
    elif isinstance(action, A.BuildTown):
        pay(s, seat, costs["town"])
        s.built[f"c{action.corner}"] = 1
        s.pending.append(["town", -1, action.corner])
    elif isinstance(action, A.BuildSettler | A.BuildBoat):
        boat = isinstance(action, A.BuildBoat)
        pay(s, seat, costs["boat" if boat else "settler"])
        if action.corner >= 0:
            key = f"c{action.corner}"
            s.built[key] = s.built.get(key, 0) + 1
        s.pending.append(["boat" if boat else "settler", action.corner, action.hex])
    elif isinstance(action, A.BuildHarbour):
        r = s.c.resource_index(action.resource)
        cost = [0, 0, 0, 0]
        cost[r] = s.c.harbour_cost
        pay(s, seat, tuple(cost))
        s.harbour_pool[r] -= 1
        s.built[f"p{action.piece}"] = 1
        s.pending.append(["harbour", action.piece, s.pos[action.piece], r])
    elif isinstance(action, A.BuildAgeing):
        h = s.pos[action.piece]
        cost = [0, 0, 0, 0]
        cost[s.c.terrain_resource[s.terrain[h]]] = s.c.ageing_cost
        pay(s, seat, tuple(cost))
        s.built[f"p{action.piece}"] = 1
        s.pending.append(["age", action.piece, h])
    if s.record_events:
        s.emit("iceland.event.built", seat=seat, build=f"iceland.build.{action.kind}")


def complete_builds(s: IcelandState) -> None:
    """End of the turn: every build of the turn takes effect at once."""
    seat = s.current
    for kind, a, b, *rest in s.pending:
        if kind == "farm":
            h = s.pos[a]
            if h >= 0 and s.occupant[h] == a:
                s.occupant[h] = -1
            s.pos[a] = SUPPLY
            s.house_owner[b] = seat
            s.house_level[b] = 1
        elif kind == "town":
            s.house_level[b] = 2
        elif kind in ("settler", "boat"):
            ids = seat_boats(seat) if kind == "boat" else seat_horses(seat)
            piece = next(p for p in ids if s.pos[p] == SUPPLY)
            s.pos[piece] = b
            if b >= 0:
                s.occupant[b] = piece
        elif kind == "harbour":
            s.harbour[b] = rest[0]
        elif kind == "age":
            age_hex(s, b)
    s.pending = []
    s.built = {}
