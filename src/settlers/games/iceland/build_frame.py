"""What the board says about a seat's builds and harbours, worked out once per board.

"Любая постройка вступает в силу в конце хода": during phase 3 the board does not change —
a trade or a build only moves cards and adds to the turn's pending builds. The legal-action
list of that phase is asked for again after every trade, offer and build (a playout asks
about four times a turn), so what depends on the board alone — which corner each piece could
farm, which hexes each settlement could fill, where a boat could build a harbour, which
harbours the seat can trade at — is kept here and only filtered by the cards, the pending
builds and the turn's one-build-per-piece marks (``building.legal_builds``).

A frame is valid for the board it was made from: it keeps copies of the board fields it read
and is used again only when they are still equal (a few list comparisons), so any change of
the board — a later turn, a clone that moved on, a test that edits the state — makes a new one.
"""

from __future__ import annotations

from settlers.games.iceland import interned as I
from settlers.games.iceland.actions import BuildBoat, BuildFarm, BuildSettler, BuildTown
from settlers.games.iceland.board import SUPPLY
from settlers.games.iceland.pieces import FIRST_HORSE, PIECES_PER_SEAT
from settlers.games.iceland.state import IcelandState

#: a candidate farm: the action, and the corners whose house (here or pending) forbids it
FarmOption = tuple[BuildFarm, frozenset[int]]
#: per piece on the board: (piece, its "built" key, its hex, the hex if the piece is a boat that
#: could build a harbour there — on sea by land, no harbour yet — else -1, the resource its
#: ageing costs if it could age its hex, else -1)
PieceOption = tuple[int, str, int, int, int]
#: per own settlement: (corner, its "built" key, level, may become a town (farm by the sea),
#: the settler and boat builds onto its free hexes: (hex, is a boat, action))
CornerOption = tuple[int, str, int, bool, BuildTown,
                     tuple[tuple[int, bool, BuildSettler | BuildBoat], ...]]


class BuildFrame:
    """The board-only part of a seat's builds (see the module text). The parts are worked out
    when first asked for: most lists of a turn need none of the farms or settlements (the hand
    rarely covers those costs)."""

    __slots__ = ("_corners", "_farms", "_harbour_access", "board", "boats_in_supply",
                 "horses_in_supply", "pieces", "seat")

    def __init__(self, s: IcelandState, seat: int) -> None:
        self.seat = seat
        self.board = _board_of(s)
        self._farms: dict[int, tuple[FarmOption, ...]] | None = None
        self._corners: tuple[tuple[CornerOption, ...], int] | None = None
        self._harbour_access: tuple[bool, ...] | None = None
        c_ = s.c
        b = s.b
        pos, terrain, harbour, number = s.pos, s.terrain, s.harbour, s.number
        sea = c_.sea
        land = c_.terrain_land
        mountain = c_.terrain_mountain
        base = seat * PIECES_PER_SEAT
        pieces: list[PieceOption] = []
        in_supply = [0, 0]  # boats, horses
        for p in range(base, base + PIECES_PER_SEAT):
            h = pos[p]
            if h < 0:
                if h == SUPPLY:
                    in_supply[p - base >= FIRST_HORSE] += 1
                continue
            t = terrain[h]
            harbour_hex = ageing = -1
            if p - base < FIRST_HORSE and t == sea:
                if harbour[h] < 0:
                    for n in b.grid.hex_neighbours[h]:
                        x = terrain[n]
                        if x >= 0 and land[x] and not mountain[x]:
                            harbour_hex = h
                            break
            elif t >= 0 and land[t] and not mountain[t] and number[h]:
                ageing = c_.terrain_resource[t]
            pieces.append((p, f"p{p}", h, harbour_hex, ageing))
        self.pieces = tuple(pieces)
        self.boats_in_supply, self.horses_in_supply = in_supply

    def farms(self, s: IcelandState) -> dict[int, tuple[FarmOption, ...]]:
        """Per piece on the board: the corners of its hex it could farm (no house on or next
        to them, by land), each with the corners whose pending farm would forbid it."""
        if self._farms is None:
            self._farms = _farms(s, self.pieces)
        return self._farms

    def corners(self, s: IcelandState) -> tuple[tuple[CornerOption, ...], int]:
        """The seat's settlements, and the houses they take from its supply."""
        if self._corners is None:
            self._corners = _corners(s, self.seat)
        return self._corners

    def harbour_access(self, s: IcelandState) -> tuple[bool, ...]:
        """``trade.harbour_access`` for every resource: a boat of the seat in a harbour, or a
        free harbour hex by one of its settlements."""
        if self._harbour_access is None:
            self._harbour_access = _harbour_access(s, self.seat)
        return self._harbour_access


def _farmland(s: IcelandState, h: int) -> bool:
    t = s.terrain[h]
    return t >= 0 and s.c.terrain_land[t] and not s.c.terrain_mountain[t]


def _sea_and_mountain(s: IcelandState, between: tuple[int, ...]) -> bool:
    """``building.sea_and_mountain_between``: of the two hexes between two corners (the frame
    standing for the missing ones, as sea) one is sea and the other a mountain."""
    seas = 2 - len(between)
    mountains = 0
    sea = s.c.sea
    mountain = s.c.terrain_mountain
    for h in between:
        t = s.terrain[h]
        if t == sea:
            seas += 1
        elif t >= 0 and mountain[t]:
            mountains += 1
    return seas == 1 and mountains == 1


def _farms(s: IcelandState, pieces: tuple[PieceOption, ...]) -> dict[int, tuple[FarmOption, ...]]:
    b = s.b
    house_owner = s.house_owner
    out: dict[int, tuple[FarmOption, ...]] = {}
    for p, _key, h, _harbour, _ageing in pieces:
        farms: list[FarmOption] = []
        for c in b.hex_corners[h]:
            if house_owner[c] >= 0:
                continue
            if not any(_farmland(s, x) for x in b.corner_hexes[c]):
                continue
            blockers = {c}
            for n, between in b.corner_links[c]:
                if not _sea_and_mountain(s, between):
                    if house_owner[n] >= 0:
                        break
                    blockers.add(n)
            else:
                farms.append((I.build_farm(p, c), frozenset(blockers)))
        out[p] = tuple(farms)
    return out


def _corners(s: IcelandState, seat: int) -> tuple[tuple[CornerOption, ...], int]:
    b = s.b
    terrain, house_owner, occupant = s.terrain, s.house_owner, s.occupant
    sea = s.c.sea
    land = s.c.terrain_land
    mountain = s.c.terrain_mountain
    corners: list[CornerOption] = []
    used = 0
    for c, who in enumerate(house_owner):
        if who != seat:
            continue
        level = s.house_level[c]
        used += level
        by_sea = b.corner_frame[c] > 0 or any(terrain[h] == sea for h in b.corner_hexes[c])
        fills: list[tuple[int, bool, BuildSettler | BuildBoat]] = []
        for h in b.corner_hexes[c]:
            t = terrain[h]
            if t < 0 or occupant[h] >= 0:
                continue
            if t == sea:
                fills.append((h, True, I.build_boat(c, h)))
            elif (any(house_owner[x] == seat for x in b.hex_corners[h]) if mountain[t]
                  else land[t]):
                fills.append((h, False, I.build_settler(c, h)))
        corners.append((c, f"c{c}", level, level == 1 and by_sea, I.build_town(c),
                        tuple(fills)))
    return tuple(corners), used


def _harbour_access(s: IcelandState, seat: int) -> tuple[bool, ...]:
    pos, harbour, terrain, occupant = s.pos, s.harbour, s.terrain, s.occupant
    house_owner = s.house_owner
    hex_corners = s.b.hex_corners
    access = [False] * len(s.c.resources)
    base = seat * PIECES_PER_SEAT
    for p in range(base, base + FIRST_HORSE):
        h = pos[p]
        if h >= 0 and harbour[h] >= 0 and terrain[h] == s.c.sea:
            access[harbour[h]] = True
    for h in range(s.b.size):
        if harbour[h] >= 0 and occupant[h] < 0 and \
                any(house_owner[c] == seat for c in hex_corners[h]):
            access[harbour[h]] = True
    return tuple(access)


def _board_of(s: IcelandState) -> tuple[list[int], ...]:
    """Copies of every board field a frame reads."""
    return (s.pos[:], s.terrain[:], s.house_owner[:], s.house_level[:], s.occupant[:],
            s.harbour[:], s.number[:])


def frame(s: IcelandState, seat: int) -> BuildFrame:
    """The frame of ``seat`` for the board as it is now (the last one made, if still valid).
    Its parts read the board of the state they are given: always pass the state just checked."""
    f: BuildFrame | None = s.__dict__.get("_build_frame")
    if f is not None and f.seat == seat:
        board = f.board
        if board[0] == s.pos and board[2] == s.house_owner and board[4] == s.occupant and \
                board[1] == s.terrain and board[3] == s.house_level and \
                board[5] == s.harbour and board[6] == s.number:
            return f
    f = BuildFrame(s, seat)
    s.__dict__["_build_frame"] = f
    return f
