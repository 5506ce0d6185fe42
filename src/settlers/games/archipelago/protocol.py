"""``ArchipelagoGame``: the GameState contract, answered by the rules modules (bound by
:func:`settlers.core.dispatch.answered_by`); only the menu cache lives here."""

from __future__ import annotations

from settlers.core import Action, IllegalAction
from settlers.core.dispatch import answered_by
from settlers.games.archipelago import flow, heuristic, hidden, memo, render, scoring, setup, view
from settlers.games.archipelago.board import grown_frontier
from settlers.games.archipelago.state import ArchState

_KEEP, _KEEP_IN_PHASE, _LAYS = memo.KEEP, memo.KEEP_IN_PHASE, memo.LAYS
_PIECES, _BOARD, _APPLYING = memo.KEY, memo.BOARD, memo.APPLYING
_OFFER_BACK, _OFFER_CLOSED, _OFFER_KINDS = memo.OFFER_BACK, memo.OFFER_CLOSED, memo.OFFER_KINDS
_OPENING_KINDS = ("propose", "gift")
#: per kind of action, what ``_apply`` keeps of the memo: the pieces' facts always, or in the
#: phase for the (step, kind) pairs of memo.KEEP_IN_PHASE; an offer under way
_ALWAYS, _IN_PHASE, _OFFER = 1, 2, 4
_KEEPS: dict[str, int] = {}
for _kind in _KEEP:
    _KEEPS[_kind] = _ALWAYS
for _step, _kind in _KEEP_IN_PHASE:
    _KEEPS[_kind] = _KEEPS.get(_kind, 0) | _IN_PHASE
for _kind in _OFFER_KINDS:
    _KEEPS[_kind] = _KEEPS.get(_kind, 0) | _OFFER


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
            if len(cache) > 6:
                version = self.version   # (the memo.py entries are keyed (-1, name))
                self._cache = cache = {k: v for k, v in cache.items()
                                       if k[0] == version or k[0] == -1}
            closed = cache.get(_OFFER_CLOSED)   # right after an offer that changed nothing
            if closed is not None and closed[0] == seat:
                cached = cache[key] = closed[1]
            else:
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
        keeps = _KEEPS.get(kind, 0)   # what of the memo (memo.py) this kind of action keeps
        pieces = back = None
        phase = ""   # the phase the pieces' facts are kept in, if they are kept only in it
        if keeps:
            if keeps & _ALWAYS:
                pieces = cache.get(_PIECES)
            elif keeps & _IN_PHASE and (self.step, kind) in _KEEP_IN_PHASE:
                pieces = cache.get(_PIECES)
                phase = self.phase
            if keeps & _OFFER:
                if kind == "propose":
                    menu = cache.get((self.version, seat))
                    if menu is not None and seat == self.actor:
                        back = (seat, menu)
                else:
                    back = cache.get(_OFFER_BACK)
        board = cache.get(_BOARD) if kind != _LAYS else None
        regions = len(self.regions)
        self._cache = _APPLYING
        try:
            flow.apply(self, seat, action)
        finally:
            if phase and self.phase != phase:
                pieces = None
            kept = {} if pieces is None else {_PIECES: pieces}
            if board is not None:
                kept[_BOARD] = board
            elif kind == _LAYS:   # the frontier is carried over, grown by the region laid
                self._grow_frontier(cache.get(_BOARD), regions, kept)
            if back is not None:
                if self.offer is not None:
                    kept[_OFFER_BACK] = back
                else:
                    closed = self._closed_offer(kind, action, back)
                    if closed is not None:
                        kept[_OFFER_CLOSED] = closed
            self._cache = kept

    def _grow_frontier(self, board: dict[str, object] | None, regions: int,
                       kept: dict[object, object]) -> None:
        """memo.BOARD after a region was laid: only the frontier, grown (board.grown_frontier)."""
        cells = None if board is None else board.get("frontier")
        if cells is not None and len(self.regions) == regions + 1:
            grown = grown_frontier(self, cells, regions)  # type: ignore[arg-type]
            if grown is not None:
                kept[_BOARD] = {"frontier": grown}

    def _closed_offer(self, kind: str, action: Action, back: tuple[int, list[Action]]
                      ) -> tuple[int, list[Action]] | None:
        """memo.OFFER_CLOSED after the offer kept in memo.OFFER_BACK closed (see there)."""
        if kind == "cancel_offer" or (kind == "answer" and not action.accept):  # type: ignore[attr-defined]
            seat, menu = back
            if self.actor == seat:
                if self.offers_left <= 0:
                    return seat, [a for a in menu if a.kind not in _OPENING_KINDS]
                return back
        return None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def public_scores(self) -> list[float] | None:
        return None
