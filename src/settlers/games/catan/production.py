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
    owed: dict[int, int] = {}  # resource -> packed cards owed per seat (as ``hex_yield``)
    robber, hex_yield = st.robber, st.hex_yield
    for h, r in st.board.producers[number]:
        if h != robber:
            y = hex_yield[h]
            if y:
                owed[r] = owed.get(r, 0) + y
    if not owed:
        return
    bank, hands = st.bank, st.hands
    for r in (sorted(owed) if len(owed) > 1 else owed):
        y = owed[r]
        total = (y & _FIELD) + ((y >> 8) & _FIELD) + ((y >> 16) & _FIELD) + (y >> 24)
        if total > bank[r]:
            takers = [p for p in range(st.players) if (y >> (YIELD_BITS * p)) & _FIELD]
            if len(takers) > 1 or bank[r] == 0:
                if st.record_events:
                    st.emit("catan.ev.shortage", resource=RESOURCE_KEYS[r])
                continue
            y = bank[r] << (YIELD_BITS * takers[0])
            total = bank[r]
        bank[r] -= total
        p = 0
        while y:
            k = y & _FIELD
            if k:
                hands[p][r] += k
                if st.record_events:
                    st.emit("catan.ev.produce", seat=p, count=k, resource=RESOURCE_KEYS[r])
            y >>= YIELD_BITS
            p += 1
