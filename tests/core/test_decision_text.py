"""``GameState.decision_text`` (the web status's «Ваш ход — …», the terminal's prompt): the core
checks the seat and asks a game's ``decision_words`` only of a seat that is to act; every other
seat gets ''. Random positions of every game, both languages."""

import random

import pytest

import settlers
from settlers.core import GameState, IllegalAction


@pytest.mark.parametrize("game_id", settlers.game_ids())
def test_only_a_seat_to_act_is_told_what_it_decides(game_id: str) -> None:
    game = settlers.load(game_id)
    players = 4 if game_id != "imperial" else 3
    state = game.new_state(players, 11, {})
    rng = random.Random(5)
    told = 0
    for _ in range(300):
        if state.over:
            break
        for seat in range(players):
            for lang in ("ru", "en"):
                text = state.decision_text(seat, lang)
                if seat in state.to_act:
                    assert text == state.decision_words(seat, lang)
                    told += bool(text)
                else:
                    assert text == ""
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if type(state).decision_words is not GameState.decision_words:
        assert told > 0   # a game that words its decisions said something
    with pytest.raises(IllegalAction):
        state.decision_text(players, "ru")
