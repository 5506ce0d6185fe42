"""The terminal's player line: the marks (to move, the longest road, the largest army) are set
apart from the road's length. They ran on from it («дорога 7 самый длинный путь»), so the
length read as part of the mark."""

import random

import pytest

import settlers


@pytest.mark.parametrize(("lang", "road", "mark"), [("ru", "дорога", "самый длинный путь"),
                                                    ("en", "road", "longest road")])
def test_marks_are_set_apart_from_the_road_length(lang, road, mark):
    st = settlers.load("catan").new_state(4, 3, {})
    rng = random.Random(0)
    while st.longest_road < 0:   # (-1: nobody holds it yet)
        assert not st.over
        seat = rng.choice(st.to_act)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    text = st.render(None, lang)
    holder = st.longest_road
    line = next(x for x in text.splitlines() if f"{road} {st.road_length[holder]} · " in x
                and mark in x.lower())
    assert not line.endswith(" "), line
    quiet = [x for x in text.splitlines() if f"{road} " in x and " · " not in x]
    assert all(x.rstrip() == x for x in quiet)
    assert len(quiet) + sum(" · " in x for x in text.splitlines()) >= 4
