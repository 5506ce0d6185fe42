"""Re-drawing what a seat cannot see, for bots that search (determinization).

The unseen resource cards (the bank and the other hands) are dealt again keeping every count;
the unseen fate cards (the deck and the other hands, the public starting cards aside) likewise;
the secret choices of others in an Althing card window become unknown.
"""

from __future__ import annotations

import random

from settlers.core.cardcounts import redeal_counts
from settlers.games.iceland.state import IcelandState


def redraw_hidden(s: IcelandState, seat: int, rng: random.Random) -> None:
    """Deal other players' cards again from what ``seat`` cannot see, keeping every count."""
    others = [x for x in range(s.players) if x != seat]
    # resource cards: the bank and the other hands form one unseen pool
    hands, s.bank = redeal_counts([s.hands[x] for x in others], rng, spare=s.bank)
    for x, hand in zip(others, hands, strict=True):
        s.hands[x] = hand
    # fate cards: the deck and the unknown part of other hands
    unseen = list(s.deck)
    for x in others:
        hidden = list(s.fate[x])
        for card in s.fate_public[x]:
            hidden.remove(card)
        unseen.extend(hidden)
    unseen.sort()
    rng.shuffle(unseen)
    for x in others:
        size = len(s.fate[x]) - len(s.fate_public[x])
        s.fate[x] = sorted(list(s.fate_public[x]) + unseen[:size])
        del unseen[:size]
    s.deck = unseen
    # secret choices of others in an Althing window become unknown: treat them as "pass"
    if s.al is not None and s.al["window"] is not None:
        for key in list(s.al["window"]["choices"]):
            if int(key) != seat:
                s.al["window"]["choices"][key] = None
