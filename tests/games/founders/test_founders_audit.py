"""Rules audit of Founders of the Empire against shared/rules/founders-of-empire.ru.txt (line
numbers L…): the rules and rulebook examples the other test files leave without a scenario."""

from __future__ import annotations

import pytest
from founders_scenario import (
    at,
    blank,
    cells_for,
    clear_rows,
    lay,
    main_phase,
    master,
    offer,
    open_tile,
    put,
    touch,
)

from settlers.games.founders import can_still_score, nobody_can_score
from settlers.games.founders.actions import (
    AnswerEnd,
    Attach,
    ChooseTile,
    DrawNature,
    EndTurn,
    PlayCart,
    PlayCoin,
    PlayWar,
    ProposeEnd,
    Reveal,
)
from settlers.games.founders.board import cell_of
from settlers.games.founders.content import CITY, NATURE, VILLAGE
from settlers.testing.refusals import refused


def _type(state, tile):
    return state.ts.types[state.ts.tile_type[tile]].id


# ====================================================================== city tiles, tokens
def test_city_tile_attached_by_replacing_still_gives_its_token():
    """L96 «Фиолетовые городские квадраты сразу после присоединения приносят вам
    соответствующие жетоны» and L114 «Вы можете присоединить новый квадрат вместо одного из
    своих старых квадратов»: a market laid instead of an old tile is attached all the same."""
    state = blank()
    lay(state, 0, {(0, 0): "mine", (1, 0): "cliff"})
    lake = put(state, 0, "lake", 0, 1)
    market = offer(state, "market")  # iron + plants: the mine and the cliff
    state.apply(0, ChooseTile(market))
    assert Attach(0, 1) in state.legal_actions(0)
    state.apply(0, Attach(0, 1))
    board = state.boards[0]
    assert at(state, 0, 0, 1) == market and board.face_down == [lake]
    assert board.hand_coin == 1 and state.supply[1] == 5
    assert state.scores()[0] == 0.0  # +1 token in hand, −1 replaced tile


def test_a_second_city_tile_of_the_same_kind_gives_a_second_token():
    """L154 «На следующих ходах этот квадрат не приносит жетонов (только ресурс), однако
    впоследствии вы можете присоединить ещё один квадрат того же типа и взять ещё один такой
    же жетон. Вы можете держать на руках сколько угодно любых жетонов»."""
    state = blank()
    lay(state, 0, {(0, 0): "mine", (1, 0): "cliff"})
    first = offer(state, "market")
    state.apply(0, ChooseTile(first))
    state.apply(0, Attach(0, 1))
    assert state.boards[0].hand_coin == 1
    state.current = 0
    second = offer(state, "market")
    assert second != first
    state.apply(0, ChooseTile(second))
    state.apply(0, Attach(1, 1))  # the mine (0, 0) and the cliff (1, 0) again
    assert state.boards[0].hand_coin == 2 and state.supply[1] == 4
    assert state.scores()[0] == 2.0


# ====================================================================== replacing
def test_the_replaced_tile_supplies_nothing_to_the_tile_laid_in_its_place():
    """L114 «вытаскиваете старый квадрат ... и положите новый на его место (убедитесь, что
    соседние квадраты производят все нужные ресурсы)»: the old tile is gone and feeds nothing.
    A mine (wood + stone) may replace the lake (forest and cliff stay beside it) but not the
    forest, the only wood."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "lake"})
    mine = offer(state, "mine")
    state.apply(0, ChooseTile(mine))
    legal = state.legal_actions(0)
    assert Attach(0, 1) in legal
    assert Attach(0, 0) not in legal and Attach(1, 0) not in legal
    refused(state, 0, Attach(0, 0), "founders.illegal.needs_not_met")
    refused(state, 0, Attach(1, 0), "founders.illegal.needs_not_met")


def test_a_replaced_tile_in_a_cart_group_supplies_nothing_through_the_cart():
    """L114 (the needs met by the tiles around, without the old one) and L204 «Заменяя один из
    объединённых квадратов, оставьте жетон телеги на месте»: the cart stays, but the tile taken
    out gives no good to the group any more — not even to the tile laid in its place."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "lake", (1, 1): "lake"})
    state.boards[0].carts.add(cell_of(1, 1))
    mine = offer(state, "mine")
    state.apply(0, ChooseTile(mine))
    legal = state.legal_actions(0)
    # instead of a lake: the forest gives wood, the cliff stone
    assert Attach(0, 1) in legal and Attach(1, 1) in legal
    # instead of the forest: the cliff and the two lakes of the group give no wood
    assert Attach(0, 0) not in legal
    refused(state, 0, Attach(0, 0), "founders.illegal.needs_not_met")


def test_a_razed_tile_holding_a_coin_is_replaced_coin_to_hand_war_token_to_box():
    """Reading of L165 «Разорённый квадрат можно заменить. В этом случае уберите все жетоны с
    него в коробку» with L188 «Заменяя квадрат с жетоном монеты, заберите этот жетон себе»: the
    coin rule is the specific one (README), the war token goes to the box."""
    state = blank(3, current=2)
    lay(state, 2, {(0, 0): "forest", (1, 0): "cliff"})
    old = put(state, 2, "lake", 0, 1)
    board = state.boards[2]
    board.war[cell_of(0, 1)] = 1
    board.coin[cell_of(0, 1)] = (0, state.ts.good_index("water"))
    grove = offer(state, "grove")
    state.apply(2, ChooseTile(grove))
    state.apply(2, Attach(0, 1))
    assert board.face_down == [old] and not board.war and not board.coin
    assert board.hand_coin == 1 and state.token_box[0] == 1
    assert state.scores()[2] == 0.0  # the coin 1, the replaced tile −1


# ====================================================================== coins
@pytest.mark.parametrize("how", ["end_turn", "draw_nature"])
def test_coins_come_home_whenever_the_turn_ends(how):
    """L125 «Присоединив квадрат ..., вы завершаете свой ход. Заберите со своих квадратов
    жетоны монет» and L178 «В конце своего хода ... заберите себе все жетоны монеты»: also when
    the turn ends with the top nature tile (L112) or with nothing attached («завершите ход без
    добавления нового квадрата»); the coin may then be played on the next turn (L86)."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    put(state, 1, "lake", 0, 0)
    state.boards[0].coin[cell_of(0, 0)] = (1, state.ts.good_index("wood"))
    clear_rows(state)
    open_tile(state, "military_camp")  # needs horses: nothing fits
    if how == "end_turn":
        state.box.extend(state.stacks[NATURE])
        state.stacks[NATURE].clear()
    main_phase(state)
    assert not any(a.kind == "play_coin" for a in state.legal_actions(0))
    if how == "end_turn":
        state.apply(0, EndTurn())
    else:
        state.apply(0, DrawNature())
        state.apply(0, Attach(1, 0))
    board = state.boards[0]
    assert state.current == 1 and not board.coin and board.hand_coin == 1
    state.current = 0
    main_phase(state)
    assert PlayCoin(1, 0, 0, "water") in state.legal_actions(0)


def test_a_coin_blocks_its_tile_through_the_turns_of_others_till_its_owner_ends_a_turn():
    """3 players. L176 «положите его на любой квадрат соперника»; L178 «Если в начале вашего
    хода на вашем квадрате лежит жетон монеты, этот квадрат не принесёт ресурсов в текущем ходе.
    В конце своего хода ... заберите себе все жетоны монеты, которые лежат на ваших
    квадратах» — only the owner of the tile takes the coin, at the end of the owner's turn;
    L186-187 (README reading): a bought tile makes nothing, so no second coin goes on it; L162
    «положите его на любой незащищённый квадрат соперника»: a war token may."""
    state = blank(3)
    put(state, 0, "forest", 0, 0)
    put(state, 1, "cliff", 0, 0)
    lay(state, 2, {(0, 0): "horse_farm", (1, 0): "lake"})
    state.boards[0].hand_coin = 1
    state.boards[1].hand_coin = 1
    state.boards[1].hand_war = 1
    main_phase(state)
    state.apply(0, PlayCoin(2, 0, 0, "horses"))
    lake = offer(state, "lake")
    state.apply(0, ChooseTile(lake))
    state.apply(0, Attach(1, 0))
    farm = cell_of(0, 0)
    assert state.current == 1 and farm in state.boards[2].coin
    assert state.boards[0].hand_coin == 0  # the buyer does not take it back
    # seat 1: the bought horse farm cannot be bought again, but can be razed
    state.apply(1, Reveal("nature"))
    legal = state.legal_actions(1)
    coins = {(a.target, a.x, a.y) for a in legal if a.kind == "play_coin"}
    assert (2, 0, 0) not in coins and (2, 1, 0) in coins
    refused(state, 1, PlayCoin(2, 0, 0, "horses"), "founders.illegal.coin_target")
    assert PlayWar(2, 0, 0) in legal
    state.apply(1, PlayWar(2, 0, 0))
    grove = offer(state, "grove")
    state.apply(1, ChooseTile(grove))
    state.apply(1, Attach(1, 0))
    assert state.current == 2 and farm in state.boards[2].coin
    assert state.boards[1].hand_coin == 1
    # seat 2: the coin still lies there; it comes home at the end of seat 2's turn
    state.apply(2, Reveal("nature"))
    river = offer(state, "river")
    state.apply(2, ChooseTile(river))
    state.apply(2, Attach(2, 0))
    board = state.boards[2]
    assert not board.coin and board.hand_coin == 1
    assert farm in board.war  # the war token stays: razed till the end
    assert state.scores()[2] == 1.0


def test_a_good_bought_this_turn_can_make_attaching_compulsory():
    """L122 «Вы должны присоединить квадрат, если это возможно сделать» with L176 «До конца
    вашего хода вы можете использовать ресурс»: before the coin nothing fits and the top nature
    tile may be drawn (L112); once horses are bought the military camp fits, so it must be
    attached — no draw, no end of the turn."""
    state = blank()
    put(state, 0, "waterfall", 0, 0)
    put(state, 1, "horse_farm", 0, 0)
    state.boards[0].hand_coin = 1
    camp = offer(state, "military_camp")  # horses + stone
    legal = state.legal_actions(0)
    assert DrawNature() in legal and ChooseTile(camp) not in legal
    state.apply(0, PlayCoin(1, 0, 0, "horses"))
    legal = state.legal_actions(0)
    assert ChooseTile(camp) in legal and DrawNature() not in legal
    refused(state, 0, DrawNature(), "founders.illegal.must_attach")
    state.apply(0, ChooseTile(camp))
    state.apply(0, Attach(0, 1))
    assert at(state, 0, 0, 1) == camp and state.boards[0].hand_war == 1


# ====================================================================== war
def test_razing_the_farthest_tile_does_not_expose_the_tile_in_front_of_it():
    """Reading of L162 «До конца партии этот квадрат не производит ресурсов ... Незащищённым
    считается самый дальний от владельца квадрат в каждом вертикальном ряду»: the razed tile is
    still the farthest of its column, so the one in front stays protected."""
    state = blank()
    put(state, 0, "lake", 0, 0)
    lay(state, 1, {(0, 0): "forest", (0, 1): "cliff", (1, 0): "river"})
    state.boards[1].war[cell_of(0, 1)] = 0
    state.boards[0].hand_war = 1
    main_phase(state)
    wars = {(a.target, a.x, a.y) for a in state.legal_actions(0) if a.kind == "play_war"}
    assert wars == {(1, 1, 0)}
    refused(state, 0, PlayWar(1, 0, 0), "founders.illegal.war_target")


# ====================================================================== carts
def test_two_carts_without_a_shared_tile_make_two_separate_groups():
    """L203 «создать несколько отдельных объединений» and L210 «справа два жетона телеги
    создают два отдельных объединения по четыре квадрата»: goods pass within a group, not from
    one group to the other; a third cart between them joins all eight."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "cliff", (1, 1): "cliff",
                   (2, 0): "lake", (3, 0): "lake", (2, 1): "lake", (3, 1): "lake"})
    board = state.boards[0]
    board.carts.update({cell_of(1, 1), cell_of(3, 1)})
    board.hand_cart = 1
    mill = offer(state, "mill")  # wood + water; the forest (0, 0) is the only wood
    groups = board.groups()
    assert len(groups[cell_of(0, 0)]) == 4 and len(groups[cell_of(3, 1)]) == 4
    assert groups[cell_of(0, 0)] != groups[cell_of(3, 1)]
    legal = state.legal_actions(0)
    assert ChooseTile(mill) in legal
    fits = cells_for(state, mill)
    assert (1, 2) in fits  # touches both groups: wood from the first, water from the second
    assert (3, 2) not in fits and (4, 1) not in fits  # the second group has no wood
    # the cart on the corner between them (touching (1,0), (2,0), (1,1), (2,1))
    assert PlayCart(2, 1) in legal
    state.apply(0, PlayCart(2, 1))
    assert len(board.groups()[cell_of(3, 1)]) == 8
    assert (3, 2) in cells_for(state, mill)


def test_a_cart_cannot_go_on_a_corner_that_has_one():
    """L197 «положите его на стык четырёх квадратов ... (если таких стыков нет, вы не можете
    разыграть жетон)»: a corner with a cart on it is taken."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "lake", (1, 1): "river"})
    state.boards[0].carts.add(cell_of(1, 1))
    state.boards[0].hand_cart = 1
    main_phase(state)
    assert not any(a.kind == "play_cart" for a in state.legal_actions(0))
    refused(state, 0, PlayCart(1, 1), "founders.illegal.cart_corner")


# ====================================================================== the end
def test_stacks_emptied_by_the_drawn_nature_tile_end_the_game_after_that_turn():
    """L69 «Если квадраты закончились во всех стопках, партия завершается», L129/L132 «в конце
    хода игрока, если ... ни в одной из трёх стопок не осталось квадратов»: also when the last
    tile leaves with the draw of L112 rather than with a reveal."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    clear_rows(state)
    state.box.extend(state.stacks[CITY])
    state.stacks[CITY].clear()
    for deck in (NATURE, VILLAGE):
        state.box.extend(state.stacks[deck][:-1])
        del state.stacks[deck][:-1]
    touch(state)
    # a village tile needs two goods from two tiles: next to the forest alone none fits
    state.apply(0, Reveal("village"))
    assert not state.stacks[VILLAGE] and not state.over
    assert state.legal_actions(0)[-1] == DrawNature()
    last = state.stacks[NATURE][-1]
    state.apply(0, DrawNature())
    assert not any(state.stacks) and not state.over  # the turn is not over yet
    state.apply(0, Attach(1, 0))
    assert at(state, 0, 1, 0) == last
    assert state.over and state.ended_by == "stacks"


def test_the_horses_example_of_the_end_by_agreement():
    """L139 «все открытые призовые квадраты требуют лошадей, а все три деревенских квадрата,
    производящие этот ресурс, либо заменены, либо разорены, либо закрыты жетоном мастера. В
    таком случае при согласии всех участников игра завершается»."""
    state = blank()
    ts = state.ts
    # every open prize tile needs horses
    state.prize_box.extend(state.prizes)
    state.prizes.clear()
    open_tile(state, "temple_of_neptune")  # horses + water
    open_tile(state, "temple_of_mars")     # horses + wood
    # the three horse farms: replaced, razed, under a horse breeder
    lay(state, 0, {(0, 0): "lake", (1, 0): "grove"})
    replaced = put(state, 0, "horse_farm", 0, 1)
    del state.boards[0].cells[cell_of(0, 1)]
    state.boards[0].face_down.append(replaced)
    put(state, 0, "horse_farm", 1, 1)
    state.boards[0].master[cell_of(1, 1)] = master(state, "horse_breeder")
    lay(state, 1, {(0, 0): "river", (1, 0): "lake"})
    put(state, 1, "horse_farm", 0, 1)
    state.boards[1].war[cell_of(0, 1)] = 0
    # no city tile still to come (its token would be a point), no master in hand
    for pile in [*state.stacks, *state.rows]:
        for t in list(pile):
            if ts.tile_deck[t] == CITY:
                pile.remove(t)
                state.box.append(t)
    touch(state)
    assert not any(_type(state, t) == "horse_farm"
                   for pile in [*state.stacks, *state.rows] for t in pile)
    assert nobody_can_score(state)
    assert ProposeEnd() in state.legal_actions(0)
    state.apply(0, ProposeEnd())
    state.apply(1, AnswerEnd(True))
    assert state.over and state.ended_by == "agreement"
    assert state.scores() == [1.0, 0.0]  # the horse breeder 2, the replaced tile −1


def test_one_producing_horse_farm_keeps_the_end_by_agreement_closed():
    """The other side of L139: while one horse farm still makes horses (not replaced, razed nor
    under a master), its owner can still score, and so can another player while a coin can buy
    the horses (L176) — neither may claim the contrary (L133). With no coin in play nor to
    come, the other player cannot get horses: it may propose, and the farm's owner refuses."""
    state = blank()
    state.prize_box.extend(state.prizes)
    state.prizes.clear()
    open_tile(state, "temple_of_neptune")
    lay(state, 0, {(0, 0): "lake", (1, 0): "grove"})
    lay(state, 1, {(0, 0): "river", (1, 0): "lake", (0, 1): "horse_farm"})
    for pile in [*state.stacks, *state.rows]:
        for t in list(pile):
            if state.ts.tile_deck[t] == CITY or _type(state, t) == "horse_farm":
                pile.remove(t)
                state.box.append(t)
    touch(state)
    assert not any(b.hand_coin or b.coin for b in state.boards)
    assert can_still_score(state, 1) and not can_still_score(state, 0)   # no coin: no horses
    assert ProposeEnd() in state.legal_actions(0)
    state.apply(0, ProposeEnd())
    assert state.rule_of_thumb(1) == AnswerEnd(False)
    state.apply(1, AnswerEnd(False))
    assert not state.over
    state.boards[1].hand_coin = 1                      # a coin in play: seat 1 may play it on
    state.proposed = False                             # seat 0's tile, and seat 0 collects it
    touch(state)
    assert can_still_score(state, 0)                   # (L178), then buys the horses
    assert ProposeEnd() not in state.legal_actions(0)
    refused(state, 0, ProposeEnd(), "founders.illegal.you_can_still_score")
