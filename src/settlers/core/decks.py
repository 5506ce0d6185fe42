"""Decks and piles of cards or tiles: dealing, drawing with a reshuffle, and the canonical
re-deal of what a seat cannot see (for ``redraw_hidden``).

A pile is a list whose *last* element is the top. Cards are anything sortable (ids, names).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T", bound=Any)


def deal(cards: Sequence[T], hands: int, size: int) -> tuple[list[list[T]], list[T]]:
    """``hands`` hands of ``size`` cards taken in order from the front of ``cards`` (already
    shuffled), and the rest (the deck)."""
    if size < 0 or hands * size > len(cards):
        raise ValueError(f"cannot deal {hands} hands of {size} from {len(cards)} cards")
    dealt = [list(cards[i * size:(i + 1) * size]) for i in range(hands)]
    return dealt, list(cards[hands * size:])


def draw_reshuffling(deck: list[T], discard: list[T],
                     rng: random.Random) -> tuple[T | None, bool]:
    """The top card of ``deck``; an empty deck is first rebuilt from ``discard``, shuffled
    (both lists change in place). Returns (card or None when both are empty, reshuffled)."""
    reshuffled = False
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
        reshuffled = True
    return (deck.pop() if deck else None), reshuffled


def reshuffle_unseen(pile: list[Any], rng: random.Random) -> None:
    """Re-order a face-down pile for a determinization. The pile is sorted first, so the result
    depends only on its contents and ``rng`` (never on the hidden order it had)."""
    pile.sort()
    rng.shuffle(pile)


def redeal_unseen(hands: Sequence[Sequence[T]], deck: Sequence[T], rng: random.Random,
                  known: Sequence[Sequence[T]] | None = None
                  ) -> tuple[list[list[T]], list[T]]:
    """Re-deal hidden hands and a face-down deck from their pooled cards, every count kept.

    ``known[i]`` (optional) are cards everybody knows to be in hand ``i`` (shown, announced):
    they stay there and only the rest of the hand is re-dealt. The pool is sorted before the
    shuffle so the result is a function of what is unseen, not of how it was arranged.
    Returns (new hands, each ``known`` part first then the re-dealt cards; new deck).
    """
    kept = [list(k) for k in known] if known is not None else [[] for _ in hands]
    pool = list(deck)
    free = []
    for hand, fixed in zip(hands, kept, strict=True):
        rest = list(hand)
        for card in fixed:
            rest.remove(card)
        pool.extend(rest)
        free.append(len(rest))
    pool.sort()
    rng.shuffle(pool)
    new_hands = []
    for fixed, count in zip(kept, free, strict=True):
        new_hands.append(fixed + pool[:count])
        del pool[:count]
    return new_hands, pool


__all__ = ["deal", "draw_reshuffling", "redeal_unseen", "reshuffle_unseen"]
