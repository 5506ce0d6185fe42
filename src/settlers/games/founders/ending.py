"""«Конец игры»: the three endings — no open prize tile left, all three stacks empty, or the
agreement that nobody can score any more (proposal, simultaneous answers, last masters) — and
the final collection of coins before the scoring (see scoring.py for the points)."""

from __future__ import annotations

from settlers.core.seats import seats_from
from settlers.games.founders.actions import AnswerEnd
from settlers.games.founders.scoring import can_still_score
from settlers.games.founders.state import FoundersState
from settlers.games.founders.tokens import has_placeable_master


def ending_after_turn(state: FoundersState) -> str | None:
    """«Игра заканчивается в конце хода игрока, если ... не осталось открытых призовых
    квадратов; ни в одной из трёх стопок не осталось квадратов»."""
    if not state.prizes:
        return "prizes"
    if not any(state.stacks):
        return "stacks"
    return None


# ---------------------------------------------------------------- the agreement
def may_propose_end(state: FoundersState, seat: int) -> bool:
    """«никто больше не может заработать победных очков»: the proposer at least must be
    unable to score (the others say so by agreeing), once per turn."""
    return not state.proposed and not can_still_score(state, seat)


def propose_end(state: FoundersState, seat: int) -> None:
    state.phase = "vote"
    state.proposed = True
    state.votes = []
    state.emit("founders.event.propose_end", seat=seat)


def voters(state: FoundersState) -> tuple[int, ...]:
    """Every other player answers the proposal, all at once."""
    return tuple(s for s in range(state.players) if s != state.current and s not in state.votes)


def answer_end(state: FoundersState, seat: int, action: AnswerEnd) -> None:
    if not action.agree:
        state.phase = "reveal"
        state.votes = []
        state.emit("founders.event.refuse_end", seat=seat)
        return
    state.votes.append(seat)
    state.emit("founders.event.agree_end", seat=seat)
    if len(state.votes) == state.players - 1:
        # «при согласии всех участников игра завершается, и начинается подсчёт очков»: no turn
        # is left, so the coins come home now («Перед подсчётом очков заберите себе все жетоны
        # монеты со своих квадратов», L189) and a tile freed of one may take a master.
        collect_coins(state)
        # «Не забывайте, что у игроков на руках могут оставаться жетоны мастеров —
        # надо дать возможность их разыграть.»
        state.final_order = seats_from(state.current, state.players)
        state.phase = "final_masters"
        _skip_players_without_masters(state)


def answer_by_the_rule(state: FoundersState, seat: int) -> AnswerEnd | None:
    """«при согласии всех участников»: the game ends by agreement when nobody can score any
    more, so a player asked agrees exactly when it cannot score itself."""
    state.check_seat(seat)
    if state.phase == "vote" and seat in voters(state):
        return AnswerEnd(not can_still_score(state, seat))
    return None


def master_placed(state: FoundersState, seat: int) -> None:
    """After the agreement: a player with no master left to place is done."""
    if not has_placeable_master(state, seat):
        next_final_master(state)


def next_final_master(state: FoundersState) -> None:
    """The player placing last masters is done; on to the next one who can place one."""
    state.final_order.pop(0)
    _skip_players_without_masters(state)


def _skip_players_without_masters(state: FoundersState) -> None:
    while state.final_order and not has_placeable_master(state, state.final_order[0]):
        state.final_order.pop(0)
    if not state.final_order:
        finish(state, "agreement")


# ---------------------------------------------------------------- the end
def collect_coins(state: FoundersState) -> None:
    """«Перед подсчётом очков заберите себе все жетоны монеты со своих квадратов» (L189)."""
    for board in state.boards:
        if board.coin:
            board.hand_coin += len(board.coin)
            board.coin.clear()


def finish(state: FoundersState, reason: str) -> None:
    collect_coins(state)
    state.phase = "over"
    state.ended_by = reason
    state.emit(f"founders.event.end_{reason}")
