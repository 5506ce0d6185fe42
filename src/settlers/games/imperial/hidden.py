"""Determinization: re-deal what a seat cannot see.

Kept: what was public — cards seen taken in the open lookout, razed foundations, discard piles —
and what the seat alone has seen: the card it passed in the alternative lookout that the next
player kept (``hand_seen``). The others' ``hand_seen`` follow their cards' places: in a world,
each knows the card that now lies where the one it saw lay.
Re-dealt: other hands, face-down foundations, cards under the Gate, private picks, the cards
under the other players' deals and every deck's order, the solo attack deck's too (each pool
sorted before shuffling, so the result depends on the seed only).
"""

from __future__ import annotations

import random

from settlers.core.decks import reshuffle_unseen
from settlers.games.imperial.state import ImperialState


def _alt_offers_hidden(st: ImperialState, seat: int) -> list[int]:
    """The other seats, whose offers in the alternative lookout ``seat`` cannot see (none
    outside that lookout); at its second step the next seat's offer is the two cards ``seat``
    passed it (L730), which it has seen."""
    if st.draft.get("mode") != "alt":
        return []
    receiver = (seat + 1) % st.players if st.draft["step"] == 2 else seat
    return [s for s in range(st.players) if s not in (seat, receiver)]


def redraw_alt(st: ImperialState, seat: int, pool: list[int]) -> None:
    for s in _alt_offers_hidden(st, seat):
        pool.extend(st.draft["offer"][s])


def refill_alt(st: ImperialState, seat: int, pool: list[int], rng: random.Random) -> None:
    d = st.draft
    for s in _alt_offers_hidden(st, seat):
        d["offer"][s] = [pool.pop() for _ in d["offer"][s]]
        if d["choice"][s] >= 0:
            d["choice"][s] = d["offer"][s][0]
    if d.get("mode") == "alt" and d["step"] == 2:
        receiver = (seat + 1) % st.players   # it has seen the offer, not which card was chosen
        if receiver != seat and d["choice"][receiver] >= 0:
            offer = d["offer"][receiver]
            d["choice"][receiver] = offer[rng.randrange(len(offer))]


def _hand_slot(st: ImperialState, cid: int) -> tuple[int, int]:
    """The hand holding ``cid`` and its place there."""
    for owner, hand in enumerate(st.hand):
        if cid in hand:
            return owner, hand.index(cid)
    raise ValueError(f"card {cid} is in no hand")


def redraw_hidden(st: ImperialState, seat: int, rng: random.Random) -> None:
    """Re-deal what ``seat`` cannot see: other hands (except cards all saw taken in the
    open lookout and those ``seat`` saw passed into them), others' deals (keeping each deal's good), the decks' order (the solo attack
    deck too), other players' private picks."""
    n = st.players
    common_pool = list(st.common_deck)
    empire_pool: dict[str, list[int]] = {e: list(p) for e, p in st.fdeck.items()}
    hidden_slots: list[tuple[list[int], int]] = []
    deal_slots: list[tuple[int, int]] = []
    seen_by_me = st.hand_seen[seat]
    seen_slots = [[_hand_slot(st, k) for k in st.hand_seen[v]] if v != seat else []
                  for v in range(n)]
    for other in range(n):
        if other == seat:
            continue
        hand = st.hand[other]
        known = set(st.known[other])
        known.update(seen_by_me)
        for i, cid in enumerate(hand):
            if cid in known:
                continue
            hidden_slots.append((hand, i))
            if st.cards[cid].common:
                common_pool.append(cid)
            else:
                empire_pool[st.cards[cid].deck].append(cid)
        # face-down cards: foundations laid from the hand («Святилище»), under the «Врата»
        for pile in [st.fnd[other]] + [st.gate[g] for g in sorted(st.gate)
                                         if g in st.locs[other]]:
            hidden = st.fnd_hidden[other] if pile is st.fnd[other] else pile
            for i, cid in enumerate(pile):
                if cid in hidden:
                    hidden_slots.append((pile, i))
                    if st.cards[cid].common:
                        common_pool.append(cid)
                    else:
                        empire_pool[st.cards[cid].deck].append(cid)
        # deals lie face down: only their goods are seen (L199)
        for i, cid in enumerate(st.deals[other]):
            if cid not in st.deal_known[seat]:
                deal_slots.append((other, i))
                empire_pool[st.cards[cid].deck].append(cid)
    for p in st.pending:  # a private pick of empire cards («выбор из двух»)
        if p["kind"] == "empire_pick" and p["seat"] != seat:
            for opt in p["options"]:
                empire_pool[st.emp[p["seat"]]].append(opt[0])
    redraw_alt(st, seat, common_pool)
    reshuffle_unseen(common_pool, rng)  # sorted first: the result depends on the seed only
    for empire in sorted(empire_pool):
        reshuffle_unseen(empire_pool[empire], rng)
    for other in range(n):   # which foundations are face down is public; keep that
        if other != seat:
            st.fnd_hidden[other] = [i for i, c in enumerate(st.fnd[other])
                                      if c in st.fnd_hidden[other]]
    for other, i in deal_slots:    # another card of the same empire with the same deal good
        card = st.cards[st.deals[other][i]]
        pool = empire_pool[card.deck]
        j = max(k for k, c in enumerate(pool) if st.cards[c].deal == card.deal)
        st.deals[other][i] = pool.pop(j)
    for hand, i in hidden_slots:
        if st.cards[hand[i]].common:
            hand[i] = common_pool.pop()
        else:
            hand[i] = empire_pool[st.cards[hand[i]].deck].pop()
    for other in range(n):
        if other != seat:
            st.fnd_hidden[other] = [st.fnd[other][i] for i in st.fnd_hidden[other]]
    for p in st.pending:
        if p["kind"] == "empire_pick" and p["seat"] != seat:
            pool = empire_pool[st.emp[p["seat"]]]
            p["options"] = [(pool.pop(),) for _ in p["options"]]
    for v in range(n):
        if seen_slots[v]:
            st.hand_seen[v] = [st.hand[o][i] for o, i in seen_slots[v]]
    refill_alt(st, seat, common_pool, rng)
    st.common_deck = common_pool
    st.fdeck = empire_pool
    # solo: the attack deck lies face down, only the cards turned up are seen (L789-790)
    if st.attack_deck:
        reshuffle_unseen(st.attack_deck, rng)
