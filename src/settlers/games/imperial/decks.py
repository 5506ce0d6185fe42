"""The card piles: the common deck and its face-up discard, each empire's deck and discard,
the open row of the lookout, the hand.

«Каждая карточка сбрасывается в стопку сброса своего типа»; an empty common deck is rebuilt from
its shuffled discards, «Сброшенные имперские карточки никогда не замешиваются».
"""

from __future__ import annotations

from settlers.core.decks import draw_reshuffling
from settlers.games.imperial.state import ImperialState


def deck_available(st: ImperialState, seat: int, deck: str) -> bool:
    if deck == "common":
        return bool(st.common_deck or st.common_discard)
    return bool(st.fdeck[st.emp[seat]])


def card_sources(st: ImperialState, seat: int, source: str) -> list[str]:
    out = []
    for deck in (("common", "faction") if source == "any" else (source,)):
        if deck_available(st, seat, deck):
            out.append(deck)
    return out


def take_top_common(st: ImperialState) -> int | None:
    """The top common card; an empty deck is rebuilt from the shuffled discards."""
    card, reshuffled = draw_reshuffling(st.common_deck, st.common_discard, st.rng)
    if reshuffled:
        st.emit("imperial.event.reshuffle")
    return card


def draw_card(st: ImperialState, seat: int, deck: str) -> None:
    if deck == "common":
        card = take_top_common(st)
    else:  # «Сброшенные имперские карточки никогда не замешиваются»
        pile = st.fdeck[st.emp[seat]]
        card = pile.pop() if pile else None
    if card is not None:
        st.hand[seat].append(card)
        if st.record_events:   # no event to build in searches and simulations
            st.emit("imperial.event.draw", seat=seat, deck=f"imperial.deck.{deck}")


def discard_card(st: ImperialState, cid: int) -> None:
    """«Каждая карточка сбрасывается в стопку сброса своего типа»."""
    if st.tables.common[cid]:
        st.common_discard.append(cid)
    else:
        st.fdiscard[st.cards[cid].deck].append(cid)


def open_cards(st: ImperialState, count: int) -> None:
    for _ in range(count):
        card = take_top_common(st)
        if card is None:
            return
        st.row.append(card)


def discard_row(st: ImperialState) -> None:
    for card in st.row:
        st.common_discard.append(card)
    st.row = []


def distinct_hand(st: ImperialState, seat: int) -> list[int]:
    """The hand with identical copies listed once."""
    seen: set[int] = set()
    out = []
    for cid in st.hand[seat]:
        if st.twins[cid] not in seen:
            seen.add(st.twins[cid])
            out.append(cid)
    return out


def leave_hand(st: ImperialState, seat: int, cid: int) -> None:
    """``cid`` leaves the hand face up: everybody sees which card it is."""
    st.hand[seat].remove(cid)
    if cid in st.known[seat]:
        st.known[seat].remove(cid)
    _forget_seen(st, seat, cid, False)


def leave_hand_face_down(st: ImperialState, seat: int, cid: int) -> None:
    """``cid`` leaves the hand face down (a deal, a foundation laid from the hand, a card under
    the «Врата»): the others see only its back («Нельзя показывать свои карточки другим
    игрокам»). So of the cards they saw the player take (``known``), each with the same back
    may be the one that went: they no longer know it is in the hand — dropping only ``cid``
    would tell them which card lies face down."""
    st.hand[seat].remove(cid)
    known = st.known[seat]
    if known:
        cards = st.cards
        back = cards[cid].deck
        known[:] = [k for k in known if cards[k].deck != back]
    _forget_seen(st, seat, cid, True)


def _forget_seen(st: ImperialState, seat: int, cid: int, face_down: bool) -> None:
    """What the others saw passed into ``seat``'s hand (``hand_seen``) after ``cid`` left it.
    They see an identical copy go (face up) or a card with the same back (face down): any such
    card they know of may be the one that went, so they no longer know it is in the hand."""
    if not any(st.hand_seen):
        return
    cards, twins, hand = st.cards, st.twins, st.hand[seat]
    for seen in st.hand_seen:
        if seen:
            seen[:] = [k for k in seen if k != cid and not (k in hand and (
                cards[k].deck == cards[cid].deck if face_down else twins[k] == twins[cid]))]


def card_key(st: ImperialState, cid: int) -> str:
    """The catalog key of the card's name (a user's card file may give it: ``Card.key``)."""
    return st.cards[cid].key


def empire_key(st: ImperialState, empire: str) -> str:
    """The catalog key of an empire's (and its deck's) name, as its board file gives it."""
    return str(st.boards[empire]["key"])


def card_name(st: ImperialState, cid: int, lang: str) -> str:
    return st.cards[cid].name.get(lang, st.cards[cid].name["en"])
