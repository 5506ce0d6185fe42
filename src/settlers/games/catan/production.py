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


def produce(st: CatanState, number: int) -> None:
    n = st.players
    owed: dict[int, list[int]] = {}  # resource -> cards owed per seat
    corner_owner, level, robber = st.corner_owner, st.corner_level, st.robber
    for h, r, corners in st.board.producers[number]:
        if h == robber:
            continue
        row = None
        for c in corners:
            o = corner_owner[c]
            if o >= 0:
                if row is None:
                    row = owed.get(r)
                    if row is None:
                        row = owed[r] = [0] * n
                row[o] += level[c]
    if not owed:
        return
    bank, hands = st.bank, st.hands
    for r in (sorted(owed) if len(owed) > 1 else owed):
        row = owed[r]
        total = sum(row)
        if total > bank[r]:
            takers = [p for p in range(n) if row[p]]
            if len(takers) > 1 or bank[r] == 0:
                if st.record_events:
                    st.emit("catan.ev.shortage", resource=RESOURCE_KEYS[r])
                continue
            row = [0] * n
            row[takers[0]] = bank[r]
        for p in range(n):
            k = row[p]
            if k:
                hands[p][r] += k
                bank[r] -= k
                if st.record_events:
                    st.emit("catan.ev.produce", seat=p, count=k,
                            resource=RESOURCE_KEYS[r])
