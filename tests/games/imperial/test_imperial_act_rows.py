"""The fifteenth pass's activation rows (issue 19): ``CardTables.act_row`` carries each action
location's activation once and twice (None for twice where the limit is 1), and the main turn's
loop answers a workers-and-resources action from the supply alone where nothing is lacking.
Here, the rows themselves, and the activations the main turn lists — in order — against a
straightforward recomputation: ``can_activate`` once and twice of each location
``supply.controlled`` gives, at main-turn states of seeded games and on copies of them with
supplies and marks of use drawn at random (so that the supply is just short, just enough or
rich for every cost the games reach)."""

import random

from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Activate
from settlers.games.imperial.content import USED, WK, F, G, S, W
from settlers.games.imperial.operations import can_activate
from settlers.games.imperial.supply import controlled
from settlers.games.imperial.turn import turn_actions


def test_act_row_carries_the_activation_once_and_twice():
    t = GAME.new_state(players=2, seed=0).tables
    twice_none = twice_kept = 0
    for cid, row in enumerate(t.act_row):
        if row is None:
            assert t.action_row[cid] is None
            continue
        limit, _, _, _, once, twice = row
        assert once is t.activate_of[cid] and once == Activate(cid)
        if limit >= 2:
            assert twice is t.activate_twice_of[cid] and twice == Activate(cid, 2)
            twice_kept += 1
        else:
            assert twice is None
            twice_none += 1
    assert twice_none > 10 and twice_kept > 10


def _expected(st, seat):
    return [Activate(cid, times) for cid in controlled(st, seat) for times in (1, 2)
            if can_activate(st, seat, cid, times)]


def _listed(st, seat):
    return [a for a in turn_actions(st, seat) if isinstance(a, Activate)]


def test_listed_activations_are_can_activate_in_order():
    rng = random.Random(15)
    probes = listed_once = listed_twice = 0
    for game in range(14):
        players = 2 + game % 3
        options = {"empires": "egyptians,japanese"} if players == 2 else {}
        st = GAME.new_state(players=players, seed=1500 + game, options=options)
        step = 0
        while not st.over:
            step += 1
            seat = rng.choice(st.to_act)
            if not st.pending and st.phase == "actions" and not st.acted and st.turn == seat:
                assert _listed(st, seat) == _expected(st, seat), (game, step)
                if controlled(st, seat):
                    for _ in range(3):
                        probe = st.clone()
                        supply = probe.goods[seat]
                        for good in (W, S, F, G):
                            supply[good] = rng.randrange(4)
                        supply[WK] = rng.randrange(5)
                        for cid in controlled(probe, seat):
                            probe.info[cid][USED] = rng.randrange(3)
                        got = _listed(probe, seat)
                        assert got == _expected(probe, seat), (game, step, supply)
                        probes += 1
                        listed_once += sum(a.times == 1 for a in got)
                        listed_twice += sum(a.times == 2 for a in got)
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
    assert probes > 300 and listed_once > 300 and listed_twice > 50, \
        (probes, listed_once, listed_twice)
