"""Set-up and turn 0 (archipelago.ru.txt L64-158), 2 players (L1010-1020), variants
(L1022-1060)."""

from __future__ import annotations

import random

import pytest
from arch_scenario import after_turn_zero, legal, new_game

from settlers.core import IllegalAction, InvalidOption
from settlers.games.archipelago import objectives, setup
from settlers.games.archipelago.actions import PlaceRegion, RedrawHexes
from settlers.games.archipelago.state import REGION, SHIP


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_pieces_money_and_boards(players):
    state = new_game(players, seed=1)
    c = state.content
    assert state.money == [10] * players                              # L89
    assert state.discs == [3] * players                               # L89, L427
    assert state.market[0] == [1] * 6 and state.market[1] == [0] * 6  # L85
    assert (state.population, state.rebellion, state.surplus) == (0, 0, 0)  # L87-88
    assert state.piles == [8, 8, 8]                                   # L93
    assert len(state.track) == 5 and all(card < 0 for card, _ in state.track)
    assert all(len(h) == 3 for h in state.hands)                      # L115
    for s in range(players):                                          # L89: one ship at sea
        ships = [u for u in state.units if u[0] == s and u[SHIP] and u[REGION] == 0]
        assert len(ships) == 1
    mult = 2 if players == 2 else 1                                   # L1014
    assert sum(1 for u in state.units if u[0] == 0 and not u[SHIP]) == 10 * mult
    assert sum(state.bank_cubes) + sum(state.market[0]) == 82
    assert state.bank_money + sum(state.money) == c.florins
    # L36-40 and L101: the bank keeps the rest of the 135f (21 coins of 5f, 30 of 1f)
    assert state.bank_money == 135 - 10 * players


def test_bank_money_objective_is_not_met_at_the_start():
    # L1208 «в банке кончились деньги»: with five players the bank still holds 85f (L36-40,
    # L89), so the objective that ends the game then cannot end it in the first round
    state = new_game(5, seed=23)
    assert state.bank_money == 85
    money_card = next(i for i, card in enumerate(state.content.objectives)
                      if card["end"]["kind"] == "bank_money_empty")
    assert not objectives.end_met(state, money_card)
    state.bank_money = 0
    assert objectives.end_met(state, money_card)


def test_turn_zero_population_example_four_players():
    # L129: «В игре с 4 игроками к концу нулевого хода маркер населения будет указывать на 8»
    state = after_turn_zero(4, seed=2)
    assert state.population == 8
    assert state.turn == 1 and state.step == "bid"
    assert sum(state.tokens) == 4 and state.piles[0] == 4            # L127
    assert all(card >= 0 for card, _ in state.track)                 # L147
    assert len(state.regions) == 5


def test_first_region_must_touch_the_open_sea_and_match():
    # L117-121
    state = new_game(3, seed=4)
    seat = state.to_act[0]
    for a in legal(state):
        assert isinstance(a, PlaceRegion)
        assert (a.q, a.r) in {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}
    bad = PlaceRegion(state.hands[seat][0], 0, 2, 0, 0, -1)   # not touching the open sea
    with pytest.raises(IllegalAction):
        state.apply(seat, bad)


def test_discovery_moves_huts_to_surplus_and_a_cube_to_market():
    # L131-141
    state = new_game(3, seed=5)
    seat = state.to_act[0]
    a = legal(state)[0]
    face = state.content.hexes[a.hex][a.side]
    state.apply(seat, a)
    assert state.surplus == face.huts
    assert state.population == 2
    choice = legal(state)[0]
    before = list(state.market[0])
    state.apply(seat, choice)
    if choice.market:
        assert sum(state.market[0]) == sum(before) + 1
        if choice.keep:
            assert sum(state.cubes[seat]) == 1


def test_redraw_only_when_nothing_fits():
    state = new_game(3, seed=6)
    assert RedrawHexes() not in legal(state)
    state.hands[state.to_act[0]] = []      # nothing in hand can fit
    assert legal(state) == [RedrawHexes()]
    seat = state.to_act[0]
    state.apply(seat, RedrawHexes())
    assert len(state.hands[seat]) == 3


def crowded_start(seed=465):
    """Five regions around the start hex (one cell left, (1, -1)); the seat's hand fits
    nowhere."""
    state = new_game(5, seed=seed)
    seat = state.to_act[0]
    hand = state.hands[seat]
    state.hands[seat] = []
    state._cache = {}
    for k in range(1, 6):
        state.regions.append({"hex": hand[0], "side": 0, "q": 0, "r": 0, "rot": 0,
                              "buildings": {}, "plundered": []})
        state.grid[[(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)][k - 1]] = k
    state._cache = {}
    return state, seat


def test_redraws_go_on_while_some_hex_of_the_pool_could_fit():
    # archipelago.ru.txt L123: «сбрасывает их и вытягивает 3 новых гекса» — as often as it
    # takes (the stack is rebuilt from the discards, L503): no relaxation while a hex fits
    state, seat = crowded_start()
    pool = sorted({h for h, _ in state.stack} | set(state.hex_discard))
    assert setup._start_placements(state, pool, relaxed=False, first=True)
    assert legal(state) == [RedrawHexes()]              # the empty hand fits nowhere
    state.apply(seat, RedrawHexes())
    assert len(state.hands[seat]) == 3


def test_safeguard_only_when_no_hex_could_ever_fit():
    # L123 would loop for ever if no hex left in the stack and discards fits: only then the
    # engine asks the side facing the start hex alone to match (README, «Turn 0»)
    state, seat = crowded_start()
    state.hands[seat] = sorted(h for h, _ in state.stack[-3:])
    state.stack = [x for x in state.stack[:-3]
                   if not setup._start_placements(state, [x[0]], relaxed=False)]
    state.hex_discard = [h for h in state.hex_discard
                         if not setup._start_placements(state, [h], relaxed=False)]
    hand_fits = setup._start_placements(state, state.hands[seat], relaxed=False)
    state._cache = {}
    places = legal(state)
    if hand_fits:
        assert places == hand_fits
    else:
        assert places and all(isinstance(a, PlaceRegion) and (a.q, a.r) == (1, -1)
                              for a in places)


def test_turn_zero_hands_are_hidden_from_the_others():
    # L119-123: the three hexes are «у него на руках»; the player «показывает» them only to
    # prove that none fits — the others see how many, not which (face down)
    state = new_game(3, seed=2)
    a, b = state.to_act[0], next(s for s in range(3) if s != state.to_act[0])
    view = state.view(a)["state"]
    assert view["hands"][a] == state.hands[a]
    assert view["hands"][b] is None and view["hand_sizes"][b] == 3
    seen = set()
    for k in range(12):
        clone = state.clone()
        clone.redraw_hidden(a, random.Random(k))
        assert clone.hands[a] == state.hands[a]          # my own hand stays
        assert len(clone.hands[b]) == 3
        seen.add(tuple(clone.hands[b]))
        everything = sorted([h for s in range(3) for h in clone.hands[s]]
                            + [h for h, _ in clone.stack] + clone.hex_discard)
        assert everything == sorted([h for s in range(3) for h in state.hands[s]]
                                    + [h for h, _ in state.stack] + state.hex_discard)
    assert len(seen) > 1                                  # the others' hands are re-dealt


def test_two_players_two_objectives_without_pacifist_and_separatist():
    # L1012-1014
    for seed in range(5):
        state = after_turn_zero(2, seed=seed)
        assert all(len(o) == 2 for o in state.objectives)
        crits = {state.content.objectives[o]["criterion"] for os in state.objectives for o in os}
        assert not crits & {"pacifist", "separatist"}


def test_objective_decks_by_length():
    # L152-156: one deck of ten, chosen by the length
    for length in ("short", "medium", "long"):
        state = after_turn_zero(4, seed=1, length=length)
        decks = {state.content.objectives[o]["deck"] for os in state.objectives for o in os}
        assert decks == {length}


def test_desert_start_variant():
    # L1025-1029
    state = new_game(3, seed=1, desert_start=True)
    assert state.start_face.special == "desert"
    assert state.surplus == 5 and state.population == 6
    assert not any(u[SHIP] and u[REGION] >= 0 for u in state.units)
    state = after_turn_zero(3, seed=1, desert_start=True)
    assert state.population == 6


def test_no_secrets_variant_open_objectives_no_trend():
    # L1031-1033
    state = after_turn_zero(4, seed=1, no_secrets=True)
    assert state.trends == []
    view = state.view(0)["state"]
    assert all(p["objectives"] for p in view["players"])


def test_more_control_two_trends_and_chosen_trend():
    # L1037, L1045
    assert len(after_turn_zero(3, seed=1, more_control=True).trends) == 2
    state = new_game(3, seed=1, trend="ports")
    assert [state.content.trends[t]["id"] for t in state.trends] == ["ports"]
    with pytest.raises(InvalidOption):
        new_game(3, seed=1, trend="no-such-trend")


def test_more_sharpness_keep_one_of_two():
    # L1041, after turn 0 (L152-159; test_arch_deal_and_variants.py)
    state = new_game(3, seed=2, more_sharpness=True)
    while state.step != "keep_objective":
        state.apply(state.to_act[0], legal(state)[0])
    assert set(state.to_act) == {0, 1, 2}
    for s in (0, 1, 2):
        assert len(state.keep_choice[s]) == 2
        state.apply(s, legal(state, s)[1])
    assert all(len(o) == 1 for o in state.objectives)
    assert state.step == "bid" and state.turn == 1


def test_philanthropist_variant():
    # L1047-1051
    state = after_turn_zero(4, seed=3, philanthropist=True)
    ids = [state.content.trends[t]["id"] for t in state.trends]
    assert ids[0] == "philanthropist" and len(ids) == 2 and state.has_philanthropist
    crits = {state.content.objectives[o]["criterion"] for os in state.objectives for o in os}
    assert not crits & {"pacifist", "separatist"}
