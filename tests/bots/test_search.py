"""`search`: the heuristic's best candidates compared by heuristic playouts in shared
determinized worlds (sequential halving), with samples carried over between decisions."""

from __future__ import annotations

import random

import pytest

import settlers.bots as bots
from settlers.bots import BotError
from settlers.bots.search import SearchBot, _seen
from settlers.core import load


def heuristic_steps(state, steps, seed=0):
    player = bots.make("heuristic", seed=seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, player.act(state, seat))
    return state


def test_search_is_deterministic_for_a_seed_and_an_iteration_budget(sample_game):
    state = sample_game.new_state(3, seed=9)
    seat = state.to_act[0]
    answers = {bots.make("search", seed=5, iterations=30).act(state, seat) for _ in range(3)}
    assert len(answers) == 1 and answers.pop() in state.legal_actions(seat)


def test_search_is_deterministic_in_catan_and_spends_its_budget():
    state = heuristic_steps(load("catan").new_state(4, seed=11), 140)
    seat = state.to_act[0]
    while len(state.legal_actions(seat)) < 3:
        state = heuristic_steps(state, 1)
        seat = state.to_act[0]
    first = bots.make("search", seed=2, iterations=24, depth=10)
    second = bots.make("search", seed=2, iterations=24, depth=10)
    assert first.act(state, seat) == second.act(state, seat)
    assert first.last_playouts >= 12  # sequential halving spends about the whole budget


def catan_choice(seed: int, steps: int):
    state = heuristic_steps(load("catan").new_state(4, seed=seed), steps)
    while len(state.legal_actions(state.to_act[0])) < 3:
        state = heuristic_steps(state, 1)
    return state, state.to_act[0]


def heuristic_hint(bot_seed: int, state, seat: int):
    from settlers.bots.base import decision_seed, derive_seed
    from settlers.games.catan.heuristic import make_bot

    hint_seed = derive_seed(decision_seed(bot_seed, state, seat), "hint")
    return make_bot(hint_seed).act(state.clone(), seat)


def test_one_candidate_is_the_heuristics_move_without_playouts():
    state, seat = catan_choice(3, 60)
    bot = SearchBot(seed=1, iterations=8, top_k=1)
    assert bot.act(state, seat) == heuristic_hint(1, state, seat)
    assert bot.last_playouts == 0


@pytest.mark.parametrize("steps", [8, 60, 200])
def test_the_heuristics_move_stands_unless_clearly_beaten(steps):
    state, seat = catan_choice(4, steps)
    bot = SearchBot(seed=2, iterations=24, depth=8, margin=1e9)
    assert bot.act(state, seat) == heuristic_hint(2, state, seat)
    assert bot.last_playouts > 0


def _arm(action, order, values):
    from settlers.bots.search import Arm

    arm = Arm(action, order)
    for world, value in values.items():
        arm.values[world] = value
        arm.total += value
        arm.count += 1
    return arm


def test_an_arm_dropped_early_does_not_mask_a_finalist_that_beats_the_heuristic():
    """Sequential halving answers with its finalists: an arm dropped after one playout whose
    lucky value tops the finalists' means is not the answer — and does not hide the finalist
    that beat the heuristic's move in every world both met (before, the dropped arm was taken
    as the best, shared one world with the heuristic's move, and the heuristic's move stood)."""
    hint = _arm("hint", 0, {0: 0.40, 1: 0.30, 2: 0.35, 3: 0.30, 4: 0.40})
    finalist = _arm("finalist", 1, {0: 0.50, 1: 0.42, 2: 0.45, 3: 0.41, 4: 0.52})
    dropped = _arm("dropped", 2, {0: 0.90})
    bot = SearchBot(seed=0, iterations=12, margin=1.0)
    assert bot._answer([hint, finalist, dropped], [hint, finalist]).action == "finalist"
    verdict = bot.last_verdict
    assert (verdict.hint, verdict.rival, verdict.answer) == ("hint", "finalist", "finalist")
    assert verdict.overruled and verdict.gains == pytest.approx((0.10, 0.12, 0.10, 0.11, 0.12))
    # the finalist must still beat the heuristic's move clearly: noise does not
    noisy = _arm("noisy", 1, {0: 0.90, 1: 0.10, 2: 0.80, 3: 0.05, 4: 0.45})
    assert bot._answer([hint, noisy, dropped], [hint, noisy]).action == "hint"
    verdict = bot.last_verdict
    assert verdict.rival == "noisy" and verdict.answer == "hint" and not verdict.overruled
    assert len(verdict.gains) == 5
    # the heuristic's move the best finalist: no rival
    assert bot._answer([hint, _arm("worse", 1, {0: 0.1, 1: 0.1})], [hint]).action == "hint"
    assert bot.last_verdict.rival is None and bot.last_verdict.gains == ()
    # every arm a finalist (no halving round dropped any): the best of them
    assert bot._answer([hint, finalist]).action == "finalist"


def test_the_answer_is_a_finalist_of_sequential_halving(monkeypatch):
    """Over real Catan decisions with four candidates (two rounds: two are dropped after the
    first), the move played is the heuristic's or one that reached the last round."""
    import settlers.bots.search as search

    seen: list[tuple[object, list[object]]] = []
    halve = search.SearchBot._halve

    def spy(self, arms, *args):
        finalists = halve(self, arms, *args)
        seen.append((arms[0].action, [a.action for a in finalists]))
        return finalists

    monkeypatch.setattr(search.SearchBot, "_halve", spy)
    for seed, steps in ((4, 8), (4, 60), (5, 120), (6, 200)):
        state, seat = catan_choice(seed, steps)
        bot = SearchBot(seed=3, iterations=16, depth=8, margin=0.0)
        played = bot.act(state, seat)
        hint, finalists = seen[-1]
        assert hint in finalists and len(finalists) <= 2
        assert played in finalists
        verdict = bot.last_verdict  # what the decision compared, as played
        assert verdict.hint == hint and verdict.answer == played
        assert verdict.rival is None or verdict.rival in finalists
        assert verdict.overruled == (played != hint)


def test_no_verdict_for_a_decision_not_searched():
    state, seat = catan_choice(3, 60)
    bot = SearchBot(seed=1, iterations=8, top_k=1)
    bot._answer([_arm("hint", 0, {0: 0.1, 1: 0.2}), _arm("other", 1, {0: 0.9, 1: 0.8})])
    assert bot.last_verdict.rival == "other"  # a verdict left over from another decision
    bot.act(state, seat)  # one candidate: the heuristic's move, nothing compared
    assert bot.last_verdict is None or bot.last_verdict.rival is None


def test_a_cpu_budget_is_kept():
    import time

    state = heuristic_steps(load("catan").new_state(4, seed=5), 150)
    seat = state.to_act[0]
    bot = SearchBot(seed=1, cpu_ms=60)
    started = time.thread_time()
    bot.act(state, seat)
    assert time.thread_time() - started < 0.5
    assert bot.last_playouts >= 1 or len(state.legal_actions(seat)) < 2


def test_a_cpu_limit_caps_a_playout_budget():
    import time

    state, seat = catan_choice(5, 150)
    capped = SearchBot(seed=1, iterations=100000, cpu_ms=80, depth=10)
    started = time.thread_time()
    capped.act(state, seat)
    assert time.thread_time() - started < 0.6  # the clock stops a budget it cannot spend
    assert 1 <= capped.last_playouts < 100000
    loose = SearchBot(seed=1, iterations=24, cpu_ms=60000, depth=10)
    plain = SearchBot(seed=1, iterations=24, depth=10)
    assert loose.act(state, seat) == plain.act(state, seat)  # a far limit changes nothing
    assert loose.last_playouts == plain.last_playouts


def test_a_slow_playout_does_not_overrun_the_clock_by_a_whole_sweep(search_clock):
    # The thread's clock is simulated: only the playouts spend time, 30 ms each (as slow as a
    # heavy heuristic's), so the assertion does not depend on the machine's speed or load.
    spent = search_clock
    state, seat = catan_choice(5, 150)
    bot = SearchBot(seed=1, iterations=1000, cpu_ms=50, depth=4)
    original = bot._playout

    def slow_playout(*args):
        spent[0] += 0.03
        original(*args)

    bot._playout = slow_playout
    bot.act(state, seat)
    assert 1 <= bot.last_playouts < 4  # stopped inside the first sweep over the 4 candidates
    assert spent[0] < 0.05 + 0.03  # the limit overrun by less than one playout


def test_a_clock_limits_the_one_ply_scoring_of_many_moves():
    from settlers.bots.base import decision_seed, search_root
    from settlers.games.catan.heuristic import make_bot

    state = load("catan").new_state(4, seed=3)  # the first settlement: 54 legal places
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    bot = SearchBot(seed=1, iterations=8)
    bot._factory = make_bot
    base = decision_seed(1, state, seat)
    worlds = [search_root(state).determinize(seat, i) for i in range(2)]
    unlimited, _ = bot._candidates(worlds.__getitem__, seat, legal, base)
    ticks = iter(range(10**6))
    late, _ = bot._candidates(worlds.__getitem__, seat, legal, base,
                              clock=lambda: next(ticks), limit=2)  # past its limit at once
    hint = unlimited[0].action
    assert late[0].action == hint and len(unlimited) == 4
    # only the moves scored before the limit (the first legal ones) join the heuristic's move
    assert {arm.action for arm in late[1:]} <= set(legal[:3])
    assert any(legal.index(arm.action) > 3 for arm in unlimited[1:])


@pytest.mark.parametrize(("budget", "words"), [
    ({"iterations": 0}, "at least 1"),
    ({"top_k": 0}, "at least 1"),
    ({"depth": -1}, "at least 0"),
    ({"cpu_ms": 0}, "at least 1"),
    ({"reuse": 2}, "0, 1"),
    ({"width": 3}, "does not take width"),
])
def test_bad_search_budgets_are_refused(budget, words):
    with pytest.raises(BotError) as info:
        bots.make("search", **budget)
    assert words in info.value.message("en")


def test_search_needs_a_heuristic(sample_game):
    import dataclasses

    bare = dataclasses.replace(sample_game, id="bare", package=None)
    assert bots.supports("search", "sample") and not bots.supports("search", bare.id)


# -- reuse between decisions ---------------------------------------------------------------
def own_twice(seed: int, budget: dict, limit: int = 400):
    """Play a Catan game with `search` in seat 0 until it decides twice in a row with a real
    choice; return the bot, the state of the second decision."""
    state = load("catan").new_state(4, seed=seed)
    others = bots.make("heuristic", seed=seed)
    bot = bots.make("search", seed=seed, **budget)
    previous_was_ours = False
    for _ in range(limit):
        seat = state.to_act[0]
        if seat != 0:
            state.apply(seat, others.act(state, seat))
            previous_was_ours = False
            continue
        choice = len(state.legal_actions(seat)) > 1
        if choice and previous_was_ours:
            return bot, state
        state.apply(seat, bot.act(state, seat))
        previous_was_ours = choice
    raise AssertionError("seat 0 never decided twice in a row")


def test_reused_samples_look_exactly_like_the_position_reached():
    bot, state = own_twice(21, {"iterations": 40, "depth": 12})
    kept = list(bot._kept)
    assert kept, "the last decision left samples for the next"
    bot.act(state, 0)
    assert bot.last_reused > 0
    reached = _seen(state, 0)
    for sample in bot.reused_samples:
        assert _seen(sample.snapshot, 0) == reached
        assert sample.snapshot.version == state.version
    # and the samples that were not reused are the ones that do not match
    matching = [s for s in kept if _seen(s.snapshot, 0) == reached]
    assert len(bot.reused_samples) == len([s for s in matching
                                           if s.action in state.legal_actions(0)])


def test_nothing_is_reused_in_a_position_the_search_did_not_foresee():
    bot, state = own_twice(21, {"iterations": 40, "depth": 12})
    assert bot._kept
    # the same decision in a different game: nothing kept from the previous one matches
    other = heuristic_steps(load("catan").new_state(4, seed=99), state.version)
    while other.to_act[0] != 0 or len(other.legal_actions(0)) < 2:
        other = heuristic_steps(other, 1)
    bot.act(other, 0)
    assert bot.last_reused == 0


def test_reuse_can_be_switched_off():
    bot, state = own_twice(21, {"iterations": 40, "depth": 12, "reuse": 0})
    bot.act(state, 0)
    assert bot.last_reused == 0 and not bot._kept


def test_reuse_keeps_the_decision_a_function_of_what_the_seat_sees():
    bot_a, state = own_twice(21, {"iterations": 40, "depth": 12})
    bot_b, state_b = own_twice(21, {"iterations": 40, "depth": 12})
    rng = random.Random(4)
    twin = state_b.determinize(0, rng.randrange(1 << 30))
    assert _seen(twin, 0) == _seen(state, 0)
    assert bot_a.act(state, 0) == bot_b.act(twin, 0)
    assert bot_a.last_reused == bot_b.last_reused
