"""Every bot of every shipped game decides at every player count the game allows.

A bot is offered wherever its game is (`settlers play GAME --seats ...`, the web lobby's seats
and levels, tournaments), so a part of it fitted or tabled per player count must cover them
all: the Archipelago search's leaf once had weights for 2 and 4 players only and raised
`KeyError` at 3 and 5. Mid-game positions reached by heuristic play, tiny budgets.
"""

from __future__ import annotations

import pytest

from settlers.bots import make, names, supports
from settlers.core import game_ids, load

SHIPPED = sorted(g for g in game_ids() if (load(g).package or "").startswith("settlers.games"))
#: the smallest budgets that still run each bot's whole decision (search, playouts, leaf)
BUDGETS = {"mcts": {"iterations": 8}, "guided": {"iterations": 8},
           "search": {"iterations": 4}, "greedy": {"samples": 1}}
#: decisions with a choice played by the heuristic before each bot is asked, one per phase
#: of a typical game: the set-up, the first turns, the middle
DEPTHS = (2, 12, 40)


def cases() -> list[tuple[str, int, str]]:
    out = []
    for game_id in SHIPPED:
        game = load(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for bot in names():
                if bot != "rl" and supports(bot, game_id):  # rl needs a trained policy file
                    out.append((game_id, players, bot))
    return out


def positions(game_id: str, players: int):
    """(state, seat, legal) after each of DEPTHS decisions with a choice."""
    state = load(game_id).new_state(players=players, seed=23)
    state.record_events = False
    heuristic = [make("heuristic", seed=seat) for seat in range(players)]
    choices = 0
    while not state.over and choices <= DEPTHS[-1]:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            if choices in DEPTHS:
                yield state, seat, legal
            choices += 1
        state.apply(seat, heuristic[seat].act(state, seat), check=False)


@pytest.mark.parametrize(("game_id", "players", "bot"), cases())
def test_the_bot_decides_at_this_player_count(game_id, players, bot):
    asked = 0
    for state, seat, legal in positions(game_id, players):
        before = state.digest()
        action = make(bot, seed=3, **BUDGETS.get(bot, {})).act(state, seat)
        assert action in legal, (game_id, players, bot, action)
        assert state.digest() == before
        asked += 1
    assert asked == len(DEPTHS), f"{game_id} at {players}: the game ended after {asked} positions"
