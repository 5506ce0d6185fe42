"""The fate cards of a hand with a label or an effect are kept per hand (``fate._HELD``,
issue 19: the late game holds more cards and asks at every movement step): at every step of
seeded games, for every seat, label and effect, the kept answer is the one computed from
scratch; a different fate card table gets answers of its own."""

import dataclasses
import random

from settlers.games.iceland import GAME, fate


def _from_scratch(s, seat: int, field: str, value: str) -> tuple[str, ...]:
    cards = s.c.fate_cards
    return tuple(sorted({c for c in s.fate[seat] if getattr(cards[c], field) == value}))


def test_kept_answers_equal_the_answers_from_scratch_at_every_step():
    asked = 0
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        s = GAME.new_state(players=players, seed=seed, options={"offer_limit": 0})
        s.record_events = False
        cards = s.c.fate_cards
        labels = sorted({c.label for c in cards.values()})
        effects = sorted({c.effect for c in cards.values()})
        rng = random.Random(seed)
        steps = 0
        while not s.over and steps < 3000:
            for seat in range(players):
                for label in labels:
                    got = fate.cards_with_label(s, seat, label)
                    assert got == _from_scratch(s, seat, "label", label), (seed, steps)
                for effect in effects:
                    got = fate.cards_with_effect(s, seat, effect)
                    assert got == _from_scratch(s, seat, "effect", effect), (seed, steps)
                asked += bool(s.fate[seat])
            seat = rng.choice(s.to_act)
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
            steps += 1
    assert asked > 1000   # the hands held cards for most of the games


def test_another_fate_card_table_is_not_answered_from_the_kept_answers():
    s = GAME.new_state(players=3, seed=1)
    seat = 0
    s.fate[seat] = sorted(s.c.fate_cards)[:3]
    card = s.fate[seat][0]
    label = s.c.fate_cards[card].label
    assert card in fate.cards_with_label(s, seat, label)
    # the same hand under a table where that card carries another label
    other = dict(s.c.fate_cards)
    other[card] = dataclasses.replace(other[card], label=label + "-other")
    s.c = dataclasses.replace(s.c, fate_cards=other)
    assert card not in fate.cards_with_label(s, seat, label)
    assert fate.cards_with_label(s, seat, label + "-other") == (card,)
