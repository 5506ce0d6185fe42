"""A modifier card (the ×2 cards, the Pioneer, the Scout, the Missionary, the Admiral, Roads:
``cards.FLAG_EFFECTS``) changes the round's disc action, so since rules 2026-12-06.5 it is
offered only while that action is on the round's menu (L800, L441; ``cards._modified_open``).
``_modified_open`` reads the facts ``wheel.disc_actions`` reads without calling it (an import
circle); this test holds the two together over seeded random games: whenever a modifier is
offered, the action it changes is on the menu of the same seat once the card is used."""

from __future__ import annotations

import random

import pytest
from arch_scenario import new_game

from settlers.games.archipelago.cards import FLAG_EFFECTS


def _changed(effect: str, action) -> bool:
    """Whether ``action`` is the disc action the modifier ``effect`` changes."""
    if effect.startswith("double_"):
        return action.kind == "harvest" and action.resource == effect[len("double_"):]
    if effect in ("admiral", "roads"):
        return action.kind == "migrate"
    return action.kind == "explore"


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 5), (4, 8), (5, 13)])
def test_an_offered_modifier_leaves_its_action_on_the_menu(players, seed):
    checked = 0
    for game_seed in range(seed, seed + 30):
        state = new_game(players, game_seed)
        rng = random.Random(game_seed)
        steps = 0
        while not state.over and steps < 4_000:
            for seat in state.to_act:
                for a in state.legal_actions(seat):
                    if a.kind != "use_card":
                        continue
                    effect = state.content.cards[state.content.card_index(a.card)].effect
                    if effect not in FLAG_EFFECTS:
                        continue
                    after = state.clone()
                    after.apply(seat, a)
                    if after.step != "round" or seat not in after.to_act:
                        continue   # the use goes on in steps of its own first
                    assert any(_changed(effect, b) for b in after.legal_actions(seat)), \
                        (game_seed, steps, a, effect)
                    checked += 1
            seat = rng.choice(list(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    assert checked > 0
