"""«ФАЗА ДЕЙСТВИЙ»: one main action a turn, free actions «в любой момент своего хода» — after
the main action too — and the end of the turn (explicit, or by itself when nothing applies)."""

import random

import pytest
from imperial_scenario import give, play_with, scenario, to_empire, to_hand

from settlers.bots import make
from settlers.games.imperial import GAME
from settlers.games.imperial.actions import (
    Build,
    EndTurn,
    Exchange,
    Pass,
    Pay,
    PlaceDefence,
    PlaceSamurai,
)
from settlers.testing.refusals import refused


def test_samurai_on_the_location_just_built():
    # imperial-settlers.ru.txt L598: «В любой момент своего хода японцы могут выставить…
    # рабочих на свои имперские локации»
    st = scenario("japanese", "romans")
    farm = to_hand(st, 0, "JAP001")
    play_with(st, 0, Build(farm), W=1, Wk=1)
    assert farm in st.locs[0] and st.to_act == (0,)       # the turn stays with the builder
    legal = st.legal_actions(0)
    assert set(legal) == {PlaceSamurai(farm), EndTurn()}
    st.apply(0, PlaceSamurai(farm))
    assert st.info[farm][2] == 1
    assert st.to_act == (1,)            # nothing else applies: the turn ended by itself


def test_defence_token_on_the_common_location_built_this_turn():
    # imperial-settlers.ru.txt L385: «В фазе действий (в любой момент своего хода) игрок может
    # поместить этот жетон на любую общую локацию своей империи»
    st = scenario("romans", "barbarians")
    quarry = to_hand(st, 0, "COM008")
    play_with(st, 0, Build(quarry), W=1, S=1, Def=1)
    assert st.legal_actions(0) == [PlaceDefence(quarry), EndTurn()]
    st.apply(0, PlaceDefence(quarry))
    assert st.info[quarry][1] == 1 and st.to_act == (1,)


def test_only_one_main_action_then_end_turn_by_choice():
    # L385 «В фазе действий… каждый игрок выполняет 1 действие»: a second main action is
    # refused by name; ending the turn keeps the token for later
    st = scenario("romans", "barbarians")
    field = to_empire(st, 0, "COM023")
    quarry = to_hand(st, 0, "COM008")
    play_with(st, 0, Exchange(), W=2, S=2, Wk=2, Def=1)
    st.apply(0, st.legal_actions(0)[0])         # trade the pair of workers for wood
    assert st.to_act == (0,) and not st.pending
    assert refused(st, 0, Build(quarry)).key == "imperial.one_main_action"
    assert refused(st, 0, Pass()).key == "imperial.one_main_action"
    assert PlaceDefence(field) in st.legal_actions(0)
    st.apply(0, EndTurn())
    assert st.to_act == (1,) and st.goods[0][6] == 1   # the token is still in the supply


def test_end_turn_is_refused_before_the_main_action():
    st = scenario("romans", "barbarians")
    give(st, 0, Def=1)
    to_empire(st, 0, "COM023")
    assert EndTurn() not in st.legal_actions(0)
    assert refused(st, 0, EndTurn()).key == "imperial.end_turn_after_action"


def test_turn_ends_by_itself_when_no_free_action_applies():
    st = scenario("romans", "barbarians")
    quarry = to_hand(st, 0, "COM008")
    play_with(st, 0, Build(quarry), W=1, S=1)
    assert st.to_act == (1,)


def test_turn_stays_through_payment_then_offers_free_actions():
    # gold paying for a resource is a sub-decision of the build; the free action comes after
    st = scenario("romans", "barbarians")
    quarry = to_hand(st, 0, "COM008")
    play_with(st, 0, Build(quarry), W=1, S=1, G=1, Def=1)
    assert all(isinstance(a, Pay) for a in st.legal_actions(0))
    st.apply(0, Pay((0, 0, 0)))
    assert st.legal_actions(0) == [PlaceDefence(quarry), EndTurn()]


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_end_their_turns(bot):
    """Bots choose EndTurn like any action; a game between them ends."""
    st = GAME.new_state(players=3, seed=4)
    bots = [make(bot, seed=s) for s in range(3)]
    rng = random.Random(4)
    ended = 0
    for _ in range(3000):
        if st.over:
            break
        seat = rng.choice(st.to_act)
        action = bots[seat].act(st, seat)
        ended += isinstance(action, EndTurn)
        st.apply(seat, action)
    assert st.over and ended > 0
