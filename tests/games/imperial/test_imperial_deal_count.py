"""``supply.deal_count`` (issue 19: the main turn's listing and the pay checks ask how many
deals a seat can give up, at every listing with an action that costs deals) is
``len(own_deal_options)``: deals under the board, the Japanese trade routes and, solo, the
attack cards taken with «Шпионы» (not the open ones: the opponent's deals, L818; rules
2026-12-07.1)."""

import random

from settlers.games.imperial import GAME
from settlers.games.imperial.supply import deal_count, own_deal_options


def test_deal_count_is_the_number_of_own_deal_options():
    counted = {"solo": 0, "deals": 0}
    for game, (players, options) in enumerate(((1, {}), (2, {"empires": "japanese,egyptians"}),
                                               (3, {}), (1, {}), (4, {}), (2, {}))):
        st = GAME.new_state(players=players, seed=300 + game, options=options)
        rng = random.Random(game)
        while not st.over:
            for seat in range(st.players):
                n = len(own_deal_options(st, seat))
                assert deal_count(st, seat) == n, (game, seat)
                counted["solo" if st.solo else "deals"] += n
            if st.solo and st.attack_row:   # an attack card taken (rare in random games)
                probe = st.clone()
                probe.attack_deals.append(probe.attack_row.pop(0))
                assert deal_count(probe, 0) == len(own_deal_options(probe, 0)) == n + 1
                counted["solo"] += n + 1
            seat = rng.choice(st.to_act)
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
    assert counted["solo"] > 150 and counted["deals"] > 200, counted
