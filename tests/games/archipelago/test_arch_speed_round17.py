"""What the seventeenth round of issue-19 work changed in how Archipelago answers and applies
(docs/performance-engines/archipelago.md, round 17):

* a crisis menu's negotiation openings are listed by ``balance.legal`` itself (``flow``'s
  crisis lister is that function: one call less per crisis menu) — after the crisis actions,
  and none while a church's controller raises for free;
* in phase 5 the flow's step after a round or a disc action is settled inline in
  ``flow.apply_in_step`` (``settle``'s one pass): the state it leaves equals ``settle``'s;
* a sent offer, an answer and a gift move cubes, florins and tokens without ``move_item`` or
  ``transfer``: the holdings equal those helpers' (an unknown item still raises);
* the kept facts read without calls (the towns a seat controls, the one-of items, the crisis's
  lying inhabitants) are checked by every menu against one read with nothing kept.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from arch_scenario import SPEED_CASES, fresh_menu, new_game

from settlers.games.archipelago import balance, explorer_tokens, flow, memo, negotiation
from settlers.games.archipelago.actions import Answer, SendOffer
from settlers.games.archipelago.protocol import ArchipelagoGame

CASES = SPEED_CASES



def _fields(state: ArchipelagoGame) -> dict[str, Any]:
    """The state's rules fields (not its cache, log, version nor who acts)."""
    got = {k: v for k, v in vars(state).items()
           if k not in ("_cache", "log", "version", "to_act", "over", "events", "rng")}
    got["rng"] = state.rng.getstate()
    return got


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_every_menu_equals_a_fresh_reading_and_a_crisis_menu_ends_with_the_openings(
        players: int, seed: int, options: dict[str, Any]) -> None:
    assert flow.LEGAL_OF_STEP["domestic"] is balance.legal
    assert flow.LEGAL_OF_STEP["export"] is balance.legal
    state = new_game(players, seed, **options)
    rng = random.Random(seed)
    crisis_openings = 0
    while not state.over:
        for seat in state.to_act:
            menu = state.legal_actions(seat)
            assert menu == fresh_menu(state, seat), (state.version, state.step, seat)
            if state.step in ("domestic", "export") and seat == state.actor:
                fresh = state.clone()
                fresh._cache = {}
                openings = list(negotiation.openings(fresh, seat))
                if state.ctx.get("church", -1) >= 0:
                    assert not set(openings) & set(menu)
                elif openings:
                    assert menu[-len(openings):] == openings, (state.version, menu)
                    crisis_openings += 1
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    assert crisis_openings or players == 2


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_phase_five_settled_inline_as_settle_does(
        players: int, seed: int, options: dict[str, Any]) -> None:
    """Every action applied in phase 5 that leaves the step over or empty: the state equals
    the one ``flow.apply_at_step``, the tokens' expiry and ``flow.settle`` lead to."""
    state = new_game(players, seed, **options)
    rng = random.Random(seed)
    checked = {"round_over": 0, "": 0}
    while not state.over:
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        if (state.phase == "actions" and action.kind not in flow.AT_ANY_STEP):
            by_settle = state.clone()
            by_settle._cache = memo.APPLYING
            flow.apply_at_step(by_settle, seat, action)
            step = by_settle.step
            if step in checked:
                if by_settle.token_cubes != explorer_tokens.UNBOUND.get(
                        len(by_settle.token_cubes)):
                    explorer_tokens.expire(by_settle, action.kind)
                flow.settle(by_settle)
                state.apply(seat, action, check=False)
                assert _fields(state) == _fields(by_settle), (state.version, action)
                checked[step] += 1
                continue
        state.apply(seat, action, check=False)
    assert checked["round_over"] > 5 and checked[""] > 0, checked


def _holdings(state: ArchipelagoGame) -> tuple[Any, ...]:
    return (state.cubes, state.money, state.tokens, state.permits, state.owned)


def test_an_offer_sent_and_answered_moves_what_move_item_and_transfer_move() -> None:
    """``send`` and ``answer`` move cubes, florins and tokens themselves: the holdings equal
    ``move_item``'s (the escrow) and ``transfer``'s (the items asked for) over seeded games,
    accepted and declined."""
    items: set[str] = set()
    answers = {True: 0, False: 0}
    for seed in range(30):
        state = new_game(3 + seed % 3, seed)
        rng = random.Random(seed)
        while not state.over and state.version < 500:
            seat = rng.choice(state.to_act)
            menu = state.legal_actions(seat)
            action = rng.choice(menu)
            offer = state.offer
            if type(action) is SendOffer and offer is not None:
                ref = state.clone()
                for it in offer["give"]:
                    if not it.startswith(negotiation.ONE_OF):
                        negotiation.move_item(ref, offer["from"], it, -1)
                        items.add(it)
                state.apply(seat, action, check=False)
                assert _holdings(state) == _holdings(ref)
                continue
            if type(action) is Answer and offer is not None:
                ref = state.clone()
                accept = action.accept
                for it in offer["give"]:
                    if it.startswith(negotiation.ONE_OF):
                        if accept:
                            negotiation.transfer(ref, offer["from"], offer["to"], it)
                    else:
                        negotiation.move_item(ref, offer["to"] if accept else offer["from"],
                                              it, 1)
                if accept:
                    for it in offer["want"]:
                        negotiation.transfer(ref, offer["to"], offer["from"], it)
                        items.add(it)
                state.apply(seat, action, check=False)
                assert _holdings(state) == _holdings(ref)
                answers[accept] += 1
                continue
            state.apply(seat, action, check=False)
    assert answers[True] and answers[False]
    assert {"f", "token"} <= items, items


def test_an_unknown_item_in_a_sent_offer_still_raises() -> None:
    state = new_game(3, 5)
    rng = random.Random(5)
    while state.step != "round":
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    seat = state.actor
    negotiation.propose(state, seat, negotiation._PROPOSE[(seat + 1) % state.players])
    assert state.offer is not None
    state.offer["give"].append("gold")
    with pytest.raises(ValueError):
        negotiation.send(state)
