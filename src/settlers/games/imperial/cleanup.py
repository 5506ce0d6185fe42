"""«ФАЗА ОЧИСТКИ».

«Игроки могут сохранить определённые товары» (the empire board's storage good; «Склады»
keep up to 3 resources on the card until the next production), «сбрасывают все несохранённые
ресурсы, рабочих и жетоны» — defence tokens on locations too —, samurai, the Shrine's goods and
the Gate's cards stay, «Карточки с руки никогда не сбрасываются». The first player token passes
clockwise. The last round has no cleanup (see ``rounds.advance``).
"""

from __future__ import annotations

from settlers.games.imperial.content import DEFENCE, GOOD_INDEX, USED, F, S, W
from settlers.games.imperial.state import ImperialState

WAREHOUSE_ORDER = (S, W, F)   # reconstructed: «Склады» keep stone first, then wood, then food


def cleanup(st: ImperialState) -> None:
    cards = st.cards
    for seat in range(st.players):
        supply = st.goods[seat]
        kept = GOOD_INDEX[st.boards[st.emp[seat]]["storage"]]
        room = sum(feat["max"] for cid in st.locs[seat] for feat in cards[cid].features
                   if feat.get("passive") == "warehouse")
        stash = st.stash_w[seat]
        for r in WAREHOUSE_ORDER:
            if r == kept or room <= 0:
                continue
            k = min(room, supply[r])
            stash[r] += k
            supply[r] -= k
            room -= k
        for i in range(len(supply)):
            if i != kept:
                supply[i] = 0
    for info in st.info.values():
        info[USED] = 0   # goods spent on actions are discarded: the locations are free again
        info[DEFENCE] = 0   # «Все жетоны обороны (использованные и нет) сбрасываются»
    if not st.solo:
        st.first = (st.first + 1) % st.players
    st.emit("imperial.event.cleanup", first=st.first)
