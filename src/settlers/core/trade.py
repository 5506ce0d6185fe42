"""Domestic trade between players: checking an offer's bundles and carrying out the exchange.

An offer is two count bundles (``settlers.core.cardcounts``): what the offerer gives and what
it asks for. What is wrong with one is returned as one of the reasons below; each game maps it
to its own message (its rules may forbid more, e.g. Catan forbids the same resource on both
sides: ``same_kind_both_sides=False``).
"""

from __future__ import annotations

from settlers.core.cardcounts import Counts, holds, is_counts

#: Where the rules set no bound on domestic offers, a game LISTS offers among the legal actions
#: only for this many offers of a turn: the list is what every bot chooses from (random, greedy,
#: search, RL masks), so no bot keeps re-offering to people who decline. Not a rule: a further
#: well-formed offer sent explicitly stays legal.
LISTED_OFFERS_PER_TURN = 3

NOT_BUNDLES = "not_bundles"      # not two tuples of the right length of non-negative ints
EMPTY_SIDE = "empty_side"        # one side gives nothing (no gifts)
SAME_KIND = "same_kind"          # a kind appears on both sides (where the game forbids it)
CANNOT_PAY = "cannot_pay"        # the offerer does not hold what it gives


def shared_kinds(give: Counts, get: Counts) -> list[int]:
    """The kinds an offer both gives and asks for (indices)."""
    return [r for r, (g, w) in enumerate(zip(give, get, strict=True)) if g and w]


def offer_problem(hand: Counts, give: object, get: object, *,
                  same_kind_both_sides: bool = True) -> str | None:
    """Why an offer of ``give`` for ``get`` from ``hand`` is not allowed, or None."""
    kinds = len(hand)
    if not is_counts(give, kinds) or not is_counts(get, kinds):
        return NOT_BUNDLES
    assert isinstance(give, tuple) and isinstance(get, tuple)
    if not sum(give) or not sum(get):
        return EMPTY_SIDE
    if not same_kind_both_sides and shared_kinds(give, get):
        return SAME_KIND
    if not holds(hand, give):
        return CANNOT_PAY
    return None


def can_answer_yes(hand: Counts, asked: Counts) -> bool:
    """An answerer may accept only if it holds what the offer asks for."""
    return holds(hand, asked)


__all__ = ["CANNOT_PAY", "EMPTY_SIDE", "NOT_BUNDLES", "SAME_KIND", "can_answer_yes",
           "offer_problem", "shared_kinds"]
