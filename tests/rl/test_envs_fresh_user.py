"""What an environment cannot play is refused when it is built, in the library's own kinds of
exception, not at the first reset with an IndexError (a seat beyond the table), silently (seat
-1, a game id nobody registered given the generic encoding) or from deep in an import
(``encoding_for`` given the game's definition, as docs/rl.md's ``encoding_for(game, players)``
reads); and a closed environment asks for a reset, as docs/rl.md says. The eleventh
fresh-user pass met each of these."""

from __future__ import annotations

import numpy as np
import pytest

import settlers
from settlers.core import InvalidOption, UnknownGame
from settlers.rl import SettlersAECEnv, SettlersSingleAgentEnv, SettlersVectorEnv
from settlers.rl.encoding import encoding_for
from settlers.rl.fixed import FixedEncoding


@pytest.mark.parametrize("seat", [4, 9, -1, 1.0, True, "0"])
def test_a_learner_seat_that_is_no_seat_of_the_table_is_refused_when_built(seat):
    with pytest.raises(ValueError, match="seat must be None"):
        SettlersSingleAgentEnv("catan", players=4, seat=seat)


def test_every_seat_of_the_table_is_taken():
    for seat in range(3):
        env = SettlersSingleAgentEnv("catan", players=3, seat=seat)
        env.reset(seed=1)
        assert env.seat == seat


@pytest.mark.parametrize("make", [
    lambda: SettlersAECEnv("catan", players=7),
    lambda: SettlersSingleAgentEnv("catan", players=2),
    lambda: SettlersVectorEnv(["catan"], num_envs=2, players=9),
    lambda: SettlersAECEnv("catan", players=4, options={"board": "moon"}),
    lambda: SettlersSingleAgentEnv("catan", players=4, options={"bord": "beginner"}),
])
def test_a_player_count_or_an_option_the_game_refuses_is_refused_when_built(make):
    with pytest.raises(InvalidOption):
        make()


def test_encoding_for_takes_the_game_or_its_id_and_refuses_an_unknown_id():
    by_id = encoding_for("catan", 4)
    by_game = encoding_for(settlers.load("catan"), 4)
    assert isinstance(by_game, FixedEncoding) and type(by_game) is type(by_id)
    assert by_game.max_actions == by_id.max_actions
    state = settlers.load("catan").new_state(4, 3)
    seat = state.to_act[0]
    assert np.array_equal(by_game.observe(state, seat), by_id.observe(state, seat))
    for unknown in ("chess", "Catan"):
        with pytest.raises(UnknownGame):
            encoding_for(unknown, 4)


def test_a_closed_single_agent_env_asks_for_a_reset_as_docs_rl_says():
    """docs/rl.md: ResetNeeded «before reset, after the episode has ended and after close».
    The single-agent env had no close(): a step after it was answered «not legal now»."""
    from gymnasium.error import ResetNeeded

    env = SettlersSingleAgentEnv("catan", players=4)
    env.reset(seed=1)
    legal = int(np.flatnonzero(env.action_masks())[0])
    env.close()
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(legal)
    env.reset(seed=1)
    env.step(legal)   # playable again after a reset


def test_a_closed_vector_env_asks_for_a_reset():
    from gymnasium.error import ResetNeeded

    env = SettlersVectorEnv(["catan"], num_envs=2, players=4)
    obs, _ = env.reset(seed=0)
    actions = np.array([int(np.flatnonzero(row)[0]) for row in obs["action_mask"]])
    env.close()
    with pytest.raises(ResetNeeded):
        env.step(actions)
