"""Archipelago's bids are made «тайно … зажав монеты в кулаке» (archipelago.ru.txt L258): until
every bid is in, the others see only who has bid. Two positions that differ only in the florins
a rival holds in its fist (the rest behind its screen) must get the same decision from every
bot — `test_no_peeking` builds its twins with `determinize`, so it cannot see a hidden thing
that `determinize` forgets to re-draw; these twins are built by hand."""

from __future__ import annotations

import random

import pytest

import settlers.bots as bots
from settlers.core import load
from settlers.games.archipelago.actions import Bid

GAME = load("archipelago")


def bidding_twins(players: int, seed: int):
    """A position of phase 2 where some rival has bid and ``seat`` has not, and its twin with
    that rival's bid changed (its screen changed by as much, so its florins stay the same)."""
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    while not state.over:
        if state.step == "bid":
            done = [s for s in state.bidders if state.bids[s] >= 0]
            waiting = [s for s in state.to_act if state.bids[s] < 0]
            rich = [s for s in done if state.bids[s] + state.money[s] >= 3]
            if rich and waiting:
                break
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        if state.step == "bid":   # bid something, so that the twin can move it
            options = [a for a in options if isinstance(a, Bid) and a.amount > 0] or options
        state.apply(seat, options[rng.randrange(len(options))])
    assert not state.over, "no bidding position reached"
    seat = waiting[0]
    rival = rich[0]
    twin = state.clone()
    total = state.bids[rival] + state.money[rival]
    twin.bids[rival] = total - state.bids[rival] if total - state.bids[rival] != state.bids[rival] \
        else 0
    twin.money[rival] = total - twin.bids[rival]
    assert twin.bids[rival] != state.bids[rival]
    assert twin.view(seat) == state.view(seat), "the twin must look the same to the seat"
    return state, twin, seat


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 3), (4, 8), (5, 5)])
def test_a_rivals_bid_in_the_fist_is_not_read(players, seed):
    state, twin, seat = bidding_twins(players, seed)
    for x in (1, 2):
        assert state.determinize(seat, x).full_state() == twin.determinize(seat, x).full_state()
    for name, budget in (("heuristic", {}), ("greedy", {"samples": 2}),
                         ("mcts", {"iterations": 40}), ("search", {"iterations": 12})):
        a = bots.make(name, seed=7, **budget).act(state, seat)
        b = bots.make(name, seed=7, **budget).act(twin, seat)
        assert a == b, (name, a, b)
