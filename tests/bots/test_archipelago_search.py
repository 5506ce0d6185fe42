"""`search` in Archipelago: which decisions it searches, the leaf it scores playouts by (the
game's own count with the seat's own objective card, archipelago.ru.txt L920-946), the clock,
and that it never reads what its seat cannot see."""

from __future__ import annotations

import pytest

import settlers.bots as bots
from settlers.bots.base import decision_seed, derive_seed
from settlers.bots.heuristics import archipelago_leaf as leaf
from settlers.bots.search import GAME_SEARCH, SearchBot
from settlers.core import load
from settlers.games.archipelago import scoring, setup
from settlers.games.archipelago.heuristic import make_bot

GAME = "archipelago"


def objective_with(state, criterion: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives)
                if o["criterion"] == criterion and o["deck"] == "medium")


def heuristic_until(seed: int, players: int, wanted) -> tuple:
    """A heuristic self-play game up to the first decision `wanted(state, seat)` accepts."""
    state = load(GAME).new_state(players, seed=seed)
    player = bots.make("heuristic", seed=seed)
    while not state.over:
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) > 1 and wanted(state, seat):
            return state, seat
        state.apply(seat, player.act(state, seat))
    raise AssertionError("no such decision in the game")


def hint(bot_seed: int, state, seat: int):
    return make_bot(derive_seed(decision_seed(bot_seed, state, seat), "hint")).act(
        state.clone(), seat)


# -- the leaf -------------------------------------------------------------------------------
def dealt(players: int, seed: int):
    """A new game whose objective cards are dealt at once (they come after turn 0, L152-159):
    nothing else behind the screens yet."""
    state = load(GAME).new_state(players, seed=seed)
    setup.deal_trends_and_objectives(state)
    return state


def only_own_card(state, seat: int, criterion: str) -> None:
    """The seat holds one card of `criterion`; no other card is in play or unseen."""
    for s in range(state.players):
        state.objectives[s] = []
        state.keep_choice[s] = []
    state.objectives[seat] = [objective_with(state, criterion)]
    state.objective_pool = []


def test_the_leaf_counts_the_seats_own_objective_card_for_every_seat():
    # archipelago.ru.txt L920: each objective card ranks all players, 3 / 2 / 1 points;
    # L944: a player with nothing of the criterion is not ranked
    state = load(GAME).new_state(4, seed=3)
    only_own_card(state, 0, "money")
    state.trends = []
    state.money = [10, 5, 3, 0]
    assert leaf.points_now(state, 0) == (3.0, 2.0)
    state.money = [5, 10, 3, 0]
    assert leaf.points_now(state, 0) == (2.0, 3.0)
    state.money = [10, 10, 3, 0]  # L944: a tie shares the rank
    assert leaf.points_now(state, 0) == (3.0, 3.0)


def test_the_leaf_counts_a_card_it_cannot_see_by_the_chance_it_is_in_play():
    # L920: every card in play ranks every seat; seat 0 cannot see seat 1's card (L175), so
    # seat 1's card and the pool's are each in play with chance 1 / 2
    state = load(GAME).new_state(4, seed=3)
    only_own_card(state, 0, "money")
    state.trends = []
    state.money = [10, 5, 3, 0]
    state.objectives[1] = [objective_with(state, "cards_controlled")]
    state.objective_pool = [objective_with(state, "money")]
    expected = [3.0, 2.0, 1.0, 0.0]  # seat 0's own money card
    for card in (state.objectives[1][0], state.objective_pool[0]):
        for s, p in enumerate(scoring.objective_card_points(state, card, 1)):
            expected[s] += p / 2
    assert leaf.points_now(state, 0) == (expected[0], max(expected[1:]))
    # the Spy (L1452-1454): a card seen is counted as it is, the pool's card then not at all
    state.seen[0] = list(state.objectives[1])   # (``seen`` holds the cards seen)
    seen = [3.0, 2.0, 1.0, 0.0]
    for s, p in enumerate(scoring.objective_card_points(state, state.objectives[1][0], 1)):
        seen[s] += p
    assert leaf.points_now(state, 0) == (seen[0], max(seen[1:]))


def test_the_leaf_reads_no_other_seats_objective_card():
    # L175: each player knows only his own objective; in a determinized world the others'
    # cards are a guess, so which unseen card a seat holds must not move the leaf
    state = dealt(4, seed=3)
    state.objectives[0] = [objective_with(state, "money")]
    state.money = [10, 5, 3, 0]
    before = leaf.features(state, 0)
    for other in (1, 2, 3):
        swap = state.objective_pool[0]
        state.objective_pool[0] = state.objectives[other][0]
        state.objectives[other] = [swap]
        assert leaf.features(state, 0) == before
    for seed in range(5):  # the worlds the search plays in deal the unseen cards anew
        world = state.determinize(0, seed)
        if seed == 0:
            assert world.objectives[1:] != state.objectives[1:]
        world.money = list(state.money)  # the money behind the screens is dealt anew too
        assert leaf.features(world, 0) == before


def test_a_lead_in_the_count_is_worth_more():
    state, seat = heuristic_until(5, 4, lambda s, seat: s.turn >= 2 and s.step == "round")
    mine = leaf.points_now(state, seat)
    world = state.clone()
    criterion = world.content.objectives[world.objectives[seat][0]]["criterion"]
    world.objectives[seat] = [objective_with(world, "money")]
    world.money = [0] * world.players
    world.money[seat] = 20
    richer = leaf.win_probability(world, seat)
    world.money = [20] * world.players
    world.money[seat] = 0
    assert richer > leaf.win_probability(world, seat), (criterion, mine)


def test_a_finished_game_is_its_win_share():
    # L906: independence with no Separatist: every player has lost
    state, _seat = heuristic_until(7, 4, lambda s, seat: s.turn >= 1)
    state.phase, state.ended_by = "over", "independence"
    for s in range(state.players):
        state.objectives[s] = [objective_with(state, "money")]
    assert [leaf.win_probability(state, s) for s in range(4)] == [0.0] * 4
    # L908: the Separatist alone wins
    state.objectives[2] = [objective_with(state, "separatist")]
    assert [leaf.win_probability(state, s) for s in range(4)] == [0.0, 0.0, 1.0, 0.0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_leaf_is_fitted_for_every_player_count(players):
    """The lobby's strong Archipelago seat is this search, at every count the game allows."""
    game = load(GAME)
    assert sorted(leaf.WEIGHTS) == list(range(game.min_players, game.max_players + 1))
    state, seat = heuristic_until(9, players, lambda s, seat: s.turn >= 1)
    p = leaf.win_probability(state, seat)
    assert len(leaf.WEIGHTS[players]) == len(leaf.FEATURES) == len(leaf.features(state, seat))
    assert 0.0 < p < 1.0


# -- which decisions are searched ----------------------------------------------------------
def test_a_crisis_contribution_is_the_heuristics_move_without_playouts():
    assert "domestic" not in GAME_SEARCH[GAME].steps
    state, seat = heuristic_until(11, 4, lambda s, seat: s.step in ("domestic", "export"))
    bot = SearchBot(seed=4, iterations=8, depth=4)
    assert bot.act(state, seat) == hint(4, state, seat)
    assert bot.last_playouts == 0


def test_the_turns_actions_are_searched():
    state, seat = heuristic_until(11, 4, lambda s, seat: s.turn >= 1 and s.step == "round")
    bot = SearchBot(seed=4, iterations=8, depth=4)
    assert bot.act(state, seat) in state.legal_actions(seat)
    assert bot.last_playouts > 0
    unfocused = SearchBot(seed=4, iterations=8, depth=4, focus=0)
    crisis, who = heuristic_until(11, 4, lambda s, seat: s.step in ("domestic", "export"))
    unfocused.act(crisis, who)
    assert unfocused.last_playouts > 0 or len(crisis.legal_actions(who)) < 2


def test_a_playout_is_cut_where_the_clock_runs_out(monkeypatch, search_clock):
    """On a simulated thread clock where every heuristic step costs 10 ms: a whole game of
    heuristic play is hundreds of steps (seconds); cut at the clock a decision costs its
    100 ms budget and no more (the machine's speed and load do not enter)."""
    import settlers.bots.search as search

    spent = search_clock
    slow = lambda game_id, package: lambda seed: SlowHeuristic(seed, 0.01, spent)  # noqa: E731
    monkeypatch.setattr(search, "heuristic_factory", slow)
    monkeypatch.setattr(search, "playout_factory", slow)   # the playouts' heuristic too
    state, seat = heuristic_until(13, 4, lambda s, seat: s.turn >= 2 and s.step == "round")
    bot = SearchBot(seed=1, iterations=100000, cpu_ms=100, depth=0)  # playouts to the end
    bot.act(state, seat)
    assert bot.last_playouts >= 1
    assert spent[0] <= 0.1 + 1e-9


class SlowHeuristic:
    """The Archipelago heuristic, each of its decisions made to cost `burn` s of the
    simulated thread clock `spent` (nothing else advances it: the test does not depend on the
    machine's speed or load)."""

    def __init__(self, seed: int, burn: float, spent: list[float]) -> None:
        self.inner = make_bot(seed)
        self.burn = burn
        self.spent = spent

    def act(self, state, seat):
        self.spent[0] += self.burn
        return self.inner.act(state, seat)


def test_a_slow_heuristic_step_does_not_carry_the_decision_past_its_clock(monkeypatch,
                                                                         search_clock):
    """Every heuristic step costs 150 ms here: a playout stops before the step that would pass
    the 400 ms budget (judged by the longest step timed so far), instead of after it."""
    import settlers.bots.search as search

    spent = search_clock
    slow = lambda game_id, package: lambda seed: SlowHeuristic(seed, 0.15, spent)  # noqa: E731
    monkeypatch.setattr(search, "heuristic_factory", slow)
    monkeypatch.setattr(search, "playout_factory", slow)   # the playouts' heuristic too
    state, seat = heuristic_until(13, 4, lambda s, seat: s.turn >= 2 and s.step == "round")
    bot = SearchBot(seed=1, iterations=100000, cpu_ms=400, depth=0)
    bot.act(state, seat)
    assert bot.last_playouts >= 1
    # the root's own heuristic move (150 ms) is the first step timed; no playout takes a step
    # that would carry the decision past the budget (after it: 0.55 s or more)
    assert 0.15 <= spent[0] <= 0.4 + 1e-9


def test_search_is_deterministic_with_an_iteration_budget():
    state, seat = heuristic_until(15, 4, lambda s, seat: s.turn >= 1 and s.step == "round")
    first = SearchBot(seed=2, iterations=8, depth=6).act(state, seat)
    assert first == SearchBot(seed=2, iterations=8, depth=6).act(state, seat)


# -- no peeking -----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "steps"), [(4, 3, 60), (4, 4, 200), (2, 5, 40)])
def test_archipelago_search_ignores_what_the_seat_cannot_see(players, seed, steps):
    from test_no_peeking import twin_states

    state, twin, seat = twin_states(players, seed, steps, game=load(GAME))
    if len(state.legal_actions(seat)) < 2:
        pytest.skip("forced move")
    budget = {"iterations": 6, "depth": 6, "focus": 0}
    assert (bots.make("search", seed=3, **budget).act(state, seat)
            == bots.make("search", seed=3, **budget).act(twin, seat))
