"""«Ход игры»: who acts in each phase, what they may do, and carrying it out — 1. reveal a tile,
2. play at most one token, 3. attach one open tile (or draw the top nature tile when none
fits) — then the end of the turn: coins come home and the turn passes to the left.

The steps themselves live in revealing.py, tokens.py and attaching.py; set-up in setup.py; the
end of the game in ending.py.
"""

from __future__ import annotations

from functools import cache, lru_cache

from settlers.core import Action
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
from settlers.games.founders.attaching import attach_chosen, chosen_cells, fitting, open_tiles
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
from settlers.games.founders.revealing import reveal, stacks_to_reveal
from settlers.games.founders.setup import draft_pick, found_choices, found_state
from settlers.games.founders.state import FoundersState
from settlers.games.founders.tokens import master_actions, play_token, token_actions


@cache
def _attach_at(cell: int) -> Attach:
    """The (shared, immutable) action attaching on ``cell``."""
    return Attach(*xy_of(cell))


_choose = lru_cache(maxsize=None)(ChooseTile)
_reveal = {s: Reveal(s) for s in STACKS}
_DRAW = DrawNature()
_END = EndTurn()
_PROPOSE = ProposeEnd()
_YES, _NO = AnswerEnd(True), AnswerEnd(False)
_FINISH = FinishMasters()
TOKEN_KINDS = frozenset(("play_war", "play_coin", "play_cart", "play_master"))


# ================================================================ who acts
def to_act(state: FoundersState) -> tuple[int, ...]:
    phase = state.phase
    if phase in ("reveal", "main", "place"):
        return (state.current,)
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
    key = ("legal", seat)
    cached = state._cache.get(key)
    if cached is None:
        cached = _legal(state, seat) if seat in to_act(state) else []
        state._cache[key] = cached
    return list(cached)


def _legal(state: FoundersState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == "draft":
        return [DraftPick(t) for t in state.draft_pool]
    if phase == "found":
        return list(found_choices(state, seat))
    if phase == "reveal":
        out: list[Action] = [_reveal[s] for s in stacks_to_reveal(state)]
        if may_propose_end(state, seat):
            out.append(_PROPOSE)
        return out
    if phase == "vote":
        return [_YES, _NO]
    if phase == "main":
        out = [] if state.token_played else token_actions(state, seat)
        normal, replace = fitting(state)
        tiles = open_tiles(state)
        if normal:
            # «вы должны присоединить ... один из открытых квадратов, если это возможно»;
            # replacing is allowed, never forced
            out += [_choose(t) for t in tiles if t in normal or t in replace]
        else:
            # «Если вы не можете добавить ... ни один из открытых квадратов, откройте
            # верхний квадрат из зелёной стопки ... Если же зелёная стопка исчерпана,
            # завершите ход без добавления нового квадрата»
            out += [_choose(t) for t in tiles if t in replace]
            out.append(_DRAW if state.stacks[NATURE] else _END)
        return out
    if phase == "place":
        return [_attach_at(c) for c in chosen_cells(state)]
    if phase == "final_masters":
        return [*master_actions(state, seat), _FINISH]
    return []


# ================================================================ applying
def apply_action(state: FoundersState, seat: int, action: Action) -> None:
    """Carry out a legal action."""
    kind = action.kind
    state._cache = {}
    if kind == "draft_pick":
        draft_pick(state, seat, action)  # type: ignore[arg-type]
    elif kind == "found_state":
        found_state(state, seat, action)  # type: ignore[arg-type]
    elif kind == "reveal":
        reveal(state, seat, action)  # type: ignore[arg-type]
    elif kind in TOKEN_KINDS:
        play_token(state, seat, action)
        if state.phase == "final_masters":
            master_placed(state, seat)
    elif kind == "choose_tile":
        state.chosen = action.tile  # type: ignore[attr-defined]
        state.chosen_drawn = False
        state.phase = "place"
    elif kind == "draw_nature":
        # «откройте верхний квадрат из зелёной стопки и присоедините его»
        state.chosen = state.stacks[NATURE].pop()
        state.chosen_drawn = True
        state.phase = "place"
        state.emit("founders.event.draw_nature", seat=seat,
                   tile=state.ts.tile_key(state.chosen))
    elif kind == "attach":
        attach_chosen(state, seat, action)  # type: ignore[arg-type]
        end_turn(state)
    elif kind == "end_turn":
        state.emit("founders.event.nothing_to_attach", seat=seat)
        end_turn(state)
    elif kind == "propose_end":
        propose_end(state, seat)
    elif kind == "answer_end":
        answer_end(state, seat, action)  # type: ignore[arg-type]
    elif kind == "finish_masters":
        next_final_master(state)


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
