"""Audit of Landnám against the rulebook (shared/rules/iceland-catan.ru.txt, lines L…): the rules
the other test files leave without a scenario of their own."""

from __future__ import annotations

import json

import pytest
from althing_scenario import board, pass_windows, roll_seven, seven
from iceland_scenario import (
    OUTER,
    SUPPLY,
    FakeRng,
    corner_between,
    give_fate,
    house,
    new,
    put,
    set_hand,
    terrain,
)

from settlers.core import IllegalAction
from settlers.games.iceland import actions as A
from settlers.games.iceland.actions import (
    Concede,
    EndCases,
    EndTurn,
    Move,
    OpenCase,
    Pass,
    PlayFate,
    Retreat,
    Roll,
    TradeWithBank,
)
from settlers.games.iceland.althing import possible_cases
from settlers.games.iceland.board import LOST

GRAIN, WOOD, WOOL, IRON = 0, 1, 2, 3


def illegal(s, seat, action):
    """``action`` is neither offered nor accepted, and the state is left as it was."""
    assert action not in s.legal_actions(seat)
    before = s.full_state()
    with pytest.raises(IllegalAction):
        s.apply(seat, action)
    assert s.full_state() == before


def coast(s):
    """Sea on 3, pasture 4 (number 5) and fields 0 (number 6): corner 0/3/4 is by the sea."""
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    terrain(s, 0, "fields", 6)


# --- L33: retreats ------------------------------------------------------------------------------
def test_chased_boat_may_not_retreat_to_the_outer_sea_the_chaser_came_from():
    """L33: the chased piece may not «уходить на гекс, с которого пришла выгнавшая её фишка» —
    the outer sea too; «Если перемещение невозможно, фишка выбывает из игры»."""
    def chase_from_the_outer_sea(hex0: str):
        s = new(phase="move")
        terrain(s, 1, "sea")
        terrain(s, 0, hex0)
        for h in (2, 4, 5):
            terrain(s, h, "pasture", 5)
        put(s, 0, OUTER)
        put(s, 10, 1)
        give_fate(s, 0, "chase")
        s.apply(0, Move(0, 1, "chase"))
        return s

    s = chase_from_the_outer_sea("sea")
    assert s.phase == "retreat" and s.legal_actions(1) == [Retreat(0)]
    illegal(s, 1, Retreat(OUTER))
    s = chase_from_the_outer_sea("pasture")
    assert s.pos[10] == LOST and s.occupant[1] == 0 and s.phase == "move"   # out of the game (L35)


def test_a_retreating_piece_may_not_use_a_fate_card():
    """L33: the chased piece may not «использовать карты судьбы»: a mountain pass in its owner's
    hand does not open the mountain; by the normal rules (own farm on it) it may go there."""
    def chased(own_farm_on_the_mountain: bool):
        s = new(phase="move")
        terrain(s, 3, "pasture", 4)
        terrain(s, 4, "pasture", 5)
        for h in (0, 1, 5, 8):
            terrain(s, h, "sea")
        put(s, 5, 3)
        put(s, 15, 4)
        give_fate(s, 0, "chase")
        give_fate(s, 1, "mountain_pass")
        if own_farm_on_the_mountain:
            house(s, 1, corner_between(s, 8, 9, 13))
        s.apply(0, Move(5, 4, "chase"))
        return s

    s = chased(False)
    assert s.pos[15] == LOST and s.fate[1] == ["mountain_pass"] and s.phase == "move"   # out of the game (L35)
    s = chased(True)
    assert s.phase == "retreat" and s.legal_actions(1) == [Retreat(9)]
    s.apply(1, Retreat(9))
    assert s.pos[15] == 9 and s.fate[1] == ["mountain_pass"]


def test_red_tokens_follow_an_outlaw_that_retreats():
    """L34: «Когда объявленный вне закона заканчивает ход на не горном гексе, все красные жетоны
    ... должны переместиться вместе с ним, если это возможно» — after a retreat too."""
    def chased_to(to: int):
        s = new(phase="move")
        for h, n in ((3, 4), (4, 5), (5, 6), (8, 8)):
            terrain(s, h, "pasture", n)
        for h in (0, 1):
            terrain(s, h, "sea")
        house(s, 2, corner_between(s, 1, 4, 5))       # seat 2's farm touches 4 and 5, not 8
        put(s, 5, 3)
        put(s, 15, 4)
        s.red_tokens[15] = [2]
        give_fate(s, 0, "chase")
        s.apply(0, Move(5, 4, "chase"))
        assert {a.to for a in s.legal_actions(1)} == {5, 8}
        s.apply(1, Retreat(to))
        return s

    assert chased_to(5).red_tokens == {15: [2]}
    assert chased_to(8).red_tokens == {}


# --- L61, L63: one build per piece, builds take effect at the end of the turn -------------------
def test_a_farm_cannot_build_a_piece_and_become_a_town_in_one_turn():
    """L61: «хутор не может построить больше одной фишки или построить фишку и расшириться до
    города» — in either order."""
    for first, then in ((A.BuildSettler, A.BuildTown), (A.BuildTown, A.BuildSettler)):
        s = new()
        coast(s)
        c = corner_between(s, 0, 3, 4)
        house(s, 0, c)
        set_hand(s, 0, iron=2, grain=2, wood=1, wool=2)
        town, settler = A.BuildTown(c), A.BuildSettler(c, 4)
        assert town in s.legal_actions(0) and settler in s.legal_actions(0)
        s.apply(0, settler if first is A.BuildSettler else town)
        illegal(s, 0, town if then is A.BuildTown else settler)


def test_a_boat_cannot_build_a_harbour_and_a_farm_in_one_turn():
    """L61: «корабль не может построить гавань и хутор» — in either order."""
    for harbour_first in (True, False):
        s = new()
        coast(s)
        put(s, 0, 3)
        c = corner_between(s, 0, 3, 4)
        set_hand(s, 0, grain=1, wood=1, wool=3)
        harbour, farm = A.BuildHarbour(0, "wool"), A.BuildFarm(0, c)
        assert harbour in s.legal_actions(0) and farm in s.legal_actions(0)
        s.apply(0, harbour if harbour_first else farm)
        illegal(s, 0, farm if harbour_first else harbour)


def test_a_settler_built_this_turn_cannot_build_a_farm():
    """L63: «поселенцы не могут строить хутора в тот же раунд, когда построили их»."""
    s = new()
    coast(s)
    terrain(s, 8, "forest", 8)
    c = corner_between(s, 0, 3, 4)
    house(s, 0, c, level=2)
    set_hand(s, 0, iron=1, grain=2, wood=1, wool=1)
    s.apply(0, A.BuildSettler(c, 4))
    far = corner_between(s, 4, 5, 9)   # a corner of hex 4 two steps from the town
    assert s.pos[5] == SUPPLY
    illegal(s, 0, A.BuildFarm(5, far))
    s.apply(0, EndTurn())
    assert s.pos[5] == 4 and s.house_owner[far] == -1


def test_no_piece_is_built_on_an_unexplored_hex():
    """L58: a piece is built on a hex «при условии, что эта фишка могла бы переместиться на этот
    гекс по обычным правилам» — an unknown position is explored, never entered by a step."""
    s = new()
    terrain(s, 3, "sea")
    c = corner_between(s, 0, 3, 4)     # 0 and 4 unexplored
    house(s, 0, c)
    set_hand(s, 0, iron=2, grain=1, wood=1)
    builds = {(a.kind, a.hex) for a in s.legal_actions(0)
              if isinstance(a, A.BuildSettler | A.BuildBoat) and a.corner == c}
    assert builds == {("build_boat", 3)}
    illegal(s, 0, A.BuildSettler(c, 4))
    illegal(s, 0, A.BuildBoat(c, 0))


# --- L59, L52: harbours -------------------------------------------------------------------------
def test_a_harbour_needs_non_mountain_land_and_a_sea_hex_inside_the_frame():
    """L59: «Корабль, расположенный на гексе моря внутри рамки поля на границе хотя бы одного не
    горного гекса суши, может учредить там гавань»: a mountain is not enough, nor is the outer
    sea."""
    s = new()
    terrain(s, 3, "sea")
    for h in (0, 7, 8):
        terrain(s, h, "sea")
    terrain(s, 4, "mountain")
    put(s, 0, 3)
    put(s, 1, OUTER)
    set_hand(s, 0, wool=4)
    illegal(s, 0, A.BuildHarbour(0, "wool"))
    illegal(s, 0, A.BuildHarbour(1, "wool"))
    terrain(s, 8, "bog", 9)
    s.apply(0, A.BuildHarbour(0, "wool"))
    illegal(s, 0, A.BuildHarbour(1, "wool"))


def test_a_harbour_sells_only_its_own_resource_two_for_one():
    """L52: «можно продавать два указанных ресурса за один другой» — other cards still go four
    for one."""
    s = new()
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    s.harbour[3] = WOOL
    put(s, 0, 3)
    set_hand(s, 0, grain=3, wool=2)
    illegal(s, 0, TradeWithBank("grain", "iron"))
    s.apply(0, TradeWithBank("wool", "iron"))
    assert s.hands[0] == [3, 0, 0, 1]
    set_hand(s, 0, grain=4)
    s.apply(0, TradeWithBank("grain", "iron"))
    assert s.hands[0] == [0, 0, 0, 1]


# --- L31 with L60 and L65: a boat on land counts as a settler ------------------------------------
def test_a_boat_on_land_may_age_its_hex_like_a_settler():
    """L31 «во всех других отношениях считается поселенцем» with L60 «Поселенец, расположенный
    на не горном гексе суши, может старить числовой жетон»."""
    s = new()
    terrain(s, 4, "pasture", 6)
    terrain(s, 3, "sea")
    put(s, 0, 4)
    put(s, 1, 3)
    set_hand(s, 0, wool=1)
    illegal(s, 0, A.BuildAgeing(1))            # a boat on the sea is no settler
    s.apply(0, A.BuildAgeing(0))
    s.apply(0, EndTurn())
    assert s.number[4] == 8 and s.hands[0] == [0, 0, 0, 0]


def test_a_boat_on_land_blocking_production_can_be_brought_to_court():
    """L65 «призвать к суду любого поселенца, препятствующего их производству ресурсов» with
    L31: a boat that entered land counts as a settler; L66: the case is fought with the hex's
    resource only."""
    s = new()
    board(s)
    s.pos[25] = SUPPLY
    s.occupant[4] = -1
    put(s, 20, 4)                              # seat 2's boat on the pasture
    assert (20, WOOL) in possible_cases(s, 1)
    set_hand(s, 1, grain=3)
    seven(s)
    assert not any(isinstance(a, OpenCase) and a.piece == 20 for a in s.legal_actions(1))
    set_hand(s, 1, grain=3, wool=1)
    s.apply(1, OpenCase(20, 1))
    pass_windows(s)
    s.apply(2, Concede())
    assert s.red_tokens[20] == [1] and s.white[1] == 1 and s.hands[1][GRAIN] == 3


# --- L64, L69, L70, L71: the Althing ------------------------------------------------------------
def test_every_claimant_of_an_outlaw_is_awarded_its_red_token_at_the_althing():
    """L64: «все красные жетоны победных очков рядом с ними получают в награду игроки, владеющие
    примыкающими поселениями»."""
    s = new()
    board(s)
    house(s, 0, corner_between(s, 0, 3, 4))
    s.red_tokens[25] = [1, 0]
    seven(s)
    assert s.red_won == [1, 1, 0] and s.pos[25] == SUPPLY and s.occupant[4] == -1


def test_a_case_interrupted_by_a_card_was_still_brought_no_black_token():
    """L69: the black token goes to a player against whom ≥ 3 cases were possible «если ни одно
    из них не было вынесено на судебное рассмотрение»; a case stopped by a card (L70) was
    brought."""
    s = new()
    board(s)
    set_hand(s, 1, wool=1)
    give_fate(s, 0, "settlement")
    seven(s)
    s.apply(1, OpenCase(25, 1))
    assert s.al["stage"] == "window"
    for seat in s.to_act:
        s.apply(seat, PlayFate("settlement", -1) if seat == 0 else Pass())
    pass_windows(s)   # the window opens again after a card (L70)
    assert s.al["case"] is None and s.white == [0, 0, 0]
    for seat in (1, 2, 0):
        s.apply(seat, EndCases())
    pass_windows(s)
    assert s.phase == "move" and s.black == [0, 0, 0]


def test_no_harvest_or_other_label_card_in_the_althing_windows():
    """L71: «Во время альтинга нельзя ... играть карты судьбы с меткой «Урожай»»; L70 lets the
    Althing cards (only) be played there."""
    s = new()
    board(s)
    give_fate(s, 2, "good_year", "blight", "fair_wind", "chase", "find_forest")
    roll_seven(s)
    assert s.al["stage"] == "window" and 2 in s.to_act
    assert s.legal_actions(2) == [Pass()]
    illegal(s, 2, PlayFate("good_year", -1))
    illegal(s, 2, PlayFate("blight", 4))
    give_fate(s, 2, "dissolution")
    assert PlayFate("dissolution", -1) in s.legal_actions(2)


# --- L26: one harvest card -----------------------------------------------------------------------
def test_only_one_harvest_card_is_played_in_a_harvest():
    """L26: «Текущий игрок может сыграть одну карту судьбы с меткой «Урожай»»."""
    s = new(phase="roll")
    terrain(s, 4, "pasture", 8)
    house(s, 0, corner_between(s, 0, 3, 4))
    terrain(s, 5, "fields", 8)
    house(s, 1, corner_between(s, 1, 2, 5))
    give_fate(s, 0, "good_year", "blight")
    s.rng = FakeRng(4, 4)
    s.apply(0, Roll())
    assert s.phase == "harvest_fate"
    s.apply(0, PlayFate("blight", 5))
    assert s.phase == "move" and s.fate[0] == ["good_year"]
    assert s.hands[0][WOOL] == 1 and s.hands[1][GRAIN] == 0
    assert s.number[4] == 9 and s.number[5] == 8     # the only producer aged
    assert not any(isinstance(a, PlayFate) and a.card == "good_year"
                   for a in s.legal_actions(0))


# --- L5, L6: what every seat sees -----------------------------------------------------------------
def test_drawn_fate_cards_stay_secret_and_the_public_supplies_stay_visible():
    """L5: «оставшееся количество меток гавани, числовых меток и гексов местности должны быть
    всё время видны игрокам. Однако не позволяется пересчитывать количество оставшихся карт
    ресурсов в стопке»; L6: only the number of another player's cards is told."""
    s = new()
    board(s)
    roll_seven(s)                      # every seat draws a fate card
    drawn = {seat: list(s.fate[seat]) for seat in range(3)}
    checked = 0
    for viewer in range(3):
        v = s.view(viewer)
        state = v["state"]
        assert state["fate_hand"] == drawn[viewer]
        assert [p["fate_cards"] for p in state["players"]] == [1, 1, 1]
        assert all(p["fate_known"] == [] for p in state["players"])
        assert state["supply"]["harbours"] == {"grain": 2, "wood": 2, "wool": 2, "iron": 2}
        assert state["supply"]["numbers"]["5"] == 1 and state["supply"]["numbers"]["2"] == 2
        assert state["supply"]["terrain"]["pasture"] == 5
        assert "bank" not in json.dumps(state)
        others = {c for seat, cards in drawn.items() if seat != viewer for c in cards}
        others -= set(drawn[viewer])
        checked += len(others)
        text = json.dumps(v["events"]) + json.dumps(state)
        assert all(f"iceland.card.{c}" not in text and f'"{c}"' not in text for c in others)
    assert checked, "the seats drew different cards, so secrecy was checked"


# --- L23: a settler takes the hex's harvest ------------------------------------------------------
def test_a_settler_takes_two_cards_even_beside_its_owners_own_town():
    """L23: «Если на нём стоит поселенец, владелец получает две карты. Если нет — владельцы
    каждого дома на углах гекса получают одну карту за каждый дом»: two, not two plus the
    town's two."""
    s = new(phase="roll")
    terrain(s, 4, "pasture", 8)
    house(s, 0, corner_between(s, 0, 3, 4), level=2)
    house(s, 1, corner_between(s, 4, 5, 9))
    put(s, 5, 4)
    s.rng = FakeRng(5, 3)
    s.apply(0, Roll())
    assert s.hands[0][WOOL] == 2 and s.hands[1][WOOL] == 0
    assert s.number[4] == 9
