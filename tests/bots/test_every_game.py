"""Every generic bot plays every registered game through the protocol alone: along seeded
random games, the bot is asked at many decisions (every kind the game produces, simultaneous
ones included) and must answer a legal action without touching the state."""

from __future__ import annotations

import random

import pytest

import settlers.bots as bots
from settlers.core import games
from settlers.sim.bench import default_players

BUDGETS = {"random": {}, "greedy": {"samples": 1}, "mcts": {"iterations": 6,
                                                             "rollout_depth": 3}}
GAMES = list(games())
# the heuristic bot of every game that has one (<package>.heuristic.make_bot), and the search
# guided by it
GUIDED = {"iterations": 4, "rollout_depth": 2}
BUDGETS["search"] = {"iterations": 4, "depth": 2}
CASES = [(game, name) for game in GAMES for name in sorted(BUDGETS) if name != "search"] + [
    (game, name) for game in GAMES for name in ("heuristic", "guided", "search")
    if bots.supports(name, game.id)]


@pytest.mark.parametrize(("game", "name"), CASES, ids=lambda v: getattr(v, "id", v))
def test_bot_answers_legally_all_game_long(game, name):
    players = default_players(game)
    rng = random.Random(1)
    asked = 0
    kinds = set()
    for seed in range(2):
        state = game.new_state(players, seed=seed)
        bot = bots.make(name, seed=seed, **(GUIDED if name == "guided" else BUDGETS.get(name, {})))
        steps = 0
        while not state.over and steps < 1200:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and (rng.random() < 0.05 or len(state.to_act) > 1):
                before = state.digest()
                action = bot.act(state, seat)
                assert state.digest() == before
                assert action in legal, (game.id, state.version, action)
                kinds.add(action.kind)
                asked += 1
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(seat, action)
            steps += 1
    assert asked >= 10
    assert kinds <= {cls.kind for cls in game.action_classes}
