"""Landnám (iceland): a declared fixed encoding (see :mod:`settlers.rl.schema`).

Actions: one block per kind, fields in declaration order; hexes are 0–18 (-1 = none / the
outer sea), corners 0–53 (-1 = none), pieces are the 50 piece ids of the game (10 per seat,
absolute), seats are relative to the deciding seat, card names come from the fate deck.
``IcelandEncoding(players).actions.table()`` prints every range.

Observation (read from ``view(seat)``; ``.features.table()`` lists it): the board (per hex:
terrain one-hot with unexplored, number/12, harbour one-hot, occupant; houses per corner and
relative seat with their level; each piece's position one-hot: in supply, outer sea, hex),
the supplies, per relative seat the public counts (cards; the resource hand kind by kind,
public since every resource card moves in the open, ``games/iceland/view.py``; fate cards,
the fate cards shown, white/red/black tokens, points), whose turn, the phase, the dice, the
movement in progress, the offer on the table, the Althing (stage, starter, seats in the
window), the seat's own hand and fate cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from settlers.core.trade import shared_kinds
from settlers.games.iceland import actions as A
from settlers.games.iceland.trade import ONE_CARD, TWO_CARDS
from settlers.rl import schema as S

HEXES = 19
CORNERS = 54
PIECES = 50
TERRAINS = ("sea", "forest", "fields", "pasture", "bog", "mountain")
RESOURCES = ("grain", "wood", "wool", "iron")
FATE = ("find_sea", "find_forest", "find_fields", "find_pasture", "find_bog", "good_omen",
        "mountain_pass", "fair_wind", "chase", "good_year", "blight", "dissolution",
        "reconciliation", "settlement")
PHASES = ("roll", "choose_number", "harvest_fate", "age", "althing", "move", "retreat",
          "build", "offer", "over")
HEX = S.Ints(-1, HEXES - 1)
CORNER = S.Ints(-1, CORNERS - 1)
PIECE = S.Ints(0, PIECES - 1)
CARDS = S.Ints(1, 40)
# what an offer gives and asks for, one domain for the pair: one card or two on each side, of
# one kind or two (the listed offers, iceland.trade.legal_offers, and two cards for two), no
# kind on both sides (L53: such an offer is never legal, so it has no index); an offer of more
# cards is legal too but has no index
ONE_OR_TWO_CARDS = ONE_CARD + TWO_CARDS
# the bank gives another kind than it takes (iceland.trade.legal_bank_trades)
BANK_TRADES = tuple((give, get) for give in RESOURCES for get in RESOURCES if give != get)
OFFERS = tuple((give, get) for give in ONE_OR_TWO_CARDS for get in ONE_OR_TWO_CARDS
               if not shared_kinds(give, get))

ACTIONS: dict[Any, dict[Any, Any]] = {
    A.Roll: {},
    A.PlayFate: {"card": S.Values(FATE), "target": S.Ints(-1, PIECES - 1)},
    A.Pass: {},
    A.AgeHex: {"hex": HEX},
    A.Move: {"piece": PIECE, "to": HEX, "card": S.Values(("", "chase", "mountain_pass"))},
    A.Explore: {"piece": PIECE, "to": HEX, "card": S.Values(("", *FATE))},
    A.ChooseNumber: {"number": S.Ints(2, 12)},
    A.Retreat: {"to": HEX},
    A.EndMovement: {},
    A.TradeWithBank: {("give", "get"): S.Values(BANK_TRADES)},
    A.OfferTrade: {"to": S.Seat(), ("give", "get"): S.Values(OFFERS)},
    A.AnswerOffer: {"accept": S.BOOL},
    A.BuildFarm: {"piece": PIECE, "corner": CORNER},
    A.BuildTown: {"corner": CORNER},
    A.BuildSettler: {"corner": CORNER, "hex": HEX},
    A.BuildBoat: {"corner": CORNER, "hex": HEX},
    A.BuildHarbour: {"piece": PIECE, "resource": S.Values(RESOURCES)},
    A.BuildAgeing: {"piece": PIECE},
    A.EndTurn: {},
    A.ChooseStarter: {"seat": S.Seat()},
    A.OpenCase: {"piece": PIECE, "cards": CARDS},
    A.EndCases: {},
    A.Bid: {"cards": CARDS},
    A.AskHelp: {"seat": S.Seat()},
    A.Decline: {},
    A.Concede: {},
}


class Houses(S.Feature):
    """``board/houses`` ([corner, seat, level] triples): per corner × relative seat, the
    level (1 farm, 2 town …)/2."""

    def __init__(self) -> None:
        self.path = "state/board/houses"
        self.meaning = "per corner × relative seat: house level/2"

    @property
    def name(self) -> str:
        return self.path

    def size(self, players: int) -> int:
        return CORNERS * S.SEATS

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict[str, Any]) -> None:
        n, seat = ctx["players"], ctx["seat"]
        for corner, owner, level in S.get(view, self.path) or []:
            if 0 <= corner < CORNERS and 0 <= owner < n:
                obs[start + corner * S.SEATS + (owner - seat) % n] = level / 2


FEATURES = [
    S.OneHots("state/board/terrain", HEXES, TERRAINS, "per hex: terrain (last: unexplored)"),
    S.Numbers("state/board/number", HEXES, 12.0, "per hex: number/12"),
    S.OneHots("state/board/harbour", HEXES, RESOURCES, "per hex: harbour (last: none)"),
    S.OneHots("state/board/occupant", HEXES, tuple(range(-1, PIECES)),
            "per hex: the piece on it (first: none)"),
    Houses(),
    S.OneHots("state/board/pieces", PIECES, tuple(range(-3, HEXES)),
            "per piece: out of the game (-3), in supply (-2), outer sea (-1), hex"),
    S.Counts("state/supply/terrain", TERRAINS, 6.0, "terrain tiles left/6"),
    S.Counts("state/supply/numbers", tuple(str(k) for k in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)),
           2.0, "number tokens left/2"),
    S.Counts("state/supply/harbours", RESOURCES, 2.0, "harbours left/2"),
    S.Number("state/supply/fate_deck", 28.0, "fate deck/28"),
    S.Multiset("state/supply/fate_discard", FATE, 3.0, "discarded fate cards/3"),
    S.PerSeat("state/players", [S.Number("cards", 10.0),
                              S.Counts("hand", RESOURCES, 5.0, "resource cards/5, kind by kind"),
                              S.Number("fate_cards", 5.0),
                              S.Multiset("fate_known", FATE, 2.0), S.Number("white", 3.0),
                              S.Number("red", 3.0), S.Number("black", 3.0),
                              S.Number("points", 10.0)],
            "per relative seat: cards, the hand kind by kind, fate cards, shown fate cards, "
            "tokens, points"),
    S.SeatOf("state/current", "whose turn (relative)"),
    S.Number("state/turn", 100.0, "turn/100"),
    S.OneHot("state/phase", PHASES, "phase"),
    S.Numbers("state/dice", 2, 6.0, "dice/6"),
    S.Number("state/movement/steps_left", 3.0), S.Number("state/movement/steps_taken", 3.0),
    S.Number("state/movement/fair_wind"), S.Number("state/movement/first_turn"),
    S.OneHot("state/movement/piece", tuple(range(PIECES)), "piece moving"),
    S.Multiset("state/age_choices", tuple(range(HEXES)), 1.0, "hexes that may age"),
    S.Number("state/pending_builds", 3.0, "pending builds/3"),
    S.SeatOf("state/offer/to", "offer to (relative)"),
    S.Numbers("state/offer/give", 4, 1.0, "offer gives"),
    S.Numbers("state/offer/get", 4, 1.0, "offer asks"),
    S.Number("state/offers_made", 3.0),
    S.OneHot("state/althing/stage", ("window", "starter", "cases", "case", "help"), "Althing stage"),
    S.SeatOf("state/althing/starter", "Althing starter"),
    S.SeatSet("state/althing/window/seats", "seats in the Althing window"),
    S.SeatSet("state/althing/window/answered", "seats that answered"),
    S.Counts("state/hand", RESOURCES, 5.0, "own resource cards/5"),
    S.Multiset("state/fate_hand", FATE, 2.0, "own fate cards/2"),
    S.SeatSet("to_act", "seats owing a decision"),
]


class IcelandEncoding(S.SchemaEncoding):
    game_id = "iceland"
    ACTIONS = ACTIONS
    FEATURES = FEATURES


ENCODING = IcelandEncoding
__all__ = ["ENCODING", "IcelandEncoding"]
