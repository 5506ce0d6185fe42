"""The actions of Archipelago, as frozen dataclasses (JSON "type" = ``kind``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from settlers.core import Action


# ---------------------------------------------------------------- turn 0 and exploration
@dataclass(frozen=True, slots=True)
class PlaceRegion(Action):
    """Lay a region: ``hex`` (0-23) showing ``side`` at axial (q, r) turned ``rot`` sixths;
    ``unit`` is the unit that moves in (-1 in turn 0)."""
    kind: ClassVar[str] = "place_region"
    hex: int
    side: int
    q: int
    r: int
    rot: int
    unit: int


@dataclass(frozen=True, slots=True)
class RedrawHexes(Action):
    """Turn 0: none of my three hexes fits; discard them and draw three new (L117)."""
    kind: ClassVar[str] = "redraw_hexes"


@dataclass(frozen=True, slots=True)
class ChooseCubes(Action):
    """Discovery: the resource that goes to the domestic market, and the one I keep ('' none)."""
    kind: ClassVar[str] = "choose_cubes"
    market: str
    keep: str


@dataclass(frozen=True, slots=True)
class ChooseShores(Action):
    """Turn 0 on a strait region: the shore (0/1) of each inhabitant that lands (L725)."""
    kind: ClassVar[str] = "choose_shores"
    shores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TakeHex(Action):
    kind: ClassVar[str] = "take_hex"


@dataclass(frozen=True, slots=True)
class SkipHex(Action):
    kind: ClassVar[str] = "skip_hex"


@dataclass(frozen=True, slots=True)
class FailExplore(Action):
    kind: ClassVar[str] = "fail_explore"


# ---------------------------------------------------------------- phase 2
@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class SetOrder(Action):
    kind: ClassVar[str] = "set_order"
    order: tuple[int, ...]


# ---------------------------------------------------------------- phase 4 crises
@dataclass(frozen=True, slots=True)
class Supply(Action):
    """Give one cube to the crisis: from the market board (``own`` False) or my screen."""
    kind: ClassVar[str] = "supply"
    own: bool


@dataclass(frozen=True, slots=True)
class Raise(Action):
    kind: ClassVar[str] = "raise"
    unit: int


@dataclass(frozen=True, slots=True)
class UseChurch(Action):
    kind: ClassVar[str] = "use_church"
    region: int


@dataclass(frozen=True, slots=True)
class PassCrisis(Action):
    kind: ClassVar[str] = "pass_crisis"


@dataclass(frozen=True, slots=True)
class ExchangeToken(Action):
    """Turn an explorer token into a cube of any resource (L418)."""
    kind: ClassVar[str] = "exchange_token"
    resource: str


# ---------------------------------------------------------------- phase 5
@dataclass(frozen=True, slots=True)
class Taxes(Action):
    kind: ClassVar[str] = "taxes"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """One trade transaction: ``market`` 0 domestic (I), 1 export (II)."""
    kind: ClassVar[str] = "trade"
    market: int
    resource: str
    buy: bool


@dataclass(frozen=True, slots=True)
class Explore(Action):
    kind: ClassVar[str] = "explore"


@dataclass(frozen=True, slots=True)
class Reproduce(Action):
    kind: ClassVar[str] = "reproduce"


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    kind: ClassVar[str] = "recruit"


@dataclass(frozen=True, slots=True)
class RecruitTo(Action):
    kind: ClassVar[str] = "recruit_to"
    region: int
    shore: int = 0


@dataclass(frozen=True, slots=True)
class Migrate(Action):
    kind: ClassVar[str] = "migrate"


@dataclass(frozen=True, slots=True)
class MoveUnit(Action):
    """Migration of one unit to ``region``; ``building`` '' or the free building it enters."""
    kind: ClassVar[str] = "move_unit"
    unit: int
    region: int
    building: str


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build ``what`` (ship, town, market, port, church) in ``region``."""
    kind: ClassVar[str] = "build"
    what: str
    region: int


@dataclass(frozen=True, slots=True)
class Harvest(Action):
    kind: ClassVar[str] = "harvest"
    resource: str


@dataclass(frozen=True, slots=True)
class HarvestWith(Action):
    kind: ClassVar[str] = "harvest_with"
    unit: int


@dataclass(frozen=True, slots=True)
class UseBuilding(Action):
    """Use a market or port I control: two trades on its market for 1f (L643-671)."""
    kind: ClassVar[str] = "use_building"
    region: int
    what: str


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """Activate an evolution card (mine, or an open one of another player for a fee)."""
    kind: ClassVar[str] = "use_card"
    card: str
    arg: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BuildWonder(Action):
    kind: ClassVar[str] = "build_wonder"
    card: str
    unit: int


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current multi-step action (migration, recruitment, harvest, trades...)."""
    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class EndRound(Action):
    kind: ClassVar[str] = "end_round"


# card sub-steps
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """A choice inside a card effect (a revealed card to buy, a resource, a hand...)."""
    kind: ClassVar[str] = "pick"
    value: str


@dataclass(frozen=True, slots=True)
class ThiefHands(Action):
    kind: ClassVar[str] = "thief_hands"
    left: str
    right: str


# ---------------------------------------------------------------- phase 6
@dataclass(frozen=True, slots=True)
class BuyCard(Action):
    """Buy the card in track slot ``slot`` and turn the card in ``turn`` (-1: none left)."""
    kind: ClassVar[str] = "buy_card"
    slot: int
    turn: int


@dataclass(frozen=True, slots=True)
class TurnTwo(Action):
    kind: ClassVar[str] = "turn_two"
    first: int
    second: int


# ---------------------------------------------------------------- negotiation
@dataclass(frozen=True, slots=True)
class Propose(Action):
    kind: ClassVar[str] = "propose"
    to: int


@dataclass(frozen=True, slots=True)
class AddGive(Action):
    kind: ClassVar[str] = "add_give"
    item: str


@dataclass(frozen=True, slots=True)
class AddWant(Action):
    kind: ClassVar[str] = "add_want"
    item: str


@dataclass(frozen=True, slots=True)
class SendOffer(Action):
    kind: ClassVar[str] = "send_offer"


@dataclass(frozen=True, slots=True)
class CancelOffer(Action):
    kind: ClassVar[str] = "cancel_offer"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    kind: ClassVar[str] = "answer"
    accept: bool


@dataclass(frozen=True, slots=True)
class Gift(Action):
    kind: ClassVar[str] = "gift"
    to: int
    item: str


ACTION_CLASSES: tuple[type[Action], ...] = (
    PlaceRegion, RedrawHexes, ChooseCubes, ChooseShores, TakeHex, SkipHex, FailExplore, Bid, SetOrder,
    Supply, Raise, UseChurch, PassCrisis, ExchangeToken, Taxes, Trade, Explore, Reproduce,
    Recruit, RecruitTo, Migrate, MoveUnit, Build, Harvest, HarvestWith, UseBuilding, UseCard,
    BuildWonder, Done, EndRound, Pick, ThiefHands, BuyCard, TurnTwo, Propose, AddGive,
    AddWant, SendOffer, CancelOffer, Answer, Gift,
)
