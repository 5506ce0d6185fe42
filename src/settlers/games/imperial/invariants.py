"""What holds in every state of a game of Imperial Settlers (settlers.core.invariants: the
shared conformance suite, the playout tests and the verification runs check it): every card of
the game is somewhere exactly once (the solo mode's attack cards too); no supply, VP, kept good
or mark on a location is negative; the «Храм Ра» tokens add up; a card a seat saw passed into
another's hand is still in another's hand. ``recomputed_scores``: «КОНЕЦ
ИГРЫ» counted again from the table, apart from scoring.py."""

from __future__ import annotations

from collections import Counter

from settlers.games.imperial.content import CAPTOR, KEPT, RA_TOKENS, SUPPLY_GOODS
from settlers.games.imperial.state import ImperialState


def problems(st: ImperialState) -> list[str]:
    return [*_cards(st), *_attack_cards(st), *_goods(st), *_captures(st), *_seen(st)]


def _seen(st: ImperialState) -> list[str]:
    """A card a seat has seen passed into another's hand is in another seat's hand."""
    return [f"seat {seat} has seen card {card} in a hand, but it is in none of the others'"
            for seat, seen in enumerate(st.hand_seen) for card in seen
            if not any(card in hand for s, hand in enumerate(st.hand) if s != seat)]


def card_places(st: ImperialState) -> list[tuple[int, str]]:
    """Every card of the game with the place it is in (decks, discards, rows, hands, tableaux,
    deals, under gates, pending picks)."""
    out: list[tuple[int, str]] = []

    def put(cards: list[int], place: str) -> None:
        out.extend((card, place) for card in cards)

    for cards, place in ((st.common_deck, "common deck"), (st.common_discard, "common discard"),
                         (st.row, "lookout row"), (st.virtual, "virtual opponent"),
                         (st.trophies, "trophies")):
        put(cards, place)
    for e in st.emp:
        put(st.fdeck[e], f"{e} deck")
        put(st.fdiscard[e], f"{e} discard")
    for i in range(st.players):
        for cards, place in ((st.hand[i], "hand"), (st.locs[i], "locations"),
                             (st.fnd[i], "foundations"), (st.deals[i], "deals")):
            put(cards, f"seat {i} {place}")
    for card, under in st.gate.items():
        put(under, f"under the gate {card}")
    for p in st.pending:
        if p["kind"] == "empire_pick":
            put([o[0] for o in p["options"]], "an empire card pick")
        elif "discard_after" in p:   # a card razed from the hand, its bonus's draw pending
            put([p["discard_after"]], "razed from the hand")
    if st.draft.get("mode") == "alt":
        for k, offer in enumerate(st.draft["offer"]):
            put(offer, f"lookout offer {k}")
    return out


def _cards(st: ImperialState) -> list[str]:
    expected = {c.index for c in st.cards if c.common or c.deck in st.emp}
    places: dict[int, list[str]] = {}
    for card, place in card_places(st):
        places.setdefault(card, []).append(place)
    out = [f"card {card} is in {len(where)} places: {', '.join(where)}"
           for card, where in sorted(places.items()) if len(where) > 1]
    out += [f"card {card} is in {', '.join(places[card])}, not a card of this game"
            for card in sorted(set(places) - expected)]
    missing = sorted(expected - set(places))
    if missing:
        out.append(f"cards nowhere: {missing}")
    return out


def _attack_cards(st: ImperialState) -> list[str]:
    if not st.solo:
        return []
    cards = Counter(st.attack_deck + st.attack_row + st.attack_deals + st.attack_gone)
    every = Counter(range(len(st.attack_goods)))
    if cards != every:
        return [f"attack cards not conserved: {sorted((cards - every).elements())} more, "
                f"{sorted((every - cards).elements())} missing"]
    return []


def _goods(st: ImperialState) -> list[str]:
    out: list[str] = []
    for seat in range(st.players):
        for good, n in zip(SUPPLY_GOODS, st.goods[seat], strict=True):
            if n < 0:
                out.append(f"seat {seat} has {n} of {good}")
        if st.vp[seat] < 0:
            out.append(f"seat {seat} has {st.vp[seat]} VP")
        if min(st.stash_w[seat]) < 0:
            out.append(f"seat {seat} keeps {st.stash_w[seat]} on «Склады»")
    for card, marks in st.info.items():
        if any(m < 0 for k, m in enumerate(marks) if k != CAPTOR):
            out.append(f"location {card} has marks {marks}")
    return out


def _captures(st: ImperialState) -> list[str]:
    """Each seat's «Храм Ра» tokens left plus the locations it holds captured make its
    starting tokens (``supply.any_capture`` relies on it)."""
    held = [0] * st.players
    out: list[str] = []
    for card, marks in st.info.items():
        if marks[CAPTOR] >= 0:
            if marks[CAPTOR] >= st.players:
                out.append(f"location {card} captured by seat {marks[CAPTOR]}, no seat")
                continue
            held[marks[CAPTOR]] += 1
    for seat in range(st.players):
        start = RA_TOKENS if st.emp[seat] == "egyptians" else 0
        if not 0 <= st.captures[seat] <= start or st.captures[seat] + held[seat] != start:
            out.append(f"seat {seat}: {st.captures[seat]} «Храм Ра» tokens left and "
                       f"{held[seat]} locations captured, of {start}")
    return out


def recomputed_scores(st: ImperialState) -> list[float]:
    """VP on the track plus 1 per common and 2 per empire location, 1 per card under the
    «Врата», 1 per two goods kept on the «Часовня»; a lost solo game (no more empire locations
    than the opponent's trophies) adds no location points (L884)."""
    lost_solo = st.solo and st.finished and sum(
        1 for cid in st.locs[0] if not st.cards[cid].common) <= len(st.trophies)
    out = []
    for seat in range(st.players):
        points = st.vp[seat]
        if not lost_solo:
            for cid in st.locs[seat]:
                card = st.cards[cid]
                points += 1 if card.common else 2
                for feature in card.features:
                    if feature.get("passive") == "gate":
                        points += len(st.gate.get(cid, ()))
                    elif feature.get("passive") == "chapel":
                        points += st.info[cid][KEPT] // 2
        out.append(float(points))
    return out
