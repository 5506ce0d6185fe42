"""«Жетоны»: war, coin, cart and master tokens, with every clarification of their sections."""

from __future__ import annotations

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
    replace_cells_for,
    touch,
)

from settlers.games.founders.actions import (
    Attach,
    ChooseTile,
    PlayCart,
    PlayCoin,
    PlayMaster,
    PlayWar,
    Reveal,
)
from settlers.games.founders.board import cell_of
from settlers.games.founders.ending import finish
from settlers.testing.refusals import refused


# ====================================================================== war
def test_war_only_on_unprotected_opponent_tiles():
    """«положите его на любой незащищённый квадрат соперника ... Незащищённым считается самый
    дальний от владельца квадрат в каждом вертикальном ряду его государства»."""
    state = blank()
    put(state, 0, "lake", 0, 0)
    put(state, 1, "forest", 0, 0)
    put(state, 1, "cliff", 0, 1)   # farther than the forest in column 0
    put(state, 1, "river", 1, 0)   # alone in column 1
    put(state, 1, "grove", 1, -1)  # nearer than the river
    state.boards[0].hand_war = 1
    main_phase(state)
    wars = {(a.target, a.x, a.y) for a in state.legal_actions(0) if a.kind == "play_war"}
    assert wars == {(1, 0, 1), (1, 1, 0)}
    refused(state, 0, PlayWar(1, 0, 0), "founders.illegal.war_target")   # protected
    refused(state, 0, PlayWar(0, 0, 0), "founders.illegal.war_target")   # own tile
    state.apply(0, PlayWar(1, 0, 1))
    assert cell_of(0, 1) in state.boards[1].war and state.boards[0].hand_war == 0


def test_razed_tile_produces_nothing_and_scores_nothing():
    """«До конца партии этот квадрат не производит ресурсов, а при финальном подсчёте не даёт
    победных очков»."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (2, 0): "obelisk"})
    mine = offer(state, "mine")
    assert (0, 1) in cells_for(state, mine)
    assert state.scores()[0] == 1.0
    state.boards[0].war[cell_of(1, 0)] = 1
    state.boards[0].war[cell_of(2, 0)] = 1
    touch(state)
    assert (0, 1) not in cells_for(state, mine)
    assert state.scores()[0] == 0.0


def test_war_over_a_master_cancels_its_points():
    """«Если на разорённом квадрате лежал жетон мастера, жетон войны кладётся поверх него.
    Владелец квадрата не получит очков за мастера»; «Квадрат с жетоном мастера может быть
    разорён — тогда он не принесёт очков»."""
    state = blank()
    put(state, 0, "lake", 0, 0)
    put(state, 1, "winery", 0, 0)
    state.boards[1].master[cell_of(0, 0)] = master(state, "vine_grower")
    state.boards[0].hand_war = 1
    main_phase(state)
    assert state.scores()[1] == 2.0
    state.apply(0, PlayWar(1, 0, 0))
    assert cell_of(0, 0) in state.boards[1].master  # the war token lies on top
    assert state.scores()[1] == 0.0


def test_razed_tile_cannot_be_razed_again():
    state = blank()
    put(state, 0, "lake", 0, 0)
    put(state, 1, "winery", 0, 0)
    state.boards[1].war[cell_of(0, 0)] = 0
    state.boards[0].hand_war = 1
    main_phase(state)
    refused(state, 0, PlayWar(1, 0, 0), "founders.illegal.war_target")


def test_replacing_a_razed_tile_boxes_its_tokens():
    """«Разорённый квадрат можно заменить. В этом случае уберите все жетоны с него в коробку.
    Заменённый разорённый квадрат отнимает 1 победное очко, как обычно»."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff"})
    old = put(state, 0, "winery", 0, 1)
    state.boards[0].war[cell_of(0, 1)] = 1
    state.boards[0].master[cell_of(0, 1)] = master(state, "vine_grower")
    lake = offer(state, "lake")
    state.apply(0, ChooseTile(lake))
    state.apply(0, Attach(0, 1))
    board = state.boards[0]
    assert at(state, 0, 0, 1) == lake and board.face_down == [old]
    assert not board.war and not board.master
    assert state.token_box == [1, 0] and state.boxed_masters == [master(state, "vine_grower")]
    assert state.scores()[0] == -1.0


def test_razed_tile_in_a_cart_group_passes_goods():
    """«Если разорённый квадрат объединён с другими квадратами жетоном телеги, то на него можно
    «перевезти» ресурсы обычным образом, однако сам он ничего не производит»."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "grove", (1, 1): "waterfall"})
    state.boards[0].carts.add(cell_of(1, 1))
    state.boards[0].war[cell_of(1, 1)] = 1  # the waterfall is razed
    clear_rows(state)
    mine = open_tile(state, "mine")
    pottery = open_tile(state, "pottery_yard")  # stone + water: water only from the waterfall
    main_phase(state)
    # (1, 2) touches the grove and the razed waterfall: wood and stone come by cart
    assert (1, 2) in cells_for(state, mine)
    assert (1, 2) not in cells_for(state, pottery)


# ====================================================================== coin
def _ivan_and_sergey():
    """Ivan (0) has a waterfall; Sergey (1) has a horse farm."""
    state = blank()
    put(state, 0, "waterfall", 0, 0)
    lay(state, 1, {(0, 0): "horse_farm", (1, 0): "lake"})
    clear_rows(state)
    camp = open_tile(state, "military_camp")
    state.boards[0].hand_coin = 1
    main_phase(state)
    return state, camp


def test_coin_example_ivan_buys_horses():
    """Пример: «Иван покупает у Сергея лошадей и присоединяет военный лагерь рядом с водопадом
    (где есть второй необходимый для лагеря ресурс — камень)»."""
    state, camp = _ivan_and_sergey()
    assert cells_for(state, camp) == set()
    state.apply(0, PlayCoin(1, 0, 0, "horses"))
    assert state.boards[1].coin == {cell_of(0, 0): (0, state.ts.good_index("horses"))}
    assert cells_for(state, camp) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    state.apply(0, ChooseTile(camp))
    state.apply(0, Attach(0, 1))
    assert at(state, 0, 0, 1) == camp and state.boards[0].hand_war == 1


def test_bought_good_is_not_produced_on_own_tiles():
    """«Купленный ресурс не считается произведённым ни на каком из ваших квадратов»: it is one
    good, usable once — a tile needing it twice is not helped twice."""
    state, _ = _ivan_and_sergey()
    state.apply(0, PlayCoin(1, 0, 0, "horses"))
    neptune = open_tile(state, "temple_of_neptune")  # horses + water
    assert (0, 1) in cells_for(state, neptune)  # horses bought, water from the waterfall
    assert state.borrowed == (1, cell_of(0, 0), state.ts.good_index("horses"))


def test_coin_blocks_the_tile_and_returns_at_its_owners_end_of_turn():
    """«Если в начале вашего хода на вашем квадрате лежит жетон монеты, этот квадрат не
    принесёт ресурсов в текущем ходе. В конце своего хода, сразу после присоединения нового
    квадрата, заберите себе все жетоны монеты»; «Вы можете приобрести ресурс и не использовать
    его (жетон монеты остаётся на квадрате соперника)»."""
    state, camp = _ivan_and_sergey()
    state.apply(0, PlayCoin(1, 0, 0, "horses"))
    lake = open_tile(state, "river")
    state.apply(0, ChooseTile(lake))
    state.apply(0, Attach(1, 0))  # the horses are not used
    assert state.current == 1 and cell_of(0, 0) in state.boards[1].coin
    assert state.borrowed is None  # «только в тот ход, на котором его приобрели»
    # Sergey's turn: his horse farm gives nothing now
    state.apply(1, Reveal("nature"))
    put(state, 1, "waterfall", 0, 1)
    assert cells_for(state, camp) == set()
    clear_rows(state)
    grove = open_tile(state, "grove")
    state.apply(1, ChooseTile(grove))
    state.apply(1, Attach(2, 0))
    assert state.boards[1].hand_coin == 1 and not state.boards[1].coin
    state.current = 1
    main_phase(state)
    camp2 = open_tile(state, "military_camp")
    assert cells_for(state, camp2)  # producing horses again


def test_bought_good_cannot_be_used_next_turn():
    """«Вы можете воспользоваться приобретённым ресурсом только в тот ход, на котором его
    приобрели»."""
    state, camp = _ivan_and_sergey()
    state.apply(0, PlayCoin(1, 0, 0, "horses"))
    river = open_tile(state, "river")
    state.apply(0, ChooseTile(river))
    state.apply(0, Attach(-1, 0))
    state.current = 0
    main_phase(state)
    assert cells_for(state, camp) == set()


def test_coin_on_a_nature_tile_buys_one_of_its_goods():
    """«Разыгрывая монету на зелёный квадрат, выберите один из двух ресурсов»."""
    state = blank()
    put(state, 0, "lake", 0, 0)
    put(state, 1, "waterfall", 0, 0)
    state.boards[0].hand_coin = 1
    main_phase(state)
    coins = {(a.x, a.y, a.good) for a in state.legal_actions(0) if a.kind == "play_coin"}
    assert coins == {(0, 0, "water"), (0, 0, "stone")}
    refused(state, 0, PlayCoin(1, 0, 0, "wood"), "founders.illegal.coin_target")


def test_coin_not_on_tiles_producing_nothing():
    """«Нельзя разыграть монету на квадрат, который не производит ресурсов (призовой,
    разорённый или с жетоном мастера)»; nor on one's own tile."""
    state = blank()
    put(state, 0, "lake", 0, 0)
    lay(state, 1, {(0, 0): "shrine", (1, 0): "mine", (2, 0): "winery", (3, 0): "mill"})
    state.boards[1].war[cell_of(1, 0)] = 0
    state.boards[1].master[cell_of(2, 0)] = master(state, "vine_grower")
    state.boards[0].hand_coin = 1
    main_phase(state)
    coins = {(a.target, a.x, a.good) for a in state.legal_actions(0) if a.kind == "play_coin"}
    assert coins == {(1, 3, "bread")}
    refused(state, 0, PlayCoin(1, 0, 0, "wine"), "founders.illegal.coin_target")
    refused(state, 0, PlayCoin(1, 1, 0, "iron"), "founders.illegal.coin_target")
    refused(state, 0, PlayCoin(1, 2, 0, "wine"), "founders.illegal.coin_target")
    refused(state, 0, PlayCoin(0, 0, 0, "water"), "founders.illegal.coin_target")


def test_replacing_a_coined_tile_takes_the_coin():
    """«Заменяя квадрат с жетоном монеты, заберите этот жетон себе»."""
    state = blank(current=1)
    lay(state, 1, {(0, 0): "forest", (1, 0): "cliff"})
    old = put(state, 1, "lake", 0, 1)
    state.boards[1].coin[cell_of(0, 1)] = (0, state.ts.good_index("water"))
    mine = offer(state, "mine")
    assert (0, 1) in replace_cells_for(state, mine)
    state.apply(1, ChooseTile(mine))
    state.apply(1, Attach(0, 1))
    assert state.boards[1].hand_coin == 1 and state.boards[1].face_down == [old]


def test_coined_tile_in_a_cart_group_passes_goods_but_produces_nothing():
    """«Если квадрат с монетой объединён с другими квадратами жетоном телеги, то на него можно
    «перевезти» ресурсы обычным образом, однако сам он ничего не производит»."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "grove", (1, 1): "waterfall"})
    state.boards[0].carts.add(cell_of(1, 1))
    state.boards[0].coin[cell_of(1, 1)] = (1, state.ts.good_index("water"))
    clear_rows(state)
    mine = open_tile(state, "mine")
    pottery = open_tile(state, "pottery_yard")
    main_phase(state)
    assert (1, 2) in cells_for(state, mine)
    assert (1, 2) not in cells_for(state, pottery)  # the bought waterfall gives no water


def test_coins_on_own_tiles_count_for_the_owner_at_the_end():
    """«Жетоны монеты, полученные в ходе торговли, приносят вам очки ... Перед подсчётом очков
    заберите себе все жетоны монеты со своих квадратов»."""
    state = blank()
    put(state, 1, "mill", 0, 0)
    state.boards[1].coin[cell_of(0, 0)] = (0, state.ts.good_index("bread"))
    assert state.scores()[1] == 1.0
    finish(state, "prizes")
    assert state.boards[1].hand_coin == 1 and not state.boards[1].coin
    assert state.scores()[1] == 1.0


# ====================================================================== cart
def test_cart_needs_a_corner_of_four_own_tiles():
    """«положите его на стык четырёх квадратов в своём государстве (если таких стыков нет, вы
    не можете разыграть жетон)»."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (1, 0): "cliff", (0, 1): "lake"})
    state.boards[0].hand_cart = 1
    main_phase(state)
    assert not any(a.kind == "play_cart" for a in state.legal_actions(0))
    refused(state, 0, PlayCart(1, 1), "founders.illegal.cart_corner")
    put(state, 0, "river", 1, 1)
    assert [a for a in state.legal_actions(0) if a.kind == "play_cart"] == [PlayCart(1, 1)]
    state.apply(0, PlayCart(1, 1))
    assert state.boards[0].carts == {cell_of(1, 1)} and state.boards[0].hand_cart == 0


def _sergey_cart():
    """«у Сергея объединены телегой обрыв, лес, винодельня и мастерская»."""
    state = blank()
    lay(state, 0, {(0, 0): "cliff", (1, 0): "forest", (0, 1): "winery", (1, 1): "workshop"})
    clear_rows(state)
    return state


def test_cart_example_sergey():
    """«Сначала он добавляет шахту рядом с мастерской, поскольку на объединённых с ней квадратах
    есть нужные ресурсы. Следующим ходом он присоединяет рынок, взяв железо из шахты и
    «перевезя» растения с обрыва»."""
    state = _sergey_cart()
    mine = open_tile(state, "mine")
    main_phase(state)
    assert (1, 2) not in cells_for(state, mine)  # without the cart: wine and carts only
    state.boards[0].carts.add(cell_of(1, 1))
    touch(state)
    assert (1, 2) in cells_for(state, mine)
    state.apply(0, ChooseTile(mine))
    state.apply(0, Attach(1, 2))
    state.current = 0
    market = offer(state, "market")
    assert (2, 2) in cells_for(state, market)  # iron from the mine, plants from the cliff
    state.boards[0].carts.clear()
    touch(state)
    assert (2, 2) not in cells_for(state, market)


def test_carried_good_is_produced_at_its_source():
    """««Перевезённый» ресурс производится на том квадрате, откуда он был взят изначально.
    Квадрат, на который «перевезён» ресурс, может в тот же ход произвести и свой собственный
    ресурс»: next to the forest alone a mine fits if a cart brings the cliff's stone."""
    state = _sergey_cart()
    mine = open_tile(state, "mine")
    main_phase(state)
    assert (2, 0) not in cells_for(state, mine)  # the forest cannot give wood and stone
    state.boards[0].carts.add(cell_of(1, 1))
    touch(state)
    assert (2, 0) in cells_for(state, mine)  # forest: wood; cliff (carried): stone


def test_carts_chain_and_separate_groups():
    """«С помощью нескольких жетонов телег вы можете объединить больше четырёх квадратов или
    создать несколько отдельных объединений»: two carts sharing a tile join seven tiles."""
    state = blank()
    put(state, 0, "forest", 0, 0)  # the only wood
    for x, y in [(1, 0), (0, 1), (1, 1), (1, 2)]:
        put(state, 0, "cliff", x, y)
    lay(state, 0, {(2, 1): "lake", (2, 2): "lake"})
    state.boards[0].carts.update({cell_of(1, 1), cell_of(2, 2)})
    clear_rows(state)
    mill = open_tile(state, "mill")  # wood + water
    main_phase(state)
    assert (3, 2) in cells_for(state, mill)  # wood from (0, 0) through both carts
    groups = state.boards[0].groups()
    assert len(groups[cell_of(0, 0)]) == 7
    state.boards[0].carts.discard(cell_of(1, 1))
    touch(state)
    assert (3, 2) not in cells_for(state, mill)


def test_cart_stays_when_a_joined_tile_is_replaced():
    """«Заменяя один из объединённых квадратов, оставьте жетон телеги на месте: новый квадрат
    будет считаться объединённым со старыми»."""
    state = _sergey_cart()
    state.boards[0].carts.add(cell_of(1, 1))
    lake = open_tile(state, "lake")
    main_phase(state)
    state.apply(0, ChooseTile(lake))
    state.apply(0, Attach(0, 1))  # instead of the winery
    assert state.boards[0].carts == {cell_of(1, 1)}
    assert cell_of(0, 1) in state.boards[0].groups()[cell_of(1, 1)]


def test_goods_carried_to_tiles_that_produce_nothing():
    """«Вы можете «перевозить» ресурсы даже на те квадраты, которые не производят ресурсы
    (призовые, разорённые, с жетоном мастера)»."""
    state = _sergey_cart()
    state.boards[0].cells[cell_of(1, 1)] = put(state, 1, "shrine", 7, 7)
    del state.boards[1].cells[cell_of(7, 7)]
    state.boards[0].carts.add(cell_of(1, 1))
    mine = open_tile(state, "mine")
    main_phase(state)
    assert (1, 2) in cells_for(state, mine)  # the shrine and the winery are the neighbours


# ====================================================================== master
def test_master_on_own_village_tile_producing_its_good():
    """«положите его на деревенский квадрат в своём государстве, который производит
    соответствующий мастеру ресурс»; «Нельзя «перевезти» этот ресурс на другой квадрат и
    выложить мастера туда»."""
    state = _sergey_cart()
    put(state, 0, "mine", 2, 0)
    put(state, 1, "winery", 0, 0)
    state.boards[0].carts.add(cell_of(1, 1))
    state.boards[0].hand_masters = [master(state, "vine_grower")]
    main_phase(state)
    masters = [a for a in state.legal_actions(0) if a.kind == "play_master"]
    assert masters == [PlayMaster("vine_grower", 0, 1)]
    refused(state, 0, PlayMaster("vine_grower", 2, 0), "founders.illegal.master_tile")
    refused(state, 0, PlayMaster("vine_grower", 1, 1), "founders.illegal.master_tile")
    refused(state, 0, PlayMaster("blacksmith", 2, 0), "founders.illegal.no_such_token")
    state.apply(0, PlayMaster("vine_grower", 0, 1))
    assert state.boards[0].master == {cell_of(0, 1): master(state, "vine_grower")}


def test_master_stops_production_and_scores_two():
    """«Теперь этот квадрат больше не производит ресурсов, однако в конце игры вы получите за
    него 2 победных очка»; an unplaced master is worth 1 like any token."""
    state = blank()
    lay(state, 0, {(0, 0): "winery", (1, 0): "lake"})
    state.boards[0].hand_masters = [master(state, "vine_grower")]
    clear_rows(state)
    shrine = open_tile(state, "shrine")  # wine + plants
    main_phase(state)
    assert state.scores()[0] == 1.0
    assert (0, 1) in cells_for(state, shrine)
    state.apply(0, PlayMaster("vine_grower", 0, 0))
    assert state.scores()[0] == 2.0
    assert cells_for(state, shrine) == set()


def test_master_not_on_a_razed_tile():
    state = blank()
    put(state, 0, "winery", 0, 0)
    state.boards[0].war[cell_of(0, 0)] = 1
    state.boards[0].hand_masters = [master(state, "vine_grower")]
    main_phase(state)
    refused(state, 0, PlayMaster("vine_grower", 0, 0), "founders.illegal.master_tile")


def test_carried_good_still_counts_once_for_its_source():
    """A cart moves goods but each tile still produces one good per turn: a river (wood or
    water) alone in a group cannot give a mill both wood and water."""
    state = blank()
    put(state, 0, "river", 0, 0)
    for x, y in [(1, 0), (0, 1), (1, 1)]:
        put(state, 0, "shrine" if (x, y) == (1, 1) else "statue" if x == 1 else "altar", x, y)
    state.boards[0].carts.add(cell_of(1, 1))
    mill = offer(state, "mill")
    assert cells_for(state, mill) == set()
    put(state, 0, "lake", 2, 1)
    assert (2, 2) in cells_for(state, mill)  # lake: water; river (by cart): wood


def test_master_not_on_a_village_tile_a_coin_lies_on():
    """«положите его на деревенский квадрат ..., который производит соответствующий мастеру
    ресурс» (L218), «только непосредственно на тот квадрат, который производит» (L223); a tile
    a coin lies on «сам он ничего не производит» (L187) and «не принесёт ресурсов в текущем
    ходе» (L178) — the owner's turn, the one in which it may place a master. Nineteenth
    reading (rules 2026-12-08): until then the engine let the master go on the bought winery
    (the coin stopping it «only in the current turn» was read as a turn not the owner's)."""
    state = blank()
    lay(state, 0, {(0, 0): "winery", (1, 0): "winery", (2, 0): "winery"})
    state.boards[0].coin[cell_of(0, 0)] = (1, state.ts.good_index("wine"))
    state.boards[0].war[cell_of(1, 0)] = 1
    state.boards[0].hand_masters = [master(state, "vine_grower")]
    main_phase(state)
    assert [a for a in state.legal_actions(0) if a.kind == "play_master"] == [
        PlayMaster("vine_grower", 2, 0)]
    refused(state, 0, PlayMaster("vine_grower", 0, 0), "founders.illegal.master_tile")
    refused(state, 0, PlayMaster("vine_grower", 1, 0), "founders.illegal.master_tile")
    state.apply(0, PlayMaster("vine_grower", 2, 0))
    assert state.scores()[0] == 3.0  # the master 2, the coin lying there 1 (L189)
