"""Every decision of the game as a small frozen value (JSON ``type`` = ``kind``).

Grouped by almanac entry. Resource vectors (``give``/``get`` of trades) are five counts in the
order ``brick, lumber, wool, grain, ore``; single resources are named (``"ore"``).
Actions used on the hot path are cached (``ROLL``, ``BUILD_ROAD[e]``...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from settlers.core import Action

from .content import RESOURCES
from .topology import CORNERS, EDGES, HEXES


# «Фаза основания»
@dataclass(frozen=True, slots=True)
class PlaceSettlement(Action):
    kind: ClassVar[str] = "place_settlement"
    intersection: int


@dataclass(frozen=True, slots=True)
class PlaceRoad(Action):
    kind: ClassVar[str] = "place_road"
    path: int


# «Ход игры»
@dataclass(frozen=True, slots=True)
class RollDice(Action):
    kind: ClassVar[str] = "roll_dice"


@dataclass(frozen=True, slots=True)
class StartBuilding(Action):
    """End the trade phase and go on to the build phase (separate phases only)."""
    kind: ClassVar[str] = "start_building"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"


# «"7" на кубиках - ход Разбойника», «Разбойник»
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Give up one card of a pending discard (repeat until the owed count is reached)."""
    kind: ClassVar[str] = "discard"
    resource: str


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """Move the robber to ``hex`` and rob ``victim`` (a seat) or nobody (None)."""
    kind: ClassVar[str] = "move_robber"
    hex: int
    victim: int | None


# «Внутренняя торговля»
@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    kind: ClassVar[str] = "offer_trade"
    give: tuple[int, ...]
    get: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AnswerTrade(Action):
    kind: ClassVar[str] = "answer_trade"
    accept: bool


@dataclass(frozen=True, slots=True)
class CounterOffer(Action):
    """Answer an offer with other terms; ``give``/``get`` from the answerer's side."""
    kind: ClassVar[str] = "counter_offer"
    give: tuple[int, ...]
    get: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """The player to move trades with ``seat`` on that seat's answer."""
    kind: ClassVar[str] = "accept_trade"
    seat: int


@dataclass(frozen=True, slots=True)
class WithdrawTrade(Action):
    kind: ClassVar[str] = "withdraw_trade"


# «Заморская торговля»
@dataclass(frozen=True, slots=True)
class MaritimeTrade(Action):
    """Give the best rate of ``give`` (4, 3 or 2 cards) to the bank for one ``get``."""
    kind: ClassVar[str] = "maritime_trade"
    give: str
    get: str


# «Строительство»
@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    kind: ClassVar[str] = "build_road"
    path: int


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    kind: ClassVar[str] = "build_settlement"
    intersection: int


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    kind: ClassVar[str] = "build_city"
    intersection: int


@dataclass(frozen=True, slots=True)
class BuyDevelopmentCard(Action):
    kind: ClassVar[str] = "buy_development_card"


# «Карты развития», «Рыцарь», «Карты прорыва»
@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    kind: ClassVar[str] = "play_knight"


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding(Action):
    kind: ClassVar[str] = "play_road_building"


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty(Action):
    kind: ClassVar[str] = "play_year_of_plenty"
    resources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayMonopoly(Action):
    kind: ClassVar[str] = "play_monopoly"
    resource: str


ACTION_CLASSES: tuple[type[Action], ...] = (
    PlaceSettlement, PlaceRoad, RollDice, StartBuilding, EndTurn, Discard, MoveRobber,
    OfferTrade, AnswerTrade, CounterOffer, AcceptTrade, WithdrawTrade, MaritimeTrade,
    BuildRoad, BuildSettlement, BuildCity, BuyDevelopmentCard, PlayKnight, PlayRoadBuilding,
    PlayYearOfPlenty, PlayMonopoly,
)

# cached instances
ROLL = RollDice()
START_BUILDING = StartBuilding()
END_TURN = EndTurn()
BUY_DEVELOPMENT = BuyDevelopmentCard()
PLAY_KNIGHT = PlayKnight()
PLAY_ROAD_BUILDING = PlayRoadBuilding()
WITHDRAW = WithdrawTrade()
ANSWER_YES = AnswerTrade(True)
ANSWER_NO = AnswerTrade(False)
PLACE_SETTLEMENT = tuple(PlaceSettlement(c) for c in range(CORNERS))
PLACE_ROAD = tuple(PlaceRoad(e) for e in range(EDGES))
BUILD_ROAD = tuple(BuildRoad(e) for e in range(EDGES))
BUILD_SETTLEMENT = tuple(BuildSettlement(c) for c in range(CORNERS))
BUILD_CITY = tuple(BuildCity(c) for c in range(CORNERS))
DISCARD = tuple(Discard(r) for r in RESOURCES)
MONOPOLY = tuple(PlayMonopoly(r) for r in RESOURCES)
MARITIME = tuple(tuple(MaritimeTrade(g, w) for w in RESOURCES) for g in RESOURCES)
YEAR_OF_PLENTY_PAIRS = tuple((a, b) for a in range(5) for b in range(a, 5))
YEAR_OF_PLENTY = {(a, b): PlayYearOfPlenty((RESOURCES[a], RESOURCES[b]))
                  for a, b in YEAR_OF_PLENTY_PAIRS}
YEAR_OF_PLENTY_ONE = tuple(PlayYearOfPlenty((r,)) for r in RESOURCES)
MOVE_ROBBER = tuple(tuple(MoveRobber(h, v) for v in range(4)) for h in range(HEXES))
MOVE_ROBBER_ALONE = tuple(MoveRobber(h, None) for h in range(HEXES))
ACCEPT = tuple(AcceptTrade(s) for s in range(4))


def _vec(*idx: int) -> tuple[int, ...]:
    v = [0] * 5
    for i in idx:
        v[i] += 1
    return tuple(v)


def _offer_shapes() -> tuple[tuple[tuple[int, ...], tuple[int, ...], OfferTrade], ...]:
    """The domestic offers bots consider: 1 card for 1, 2 of a kind for 1, 1 for 2 of a kind,
    never the same kind on both sides (any other offer is legal too when sent explicitly)."""
    out = []
    for a in range(5):
        for b in range(5):
            if a == b:
                continue
            for g, w in (((a,), (b,)), ((a, a), (b,)), ((a,), (b, b))):
                give, get = _vec(*g), _vec(*w)
                out.append((give, get, OfferTrade(give, get)))
    return tuple(out)


OFFER_SHAPES = _offer_shapes()
