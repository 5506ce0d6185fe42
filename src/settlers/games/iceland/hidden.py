"""Re-drawing what a seat cannot see, for bots that search (determinization).

Only what the rulebook hides is dealt again (``view.py`` says what a seat sees):
* the fate cards — the deck and the unknown part of the other hands (the public starting
  cards aside) form one unseen pool, dealt again keeping every hand's number (L4 the deck is
  shuffled, L6 the number of fate cards is named, fate cards are drawn face down);
* the secret choices of others in an Althing card window become unknown.

The resource cards are kept as they are, every hand and the bank: every card that moves does
so in the open (L4, L26-27, L50, L52-53, L56-60, L66), so each hand is known to a player who
keeps count, and the bank is the 24 cards of a kind (L27) less the hands. Before the tenth
reading (2026-12-06) the other hands and the bank were dealt again keeping only their counts,
as Catan's are — where a robber takes a card unseen — so a searching bot forgot what it had
seen.
"""

from __future__ import annotations

import random

from settlers.games.iceland.state import IcelandState


def redraw_hidden(s: IcelandState, seat: int, rng: random.Random) -> None:
    """Deal other players' fate cards again from what ``seat`` cannot see, keeping every
    count; resource hands and the bank stay (public by count, see the module text)."""
    others = [x for x in range(s.players) if x != seat]
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
