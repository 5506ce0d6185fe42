"""What the thirteenth round of issue-19 work keeps or reads more cheaply, against the same
facts read from nothing (or by the code it replaces, copied here), at every step of seeded
games (2–5 players, several option sets):

* a gift of an evolution card that no other seat may use (turned, or of the owner's use, a
  passive card, a wonder: ``negotiation.card_holders``) drops the card facts
  (``cards._Usable``, ``negotiation.one_of_items``) of the giver and the taker alone; the other
  seats' are the very objects kept, and equal the facts read afresh; a gift of an upright card
  others may use (L830: another seat's open card for its price + 1f) drops every seat's;
* ``cards._Usable.checks``, what ``cards.options`` reads to tell whether a card can be paid
  (the cubes each needs, most need none), equal the cards' costs, and ``cards.options`` lists
  what the loop over every resource of each card's cost listed;
* ``migration._land_steps`` reads the shore of the region it arrives in from ``board.links``
  kept for the search, as ``board.shore_towards`` reads it from the neighbours and the face;
* the Pirate's choices (``cards.args``) and the wonders' (``cards.wonder_options``) equal
  those of the code before the round (the seat's own ships read from its own units; a
  wonder's builders read once a wonder passes its other checks).
"""

from __future__ import annotations

import random
from typing import Any

from arch_scenario import afresh

import settlers
from settlers.games.archipelago import board, cards, memo, migration, negotiation, pieces, wheel
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import BuildWonder, UseCard

GAME = settlers.load("archipelago")
CASES = [(4, 1301, {}), (4, 1302, {}), (3, 1303, {"length": "short", "desert_start": True}),
         (5, 1304, {"more_control": True, "more_sharpness": True}),
         (4, 1305, {"philanthropist": True, "trend": "churches"}), (2, 1306, {}),
         (4, 1307, {"length": "long"})]

_CARD_FACTS = ("usable_cards", "one_of")


def usable_afresh(state: Any, seat: int) -> tuple[Any, Any, Any]:
    fresh = cards._Usable(state, seat)
    return fresh.cards, fresh.checks, fresh.wonder


def card_facts_equal_afresh(state: Any) -> None:
    known = state._cache.get(memo.KEY) or {}
    for key, fact in known.items():
        if type(key) is not tuple or key[0] not in _CARD_FACTS:
            continue
        seat = key[1]
        if key[0] == "usable_cards":
            assert (fact.cards, fact.checks, fact.wonder) == usable_afresh(state, seat), (
                state.version, seat)
        else:
            assert fact == afresh(state, negotiation.one_of_items_afresh, seat), (
                state.version, seat)


def options_before(state: Any, seat: int) -> list[Any]:
    """``cards.options`` as it was before this round: every resource of each card's cost."""
    out: list[Any] = []
    usable = cards._Usable(state, seat)
    money, have = state.money[seat], state.cubes[seat]
    discs_left = state.discs[seat] - state.discs_used[seat]
    for _owner, c, fee in usable.cards:
        if money < fee or discs_left < c.discs:
            continue
        if all(have[i] >= n for i, n in enumerate(c.cost_cubes)):
            out += [UseCard(c.id, a) for a in cards.args(state, seat, c, fee)]
    if usable.wonder:
        out += wonder_options_before(state, seat)
    return out


def wonder_options_before(state: Any, seat: int) -> list[Any]:
    out: list[Any] = []
    content = state.content.cards
    wonders = [rec for rec in state.owned[seat] if content[rec[0]].use == "wonder"]
    if not wonders:
        return out
    units = [i for i in pieces.span(state, seat)
             if (u := state.units[i])[U.OWNER] == seat and not u[U.SHIP] and u[U.REGION] >= 0
             and u[U.STANDING] and not u[U.ENGAGED]]
    if not units:
        return out
    for rec in wonders:
        c = content[rec[0]]
        if c.use != "wonder" or rec[2] or rec[3] >= state.turn:
            continue
        if not cards.affordable(state, seat, seat, c):
            continue
        if c.needs and not pieces.controlled(state, seat, c.needs):
            continue
        out += [BuildWonder(c.id, u) for u in units]
    return out


def pirate_before(state: Any, seat: int) -> list[tuple[int, ...]]:
    mine = {u[U.REGION] for u in state.units
            if u[U.OWNER] == seat and u[U.SHIP] and u[U.REGION] >= 0}
    return [(i,) for i, u in enumerate(state.units)
            if u[U.SHIP] and u[U.OWNER] != seat and u[U.REGION] in mine]


def land_steps_before(state: Any, start_region: int, start_shore: int, walk: int,
                      ships: set[int]) -> dict[tuple[int, int], int]:
    """``migration._land_steps`` as it was before this round (``board.shore_towards``)."""
    start = (start_region, start_shore)
    best = {start: 0}
    queue = [start]
    while queue:
        here = queue.pop(0)
        k, at = here
        used = best[here]
        steps: list[tuple[tuple[int, int], int]] = []
        if k in ships and board.region_face(state, k).strait:
            steps.append(((k, 1 - at), used))
        for _d, other, sea, shore in board.links(state, k):
            if shore != at:
                continue
            if sea:
                if k in ships or other in ships:
                    steps.append(((other, board.shore_towards(state, other, k)), used))
            else:
                steps.append(((other, board.shore_towards(state, other, k)), used + 1))
        for place, cost in steps:
            if cost <= walk and cost < best.get(place, walk + 1):
                best[place] = cost
                queue.append(place)
    return best


def check_listings(state: Any, counts: dict[str, int]) -> None:
    """The round's card menus and the migration's searches against the code before."""
    if state.step == "round":
        pirates = [c for c in state.content.cards if c.effect == "pirate"]
        for seat in range(state.players):
            got = cards.options(state, seat)
            assert got == afresh(state, options_before, seat), (state.version, seat)
            assert cards.wonder_options(state, seat) == afresh(
                state, wonder_options_before, seat), (state.version, seat)
            for c in pirates:
                assert cards.args(state, seat, c, 0) == pirate_before(state, seat), (
                    state.version, seat)
            counts["options"] += bool(got)
    if state.step == "migrate":
        seat = state.actor
        ships = migration.ships_of(state, seat)
        for i in pieces.span(state, seat):
            u = state.units[i]
            if u[U.SHIP] or u[U.REGION] < 0:
                continue
            for walk in (1, 2):
                assert migration._land_steps(state, u[U.REGION], u[U.SHORE], walk, ships) == (
                    land_steps_before(state, u[U.REGION], u[U.SHORE], walk, ships)), (
                        state.version, i, walk)
                counts["walks"] += 1


def play(players: int, seed: int, options: dict[str, Any], counts: dict[str, int]) -> None:
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.over:
        card_facts_equal_afresh(state)
        check_listings(state, counts)
        for seat in range(state.players):   # every seat's card facts read, to be kept
            cards._usable_of(state, seat)   # or dropped
            negotiation.one_of_items(state, seat)
            if state.step == "round":
                wheel.round_legal(state, seat)
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        action = menu[rng.randrange(len(menu))]
        holders: tuple[int, ...] | None = ()
        if action.kind == "gift" and action.item.startswith(negotiation.CARD):
            holders = negotiation.card_holders(state, seat, action.to, action.item)
            index = state.content.card_index(action.item[len(negotiation.CARD):])
            rec = next(r for r in state.owned[seat] if r[0] == index)
            others_may_use = not rec[1] and state.content.cards[index].use == "open"
            assert holders == (None if others_may_use else (seat, action.to)), state.version
        before = dict(state._cache.get(memo.KEY) or {})
        phase = state.phase
        state.apply(seat, action, check=False)
        after = state._cache.get(memo.KEY) or {}
        if holders == () or state.phase != phase or not before:
            continue
        for key in before:
            if type(key) is not tuple or key[0] not in _CARD_FACTS:
                continue
            if holders is None or key[1] in holders:
                assert key not in after, (state.version, key)   # read again
            else:
                counts["kept"] += 1   # another seat's: the very fact kept
                assert after.get(key) is before[key], (state.version, key)
        counts["every" if holders is None else "two"] += 1
    card_facts_equal_afresh(state)


def test_round13_kept_and_cheaper_facts_equal_those_read_afresh() -> None:
    """Over the seeded games: every card fact kept equals the fact read afresh at every step;
    cards are handed over both ways — some that other seats may use (every seat's card facts
    dropped), some that they may not (the others' kept, the very objects); the card menus and
    the migration's searches were compared (``check_listings``) with work to do."""
    counts = {"kept": 0, "every": 0, "two": 0, "options": 0, "walks": 0}
    for players, seed, options in CASES:
        play(players, seed, options, counts)
    assert counts["kept"] > 0 and counts["two"] > 0 and counts["every"] > 0, counts
    assert counts["options"] > 0 and counts["walks"] > 0, counts


def test_card_holders_of_a_card_not_held_is_every_seat() -> None:
    """A card the giver does not hold (an unchecked apply of an illegal gift): every seat's
    card facts are read again."""
    state = GAME.new_state(4, 1301, {})
    card_id = state.content.cards[0].id
    assert not state.owned[0]
    assert negotiation.card_holders(state, 0, 1, negotiation.CARD + card_id) is None


def test_usable_checks_list_the_cubes_each_card_needs() -> None:
    """``_Usable.checks``: per card of ``cards``, the card, its fee, its discs and the
    (resource, count) of the cubes it needs, none of the others."""
    state = GAME.new_state(4, 1302, {})
    rng = random.Random(1302)
    seen = 0
    while not state.over:
        for seat in range(state.players):
            usable = cards._Usable(state, seat)
            assert len(usable.checks) == len(usable.cards)
            for (_owner, c, fee), (c2, fee2, discs, needs, _flag, _plain) in zip(
                    usable.cards, usable.checks, strict=True):
                assert (c2, fee2, discs) == (c, fee, c.discs)
                assert needs == tuple((i, n) for i, n in enumerate(c.cost_cubes) if n)
                seen += 1
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
    assert seen
