"""Why an action is refused: a message that names the rule, for every kind of action (asked
only for an action that is not among the legal ones)."""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.games.founders import actions as A
from settlers.games.founders.attaching import fitting, open_tiles
from settlers.games.founders.board import cell_of, in_range
from settlers.games.founders.content import NATURE
from settlers.games.founders.state import FoundersState


def why_illegal(state: FoundersState, seat: int, action: Action) -> IllegalAction:
    phase = state.phase
    expected = {
        A.DraftPick: ("draft",), A.FoundState: ("found",), A.Reveal: ("reveal",),
        A.ProposeEnd: ("reveal",), A.AnswerEnd: ("vote",), A.ChooseTile: ("main",),
        A.DrawNature: ("main",), A.EndTurn: ("main",), A.Attach: ("place",),
        A.PlayWar: ("main",), A.PlayCoin: ("main",), A.PlayCart: ("main",),
        A.PlayMaster: ("main", "final_masters"), A.FinishMasters: ("final_masters",),
    }[type(action)]
    if phase not in expected:
        return IllegalAction("founders.illegal.wrong_phase", action=f"founders.kind.{action.kind}",
                             phase=f"founders.phase.{phase}")
    board = state.boards[seat]
    if isinstance(action, A.DraftPick):
        return IllegalAction("founders.illegal.not_in_draft", tile=action.tile)
    if isinstance(action, A.FoundState):
        return IllegalAction("founders.illegal.found_tiles", tiles=str(state.founding[seat]))
    if isinstance(action, A.Reveal):
        if action.stack not in A.STACKS:
            return IllegalAction("founders.illegal.unknown_stack", stack=action.stack,
                                 known=", ".join(A.STACKS))
        return IllegalAction("founders.illegal.stack_empty",
                             stack=f"founders.stack.{action.stack}")
    if isinstance(action, A.ProposeEnd):
        if state.proposed:
            return IllegalAction("founders.illegal.already_proposed")
        return IllegalAction("founders.illegal.you_can_still_score")
    if isinstance(action, A.PlayWar | A.PlayCoin | A.PlayCart | A.PlayMaster):
        if phase == "main" and state.token_played:
            return IllegalAction("founders.illegal.one_token_per_turn")
        have = {A.PlayWar: board.hand_war, A.PlayCoin: board.hand_coin,
                A.PlayCart: board.hand_cart}.get(type(action))
        if isinstance(action, A.PlayMaster):
            ids = [state.ts.masters[m].id for m in board.hand_masters]
            have = int(action.master in ids)
        if not have:
            return IllegalAction("founders.illegal.no_such_token",
                                 token=f"founders.token.{action.kind[5:]}")
        key = {A.PlayWar: "war_target", A.PlayCoin: "coin_target", A.PlayCart: "cart_corner",
               A.PlayMaster: "master_tile"}[type(action)]
        return IllegalAction(f"founders.illegal.{key}", x=getattr(action, "x", 0),
                             y=getattr(action, "y", 0))
    if isinstance(action, A.ChooseTile):
        if action.tile not in open_tiles(state):
            return IllegalAction("founders.illegal.tile_not_open", tile=action.tile)
        return IllegalAction("founders.illegal.tile_does_not_fit",
                             tile=state.ts.tile_key(action.tile))
    if isinstance(action, A.DrawNature | A.EndTurn):
        if fitting(state)[0]:
            return IllegalAction("founders.illegal.must_attach")
        return IllegalAction("founders.illegal.nature_stack",
                             empty="founders.word.no" if state.stacks[NATURE] else "founders.word.yes")
    if isinstance(action, A.Attach):
        if not in_range(action.x, action.y):
            return IllegalAction("founders.illegal.off_table", x=action.x, y=action.y)
        cell = cell_of(action.x, action.y)
        board = state.boards[state.current]
        if cell not in board.cells and cell not in board.frontier():
            return IllegalAction("founders.illegal.not_adjacent", x=action.x, y=action.y)
        assert state.chosen is not None
        return IllegalAction("founders.illegal.needs_not_met", x=action.x, y=action.y,
                             tile=state.ts.tile_key(state.chosen))
    return IllegalAction("founders.illegal.not_now")
