"""Rules the first engine simplified, now read literally (issue 12 follow-up): the
3-inhabitant limit at the end of a migration, the shores chosen in turn 0 and for recruits,
explorer-token cubes used by the current action or crisis only, hexes dealt face down in
turn 0, and exploration without an engine bound on skipped hexes."""

from __future__ import annotations

import pytest
from arch_scenario import (
    R,
    clear_units,
    in_round,
    legal,
    new_game,
    place_inhabitants,
    set_market,
    set_money,
    ship_to,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import balance, board, exploration, wheel
from settlers.games.archipelago.actions import (
    ChooseShores,
    Done,
    ExchangeToken,
    Gift,
    Migrate,
    MoveUnit,
    PassCrisis,
    Recruit,
    RecruitTo,
    SkipHex,
    Supply,
    TakeHex,
    Taxes,
    Trade,
)
from settlers.games.archipelago.state import ENGAGED, REGION, SHORE


def sea_chain(state):
    """Regions a, b, c (not the start hex) with sea borders a-b and b-c."""
    regs = range(1, len(state.regions))
    for b in regs:
        near = [k for k in regs if k != b and board.sea_link(state, k, b)]
        if len(near) >= 2:
            return near[0], b, near[1]
    return None


def chain_game():
    for seed in range(60):
        state = in_round(3, seed)
        chain = sea_chain(state)
        if chain is not None:
            clear_units(state)
            return state, chain
    raise AssertionError("no seed gives three regions joined by sea")


def test_three_inhabitant_limit_is_checked_at_the_end_of_the_migration():
    # archipelago.ru.txt L583: «В конце действия Миграция игрок не может иметь более 3
    # жителей в одном регионе» — a region may be crowded for a while during the migration.
    state, (a, b, c) = chain_game()
    for k in (a, b, c):
        ship_to(state, 0, k)
    u = place_inhabitants(state, 0, a, 1)[0]
    v = place_inhabitants(state, 0, b, 3)
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") in legal(state)          # legal: v[0] can still leave b
    state.apply(0, MoveUnit(u, b, ""))
    assert Done() not in legal(state)                   # illegal: 4 in b at the end
    assert MoveUnit(v[0], c, "") in legal(state)
    state.apply(0, MoveUnit(v[0], c, ""))
    assert Done() in legal(state)
    state.apply(0, Done())
    assert state.units[u][REGION] == b and state.units[v[0]][REGION] == c


def test_a_move_that_cannot_end_within_the_limit_is_illegal():
    # L555, L583: if nobody can leave the crowded region the migration could not end legally
    state, (a, b, _c) = chain_game()
    for k in (a, b):
        ship_to(state, 0, k)
    u = place_inhabitants(state, 0, a, 1)[0]
    for w in place_inhabitants(state, 0, b, 3):
        state.units[w][ENGAGED] = True                  # busy units cannot move (L455)
    state.apply(0, Migrate())
    assert MoveUnit(u, b, "") not in legal(state)
    assert Done() in legal(state)


# ---------------------------------------------------------------- straits (L723-725)
def strait_sides(state):
    return [(h, side) for h, faces in enumerate(state.content.hexes)
            for side, face in enumerate(faces) if face.strait]


def turn_zero_on_a_strait():
    """A new game whose first player can lay a strait region in turn 0."""
    for seed in range(40):
        state = new_game(3, seed)
        seat = state.to_act[0]
        for h, side in strait_sides(state):
            stack = [x[0] for x in state.stack]
            if h not in stack:
                continue
            i = stack.index(h)
            state.stack[i][0], state.hands[seat][0] = state.hands[seat][0], h
            state.hands[seat].sort()
            touch(state)
            moves = [a for a in legal(state) if a.kind == "place_region" and a.hex == h
                     and a.side == side]
            if moves:
                return state, seat, moves[0]
    raise AssertionError("no strait region can be laid in turn 0")


def test_turn_zero_the_player_chooses_the_shore_of_each_inhabitant():
    # archipelago.ru.txt L725: «При открытии архипелага во время нулевого хода вы можете
    # поместить своих жителей на любой из берегов или на оба берега.»
    state, seat, move = turn_zero_on_a_strait()
    state.apply(seat, move)
    assert state.step == "choose_shores"
    assert set(legal(state)) == {ChooseShores((0, 0)), ChooseShores((0, 1)),
                                 ChooseShores((1, 1))}
    with pytest.raises(IllegalAction):
        state.apply(seat, ChooseShores((0, 2)))       # illegal: there are only two shores
    region = state.ctx["region"]
    state.apply(seat, ChooseShores((0, 1)))
    mine = [u for u in state.units if u[0] == seat and not u[1] and u[REGION] == region]
    assert sorted(u[SHORE] for u in mine) == [0, 1]
    assert state.step == "choose_cubes"


def test_turn_zero_without_a_strait_asks_no_shore():
    # L725 applies to a strait only: another region goes straight to its resources (L137)
    state = new_game(3, 0)
    seat = state.to_act[0]
    move = next(a for a in legal(state) if a.kind == "place_region"
                and not state.content.hexes[a.hex][a.side].strait)
    state.apply(seat, move)
    assert state.step == "choose_cubes"


def strait_round():
    for seed in range(80):
        state = in_round(3, seed)
        regions = [k for k in range(1, len(state.regions))
                   if board.region_face(state, k).strait]
        if regions:
            clear_units(state)
            return state, regions[0]
    raise AssertionError("no seed lays a strait region in turn 0")


def test_a_recruit_joins_the_shore_of_an_active_unit_a_ship_recruits_on_either():
    # L571: recruits go where the player has an active unit; L723: «Корабль может вербовать
    # рабочих на любом из берегов или на обоих берегах»
    state, k = strait_round()
    u = place_inhabitants(state, 0, k, 1)[0]
    state.units[u][SHORE] = 1
    state.surplus = 6
    set_money(state, 0, 20)
    state.apply(0, Recruit())
    assert RecruitTo(k, 1) in legal(state)
    assert RecruitTo(k, 0) not in legal(state)        # illegal: nobody of mine on shore 0
    state.apply(0, RecruitTo(k, 1))
    assert state.units[in_region(state, 0, k)[-1]][SHORE] == 1
    state.apply(0, Done())
    wheel.start_round(state, 0)
    ship_to(state, 0, k)
    state.apply(0, Recruit())
    assert {RecruitTo(k, 0), RecruitTo(k, 1)} <= set(legal(state))
    state.apply(0, RecruitTo(k, 0))
    assert sorted(state.units[i][SHORE] for i in in_region(state, 0, k)) == [0, 1, 1]


def in_region(state, seat, k):
    return [i for i, u in enumerate(state.units) if u[0] == seat and not u[1] and u[REGION] == k]


# ---------------------------------------------------------------- explorer tokens (L431-433)
def export_crisis(res="cattle", n=2):
    state = in_round(3, seed=1)
    state.tokens[0] = 2
    state.order = [0, 1, 2]
    set_market(state, 1, res, 0)
    for s in range(3):
        state.cubes[s][R[res]], state.bank_cubes[R[res]] = 0, (
            state.bank_cubes[R[res]] + state.cubes[s][R[res]])
    assert balance.start_part(state, {"kind": "export", "res": R[res], "n": n})
    touch(state)
    return state


def test_token_cube_in_a_crisis_is_for_that_crisis_only():
    # archipelago.ru.txt L433: «Жетон первооткрывателя можно обменять только во время кризиса
    # или когда игрок совершает действие, для которого требуются ресурсы»
    state = export_crisis()
    ex = {a for a in legal(state) if a.kind == "exchange_token"}
    assert ex == {ExchangeToken("cattle")}          # only the resource the crisis asks for
    state.apply(0, ExchangeToken("cattle"))
    assert state.tokens[0] == 1 and state.tokens_used == 1
    assert Supply(True) in legal(state)
    state.apply(0, Supply(True))                     # legal: the cube goes to the crisis
    assert state.ctx["left"] == 1 and state.cubes[0][R["cattle"]] == 0
    bank = state.bank_cubes[R["cattle"]]
    state.apply(0, ExchangeToken("cattle"))
    state.apply(0, PassCrisis())                     # unused: it does not stay on the screen
    assert state.cubes[0][R["cattle"]] == 0
    assert state.bank_cubes[R["cattle"]] == bank
    assert state.tokens[0] == 0


def test_token_cube_in_a_round_serves_the_next_action_only():
    # L433: «Ресурс ... отдаётся в счёт ресурсов, требуемых для совершения действия, включая
    # продажу этого самого ресурса»
    state = in_round(3, seed=1)
    state.tokens[0] = 2
    wood = R["wood"]
    state.bank_cubes[wood] += state.cubes[0][wood]
    state.cubes[0][wood] = 0
    set_market(state, 0, "wood", 0)
    touch(state)
    state.apply(0, ExchangeToken("wood"))
    assert Trade(0, "wood", False) in legal(state)
    money = state.money[0]
    state.apply(0, Trade(0, "wood", False))          # legal: sold by the very action
    assert state.money[0] > money and state.cubes[0][wood] == 0
    assert state.token_cubes[0] == [0] * 6
    # illegal side: a cube not used by the action is lost with the token, and can't be given
    state2 = in_round(3, seed=1)
    state2.tokens[0] = 1
    state2.bank_cubes[wood] += state2.cubes[0][wood]
    state2.cubes[0][wood] = 0
    touch(state2)
    assert Gift(1, "fish") in legal(state2) or state2.cubes[0][R["fish"]] == 0
    state2.apply(0, ExchangeToken("wood"))
    assert state2.cubes[0][wood] == 1
    assert Gift(1, "wood") not in legal(state2)      # not for anything afterwards
    state2.apply(0, Taxes())                          # an action that needs no resource
    assert state2.cubes[0][wood] == 0 and state2.tokens[0] == 0


# ---------------------------------------------------------------- exploration skips (L501-503)
def test_exploration_skips_are_unbounded_by_the_rulebook_and_bounded_by_option():
    # archipelago.ru.txt L501: «Если нет, он отправляет его в отдельную стопку сброса и берёт
    # следующий»; L503: an empty stack is rebuilt from the discards — no bound in the text
    state = in_round(3, seed=1)
    exploration.start(state, 1, False, False)
    state.ctx["skips"] = 40
    touch(state)
    assert SkipHex() in legal(state) and TakeHex() in legal(state)
    bounded = in_round(3, seed=1, explore_skips=2)
    exploration.start(bounded, 1, False, False)
    touch(bounded)
    bounded.apply(0, SkipHex())
    bounded.apply(0, SkipHex())
    assert legal(bounded) == [TakeHex()]                # the bot-table bound
