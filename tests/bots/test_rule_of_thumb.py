"""Search bots take the answer the rulebook prescribes (``state.rule_of_thumb``) when a game
gives one, instead of searching for another."""

from __future__ import annotations

import pytest

from settlers import bots
from settlers.testing.sample import Draw, Pass, SealedBidsGame


class PassIsPrescribed(SealedBidsGame):
    def rule_of_thumb(self, seat):
        return Pass() if self.phase == "choosing" else None


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_search_bots_follow_the_rulebook_answer(sample_game, name):
    import dataclasses

    game = dataclasses.replace(sample_game, state_class=PassIsPrescribed)
    state = game.new_state(2, seed=3, options={"prizes": 10})
    bot = bots.make(name, seed=1, **({"iterations": 20} if name == "mcts" else {}))
    chose_draw_somewhere = False
    while not state.over:
        seat = state.to_act[0]
        action = bot.act(state, seat)
        if state.phase == "choosing":
            assert action == Pass()
            chose_draw_somewhere |= Draw() in state.legal_actions(seat)
        state.apply(seat, action)
    assert chose_draw_somewhere  # the prescribed answer was not the only legal one


def test_heuristic_bots_cover_founders_and_iceland():
    assert {"catan", "founders", "iceland"} <= set(bots.heuristics.heuristic_games())
    for game_id in ("founders", "iceland"):
        assert bots.supports("heuristic", game_id)
