"""The core apply path: illegal input is refused with a reason and the state is untouched."""

from __future__ import annotations

import pytest

from settlers.core import IllegalAction, InvalidOption
from settlers.testing.sample import Bid, Draw, Pass


def test_simultaneous_bids_wait_for_everyone(sample_game):
    state = sample_game.new_state(3, seed=5)
    assert state.to_act == (0, 1, 2)
    state.apply(1, state.legal_actions(1)[0])
    assert state.to_act == (0, 2)
    assert state.view(0)["state"]["has_bid"] == [False, True, False]
    assert state.view(0)["state"]["my_bid"] is None


@pytest.mark.parametrize(
    ("seat", "action", "words"),
    [
        (3, Bid(1), "There is no seat 3"),
        (-1, Bid(1), "There is no seat -1"),
        (True, Bid(1), "There is no seat True"),
        (0, "bid", "is not an action of the game Sealed bids"),
        (0, Pass(), "Everybody must bid"),
        (0, Bid(99), "no card 99"),
    ],
)
def test_illegal_actions_leave_the_state_untouched(sample_game, seat, action, words):
    state = sample_game.new_state(3, seed=5)
    before = (state.digest(), state.version, list(state.log))
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert words in info.value.message("en")
    assert info.value.message("ru") != info.value.message("en")
    assert (state.digest(), state.version, list(state.log)) == before


def test_a_seat_that_already_bid_is_not_to_act(sample_game):
    state = sample_game.new_state(2, seed=5)
    card = state.legal_actions(0)[0]
    state.apply(0, card)
    with pytest.raises(IllegalAction, match="no decision to make now"):
        state.apply(0, state.legal_actions(1)[0])


def test_finished_game_refuses_actions(sample_game):
    state = sample_game.new_state(2, seed=1, options={"prizes": 2})
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Draw())


def test_same_seed_same_game_different_seed_different_deal(sample_game):
    a, b = sample_game.new_state(3, seed=9), sample_game.new_state(3, seed=9)
    assert a == b
    assert sample_game.new_state(3, seed=10).full_state() != a.full_state()


def test_player_count_and_seed_are_checked(sample_game):
    with pytest.raises(InvalidOption, match="2 to 4 players, not 5"):
        sample_game.new_state(5)
    with pytest.raises(InvalidOption, match="whole number"):
        sample_game.new_state(2, seed="x")


def test_determinize_redraws_what_the_seat_cannot_see(sample_game):
    state = sample_game.new_state(4, seed=3)
    redrawn = [state.determinize(0, s) for s in range(5)]
    assert all(d.hands[0] == state.hands[0] for d in redrawn)
    assert any(d.hands[1] != state.hands[1] for d in redrawn)
    assert all(d.view(0) == state.view(0) for d in redrawn)
    # future chance is re-seeded: the bot cannot learn the real deck order
    assert any(d.deck != state.deck for d in redrawn)


def test_events_respect_visibility(sample_game):
    state = sample_game.new_state(2, seed=2)
    while state.to_act and len(state.to_act) != 1:
        for seat in state.to_act:
            state.apply(seat, state.legal_actions(seat)[-1])
    chooser = state.to_act[0]
    if Draw() in state.legal_actions(chooser):
        state.apply(chooser, Draw())
        secret = [e for e in state.events if e.key == "sample.drew_secret"]
        assert secret and secret[-1].visible_to == (chooser,)
        other = 1 - chooser
        keys_other = [e["key"] for e in state.view(other, events_since=0)["events"]]
        assert "sample.drew_secret" not in keys_other
        assert "sample.drew_secret" in [e["key"] for e in state.view(chooser)["events"]]


def test_a_line_hidden_from_some_seats_is_seen_by_everyone_else(sample_game):
    state = sample_game.new_state(3, seed=2)
    state.emit("sample.note", hidden_from=[0, 2], seat=0)
    state.emit("sample.note", visible_to=[1], hidden_from=[1], seat=1)  # hidden wins
    first, second = state.events[-2:]
    assert [first.visible(v) for v in (None, 0, 1, 2)] == [True, False, True, False]
    assert not any(second.visible(v) for v in (None, 0, 1, 2))
    assert [len(state.visible_events(v, since=first.index)) for v in (None, 0, 1, 2)] == \
        [1, 0, 1, 0]
    # a world searched for seat 0 keeps what any spectator sees, and still hides it from seat 0
    world = state.determinize(0, 9)
    assert world.view(None)["events"] == state.view(None)["events"]
    assert world.view(0)["events"] == state.view(0)["events"]



def test_a_game_that_leaves_a_rule_out_cannot_be_built(sample_game):
    import dataclasses

    from settlers.core import GameState

    class Incomplete(GameState):
        def setup(self):
            self.ready = True

    with pytest.raises(TypeError, match=r"abstract.*_view"):
        dataclasses.replace(sample_game, state_class=Incomplete).new_state(2)


def test_initial_and_apply_log_rebuild_the_same_game(sample_game):
    state = sample_game.new_state(3, seed=11, options={"prizes": 3})
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    start = state.initial()
    assert start.version == 0 and start.log == []
    assert start == sample_game.new_state(3, seed=11, options={"prizes": 3})
    start.apply_log([(s, a.to_json()) for s, a in state.log])
    assert start == state


def test_apply_log_stops_at_the_first_illegal_entry(sample_game):
    state = sample_game.new_state(2, seed=1)
    card = state.legal_actions(0)[0]
    with pytest.raises(IllegalAction):
        state.apply_log([(0, card), (0, card)])
    assert state.log == [(0, card)]
