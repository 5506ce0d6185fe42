"""The lobby's strong seat, played the way the web server plays it (`settlers.web.bots`: the
preset resolved per game, the bot built afresh for each decision), decides within the bound
on decision time at the table (`difficulty.STRONG_CPU_MS` of CPU on one core)."""

from __future__ import annotations

import time

import pytest

from settlers.bots import make
from settlers.bots.difficulty import STRONG_CPU_MS, level
from settlers.core import game_ids, load
from settlers.web.bots import choose_action, resolve

SHIPPED = sorted(g for g in game_ids() if (load(g).package or "").startswith("settlers.games"))
#: positions timed per game: the strong seat's decisions with a choice, this far apart
SAMPLES = 3
EVERY = 10


def positions(game_id: str, players: int = 4, seed: int = 11):
    """(state, seat) at every EVERY-th decision with a choice of seat 0, in a game played by
    heuristic bots (a table like the lobby's), SAMPLES of them."""
    state = load(game_id).new_state(players=players, seed=seed)
    state.record_events = False
    bots = [make("heuristic", seed=seat) for seat in range(players)]
    found = 0
    choices = 0
    while not state.over and found < SAMPLES:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if seat == 0 and len(legal) > 1:
            if choices % EVERY == 0:
                yield state, seat
                found += 1
            choices += 1
        state.apply(seat, bots[seat].act(state, seat), check=False)
    assert found == SAMPLES, f"{game_id}: the game ended before {SAMPLES} decisions were timed"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_lobbys_strong_seat_is_the_difficulty_level(game_id):
    assert resolve("strong", game_id) == level(game_id, "strong")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_lobbys_strong_seat_decides_within_the_bound(game_id):
    game = load(game_id)
    for state, seat in positions(game_id):
        before = state.digest()
        started = time.thread_time()
        answer = choose_action(state.clone(), seat, "strong")
        spent_ms = (time.thread_time() - started) * 1000.0
        assert game.action_from_json(answer) in state.legal_actions(seat)
        assert spent_ms <= STRONG_CPU_MS, (game_id, level(game_id, "strong"), spent_ms)
        assert state.digest() == before  # the seat's state is not touched



def counts(game_id: str) -> list[tuple[str, int]]:
    game = load(game_id)
    return [(game_id, players) for players in range(game.min_players, game.max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), [c for g in SHIPPED for c in counts(g)])
def test_every_level_decides_at_every_player_count(game_id, players):
    """The lobby offers every level at every player count the game allows: each level's bot
    answers a decision with a choice, mid-game, with a legal action (a search whose leaf
    has weights for some player counts only would fail here)."""
    game = load(game_id)
    state = game.new_state(players=players, seed=5)
    state.record_events = False
    heuristic = [make("heuristic", seed=seat) for seat in range(players)]
    choices = 0
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            choices += 1
            if choices == 12:
                break
        state.apply(seat, heuristic[seat].act(state, seat), check=False)
    assert not state.over, f"{game_id}: the game ended before a 12th decision with a choice"
    for name in ("easy", "medium", "strong"):
        answer = choose_action(state.clone(), seat, name)
        assert game.action_from_json(answer) in legal, (game_id, players, name)
