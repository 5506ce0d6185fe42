"""Every decision a player of Landnám can take, as small frozen values.

Positions are board hex ids (``-1`` is the outer sea hex); corners are corner ids of the board;
``piece`` is ``seat * 10 + k`` (k 0-4: boats, 5-9: horses/settlers). Cards are resource names
or fate card ids. Multi-step decisions (harvest cards, ageing choice, retreats, the whole
Althing) are separate pending sub-decisions, so every legal action can be listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from settlers.core import Action


# --- phase 1: dice, harvest ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class PlayFate(Action):
    """Play a fate card on its own (harvest cards, extra steps, Althing cards).
    ``target``: a hex (blight), a piece (reconciliation) or -1."""
    kind: ClassVar[str] = "play_fate"
    card: str
    target: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to play a fate card now."""
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class AgeHex(Action):
    """Choose which producing hex ages after a harvest."""
    kind: ClassVar[str] = "age_hex"
    hex: int


# --- phase 2: movement and exploration ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move(Action):
    """One step of ``piece`` to ``to``; ``card`` is a movement fate card played for this step
    ("mountain_pass", "chase") or ""."""
    kind: ClassVar[str] = "move"
    piece: int
    to: int
    card: str


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """Try to move ``piece`` into the unknown position ``to``; ``card``: an Exploration card
    played before the roll, or ""."""
    kind: ClassVar[str] = "explore"
    piece: int
    to: int
    card: str


@dataclass(frozen=True, slots=True)
class ChooseNumber(Action):
    """The number token for a hex found with a "good omen" card."""
    kind: ClassVar[str] = "choose_number"
    number: int


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Where a chased piece retreats to."""
    kind: ClassVar[str] = "retreat"
    to: int


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    kind: ClassVar[str] = "end_movement"


# --- phase 3: trade ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TradeWithBank(Action):
    """Sell 4 (or 2 at a usable harbour) of ``give`` for one ``get``."""
    kind: ClassVar[str] = "trade_bank"
    give: str
    get: str


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """A binding offer to ``to``: counts per resource (rules order) given and asked for."""
    kind: ClassVar[str] = "offer_trade"
    to: int
    give: tuple[int, ...]
    get: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AnswerOffer(Action):
    kind: ClassVar[str] = "answer_offer"
    accept: bool


# --- phase 3: building (takes effect at the end of the turn) -----------------------------------
@dataclass(frozen=True, slots=True)
class BuildFarm(Action):
    kind: ClassVar[str] = "build_farm"
    piece: int
    corner: int


@dataclass(frozen=True, slots=True)
class BuildTown(Action):
    kind: ClassVar[str] = "build_town"
    corner: int


@dataclass(frozen=True, slots=True)
class BuildSettler(Action):
    """A settler built by the farm or town on ``corner`` on the adjacent ``hex``."""
    kind: ClassVar[str] = "build_settler"
    corner: int
    hex: int


@dataclass(frozen=True, slots=True)
class BuildBoat(Action):
    """A boat built by the farm/town on ``corner`` on ``hex``; corner -1 and hex -1: on the
    outer sea hex without a settlement."""
    kind: ClassVar[str] = "build_boat"
    corner: int
    hex: int


@dataclass(frozen=True, slots=True)
class BuildHarbour(Action):
    kind: ClassVar[str] = "build_harbour"
    piece: int
    resource: str


@dataclass(frozen=True, slots=True)
class BuildAgeing(Action):
    """A settler ages the number of the hex it stands on."""
    kind: ClassVar[str] = "build_ageing"
    piece: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"


# --- the Althing ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseStarter(Action):
    """The player to move names who starts the round of cases."""
    kind: ClassVar[str] = "choose_starter"
    seat: int


@dataclass(frozen=True, slots=True)
class OpenCase(Action):
    """Take ``piece`` to court, playing ``cards`` cards of the disputed resource."""
    kind: ClassVar[str] = "open_case"
    piece: int
    cards: int


@dataclass(frozen=True, slots=True)
class EndCases(Action):
    """Open no (more) cases."""
    kind: ClassVar[str] = "end_cases"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Add ``cards`` cards of the disputed resource to one's side."""
    kind: ClassVar[str] = "bid"
    cards: int


@dataclass(frozen=True, slots=True)
class AskHelp(Action):
    kind: ClassVar[str] = "ask_help"
    seat: int


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse to help a side."""
    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """The side gives up the case."""
    kind: ClassVar[str] = "concede"


ACTION_CLASSES = (
    Roll, PlayFate, Pass, AgeHex, Move, Explore, ChooseNumber, Retreat, EndMovement,
    TradeWithBank, OfferTrade, AnswerOffer, BuildFarm, BuildTown, BuildSettler, BuildBoat,
    BuildHarbour, BuildAgeing, EndTurn, ChooseStarter, OpenCase, EndCases, Bid, AskHelp,
    Decline, Concede,
)
