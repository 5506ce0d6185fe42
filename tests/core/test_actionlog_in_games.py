"""Core's action log kept as columns (issue 19): in a real game, clones and determinizations
record their own entries (no column shared with the state they came from), and the log reads,
serialises and replays as the list of (seat, action) entries it stands for."""

import random

import pytest

import settlers

GAMES = ["catan", "iceland", "founders", "imperial", "archipelago"]


def _played(game_id: str, seed: int, steps: int):
    st = settlers.load(game_id).new_state(players=4, seed=seed, options={})
    rng = random.Random(seed)
    entries = []
    for _ in range(steps):
        if st.over:
            break
        seat = rng.choice(st.to_act)
        action = rng.choice(st.legal_actions(seat))
        st.apply(seat, action)
        entries.append((seat, action))
    return st, rng, entries


@pytest.mark.parametrize("game_id", GAMES)
def test_clones_and_determinizations_record_their_own_entries(game_id):
    st, rng, entries = _played(game_id, 5, 120)
    clone = st.clone()
    world = st.determinize(st.to_act[0], 9)
    for other in (clone, world):
        assert other.log == entries and other.log is not st.log
        assert other.log._seats is not st.log._seats
        assert other.log._actions is not st.log._actions
    seat = rng.choice(clone.to_act)
    clone.apply(seat, clone.legal_actions(seat)[0])
    seat = st.to_act[0]
    mine = st.legal_actions(seat)[-1]
    st.apply(seat, mine)
    assert len(world.log) == 120 and world.log == entries
    assert len(clone.log) == len(st.log) == 121 and st.log[-1] == (seat, mine)
    assert st.log[:120] == clone.log[:120] == entries


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_reads_and_replays_as_its_entries(game_id):
    st, _, entries = _played(game_id, 2, 200)
    assert len(entries) >= 100  # (a short random game may end before 200 actions)
    assert list(st.log) == entries and st.log == entries and len(st.log) == len(entries)
    assert st.log_json() == [[s, a.to_json()] for s, a in entries]
    again = st.game.replay(st.players, st.seed, st.options, st.log)
    assert again == st and again.digest() == st.digest()
