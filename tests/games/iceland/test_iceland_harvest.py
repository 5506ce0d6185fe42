"""Phase 1: dice, harvest, famine, ageing, harvest fate cards, the 7."""

from __future__ import annotations

from iceland_scenario import FakeRng, corner, farm, give_fate, house, new, put, set_hand, terrain

from settlers.core import IllegalAction
from settlers.games.iceland.actions import AgeHex, Pass, PlayFate, Roll


def roll(s, d1, d2, *more):
    s.rng = FakeRng(d1, d2, *more)
    s.apply(s.current, Roll())


def test_houses_harvest_one_per_farm_two_per_town():
    """«владельцы каждого дома на углах гекса получают одну карту за каждый дом»; «Город даёт
    своему владельцу две карты ресурсов»."""
    s = new(phase="roll")
    farm(s, 4, "pasture", 8, 1)
    house(s, 2, corner(s, 4, "S"), level=2)
    roll(s, 3, 5)
    wool = s.c.resource_index("wool")
    assert s.hands[1][wool] == 1 and s.hands[2][wool] == 2
    assert s.phase == "move"


def test_settler_takes_two_and_blocks_the_houses():
    """«Если на нём стоит поселенец, владелец получает две карты. Если нет — владельцы каждого
    дома ...»"""
    s = new(phase="roll")
    farm(s, 4, "fields", 8, 1)
    put(s, 25, 4)  # a settler of seat 2
    roll(s, 4, 4)
    grain = s.c.resource_index("grain")
    assert s.hands[2][grain] == 2 and s.hands[1][grain] == 0


def test_boat_on_land_counts_as_settler_in_harvest():
    """A boat that entered land «во всех других отношениях считается поселенцем»."""
    s = new(phase="roll")
    farm(s, 4, "fields", 8, 1)
    put(s, 20, 4)
    roll(s, 4, 4)
    grain = s.c.resource_index("grain")
    assert s.hands[2][grain] == 2 and s.hands[1][grain] == 0


def test_famine_nobody_gets_anything_and_the_short_type_returns():
    """«Если карт ресурсов одного или более видов не хватает ... никто не получает никаких
    ресурсов, и все карты соответствующих типов должны вернуться в банк.»"""
    s = new(phase="roll")
    terrain(s, 4, "pasture", 8)
    terrain(s, 5, "fields", 8)
    house(s, 1, corner(s, 4, "N"), level=2)
    house(s, 2, corner(s, 5, "N"))
    set_hand(s, 0, wool=23)         # the bank keeps 1 wool, 2 are due
    set_hand(s, 2, grain=3)
    roll(s, 4, 4)
    wool, grain = s.c.resource_index("wool"), s.c.resource_index("grain")
    assert s.hands[0][wool] == 0 and s.bank[wool] == 24
    assert s.hands[1][wool] == 0
    assert s.hands[2][grain] == 3, "nobody gets grain either, but grain is not returned"
    assert s.number[4] == 8, "nothing was produced, so nothing ages"


def test_enough_cards_no_famine():
    s = new(phase="roll")
    terrain(s, 4, "pasture", 8)
    house(s, 1, corner(s, 4, "N"), level=2)
    set_hand(s, 0, wool=22)
    roll(s, 4, 4)
    assert s.hands[1][s.c.resource_index("wool")] == 2


def test_single_producing_hex_ages_six_to_eight():
    """«один из них стареет: его числовая метка заменяется на следующее большее число ... За 6
    идёт 8»."""
    s = new(phase="roll")
    farm(s, 4, "pasture", 6, 1)
    roll(s, 3, 3)
    assert s.number[4] == 8
    assert s.phase == "move"


def test_twelve_ages_to_two_and_missing_numbers_are_skipped():
    """«за 12 идёт 2; если числовой метки с этим числом нет, продолжайте увеличивать»."""
    s = new(phase="roll")
    farm(s, 4, "pasture", 12, 1)
    s.number_pool[2] = 0
    roll(s, 6, 6)
    assert s.number[4] == 3
    assert s.number_pool[12] == 2  # the old token went back


def test_hex_without_houses_does_not_produce_or_age():
    s = new(phase="roll")
    terrain(s, 4, "pasture", 8)
    roll(s, 4, 4)
    assert s.number[4] == 8


def test_player_to_move_chooses_which_of_several_hexes_ages():
    s = new(phase="roll")
    farm(s, 4, "pasture", 8, 1)
    farm(s, 5, "forest", 8, 2)
    roll(s, 4, 4)
    assert s.phase == "age"
    assert set(s.legal_actions(0)) == {AgeHex(4), AgeHex(5)}
    try:
        s.apply(0, AgeHex(6))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a hex that did not produce cannot age")
    s.apply(0, AgeHex(5))
    assert s.number[5] == 9 and s.number[4] == 8


def test_harvest_card_good_year():
    """«Текущий игрок может сыграть одну карту судьбы с меткой «Урожай», чтобы изменить
    результаты урожая.»"""
    s = new(phase="roll")
    farm(s, 4, "pasture", 8, 0)
    give_fate(s, 0, "good_year")
    roll(s, 4, 4)
    assert s.phase == "harvest_fate"
    s.apply(0, PlayFate("good_year", -1))
    assert s.hands[0][s.c.resource_index("wool")] == 2
    assert "good_year" in s.discard


def test_harvest_card_blight():
    s = new(phase="roll")
    farm(s, 4, "pasture", 8, 1)
    farm(s, 5, "fields", 8, 1, "NE")
    give_fate(s, 0, "blight")
    roll(s, 4, 4)
    assert PlayFate("blight", 6) not in s.legal_actions(0)
    s.apply(0, PlayFate("blight", 4))
    assert s.hands[1][s.c.resource_index("wool")] == 0
    assert s.hands[1][s.c.resource_index("grain")] == 1


def test_passing_on_harvest_card():
    s = new(phase="roll")
    farm(s, 4, "pasture", 8, 0)
    give_fate(s, 0, "good_year")
    roll(s, 4, 4)
    s.apply(0, Pass())
    assert s.hands[0][s.c.resource_index("wool")] == 1 and s.fate[0] == ["good_year"]


def test_seven_gives_fate_cards_and_calls_the_althing():
    """«Если выпало 7, текущий игрок и другие игроки, у которых нет карт судьбы, берут одну
    карту судьбы каждый, и затем проводится альтинг»; no harvest."""
    s = new(phase="roll")
    farm(s, 4, "pasture", 8, 1)
    give_fate(s, 0, "good_year")
    give_fate(s, 2, "blight")
    roll(s, 3, 4)
    assert len(s.fate[0]) == 2 and len(s.fate[1]) == 1 and len(s.fate[2]) == 1
    assert s.phase == "althing"
    assert sum(s.hands[1]) == 0
