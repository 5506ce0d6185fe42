"""The fifteenth pass's late-game paths (issue 19), each against its straightforward form:

- the production of deals (``production.produce_for``) adds each deal's supply good from
  ``CardTables.deal_index`` instead of calling ``gain_good``: the same supply, victory points
  («Сфинкс»: a VP per gain of gold), hand and decks as ``gain_good`` on every deal and route
  deal, whatever the deals' goods (victory points and cards through ``gain_good`` still);
- a build or an activation with more than one way to pay asks its question at once
  (``start_build``, ``start_activation``): the same pending question, key for key and in the
  same order, as ``continue_build`` and ``continue_activation`` ask."""

from __future__ import annotations

import random

import pytest
from imperial_scenario import produce_for_by_definition, scenario

from settlers.games.imperial import GAME
from settlers.games.imperial.activation import continue_activation, start_activation
from settlers.games.imperial.building import continue_build, place_location, start_build
from settlers.games.imperial.content import GOOD_INDEX
from settlers.games.imperial.production import produce_for


def test_deal_index_is_the_deal_goods_supply_index() -> None:
    st = scenario()
    kinds = set()
    for card in st.cards:
        expected = None if card.deal is None else GOOD_INDEX.get(card.deal)
        assert st.tables.deal_index[card.index] == expected, card.id
        kinds.add(card.deal if expected is None else "supply")
    assert {"supply", "VP", "Card", None} <= kinds


@pytest.mark.parametrize("sphinx", [False, True])
def test_production_of_deals_is_gain_good_on_each(sphinx: bool) -> None:
    rng = random.Random(15)
    dealt = [c.index for c in scenario().cards if c.deal is not None]
    for trial in range(60):
        st = scenario("egyptians", "romans")
        if sphinx:
            place_location(st, 0, next(c.index for c in st.cards if c.name["en"] == "Sphinx"))
        st.deals[0] = rng.sample(dealt, rng.randrange(1, 7))
        st.route[0] = rng.sample(dealt, rng.randrange(3))
        fast, slow = st.clone(), st.clone()
        produce_for(fast, 0)
        produce_for_by_definition(slow, 0)
        assert fast.full_state() == slow.full_state(), trial
        assert fast.goods == slow.goods and fast.vp == slow.vp, trial


def _questions(game_seed: int):
    """Main-turn states of a seeded game (a few seats and empires)."""
    rng = random.Random(game_seed)
    st = GAME.new_state(players=2 + game_seed % 3, seed=game_seed)
    while not st.over:
        seat = rng.choice(st.to_act)
        if not st.pending and st.phase == "actions" and not st.acted and st.turn == seat:
            yield st, seat, rng
        st.apply(seat, rng.choice(st.legal_actions(seat)), check=False)


def test_pay_questions_are_asked_as_continue_build_and_activation_ask() -> None:
    asked = {"build": 0, "activate": 0}
    for game in range(10):
        for st, seat, rng in _questions(1500 + game):
            probe = st.clone()
            probe.goods[seat][3] = rng.randrange(3, 9)   # gold: several ways to pay
            for cid in probe.hand[seat][:4]:
                if st.cards[cid].foundation:
                    continue
                fast, slow = probe.clone(), probe.clone()
                start_build(fast, seat, cid, "hand", False)
                if not fast.pending or fast.pending[-1]["kind"] != "build":
                    continue
                slow.pending.append({"kind": "build", "seat": seat, "await": "",
                                     "options": [], "card": cid, "source": "hand",
                                     "no_foundation": False, "fdn": None, "gold": None})
                continue_build(slow, slow.pending[-1])
                assert list(fast.pending[-1].items()) == list(slow.pending[-1].items())
                assert fast.full_state() == slow.full_state()
                asked["build"] += 1
            for cid in probe.locs[seat]:
                action = st.cards[cid].action
                if action is None or action["cost"].get("Card") or action["cost"].get("Deal"):
                    continue
                for times in (1, 2):
                    fast, slow = probe.clone(), probe.clone()
                    start_activation(fast, seat, cid, times)
                    if not fast.pending or fast.pending[-1]["kind"] != "activate":
                        continue
                    slow.pending.append({"kind": "activate", "seat": seat, "await": "",
                                         "options": [], "card": cid, "times": times,
                                         "gold": None, "paid_cards": (), "paid_deals": ()})
                    continue_activation(slow, slow.pending[-1])
                    assert list(fast.pending[-1].items()) == list(slow.pending[-1].items())
                    assert fast.full_state() == slow.full_state()
                    asked["activate"] += 1
    assert asked["build"] > 100 and asked["activate"] > 30, asked
