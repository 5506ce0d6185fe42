"""The dice: two fair, independent dice from the state's chance counter (chance.py)."""

from collections import Counter

from catan_scenario import GAME

from settlers.games.catan.chance import roll_dice


def test_dice_are_two_fair_dice():
    st = GAME.new_state(4, 3)
    pairs = Counter(roll_dice(st) for _ in range(36_000))
    assert set(pairs) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert all(850 < n < 1150 for n in pairs.values())


def test_clones_roll_alike_and_determinizations_do_not_foresee_the_dice():
    st = GAME.new_state(4, 3)
    assert roll_dice(st.clone()) == roll_dice(st.clone())
    futures = {tuple(roll_dice(st.determinize(0, seed)) for _ in range(4)) for seed in range(8)}
    assert len(futures) > 1
    assert st.determinize(0, 5).chance == st.determinize(0, 5).chance


def test_the_state_rng_is_not_advanced_during_play():
    st = GAME.new_state(4, 3)
    before = st.rng.getstate()
    import random
    rng = random.Random(1)
    for _ in range(500):
        seat = rng.choice(st.to_act)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert st.rng.getstate() == before
