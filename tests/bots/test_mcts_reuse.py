"""`mcts` / `guided` with `reuse=1` keep the last decision's tree and start the next decision
from the node the game reached in it, followed through what the seat saw of the actions played
since (bots/mcts.py, "Reuse"). Off by default: the published ladders describe that bot."""

from __future__ import annotations

import random

import pytest
from test_no_peeking import twin_states

import settlers.bots as bots
from settlers.bots.base import BotError
from settlers.core import load


def play_to(state, rng, until):
    """Random legal actions until ``until(state)``."""
    while not state.over and not until(state):
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])


def test_reuse_is_off_by_default_and_only_zero_or_one():
    assert bots.make("guided", seed=1).reuse == 0
    assert bots.make("mcts", seed=1, reuse=1).reuse == 1
    with pytest.raises(BotError, match="reuse"):
        bots.make("guided", seed=1, reuse=2)


@pytest.mark.parametrize("game_id", ["catan", "imperial"])
def test_the_next_decision_starts_from_the_node_the_game_reached(game_id):
    game = load(game_id)
    state = game.new_state(4, seed=11)
    rng = random.Random(11)
    bot = bots.make("guided", seed=5, iterations=24, rollout_depth=3, reuse=1)
    reused = fresh = 0
    for _ in range(160):
        if state.over:
            break
        seat = state.to_act[0]
        if seat != 0:
            options = state.legal_actions(seat)
            state.apply(seat, options[rng.randrange(len(options))])
            continue
        kept = bot._kept
        expected, visits = None, 0
        if kept is not None:   # the kept tree's node down the actions played since
            expected = kept[0]
            for entry in list(state.log)[len(kept[3]):]:
                expected = expected.children.get((tuple(entry),))
                if expected is None:
                    break
            if expected is not None:
                visits = sum(e.visits for e in expected.stats.get(0, {}).values())
        action = bot.act(state, 0)
        if len(state.legal_actions(0)) >= 2:
            if bot.last_reused:
                assert bot._kept[0] is expected
                # this decision's iterations were added to the statistics found there
                after = sum(e.visits for e in expected.stats[0].values())
                assert after == visits + 24
                reused += visits > 0
            else:
                fresh += 1
        state.apply(0, action)
    assert reused > 5 and fresh > 0


def test_a_log_that_does_not_continue_the_last_one_starts_afresh():
    game = load("catan")
    bot = bots.make("guided", seed=5, iterations=16, rollout_depth=3, reuse=1)
    first = game.new_state(4, seed=3)
    play_to(first, random.Random(3), lambda s: s.to_act[0] == 0
            and len(s.legal_actions(0)) > 1 and s.version > 40)
    bot.act(first, 0)
    other = game.new_state(4, seed=4)   # another game: its log is not the one seen
    play_to(other, random.Random(4), lambda s: s.to_act[0] == 0
            and len(s.legal_actions(0)) > 1 and s.version > 60)
    bot.act(other, 0)
    assert not bot.last_reused


def test_two_children_the_seat_cannot_tell_apart_stop_the_reuse():
    # a hidden choice: children whose actions the seat sees alike are not one node
    from settlers.bots.mcts import Node

    game = load("catan")
    state = game.new_state(4, seed=3)
    play_to(state, random.Random(3), lambda s: s.version > 30)
    bot = bots.make("guided", seed=5, iterations=4, reuse=1)
    seat, action = state.log[-1]
    root = Node()
    twin_action = next(a for a in state.legal_actions(state.to_act[0]))
    # both children look like the last action to the seat (a stand-in redaction)
    twin_seat = seat
    root.children[((seat, action),)] = Node()
    root.children[((twin_seat, twin_action),)] = Node()
    observer = (seat + 1) % 4
    seen = state.log_json(viewer=observer, redact=True)[:-1]
    bot._kept = (root, observer, state.log, seen)
    state.redact_action = lambda actor, act, viewer: {"type": "hidden"}
    assert bot._reached(state, observer)[0] is None
    # with one such child the way down is that child
    del root.children[((twin_seat, twin_action),)]
    bot._kept = (root, observer, state.log, seen)
    assert bot._reached(state, observer)[0] is root.children[((seat, action),)]


CATAN_CASES = [(4, 3, 120), (4, 4, 260), (3, 5, 400)]


@pytest.mark.parametrize(("players", "seed", "steps"), CATAN_CASES)
def test_a_reused_tree_ignores_what_the_seat_cannot_see(players, seed, steps):
    # twins that differ only in what the seat cannot see, each played on with the same public
    # actions: the seat's second decision, from a reused tree, is the same in both
    game = load("catan")
    state, twin, seat = twin_states(players, seed, steps, game=game)
    if len(state.legal_actions(seat)) < 2:
        pytest.skip("forced move")
    budget = {"iterations": 15, "rollout_depth": 4, "reuse": 1}
    bot_a, bot_b = bots.make("guided", seed=3, **budget), bots.make("guided", seed=3, **budget)
    rng = random.Random(seed)
    decisions = 0
    while decisions < 4 and not state.over:
        mover = state.to_act[0]
        if mover == seat:
            a, b = bot_a.act(state, seat), bot_b.act(twin, seat)
            assert a == b
            assert bot_a.last_reused == bot_b.last_reused
            decisions += 1
        else:
            common = [x for x in state.legal_actions(mover) if x in twin.legal_actions(mover)]
            if not common:
                break
            a = common[rng.randrange(len(common))]
        state.apply(mover, a)
        twin.apply(mover, a)
        if state.view(seat) != twin.view(seat):
            break   # the twins no longer look alike to the seat: nothing more to compare
    assert decisions >= 1
