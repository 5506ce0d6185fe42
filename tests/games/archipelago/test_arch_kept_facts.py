"""The pieces' facts kept across actions (memo.py, issue 19) equal the facts read afresh.

``test_arch_incremental.py`` compares whole menus with menus from scratch; this compares every
fact kept in a state's cache (``memo.KEY``) with the same fact built from the state with
nothing kept, after every action of seeded random games — in clones (search copies) and in
states rebuilt from a save record too — and checks that the facts the engine now carries
across an action (a card whose effect moves no piece, ``NO_PIECE_EFFECTS``) are really
carried, not dropped and rebuilt.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import settlers
from settlers.core.saves import state_from_record, state_record
from settlers.games.archipelago import (
    balance,
    building,
    cards,
    harvest,
    markets,
    memo,
    negotiation,
    pieces,
    wheel,
)
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import Harvest
from settlers.games.archipelago.content import RESOURCES

#: cards whose effect moves no unit, lays no region, builds nothing, plunders no icon, gives no
#: permission and starts no crisis (cards.apply_effect): a flag of the round (L1390, L1430,
#: L1502, L1528, L806, L852-854), the markers, florins and cubes, a spied objective, a step
#: started (a migration, a recruitment, trades, the thief's hands)
NO_PIECE_EFFECTS = frozenset((
    "explore_three", "explore_twice", "admiral", "roads", "double_cattle", "double_fish",
    "double_fruit", "double_iron", "double_stone", "double_wood", "bishop", "archbishop", "pope",
    "peace", "education", "amphitheatre", "church_gifts", "labour_minister", "emigration",
    "immigration", "treasurer", "merchant", "exporter", "agriculture_minister",
    "foreign_trade", "domestic_trade", "trade_minister", "spy", "thief", "recruit_one",
    "expansionism", "false_prophet"))
#: facts of an offer under way: menus, compared by test_arch_incremental.py
_MENUS = frozenset((memo.OFFER_BACK, "offer_gives"))


def plain(value: Any) -> Any:
    """``value`` as plain data: an object with slots as its class name and slot values."""
    slots = getattr(type(value), "__slots__", None)
    if slots and not isinstance(value, tuple):
        return (type(value).__name__, {name: plain(getattr(value, name)) for name in slots})
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return value
    return value


def _taken(state: Any) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for u in state.units:
        if u[U.ICON] >= 0 and u[U.REGION] >= 0:
            out.setdefault(u[U.REGION], set()).add(u[U.ICON])
    return out


def _use_sites(state: Any, seat: int) -> tuple[Any, ...]:
    return tuple(([k, markets.MARKET_OF[kind]], markets._USE[(k, kind)])
                 for kind in ("market", "port") for k in pieces.controlled(state, seat, kind))


def _check_disc(state: Any, seat: int, kept: wheel._PieceMenu, where: Any) -> None:
    fresh = wheel._PieceMenu(state, seat)
    for name in ("builders", "costs", "explore_limit", "mobile", "recruit", "reproduce",
                 "taxes_limit"):
        assert getattr(kept, name) == getattr(fresh, name), (where, name)
    assert plain(kept.scan) == plain(fresh.scan), (where, "scan")
    for kinds, builds in kept.builds.items():
        assert builds == tuple(building.options(state, seat, scan=fresh.scan, kinds=kinds)), (
            where, kinds)
    if kept.permits == len(state.permits):
        assert kept.harvests == tuple(Harvest(RESOURCES[r])
                                      for r in harvest.possible(state, seat)), where


def check_kept_facts(state: Any, where: Any = None) -> int:
    """Every kept fact of the pieces equals the fact read afresh; how many were compared."""
    known = state._cache.get(memo.KEY)
    if not known:
        return 0
    known = dict(known)
    kept_cache = state._cache
    state._cache = {}   # every fact below is read with nothing kept
    compared = 0
    try:
        for key, value in known.items():
            name = key[0] if type(key) is tuple else key
            assert name in memo.FACT_NAMES, key
            if name in _MENUS:
                continue
            compared += 1
            if key == memo.SEAT_UNITS:
                assert {s: plain(v) for s, v in value.items()} == {
                    s: plain(pieces.SeatUnits(state, s)) for s in value}, where
            elif key == "built":
                pieces.controlled(state, 0, "town")
                assert value == state._cache[memo.KEY]["built"], where
            elif key == "occupants":
                assert value == pieces.occupants(state), where
            elif key == "taken_icons":
                assert {k: v for k, v in value.items() if v} == _taken(state), where
            elif key == "icons_free":
                taken = _taken(state)
                for (k, shore), free in value.items():
                    reg = state.regions[k]
                    face = (state.start_face if reg["hex"] < 0
                            else state.content.hexes[reg["hex"]][reg["side"]])
                    assert free == harvest.free_on(face, shore, taken.get(k, ()),
                                                   reg["plundered"]), (where, k, shore)
            elif key == "lying":
                assert value == balance.lying(state), where
            elif name == "controlled":
                assert value == pieces.controlled(state, key[1], key[2]), (where, key)
            elif name == "use_sites":
                assert value == _use_sites(state, key[1]), (where, key)
            elif name == "one_of":
                assert value == negotiation.one_of_items_afresh(state, key[1]), (where, key)
            elif name == "expel":
                assert value == tuple(pieces.expel_options_afresh(state, key[1])), (where, key)
            elif name == "usable_cards":
                assert plain(value) == plain(cards._Usable(state, key[1])), (where, key)
            elif name == "harvesters":
                _, seat, only, permits = key
                if permits == len(state.permits):   # (under fewer permits: never read again)
                    assert value == harvest._find_harvesters(state, seat, only, None), (
                        where, key)
            elif name == "disc":
                _check_disc(state, key[1], value, (where, key))
            else:
                raise AssertionError(f"no check for {key!r}")
            state._cache = {}
    finally:
        state._cache = kept_cache
    return compared


def _facts_kept(state: Any) -> dict[Any, Any]:
    return dict(state._cache.get(memo.KEY) or {})


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(4, 140, {}), (4, 125, {}), (4, 116, {})])
def test_kept_facts_equal_facts_read_afresh(players: int, seed: int,
                                            options: dict[str, Any]) -> None:
    state = settlers.load("archipelago").new_state(players, seed, options)
    state.record_events = False
    rng = random.Random(seed)
    compared = carried = 0
    while not state.over:
        if state.version % 40 == 13:
            state = state.clone()   # a search copy: its facts are its own
            state.record_events = False
        elif state.version % 97 == 50:   # saved and loaded: the log replayed
            state = state_from_record(state_record(state))
            state.record_events = False
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        action = menu[rng.randrange(len(menu))]
        before = (_facts_kept(state) if action.kind == "use_card"
                  and _effect(state, action) in NO_PIECE_EFFECTS else None)
        state.apply(seat, action, check=False)
        compared += check_kept_facts(state, (state.version, action))
        if before is not None:
            # the card moved no piece: what did not read the cards was carried, not rebuilt
            after = _facts_kept(state)
            if state.phase == "actions":
                for key, value in before.items():
                    name = key[0] if type(key) is tuple else key
                    if name in ("usable_cards", "one_of", "lying") or name in _MENUS:
                        continue
                    if key == memo.SEAT_UNITS:
                        assert all(after[key].get(s) is v for s, v in value.items()), action
                    else:
                        assert after.get(key) is value, (action, key)
                    carried += 1
    assert compared > 300
    assert carried > 0


def _effect(state: Any, action: Any) -> str:
    content = state.content
    return content.cards[content.card_index(action.card)].effect
