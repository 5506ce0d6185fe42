"""The fifteenth pass's captured locations (issue 19): where a location is captured with
«Храм Ра», the main turn (``turn_actions``) walks the locations in plain loops — no helper
call and no comprehension (which would make ``info`` and ``seat`` cells, made and freed at
every call) — and still lists the seat's own locations not captured, then those it captured,
seat by seat, as ``supply.controlled`` gives them. Checked against the plain definition on
seeded games with the Egyptians, each main-turn state also copied with opponents' locations
captured at random."""

import random

from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Activate
from settlers.games.imperial.content import CAPTOR
from settlers.games.imperial.operations import can_activate
from settlers.games.imperial.supply import controlled
from settlers.games.imperial.turn import turn_actions


def test_no_call_and_no_cell_for_the_captured_locations():
    assert turn_actions.__code__.co_cellvars == ()
    assert not {"_not_captured", "_captured_by"} & set(turn_actions.__code__.co_names)


def _controlled_by_definition(st, seat):
    info = st.info
    own = [cid for cid in st.locs[seat] if info[cid][CAPTOR] < 0]
    for other, locs in enumerate(st.locs):
        if other != seat:
            own += [cid for cid in locs if info[cid][CAPTOR] == seat]
    return own


def _check(st, seat):
    mine = _controlled_by_definition(st, seat)
    assert controlled(st, seat) == mine
    expected = [Activate(cid, times) for cid in mine for times in (1, 2)
                if can_activate(st, seat, cid, times)]
    assert [a for a in turn_actions(st, seat) if isinstance(a, Activate)] == expected
    return any(st.info[cid][CAPTOR] == seat for cid in mine)


def test_captured_locations_are_listed_by_their_captor_only():
    rng = random.Random(151)
    probes = captor_lists = 0
    for game in range(10):
        players = 2 + game % 3
        empires = ",".join(("egyptians", "japanese", "romans", "barbarians")[:players])
        st = GAME.new_state(players=players, seed=1510 + game, options={"empires": empires})
        egyptians = [s for s in range(st.players) if st.emp[s] == "egyptians"]
        while not st.over:
            seat = rng.choice(st.to_act)
            if not st.pending and st.phase == "actions" and not st.acted and st.turn == seat:
                _check(st, seat)
                for captor in egyptians:
                    probe = st.clone()
                    for other in range(probe.players):
                        if other == captor:
                            continue
                        for cid in probe.locs[other]:
                            if probe.info[cid][CAPTOR] < 0 and probe.captures[captor] > 0 \
                                    and rng.random() < 0.5:
                                probe.info[cid][CAPTOR] = captor
                                probe.captures[captor] -= 1
                    captor_lists += _check(probe, captor)
                    _check(probe, seat)
                    probes += 1
            st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)
    assert probes > 200 and captor_lists > 50, (probes, captor_lists)
