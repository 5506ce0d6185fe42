"""What the fifteenth round of issue-19 work carries or reads more cheaply, against the same
answers read from nothing (or by the code it replaces, copied here), at every step of seeded
games (2–5 players, several option sets):

* the give part of an offer's menu is carried from one item added to the next
  (``negotiation._one_more_given``: the kept part less the item added once no more of it may
  be given) — the offer's menu equals the menu read with nothing kept at every step of the
  offer, and the carry was used;
* ``pieces.count_built`` (a plain loop over the regions, no comprehension) equals the count
  region by region;
* ``building.options`` (the regions where a builder stands, not every region) equals the code
  before the round;
* ``cards._modified_open`` for the Admiral and Roads (the seat's active free units read from its
  ``SeatUnits``) equals the scan of every unit before the round.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from arch_scenario import afresh, touch

import settlers
from settlers.games.archipelago import board, building, cards, negotiation, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Build

GAME = settlers.load("archipelago")
CASES = [(4, 1501, {}), (4, 1502, {}), (3, 1503, {"length": "short", "desert_start": True}),
         (5, 1504, {"more_control": True, "more_sharpness": True}),
         (4, 1505, {"philanthropist": True, "trend": "churches"}), (2, 1506, {}),
         (4, 1507, {"length": "long"})]


def building_options_before(state: Any, seat: int, kinds: tuple[str, ...]) -> list[Any]:
    """``building.options`` as it was before this round: every region of the archipelago."""
    out: list[Any] = []
    scan = pieces.seat_units(state, seat)
    if not scan.free and not scan.housed:
        return out
    first_inh: dict[int, int] = {}
    first_ship: dict[int, int] = {}
    both_shores: set[int] = set()
    units = state.units
    for i in scan.free:
        u = units[i]
        k = u[U.REGION]
        if u[U.SHIP]:
            first_ship.setdefault(k, i)
        elif k not in first_inh:
            first_inh[k] = i
        elif u[U.SHORE] != units[first_inh[k]][U.SHORE] and board.region_face(state, k).strait:
            both_shores.add(k)
    homes: dict[int, list[str]] = {}
    for i in scan.housed:
        u = units[i]
        if not u[U.SHIP]:
            homes.setdefault(u[U.REGION], []).append(u[U.BUILDING])
    ship_in_box = "ship" in kinds and scan.ship_in_box
    tokens = {kind: pieces.tokens_left(state, kind) > 0 for kind in kinds if kind != "ship"}
    for k in range(len(state.regions)):
        inh = k in first_inh
        left = homes.get(k, ())
        if not inh and not left and k not in first_ship:
            continue
        if not board.has_land(state, k):
            continue
        built = state.regions[k]["buildings"]
        for kind in kinds:
            if kind == "ship":
                if (inh or left) and ship_in_box and board.has_sea(state, k):
                    out.append(Build(kind, k))
            elif kind not in built and tokens[kind] and (
                    kind != "port" or board.has_sea(state, k)):
                if k in both_shores:
                    out += [Build(kind, k, by) for by in building.BY_SHORE]
                elif inh or (kind == "port" and k in first_ship):
                    out.append(Build(kind, k))
                if kind == "port" and inh and k in first_ship:
                    out.append(Build(kind, k, "ship"))
                out += [Build(kind, k, home) for home in left]
    return out


def migrates_before(state: Any, seat: int, ships: bool) -> bool:
    """``cards._modified_open``'s test for the Admiral (``ships``) and Roads before the round."""
    return any(u[U.OWNER] == seat and u[U.REGION] >= 0 and bool(u[U.SHIP]) == ships
               and u[U.STANDING] and not u[U.ENGAGED] for u in state.units)


def check_offer(state: Any, counts: Counter[str]) -> None:
    if state.step != "offer":
        return
    seat = state.actor
    kept = state.legal_actions(seat)
    assert kept == afresh(state, negotiation.building_legal, seat), state.version
    counts["offers"] += 1


def check_round(state: Any, counts: Counter[str]) -> None:
    if state.step != "round":
        return
    for seat in range(state.players):
        kinds = building.affordable(state, seat)
        if kinds:
            assert building.options(state, seat, kinds=kinds) == afresh(
                state, building_options_before, seat, kinds), (state.version, seat)
            counts["builds"] += 1
        for ships in (True, False):
            card = next(c for c in state.content.cards
                        if c.effect == ("admiral" if ships else "roads"))
            if state.round.get("disc") or state.discs[seat] - state.discs_used[seat] - card.discs < 1:
                continue
            assert cards._modified_open(state, seat, card, card.effect) == migrates_before(
                state, seat, ships), (state.version, seat, ships)
            counts["migrates"] += 1
    for kind in building.KINDS:
        if kind != "ship":
            assert pieces.count_built(state, kind) == sum(
                1 for reg in state.regions if kind in reg["buildings"]), (state.version, kind)


def play(players: int, seed: int, options: dict[str, Any], counts: Counter[str]) -> None:
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.over:
        check_offer(state, counts)
        check_round(state, counts)
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        state.apply(seat, menu[rng.randrange(len(menu))], check=False)


def test_round15_carried_and_cheaper_answers_equal_those_read_afresh(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the seeded games: every offer's menu equals the menu read with nothing kept, and
    the give part was carried from one item to the next (items dropped and kept both); the
    builds and the modifiers' migrations were compared with work to do."""
    counts: Counter[str] = Counter()
    carry = negotiation._one_more_given

    def counted(state: Any, seat: int, give: list[str], before: tuple[Any, ...]) -> Any:
        got = carry(state, seat, give, before)
        counts["carried"] += got is not None
        counts["dropped"] += got is not None and len(got) < len(before)
        return got

    monkeypatch.setattr(negotiation, "_one_more_given", counted)
    for players, seed, options in CASES:
        play(players, seed, options, counts)
    assert counts["offers"] > 0, counts
    assert counts["carried"] > counts["dropped"] > 0, counts
    assert counts["builds"] > 0 and counts["migrates"] > 0, counts


def test_the_give_part_is_read_afresh_after_an_item_not_on_the_menu() -> None:
    """An unchecked apply of an item the seat may not add (not on the kept give part): the
    give part is read from nothing, not carried — every item given is no longer known held."""
    state = GAME.new_state(4, 1501, {})
    rng = random.Random(1501)
    while not (state.step == "round" and any(a.kind == "propose"
                                              for a in state.legal_actions(state.actor))):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    seat = state.actor
    state.apply(seat, next(a for a in state.legal_actions(seat) if a.kind == "propose"))
    menu = state.legal_actions(seat)
    missing = next(it for it in negotiation.ITEMS
                   if negotiation._ADD_GIVE[it] not in menu)
    state.apply(seat, negotiation._ADD_GIVE[missing], check=False)
    assert state.legal_actions(seat) == afresh(state, negotiation.building_legal, seat)
    # (and from there on nothing is carried: the kept part says it was read with an item short)
    assert not state._cache["pieces"][negotiation._OFFER_GIVES][4]


def test_roads_and_the_admiral_see_a_unit_in_a_building() -> None:
    """A seat whose only active free units stand in buildings (``SeatUnits.housed``: builders,
    L615; they may migrate, L583): the Roads' and the Admiral's test still finds an
    inhabitant, and a ship in a port, as the scan of every unit did."""
    seen = 0
    for players, seed, options in CASES:
        state = GAME.new_state(players, seed, options)
        rng = random.Random(seed)
        while not state.over and seen < 6:
            if state.step == "round" and not state.round.get("disc"):
                seat = state.actor
                housed = pieces.seat_units(state, seat).housed
                if housed and state.discs[seat] > state.discs_used[seat]:
                    units = [list(u) for u in state.units]
                    for i in pieces.seat_units(state, seat).free:   # engaged where they stand
                        state.units[i][U.ENGAGED] = True
                    touch(state)
                    for effect in ("admiral", "roads"):
                        card = next(c for c in state.content.cards if c.effect == effect)
                        if state.discs[seat] - state.discs_used[seat] - card.discs < 1:
                            continue
                        assert cards._modified_open(state, seat, card, effect) == (
                            migrates_before(state, seat, effect == "admiral")), (seed, effect)
                        seen += migrates_before(state, seat, effect == "admiral")
                    state.units[:] = units
                    touch(state)
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    assert seen, "no seat with a unit in a building only was met"


def test_count_built_counts_every_region_holding_the_kind() -> None:
    """``pieces.count_built`` on hand-made layouts: each kind built in a random set of the
    regions of a finished game (random play builds few: a town or a port at most)."""
    state = GAME.new_state(4, 1502, {})
    rng = random.Random(1502)
    while not state.over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    assert len(state.regions) >= 6
    for _ in range(20):
        for reg in state.regions:
            reg["buildings"] = {kind: True for kind in ("town", "church", "market", "port")
                                if rng.random() < 0.4}
        touch(state)
        for kind in ("town", "church", "market", "port"):
            assert pieces.count_built(state, kind) == sum(
                1 for reg in state.regions if kind in reg["buildings"])
