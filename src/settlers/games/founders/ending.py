"""«Конец игры»: the end by agreement (proposal, simultaneous answers, last masters) and the
final collection of coins before the scoring (see scoring.py for the points)."""

from __future__ import annotations

from typing import Any

from settlers.games.founders import tokens
from settlers.games.founders.actions import AnswerEnd


class EndSteps:
    """The end of a :class:`~settlers.games.founders.state.FoundersState` (a mixin)."""

    players: int
    emit: Any

    def _answer_end(self, seat: int, action: AnswerEnd) -> None:
        if not action.agree:
            self.phase = "reveal"
            self.votes = []
            self.emit("founders.event.refuse_end", seat=seat)
            return
        self.votes.append(seat)
        self.emit("founders.event.agree_end", seat=seat)
        if len(self.votes) == self.players - 1:
            # «Не забывайте, что у игроков на руках могут оставаться жетоны мастеров —
            # надо дать возможность их разыграть.»
            n = self.players
            self.final_order = [(self.current + i) % n for i in range(n)]
            self.phase = "final_masters"
            self._skip_players_without_masters()

    def _next_final_master(self) -> None:
        """The player placing last masters is done; on to the next one who can place one."""
        self.final_order.pop(0)
        self._skip_players_without_masters()

    def _skip_players_without_masters(self) -> None:
        while self.final_order and not tokens.has_placeable_master(self, self.final_order[0]):
            self.final_order.pop(0)
        if not self.final_order:
            self._finish("agreement")

    def _finish(self, reason: str) -> None:
        # «Перед подсчётом очков заберите себе все жетоны монеты со своих квадратов»
        for board in self.boards:
            board.hand_coin += len(board.coin)
            board.coin.clear()
        self.phase = "over"
        self.ended_by = reason
        self.emit(f"founders.event.end_{reason}")

