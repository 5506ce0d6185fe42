"""Every decision of the game as a small frozen value (JSON ``type`` = ``kind``).

Grouped by almanac entry. Resource vectors (``give``/``get`` of trades) are five counts in the
order ``brick, lumber, wool, grain, ore``; single resources are named (``"ore"``).
Actions used on the hot path are cached (``ROLL``, ``BUILD_ROAD[e]``...).
"""

from __future__ import annotations

from settlers.core import Action

from .content import RESOURCES
from .topology import CORNERS, EDGES, HEXES


# «Фаза основания»
class PlaceSettlement(Action, kind="place_settlement"):
    intersection: int


class PlaceRoad(Action, kind="place_road"):
    path: int


# «Ход игры»
class RollDice(Action, kind="roll_dice"):
    pass


class StartBuilding(Action, kind="start_building"):
    """End the trade phase and go on to the build phase (separate phases only)."""


class EndTurn(Action, kind="end_turn"):
    pass


# «"7" на кубиках - ход Разбойника», «Разбойник»
class Discard(Action, kind="discard"):
    """Give up one card of a pending discard (repeat until the owed count is reached)."""
    resource: str


class MoveRobber(Action, kind="move_robber"):
    """Move the robber to ``hex`` and rob ``victim`` (a seat) or nobody (None)."""
    hex: int
    victim: int | None


# «Внутренняя торговля»
class OfferTrade(Action, kind="offer_trade"):
    give: tuple[int, ...]
    get: tuple[int, ...]


class AnswerTrade(Action, kind="answer_trade"):
    accept: bool


class CounterOffer(Action, kind="counter_offer"):
    """Answer an offer with other terms; ``give``/``get`` from the answerer's side."""
    give: tuple[int, ...]
    get: tuple[int, ...]


class AcceptTrade(Action, kind="accept_trade"):
    """The player to move trades with ``seat`` on that seat's answer."""
    seat: int


class WithdrawTrade(Action, kind="withdraw_trade"):
    pass


# «Заморская торговля»
class MaritimeTrade(Action, kind="maritime_trade"):
    """Give the best rate of ``give`` (4, 3 or 2 cards) to the bank for one ``get``."""
    give: str
    get: str


# «Строительство»
class BuildRoad(Action, kind="build_road"):
    path: int


class BuildSettlement(Action, kind="build_settlement"):
    intersection: int


class BuildCity(Action, kind="build_city"):
    intersection: int


class BuyDevelopmentCard(Action, kind="buy_development_card"):
    pass


# «Карты развития», «Рыцарь», «Карты прорыва»
class PlayKnight(Action, kind="play_knight"):
    pass


class PlayRoadBuilding(Action, kind="play_road_building"):
    pass


class PlayYearOfPlenty(Action, kind="play_year_of_plenty"):
    resources: tuple[str, ...]


class PlayMonopoly(Action, kind="play_monopoly"):
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
