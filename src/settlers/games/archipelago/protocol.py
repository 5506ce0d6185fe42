"""``ArchipelagoGame``: the GameState contract, answered by the rules modules (bound by
:func:`settlers.core.dispatch.answered_by`); only the menu cache lives here."""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.core.dispatch import answered_by
from settlers.games.archipelago import flow, heuristic, hidden, memo, render, scoring, setup, view
from settlers.games.archipelago.state import ArchState

_KEEP, _KEEP_IN_PHASE, _LAYS = memo.KEEP, memo.KEEP_IN_PHASE, memo.LAYS
_PIECES, _BOARD, _APPLYING = memo.KEY, memo.BOARD, memo.APPLYING


@answered_by(flow, scoring, heuristic, hidden, render, view, _view=view.build_view, score_breakdown=scoring.categories)
class ArchipelagoGame(ArchState):
    #: the independence of the archipelago is a collective loss: nobody may win (L906)
    @property
    def collective_loss(self) -> bool:
        return self.phase == "over" and not self.winners()

    def setup(self) -> None:
        self._cache = memo.APPLYING
        setup.setup(self)
        self._cache = {}

    def legal_actions(self, seat: int) -> list[Action]:
        cache = self._cache
        key = (self.version, seat)
        cached = cache.get(key)
        if cached is None:
            if len(cache) > 2:
                version = self.version   # (memo.KEY and memo.BOARD are keyed (-1, name))
                self._cache = cache = {k: v for k, v in cache.items()
                                       if k[0] == version or k[0] == -1}
            cached = cache[key] = flow.legal(self, seat)
        return list(cached)

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(seat):
            return None
        return IllegalAction("archipelago.illegal", action=action.to_json_text(),
                             step=f"archipelago.step.{self.step or 'none'}")

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        cache = self._cache
        phase = ""   # the phase the pieces' facts are kept in, if they are kept only in it
        if kind in _KEEP:
            pieces = cache.get(_PIECES)
        elif (self.step, kind) in _KEEP_IN_PHASE:
            pieces = cache.get(_PIECES)
            phase = self.phase
        else:
            pieces = None
        board = cache.get(_BOARD) if kind != _LAYS else None
        self._cache = _APPLYING
        try:
            flow.apply(self, seat, action)
        finally:
            if phase and self.phase != phase:
                pieces = None
            kept = {} if pieces is None else {_PIECES: pieces}
            if board is not None:
                kept[_BOARD] = board
            self._cache = kept

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def public_scores(self) -> list[float] | None:
        return None
