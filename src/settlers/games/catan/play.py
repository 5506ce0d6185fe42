"""Playing one legal action: which rule each kind of action sets in motion.

``apply`` is only ever given legal actions (the protocol checks them first). Handlers of
actions that can change the points of the player to move end with ``scoring.check_victory``
(«Окончание игры»: 10 points during one's own turn win at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.core import Action

from . import building, development, founding, robber, scoring, trade, turn
from .acting import keep_to_act
from .actions import (
    AcceptTrade,
    AnswerTrade,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CounterOffer,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlaceRoad,
    PlaceSettlement,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    StartBuilding,
    WithdrawTrade,
)
from .content import COST_CITY, COST_ROAD, COST_SETTLEMENT, RESOURCE_INDEX
from .phases import ROAD_BUILDING
from .places import corner_names, edge_names
from .state import CatanState


def apply(st: CatanState, seat: int, action: Action) -> None:
    HANDLERS[type(action)](st, seat, action)


def apply_action(st: CatanState, seat: int, action: Action, check: bool = True) -> None:
    """``GameState.apply`` with the dispatch inlined (one frame less per action): check when
    asked, play, then log the action and bump the version, exactly as the core does."""
    if check:
        keep_to_act(st)  # in case the caller set the phase or the seat to move itself
        st.check(seat, action)
    HANDLERS[type(action)](st, seat, action)
    log = st.log   # ActionLog.record, inlined as in the core (no tuple per entry)
    log._seats.append(seat)
    log._actions.append(action)
    st.version += 1


def _place_settlement(st: CatanState, p: int, a: PlaceSettlement) -> None:
    founding.found_settlement(st, a.intersection)


def _place_road(st: CatanState, p: int, a: PlaceRoad) -> None:
    founding.found_road(st, a.path)


def _start_building(st: CatanState, p: int, a: StartBuilding) -> None:
    turn.start_building(st)


def _discard(st: CatanState, p: int, a: Discard) -> None:
    robber.discard(st, p, RESOURCE_INDEX[a.resource])


def _move_robber(st: CatanState, p: int, a: MoveRobber) -> None:
    robber.move_robber(st, a.hex, a.victim)


def _offer(st: CatanState, p: int, a: OfferTrade) -> None:
    trade.offer(st, a.give, a.get)


def _answer(st: CatanState, p: int, a: AnswerTrade) -> None:
    trade.answer(st, p, ("accept",) if a.accept else ("decline",))


def _counter(st: CatanState, p: int, a: CounterOffer) -> None:
    trade.answer(st, p, ("counter", a.give, a.get))


def _accept(st: CatanState, p: int, a: AcceptTrade) -> None:
    trade.accept(st, a.seat)


def _withdraw(st: CatanState, p: int, a: WithdrawTrade) -> None:
    trade.close(st, "catan.ev.withdrawn")


def _maritime(st: CatanState, p: int, a: MaritimeTrade) -> None:
    trade.maritime(st, RESOURCE_INDEX[a.give], RESOURCE_INDEX[a.get])


def _build_road(st: CatanState, p: int, a: BuildRoad) -> None:
    if st.phase == ROAD_BUILDING:
        building.place_road(st, p, a.path)
        st.road_building_left -= 1
        if (not st.road_building_left or not st.roads_left[p]
                or not building.road_paths(st, p)):
            st.road_building_left = 0
            st.phase = st.road_building_return
            st.road_building_return = -1
    else:
        building.pay(st, p, COST_ROAD)
        building.place_road(st, p, a.path)
    if st.record_events:
        st.emit("catan.ev.road", seat=p, path=edge_names()[a.path])
    scoring.check_victory(st)


def _build_settlement(st: CatanState, p: int, a: BuildSettlement) -> None:
    _build_on_corner(st, p, a.intersection, COST_SETTLEMENT, building.place_settlement,
                     "catan.ev.settlement")


def _build_city(st: CatanState, p: int, a: BuildCity) -> None:
    _build_on_corner(st, p, a.intersection, COST_CITY, building.place_city, "catan.ev.city")


def _build_on_corner(st: CatanState, p: int, corner: int, cost: tuple[int, ...],
                     place: Callable[[CatanState, int, int], None], event: str) -> None:
    """A settlement or a city: pay its cost, put it on ``corner``, tell, check the victory."""
    building.pay(st, p, cost)
    place(st, p, corner)
    if st.record_events:
        st.emit(event, seat=p, intersection=corner_names()[corner])
    scoring.check_victory(st)


def _buy(st: CatanState, p: int, a: BuyDevelopmentCard) -> None:
    development.buy(st)
    scoring.check_victory(st)


def _knight(st: CatanState, p: int, a: PlayKnight) -> None:
    development.play_knight(st)
    scoring.check_victory(st)


def _road_building(st: CatanState, p: int, a: PlayRoadBuilding) -> None:
    development.play_road_building(st)


def _year_of_plenty(st: CatanState, p: int, a: PlayYearOfPlenty) -> None:
    development.play_year_of_plenty(st, [RESOURCE_INDEX[r] for r in a.resources])


def _monopoly(st: CatanState, p: int, a: PlayMonopoly) -> None:
    development.play_monopoly(st, RESOURCE_INDEX[a.resource])


HANDLERS: dict[type, Callable[[CatanState, int, Any], None]] = {
    PlaceSettlement: _place_settlement, PlaceRoad: _place_road, RollDice: turn.roll,
    StartBuilding: _start_building, EndTurn: turn.end_turn, Discard: _discard,
    MoveRobber: _move_robber, OfferTrade: _offer, AnswerTrade: _answer,
    CounterOffer: _counter, AcceptTrade: _accept, WithdrawTrade: _withdraw,
    MaritimeTrade: _maritime, BuildRoad: _build_road, BuildSettlement: _build_settlement,
    BuildCity: _build_city, BuyDevelopmentCard: _buy, PlayKnight: _knight,
    PlayRoadBuilding: _road_building, PlayYearOfPlenty: _year_of_plenty,
    PlayMonopoly: _monopoly,
}
