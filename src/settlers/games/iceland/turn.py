"""The turn: who acts, what is legal and what an action does, phase by phase.

"Стадия 1 Урожай / Альтинг, 2 Движение / Исследование, 3 Торговля / Строительство" — a turn:
1. roll — the harvest (``harvest.py``) or, on 7, the Althing (``althing.py``);
2. movement or exploration (``movement.py``, ``exploration.py``);
3. trade (``trade.py``) and building (``building.py``) in any order, the builds taking effect at
the end of the turn; then the end of the game is checked (``scoring.py``). "Начиная со случайно
выбранного игрока, порядок хода переходит по часовой стрелке вокруг стола, пока не будет
выполнено условие победы."
"""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.core.seats import next_seat
from settlers.core.turns import turn_limit_reached
from settlers.games.iceland import althing, building, exploration, harvest, movement, trade
from settlers.games.iceland import interned as I
from settlers.games.iceland.actions import (
    EndMovement,
    EndTurn,
    Explore,
    Move,
    OfferTrade,
    PlayFate,
    TradeWithBank,
)
from settlers.games.iceland.pieces import owner
from settlers.games.iceland.progress import no_progress
from settlers.games.iceland.scoring import ranking_winners, someone_reached_target
from settlers.games.iceland.state import (
    AGE,
    ALTHING,
    BUILD,
    CHOOSE_NUMBER,
    HARVEST_FATE,
    MOVE,
    OFFER,
    OVER,
    RETREAT,
    ROLL,
    IcelandState,
)


def to_act(s: IcelandState) -> tuple[int, ...]:
    """Who owes a decision: the Althing's deciders, the owner of a chased piece (its retreat),
    the addressee of an offer, else the player to move; nobody once the game is over."""
    phase = s.phase
    if phase == OVER:
        return ()
    if phase == ALTHING:
        return althing.to_act(s)
    if phase == RETREAT:
        return (owner(s.retreat[0]),)  # type: ignore[index]
    if phase == OFFER:
        return (s.offer[0],)  # type: ignore[index]
    return (s.current,)


def legal_actions(s: IcelandState, seat: int) -> list[Action]:
    # the seat is checked where it costs least (this runs before every action): once it is a
    # seat that acts, only its type (0.0 and True equal seats 0 and 1); where it does not act,
    # in full by GameState.no_actions
    phase = s.phase
    if phase == BUILD:  # the most frequent phase first (issue 19: speed)
        if seat != s.current or type(seat) is not int:
            return s.no_actions(seat)
        out = trade.legal_bank_trades(s, seat)
        out.extend(trade.listed_offers(s, seat))
        out.extend(building.legal_builds(s, seat))
        out.append(I.END_TURN)
        return out
    if phase == ALTHING:
        if seat not in althing.to_act(s) or type(seat) is not int:
            return s.no_actions(seat)
        return althing.legal(s, seat)
    if phase == OFFER:
        if seat != s.offer[0] or type(seat) is not int:  # type: ignore[index]
            return s.no_actions(seat)
        return trade.legal_answers(s, seat)
    if seat not in to_act(s) or type(seat) is not int:
        return s.no_actions(seat)
    if phase == MOVE:
        return movement.legal_movement(s, seat)
    if phase == ROLL:
        return [I.ROLL]
    if phase == HARVEST_FATE:
        return harvest.legal_harvest_fate(s, seat)
    if phase == AGE:
        return harvest.legal_age(s, seat)
    if phase == CHOOSE_NUMBER:
        return exploration.legal_choose_number(s, seat)
    return movement.legal_retreat(s, seat)  # RETREAT: OVER has nobody to act


def rule_refusal(s: IcelandState, seat: int, action: Action) -> IllegalAction | None:
    phase = s.phase
    if phase == BUILD and isinstance(action, OfferTrade):
        return trade.offer_problem(s, seat, action)
    if phase == BUILD and isinstance(action, building.BUILD_ACTIONS):
        key = building.build_problem(s, seat, action)
        return None if key is None else IllegalAction(key)
    if action in legal_actions(s, seat):
        return None
    if phase == BUILD and isinstance(action, TradeWithBank):
        return IllegalAction("iceland.error.bank_trade")
    if phase == MOVE and isinstance(action, Move | Explore) and \
            movement.first_step_rule(s, seat):
        return IllegalAction("iceland.error.first_move")
    return IllegalAction("iceland.error.not_now", action=f"iceland.kind.{action.kind}",
                         phase=f"iceland.phase.{phase}")


def apply(s: IcelandState, seat: int, action: Action) -> None:
    phase = s.phase
    if phase == BUILD:  # the most frequent phase first (issue 19: speed)
        _apply_build_phase(s, seat, action)
    elif phase == OFFER:
        trade.apply_answer(s, seat, action)  # type: ignore[arg-type]
    elif phase == ALTHING:
        althing.apply(s, seat, action)
    elif phase == ROLL:
        harvest.roll(s)
    elif phase == MOVE:
        if isinstance(action, Move):
            movement.apply_move(s, seat, action)
        elif isinstance(action, Explore):
            exploration.apply_explore(s, seat, action)
        elif isinstance(action, PlayFate):
            movement.apply_fair_wind(s, seat, action)
        elif isinstance(action, EndMovement):
            movement.apply_end_movement(s, seat, action)
    elif phase == HARVEST_FATE:
        harvest.apply_harvest_fate(s, seat, action)
    elif phase == AGE:
        harvest.apply_age(s, seat, action)  # type: ignore[arg-type]
    elif phase == CHOOSE_NUMBER:
        exploration.apply_choose_number(s, seat, action)  # type: ignore[arg-type]
    elif phase == RETREAT:
        movement.apply_retreat(s, seat, action)  # type: ignore[arg-type]
    else:
        _apply_build_phase(s, seat, action)


def _apply_build_phase(s: IcelandState, seat: int, action: Action) -> None:
    if isinstance(action, TradeWithBank):
        trade.apply_bank_trade(s, seat, action)
    elif isinstance(action, OfferTrade):
        trade.apply_offer(s, seat, action)
    elif isinstance(action, EndTurn):
        end_turn(s)
    else:
        building.apply_build(s, seat, action)


def finish(s: IcelandState) -> None:
    s.finished = True
    s.phase = OVER
    if s.record_events:
        s.emit("iceland.event.game_over", winners=ranking_winners(s))


def end_turn(s: IcelandState) -> None:
    """"Игра заканчивается, когда хотя бы один игрок в конце хода любого игрока достигает по
    меньшей мере двенадцати победных очков" (L80); a table that can never score again ends
    too (``progress.py``). ``turn_limit`` (an option for simulations, 0 = none) stops early."""
    building.complete_builds(s)
    s.first_turn[s.current] = False
    s.turn += 1
    if s.record_events:
        s.emit("iceland.event.turn_over", seat=s.current)
    if someone_reached_target(s) or turn_limit_reached(s.options, s.turn):
        finish(s)
        return
    if no_progress(s):
        if s.record_events:
            s.emit("iceland.event.no_progress")
        finish(s)
        return
    s.current = next_seat(s.current, s.players)
    s.dice = None
    s.reset_turn()
    s.phase = ROLL
