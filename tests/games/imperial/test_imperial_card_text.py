"""Every Imperial card says what it does, in both languages, from its own data (card_text.py):
a player choosing a card in the lookout, building from the hand or activating a location
reads its effect, and the terminal's card view (``c``) lists every card one can see."""

from __future__ import annotations

import random

import pytest

import settlers
from settlers.games.imperial import actions as imperial_actions
from settlers.games.imperial.card_text import card_facts, effect_text
from settlers.games.imperial.content import DECKS


@pytest.fixture(scope="module")
def state():
    return settlers.load("imperial").new_state(2, 4)


def _card(state, card_id):
    return next(c for c in state.cards if c.id == card_id)


def test_every_card_of_every_deck_says_what_it_does_in_both_languages(state):
    decks = {card.deck for card in state.cards}
    assert decks == set(DECKS)   # the common deck and the four empires' decks
    for card in state.cards:
        for lang in ("ru", "en"):
            text = effect_text(card, lang)
            facts = card_facts(card, lang)
            assert text.strip(), (card.id, lang)
            # no catalog key or placeholder left unresolved
            for word in ("imperial.", "{", "}", "?"):
                assert word not in facts, (card.id, lang, facts)
            assert text in facts


@pytest.mark.parametrize("card_id, lang, expected", [
    # (the quarry's building bonus since rules 2026-12-07.2, e850bf6e: this pin and that
    # change were merged the same day; the sixteenth i18n round brought it up to date)
    ("COM008", "ru", "производство; стоит 1 дерево, 1 камень; производит 1 камень; "
                     "при постройке: 1 камень; разрушить → 2 камня"),
    ("COM008", "en", "production; costs 1 wood, 1 stone; produces 1 stone; "
                     "when built: 1 stone; raze → 2 stone"),
    ("COM002", "ru", "каждый раз, построив серую локацию: 1 золотой, 1 ПО"),
    ("COM002", "en", "each time you build a gray location: 1 gold, 1 VP"),
    ("COM001", "en", "when built: 1 VP for each gray location (at most 6)"),
    ("COM069", "ru", "особенность; строится бесплатно; построенную локацию нельзя разрушить"),
    ("EGY004", "ru", "производит 1 жетон разрушений или 2 ПО"),
    ("JAP001", "ru", "производит 1 рабочего, 1 еду"),
    ("JAP026", "ru", "действие: 1 жетон разрушений → 2 ПО; при постройке: выставьте 2 самураев"),
    ("BAR016", "en", "action: 1 worker → take 1 resource shown in the raze bonus of an "
                     "opponent's location without razing it (up to 2 times a round)"),
    ("EGY003", "en", "action: 2 raze tokens → raze an opponent's location, ignoring its defence"),
    ("ROM019", "en", "up to 3 of your resources stay on it through the cleanup"),
])
def test_known_cards_read_as_their_data_says(state, card_id, lang, expected):
    assert expected in card_facts(_card(state, card_id), lang)


def test_a_users_card_changed_in_its_data_reads_changed(state):
    """The text follows the data, never a copy of it: a Quarry producing 3 stone says so."""
    import dataclasses

    quarry = _card(state, "COM008")
    changed = dataclasses.replace(quarry, production=({"goods": {"S": 3}},))
    assert "produces 3 stone" in effect_text(changed, "en")
    assert "производит 3 камня" in effect_text(changed, "ru")


def _menu_state(kind, seed=2):
    st = settlers.load("imperial").new_state(2, seed)
    rng = random.Random(seed)
    for _ in range(4000):
        seat = st.to_act[0]
        legal = st.legal_actions(seat)
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return st, seat, found
        st.apply(seat, rng.choice(legal))
    raise AssertionError(f"no {kind.__name__} came")


def test_the_lookout_build_and_activate_menus_say_what_a_card_does():
    st, _seat, picks = _menu_state(imperial_actions.Pick)
    card = st.cards[picks[0].card]
    assert effect_text(card, "en") in st.describe_action(picks[0], "en")
    assert effect_text(card, "ru") in st.describe_action(picks[0], "ru")
    st, _seat, builds = _menu_state(imperial_actions.Build)
    card = st.cards[builds[0].card]
    assert st.describe_action(builds[0], "en").endswith(" — " + effect_text(card, "en"))
    st, _seat, uses = _menu_state(imperial_actions.Activate)
    label = st.describe_action(uses[0], "ru")
    assert " — действие: " in label and " → " in label


def test_the_card_view_lists_the_lookout_the_hand_and_the_locations():
    st, seat, _picks = _menu_state(imperial_actions.Pick)
    text = st.card_details(seat, "en")
    lines = text.splitlines()
    assert lines[0] == "What the cards do"
    assert "Lookout" in lines and "Hand" in lines
    for cid in st.row + st.hand[seat]:
        card = st.cards[cid]
        assert f"“{card.name['en']}”: {card_facts(card, 'en')}" in text
    ru = st.card_details(seat, "ru")
    assert ru.splitlines()[0] == "Что делают карточки" and "Рука" in ru
