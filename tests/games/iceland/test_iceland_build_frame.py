"""The build lists kept per board (``build_frame``, issue 19) against the lists worked out from
scratch, as ``legal_builds`` and ``legal_bank_trades`` did before the frame: the same actions in
the same order, in seeded random games with random hands dealt at every build phase, and a
frame never outliving a change of the board."""

from __future__ import annotations

import random

import pytest
from iceland_scenario import corner_between, house, new, put, set_hand, terrain

import settlers
from settlers.core import Action
from settlers.games.iceland import building, trade
from settlers.games.iceland import interned as I
from settlers.games.iceland.board import OUTER
from settlers.games.iceland.build_frame import frame
from settlers.games.iceland.pieces import (
    FIRST_HORSE,
    PIECES_PER_SEAT,
    house_on_hex,
    is_farmland,
)
from settlers.games.iceland.state import BUILD

GAME = settlers.load("iceland")


def legal_builds_from_scratch(s, seat: int) -> list[Action]:
    """``building.legal_builds`` as it was before the frame: every check on the live state."""
    out: list[Action] = []
    hand = s.hands[seat]
    c_, b = s.c, s.b
    costs = c_.costs
    pos, terrain_, house_owner, built, pending = s.pos, s.terrain, s.house_owner, s.built, \
        s.pending
    sea, land, mountain = c_.sea, c_.terrain_land, c_.terrain_mountain

    def covers(cost):
        return all(hand[r] >= cost[r] for r in range(4))

    farm_ok = covers(costs["farm"])
    town_ok = covers(costs["town"])
    houses_ok = (farm_ok or town_ok) and building.houses_left(s, seat) >= 1
    farm_corners = building.pending_farm_corners(s)
    harbour_res = [r for r in range(4) if hand[r] >= c_.harbour_cost and s.harbour_pool[r] >= 1]
    base = seat * PIECES_PER_SEAT
    for p in range(base, base + PIECES_PER_SEAT):
        h = pos[p]
        if h < 0:
            continue
        boat = p - base < FIRST_HORSE
        t = terrain_[h]
        if built.get(f"p{p}"):
            continue
        if farm_ok and houses_ok and not s.red_tokens.get(p):
            for c in b.hex_corners[h]:
                if house_owner[c] >= 0 or c in farm_corners:
                    continue
                if not any(is_farmland(s, x) for x in b.corner_hexes[c]):
                    continue
                if all(not ((house_owner[n] >= 0 or n in farm_corners)
                            and not building.sea_and_mountain_between(s, between))
                       for n, between in b.corner_links[c]):
                    out.append(I.build_farm(p, c))
        if boat and t == sea:
            if harbour_res and s.harbour[h] < 0 and \
                    any(is_farmland(s, n) for n in b.grid.hex_neighbours[h]) and \
                    not any(x[0] == "harbour" and x[2] == h for x in pending):
                out.extend(I.build_harbour(p, c_.resources[r]) for r in harbour_res)
        elif t >= 0 and land[t] and not mountain[t] and s.number[h] and \
                hand[c_.terrain_resource[t]] >= c_.ageing_cost:
            out.append(I.build_ageing(p))
    settler_ok = covers(costs["settler"]) and building.pieces_left(s, seat, False) >= 1
    boat_ok = covers(costs["boat"]) and building.pieces_left(s, seat, True) >= 1
    town_ok = town_ok and houses_ok
    targets = building.pending_targets(s)
    for c in [c for c, who in enumerate(house_owner) if who == seat]:
        done = built.get(f"c{c}", 0)
        level = s.house_level[c]
        if town_ok and level == 1 and not done and building.corner_touches_sea(s, c):
            out.append(I.build_town(c))
        if done >= (c_.town_builds if level == 2 else 1):
            continue
        for h in b.corner_hexes[c]:
            t = terrain_[h]
            if t < 0 or s.occupant[h] >= 0 or h in targets:
                continue
            if t == sea:
                if boat_ok:
                    out.append(I.build_boat(c, h))
            elif settler_ok and (house_on_hex(s, seat, h) if mountain[t] else land[t]):
                out.append(I.build_settler(c, h))
    if boat_ok:
        out.append(I.build_boat(OUTER, OUTER))
    return out


def bank_trades_from_scratch(s, seat: int) -> list[Action]:
    """``trade.legal_bank_trades`` with the rate of ``trade.bank_rate`` (the harbour scan)."""
    names = s.c.resources
    hand = s.hands[seat]
    return [I.bank_trade(names[give], names[get]) for give in range(4)
            if hand[give] >= trade.bank_rate(s, seat, give)
            for get in range(4) if get != give and s.bank[get] > 0]


def same_lists(s, seat: int) -> None:
    assert building.legal_builds(s, seat) == legal_builds_from_scratch(s, seat)
    assert trade.legal_bank_trades(s, seat) == bank_trades_from_scratch(s, seat)
    access = frame(s, seat).harbour_access(s)
    assert list(access) == [trade.harbour_access(s, seat, r) for r in range(4)]


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (3, 1), (5, 2)])
def test_build_lists_equal_the_lists_from_scratch(players, seed):
    s = GAME.new_state(players, seed, {"turn_limit": 120})
    s.record_events = False
    rng = random.Random(seed)
    builds_seen = 0
    while not s.over:
        seat = rng.choice(s.to_act)
        if s.phase == BUILD:
            same_lists(s, seat)
            # random hands on the same board: the frame is filtered by the cards alone
            # and builds made one after another (pending farms, targets, pieces and houses)
            for _ in range(3):
                probe = s.clone()
                probe.hands[seat] = [rng.randrange(6) for _ in range(4)]
                for _ in range(4):
                    same_lists(probe, seat)
                    builds = building.legal_builds(probe, seat)
                    builds_seen += len(builds)
                    if not builds:
                        break
                    probe.apply(seat, rng.choice(builds), check=False)
        s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
    assert builds_seen > 100  # the probes did reach farms, towns, settlers and boats


def test_a_frame_follows_every_change_of_the_board():
    """A frame is made for one board: a new house, a moved piece or a found hex makes a new
    one (``Любая постройка вступает в силу в конце хода``: within a turn the board is fixed,
    and the lists of a turn share the frame)."""
    s = new()
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    terrain(s, 0, "fields", 6)
    terrain(s, 8, "forest", 8)
    put(s, 0, 3)
    set_hand(s, 0, grain=2, wood=2, wool=2, iron=2)
    c = corner_between(s, 0, 3, 4)
    first = frame(s, 0)
    assert I.build_farm(0, c) in building.legal_builds(s, 0)
    assert frame(s, 0) is first  # the same board: the same frame
    house(s, 1, corner_between(s, 0, 4, 1))  # a neighbour's farm next to that corner
    assert frame(s, 0) is not first
    assert I.build_farm(0, c) not in building.legal_builds(s, 0)
    same_lists(s, 0)
    put(s, 0, OUTER)
    assert all(getattr(a, "piece", None) != 0 for a in building.legal_builds(s, 0))
    same_lists(s, 0)
