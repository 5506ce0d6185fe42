"""What the sixteenth round of issue-19 work changed in how Archipelago answers and applies:

* ``legal_actions`` hands back the menu it keeps for the position, not a copy: asked again for
  the same seat in the same position it gives the very same list (always a ``list``, the bid
  menu's kept tuple copied once into the kept list); callers read it and never change it
  (docs/performance-engines/archipelago.md, round 16);
* a round menu reads the markets and ports to use and the strikers to expel from the pieces'
  facts without a call, ``openings`` reads what the seat holds inline, the buying menu its
  prices in one loop: every menu of seeded games equals the one read with nothing kept;
* the crisis kinds and the close of an offer are carried out inline in ``apply``, and the
  negotiation handlers are flow's own (no wrapper between): the positions they lead to are
  checked by the golden test and the behaviour hash; here the handlers' table and a gift of
  each kind of item.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from arch_scenario import SPEED_CASES, fresh_menu, new_game

from settlers.games.archipelago import flow, negotiation
from settlers.games.archipelago.actions import Gift
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.protocol import ArchipelagoGame

CASES = SPEED_CASES



@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_kept_menu_is_handed_back_as_it_is_and_equals_a_fresh_reading(
        players: int, seed: int, options: dict[str, Any]) -> None:
    state = new_game(players, seed, **options)
    rng = random.Random(seed)
    steps = 0
    steps_seen: set[str] = set()
    while not state.over:
        for seat in state.to_act:
            menu = state.legal_actions(seat)
            assert type(menu) is list and menu
            assert state.legal_actions(seat) is menu, (state.step, seat)
            if steps % 3 == 0 or state.step in ("round", "buy", "bid"):
                assert menu == fresh_menu(state, seat), (state.version, state.step, seat)
        steps_seen.add(state.step)
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=steps % 4 == 0)
        steps += 1
    assert {"round", "bid", "offer"} <= steps_seen


def test_the_negotiation_handlers_are_flows_own() -> None:
    handlers = flow.AT_ANY_STEP
    assert handlers["propose"] is negotiation.propose
    assert handlers["gift"] is negotiation.gift
    assert handlers["send_offer"] is negotiation.send
    assert handlers["cancel_offer"] is negotiation.close
    assert handlers["answer"] is negotiation.answer


def test_a_gift_of_each_kind_of_item_moves_it_as_transfer_does() -> None:
    """The gift handler moves a cube itself and hands the other items to ``transfer``: the
    same holdings as ``transfer`` of the item, one offer fewer left (a bribe's count, L260,
    is the handler's own)."""
    seen: set[str] = set()
    for seed in range(40):
        state = new_game(4, seed)
        rng = random.Random(seed)
        while not state.over and state.version < 400:
            seat = rng.choice(state.to_act)
            menu = state.legal_actions(seat)
            for action in menu:
                if type(action) is not Gift or (_kind_of(action.item) in seen
                                                and rng.random() < 0.9):
                    continue
                by_gift, by_transfer = state.clone(), state.clone()
                negotiation.gift(by_gift, seat, action)
                negotiation.transfer(by_transfer, seat, action.to, action.item)
                by_transfer.offers_left -= 1
                assert _holdings(by_gift) == _holdings(by_transfer), action
                seen.add(_kind_of(action.item))
            state.apply(seat, rng.choice(menu), check=False)
    assert {"cube", "f", "token", "permit"} <= seen, seen


def _holdings(state: ArchipelagoGame) -> tuple[Any, ...]:
    return (state.cubes, state.money, state.tokens, state.permits, state.owned,
            state.offers_left)


def _kind_of(item: str) -> str:
    if item in RESOURCES:
        return "cube"
    if item.startswith(negotiation.PERMIT):
        return "permit"
    if item.startswith(negotiation.CARD):
        return "card"
    return item
