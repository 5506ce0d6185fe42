"""«ФАЗА ПРОИЗВОДСТВА»: the empire board, every deal and every production location.

«Фазу производства начинает первый игрок, далее ход передаётся по часовой стрелке.» Goods
kept on «Склады» at the last cleanup come back into the supply first.
"""

from __future__ import annotations

from settlers.games.imperial.content import F, G, S, W
from settlers.games.imperial.effects import produce
from settlers.games.imperial.samurai import open_production_window
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import controlled, gain, gain_good, trigger


def produce_next(st: ImperialState) -> bool:
    """Produce for the next player in turn order; True when everybody has produced.
    A player's choices (deck, «Стража фараона», picks) are answered before the next."""
    if st.producing >= st.players:
        return True
    seat = (st.first + st.producing) % st.players
    st.producing += 1
    below = len(st.pending)
    produce_for(st, seat)
    # L598: the Japanese player may place samurai in this turn too (``samurai.py``)
    open_production_window(st, seat, below)
    return False


def produce_for(st: ImperialState, seat: int) -> None:
    stash = st.stash_w[seat]
    supply = st.goods[seat]
    for r in (W, S, F):
        supply[r] += stash[r]
        stash[r] = 0
    gain(st, seat, st.boards[st.emp[seat]]["production"])
    # gain_good of each deal's good, inlined where it is a supply good: the deals pile up late
    deal_index = st.tables.deal_index
    for cid in st.deals[seat] + st.route[seat]:
        index = deal_index[cid]
        if index is None:   # victory points or cards
            gain_good(st, seat, st.cards[cid].deal)
            continue
        supply[index] += 1
        if index == G:   # «gold gained» features, once a deal as gain_good fires them
            trigger(st, seat, "gold")
    for card in st.attack_deals:     # solo: attack cards taken with «Шпионы»
        gain_good(st, seat, st.attack_goods[card])
    cards = st.cards
    production_goods = st.tables.production_goods
    for cid in controlled(st, seat):
        if cards[cid].type == "production":
            row = production_goods[cid]
            if row is None:   # VP, cards, a choice, a count per colour: effects.produce
                produce(st, seat, cid)
                continue
            # effects.produce, inlined for goods of the supply only (most productions: one
            # call less per production location, and the empires grow through the game)
            added, golds = row
            for index, n in added:
                supply[index] += n
            while golds:
                trigger(st, seat, "gold")
                golds -= 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.produced", seat=seat)
