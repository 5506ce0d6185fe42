"""The two special cards: «Самый длинный торговый путь» and «Самая большая армия» (2 VP each).

Longest road: the first player with a road of 5+ segments takes it; another player takes it by
building a strictly longer road. When the holder's road is broken («Дорога может быть
разорвана...»), the card goes to whoever alone has the longest road of 5+; on a tie for longest,
or when nobody has 5+, it is set aside until one player alone has the longest road of 5+.

Largest army: the first to have played 3 knights takes it; another player takes it by playing
strictly more knights than the holder.
"""

from __future__ import annotations

from .content import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
from .state import CatanState


def unique_longest(lengths: list[int]) -> int:
    """The seat alone with the longest road of 5+, or -1."""
    best = max(lengths)
    if best < LONGEST_ROAD_MIN or lengths.count(best) != 1:
        return -1
    return lengths.index(best)


def update_longest_road(st: CatanState, holder_broken: bool = False) -> None:
    lengths = st.road_length
    holder = st.longest_road
    if holder >= 0 and not holder_broken:
        for p, length in enumerate(lengths):
            if p != holder and length > lengths[holder]:
                holder = p
    else:
        holder = unique_longest(lengths)
    if holder != st.longest_road:
        old = st.longest_road
        st.longest_road = holder
        if st.record_events:
            if holder >= 0:
                st.emit("catan.ev.longest_road", seat=holder, length=lengths[holder])
            else:
                st.emit("catan.ev.longest_road_aside", seat=old)


def update_largest_army(st: CatanState, p: int) -> None:
    knights = st.knights
    holder = st.largest_army
    if knights[p] >= LARGEST_ARMY_MIN and (holder < 0 or knights[p] > knights[holder]) \
            and holder != p:
        st.largest_army = p
        if st.record_events:
            st.emit("catan.ev.largest_army", seat=p, knights=knights[p])
