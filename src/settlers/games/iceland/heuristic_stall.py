"""When the Landnám heuristic bot is stuck with cards it cannot use — the guard behind
``heuristic.py``'s movement and building.

Seed 3050987059722170677 of ``docs/results/iceland-fifteenth-check`` (rules ``2026-12-06.5``
and ``2026-12-07.1``) ran into the action cap: from action ≈ 700 every seat sailed a boat from
the outer sea to position 12, where it could found a farm, and back out again in the same
turn (the pull toward the unexplored edge outweighed the step's cost, and the move to the
outer sea ignored what the piece left behind); at the end of the movement no piece stood by a
free corner, so the bot had no build to save for and never traded — seat 0 with 18 wool and
7 iron, seat 1 with 9 wood, nobody with grain. L52 («Четыре одинаковых карты ресурса можно
продать за один другой ресурс из банка») would have bought the grain and wood of a farm.
Scores stayed 3, 2, 3, 0.

Two rules, both read from the position alone (the bot keeps no memory between calls):

* ``outer_cost``: a piece on a farm corner does not go out to the outer sea for nothing: the
  move gives up a share of the corner's value. The boat stays, the building phase then has a
  farm to save for and trades toward it (``IcelandBot.trade_for_target``: the bank and
  harbours at the seat's rates, else 1-for-1 offers).
* ``stalled``: no build to save for (``IcelandBot.target_cost`` is None) while houses are left
  and the hand holds ``STALL_CARDS`` cards or more: the cards have no use, so the bot saves
  for one more piece (a settler by its houses, else a boat; L58), trading its surplus the same
  way, to reach new farm corners with it.

Tried and dropped (docs/audits/2026-12-07-sixteenth-landnam-bots.md): a piece by a farm corner
the seat can pay for kept from moving or exploring, a farm paid at the bank before a harbour
or piece, and the stall at eight cards (the start hand): one such bot won 8.5 % of its games
against three of the old ones (47 games; parity 25 %).
"""

from __future__ import annotations

from typing import Any

from settlers.games.iceland import building
from settlers.games.iceland.heuristic_values import spot_value

#: share of the farm corner's value lost when a piece leaves it for the outer sea
OUTER_SHARE = 0.5
#: cards held with no build to save for that make the bot save for one more piece (the
#: start hand is eight; cards are the Althing's bids, so a hand is not spent lightly)
STALL_CARDS = 12
#: pieces on the board above which a stalled bot builds no more (they fill the island)
STALL_PIECES = 4


def can_farm(s: Any, seat: int) -> bool:
    return building.houses_left(s, seat) >= 1


def outer_cost(s: Any, seat: int, piece: int, here: int) -> float:
    """What sailing ``piece`` from ``here`` out to the outer sea gives up: the farm corner it
    stands by (a boat out there founds nothing; it came in for that corner)."""
    if here < 0 or not can_farm(s, seat):
        return 0.0
    return OUTER_SHARE * spot_value(s, seat, here)


def stalled(s: Any, seat: int, on_board: int) -> bool:
    """Cards without a use: houses left, no build to save for (the caller checked), a full
    hand, room for one more piece."""
    return (can_farm(s, seat) and sum(s.hands[seat]) >= STALL_CARDS
            and on_board < STALL_PIECES)


def stall_piece(s: Any, seat: int, settler_place: bool) -> str | None:
    """The piece a stalled bot saves for: a settler where one may be built, else a boat."""
    if settler_place and building.pieces_left(s, seat, False):
        return "settler"
    if building.pieces_left(s, seat, True):
        return "boat"
    return None


__all__ = ["outer_cost", "stall_piece", "stalled"]
