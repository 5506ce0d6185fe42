"""The end of a game in which nobody can reach twelve points any more.

"Игра заканчивается, когда хотя бы один игрок в конце хода любого игрока достигает по меньшей
мере двенадцати победных очков" (iceland-catan.ru.txt L80) is the rulebook's only end, and the
rulebook keeps a game moving where it can: three possible cases that nobody opens earn a black
token at every Althing (L69), so even a table where everyone sits still scores. But every point
rests on houses and pieces: farms and towns are houses (L56-57), a case is brought only against
another player's piece that blocks the plaintiff's production or harbour trade, i.e. next to
the plaintiff's house (L65), and a black token needs such cases. Two positions found in seeded
random games without a turn limit can never reach L80, and the rulebook provides no other way
on; the game ends there at the end of the turn, and the ranking of L81 (points, black, red,
white tokens, houses, then resource cards) decides as at any other end:

* no house on the island, no piece that can harvest or explore, and cards that cannot come
  together for a boat (L58: on the outer sea without a house) or a farm (``_no_house_ever``);
* every player but one is out of the game — no card, no house, no settler, and no boat that
  can explore or carry a Mountain pass onto land: such a player can neither trade (L53: each
  side gives a card) nor build nor harvest, ever; none of its boats can reach a harbour next to
  the last player's houses, so no case can be brought (L65); and the last player's points plus
  the houses it has left stay below twelve (``_alone_below_target``). A player who holds cards
  is out of the game too when it can never again put a piece on the board (``_off_for_good``:
  no house, no piece on the board and no boat left to build, its boats lost for good, L35):
  its cards can only be traded away, and they do not change the last player's bound.

A boat is built only from the supply (L58); a boat that could not retreat is out of the game
(L35, position LOST) and never built again, so only a seat with a boat in its supply may build
one in either test.

``no_progress`` is sound: it answers True only when no sequence of legal actions reaches L80.
Each test is a way the game could still get there; when one applies the game goes on.
"""

from __future__ import annotations

from functools import lru_cache

from settlers.games.iceland.board import OUTER, SUPPLY
from settlers.games.iceland.content import UNKNOWN
from settlers.games.iceland.pieces import (
    counts_as_settler,
    is_boat,
    is_farmland,
    owner,
    seat_boats,
    seat_pieces,
)
from settlers.games.iceland.scoring import all_victory_points
from settlers.games.iceland.state import IcelandState
from settlers.games.iceland.trade import affordable


def no_progress(s: IcelandState) -> bool:
    """True when no player can ever reach the target again (see the module text)."""
    if s.red_tokens or s.pending:
        return False  # red tokens go to their claimants at the next Althing
    if max(s.house_owner) >= 0:  # a house stands
        return _alone_below_target(s)
    return _no_house_ever(s)


def _alone_below_target(s: IcelandState) -> bool:
    """Is at most one player still able to gain a card, no piece of the others open to a case,
    and that player unable to reach the target with the houses it has left?"""
    holding: list[int] = []  # players holding cards that may still come onto the board
    for seat, hand in enumerate(s.hands):  # two of them: decided before anything is counted
        if (hand[0] or hand[1] or hand[2] or hand[3]) and not _off_for_good(s, seat):
            holding.append(seat)
            if len(holding) > 1:
                return False
    houses = [0] * s.players
    for who, level in zip(s.house_owner, s.house_level, strict=True):
        if who >= 0:
            houses[who] += level
    if sum(1 for x in range(s.players) if houses[x] or x in holding) > 1:
        return False  # the usual case, decided before the pieces are looked at (see below)
    boats: list[list[int]] = [[] for _ in range(s.players)]
    for piece, h in enumerate(s.pos):
        if h < OUTER:   # in the supply or out of the game
            continue
        if counts_as_settler(s, piece):
            houses[owner(piece)] += 1  # a settler harvests (and may be sued): still playing
        else:
            boats[owner(piece)].append(h)
    playing = [x for x in range(s.players) if houses[x] or x in holding]
    # a player with neither cards nor houses nor settlers gains a card only by exploring with
    # a boat or by carrying a Mountain pass onto land (L33); it cannot trade (L53); one whose
    # cards can never build (``_off_for_good``) has no boat on the board
    for x in range(s.players):
        if x not in playing and boats[x]:
            _sea, unknown = _sea_reach(s, boats[x])
            if unknown or _pass_may_reach(s, {x}):
                playing.append(x)
    if len(playing) > 1:
        return False  # a case, a black token or a trade may still happen between them
    used = [0] * s.players
    for who, level in zip(s.house_owner, s.house_level, strict=True):
        if who >= 0:
            used[who] += level
    if playing:
        x = playing[0]
        others_sail = any(where for y, where in enumerate(boats) if y != x)
        if others_sail and (used[x] < s.c.pieces["house"] or _boats_may_be_sued(s, x, boats)):
            return False  # a boat in a harbour next to the player's house is a case (L65)
    points = all_victory_points(s)
    return all(points[x] + s.c.pieces["house"] - used[x] < s.c.victory_points
               for x in playing)


def _off_for_good(s: IcelandState, seat: int) -> bool:
    """Can ``seat`` never again have a piece or a house on the board, whatever cards it holds?
    True when it has no house, no piece on the board and no boat left in its supply: a settler
    is built only by a farm or a town, a boat by one or on the outer sea (L58), and a piece
    that could not retreat is out of the game (L35) — as are the boats a set lacks
    (``rules.json`` ``pieces``). Such a player can never build, harvest, explore or be sued."""
    pos = s.pos
    for piece in seat_pieces(seat):
        h = pos[piece]
        if h >= OUTER or (h == SUPPLY and is_boat(piece)):
            return False
    return seat not in s.house_owner


def _boat_left(s: IcelandState, seat: int) -> bool:
    """Has ``seat`` a boat in its supply to build (L58; a lost boat is out of the game, L35)?"""
    return any(s.pos[p] == SUPPLY for p in seat_boats(seat))


def _boats_may_be_sued(s: IcelandState, plaintiff: int, boats: list[list[int]]) -> bool:
    """Could another player's boat come to a harbour (there or still to be set up) next to a
    house of ``plaintiff``?"""
    tokens_left = sum(s.harbour_pool) > 0
    for x, where in enumerate(boats):
        if x == plaintiff or not where:
            continue
        sea, _unknown = _sea_reach(s, where)
        for h in sea:
            if h < 0 or not any(s.house_owner[c] == plaintiff for c in s.b.hex_corners[h]):
                continue
            if s.harbour[h] >= 0 or (tokens_left and any(
                    is_farmland(s, n) for n in s.b.grid.hex_neighbours[h])):
                return True
    return False


def _no_house_ever(s: IcelandState) -> bool:
    """No house stands: can none ever be built (and so no point ever be gained)?"""
    boats: list[int] = []
    terrain, land = s.terrain, s.c.terrain_land
    for piece, h in enumerate(s.pos):
        if h < OUTER:   # in the supply or out of the game
            continue
        # counts_as_settler, inlined: a horse, or a boat on land
        if not is_boat(piece) or (h >= 0 and terrain[h] >= 0 and land[terrain[h]]):
            return False  # a settler (or a boat on land) harvests and may found a farm
        boats.append(piece)
    # without a house only boats move: on the sea they can sail to from where they are or
    # from the outer sea, where a new one is built (occupied hexes free up, so they count).
    # The sea reached from the outer sea is read once and widened by the boats' own seas.
    from_outer = _sea_reach(s, [OUTER])
    _sea, unknown_by_sea = _widen(s, from_outer, [s.pos[p] for p in boats])
    sailors = {owner(p) for p in boats}
    if sailors and (unknown_by_sea or _pass_may_reach(s, sailors)):
        return False  # exploring finds a card; a boat let onto land harvests (L33)
    # Without a house or a find, no card enters a hand: a player without cards can never
    # trade again (L53: each side gives a card), set up a harbour or build. Cards change hands
    # only among the holders, and every other holder keeps at least one.
    hands = s.hands
    holders = [x for x in range(s.players) if sum(hands[x])]
    if not holders:
        return True
    # Bank trades are 4:1, or 2:1 for the owner of a boat in a harbour (L52), who may pass
    # what it buys on; so only the harbours a holder's boat can reach count, or those a new
    # boat reaches from the outer sea (L58) once its price is paid too. A harbour that does
    # not stand yet must first be set up by a boat for two cards of its resource (L59).
    afloat = [s.pos[p] for p in boats if owner(p) in holders]
    costs = s.c.costs
    near = _harbour_rates(s, *_sea_reach(s, afloat))  # no boat afloat: the bank's rate alone
    wide = _harbour_rates(s, *_widen(s, from_outer, afloat))
    # every card of every hand: no seat gathers more (_can_gather), and no rate choice trades
    # cheaper than the best rate of each resource among them, nor asks less than the cost
    # itself (affordable only grows with the pool and shrinks with costs and rates)
    pool = tuple(map(sum, zip(*hands, strict=True)))
    keep = len(holders) - 1  # the other holders, each keeping a card (every seat asked holds)
    best_near, best_wide = _best_rates(near), _best_rates(wide)
    # a boat founds a farm on a corner of its sea hex (L56)
    farm = costs["farm"]
    if affordable(pool, farm, best_near) and any(
            _can_gather(s, seat, _plus(farm, extra), rates, pool, keep)
            for rates, extra in near for seat in holders if seat in sailors):
        return False
    # a new boat is built on the outer sea (L58) — with what the harbours already reached
    # give, as the new boat reaches its own only once it floats — and then founds the farm
    boat = costs["boat"]
    both = tuple(a + b for a, b in zip(boat, farm, strict=True))
    if not affordable(pool, boat, best_near):
        return True  # no seat can pay for the boat
    unknown_from_outer = from_outer[1]
    bothaffordable = affordable(pool, both, best_wide)
    for seat in holders:
        if not _boat_left(s, seat):
            continue  # its boats are on the board or out of the game (L35): none to build
        if not any(_can_gather(s, seat, _plus(boat, extra), rates, pool, keep)
                   for rates, extra in near):
            continue
        if bothaffordable and any(_can_gather(s, seat, _plus(both, extra), rates, pool, keep)
                                   for rates, extra in wide):
            return False
        # a new boat alone helps only to explore or to carry a "Mountain pass" onto land
        if unknown_from_outer or _pass_may_reach(s, {seat}):
            return False
    return True


def _best_rates(choices: list[tuple[list[int], list[int]]]) -> list[int]:
    """The lowest bank rate of each resource among ``choices`` (there is always one)."""
    return [min(column) for column in zip(*(rates for rates, _extra in choices), strict=True)]


def _harbour_rates(s: IcelandState, sea: set[int], unknown: bool
                   ) -> list[tuple[list[int], list[int]]]:
    """The bank rates per resource with the harbours on ``sea`` — one pair (rates, the cards
    spent on setting harbours up) for every set of harbours that could still be set up."""
    kinds = range(len(s.c.resources))
    standing = {r for r in kinds if any(h >= 0 and s.harbour[h] == r for h in sea)}
    buildable = [r for r in kinds if r not in standing and _harbour_usable(s, r, sea, unknown)]
    return [([s.c.harbour_rate if r in standing or r in built else s.c.bank_rate
              for r in kinds],
             [s.c.harbour_cost if r in built else 0 for r in kinds])
            for built in _subsets(buildable)]


def _subsets(items: list[int]) -> list[tuple[int, ...]]:
    """Every subset of ``items`` (the empty one first)."""
    out: list[tuple[int, ...]] = [()]
    for item in items:
        out += [(*sub, item) for sub in out]
    return out


def _plus(cost: tuple[int, ...], extra: list[int]) -> tuple[int, ...]:
    return tuple(c + e for c, e in zip(cost, extra, strict=True))


def _can_gather(s: IcelandState, seat: int, cost: tuple[int, ...], rates: list[int],
                pool: tuple[int, ...], keep: int) -> bool:
    """Could ``seat``, a holder of cards, come to pay ``cost`` with the cards of all players
    (``pool``: every hand's cards by resource; L53: each trade gives at least one card each
    way, so each of the ``keep`` other holders keeps one, of ``seat``'s choice)? An upper
    bound, but for one case: no side of a trade may ask for a kind it gives (L53, rules
    2026-12-06.3), so when every card on the table is of one kind no card passes between
    players until a bank trade turns some into another kind — and when no hand holds that
    kind's rate, none ever does: each hand stays as it is."""
    hand = s.hands[seat]
    if all(h >= c for h, c in zip(hand, cost, strict=True)):
        return True  # the others keep cards of their own: the pool still covers cost
    kinds = [r for r, n in enumerate(pool) if n]
    if len(kinds) == 1 and all(h[kinds[0]] < rates[kinds[0]] for h in s.hands):
        return False
    return _gathers(pool, keep, cost, tuple(rates))


# A table that can never score again is asked the same question at every turn's end, with the
# same few cards: the answer is a function of the numbers alone, kept for the process.
@lru_cache(maxsize=4096)
def _gathers(pool: tuple[int, ...], keep: int, cost: tuple[int, ...],
             rates: tuple[int, ...]) -> bool:
    """Does ``pool`` pay ``cost`` at ``rates`` after ``keep`` cards, any the gathering seat picks,
    are taken out of it?"""
    if not affordable(pool, cost, rates):
        return False  # fewer cards never afford more (affordable grows with the pool)
    return any(affordable([p - d for p, d in zip(pool, left, strict=True)], cost, rates)
               for left in _spreads(pool, keep))


def _spreads(pool: tuple[int, ...] | list[int], n: int, r: int = 0) -> list[list[int]]:
    """Every way to take ``n`` cards out of ``pool`` (counts per resource from ``r`` on)."""
    if r == len(pool) - 1:
        return [[n]] if n <= pool[r] else []
    return [[k, *rest] for k in range(min(n, pool[r]) + 1)
            for rest in _spreads(pool, n - k, r + 1)]


def _sea_reach(s: IcelandState, starts: list[int]) -> tuple[set[int], bool]:
    """The positions boats can sail to from ``starts``, and whether an unexplored position
    lies next to them."""
    return _widen(s, (set(), False), starts)


def _widen(s: IcelandState, reach: tuple[set[int], bool], starts: list[int]
           ) -> tuple[set[int], bool]:
    """``reach`` (a ``_sea_reach`` answer, not changed) with the positions boats can sail to
    from ``starts`` added: the sea read from every start together, without reading again what
    ``reach`` holds (all it leads to is in it already)."""
    known, unknown = reach
    seen = known | set(starts)
    frontier = [h for h in seen if h not in known]
    b = s.b
    neighbours, outer = b.neighbours, b.outer_neighbours
    terrain, sea = s.terrain, s.c.sea
    while frontier:
        h = frontier.pop()
        for n in outer if h == OUTER else neighbours[h]:
            if n == OUTER or terrain[n] == sea:
                if n not in seen:
                    seen.add(n)
                    frontier.append(n)
            elif terrain[n] == UNKNOWN:
                unknown = True
    return seen, unknown


def _harbour_usable(s: IcelandState, r: int, sea: set[int], unknown_by_sea: bool) -> bool:
    """Is there, or could there be, a harbour for resource ``r`` on the sea boats reach?"""
    if any(h >= 0 and s.harbour[h] == r for h in sea):
        return True
    if s.harbour_pool[r] < 1:
        return False
    if unknown_by_sea:
        return True  # the unknown may turn out sea or land fit for a harbour
    return any(h >= 0 and s.harbour[h] < 0
               and any(is_farmland(s, n) for n in s.b.grid.hex_neighbours[h]) for h in sea)


def _pass_may_reach(s: IcelandState, seats: set[int]) -> bool:
    """Could a card that lets a boat onto land be played by one of ``seats`` (the owners of
    boats)? Cards in the deck or the discard pile may still be drawn by anyone; a card in the
    hand of a player without pieces stays there, as that player can never build one."""
    passes = s.c.land_pass_cards
    if not passes.isdisjoint(s.deck) or not passes.isdisjoint(s.discard):
        return True
    return any(not passes.isdisjoint(s.fate[seat]) for seat in seats)
