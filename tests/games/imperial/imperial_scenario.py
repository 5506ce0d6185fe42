"""Scenario builders: put exact cards and goods where a rule needs them."""

from __future__ import annotations

import csv
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from settlers.games.imperial import GAME, building
from settlers.games.imperial.content import GOOD_INDEX
from settlers.games.imperial.effects import produce
from settlers.games.imperial.supply import controlled, gain, gain_good


def seeded_states(players: int, seed: int, options: dict) -> Iterator[tuple[Any, int]]:
    """Every state of a seeded uniformly random game, with the seat about to act in it."""
    st = GAME.new_state(players=players, seed=seed, options=options)
    st.record_events = False
    rng = random.Random(seed)
    while not st.over:
        seat = rng.choice(st.to_act)
        yield st, seat
        st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)


def scenario(*empires: str, **options):
    """A game jumped to the action phase of round 1: empty hands, supplies and empires,
    seat 0 first and to act."""
    empires = empires or ("romans", "barbarians")
    opts = {"empires": ",".join(empires)}
    opts.update(options)
    st = GAME.new_state(players=len(empires), seed=0, options=opts)
    st.pending.clear()
    for s in range(st.players):
        for c in st.hand[s]:
            _back_to_deck(st, c)
        st.hand[s] = []
        st.known[s] = []
        st.goods[s] = [0] * 7
        st.vp[s] = 0
    for c in st.row:
        _back_to_deck(st, c)
    st.row = []
    for c in st.virtual:
        _back_to_deck(st, c)
    st.virtual = []
    st.phase = "actions"
    st.round = 1
    st.first = 0
    st.turn = 0
    st.turn_done = False
    st.passed = [False] * st.players
    return st


def _back_to_deck(st, c):
    card = st.cards[c]
    (st.common_deck if card.common else st.fdeck[card.deck]).append(c)


def cid(st, card_id: str) -> int:
    return next(c.index for c in st.cards if c.id == card_id)


def _take(st, c):
    for pile in [st.common_deck, st.common_discard, *st.fdeck.values(), *st.fdiscard.values()]:
        if c in pile:
            pile.remove(c)
            return
    raise AssertionError(f"card {c} is not in a deck")


def to_hand(st, seat: int, card_id: str) -> int:
    c = cid(st, card_id)
    _take(st, c)
    st.hand[seat].append(c)
    return c


def to_empire(st, seat: int, card_id: str) -> int:
    c = cid(st, card_id)
    _take(st, c)
    building.place_location(st, seat, c)
    return c


def empire(st, seat: int, *card_ids: str) -> list[int]:
    """Build these cards in ``seat``'s empire, in this order (``to_empire``)."""
    return [to_empire(st, seat, card_id) for card_id in card_ids]


def to_deals(st, seat: int, card_id: str) -> int:
    c = cid(st, card_id)
    _take(st, c)
    st.deals[seat].append(c)
    return c


def give(st, seat: int, **goods: int) -> None:
    for g, n in goods.items():
        if g == "VP":
            st.vp[seat] += n
        else:
            st.goods[seat][GOOD_INDEX[g]] += n


def play_with(st, seat: int, action, **goods: int) -> None:
    """Give ``seat`` these goods (``give``), then it plays ``action``."""
    give(st, seat, **goods)
    st.apply(seat, action)


def supply(st, seat: int) -> dict[str, int]:
    from settlers.games.imperial.content import SUPPLY_GOODS
    return {g: n for g, n in zip(SUPPLY_GOODS, st.goods[seat], strict=True) if n}



#: the printed card facts: the shared folder beside the project, or the workspace's
FACTS = [root / "shared" / "content-facts" / "imperial-settlers-cards.csv"
         for root in (Path(__file__).resolve().parents[4], Path("/work"))]


def printed_facts() -> dict[str, dict[str, str]]:
    """The rows of the printed card facts by card id; the test is skipped where the shared
    content facts are not on the machine."""
    for path in FACTS:
        if path.is_file():
            with open(path, encoding="utf-8") as f:
                return {r["id"]: r for r in csv.DictReader(f)}
    pytest.skip("the shared content facts are not on this machine")


def produce_for_by_definition(st, seat: int) -> None:
    """``production.produce_for`` as it reads without its tables: the stash in, the board's
    production, ``gain_good`` on every deal, ``produce`` on every production location (what
    the fast paths are checked against)."""
    stash = st.stash_w[seat]
    supply = st.goods[seat]
    for r in range(3):
        supply[r] += stash[r]
        stash[r] = 0
    gain(st, seat, st.boards[st.emp[seat]]["production"])
    for cid in st.deals[seat] + st.route[seat]:
        gain_good(st, seat, st.cards[cid].deal)
    for card in st.attack_deals:
        gain_good(st, seat, st.attack_goods[card])
    for cid in controlled(st, seat):
        if st.cards[cid].type == "production":
            produce(st, seat, cid)
