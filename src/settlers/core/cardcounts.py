"""Hands held as counts: ``hand[k]`` = how many cards of kind ``k`` (resources, goods).

Catan-like games keep resource hands, the bank, costs and trade bundles as such vectors. These
are the operations every one of them writes: checks, expanding to single cards for log texts,
the discard-half rule on a seven, and the canonical re-deal of hidden hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Counts = Sequence[int]


def is_counts(value: object, kinds: int) -> bool:
    """A tuple of ``kinds`` non-negative ints (what a JSON action may carry as a bundle)."""
    return (isinstance(value, tuple) and len(value) == kinds
            and all(type(n) is int and n >= 0 for n in value))


def holds(hand: Counts, cards: Counts) -> bool:
    """Whether ``hand`` has every card of ``cards``."""
    return all(have >= need for have, need in zip(hand, cards, strict=True))


def missing(hand: Counts, cards: Counts) -> int:
    """How many cards of ``cards`` the hand lacks."""
    return sum(max(0, need - have) for have, need in zip(hand, cards, strict=True))


def expand(counts: Counts) -> list[int]:
    """One kind index per card, in kind order: (2, 0, 1) → [0, 0, 2]."""
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def count(cards: Sequence[int], kinds: int) -> list[int]:
    """The count vector of a list of kind indices (the inverse of ``expand``)."""
    out = [0] * kinds
    for kind in cards:
        out[kind] += 1
    return out


def move(source: list[int], target: list[int], cards: Counts) -> None:
    """Move ``cards`` from ``source`` to ``target`` (a payment to the bank, a theft)."""
    for kind, n in enumerate(cards):
        source[kind] -= n
        target[kind] += n


def exchange(a: list[int], b: list[int], a_gives: Counts, b_gives: Counts) -> None:
    """A trade between two hands: ``a`` gives ``a_gives`` and gets ``b_gives``."""
    move(a, b, a_gives)
    move(b, a, b_gives)


def discard_half(hand: Counts, above: int = 7) -> int:
    """How many cards a hand must discard on a seven: half of them, rounded down, when it holds
    more than ``above`` cards (Catan: «больше 7 карт … половину, с округлением вниз»)."""
    total = sum(hand)
    return total // 2 if total > above else 0


def one_for_one(hand: Counts) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (give, get) bundle of one card held for one card of another kind."""
    kinds = len(hand)
    out = []
    for give in range(kinds):
        if not hand[give]:
            continue
        for get in range(kinds):
            if get != give:
                out.append((_unit(give, kinds), _unit(get, kinds)))
    return out


def redeal_counts(hands: Sequence[Counts], rng: random.Random,
                  known: Sequence[Counts] | None = None,
                  spare: Counts | None = None) -> tuple[list[list[int]], list[int]]:
    """Re-deal hidden count hands from their pooled cards, each hand keeping its size.

    ``known[i]``: cards everybody knows to be in hand ``i`` (committed to an offer); they stay.
    ``spare``: unseen cards outside the hands that join the pool (e.g. a bank whose content is
    hidden); what is left after the deal goes back there. The pool is sorted before the
    shuffle, so the result depends only on the unseen cards and ``rng``.
    Returns (new hands, new spare counts).
    """
    kinds = len(hands[0]) if hands else len(spare or ())
    fixed = [list(k) for k in known] if known is not None else [[0] * kinds for _ in hands]
    pool: list[int] = []
    for hand, kept in zip(hands, fixed, strict=True):
        pool.extend(expand([have - k for have, k in zip(hand, kept, strict=True)]))
    if spare is not None:
        pool.extend(expand(spare))
    pool.sort()
    rng.shuffle(pool)
    new_hands = []
    for hand, kept in zip(hands, fixed, strict=True):
        free = sum(hand) - sum(kept)
        new = list(kept)
        for kind in pool[:free]:
            new[kind] += 1
        del pool[:free]
        new_hands.append(new)
    return new_hands, count(pool, kinds)


def _unit(kind: int, kinds: int) -> tuple[int, ...]:
    vector = [0] * kinds
    vector[kind] = 1
    return tuple(vector)


__all__ = ["Counts", "count", "discard_half", "exchange", "expand", "holds", "is_counts",
           "missing", "move", "one_for_one", "redeal_counts"]
