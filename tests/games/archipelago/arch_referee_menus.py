"""The completeness part of the Archipelago transition referee (thirteenth reading): the legal
building places (L613-637, L647, L663, L683, L699, L723), recruitment places and shores
(L551-571, L723) and migration routes (L583-603, L721-725, L1502, L1528), derived from the
rulebook and the plain board, compared with the engine's menu — an action the rules allow
that the menu lacks, or one it lists that they do not, is a departure.

The geometry is the referee's own: axial cells clockwise from the east, a face's side j
turned ``rot`` sixths lies on world side (j + rot) % 6; a side's terrain is sea ("s") or land,
and on a strait face its shore (0 or 1, L721-725).

Readings kept (the text is silent; the engine's reading, written down):
- a sea border is crossed in a convoy when one of the player's active free ships is in one
  of the two regions (L591 «касался разделительной линии … оставаясь в своём регионе»); a
  chain may mix convoys and the land steps the unit has (L593 «через несколько регионов»);
- a strait of the unit's own region is crossed by a ship of the player there (L591 «или в
  морском проливе»); a unit in a building does not cross to the other shore (L583 lists a
  move to another region or into a free building only);
- a free building in a region whose town another player controls is not entered (L701 «город
  … контролирует все остальные объекты региона»);
- a move into a region already holding 3 of the player's inhabitants, or any move while a
  region is over the limit, is legal when the migration can still end within the limit
  (L583 «В конце действия», L555; ``arch_referee_limits``, since the fourteenth reading).
"""

from __future__ import annotations

from typing import Any

from arch_referee_limits import limited_moves

from settlers.games.archipelago.content import RESOURCES

DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
FISH = RESOURCES.index("fish")
HOUSES = ("town", "market", "port", "church")


class Board:
    """The referee's reading of the archipelago's geometry."""

    def __init__(self, st: Any) -> None:
        self.st = st
        self.c = st.content

    def face(self, k: int) -> Any:
        reg = self.st.regions[k]
        return self.st.start_face if reg["hex"] < 0 else self.c.hexes[reg["hex"]][reg["side"]]

    def land(self, k: int) -> bool:
        """L105, L109: only the open sea has no land."""
        return bool(self.face(k).special != "open_sea")

    def sea(self, k: int) -> bool:
        """A sea side or a fish icon (the open sea's, L109; fish are harvested at sea, T15)."""
        f = self.face(k)
        return "s" in f.edges or FISH in f.icons

    def strait(self, k: int) -> bool:
        return bool(self.face(k).strait)

    def sides(self, k: int) -> list[tuple[int, bool, int]]:
        """(neighbour, by sea, the shore of k's side towards it) for each placed neighbour."""
        reg = self.st.regions[k]
        f = self.face(k)
        out = []
        for d, (dq, dr) in enumerate(DIRS):
            other = self.st.grid.get((reg["q"] + dq, reg["r"] + dr))
            if other is not None:
                j = (d - reg["rot"]) % 6
                out.append((other, f.edges[j] == "s", int(f.edge_shores[j])))
        return out

    def shore_towards(self, k: int, other: int) -> int:
        return next((sh for o, _sea, sh in self.sides(k) if o == other), 0)

    def sail(self, k: int, hops: int) -> set[int]:
        """L583 «Корабли должны двигаться по морю»: regions over sea borders, ``hops`` at most
        (three with the Admiral, L1502)."""
        seen, frontier = {k}, [k]
        for _ in range(hops):
            nxt = []
            for x in frontier:
                for o, sea, _sh in self.sides(x):
                    if sea and o not in seen:
                        seen.add(o)
                        nxt.append(o)
            frontier = nxt
        return seen

    def walk(self, k: int, shore: int, steps: int, ships: set[int]) -> dict[int, set[int]]:
        """L583, L589-593, L591, L721-725: the (region, shores) an inhabitant on ``shore`` of
        ``k`` reaches: land borders of its shore's side, ``steps`` at most (two with Roads,
        L1528); sea borders in a convoy of the player's ship in either region, no step; the
        strait of a region where the player has a ship, no step."""
        best = {(k, shore): 0}
        queue = [(k, shore)]
        for here in queue:
            x, at = here
            used = best[here]
            nxt = []
            if x in ships and self.strait(x):
                nxt.append(((x, 1 - at), used))
            for o, sea, sh in self.sides(x):
                if sh != at:
                    continue
                if not sea:
                    if used + 1 <= steps:
                        nxt.append(((o, self.shore_towards(o, x)), used + 1))
                elif x in ships or o in ships:
                    nxt.append(((o, self.shore_towards(o, x)), used))
            for place, cost in nxt:
                if cost < best.get(place, steps + 1):
                    best[place] = cost
                    queue.append(place)
        out: dict[int, set[int]] = {}
        for (x, at) in best:
            if x == k:
                continue
            if self.land(x):
                out.setdefault(x, set()).add(at)
        out[k] = {shore} | ({1 - shore} if k in ships and self.strait(k) else set())
        return out


def town_holder(st: Any, k: int) -> int:
    """L701: the player whose active inhabitant holds the region's town, or -1."""
    for u in st.units:
        if u[2] == k and u[5] == "town" and not u[1]:
            return int(u[0]) if u[3] else -1
    return -1


def occupied(st: Any, k: int, kind: str) -> bool:
    return any(u[2] == k and u[5] == kind for u in st.units)


def building_shore(st: Any, k: int, kind: str) -> int:
    got = st.regions[k]["buildings"][kind]
    return 0 if got is True else int(got)


# ---------------------------------------------------------------- building (L613-637)
def build_places(st: Any, seat: int, affordable: set[str]) -> set[tuple[str, int, str]]:
    """(what, region, by) the Build action allows: L615 a region with an active free
    inhabitant of the player (one in a building leaves it, ``by`` its building, L615/L625),
    or a ship of his for a port (L647; ``by`` "ship" when an inhabitant could build it too);
    L617 one of a kind a region; L619 the tokens; L621 on land, a port also by the sea; L631
    a ship in a region with sea, by an inhabitant, L637 four ships (two colours with two
    players, L1014); on a strait with free inhabitants on both shores, the shore of the one
    who builds (L625, L723)."""
    b = Board(st)
    c = st.content
    out: set[tuple[str, int, str]] = set()
    mine = [u for u in st.units if u[0] == seat and u[2] >= 0 and u[3] and not u[4]]
    limit = c.pieces["ships"] * (2 if st.players == 2 else 1)
    ships_out = sum(1 for u in st.units if u[0] == seat and u[1] and u[2] >= 0)
    built_all = [kind for r in st.regions for kind in r["buildings"]]
    tokens = {"town": c.town_church_tokens - built_all.count("town") - built_all.count("church"),
              "market": c.market_port_tokens - built_all.count("market")
              - built_all.count("port")}
    tokens["church"], tokens["port"] = tokens["town"], tokens["market"]
    for k in sorted({u[2] for u in mine}):
        if not b.land(k):
            continue
        here = [u for u in mine if u[2] == k]
        free_inh = [u for u in here if not u[1] and not u[5]]
        housed = [u[5] for u in here if not u[1] and u[5]]
        ship = any(u[1] and not u[5] for u in here)
        both = b.strait(k) and len({u[7] for u in free_inh}) == 2
        built = st.regions[k]["buildings"]
        if "ship" in affordable and (free_inh or housed) and b.sea(k) and ships_out < limit:
            out.add(("ship", k, ""))
        for kind in HOUSES:
            if kind not in affordable or kind in built or tokens[kind] <= 0:
                continue
            if kind == "port" and not b.sea(k):
                continue
            if both:
                out |= {(kind, k, "shore0"), (kind, k, "shore1")}
            elif free_inh or (kind == "port" and ship):
                out.add((kind, k, ""))
            if kind == "port" and free_inh and ship:
                out.add((kind, k, "ship"))
            out |= {(kind, k, home) for home in housed}
    return out


def recruit_places(st: Any, seat: int) -> set[tuple[int, int]]:
    """L571: on land, in a region where the player has an active unit, engaged or free,
    holding fewer than 3 of his inhabitants (L555); on a strait, a shore where he has an
    active inhabitant, either shore with a ship there (L723)."""
    b = Board(st)
    out = set()
    for k in {u[2] for u in st.units if u[0] == seat and u[2] >= 0 and (u[3] or u[1])}:
        if not b.land(k):
            continue
        if sum(1 for u in st.units if u[0] == seat and not u[1] and u[2] == k) >= 3:
            continue
        if not b.strait(k):
            out.add((k, 0))
            continue
        for u in st.units:
            if u[0] == seat and u[2] == k and (u[3] or u[1]):
                out |= {(k, 0), (k, 1)} if u[1] else {(k, int(u[7]))}
    return out


def migration_moves(st: Any, seat: int, moved: set[int], inhabitants_only: bool,
                    roads: bool, admiral: bool) -> tuple[set[tuple[int, int, str]], set[int]]:
    """(unit, region, building) each active free unit of the player not moved yet may do
    (L583), and the regions already holding 3 of his inhabitants (moves into them are not
    compared, see the readings)."""
    b = Board(st)
    units = st.units
    ships = {u[2] for u in units if u[0] == seat and u[1] and u[2] >= 0 and u[3] and not u[4]}
    count: dict[int, int] = {}
    for u in units:
        if u[0] == seat and not u[1] and u[2] >= 0:
            count[u[2]] = count.get(u[2], 0) + 1
    full = {k for k, n in count.items() if n >= 3}
    out: set[tuple[int, int, str]] = set()
    for i, u in enumerate(units):
        if u[0] != seat or u[2] < 0 or not u[3] or u[4] or i in moved:
            continue
        if u[1] and inhabitants_only:
            continue
        here = u[2]
        if u[1]:
            reach = {k: {0, 1} for k in b.sail(here, 3 if admiral else 1)}
        else:
            reach = {k: s for k, s in b.walk(here, u[7], 2 if roads else 1, ships).items()}
        for k, shores in reach.items():
            if k != here or (not u[1] and not u[5] and b.strait(k) and k in ships):
                out.add((i, k, ""))
            holder = town_holder(st, k) if "town" in st.regions[k]["buildings"] else -1
            for kind in st.regions[k]["buildings"]:
                if u[1] and kind != "port":
                    continue   # L647: a ship enters a port alone
                if occupied(st, k, kind) or (kind != "town" and holder not in (-1, seat)):
                    continue
                if not u[1] and building_shore(st, k, kind) not in shores and b.strait(k):
                    continue   # L621: a building on land of one shore
                out.add((i, k, kind))
    return out, full


class MenuRules:
    """The menu comparison of the referee: ``menu_differences`` before an action."""

    c: Any
    n: int
    m: Any
    checked: Any
    flags: set[str]
    migration: dict[str, Any] | None
    recruit_left: int

    def affordable(self, seat: int) -> set[str]:
        """L613, T7: the kinds whose cost is behind the screen."""
        out = set()
        for kind, (florins, cubes) in self.c.costs.items():
            if self.m.money[seat] >= florins and all(
                    self.m.cubes[seat][r] >= k for r, k in enumerate(cubes)):
                out.add(kind)
        return out

    def menu_differences(self, st: Any, seat: int, menu: list[Any]) -> list[str]:
        wrong: list[str] = []
        wrong += self.shore_differences(st, seat, menu)      # arch_referee_shores
        if st.over or seat != st.actor or st.phase != "actions":
            return wrong
        wrong += self.card_arg_differences(st, seat, menu)   # arch_referee_card_args
        if st.step == "round" and not st.round.get("disc") and \
                self.m.discs_used[seat] < st.discs[seat]:
            mine = build_places(st, seat, self.affordable(seat))
            theirs = {(a.what, a.region, a.by) for a in menu if a.kind == "build"}
            wrong += both_ways("L613-637: building", mine, theirs)
            self.checked["menu: building places"] += 1
        elif st.step == "recruit" and self.m.surplus > 0:
            price = self.recruit_price()
            on_board = sum(1 for u in st.units if u[0] == seat and not u[1] and u[2] >= 0)
            if price is not None and self.m.money[seat] >= price and \
                    on_board < self.limit_inhabitants() and self.recruit_left > 0:
                mine_r = recruit_places(st, seat)
            else:
                mine_r = set()
            theirs_r = {(a.region, a.shore) for a in menu if a.kind == "recruit_to"}
            wrong += both_ways("L571, L723: recruiting", mine_r, theirs_r)
            self.checked["menu: recruiting places"] += 1
        elif st.step == "migrate" and self.migration is not None:
            mig = self.migration
            roads, admiral = "roads" in self.flags, "admiral" in self.flags
            moves, _full = migration_moves(st, seat, mig["moved"], mig["inhabitants_only"],
                                           roads, admiral)
            if mig["left"] == 0:
                moves = set()
            # L555, L583: the limit binds at the end of the action (arch_referee_limits)
            moves, may_end, lim = limited_moves(st, seat, moves, mig, Board(st), roads, admiral)
            theirs_m = {(a.unit, a.region, a.building) for a in menu if a.kind == "move_unit"}
            wrong += both_ways("L583-603, L555: migration", moves, theirs_m)
            if may_end != any(a.kind == "done" for a in menu):
                wrong.append(f"L583: the migration {'may' if may_end else 'may not'} end now "
                             "(3 inhabitants a region at most at its end)")
            self.checked["menu: migration routes"] += 1
            if not may_end or any(st.units[i][2] != k and not st.units[i][1]
                                  and sum(1 for u in st.units if u[0] == seat and not u[1]
                                          and u[2] == k) >= 3 for i, k, _b in moves):
                self.checked["menu: migration over the limit"] += 1
            if lim.nodes:
                self.checked["menu: migration limit searches"] += 1
        return wrong

    def card_arg_differences(self, st: Any, seat: int, menu: list[Any]) -> list[str]: ...
    def shore_differences(self, st: Any, seat: int, menu: list[Any]) -> list[str]: ...
    def recruit_price(self) -> int | None: ...
    def limit_inhabitants(self) -> int: ...


def both_ways(what: str, mine: set[Any], theirs: set[Any]) -> list[str]:
    out = []
    if mine - theirs:
        out.append(f"{what}: the rules allow {sorted(mine - theirs)}, missing from the menu")
    if theirs - mine:
        out.append(f"{what}: the menu lists {sorted(theirs - mine)}, the rules do not allow")
    return out
