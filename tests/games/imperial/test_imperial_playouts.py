"""Seeded random playouts: the game's invariants (``settlers.games.imperial.invariants``: cards
conserved, goods never negative, «Храм Ра» tokens adding up) and the scores recomputed from the
state at every step; the solo mode under the shared conformance checks."""

import json
import os
import random

import pytest

from settlers.core.invariants import invariant_problems
from settlers.games.imperial import GAME, scoring
from settlers.games.imperial.actions import RazeLocation
from settlers.games.imperial.invariants import card_places
from settlers.testing.conformance import run_playout

LONG = os.environ.get("SETTLERS_LONG") == "1"
CASES = [(p, o) for p in (2, 3, 4) for o in ({}, {"lookout": "alternative"},
                                             {"lookout": "advanced"}, {"peaceful": True})]


def _play(players, seed, options, each=None):
    st = GAME.new_state(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not st.over:
        seat = rng.choice(st.to_act)
        action = rng.choice(st.legal_actions(seat))
        st.apply(seat, action)
        assert invariant_problems(st, scores=True) == [], action
        if each:
            each(st, rng)
    return st


@pytest.mark.parametrize("players,options", CASES)
def test_random_games_conserve_cards_and_goods(players, options):
    for seed in range(3 if not LONG else 60):
        st = _play(players, seed, options)
        assert st.round == 5 and st.to_act == ()
        assert st.winners()
        # the printed game: 84 common cards and 30 of each empire in play, each in one place
        assert len(card_places(st)) == 84 + 30 * players


@pytest.mark.parametrize("players,seed,options", [
    (4, 119, {"lookout": "advanced", "peaceful": True,
              "empires": "barbarians,egyptians,japanese,romans"}),
    (4, 159, {"lookout": "advanced", "peaceful": True,
              "empires": "japanese,romans,barbarians,egyptians"}),
    (2, 681, {"empires": "egyptians,japanese"}),
])
def test_verification_games_where_the_acting_troupe_asked_for_the_payment(players, seed,
                                                                          options):
    """Three games of ``benchmarks/imperial_random_playout.py --verify`` (its cases 119, 159
    and 681; the first two in a variant the cases above do not play) in which «Бродячие актёры»
    activated a location whose payment was asked (a card to give; food or gold), and the
    invariants saw its use mark at −1 meanwhile (L531: the mark is goods laid on the card)."""
    st = _play(players, seed, options)
    assert st.round == 5 and st.winners()


def test_every_empire_plays_in_every_seat():
    for seed, empires in enumerate(("romans,barbarians", "egyptians,japanese",
                                    "japanese,romans,egyptians,barbarians")):
        st = GAME.new_state(players=len(empires.split(",")), seed=seed,
                            options={"empires": empires})
        rng = random.Random(seed)
        while not st.over:
            seat = rng.choice(st.to_act)
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        assert st.emp == empires.split(",")


@pytest.mark.parametrize("seed", range(4 if not LONG else 80))
def test_solo_games_keep_the_protocol(seed):
    """The shared conformance checks on solo games (the shared plan cannot pair players=1
    with no lookout variant, so solo runs here), every empire."""
    options = {"empires": ("romans", "barbarians", "egyptians", "japanese")[seed % 4]}
    st = run_playout(GAME, 1, seed, options, view_check_every=5)
    # each round's lookout gives the virtual opponent two locations, which go to its trophies
    # unless razed first: «Разрушая локацию виртуального противника … перемещаете в сброс»
    # (imperial-settlers.ru.txt L820); attacks add the player's razed locations (L848)
    razed = sum(1 for _seat, action in st.log
                if isinstance(action, RazeLocation) and action.target == -1)
    assert len(st.trophies) + razed >= 10
    assert st.winners() == ([0] if scoring.solo_won(st) else [])


def test_replay_equals_live_and_views_are_json():
    st = _play(3, 5, {"lookout": "advanced"})
    assert GAME.replay(3, 5, {"lookout": "advanced"}, st.log) == st
    for seat in (0, 1, 2, None):
        json.dumps(st.view(seat))


@pytest.mark.parametrize("players,options", [(1, {}), (3, {"lookout": "alternative"}),
                                             (4, {"lookout": "advanced"})])
def test_every_label_event_and_board_is_translated(players, options):
    """Menu labels, the log and the terminal board exist in Russian and English."""
    st = GAME.new_state(players=players, seed=2, options=options)
    rng = random.Random(2)
    while not st.over:
        seat = rng.choice(st.to_act)
        actions = st.legal_actions(seat)
        for lang in ("ru", "en"):
            texts = [st.describe_action(a, lang) for a in actions]
            texts.append(st.render(seat, lang))
            texts += [e["text"] for e in st.view(seat, lang=lang)["events"]]
            for text in texts:
                assert "imperial." not in text and "{" not in text, text
        st.apply(seat, rng.choice(actions))


def test_a_faction_location_built_from_the_hand_is_named_without_board_marks():
    """The choice «build … without discarding a location» names a card still in the hand: it
    carries none of a board's marks (describing it raised KeyError, in the web's menus too)."""
    from settlers.games.imperial.decks import card_name

    st = GAME.new_state(players=4, seed=2)
    rng = random.Random(2)
    while not (st.pending and st.pending[-1].get("op") == "build_faction_no_foundation"):
        seat = rng.choice(st.to_act)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    seat = st.to_act[0]
    for action in st.legal_actions(seat):
        if action.option and action.option[0] not in st.info:   # type: ignore[attr-defined]
            cid = action.option[0]   # type: ignore[attr-defined]
            for lang in ("en", "ru"):
                assert card_name(st, cid, lang) in st.describe_action(action, lang)
