"""«ФАЗА ОЧИСТКИ».

«Игроки могут сохранить определённые товары» (the empire board's storage good; «Склады»
keep up to 3 resources on the card until the next production), «сбрасывают все несохранённые
ресурсы, рабочих и жетоны» — defence tokens on locations too —, samurai, the Shrine's goods and
the Gate's cards stay, «Карточки с руки никогда не сбрасываются». The first player token passes
clockwise. The last round has no cleanup (see ``rounds.advance``).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from settlers.core.seats import next_seat, seats_from
from settlers.games.imperial.content import DEFENCE, GOOD_INDEX, SUPPLY_GOODS, USED, F, S, W
from settlers.games.imperial.pending import drop, push
from settlers.games.imperial.state import ImperialState

# a supply emptied by the cleanup (one 0 per good of ``content.SUPPLY_GOODS``)
_NOTHING = (0,) * len(SUPPLY_GOODS)


def warehouse_options(st: ImperialState, seat: int) -> list[tuple[int, int, int]]:
    """The ways to fill ``seat``'s «Склады» (wood, stone, food kept): the player chooses
    (reconstructed card: up to 3 resources); every way keeps as many as fit, and the empire
    board's own storage good is kept anyway, so it takes no room."""
    if "warehouse" not in st.marks[seat]:   # no «Склады» in the empire (marks.py): no room
        return []
    room = sum(feat["max"] for cid in st.locs[seat] for feat in st.cards[cid].features
               if feat.get("passive") == "warehouse")
    if room <= 0:
        return []
    kept = GOOD_INDEX[st.boards[st.emp[seat]]["storage"]]
    supply = st.goods[seat]
    have = [0 if r == kept else supply[r] for r in (W, S, F)]
    total = sum(have)
    if total > room:   # (no min(): in Python 3.11 it parses keywords every call)
        total = room
    if total == 0:
        return []
    return [k for k in product(*(range(n + 1) for n in have)) if sum(k) == total]


def ask_warehouses(st: ImperialState) -> None:
    """Before the cleanup: each player with «Склады» chooses what stays on them (asked only
    when there is a choice; the first player answers first)."""
    for seat in reversed(seats_from(st.first, st.players)):
        options = warehouse_options(st, seat)
        if len(options) == 1:
            keep_on_warehouses(st, seat, options[0])
        elif options:
            push(st, "warehouse", seat, "choose", options)


def keep_on_warehouses(st: ImperialState, seat: int, kept: tuple[int, int, int]) -> None:
    stash, supply = st.stash_w[seat], st.goods[seat]
    for r, k in zip((W, S, F), kept, strict=True):
        stash[r] += k
        supply[r] -= k


def answer_warehouse(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    drop(st, p)
    keep_on_warehouses(st, p["seat"], tuple(value))


def cleanup(st: ImperialState) -> None:
    for seat in range(st.players):
        supply = st.goods[seat]
        kept = GOOD_INDEX[st.boards[st.emp[seat]]["storage"]]
        stored = supply[kept]
        supply[:] = _NOTHING   # (in place, one slice: not a loop over the goods)
        supply[kept] = stored
    for info in st.info.values():
        info[USED] = 0   # goods spent on actions are discarded: the locations are free again
        info[DEFENCE] = 0   # «Все жетоны обороны (использованные и нет) сбрасываются»
    if not st.solo:
        st.first = next_seat(st.first, st.players)
    st.emit("imperial.event.cleanup", first=st.first)
