"""The fourth reading of archipelago.ru.txt L435-1052 (phase 5, phase 6, the cards' use,
wonders, the end, scoring, 2 players, variants): one scenario per departure found, with the
legal and the illegal side."""

from __future__ import annotations

import pytest
from arch_scenario import (
    clear_units,
    give_card,
    give_cubes,
    in_round,
    place_inhabitants,
    ship_to,
)

from settlers.core import IllegalAction
from settlers.games.archipelago.actions import BuildWonder, EndRound, Pick, Taxes, UseCard


def pirate_round():
    """Seat 0 to play a round of turn 1 with its three discs, the Pirate in front of it and a
    ship of seat 1 beside its own; every seat has two inhabitants on the archipelago."""
    state = in_round(3, seed=1)
    clear_units(state)
    for seat in range(3):
        place_inhabitants(state, seat, 1, 2)
    give_card(state, 0, "pirate")
    ship_to(state, 0, 1)
    theirs = ship_to(state, 1, 1)
    give_cubes(state, 1, iron=1)
    return state, theirs


def test_a_disc_put_on_a_card_is_a_disc_placed_and_the_player_plays_on():
    """L812 «Он поворачивает карту, помещает на неё 1 диск действия», L826 «Потратьте указанное
    количество дисков действия, положив их на карту», L441 «Игроки продолжают разыгрывать
    раунды до тех пор, пока все участники не используют свои диски действия»: a round whose
    disc went onto the Pirate is not a round without a disc — the player, two discs left, plays
    the next rounds (before, ending that round passed it for the rest of phase 5)."""
    state, theirs = pirate_round()
    state.apply(0, UseCard("pirate", (theirs,)))
    state.apply(1, Pick("iron"))
    assert state.discs_used[0] == 1 and state.discs[0] == 3
    state.apply(0, EndRound())
    assert not state.passed[0]
    state.apply(1, Taxes())
    state.apply(1, EndRound())
    state.apply(2, EndRound())                 # seat 2 passes
    assert state.actor == 0 and state.step == "round"
    state.apply(0, Taxes())                    # its second disc, on the wheel
    assert state.discs_used[0] == 2


def test_a_round_with_no_disc_anywhere_still_passes():
    """The other side (README «Rounds»): a round in which no disc was placed, on the wheel or on
    a card, ends the player's phase 5."""
    state, _theirs = pirate_round()
    state.apply(0, EndRound())
    assert state.passed[0]
    state.apply(1, EndRound())
    state.apply(2, Taxes())
    state.apply(2, EndRound())
    assert state.actor == 2                    # seat 0 (and seat 1) are out
    with pytest.raises(IllegalAction):
        state.apply(0, Taxes())


def test_a_wonders_discs_are_placed_too():
    """L870-874, L826 (L882: the Great lighthouse «один диск действия»): the Colossus built with
    its one disc, in a round without a disc on the wheel, does not end the builder's phase 5."""
    state = in_round(3, seed=1)
    clear_units(state)
    for seat in range(3):
        place_inhabitants(state, seat, 1, 3)
    card = state.content.cards[give_card(state, 0, "colossus", turn=0)]
    assert card.discs == 1
    give_cubes(state, 0, iron=3)
    builder = next(i for i, u in enumerate(state.units) if u[0] == 0 and u[2] == 1)
    state.apply(0, BuildWonder("colossus", builder))
    state.apply(0, EndRound())
    assert not state.passed[0] and state.discs_used[0] == 1


def two_towns_of_seat_1():
    """Seat 0 to play a round; seat 1 controls the towns of two regions (its mayor standing in
    each), and seat 0 has an inhabitant in both, on land with icons."""
    from settlers.games.archipelago import board

    state = in_round(3, seed=1)
    clear_units(state)
    regions = [k for k in range(1, len(state.regions))
               if any(i != 3 for i in board.region_face(state, k).icons)][:2]   # (3: fish)
    for k in regions:
        mayor = place_inhabitants(state, 1, k, 1)[0]
        state.regions[k]["buildings"]["town"] = True
        state.units[mayor][5] = "town"
        place_inhabitants(state, 0, k, 1)
    give_cubes(state, 0, iron=1)
    return state, regions


def test_a_harvest_permission_is_given_region_by_region():
    """L459 «Игрок не может добывать ресурсы в регионе, который контролируется другим
    участником, если только тот не дал на это разрешение»; L709 «Город также обеспечивает
    контроль над всеми ресурсами, которые можно добывать в данном регионе. Если другие игроки
    хотят добывать эти ресурсы, они должны спросить разрешения у игрока, контролирующего
    город»: a permission is asked of a region's controller for that region. Seat 1 controls two
    towns: seat 0 may ask for either permission alone, and one given opens its own region only
    (before, one blanket «permit» opened every region of the giver)."""
    from settlers.games.archipelago import pieces
    from settlers.games.archipelago.actions import AddGive, AddWant, Answer, Propose, SendOffer

    state, (first, second) = two_towns_of_seat_1()
    assert not pieces.may_harvest_in(state, 0, first)
    assert not pieces.may_harvest_in(state, 0, second)
    state.apply(0, Propose(1))
    menu = state.legal_actions(0)
    assert AddWant(f"permit:{first}") in menu and AddWant(f"permit:{second}") in menu
    assert AddGive(f"permit:{first}") not in menu            # seat 0 controls no town
    with pytest.raises(IllegalAction):
        state.apply(0, AddWant("permit"))                   # no permission of no region
    state.apply(0, AddWant(f"permit:{first}"))
    assert AddWant(f"permit:{first}") not in state.legal_actions(0)   # once
    state.apply(0, AddGive("iron"))
    state.apply(0, SendOffer())
    state.apply(1, Answer(True))
    assert state.permits == [[1, 0, first]]
    assert pieces.may_harvest_in(state, 0, first)
    assert not pieces.may_harvest_in(state, 0, second)       # the other region stays closed


def test_a_gift_of_a_permission_opens_its_region_only():
    """L709, the other way: the controller gives one region's permission (a gift, L229); the
    harvest menu of the receiver then counts its units in that region and not in the other."""
    from settlers.games.archipelago import harvest
    from settlers.games.archipelago.actions import EndRound, Gift

    state, (first, second) = two_towns_of_seat_1()
    state.apply(0, EndRound())                               # seat 1's round
    assert state.actor == 1
    gifts = [a for a in state.legal_actions(1) if a.kind == "gift" and a.to == 0
             and a.item.startswith("permit:")]
    assert sorted(a.item for a in gifts) == sorted([f"permit:{first}", f"permit:{second}"])
    state.apply(1, Gift(0, f"permit:{second}"))
    mine = {state.units[i][2] for res in harvest._harvesters(state, 0) for i in res}
    assert second in mine and first not in mine
