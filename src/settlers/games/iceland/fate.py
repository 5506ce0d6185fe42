"""The fate deck: drawing, holding and playing fate cards.

Fate cards are played only in the sub-phase named by their label (Exploration, Harvest,
Movement, Althing) and, except Althing cards, only by the player to move. A played card is
discarded face up. RECONSTRUCTED: when the deck runs out, the discard pile is shuffled into a
new deck; with both empty no card is drawn.
"""

from __future__ import annotations

from settlers.core.decks import draw_reshuffling
from settlers.games.iceland.state import IcelandState
from settlers.games.iceland.words import card_key


def draw_fate(s: IcelandState, seat: int) -> str | None:
    card, reshuffled = draw_reshuffling(s.deck, s.discard, s.rng)
    if reshuffled and s.record_events:
        s.emit("iceland.event.fate_reshuffled")
    if card is None:
        if s.record_events:
            s.emit("iceland.event.fate_deck_empty", seat=seat)
        return None
    s.fate[seat].append(card)
    s.fate[seat].sort()
    if s.record_events:
        s.emit("iceland.event.fate_drawn", seat=seat)
        s.emit("iceland.event.fate_drawn_private", visible_to=(seat,), seat=seat,
               card=card_key(s, card))
    return card


def holds(s: IcelandState, seat: int, card: str) -> bool:
    return card in s.fate[seat]


def play_fate(s: IcelandState, seat: int, card: str) -> None:
    """Take ``card`` from ``seat``'s hand and discard it face up."""
    s.fate[seat].remove(card)
    if card in s.fate_public[seat]:
        s.fate_public[seat].remove(card)
    s.discard.append(card)
    if s.record_events:
        s.emit("iceland.event.fate_played", seat=seat, card=card_key(s, card))


def cards_with_label(s: IcelandState, seat: int, label: str) -> tuple[str, ...]:
    """The distinct fate cards of ``seat`` with ``label``, sorted."""
    held = s.fate[seat]
    if not held:
        return ()
    return _held_with(s, held, "label", label)


def cards_with_effect(s: IcelandState, seat: int, effect: str) -> tuple[str, ...]:
    """The distinct fate cards of ``seat`` with ``effect``, sorted."""
    held = s.fate[seat]
    if not held:
        return ()
    return _held_with(s, held, "effect", effect)


# The answers above depend on the held cards and the fate card table alone, and a hand holds
# a few cards: they are kept by (hand, field, value), each with the table it was worked out
# from (used again only for that very table), so the lists of the late game (more cards held,
# asked for at every step) cost one look-up.
_HELD: dict[tuple[tuple[str, ...], str, str], tuple[object, tuple[str, ...]]] = {}
_HELD_KEPT = 50_000


def _held_with(s: IcelandState, held: list[str], field: str, value: str) -> tuple[str, ...]:
    cards = s.c.fate_cards
    key = (tuple(held), field, value)
    kept = _HELD.get(key)
    if kept is not None and kept[0] is cards:
        return kept[1]
    if len(_HELD) >= _HELD_KEPT:
        _HELD.clear()
    found = tuple(sorted({c for c in held if getattr(cards[c], field) == value}))
    _HELD[key] = (cards, found)
    return found
