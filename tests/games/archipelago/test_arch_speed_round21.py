"""Round 21 of issue 19 (docs/performance-engines/archipelago.md, «Round 21»): the card menu
reads a modifier card (``cards.FLAG_EFFECTS``) without calling ``args``: ``_Usable.checks``
carries, per card, the round's flag a modifier sets and its one action (``_card_facts``, per
content set), and ``options`` tests the card as ``args`` and ``_modified_open`` do.

The table is compared with each card read afresh; the card menu, at every step of seeded games
and for every seat, with the menu listed card by card through ``affordable`` and ``args`` (the
code's own rule of L800-864, where a modifier card is offered only while the disc action it
changes is open, L800, L441)."""

from __future__ import annotations

from typing import Any

import pytest
from arch_scenario import SPEED_CASES, played_states
from test_arch_speed_round8 import card_options_card_by_card as menu_card_by_card

from settlers.games.archipelago import GAME, cards
from settlers.games.archipelago.actions import UseCard
from settlers.games.archipelago.content import load_content

#: the speed cases and three more with many cards in play (long games, more turns)
CASES = [*SPEED_CASES, (4, 2101, {"length": "long"}), (3, 2102, {"length": "long"}),
         (4, 2103, {})]
#: the cases whose games buy modifier cards (checked: both outcomes of one are met)
MODIFIER_SEEDS = (7, 11, 2102)


def test_the_card_facts_are_each_cards_cubes_flag_and_plain_use() -> None:
    state = GAME.new_state(4, 2100, {})
    facts = cards._card_facts(state)
    content = load_content("standard")
    assert len(facts) == len(state.content.cards) == len(content.cards)
    modifiers = 0
    for c, (needs, flag, plain) in zip(state.content.cards, facts, strict=True):
        assert needs == tuple((i, n) for i, n in enumerate(c.cost_cubes) if n > 0), c.id
        if c.effect in cards.FLAG_EFFECTS:
            modifiers += 1
            assert flag == cards.FLAG_EFFECTS[c.effect], c.id
            assert plain == UseCard(c.id, ()) and plain is cards._USE_CARD[(c.id, ())], c.id
        else:
            assert (flag, plain) == ("", None), c.id
    assert modifiers > 5   # (the double harvests, the explorations, the Admiral, Roads...)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_card_menu_is_the_menu_read_card_by_card(
        players: int, seed: int, options: dict[str, Any]) -> None:
    counts = {"offered": 0, "refused": 0}
    for state in played_states(players, seed, options):
        for seat in range(state.players):
            want = menu_card_by_card(state, seat)
            got = cards.options(state, seat)
            assert got == want, (seed, state.version, seat)
            usable = cards._usable_of(state, seat)
            for _c, _fee, _discs, _needs, flag, plain in usable.checks:
                if flag:
                    counts["offered" if plain in got else "refused"] += 1
    # (both outcomes of a modifier card met where such cards are bought: offered, and
    # refused — its action closed, the round's disc placed, or the card not affordable)
    if seed in MODIFIER_SEEDS:
        assert counts["offered"] and counts["refused"], counts


def test_a_modifier_card_is_not_offered_once_the_rounds_disc_is_placed() -> None:
    """L800, L441: once the seat placed its disc in the round, the action a modifier changes
    is off the round's menu, so the card is not offered (the flag test ``options`` reads)."""
    met = 0
    for players, seed, options in CASES:
        for state in played_states(players, seed, options):
            if state.step != "round" or state.round.get("card"):
                continue
            seat = state.actor
            got = cards.options(state, seat)
            offered = [a for a in got if cards.FLAG_EFFECTS.get(
                state.content.cards[state.content.card_index(a.card)].effect)]
            if not offered:
                continue
            met += 1
            placed = state.clone()
            placed.round["disc"] = True
            placed._cache = {}
            after = cards.options(placed, seat)
            assert not [a for a in after if a in offered], (seed, state.version)
            assert after == menu_card_by_card(placed, seat)
            if met >= 20:
                return
    assert met
