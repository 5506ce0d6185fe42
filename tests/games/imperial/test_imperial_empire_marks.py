"""The marks kept per seat (``ImperialState.marks``, ``marks.py``; issue 19, eleventh pass):
what a seat's locations tell of its empire — the events they listen to, their passive
features, a «Врата» or «Часовня» — kept where the locations change, so that ``trigger``,
``has_passive``, the raze guard and the free-action tests ask one set instead of walking
every location.

Checked against the marks made from scratch and against the scans they replace (the listeners'
``isdisjoint``, ``passive_cards``, ``free_cards``) at every step of seeded games, in clones and
in pickles; and the removal of one of two locations giving the same mark."""

import pickle
import random

import pytest
from imperial_scenario import scenario

from settlers.games.imperial import GAME, building, razing
from settlers.games.imperial.content import CAPTOR, PASSIVES, RA_TOKENS, TRIGGERS
from settlers.games.imperial.marks import empire_marks, refresh_marks
from settlers.games.imperial.supply import any_capture
from settlers.games.imperial.tables import FREE

GAMES = [
    (1, {}), (2, {}), (3, {}), (4, {}),
    (2, {"empires": "japanese,egyptians"}),
    (4, {"empires": "egyptians,japanese,romans,barbarians"}),
    (3, {"lookout": "alternative"}),
    (4, {"lookout": "advanced", "peaceful": True}),
]


def _scanned(st, seat: int) -> frozenset[str]:
    """The marks as the replaced code found them: a scan of the seat's locations."""
    t = st.tables
    locs = st.locs[seat]
    found = {event for event in TRIGGERS
             if event in t.listeners and not t.listeners[event].isdisjoint(locs)}
    found |= {passive for passive in PASSIVES
              if passive in t.passive_cards and not t.passive_cards[passive].isdisjoint(locs)}
    if not t.free_cards.isdisjoint(locs):
        found.add(FREE)
    return frozenset(found)


def _check(st) -> None:
    # the «Храм Ра» tokens the game started with (ImperialState.ra_start), and whether a
    # location is captured now, from scratch
    assert st.ra_start == RA_TOKENS * st.emp.count("egyptians")
    assert any_capture(st) == any(st.info[cid][CAPTOR] >= 0 for locs in st.locs for cid in locs)
    assert len(st.marks) == st.players
    for seat in range(st.players):
        assert st.marks[seat] == empire_marks(st.tables, st.locs[seat]) == _scanned(st, seat), \
            (seat, st.locs[seat], st.marks[seat])


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_the_kept_marks_are_those_made_from_scratch_at_every_step(players, options):
    changed = removed = 0
    for seed in range(12):
        st = GAME.new_state(players=players, seed=seed, options=dict(options))
        st.record_events = seed % 2 == 0
        rng = random.Random(seed)
        step = 0
        while not st.over:
            marks_before = list(st.marks)
            locs_before = [set(locs) for locs in st.locs]
            seat = rng.choice(st.to_act)
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=step % 5 == 0)
            step += 1
            _check(st)
            changed += st.marks != marks_before
            removed += any(st.tables.marks[cid] for owner, locs in enumerate(locs_before)
                           for cid in locs - set(st.locs[owner]))
            if step % 41 == 0:   # a clone keeps its own marks, and a pickle carries them
                twin = st.clone()
                _check(twin)
                assert twin.marks == st.marks and twin.marks is not st.marks
                _check(pickle.loads(pickle.dumps(st)))
                st = twin
    assert changed > 10
    assert removed > 0   # a marked location razed, discarded or taken as a trophy


def test_a_pickle_from_before_the_fields_gets_them():
    st = GAME.new_state(players=4, seed=3, options={"empires": "egyptians,japanese,romans,barbarians"})
    rng = random.Random(3)
    while not any(st.marks):
        seat = rng.choice(st.to_act)
        st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
    old = st.__getstate__()
    del old["marks"], old["ra_start"]
    loaded = type(st).__new__(type(st))
    loaded.__setstate__(old)
    _check(loaded)


def test_a_mark_stays_while_another_location_gives_it():
    st = scenario("romans", "barbarians")
    t = st.tables
    builders = [c.index for c in st.cards if "build" in t.marks[c.index] and c.common][:2]
    plain = next(c.index for c in st.cards if not t.marks[c.index] and c.common)
    for cid in (*builders, plain):
        for pile in (st.common_deck, st.common_discard):
            if cid in pile:
                pile.remove(cid)
    assert len(builders) == 2
    building.place_location(st, 0, plain)
    assert st.marks[0] == frozenset()
    building.place_location(st, 0, builders[0])
    building.place_location(st, 0, builders[1])
    assert "build" in st.marks[0]
    razing.remove_location(st, 0, builders[0], "discard")
    assert "build" in st.marks[0]
    razing.remove_location(st, 0, plain, "discard")
    assert "build" in st.marks[0]
    razing.remove_location(st, 0, builders[1], "discard")
    assert st.marks[0] == frozenset()
    _check(st)


def test_refresh_marks_follows_locations_set_directly():
    st = scenario("japanese", "romans")
    gate = next(c.index for c in st.cards if FREE in st.tables.marks[c.index])
    st.locs[0] = [gate]
    st.info[gate] = [0, 0, 0, -1, 0]
    refresh_marks(st)
    assert FREE in st.marks[0] and "gate" in st.marks[0]
    _check(st)


def test_a_capture_is_the_tokens_missing_from_the_start():
    st = scenario("egyptians", "romans")
    assert st.ra_start == RA_TOKENS > 0 and not any_capture(st)
    farm = next(c.index for c in st.cards if c.common and c.type == "production")
    for pile in (st.common_deck, st.common_discard):
        if farm in pile:
            pile.remove(farm)
    building.place_location(st, 1, farm)
    _check(st)
    st.info[farm][CAPTOR] = 0   # captured with «Храм Ра»: one token used
    st.captures[0] -= 1
    assert any_capture(st)
    _check(st)
    razing.remove_location(st, 1, farm, "discard")   # the token comes back
    assert not any_capture(st)
    _check(st)
    assert scenario("romans", "barbarians").ra_start == 0
