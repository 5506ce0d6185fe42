"""Every decision a player of Landnám can take, as small frozen values.

Positions are board hex ids (``-1`` is the outer sea hex); corners are corner ids of the board;
``piece`` is ``seat * 10 + k`` (k 0-4: boats, 5-9: horses/settlers). Cards are resource names
or fate card ids. Multi-step decisions (harvest cards, ageing choice, retreats, the whole
Althing) are separate pending sub-decisions, so every legal action can be listed.
"""

from __future__ import annotations

from settlers.core import Action


# --- phase 1: dice, harvest ------------------------------------------------------------
class Roll(Action, kind="roll"):
    pass


class PlayFate(Action, kind="play_fate"):
    """Play a fate card on its own (harvest cards, extra steps, Althing cards).
    ``target``: a hex (blight), a piece (reconciliation) or -1."""
    card: str
    target: int


class Pass(Action, kind="pass"):
    """Decline to play a fate card now."""


class AgeHex(Action, kind="age_hex"):
    """Choose which producing hex ages after a harvest."""
    hex: int


# --- phase 2: movement and exploration ----------------------------------------------------
class Move(Action, kind="move"):
    """One step of ``piece`` to ``to``; ``card`` is a movement fate card played for this step
    ("mountain_pass", "chase") or ""."""
    piece: int
    to: int
    card: str


class Explore(Action, kind="explore"):
    """Try to move ``piece`` into the unknown position ``to``; ``card``: an Exploration card
    played before the roll, or ""."""
    piece: int
    to: int
    card: str


class ChooseNumber(Action, kind="choose_number"):
    """The number token for a hex found with a "good omen" card."""
    number: int


class Retreat(Action, kind="retreat"):
    """Where a chased piece retreats to."""
    to: int


class EndMovement(Action, kind="end_movement"):
    pass


# --- phase 3: trade ----------------------------------------------------------------------
class TradeWithBank(Action, kind="trade_bank"):
    """Sell 4 (or 2 at a usable harbour) of ``give`` for one ``get``."""
    give: str
    get: str


class OfferTrade(Action, kind="offer_trade"):
    """A binding offer to ``to``: counts per resource (rules order) given and asked for."""
    to: int
    give: tuple[int, ...]
    get: tuple[int, ...]


class AnswerOffer(Action, kind="answer_offer"):
    accept: bool


# --- phase 3: building (takes effect at the end of the turn) -----------------------------------
class BuildFarm(Action, kind="build_farm"):
    piece: int
    corner: int


class BuildTown(Action, kind="build_town"):
    corner: int


class BuildSettler(Action, kind="build_settler"):
    """A settler built by the farm or town on ``corner`` on the adjacent ``hex``."""
    corner: int
    hex: int


class BuildBoat(Action, kind="build_boat"):
    """A boat built by the farm/town on ``corner`` on ``hex``; corner -1 and hex -1: on the
    outer sea hex without a settlement."""
    corner: int
    hex: int


class BuildHarbour(Action, kind="build_harbour"):
    piece: int
    resource: str


class BuildAgeing(Action, kind="build_ageing"):
    """A settler ages the number of the hex it stands on."""
    piece: int


class EndTurn(Action, kind="end_turn"):
    pass


# --- the Althing ------------------------------------------------------------------------
class ChooseStarter(Action, kind="choose_starter"):
    """The player to move names who starts the round of cases."""
    seat: int


class OpenCase(Action, kind="open_case"):
    """Take ``piece`` to court, playing ``cards`` cards of the disputed resource."""
    piece: int
    cards: int


class EndCases(Action, kind="end_cases"):
    """Open no (more) cases."""


class Bid(Action, kind="bid"):
    """Add ``cards`` cards of the disputed resource to one's side."""
    cards: int


class AskHelp(Action, kind="ask_help"):
    seat: int


class Decline(Action, kind="decline"):
    """Refuse to help a side."""


class Concede(Action, kind="concede"):
    """The side gives up the case."""


ACTION_CLASSES = (
    Roll, PlayFate, Pass, AgeHex, Move, Explore, ChooseNumber, Retreat, EndMovement,
    TradeWithBank, OfferTrade, AnswerOffer, BuildFarm, BuildTown, BuildSettler, BuildBoat,
    BuildHarbour, BuildAgeing, EndTurn, ChooseStarter, OpenCase, EndCases, Bid, AskHelp,
    Decline, Concede,
)
