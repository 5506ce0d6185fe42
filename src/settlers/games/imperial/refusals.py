"""Why an action is refused: a reason naming what is wrong (message keys in messages/).
"""

from __future__ import annotations

from dataclasses import replace

from settlers.core import Action, IllegalAction
from settlers.games.imperial import actions
from settlers.games.imperial.building import foundation_options
from settlers.games.imperial.content import RAZE, USED, WK
from settlers.games.imperial.decks import card_key
from settlers.games.imperial.razing import location_razeable, raze_cost
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import controlled
from settlers.games.imperial.turn import turn_actions

# answers to a pending question; actions naming a card in the hand
_ANSWERS = (actions.Pick, actions.Draw, actions.Pay, actions.Choose)
_FROM_HAND = (actions.Build, actions.MakeDeal, actions.RazeCard, actions.PutUnderGate)


def why_illegal(st: ImperialState, seat: int, action: Action) -> IllegalAction:
    if st.pending:
        return IllegalAction("imperial.answer_pending",
                             question=f"imperial.question.{st.pending[-1]['kind']}")
    if st.phase == "alt_lookout":
        return IllegalAction("imperial.pick_from_offer")
    if st.phase == "actions" and not isinstance(action, _ANSWERS):
        if st.acted and not isinstance(action, (*actions.FREE_ACTIONS, actions.EndTurn)):
            return IllegalAction("imperial.one_main_action")   # «выполняет 1 действие»
        if isinstance(action, actions.EndTurn) and not st.acted:
            return IllegalAction("imperial.end_turn_after_action")
    supply = st.goods[seat]
    card = getattr(action, "card", None)
    if isinstance(action, _FROM_HAND) and card not in st.hand[seat]:
        return IllegalAction("imperial.not_in_hand", card=str(card))
    if isinstance(action, _FROM_HAND):
        copy = next(c for c in st.hand[seat] if st.twins[c] == st.twins[card])
        if copy != card and replace(action, card=copy) in turn_actions(st, seat):
            # identical copies are offered once, as the first copy in the hand
            return IllegalAction("imperial.identical_copy", card=card_key(st, card),
                                 index=card, copy=copy)
    if isinstance(action, actions.Build):
        c = st.cards[card]
        if c.foundation and not foundation_options(st, seat):
            return IllegalAction("imperial.needs_foundation", card=card_key(st, card))
        return IllegalAction("imperial.cannot_afford", card=card_key(st, card))
    if isinstance(action, actions.MakeDeal):
        if st.cards[card].common or st.cards[card].deal is None:
            return IllegalAction("imperial.no_deal", card=card_key(st, card))
        return IllegalAction("imperial.deal_needs_food")
    if isinstance(action, actions.RazeCard):
        if supply[RAZE] < 1:
            return IllegalAction("imperial.no_raze_tokens", need=1)
        return IllegalAction("imperial.not_razeable", card=card_key(st, card))
    if isinstance(action, actions.RazeLocation):
        return _why_not_raze_location(st, seat, action)
    if isinstance(action, actions.Activate):
        if card not in controlled(st, seat) or st.cards[card].action is None:
            return IllegalAction("imperial.not_your_action", card=str(card))
        if st.info[card][USED] + action.times > st.cards[card].action["limit"]:
            return IllegalAction("imperial.limit_reached", card=card_key(st, card))
        return IllegalAction("imperial.cannot_activate", card=card_key(st, card))
    if isinstance(action, actions.Exchange) and supply[WK] < 2:
        return IllegalAction("imperial.exchange_needs_workers")
    if isinstance(action, _ANSWERS):
        return IllegalAction("imperial.nothing_to_answer")
    return IllegalAction("imperial.illegal", action=action.to_json_text())


def _why_not_raze_location(st: ImperialState, seat: int, action: actions.RazeLocation) -> IllegalAction:
    if st.peaceful:
        return IllegalAction("imperial.peaceful_no_raze")
    target, card = action.target, action.card
    if target == seat:
        return IllegalAction("imperial.raze_own_empire")
    if 0 <= target < st.players and st.passed[target]:
        return IllegalAction("imperial.target_passed", target=target)
    where = st.virtual if target < 0 else (
        st.locs[target] if target < st.players else [])
    if card not in where:
        return IllegalAction("imperial.no_such_location", card=str(card), target=target)
    if not location_razeable(st, card):
        return IllegalAction("imperial.not_razeable", card=card_key(st, card))
    return IllegalAction("imperial.no_raze_tokens", need=raze_cost(st, target, card))
