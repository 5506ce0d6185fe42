"""The main turn's offers from the hand (``turn_actions``, issue 19): one loop per (can deal,
can raze) — the definition's builds, then deals, then razes, each in hand order with identical
copies offered once, in every one of the four cases."""

import random

from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Build, MakeDeal, RazeCard
from settlers.games.imperial.building import can_build
from settlers.games.imperial.content import RAZE, F, G
from settlers.games.imperial.deals import DEAL_COST
from settlers.games.imperial.decks import distinct_hand
from settlers.games.imperial.turn import turn_actions

HAND_KINDS = (Build, MakeDeal, RazeCard)


def _expected(st, seat):
    t = st.tables
    supply = st.goods[seat]
    cards = distinct_hand(st, seat)
    out = [Build(cid) for cid in cards if can_build(st, seat, cid, no_foundation=False)]
    if supply[F] >= DEAL_COST["F"] or supply[G] >= DEAL_COST["F"]:
        out += [MakeDeal(cid) for cid in cards if t.deal_card[cid]]
    if supply[RAZE] >= 1:
        out += [RazeCard(cid) for cid in cards if t.hand_razeable[cid]]
    return out


def test_hand_offers_are_the_definition_whether_deals_and_razes_are_possible():
    seen = dict.fromkeys(((deal, raze) for deal in (0, 1) for raze in (0, 1)), 0)
    offered = {MakeDeal: 0, RazeCard: 0}
    for game in range(12):
        players = 2 + game % 3
        options = {"empires": "egyptians,japanese"} if players == 2 else {}
        st = GAME.new_state(players=players, seed=700 + game, options=options)
        rng = random.Random(game)
        step = 0
        while not st.over:
            step += 1
            seat = rng.choice(st.to_act)
            if step % 5 == 0 and not st.pending and not st.acted and st.turn == seat \
                    and st.hand[seat]:
                probe = st.clone()
                supply = probe.goods[seat]
                for deal in (0, 1):
                    for raze in (0, 1):
                        supply[F] = rng.randrange(3) if deal else 0
                        supply[G] = 0 if not deal or supply[F] else rng.randrange(1, 4)
                        supply[RAZE] = rng.randrange(1, 4) if raze else 0
                        listed = [a for a in turn_actions(probe, seat)
                                  if isinstance(a, HAND_KINDS)]
                        assert listed == _expected(probe, seat), (game, step, deal, raze)
                        seen[(deal, raze)] += 1
                        offered[MakeDeal] += sum(isinstance(a, MakeDeal) for a in listed)
                        offered[RazeCard] += sum(isinstance(a, RazeCard) for a in listed)
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
    assert all(n > 20 for n in seen.values()), seen
    assert all(n > 50 for n in offered.values()), offered
