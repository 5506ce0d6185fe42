"""«Ход игры»: who acts in each phase, what they may do, and carrying it out — 1. reveal a tile,
2. play at most one token, 3. attach one open tile (or draw the top nature tile when none
fits) — then the end of the turn: coins come home and the turn passes to the left.

The steps themselves live in revealing.py, tokens.py and attaching.py; set-up in setup.py; the
end of the game in ending.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.core import Action
from settlers.core.interned import Interned
from settlers.core.seats import next_seat
from settlers.games.founders.actions import (
    STACKS,
    AnswerEnd,
    Attach,
    ChooseTile,
    DraftPick,
    DrawNature,
    EndTurn,
    FinishMasters,
    ProposeEnd,
    Reveal,
)
from settlers.games.founders.attaching import attach_chosen, choosable, place_cells
from settlers.games.founders.board import xy_of
from settlers.games.founders.content import NATURE
from settlers.games.founders.ending import (
    answer_end,
    ending_after_turn,
    finish,
    master_placed,
    may_propose_end,
    next_final_master,
    propose_end,
    voters,
)
from settlers.games.founders.revealing import reveal
from settlers.games.founders.setup import draft_pick, found_choices, found_state
from settlers.games.founders.state import FoundersState
from settlers.games.founders.tokens import master_actions, play_token, token_actions

_attach_at = Interned(lambda cell: Attach(*xy_of(cell)))  # cell -> attaching there
_choose = Interned(ChooseTile)  # tile -> choosing it
_draft = Interned(DraftPick)  # tile -> taking it in the draft
_reveal = {s: Reveal(s) for s in STACKS}
_DRAW = DrawNature()
_END = EndTurn()
_PROPOSE = ProposeEnd()
_YES, _NO = AnswerEnd(True), AnswerEnd(False)
_FINISH = FinishMasters()
TOKEN_KINDS = frozenset(("play_war", "play_coin", "play_cart", "play_master"))


# ================================================================ who acts
_ON_TURN = frozenset(("reveal", "main", "place"))  # phases where only the current seat acts
_ONE_SEAT = tuple((seat,) for seat in range(16))  # (seat,) made once


def to_act(state: FoundersState) -> tuple[int, ...]:
    phase = state.phase
    if phase in _ON_TURN:
        return _ONE_SEAT[state.current]
    if phase == "draft":
        return (state.draft_order[0],)
    if phase == "found":
        return (state.found_order[0],)
    if phase == "vote":
        return voters(state)
    if phase == "final_masters":
        return (state.final_order[0],)
    return ()


# ================================================================ legal actions


def legal_actions(state: FoundersState, seat: int) -> list[Action]:
    if type(seat) is not int:   # (0.0 and True would find the menus of seats 0 and 1)
        return state.no_actions(seat)
    cache = state._cache
    cached = cache.get(seat)  # the menus are kept under the seat (other entries: not ints)
    if cached is None:
        if not 0 <= seat < state.players:
            state.check_seat(seat)   # (-1, 99: no seat of the table: refused there)
        if state.phase in _ON_TURN:
            acts = seat == state.current
        else:
            acts = seat in to_act(state)
        cached = cache[seat] = _legal(state, seat) if acts else []
    # the kept menu itself, not a copy (as Archipelago's: no caller of the contract changes
    # the list it is handed — core/state.py; every list kept here is this position's own,
    # built by ``_legal``, never a table shared by every game)
    return cached


# the Reveal actions of the stacks still holding tiles, by which of the three are empty
# (tuples: shared by every game, copied into each position's menu)
_REVEALS = {(a, b, c): tuple([_reveal[s] for s, empty in zip(STACKS, (a, b, c), strict=True)
                              if not empty])
            for a in (False, True) for b in (False, True) for c in (False, True)}


def _legal(state: FoundersState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == "main":
        board = state.boards[seat]
        if state.token_played or not (board.hand_war or board.hand_coin or board.hand_cart
                                      or board.hand_masters):
            out = []
        else:
            out = token_actions(state, seat)
        tiles, normal = choosable(state)
        # «вы должны присоединить ... один из открытых квадратов, если это возможно»;
        # replacing is allowed, never forced
        out += map(_choose.__getitem__, tiles)
        if not normal:
            # «Если вы не можете добавить ... ни один из открытых квадратов, откройте
            # верхний квадрат из зелёной стопки ... Если же зелёная стопка исчерпана,
            # завершите ход без добавления нового квадрата»
            out.append(_DRAW if state.stacks[NATURE] else _END)
        return out
    if phase == "place":
        return list(map(_attach_at.__getitem__, place_cells(state)))
    if phase == "reveal":
        # stacks_to_reveal(state), by table
        s = state.stacks
        out = list(_REVEALS[not s[0], not s[1], not s[2]])
        if may_propose_end(state, seat):
            out.append(_PROPOSE)
        return out
    if phase == "draft":
        return list(map(_draft.__getitem__, state.draft_pool))
    if phase == "found":
        return list(found_choices(state, seat))
    if phase == "vote":
        return [_YES, _NO]
    if phase == "final_masters":
        return [*master_actions(state, seat), _FINISH]
    return []


# ================================================================ applying
def apply_action(state: FoundersState, seat: int, action: Action) -> None:
    """Carry out a legal action."""
    state._cache = {}
    _STEPS[action.kind](state, seat, action)


def _token(state: FoundersState, seat: int, action: Action) -> None:
    play_token(state, seat, action)
    if state.phase == "final_masters":
        master_placed(state, seat)


def _choose_tile(state: FoundersState, seat: int, action: ChooseTile) -> None:
    state.chosen = action.tile
    state.chosen_drawn = False
    state.phase = "place"


def _draw_nature(state: FoundersState, seat: int, action: Action) -> None:
    # «откройте верхний квадрат из зелёной стопки и присоедините его»
    state.chosen = state.stacks[NATURE].pop()
    state.chosen_drawn = True
    state.phase = "place"
    if state.record_events:
        state.emit("founders.event.draw_nature", seat=seat, tile=state.ts.tile_key(state.chosen))


def _attach(state: FoundersState, seat: int, action: Attach) -> None:
    attach_chosen(state, seat, action)
    end_turn(state)


def _end_turn(state: FoundersState, seat: int, action: Action) -> None:
    state.emit("founders.event.nothing_to_attach", seat=seat)
    end_turn(state)


def _propose_end(state: FoundersState, seat: int, action: Action) -> None:
    propose_end(state, seat)


def _finish_masters(state: FoundersState, seat: int, action: Action) -> None:
    next_final_master(state)


# action kind -> what carrying it out does
_STEPS: dict[str, Callable[[FoundersState, int, Any], None]] = {
    "draft_pick": draft_pick,
    "found_state": found_state,
    "reveal": reveal,
    **{kind: _token for kind in TOKEN_KINDS},
    "choose_tile": _choose_tile,
    "draw_nature": _draw_nature,
    "attach": _attach,
    "end_turn": _end_turn,
    "propose_end": _propose_end,
    "answer_end": answer_end,
    "finish_masters": _finish_masters,
}


# ================================================================ the end of a turn
def end_turn(state: FoundersState) -> None:
    """«Присоединив квадрат ..., вы завершаете свой ход. Заберите со своих квадратов жетоны
    монет, если они там были, и передайте ход соседу слева»."""
    board = state.boards[state.current]
    if board.coin:
        # «В конце своего хода ... заберите себе все жетоны монеты ... на ваших квадратах»
        board.hand_coin += len(board.coin)
        board.coin.clear()
    state.borrowed = None
    state.chosen = None
    state.chosen_drawn = False
    state.token_played = False
    state.proposed = False
    reason = ending_after_turn(state)
    if reason is not None:
        finish(state, reason)
    else:
        state.current = next_seat(state.current, state.players)
        state.phase = "reveal"
