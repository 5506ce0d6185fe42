"""The forty-third session (issue 19): the main turn's listing (``turn_actions``) and a build's
foundations (``foundation_options``) hold no comprehension that closes over their locals. One
would make those locals cells — made and freed at every call, read through LOAD_DEREF in every
loop — which cost ≈ 1 % of all instructions in random playouts (the main turn's ``seat`` and
``info``). The foundations are still the plain definition's."""

import random

from settlers.games.imperial import GAME
from settlers.games.imperial.building import foundation_options
from settlers.games.imperial.content import CAPTOR
from settlers.games.imperial.turn import turn_actions


def test_hot_listings_have_no_cells():
    assert turn_actions.__code__.co_cellvars == ()
    assert foundation_options.__code__.co_cellvars == ()


def test_foundation_options_are_the_definition():
    checked = 0
    for game in range(8):
        players = 2 + game % 3
        options = {"empires": "egyptians,japanese"} if players == 2 else {}
        st = GAME.new_state(players=players, seed=500 + game, options=options)
        rng = random.Random(game)
        while not st.over:
            for seat in range(st.players):
                expected = [(0, cid) for cid in st.locs[seat] if st.info[cid][CAPTOR] < 0]
                expected += [(1, cid) for cid in dict.fromkeys(st.fnd[seat])]
                assert foundation_options(st, seat) == expected
                checked += 1
            seat = rng.choice(st.to_act)
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
    assert checked > 1000, checked
