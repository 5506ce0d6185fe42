"""``ArchipelagoGame``: the GameState contract, answered by the rules modules (bound by
:func:`settlers.core.dispatch.answered_by`); only the menu cache lives here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.core import Action, IllegalAction
from settlers.core.actionlog import ActionLog
from settlers.core.dispatch import answered_by
from settlers.core.i18n import LANGUAGES
from settlers.games.archipelago import (
    decision,
    flow,
    harvest,
    heuristic,
    hidden,
    memo,
    negotiation,
    render,
    scoring,
    setup,
    start_ring,
    view,
)
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import ACTION_CLASSES
from settlers.games.archipelago.board import grown_frontier, links_kept
from settlers.games.archipelago.state import ArchState

_KEEP, _KEEP_IN_PHASE, _LAYS = memo.KEEP, memo.KEEP_IN_PHASE, memo.LAYS
_PIECES, _BOARD, _APPLYING = memo.KEY, memo.BOARD, memo.APPLYING
_MOVES_OWN_UNITS, _after_own_move = memo.MOVES_OWN_UNITS, memo.after_own_move
_HARVEST = memo.HARVEST
_MOVES_ONE_UNIT, _without_cards = memo.MOVES_ONE_UNIT, memo.without_cards
U_BUILDING, U_ICON = U.BUILDING, U.ICON
_OFFER_BACK = memo.OFFER_BACK
_CARD_USE, _CARD_EFFECTS_KEEPING = memo.CARD_USE, memo.CARD_EFFECTS_KEEPING
_LEGAL_OF_STEP = flow.LEGAL_OF_STEP
_keep_to_act, _to_act, _MANY_ACT = flow.keep_to_act, flow.to_act, flow.MANY_ACT
_ONE_SEAT = flow.ONE_SEAT
_AT_ANY_STEP = flow.AT_ANY_STEP
_OPENING_KINDS = ("propose", "gift")
#: per kind of action, what ``apply`` keeps of the memo: the pieces' facts always, or in the
#: phase for the (step, kind) pairs of memo.KEEP_IN_PHASE; the proposer's menu when an offer
#: opens, for when it closes; the frontier, grown, when a region is laid. A kind not listed
#: keeps the layout's facts alone.
_ALWAYS, _IN_PHASE, _OPENS, _CLOSES, _LAYS_REGION = 1, 2, 4, 8, 16
_KEEPS: dict[str, int] = {cls.kind: 0 for cls in ACTION_CLASSES}   # (0: the layout alone)
for _kind in _KEEP:
    _KEEPS[_kind] = _ALWAYS
for _step, _kind in _KEEP_IN_PHASE:
    _KEEPS[_kind] = _KEEPS.get(_kind, 0) | _IN_PHASE
#: per kind of memo.KEEP_IN_PHASE, the steps in which it keeps the pieces' facts in its phase
_STEPS_KEEPING: dict[str, frozenset[str]] = {
    kind: frozenset(step for step, of_kind in _KEEP_IN_PHASE if of_kind == kind)
    for _step, kind in _KEEP_IN_PHASE}
_KEEPS["propose"] |= _OPENS
_KEEPS["cancel_offer"] |= _CLOSES
_KEEPS["answer"] |= _CLOSES
_KEEPS[_LAYS] = _KEEPS.get(_LAYS, 0) | _LAYS_REGION
#: a crisis's own actions: they move no piece but the inhabitant raised (memo.IN_CRISIS)
_IN_CRISIS = 32
for _kind in memo.IN_CRISIS:
    _KEEPS[_kind] = _KEEPS.get(_kind, 0) | _IN_CRISIS
_CRISIS_STEPS = ("domestic", "export")
_apply_in_step = flow.apply_in_step
_moves_card, _CARD = negotiation.moves_card, negotiation.CARD
_card_holders = negotiation.card_holders
#: (the kinds ``apply`` applies with ``flow.apply_in_step``, not ``flow.apply``: every kind of
#: AT_ANY_STEP keeps the pieces' facts always, never only in its phase)
assert all(_KEEPS[kind] & _ALWAYS for kind in _AT_ANY_STEP)
#: what ``propose`` keeps (the pieces' facts, and the proposer's menu for when the offer closes):
#: ``apply`` carries it out without ``_apply_keeping``
_PROPOSES = _KEEPS["propose"]
assert _PROPOSES == _ALWAYS | _OPENS and _AT_ANY_STEP.get("propose") is not None
assert [kind for kind, keeps in _KEEPS.items() if keeps == _PROPOSES] == ["propose"]
#: the kinds that ``apply`` carries out inline, without ``_apply_keeping``: a crisis's own
#: (the pieces' facts kept while it lasts; in its step, moving no unit of its own) and the close
#: of an offer (the pieces' facts always, the proposer's menu back; moving no unit of its own)
_CLOSES_OFFER = _ALWAYS | _CLOSES
assert all(_AT_ANY_STEP.get(kind) is None and kind not in _MOVES_OWN_UNITS
           for kind, keeps in _KEEPS.items() if keeps == _IN_CRISIS)
assert sorted(kind for kind, keeps in _KEEPS.items() if keeps == _CLOSES_OFFER) == [
    "answer", "cancel_offer"]
assert not {"answer", "cancel_offer"} & _MOVES_OWN_UNITS
#: per kind: what it keeps (``_KEEPS``) and how it is applied at any step (flow.AT_ANY_STEP),
#: None: in its step (flow.apply_in_step) — one look-up per action
_HOW = {kind: (keeps, _AT_ANY_STEP.get(kind)) for kind, keeps in _KEEPS.items()}


def _with_offer_back(pieces: dict, cache: dict, seat: int, actor: int) -> dict:
    """The pieces' facts with the proposer's menu kept beside them while an offer is open
    (the menu ``seat`` had, if it is the actor's), or without a menu kept before."""
    menu = cache.get(seat)
    if menu is not None and seat == actor:
        pieces[_OFFER_BACK] = (seat, menu)
    else:
        pieces.pop(_OFFER_BACK, None)
    return pieces


@answered_by(flow, scoring, heuristic, hidden, render, view, _view=view.build_view, score_breakdown=scoring.categories)
class ArchipelagoGame(ArchState):
    # ``to_act`` and ``over`` are plain attributes of each state, kept by ``apply`` and
    # ``setup`` (flow.keep_to_act); these class values only stand for them before the set-up
    to_act: tuple[int, ...] = ()
    over: bool = False

    #: the independence of the archipelago is a collective loss: nobody may win (L906)
    @property
    def collective_loss(self) -> bool:
        return self.phase == "over" and not self.winners()

    def decision_words(self, seat: int, lang: str) -> str:
        """What ``seat`` (to act) is deciding now, in words, for the terminal's prompt: a
        display aid, no part of the rules."""
        return decision.decision_words(self, seat, lang)

    def menu_group(self, action: Action, lang: str) -> tuple[str, str, str] | None:
        """A region to lay picked by its hex first, then its place and turn (the terminal's
        long menus: a display aid, no part of the rules)."""
        return render.menu_group(self, action, lang)

    def outcome_text(self, lang: str) -> str:
        """How the game ended: the colony fell (all lost, or the Separatist won alone) or all
        won with a main winner (L900-910, L980)."""
        return render.outcome_text(self, lang) if self.phase == "over" else ""

    def setup(self) -> None:
        self._cache = memo.APPLYING
        setup.setup(self)
        self._cache = {}
        _keep_to_act(self)

    def determinize(self, seat: int, seed: int) -> ArchipelagoGame:
        world = super().determinize(seat, seed)
        _keep_to_act(world)   # (what it owes is public: the same, unless a redraw tells otherwise)
        return world

    def apply(self, seat: int, action: Action, check: bool = True) -> None:
        """``GameState.apply`` with the rules step (``_apply``) inline — one Python call less per
        action — and then the seats to act and whether the game is over kept (flow.keep_to_act,
        inlined); before an action is checked they are read afresh, for callers that set the
        step, the actor or the phase themselves."""
        if check:
            _keep_to_act(self)
            self.check(seat, action)
        kind = action.kind
        cache = self._cache
        keeps, at_any_step = _HOW[kind]   # what of the memo (memo.py) this kind keeps
        board = cache.get(_BOARD)
        if not keeps:   # pieces may move: the layout's facts alone stay
            # (some facts stay when only the actor's units move: memo.MOVES_OWN_UNITS)
            if kind in _MOVES_OWN_UNITS:
                stays = (None if kind == _HARVEST and self.units[action.unit][U_BUILDING]  # type: ignore[attr-defined]
                         # (a harvester leaving a building: who controls what moves)
                         else _after_own_move(cache.get(_PIECES), seat, kind,
                                              self._outside(kind, action), len(self.permits)))
            elif kind == _CARD_USE:   # a card whose effect moves no piece: every fact but the
                # cards' stays (memo.CARD_EFFECTS_KEEPING)
                stays = (_without_cards(cache.get(_PIECES), self.players)
                         if self._card_effect(action) in _CARD_EFFECTS_KEEPING else None)
            else:
                stays = None
            phase = self.phase
            self._cache = _APPLYING
            try:
                _apply_in_step(self, seat, action)   # (flow.apply: not one of AT_ANY_STEP)
            finally:
                kept = {} if board is None else {_BOARD: board}
                if stays is not None and self.phase == phase:
                    if kind == _HARVEST:
                        harvest.carry_over(self, stays, action.unit)  # type: ignore[attr-defined]
                    kept[_PIECES] = stays
                self._cache = kept
        elif keeps == _ALWAYS:   # no piece moves: the pieces' facts stay too
            pieces = cache.get(_PIECES)
            if kind == "gift" and action.item.startswith(_CARD):  # type: ignore[attr-defined]
                # (negotiation.moves_card: an evolution card handed over): what reads the
                # cards, afresh — of the giver and the taker alone when no other seat may use
                # the card (negotiation.card_holders)
                pieces = _without_cards(pieces, self.players, _card_holders(
                    self, seat, action.to, action.item))  # type: ignore[attr-defined]
            self._cache = _APPLYING
            try:
                if at_any_step is not None:
                    at_any_step(self, seat, action)
                else:
                    _apply_in_step(self, seat, action)
            finally:
                kept = {} if board is None else {_BOARD: board}
                if pieces is not None:
                    kept[_PIECES] = pieces
                self._cache = kept
        elif keeps == _IN_PHASE:   # a step started or ended, a round passed, a bid
            pieces = cache.get(_PIECES) if self.step in _STEPS_KEEPING[kind] else None
            phase = self.phase
            self._cache = _APPLYING
            try:
                _apply_in_step(self, seat, action)   # (flow.apply: not one of AT_ANY_STEP)
            finally:
                kept = {} if board is None else {_BOARD: board}
                if pieces is not None and self.phase == phase:
                    kept[_PIECES] = pieces
                self._cache = kept
        elif keeps == _PROPOSES:   # an offer opens (``_apply_keeping``'s part for it, inline):
            pieces = cache.get(_PIECES)   # the pieces' facts stay, with the proposer's menu
            pieces = _with_offer_back({} if pieces is None else pieces, cache, seat,
                                      self.actor)
            self._cache = _APPLYING
            try:
                if at_any_step is not None:   # (flow's, at any step)
                    at_any_step(self, seat, action)
                else:
                    _apply_in_step(self, seat, action)
            finally:
                kept = {_PIECES: pieces}
                if board is not None:
                    kept[_BOARD] = board
                self._cache = kept
        elif keeps == _IN_CRISIS:   # a crisis's own action (``_apply_keeping``'s part, inline):
            crisis = pieces = None     # the pieces' facts stay while the crisis lasts
            if self.step in _CRISIS_STEPS:
                crisis = self.ctx
                pieces = cache.get(_PIECES)
                if pieces is not None and kind == "raise":   # only who lies down is known still
                    down = pieces.get("lying")
                    unit = action.unit  # type: ignore[attr-defined]
                    pieces = None if down is None else {"lying": [u for u in down if u != unit]}
            self._cache = _APPLYING
            try:
                _apply_in_step(self, seat, action)   # (none of AT_ANY_STEP)
            finally:
                kept = {} if board is None else {_BOARD: board}
                if pieces is not None and self.ctx is crisis:
                    kept[_PIECES] = pieces
                self._cache = kept
        elif keeps == _CLOSES_OFFER:   # an offer closes (``_apply_keeping``'s part, inline): the
            pieces = cache.get(_PIECES)   # pieces' facts stay, the proposer's menu comes back
            back = None
            if pieces is not None:
                back = pieces.pop(_OFFER_BACK, None)
                if kind == "answer" and _moves_card(self, action):
                    pieces = _without_cards(pieces, self.players)   # (as for a gift of a card)
            self._cache = _APPLYING
            try:
                if at_any_step is not None:
                    at_any_step(self, seat, action)
                else:
                    _apply_in_step(self, seat, action)
            finally:
                kept = {} if pieces is None else {_PIECES: pieces}
                if board is not None:
                    kept[_BOARD] = board
                if back is not None and self.offer is None:
                    closed = self._closed_offer(kind, action, back)
                    if closed is not None:   # the proposer's menu in the position this
                        kept[closed[0]] = closed[1]   # action leads to
                self._cache = kept
        else:
            self._apply_keeping(seat, action, kind, keeps, at_any_step, cache, board)
        log = self.log
        try:   # ActionLog.record, inlined as in the core: two appends, no tuple per entry
            log._seats.append(seat)
        except AttributeError:   # (a log kept as a plain list)
            log.append((seat, action))  # type: ignore[attr-defined]
        else:
            log._actions.append(action)
        self.version += 1
        if self.step in _MANY_ACT:   # flow.keep_to_act (``over``: set by flow.end, which
            self.to_act = _to_act(self)   # leaves the step "")
        else:   # the actor alone
            self.to_act = _ONE_SEAT[self.actor]

    def _apply(self, seat: int, action: Action) -> None:
        """The contract's rules step alone: ``apply`` without the action's entry in the log and
        without the version counted (``apply`` carries the step out inline)."""
        log, version = self.log, self.version
        self.log = ActionLog()   # (a throwaway log)
        try:
            self.apply(seat, action, check=False)
        finally:
            self.log, self.version = log, version

    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is not int:   # (0.0 and True would find the menus of seats 0 and 1)
            return self.no_actions(seat)
        cache = self._cache   # the menus of this position by seat (``apply`` leaves no menu
        cached = cache.get(seat)   # of an earlier position behind: it replaces the cache)
        if cached is None:
            listed = _LEGAL_OF_STEP.get(self.step)   # flow.legal, without a call to it
            if listed is None or self.over:
                if not 0 <= seat < self.players:
                    self.check_seat(seat)   # (-1, 99: no seat of the table: refused)
                cached = cache[seat] = list(flow.legal(self, seat))
            elif seat == self.actor:   # (the actor alone acts: a seat of the table)
                cached = cache[seat] = listed(self, seat)
            else:
                if not 0 <= seat < self.players:
                    self.check_seat(seat)
                cached = cache[seat] = []
        # the kept menu itself, not a copy (round 16: no caller of the contract changes the
        # list it is handed — bots, search, RL, the web, the CLI and the test helpers read it or
        # build their own; a caller that would change it copies it first)
        return cached

    def rule_refusal(self, seat: int, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(seat):
            return None
        return IllegalAction("archipelago.illegal", action=self._in_words(action),
                             step=f"archipelago.step.{self.step or 'none'}")

    def _in_words(self, action: Action) -> dict[str, str]:
        """A refused action as the menus would say it, in each language (``{action!l}``); its
        JSON where it names what the game has not (a unit or a region out of range)."""
        try:
            return {lang: self.describe_action(action, lang) for lang in LANGUAGES}
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            text = action.to_json_text()
            return {lang: text for lang in LANGUAGES}

    def _apply_keeping(self, seat: int, action: Action, kind: str, keeps: int,
                       at_any_step: Callable[[ArchipelagoGame, int, Action], None] | None,
                       cache: dict[Any, Any], board: dict[str, Any] | None) -> None:
        """``apply`` for the kinds that keep the pieces' facts in their phase only, open or
        close an offer (memo.OFFER_BACK) or lay a region (memo.LAYS) (``kind``, ``keeps``
        and ``at_any_step``: ``action``'s, as ``apply`` read them)."""
        pieces = None
        phase = ""   # the phase the pieces' facts are kept in, if they are kept only in it
        if keeps & _ALWAYS:
            pieces = cache.get(_PIECES)
        elif keeps & _IN_PHASE and self.step in _STEPS_KEEPING[kind]:
            pieces = cache.get(_PIECES)
            phase = self.phase
        crisis = None   # the crisis under way, if the pieces' facts are kept while it lasts
        if keeps & _IN_CRISIS and self.step in _CRISIS_STEPS:
            crisis = self.ctx
            pieces = cache.get(_PIECES)
            if pieces is not None and kind == "raise":   # only who lies down is known still
                down = pieces.get("lying")
                unit = action.unit  # type: ignore[attr-defined]
                pieces = None if down is None else {"lying": [u for u in down if u != unit]}
        back = None
        if keeps & _OPENS:   # the proposer's menu now, kept with the pieces' facts
            pieces = _with_offer_back({} if pieces is None else pieces, cache, seat,
                                      self.actor)
        elif keeps & _CLOSES and pieces is not None:
            back = pieces.pop(_OFFER_BACK, None)
            if kind == "answer" and _moves_card(self, action):
                pieces = _without_cards(pieces, self.players)   # (as for a gift of a card)
        stays = (_after_own_move(cache.get(_PIECES), seat, kind, self._outside(kind, action),
                                 len(self.permits)) if kind in _MOVES_OWN_UNITS else None)
        phase_before = self.phase
        regions = len(self.regions)
        self._cache = _APPLYING
        try:
            if at_any_step is not None:   # (flow.apply, without a call to it)
                at_any_step(self, seat, action)
            else:
                _apply_in_step(self, seat, action)
        finally:
            if (phase and self.phase != phase) or (crisis is not None and self.ctx is not crisis):
                pieces = None
            kept: dict[Any, Any] = {} if pieces is None else {_PIECES: pieces}
            if stays is not None and pieces is None and self.phase == phase_before:
                kept[_PIECES] = stays
            if kind == _LAYS:   # the frontier is carried over, grown by the region laid
                self._grow_frontier(board, regions, kept)
            elif board is not None:
                kept[_BOARD] = board
            if back is not None and self.offer is None:
                closed = self._closed_offer(kind, action, back)
                if closed is not None:   # the proposer's menu in the position this action
                    kept[closed[0]] = closed[1]   # leads to
            self._cache = kept

    def _card_effect(self, action: Action) -> str:
        """The effect of the card ``action`` (a ``use_card``, not applied yet) uses."""
        content = self.content
        return content.cards[content.card_index(action.card)].effect  # type: ignore[attr-defined]

    def _outside(self, kind: str, action: Action) -> bool:
        """Whether ``action`` (of ``kind``, one of memo.MOVES_OWN_UNITS, not applied yet) moves
        one unit that stands in no building and on no icon into no building
        (memo.MOVES_ONE_UNIT)."""
        if kind not in _MOVES_ONE_UNIT:
            return False
        unit: int = action.unit  # type: ignore[attr-defined]
        if unit < 0:   # (turn 0: the start region's inhabitants come from the box)
            return False
        u = self.units[unit]
        return not u[U_BUILDING] and u[U_ICON] < 0 and not getattr(action, "building", "")

    def _grow_frontier(self, board: dict[str, object] | None, regions: int,
                       kept: dict[object, object]) -> None:
        """memo.BOARD after a region was laid: the frontier, grown (board.grown_frontier), the
        links of the regions it does not touch (board.links_kept), and in turn 0 the cells
        around the start hex (start_ring.grown_ring)."""
        if board is None or len(self.regions) != regions + 1:
            return
        carried = links_kept(self, board, regions)   # the links of the regions not touched
        cells = board.get("frontier")
        if cells is not None:
            grown = grown_frontier(self, cells, regions)  # type: ignore[arg-type]
            if grown is not None:
                carried["frontier"] = grown
        if carried:
            kept[_BOARD] = carried
        ring = board.get("start_ring")
        if ring is not None:
            grown_ring = start_ring.grown_ring(self, ring, regions)  # type: ignore[arg-type]
            if grown_ring is not None:
                kept.setdefault(_BOARD, {})["start_ring"] = grown_ring  # type: ignore[index]

    def _closed_offer(self, kind: str, action: Action, back: tuple[int, list[Action]]
                      ) -> tuple[int, list[Action]] | None:
        """(seat, menu): the proposer's menu after the offer kept in memo.OFFER_BACK closed
        (see there), or None."""
        if kind == "cancel_offer" or (kind == "answer" and not action.accept):  # type: ignore[attr-defined]
            seat, menu = back
            if self.actor == seat:
                if self.offers_left <= 0:
                    return seat, [a for a in menu if a.kind not in _OPENING_KINDS]
                return back
        return None

    def public_scores(self) -> list[float] | None:
        return None

    def own_score(self, seat: int) -> float | None:
        """None: a player's points are its ranks on the criteria of every objective card (L904-
        978) — the others' cards are secret, and what they rank by lies behind their screens —
        so nobody can count its own score before the end."""
        self.check_seat(seat)
        return None
