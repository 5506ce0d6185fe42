"""Search bots never read hidden information: their decision must not change when only what
the deciding seat cannot see changes.

Two states equal from seat s's point of view are built with `determinize` (other hands, deck
order, the prize pile and other seats' sealed bids re-drawn). The bots must answer the same in
both. This relies on `redraw_hidden` being canonical (docs/protocol.md): twins determinize to
the same worlds, which is checked first. A deliberately peeking bot shows that the check can
fail. Played on the sample game (sealed bids) and on Catan.
"""

from __future__ import annotations

import random

import pytest

import settlers.bots as bots
from settlers.core import load
from settlers.testing.sample import GAME as SAMPLE


class PeekingBot:
    """Bids the smallest card that beats every other hand's best card — reads hidden hands."""

    def act(self, state, seat):
        legal = state.legal_actions(seat)
        rival_best = max(max(h) for p, h in enumerate(state.hands) if p != seat and h)
        better = [a for a in legal if getattr(a, "card", 0) > rival_best]
        return min(better, key=lambda a: a.card) if better else legal[0]


def twin_states(players: int, seed: int, steps: int, game=SAMPLE):
    """A state after `steps` random actions, and for its last seat to act a twin that
    differs only in what that seat cannot see."""
    state = game.new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])
    while not state.over and len(state.legal_actions(state.to_act[-1])) < 2:
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])
    seat = state.to_act[-1]
    for attempt in range(50):
        twin = state.determinize(seat, 1000 + attempt)
        if twin.full_state() != state.full_state():
            break
    assert twin.full_state() != state.full_state(), "the twin must differ in hidden things"
    assert twin.view(seat) == state.view(seat), "the twin must look the same to the seat"
    for x in (1, 2):
        assert (twin.determinize(seat, x).full_state()
                == state.determinize(seat, x).full_state()), "redraw_hidden is not canonical"
    return state, twin, seat


CASES = [(players, seed, steps) for players in (2, 3, 4) for seed in (1, 2)
         for steps in (0, 1, 5)]


@pytest.mark.parametrize(("players", "seed", "steps"), CASES)
@pytest.mark.parametrize(("name", "budget"), [("greedy", {}), ("mcts", {"iterations": 60}),
                                              ("guided", {"iterations": 40}),
                                              ("search", {"iterations": 24}),
                                              ("search", {"iterations": 24,
                                                          "cpu_ms": 60000})])
def test_decision_ignores_what_the_seat_cannot_see(players, seed, steps, name, budget):
    state, twin, seat = twin_states(players, seed, steps)
    if len(state.legal_actions(seat)) < 2:
        pytest.skip("forced move")
    bot_a = bots.make(name, seed=7, **budget)
    bot_b = bots.make(name, seed=7, **budget)
    assert bot_a.act(state, seat) == bot_b.act(twin, seat)


def test_the_check_catches_a_peeking_bot():
    differing = 0
    for players, seed, steps in CASES:
        state, twin, seat = twin_states(players, seed, steps)
        if state.to_act and state.phase == "bidding":
            differing += PeekingBot().act(state, seat) != PeekingBot().act(twin, seat)
    assert differing > 0


CATAN_CASES = [(4, 3, 120), (4, 4, 260), (3, 5, 400)]


@pytest.mark.parametrize(("players", "seed", "steps"), CATAN_CASES)
@pytest.mark.parametrize(("name", "budget"), [("greedy", {"samples": 1}),
                                              ("mcts", {"iterations": 15, "rollout_depth": 4}),
                                              ("guided", {"iterations": 15,
                                                          "rollout_depth": 4}),
                                              ("search", {"iterations": 16, "depth": 8})])
def test_catan_decision_ignores_hidden_cards(players, seed, steps, name, budget):
    pytest.importorskip("settlers.games.catan")
    state, twin, seat = twin_states(players, seed, steps, game=load("catan"))
    if len(state.legal_actions(seat)) < 2:
        pytest.skip("forced move")
    assert (bots.make(name, seed=3, **budget).act(state, seat)
            == bots.make(name, seed=3, **budget).act(twin, seat))


FOUNDERS_CASES = [(2, 3, 40), (2, 4, 90), (2, 5, 150)]


@pytest.mark.parametrize(("players", "seed", "steps"), FOUNDERS_CASES)
def test_founders_rl_decision_ignores_the_face_down_piles(players, seed, steps, tmp_path):
    """The `rl` bot (an afterstate value: it plays every move in a re-drawn world) must answer
    the same when only the order of the face-down stacks, prize box and masters differs."""
    from settlers.rl.bot import POLICIES
    from settlers.rl.feature_value_training import initial_policy

    state, twin, seat = twin_states(players, seed, steps, game=load("founders"))
    if len(state.legal_actions(seat)) < 2:
        pytest.skip("forced move")
    path = POLICIES / "founders-2p.npz"
    if not path.exists():  # before a policy is shipped: the untrained one (greedy's value)
        path = tmp_path / "founders-2p.npz"
        initial_policy(hidden=8).save(path)
    assert (bots.make("rl", seed=3, policy=str(path)).act(state, seat)
            == bots.make("rl", seed=3, policy=str(path)).act(twin, seat))
