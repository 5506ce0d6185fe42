"""«Сырьё: поступление», «Город», «Разбойник» (no yield under the robber).

Every settlement next to a hex whose number was rolled takes 1 card of its resource, every
city 2; the hex holding the robber yields nothing.

Bank shortage (not in the almanac; the standard rule of the game): if the bank cannot pay
everybody owed one resource, nobody receives that resource — unless a single player is owed
it, who then receives what the bank has left.
"""

from __future__ import annotations

from .content import RESOURCE_KEYS
from .state import CatanState

#: ``state.hex_yield[h]`` packs, per seat, how many cards the buildings on hex ``h`` take when
#: it produces (settlement 1, city 2): seat p's count in bits 8p..8p+7 (at most 3 buildings
#: on a hex, 2 hexes per number: never above 12). Kept by ``building.place_settlement`` and
#: ``place_city``; at most 4 seats.
YIELD_BITS = 8
_FIELD = (1 << YIELD_BITS) - 1


def produce(st: CatanState, number: int) -> None:
    # a number is on at most two hexes (content.validate_components): at most two resources
    # are owed, paid in resource order
    robber, hex_yield = st.robber, st.hex_yield
    r1 = r2 = -1
    y1 = y2 = 0  # packed cards owed per seat (as ``hex_yield``) of r1, r2
    for h, r in st.board.producers[number]:
        if h != robber:
            y = hex_yield[h]
            if y:
                if r1 < 0 or r == r1:
                    r1 = r
                    y1 += y
                else:
                    r2, y2 = r, y
    if r1 < 0:
        return
    if r2 < 0:
        _pay(st, r1, y1)
    elif r1 < r2:
        _pay(st, r1, y1)
        _pay(st, r2, y2)
    else:
        _pay(st, r2, y2)
        _pay(st, r1, y1)


#: packed cards owed (as ``hex_yield``) -> (their total, ((seat, count), ...) for the seats
#: owed any, by seat); filled as met (at most 13**4 values: 0..12 cards a seat)
_SHARES: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}


def _shares(y: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    takers = []
    p = 0
    while y >> (YIELD_BITS * p):
        k = (y >> (YIELD_BITS * p)) & _FIELD
        if k:
            takers.append((p, k))
        p += 1
    found = _SHARES[y] = (sum(k for _p, k in takers), tuple(takers))
    return found


def _pay(st: CatanState, r: int, y: int) -> None:
    """Pay the cards of resource ``r`` owed per seat (``y``, packed) from the bank."""
    total, takers = _SHARES.get(y) or _shares(y)
    bank = st.bank
    if total > bank[r]:
        if len(takers) > 1 or bank[r] == 0:
            if st.record_events:
                st.emit("catan.ev.shortage", resource=RESOURCE_KEYS[r])
            return
        takers = ((takers[0][0], bank[r]),)
        total = bank[r]
    bank[r] -= total
    hands = st.hands
    for p, k in takers:
        hands[p][r] += k
    if st.record_events:
        for p, k in takers:
            st.emit("catan.ev.produce", seat=p, count=k, resource=RESOURCE_KEYS[r])
