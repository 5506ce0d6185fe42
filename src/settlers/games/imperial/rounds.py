"""«ИГРОВОЙ РАУНД»: the driver that moves from phase to phase and hands each answer to the
module that asked.

«Игра длится 5 раундов, каждый из которых делится на 4 фазы: разведка, производство, действия,
очистка» (solo: a fifth phase, the virtual opponent's attack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.core import Action, IllegalAction
from settlers.games.imperial.actions import Choose, Draw, EndTurn, Pay, Pick, PlaceSamurai
from settlers.games.imperial.activation import answer_activate
from settlers.games.imperial.building import answer_build
from settlers.games.imperial.cleanup import answer_warehouse, ask_warehouses, cleanup
from settlers.games.imperial.deals import answer_deal
from settlers.games.imperial.decks import card_sources
from settlers.games.imperial.effects import answer_choice, answer_draw, answer_empire_pick
from settlers.games.imperial.exchange import answer_exchange
from settlers.games.imperial.lookout import (
    alt_actions,
    alt_pick,
    alt_to_act,
    answer_draft,
    begin_lookout,
    lookout_step,
)
from settlers.games.imperial.operations import answer_op, refresh_op
from settlers.games.imperial.production import produce_next
from settlers.games.imperial.refusals import why_illegal
from settlers.games.imperial.samurai import answer_samurai_bonus, answer_samurai_window
from settlers.games.imperial.solo import answer_solo_attack, answer_solo_draft, attack_step
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.turn import (
    DO,
    END_TURN,
    has_free_action,
    turn_actions,
)

ROUNDS = 5
# Who answers a pending question, by its kind.
ANSWERS: dict[str, Callable[[ImperialState, dict[str, Any], Any], None]] = {
    "draft": answer_draft, "solo_draft": answer_solo_draft, "build": answer_build,
    "deal": answer_deal, "exchange": answer_exchange, "activate": answer_activate,
    "op": answer_op, "draw": answer_draw, "choice": answer_choice,
    "empire_pick": answer_empire_pick, "samurai_bonus": answer_samurai_bonus,
    "solo_attack": answer_solo_attack, "warehouse": answer_warehouse,
    "samurai_window": answer_samurai_window,
}


def resolve_pending(st: ImperialState, seat: int, action: Action) -> None:
    p = st.pending[-1]
    if isinstance(action, Pick):
        value: Any = action.card
    elif isinstance(action, Draw):
        value = action.deck
    elif isinstance(action, Pay):
        value = action.gold
    elif isinstance(action, PlaceSamurai):   # the production turn's samurai (L598)
        value = action.card
    elif isinstance(action, EndTurn):
        value = None
    else:
        value = action.option  # type: ignore[attr-defined]
    ANSWERS[p["kind"]](st, p, value)


def pending_actions(st: ImperialState, p: dict[str, Any]) -> list[Action]:
    # plain loops, not comprehensions: these lists are short, and a comprehension costs a
    # function call of its own (Python 3.11)
    awaits = p["await"]
    out: list[Action] = []
    if awaits == "pick":
        for o in p["options"]:
            out.append(_PICK.get(o[0]) or _answer(_PICK, Pick, o[0]))
        return out
    if awaits == "free":   # the production turn's samurai (L598), then the end of the turn
        places = st.tables.place_samurai
        for o in p["options"]:
            out.append(END_TURN if o[0] < 0 else places[o[0]])
        return out
    if awaits == "draw":
        for d in card_sources(st, p["seat"], "any"):
            out.append(_DRAW.get(d) or _answer(_DRAW, Draw, d))
        return out
    if awaits == "pay":   # the shared answers in one pass in C; a new one made the first time
        out = list(map(_PAY.get, p["options"]))
        if not all(out):
            out = [_PAY.get(o) or _answer(_PAY, Pay, o) for o in p["options"]]
        return out
    for o in p["options"]:
        option = tuple(o)
        try:
            out.append(_CHOOSE.get(option) or _answer(_CHOOSE, Choose, option))
        except TypeError:   # an option holding a list: not a key, so not shared
            out.append(Choose(option))
    return out


# Answers are immutable values: the lists reuse one instance of each pick (a card index),
# each deck to draw from, each payment (a gold split from supply.pay_options, a tuple of
# three ints) and each option chosen (a tuple).
_PICK: dict[Any, Action] = {}
_DRAW: dict[Any, Action] = {}
_PAY: dict[Any, Action] = {}
_CHOOSE: dict[Any, Action] = {}


def _answer(cache: dict[Any, Action], make: Callable[[Any], Action], value: Any) -> Action:
    action = make(value)
    if len(cache) < 100_000:
        cache[value] = action
    return action


def start_round(st: ImperialState) -> None:
    st.round += 1
    st.emit("imperial.event.round", round=st.round)
    st.phase = "lookout"
    st.producing = 0
    begin_lookout(st)


def advance(st: ImperialState) -> None:
    """Move through the phases while nobody owes a decision."""
    while not st.finished:
        if st.pending:
            top = st.pending[-1]
            if not top.get("lazy"):
                return
            top["lazy"] = False
            refresh_op(st, top)
        elif st.phase == "actions":
            # «в любой момент своего хода» (L385, L598): after the main action the turn stays
            # while a free action applies; it ends by the player's choice or by itself
            if not st.turn_done and not (st.acted and not has_free_action(st, st.turn)):
                return
            st.turn_done = False
            st.acted = False
            # next_turn, inlined: it runs at every turn's end
            passed = st.passed
            for seat in _SEATS_AFTER[st.players][st.turn]:
                if not passed[seat]:
                    st.turn = seat
                    break
            else:
                if st.round == ROUNDS:  # «В последнем раунде эта фаза пропускается»
                    st.phase = "attack" if st.solo else "end"
                else:
                    st.phase = "cleanup"
                    ask_warehouses(st)   # «Склады»: the player chooses what is kept
        elif st.phase == "lookout":
            if not lookout_step(st):
                return
            st.phase = "production"
        elif st.phase == "alt_lookout":
            return
        elif st.phase == "production":
            if not produce_next(st):
                continue
            st.phase = "actions"
            st.passed = [False] * st.players
            st.turn = st.first
            st.turn_done = False
            st.acted = False
        elif st.phase == "cleanup":
            cleanup(st)
            st.phase = "attack" if st.solo else "next"
        elif st.phase == "attack":
            if not attack_step(st):
                return
            st.phase = "end" if st.round == ROUNDS else "next"
        elif st.phase == "next":
            start_round(st)
        elif st.phase == "end":
            st.finished = True
            st.emit("imperial.event.game_over")


def next_turn(st: ImperialState) -> bool:
    """Hand the turn clockwise to the next player who has not passed."""
    passed = st.passed
    # seats_from(next_seat(turn, n), n), from a table: it runs every turn, and late in a
    # round most seats have passed
    for seat in _SEATS_AFTER[st.players][st.turn]:
        if not passed[seat]:
            st.turn = seat
            return True
    return False


# _SEATS_AFTER[n][turn]: the seats of n players clockwise from the one after ``turn``, ``turn``
# last (the game has 1–4 players; the table goes to 8)
_SEATS_AFTER = tuple(tuple(tuple((turn + k) % n for k in range(1, n + 1)) for turn in range(n))
                     if n else () for n in range(9))


def to_act(st: ImperialState) -> tuple[int, ...]:
    if st.finished:
        return ()
    if st.pending:
        return (st.pending[-1]["seat"],)
    if st.phase == "alt_lookout":
        return alt_to_act(st)
    if st.phase == "actions":
        return (st.turn,)
    return ()


def legal_actions(st: ImperialState, seat: int) -> list[Action]:
    # to_act, inlined: it runs before every action. The seat is checked where it costs least:
    # once it is a seat that acts, only its type (0.0 and True equal seats 0 and 1); where it
    # does not act, in full by GameState.no_actions
    if st.finished:
        return st.no_actions(seat)
    pending = st.pending
    if pending:
        top = pending[-1]
        if top["seat"] != seat or type(seat) is not int:
            return st.no_actions(seat)
        return pending_actions(st, top)
    phase = st.phase
    if phase == "actions":
        if seat != st.turn or type(seat) is not int:
            return st.no_actions(seat)
        return turn_actions(st, seat)
    if phase == "alt_lookout" and seat in alt_to_act(st) and type(seat) is int:
        return alt_actions(st, seat)
    return st.no_actions(seat)


def rule_refusal(st: ImperialState, seat: int, action: Action) -> IllegalAction | None:
    if action in legal_actions(st, seat):
        return None
    return why_illegal(st, seat, action)


def apply_action(st: ImperialState, seat: int, action: Action) -> None:
    if st.pending:
        resolve_pending(st, seat, action)
    elif st.phase == "alt_lookout":
        alt_pick(st, seat, action)
    else:
        DO[action.kind](st, seat, action)   # turn.take_turn_action, inlined
    advance(st)
