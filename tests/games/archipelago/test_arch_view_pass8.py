"""The view says how each card on the table is used (docs/audits/2026-12-06-eighth-archipelago-
table.md): its owner alone, or anyone for the owner's fee (L822), or without activation, or built
(L866), with its activation price (L800-864) — on the track, in front of the players and among the
five cards a Detective or an Explorer reveals (L1105, L1376), which carry their kind and their
minimum price as well. The browser table draws them; before, the view sent the ids alone.
An offer made in a crisis says what the crisis asks (its step was cut from the view)."""

from __future__ import annotations

import random

from arch_scenario import give_card, in_round, random_to_step, touch

import settlers
from settlers.games.archipelago.actions import Propose

G = settlers.load("archipelago")


def test_the_track_and_the_cards_in_front_say_who_uses_them_and_for_what() -> None:
    st = random_to_step(G.new_state(3, 1, {}), "buy", random.Random(1))
    seat = st.to_act[0]
    give_card(st, seat, "pirate")
    give_card(st, seat, "king")
    view = st.view(seat)["state"]
    for entry, (card, _rot) in zip(view["track"], st.track, strict=True):
        if card < 0:
            continue
        c = st.content.cards[card]
        assert entry["use"] == c.use and entry["cost"]["f"] == c.cost_f, entry
        assert entry["cost"]["discs"] == c.discs
    mine = {x["card"]: x for x in view["players"][seat]["cards"]}
    # the Pirate: its owner alone, one action disc (L1372); the King acts by itself (L1074)
    assert mine["pirate"]["use"] == "owner" and mine["pirate"]["cost"] == {"f": 0, "discs": 1}
    assert mine["king"]["use"] == "passive"


def test_cube_prices_are_named_by_resource() -> None:
    st = random_to_step(G.new_state(3, 1, {}), "buy", random.Random(1))
    give_card(st, 0, "shipbuilding")
    give_card(st, 0, "pyramid")
    mine = {x["card"]: x for x in st.view(1)["state"]["players"][0]["cards"]}
    assert mine["shipbuilding"]["use"] == "open" and mine["shipbuilding"]["cost"] == {"f": 0, "discs": 0, "wood": 1}
    assert mine["pyramid"]["use"] == "wonder" and mine["pyramid"]["cost"] == {"f": 0, "discs": 2, "stone": 5}


def _revealing(kind: str):
    """A position where seat 0 used the Detective or the Explorer and buys among the five."""
    card = "detective" if kind == "character" else "explorer"
    for seed in range(40):
        st = random_to_step(G.new_state(3, seed, {}), "round", random.Random(seed))
        seat = st.actor
        give_card(st, seat, card)
        if len(st.deck) < 5:
            continue
        st.money[seat] += 10
        st.bank_money -= 10
        touch(st)
        use = next((a for a in st.legal_actions(seat) if a.kind == "use_card" and a.card == card), None)
        if use is None:
            continue
        st.apply(seat, use)
        if st.step == "reveal":
            return st
    raise AssertionError("no reveal reached")


def test_the_five_cards_carry_their_kind_price_and_use() -> None:
    for kind in ("character", "progress"):
        st = _revealing(kind)
        seat = st.actor
        for viewer in (seat, (seat + 1) % st.players, None):
            five = st.view(viewer)["state"]["revealed_cards"]
            assert len(five["about"]) == len(five["cards"]) == len(st.ctx["cards"])
            for cid, about, x in zip(five["cards"], five["about"], st.ctx["cards"], strict=True):
                c = st.content.cards[x]
                assert cid == c.id
                assert about["type"] == c.type and about["price"] == min(c.prices)
                assert about["use"] == c.use and about["cost"]["f"] == c.cost_f
        # the cards of its kind it can pay the minimum price for are those it may buy
        buyable = {a.value for a in st.legal_actions(seat) if a.kind == "pick"}
        five = st.view(seat)["state"]["revealed_cards"]
        assert buyable == {cid for cid, about in zip(five["cards"], five["about"], strict=True)
                           if about["type"] == kind and about["price"] <= st.money[seat]}


def _crisis_offer():
    """A domestic crisis (seed 33 walked at random to a church's free raise, L687): the seat
    to answer it opens an offer to seat 0 (L229)."""
    st = G.new_state(3, 33, {})
    rng = random.Random(33)
    while not any(a.kind == "use_church" for a in st.legal_actions(st.to_act[0])):
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert st.step == "domestic"
    seat = st.to_act[0]
    crisis = dict(st.ctx)
    st.apply(seat, Propose(0 if seat else 1))
    return st, seat, crisis


def test_an_offer_made_in_a_crisis_says_what_the_crisis_asks() -> None:
    st, seat, crisis = _crisis_offer()
    for viewer in (seat, 0, 1, None):
        offer = st.view(viewer)["state"]["offer"]
        assert "back" not in offer
        assert offer["crisis"] == {"step": "domestic", "res": crisis["res"],
                                   "ratio": crisis["ratio"], "left": crisis.get("left")}


def test_an_offer_outside_a_crisis_has_no_crisis() -> None:
    st = in_round(3, 1, seat=2)
    st.apply(2, Propose(0))
    offer = st.view(0)["state"]["offer"]
    assert offer["from"] == 2 and "crisis" not in offer and "back" not in offer
