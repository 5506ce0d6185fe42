"""Every game's invariants in one shape (``settlers.core.invariants``): its definition names its
own ``invariants`` module, whose ``problems`` find nothing wrong in a game under way and its
``recomputed_scores`` equal ``scores()``; and each ``problems`` names what is broken when a
state is tampered with (cards, goods or pieces that appear or vanish)."""

from __future__ import annotations

import random

import pytest

import settlers
from settlers.core.invariants import invariant_problems
from settlers.games.founders.content import TOKENS_PER_KIND


def _catan_extra_brick(st):
    st.bank[0] += 1
    return "brick cards: 20 != 19"


def _catan_lost_road(st):
    seat = next(p for p in range(st.players) if st.roads[p])
    st.roads_left[seat] -= 1
    return f"seat {seat}: {len(st.roads[seat])} roads + {st.roads_left[seat]} left != 15"


def _iceland_extra_card(st):
    st.hands[1][0] += 1
    return f"{st.c.resources[0]} cards: {st.c.bank_per_resource + 1} != {st.c.bank_per_resource}"


def _founders_extra_token(st):
    st.supply[1] += 1
    n = TOKENS_PER_KIND
    return f"tokens not conserved: war {n}, coin {n + 1}, cart {n} (each kind {n})"


def _imperial_twice(st):
    card = st.common_deck[0]
    st.hand[1].append(card)
    return f"card {card} is in 2 places: common deck, seat 1 hand"


def _imperial_negative(st):
    st.goods[0][4] = -1
    return "seat 0 has -1 of Wk"


def _archipelago_florin(st):
    st.money[0] += 1
    return f"florins: {st.content.florins + 1} != {st.content.florins}"


TAMPERS = [("catan", _catan_extra_brick), ("catan", _catan_lost_road),
           ("iceland", _iceland_extra_card), ("founders", _founders_extra_token),
           ("imperial", _imperial_twice), ("imperial", _imperial_negative),
           ("archipelago", _archipelago_florin)]
GAMES = ("catan", "founders", "iceland", "imperial", "archipelago")


def under_way(game_id: str, seed: int = 3, steps: int = 60):
    game = settlers.load(game_id)
    state = game.new_state(max(3, game.min_players), seed)
    rng = random.Random(seed)
    while state.version < steps and not state.over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_names_its_invariants_module_and_keeps_them(game_id):
    game = settlers.load(game_id)
    assert game.invariants is not None
    assert game.invariants.__name__ == f"settlers.games.{game_id}.invariants"   # type: ignore[attr-defined]
    state = under_way(game_id)
    assert game.invariants.problems(state) == []
    assert game.invariants.recomputed_scores(state) == state.scores()
    assert invariant_problems(state, scores=True) == []


@pytest.mark.parametrize(("game_id", "tamper"), TAMPERS, ids=lambda x: getattr(x, "__name__", x))
def test_problems_name_what_is_broken(game_id, tamper):
    state = under_way(game_id)
    expected = tamper(state)
    assert expected in settlers.load(game_id).invariants.problems(state)


def test_scores_that_differ_from_the_recount_are_a_problem():
    state = under_way("catan")
    seat = next(p for p in range(state.players) if state.building_points[p])
    state.building_points[seat] += 1   # scores() reads it; the recount counts the board
    found = invariant_problems(state, scores=True)
    assert any(p.startswith("scores() ") and "!= scores recomputed from the state" in p
               for p in found), found


def test_archipelago_recounts_objectives_trends_and_cards_as_its_scoring_does():
    """Random games end by independence almost always, so the recount of objectives, trends
    and evolution cards is compared with the scores along the games, before that end."""
    from settlers.games.archipelago import invariants

    game = settlers.load("archipelago")
    compared = 0
    for seed in range(8):
        options = ({}, {"philanthropist": True}, {"length": "short"}, {"no_secrets": True})[seed % 4]
        state = game.new_state(2 + seed % 4, seed, options)
        rng = random.Random(seed)
        while not state.over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)), check=False)
            if state.version % 5 == 0 and state.ended_by != "independence":
                assert invariants.recomputed_scores(state) == state.scores(), (seed, state.version)
                compared += any(state.scores())
    assert compared > 100
