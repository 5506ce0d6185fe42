"""«ПОДРОБНЕЕ О КАРТОЧКАХ И ИМПЕРИЯХ»: general clarifications and «Пояснения к карточкам»."""

import pytest
from imperial_scenario import (
    cid,
    empire,
    give,
    play_with,
    scenario,
    supply,
    to_deals,
    to_empire,
    to_hand,
)

from settlers.core import IllegalAction
from settlers.games.imperial import building, cleanup, effects, production, razing
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Choose,
    Exchange,
    MakeDeal,
    Pass,
    Pay,
    PutOnShrine,
    PutUnderGate,
    RazeLocation,
)
from settlers.games.imperial.supply import colour_count
from settlers.testing.refusals import refused


def _opts(st, seat=0):
    return [a.option for a in st.legal_actions(seat)]


# ------------------------------------------------------------------ general
def test_each_time_you_build_counts_the_feature_itself():
    """«Когда игрок строит локацию с особенностью, приносящей товары за постройку локации
    определённого цвета/типа, сама эта локация тоже учитывается.» («Мельница» is red.)"""
    st = scenario()
    mill = to_hand(st, 0, "COM006")
    field = to_hand(st, 0, "COM023")
    play_with(st, 0, Build(mill), W=4, F=1)
    assert st.goods[0][3] == 1 and st.vp[0] == 1
    st.apply(1, Pass())
    st.apply(0, Build(field))          # another red location: again 1 gold and 1 VP
    st.apply(0, Pay((0, 0, 0)))        # pay with wood and food, keep the gold
    assert st.goods[0][3] == 2 and st.vp[0] == 2


def test_per_colour_bonus_counts_the_location_itself():
    """«Когда локация приносит товары за число локаций определённого цвета, сама эта локация
    тоже учитывается, если её цвет совпадает с указанным.» («Статуя» is grey.)"""
    st = scenario()
    to_empire(st, 0, "COM008")          # a grey Quarry
    statue = to_hand(st, 0, "COM001")
    play_with(st, 0, Build(statue), W=1, S=2)
    assert st.vp[0] == 2


def test_production_location_produces_at_once_when_built():
    """«Построив локацию с производством, вы сразу же получаете то, что она производит.»
    «Золотой ручей» (COM028, 1 gold, no building bonus; a Quarry's bonus comes on top since
    rules 2026-12-07.2: test_imperial_sixteenth_reading.py)."""
    st = scenario()
    creek = to_hand(st, 0, "COM028")
    play_with(st, 0, Build(creek), **st.cards[creek].cost)
    assert supply(st, 0) == {"G": 1}


def test_trade_colony_is_brown_grey_and_red():
    """«Фактория». «После постройки эта локация считается коричневой, серой и красной»."""
    st = scenario("romans", "barbarians")
    colony = to_empire(st, 0, "ROM023")
    for colour in ("brown", "gray", "red"):
        assert colour_count(st, 0, colour) == 1
    to_empire(st, 0, "COM025")          # Lord's Fields: food per red location
    effects.produce(st, 0, cid(st, "COM025"))
    assert st.goods[0][2] == 2
    assert colony in st.locs[0]


# ------------------------------------------------------------------ Japanese
def test_garrison_discards_without_razing():
    """«Гарнизон». «позволяет сбросить чужую локацию… Данное действие не считается разрушением»:
    no foundation, no wood for the owner, no «Виселица» VP."""
    st = scenario("japanese", "romans")
    garrison = to_empire(st, 0, "JAP008")
    to_empire(st, 0, "COM005")                    # Gallows: VP when razing
    builder = to_empire(st, 1, "ROM020")          # empire locations may be discarded too
    play_with(st, 0, Activate(garrison), Raze=3)
    assert builder not in st.locs[1] and builder in st.fdiscard["romans"]
    assert st.fnd[1] == [] and supply(st, 1) == {} and st.vp[0] == 0


def test_gate_cards_stay_score_and_gate_cannot_be_razed():
    """«Врата». «вы уже не сможете вернуть их обратно в руку. Не сбрасывайте эти карточки в
    фазе очистки… «Врата» нельзя разрушить.»"""
    st = scenario("japanese", "barbarians")
    gate = to_empire(st, 0, "JAP013")
    card = to_hand(st, 0, "COM007")
    st.apply(0, PutUnderGate(gate, card))
    assert st.hand[0] == [] and st.gate[gate] == [card]
    cleanup.cleanup(st)
    assert st.gate[gate] == [card]
    assert st.scores()[0] == 2 + 1
    st.phase = "actions"
    give(st, 1, Raze=10)
    st.turn = 1
    assert RazeLocation(0, gate) not in st.legal_actions(1)


def test_negotiator_builds_a_deal_without_discarding_a_location():
    """«Посредник». «берёте одну из своих сделок… и строите её как локацию, как обычно
    выплачивая стоимость строительства… если… требуется сбросить другую локацию, вы её не
    сбрасываете». Trade-route deals cannot be used."""
    st = scenario("japanese", "romans")
    negotiator = to_empire(st, 0, "JAP019")
    farm = to_deals(st, 0, "JAP006")          # Geisha House: wood + a location
    st.route[0].append(to_empire(st, 1, "ROM020"))
    play_with(st, 0, Activate(negotiator), Wk=1, W=1)
    assert farm in st.locs[0] and st.deals[0] == [] and negotiator in st.locs[0]
    assert len(st.locs[0]) == 2 and st.route[0]


def test_ninjas_give_two_samurai_second_lost_if_only_one_place():
    """«Ниндзя». «Бонус этой карточки даёт вам 2 самураев. Если вы можете выставить только
    одного, второй сбрасывается.»"""
    st = scenario("japanese", "romans")
    to_empire(st, 0, "COM023")
    ninjas = to_hand(st, 0, "JAP026")
    play_with(st, 0, Build(ninjas), S=1)
    assert st.info[ninjas][2] == 1             # only the Ninjas themselves could take one
    assert st.goods[0][4] == 0
    st2 = scenario("japanese", "romans")
    farms = [to_empire(st2, 0, i) for i in ("JAP001", "JAP002", "JAP003")]
    field = to_empire(st2, 0, "COM023")
    ninjas = to_hand(st2, 0, "JAP027")
    play_with(st2, 0, Build(ninjas), S=1)
    st2.apply(0, Choose((0, field)))           # the location discarded for the Ninjas
    assert len(st2.legal_actions(0)) == 4      # three farms and the Ninjas themselves
    st2.apply(0, Choose((farms[0],)))          # three free places: choose two
    st2.apply(0, Choose((farms[2],)))
    assert [st2.info[f][2] for f in farms] == [1, 0, 1] and st2.info[ninjas][2] == 0


def test_shrine_goods_stay_and_shrine_cannot_be_razed():
    """«Часовня». «Не сбрасывайте ресурсы с этой карточки в фазе очистки… нельзя разрушить.»"""
    st = scenario("japanese", "barbarians")
    shrine = to_empire(st, 0, "JAP015")
    play_with(st, 0, PutOnShrine(shrine, "W"), W=2, S=1)
    st.apply(0, PutOnShrine(shrine, "S"))
    cleanup.cleanup(st)
    assert st.info[shrine][4] == 2 and st.scores()[0] == 2 + 1
    assert not razing.location_razeable(st, shrine)


def test_trade_route_deals_stay_when_the_route_is_lost():
    """«Торговый путь». «Если вы теряете эту локацию… заключённые при помощи неё сделки остаются
    в игре.»"""
    st = scenario("japanese", "romans")
    route = to_empire(st, 0, "JAP021")
    builder = to_empire(st, 1, "ROM020")        # deal: stone
    play_with(st, 0, Activate(route), F=1)
    assert st.route[0] == [builder] and st.goods[0][1] == 1
    razing.remove_location(st, 0, route, "discard")
    production.produce_for(st, 0)
    assert st.goods[0][1] == 2


# ------------------------------------------------------------------ Egyptians
def test_desert_is_free_but_takes_the_turn():
    """«Пустыня». «Эта локация строится бесплатно, но вы всё равно тратите ход»."""
    st = scenario("egyptians", "romans")
    desert = to_hand(st, 0, "EGY001")
    st.apply(0, Build(desert))
    assert desert in st.locs[0] and st.to_act[0] in (0, 1)
    assert len(st.hand[0]) == 2 or st.pending        # its building bonus: 2 cards


def test_chariot_builder_ignores_defence_and_samurai():
    """«Строитель колесниц». «без использования дополнительных жетонов разрушений… Вы можете
    разрушать локацию, защищённые самураем или жетоном обороны.»"""
    st = scenario("egyptians", "japanese")
    chariot = to_empire(st, 0, "EGY003")
    farm = to_empire(st, 1, "JAP001")
    st.info[farm][2] = 1
    play_with(st, 0, Activate(chariot), Raze=2)
    assert farm in st.fdiscard["japanese"] and st.goods[0][5] == 0


def test_oasis_gives_a_worker_per_pair_exchanged_by_an_opponent():
    """«Оазис». «Если противник тратит несколько пар рабочих за один раз, вы получаете по 1
    рабочему за каждую потраченную пару.»"""
    st = scenario("romans", "egyptians")
    to_empire(st, 1, "EGY005")
    play_with(st, 0, Exchange(), Wk=6)
    for _ in range(3):
        st.apply(0, Choose((0,)))
    assert st.goods[1][4] == 3


def test_sanctuary_lays_a_foundation_for_a_stone_without_razing():
    """«Святилище». «не считается разрушением… добавить карточку с руки в империю в качестве
    фундамента… не 1 дерево, а 1 камень.»"""
    st = scenario("egyptians", "romans")
    sanctuary = to_empire(st, 0, "EGY014")
    to_empire(st, 0, "COM005")                   # Gallows would give a VP for a raze
    a = to_hand(st, 0, "COM007")
    b = to_hand(st, 0, "EGY002")
    play_with(st, 0, Activate(sanctuary), Wk=1)
    assert _opts(st) == [(a,), (b,)]
    st.apply(0, Choose((b,)))
    assert st.fnd[0] == [b] and supply(st, 0) == {"S": 1} and st.vp[0] == 0


def test_sphinx_works_in_the_production_phase_too():
    """«Сфинкс». «Особенность карточки действует и в фазе производства.» (Reconstructed: 1 VP
    each time gold is gained.)"""
    st = scenario("egyptians", "romans")
    to_empire(st, 0, "EGY019")
    production.produce_for(st, 0)                           # the board gives 1 gold
    assert st.vp[0] == 1


def test_temple_of_ra_captures_without_goods_and_the_capture_cannot_be_discarded():
    """«Храм Ра». «Захватив локацию с производством, вы не получаете товаров в момент захвата.
    Захваченная локация не может быть сброшена для постройки другой локации ни одним из
    игроков… При разрушении захваченной локации… игрок за египтян получает 1 фишку дерева и
    возвращает себе особый жетон египтян. Фундамент принадлежит владельцу».»"""
    st = scenario("egyptians", "romans", "barbarians")
    temple = to_empire(st, 0, "EGY013")
    quarry = to_empire(st, 1, "COM008")
    play_with(st, 0, Activate(temple), Wk=1, Raze=1)
    assert st.info[quarry][3] == 0 and st.captures[0] == 3
    assert supply(st, 0) == {}
    assert (0, quarry) not in building.foundation_options(st, 1)
    production.produce_for(st, 0)
    assert st.goods[0][1] == 1                  # the Egyptian gets the stone
    st.goods[1] = [0] * 7
    production.produce_for(st, 1)
    assert st.goods[1][1] == 1                  # the Romans' board stone only
    give(st, 2, Raze=2)
    st.turn = 2
    st.apply(2, RazeLocation(1, quarry))
    assert st.fnd[1] == [quarry] and st.captures[0] == 4
    assert st.goods[0][0] == 1 and st.goods[1][0] == 1   # Romans' board wood only


def test_royal_bath_limit_and_desert_card_cost():
    """The Desert's note: the paid goods (here a card) are discarded; the action was used."""
    st = scenario("egyptians", "romans")
    desert = to_empire(st, 0, "EGY001")
    a = to_hand(st, 0, "COM007")
    to_hand(st, 0, "COM008")
    st.apply(0, Activate(desert))
    st.apply(0, Choose((a,)))
    assert a in st.common_discard and st.goods[0][3] == 1 and st.info[desert][0] == 1


# ------------------------------------------------------------------ Romans
def test_engineers_discard_a_location_not_a_raze():
    """«Инженеры». «позволяет сбросить чужую локацию, полностью убрав её… не считается
    разрушением.»"""
    st = scenario("romans", "barbarians")
    engineers = to_empire(st, 0, "ROM008")
    field = to_empire(st, 1, "COM023")
    st.info[field][1] = 1
    play_with(st, 0, Activate(engineers), Raze=3)
    assert st.locs[1] == [] and field in st.common_discard and st.fnd[1] == []


def test_spies_take_only_deals_under_a_board():
    """«Шпионы». «не считается заключением сделки… Вы можете выбрать сделку только под
    планшетом империи противника.»"""
    st = scenario("romans", "japanese")
    spies = to_empire(st, 0, "ROM010")
    deal = to_deals(st, 1, "JAP004")
    st.route[1].append(to_empire(st, 0, "ROM020"))
    play_with(st, 0, Activate(spies), Raze=1)
    assert st.deals[0] == [deal] and st.deals[1] == [] and len(st.route[1]) == 1


def _round_ends_with_warehouses(**goods):
    st = scenario("romans", "barbarians")
    warehouses = to_empire(st, 0, "ROM019")
    give(st, 0, **goods)
    st.apply(0, Pass())
    st.apply(1, Pass())
    return st, warehouses


def test_warehouses_the_player_chooses_what_is_kept():
    """«Склады» (reconstructed: keep up to 3 resources to the next production): the player
    chooses which (issue 14), as many as fit; an impossible choice is refused untouched."""
    st, _ = _round_ends_with_warehouses(W=2, S=2, F=2, Raze=1)
    assert st.phase == "cleanup" and st.to_act == (0,)
    options = {a.option for a in st.legal_actions(0)}
    assert (0, 1, 2) in options and (2, 1, 0) in options and (2, 2, 0) not in options
    assert all(sum(o) == 3 for o in options)
    before = st.full_state()
    with pytest.raises(IllegalAction):
        st.apply(0, Choose((3, 0, 0)))
    assert st.full_state() == before
    st.apply(0, Choose((0, 1, 2)))
    # kept on the card; the rest is discarded, the board's own storage good (raze) stays
    assert st.stash_w[0] == [0, 1, 2] and supply(st, 0) == {"Raze": 1} and st.round == 2
    production.produce_for(st, 0)                  # back in the supply at production
    assert st.stash_w[0] == [0, 0, 0] and supply(st, 0)["F"] == 2


def test_warehouses_no_question_when_everything_fits():
    st, _ = _round_ends_with_warehouses(W=1, F=1)
    assert st.round == 2 and st.phase != "cleanup"


def test_warehouses_goods_return_to_supply_when_lost():
    """«Склады». «Если вы теряете эту локацию… сохранённые на ней ресурсы не сбрасываются, а
    перемещаются в ваш личный запас.»"""
    st = scenario("romans", "barbarians")
    warehouses = to_empire(st, 0, "ROM019")
    give(st, 0, W=2, S=2, F=2)
    cleanup.keep_on_warehouses(st, 0, (1, 2, 0))
    cleanup.cleanup(st)
    assert st.stash_w[0] == [1, 2, 0] and supply(st, 0) == {}
    razing.remove_location(st, 0, warehouses, "discard")
    assert supply(st, 0) == {"W": 1, "S": 2}


# ------------------------------------------------------------------ Barbarians
def test_saboteurs_take_only_from_the_supply():
    """«Диверсанты». «забрать 1 ресурс из личного запаса любого игрока (ресурс, потраченный на
    активацию локации, забрать нельзя)»."""
    st = scenario("barbarians", "romans", "egyptians")
    saboteurs = to_empire(st, 0, "BAR010")
    give(st, 0, Wk=1)
    give(st, 1, W=1, G=3)
    give(st, 2, F=1)
    st.apply(0, Activate(saboteurs))
    assert _opts(st) == [(1, 0), (2, 2)]       # gold is not a resource
    st.apply(0, Choose((2, 2)))
    assert st.goods[0][2] == 1 and st.goods[2][2] == 0


def test_dark_chapel_pays_extra_tokens_for_defence():
    """«Тёмное капище». «защищённую самураем или жетоном обороны, то на активацию этой карточки
    тратится пропорционально большее число жетонов разрушений»."""
    st = scenario("barbarians", "romans")
    chapel = to_empire(st, 0, "BAR014")
    guarded, open_ = empire(st, 1, "COM023", "COM024")
    st.info[guarded][1] = 1
    give(st, 0, Raze=1)
    st.apply(0, Activate(chapel))              # only the unguarded field can be paid for
    assert open_ in st.fnd[1] and guarded in st.locs[1]
    st2 = scenario("barbarians", "romans")
    chapel = to_empire(st2, 0, "BAR014")
    guarded = to_empire(st2, 1, "COM023")
    st2.info[guarded][1] = 1
    play_with(st2, 0, Activate(chapel), Raze=2)
    assert guarded in st2.fnd[1] and st2.goods[0][5] == 0


def test_pack_takes_one_resource_of_a_raze_bonus_without_razing():
    """«Банда». «вы не разрушаете локацию противника, а просто забираете из общего запаса 1
    любой ресурс, указанный её бонусом разрушения» — a resource is wood, stone or food
    («Еда, дерево и камень являются ресурсами»): the stone of a VP + stone bonus, never the
    VP, and nothing from a bonus without a resource."""
    st = scenario("barbarians", "romans")
    pack = to_empire(st, 0, "BAR016")
    armorer = to_empire(st, 1, "COM018")        # raze bonus: VP + stone
    play_with(st, 0, Activate(pack), Wk=1)
    # the stone is the one choice, so it is taken without a question
    assert st.goods[0][1] == 1 and st.vp[0] == 0 and armorer in st.locs[1]
    st2 = scenario("barbarians", "romans")
    pack2 = to_empire(st2, 0, "BAR016")
    to_empire(st2, 1, "COM021")                 # Gold Mine, raze bonus: VP + gold
    to_empire(st2, 1, "COM012")                 # Village, raze bonus: 2 workers
    give(st2, 0, Wk=1)
    assert Activate(pack2) not in st2.legal_actions(0)   # no resource to take anywhere


def test_rabble_razes_own_location_with_bonus_foundation_and_wood():
    """«Отребье». «разрушить одну локацию в своей империи… Вы получаете все товары указанные
    бонусом разрушения, превращаете эту локацию в фундамент и как обычно получаете 1 дерево.»"""
    st = scenario("barbarians", "romans")
    rabble = to_empire(st, 0, "BAR018")
    storage = to_empire(st, 0, "COM003")        # raze: 2 wood
    play_with(st, 0, Activate(rabble), Wk=1)
    assert st.fnd[0] == [storage] and st.goods[0][0] == 3


def test_delegation_each_card_from_either_deck():
    """«Делегация». «Каждая получаемая вами карточка может быть либо из общей, либо из
    имперской колоды.»"""
    from settlers.games.imperial.actions import Draw
    st = scenario("barbarians", "romans")
    delegation = to_empire(st, 0, "BAR028")
    play_with(st, 0, Activate(delegation), Wk=1, F=1)
    st.apply(0, Draw("common"))
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
    st.apply(0, Draw("faction"))
    assert sorted(st.cards[c].deck for c in st.hand[0]) == ["barbarians", "common"]


def test_robbers_may_cancel_a_trade_route_deal():
    """«Разбойники». «выбрав целью империю японцев, заключившую, благодаря «Торговому пути»,
    сделки… вы можете отменить подобную сделку вместо сделки под планшетом»."""
    st = scenario("barbarians", "japanese")
    robbers = to_empire(st, 0, "BAR030")
    board_deal = to_deals(st, 1, "JAP004")
    routed = to_empire(st, 0, "BAR020")
    st.route[1].append(routed)
    play_with(st, 0, Activate(robbers), Raze=1)
    assert _opts(st) == [(1, 0, 0), (1, 1, 0)]
    st.apply(0, Choose((1, 1, 0)))
    assert st.route[1] == [] and st.deals[1] == [board_deal]
    assert st.goods[0][4] == 1                   # the cancelled deal's good, once


# ------------------------------------------------------------------ common cards
def test_ruins_have_no_colour_and_cannot_be_razed():
    """«Руины». «У «Руин» нет цвета и их нельзя разрушить.»"""
    st = scenario()
    ruins = to_empire(st, 1, "COM070")
    give(st, 0, Raze=5)
    assert RazeLocation(1, ruins) not in st.legal_actions(0)
    assert st.cards[ruins].colours == ()


def test_settlers_build_an_empire_card_without_discarding():
    """«Поселенцы». «вы сразу же строите имперскую локацию… не сбрасываете уже построенную
    локацию»."""
    st = scenario("romans", "barbarians")
    settlers_card = to_empire(st, 0, "COM040")
    builder = to_hand(st, 0, "ROM020")           # stone + a location
    to_hand(st, 0, "COM007")                     # common cards cannot be chosen
    play_with(st, 0, Activate(settlers_card), W=1, S=1)
    assert builder in st.locs[0] and settlers_card in st.locs[0]
    assert supply(st, 0) == {"W": 1, "S": 1}     # the builder produced at once


def test_tavern_discards_a_card_from_hand():
    """«Таверна»: the paid card is discarded; the action counts as used."""
    st = scenario()
    tavern = to_empire(st, 0, "COM049")
    card = to_hand(st, 0, "COM007")
    st.apply(0, Activate(tavern))
    assert st.vp[0] == 2 and card in st.common_discard and st.info[tavern][0] == 1


def test_imperial_messenger_may_choose_trade_route_deals():
    """«Имперский посланник». «вы можете выбирать и такие сделки тоже»."""
    st = scenario("japanese", "romans")
    messenger = to_empire(st, 0, "COM057")
    to_deals(st, 0, "JAP004")                    # food
    st.route[0].append(to_empire(st, 1, "ROM020"))   # stone
    play_with(st, 0, Activate(messenger), Wk=1)
    assert _opts(st) == [(0, 0), (1, 0)]
    st.apply(0, Choose((1, 0)))
    assert st.goods[0][1] == 1


def test_hanseatic_league_may_cancel_trade_route_deals():
    """«Ганзейский союз». «вы можете отменять и такие сделки тоже»."""
    st = scenario("japanese", "romans")
    league = to_empire(st, 0, "COM061")
    st.route[0].append(to_empire(st, 1, "ROM020"))
    play_with(st, 0, Activate(league), Wk=1)
    assert st.route[0] == [] and st.vp[0] == 2


def test_porters_choose_a_common_or_empire_production_location():
    """«Носильщики». «вы можете выбирать как общую, так и имперскую локацию»."""
    st = scenario("romans", "barbarians")
    porters, quarry, mason = empire(st, 0, "COM084", "COM008", "ROM027")
    play_with(st, 0, Activate(porters), F=1)
    assert _opts(st) == [(quarry,), (mason,)]
    st.apply(0, Choose((mason,)))
    assert st.goods[0][1] == 2


def test_deal_requires_empire_card_with_deal_bonus_and_gallows_counts_razes():
    """«Заключить сделку можно только с карточкой, на которой указан бонус сделки.»
    «Разрушить можно только карточку, на которой указан бонус разрушения.»"""
    st = scenario("romans", "barbarians")
    ruins = to_hand(st, 0, "COM071")
    give(st, 0, Raze=1, F=1)
    legal = st.legal_actions(0)
    assert all(getattr(a, "card", None) != ruins or isinstance(a, Build) for a in legal)
    with pytest.raises(IllegalAction):
        st.apply(0, MakeDeal(ruins))


def test_sanctuary_foundation_face_is_secret_but_razed_foundations_are_public():
    st = scenario("egyptians", "romans")
    sanctuary = to_empire(st, 0, "EGY014")
    card = to_hand(st, 0, "COM007")
    razed = cid(st, "COM008")
    st.common_deck.remove(razed)
    st.fnd[0].append(razed)
    play_with(st, 0, Activate(sanctuary), Wk=1)
    mine = st.view(0)["state"]["players"][0]
    theirs = st.view(1)["state"]["players"][0]
    assert mine["foundations"] == [razed, card]
    assert theirs["foundations"] == [razed] and theirs["secret_foundations"] == {
        "common": 1, "empire": 0}
    world = st.determinize(1, 5)
    assert world.view(1) == st.view(1)
    assert world.fnd[0][0] == razed and st.cards[world.fnd[0][1]].common


def test_location_actions_cannot_target_a_player_who_passed():
    """«Спасовав, игрок не может стать целью действий другого игрока» — «Диверсанты» too."""
    st = scenario("barbarians", "romans", "egyptians")
    saboteurs = to_empire(st, 0, "BAR010")
    give(st, 0, Wk=1)
    give(st, 1, W=1)
    give(st, 2, S=1)
    st.passed[1] = True
    st.apply(0, Activate(saboteurs))      # only seat 2 is left: chosen at once
    assert st.goods[0][1] == 1 and st.goods[1][0] == 1


def test_an_answer_not_offered_is_refused_with_the_state_untouched():
    st = scenario()
    storage = to_hand(st, 0, "COM003")
    play_with(st, 0, Build(storage), W=2, S=1, G=1)
    before = st.full_state()
    with pytest.raises(IllegalAction):
        st.apply(0, Pay((2, 0, 0)))
    assert refused(st, 0, Pass()).key == "imperial.answer_pending"
    assert st.full_state() == before
