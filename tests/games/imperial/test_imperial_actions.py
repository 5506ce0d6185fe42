"""«ДЕЙСТВИЯ ИГРОКОВ»: build, deal, raze, activate, exchange; gold; defence; samurai."""

import pytest
from imperial_scenario import cid, empire, give, play_with, scenario, supply, to_empire, to_hand

from settlers.core import IllegalAction
from settlers.games.imperial import cleanup, decks, production
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Choose,
    Draw,
    Exchange,
    MakeDeal,
    Pass,
    Pay,
    PlaceDefence,
    PlaceSamurai,
    RazeCard,
    RazeLocation,
)
from settlers.testing.refusals import refused


# ------------------------------------------------------------------ build
def test_build_example_maria_guard_tower():
    """«Мария играет варварами и хочет построить имперскую карточку «Дозорная башня». Она
    сбрасывает 2 дерева и одну из построенных локаций — «Мельницу»… тут же получает
    производимые ею товары — 1 жетон разрушений и 1 рабочего.»"""
    st = scenario("barbarians", "japanese")
    mill = to_empire(st, 0, "COM006")
    tower = to_hand(st, 0, "BAR012")
    play_with(st, 0, Build(tower), W=2)
    assert st.locs[0] == [tower]
    assert mill in st.common_discard
    assert supply(st, 0) == {"Raze": 1, "Wk": 1}
    assert st.to_act == (1,)           # the build was the whole turn


def test_empire_card_needs_a_location_or_foundation_to_discard():
    """«требуют сбросить одну любую построенную локацию… вместо… может сбросить фундамент»."""
    st = scenario("barbarians", "japanese")
    tower = to_hand(st, 0, "BAR012")
    give(st, 0, W=2)
    err = refused(st, 0, Build(tower))
    assert err.key == "imperial.needs_foundation"
    fnd = cid(st, "COM007")
    st.common_deck.remove(fnd)
    st.fnd[0].append(fnd)
    st.apply(0, Build(tower))
    assert st.fnd[0] == [] and fnd in st.common_discard


def test_choose_which_location_to_discard():
    st = scenario("barbarians", "japanese")
    a, b = empire(st, 0, "COM007", "COM012")
    tower = to_hand(st, 0, "BAR012")
    play_with(st, 0, Build(tower), W=2)
    assert st.legal_actions(0) == [Choose((0, a)), Choose((0, b))]
    st.apply(0, Choose((0, b)))
    assert st.locs[0] == [a, tower]


def test_build_cost_and_illegal_when_short():
    """«Заплатить стоимость строительства… соответствующими товарами»."""
    st = scenario()
    storage = to_hand(st, 0, "COM003")   # Wood Storage: 2 wood + 1 stone
    give(st, 0, W=2)
    err = refused(st, 0, Build(storage))
    assert err.key == "imperial.cannot_afford"
    play_with(st, 0, Build(storage), S=1)
    assert storage in st.locs[0]


def test_gold_replaces_any_resource_but_not_the_reverse():
    """«1 золотым можно заменить 1 любой ресурс… но не наоборот»."""
    st = scenario()
    storage = to_hand(st, 0, "COM003")
    play_with(st, 0, Build(storage), W=1, S=1, G=2)
    # wood short by one: 1 or 2 gold for wood; stone may be paid with gold too
    assert st.legal_actions(0) == [Pay((1, 0, 0)), Pay((1, 1, 0)), Pay((2, 0, 0))]
    refused(st, 0, Pay((2, 1, 0)))       # three gold needed, two held
    st.apply(0, Pay((1, 1, 0)))
    assert supply(st, 0) == {"S": 1}
    # gold itself cannot be paid with a resource
    st2 = scenario()
    shop = to_empire(st2, 0, "COM030")     # Goldsmith's Workshop: worker + gold -> 2 VP
    give(st2, 0, Wk=1, W=3, S=3, F=3)
    assert refused(st2, 0, Activate(shop)).key == "imperial.cannot_activate"
    play_with(st2, 0, Activate(shop), G=1)
    assert st2.vp[0] == 2


def test_ruins_are_built_for_free_but_take_the_turn():
    """«Руины». «Эта локация строится бесплатно, но вы всё равно тратите ход»."""
    st = scenario()
    ruins = to_hand(st, 0, "COM069")
    st.apply(0, Build(ruins))
    assert ruins in st.locs[0] and st.to_act == (1,)


# ------------------------------------------------------------------ deal
def test_deal_example_maria():
    """«Она сбрасывает 1 еду и подкладывает карточку под планшет… Мария тут же берёт одного
    рабочего»; it produces again every production phase."""
    st = scenario("barbarians", "romans")
    tower = to_hand(st, 0, "BAR012")
    play_with(st, 0, MakeDeal(tower), F=1)
    assert st.deals[0] == [tower] and supply(st, 0) == {"Wk": 1}
    production.produce_for(st, 0)
    assert supply(st, 0)["Wk"] == 1 + 1 + 5


def test_no_deal_with_common_cards_or_without_food():
    """«Игрок не может заключить сделку с общей карточкой.»"""
    st = scenario("barbarians", "romans")
    common = to_hand(st, 0, "COM007")
    tower = to_hand(st, 0, "BAR012")
    give(st, 0, F=1)
    assert refused(st, 0, MakeDeal(common)).key == "imperial.no_deal"
    st.goods[0][2] = 0
    assert refused(st, 0, MakeDeal(tower)).key == "imperial.deal_needs_food"
    give(st, 0, G=1)
    st.apply(0, MakeDeal(tower))     # gold stands in for the food
    assert st.goods[0][3] == 0


# ------------------------------------------------------------------ raze
def test_raze_from_hand_example_wood_storage():
    """«Она выбирает «Дровяной склад» и сбрасывает его вместе с 1 жетоном разрушений, за что
    получает 2 дерева»."""
    st = scenario()
    storage = to_hand(st, 0, "COM003")
    play_with(st, 0, RazeCard(storage), Raze=1)
    assert supply(st, 0) == {"W": 2} and storage in st.common_discard


def test_raze_from_hand_empire_cards_only_for_the_japanese():
    """«Игрок за японскую империю может разрушать и имперские карточки»."""
    st = scenario("romans", "japanese")
    roman = to_hand(st, 0, "ROM020")
    jap = to_hand(st, 1, "JAP001")
    give(st, 0, Raze=1)
    give(st, 1, Raze=1)
    assert RazeCard(roman) not in st.legal_actions(0)
    st.apply(0, Pass())
    st.apply(1, RazeCard(jap))
    assert st.vp[1] == 1 and jap in st.fdiscard["japanese"]


def test_raze_opponent_example_armorer():
    """«Мария сбрасывает 2 жетона разрушений, получает 1 камень… и добавляет себе 1 ПО. Дмитрий
    переворачивает карточку «Оружейника»… (теперь это фундамент) и берёт… 1 дерево.»"""
    st = scenario("barbarians", "japanese")
    armorer = to_empire(st, 1, "COM018")
    give(st, 0, Raze=1)
    assert refused(st, 0, RazeLocation(1, armorer)).key == "imperial.no_raze_tokens"
    play_with(st, 0, RazeLocation(1, armorer), Raze=1)
    assert supply(st, 0) == {"S": 1} and st.vp[0] == 1
    assert st.locs[1] == [] and st.fnd[1] == [armorer] and supply(st, 1) == {"W": 1}


def test_empire_locations_cannot_be_razed_except_japanese_ones_which_are_discarded():
    """«Имперские локации разрушить нельзя. Исключение: имперские карточки японцев…
    Разрушенные имперские локации японцев не превращаются в фундамент, а просто сбрасываются.»"""
    st = scenario("barbarians", "japanese", "romans")
    farm = to_empire(st, 1, "JAP001")
    builder = to_empire(st, 2, "ROM020")
    give(st, 0, Raze=5)
    assert refused(st, 0, RazeLocation(2, builder)).key == "imperial.not_razeable"
    st.apply(0, RazeLocation(1, farm))
    assert st.fnd[1] == [] and farm in st.fdiscard["japanese"] and st.vp[0] == 1


def test_defence_token_costs_one_more_and_only_on_common_locations():
    """«Жетон обороны… на любую общую локацию своей империи… придётся потратить на 1 жетон
    разрушений больше… Если локация с жетоном обороны разрушена, жетон сбрасывается»."""
    st = scenario("japanese", "barbarians")
    field, farm = empire(st, 0, "COM023", "JAP001")
    give(st, 0, Def=1)
    assert PlaceDefence(farm) not in st.legal_actions(0)
    st.apply(0, PlaceDefence(field))
    assert st.to_act == (0,)            # a free action: still seat 0's turn
    assert PlaceDefence(field) not in st.legal_actions(0)
    st.apply(0, Pass())
    st2 = scenario("barbarians", "japanese")
    field = to_empire(st2, 1, "COM023")
    st2.info[field][1] = 1
    give(st2, 0, Raze=2)
    assert refused(st2, 0, RazeLocation(1, field)).key == "imperial.no_raze_tokens"
    play_with(st2, 0, RazeLocation(1, field), Raze=1)
    assert st2.goods[0][5] == 0 and field in st2.fnd[1]


def test_samurai_example_three_tokens():
    """«Самурай увеличивает число жетонов разрушений… на 1… нужно потратить 3 жетона
    разрушений… отправляя самурая в общий запас и сбрасывая локацию»; one samurai per
    location; samurai stay through cleanup."""
    st = scenario("japanese", "barbarians")
    farm, field = empire(st, 0, "JAP001", "COM023")
    give(st, 0, Wk=2)
    assert PlaceSamurai(field) not in st.legal_actions(0)
    st.apply(0, PlaceSamurai(farm))
    assert PlaceSamurai(farm) not in st.legal_actions(0)
    assert st.goods[0][4] == 1 and st.to_act == (0,)
    st.apply(0, Pass())
    give(st, 1, Raze=2)
    assert RazeLocation(0, farm) not in st.legal_actions(1)
    st.passed[0] = False
    play_with(st, 1, RazeLocation(0, farm), Raze=1)
    assert farm in st.fdiscard["japanese"] and st.goods[1][5] == 0


def test_passed_player_cannot_be_targeted():
    """«Спасовав, игрок не может стать целью действий другого игрока.»"""
    st = scenario("romans", "barbarians")
    field = to_empire(st, 0, "COM023")
    give(st, 1, Raze=2)
    st.apply(0, Pass())
    assert RazeLocation(0, field) not in st.legal_actions(1)
    assert refused(st, 1, RazeLocation(0, field)).key == "imperial.target_passed"


def test_peaceful_variant_raze_action_only_from_hand():
    """«Действием разрушения локации можно разрушать только карточки с руки»."""
    st = scenario("romans", "barbarians", peaceful=True)
    field = to_empire(st, 1, "COM023")
    storage = to_hand(st, 0, "COM003")
    give(st, 0, Raze=3)
    assert refused(st, 0, RazeLocation(1, field)).key == "imperial.peaceful_no_raze"
    assert RazeCard(storage) in st.legal_actions(0)


def test_cannot_raze_own_location_with_the_raze_action():
    """«Вы не можете разрушить локацию вашей империи, если не сказано обратного.»"""
    st = scenario()
    field = to_empire(st, 0, "COM023")
    give(st, 0, Raze=3)
    assert refused(st, 0, RazeLocation(0, field)).key == "imperial.raze_own_empire"


# ------------------------------------------------------------------ activate
def test_activation_examples_maria():
    """«Сначала она использует действие «Диверсантов»: выкладывает… 1 рабочего и забирает 1
    камень у противника… активирует «Гильдию каменщиков»: потратив 1 рабочего и 2 камня… 3 ПО…
    использует «Замок»… взять карточку – она решает взять её из личной имперской колоды.»"""
    st = scenario("barbarians", "japanese")
    saboteurs, guild, castle = empire(st, 0, "BAR010", "COM037", "COM046")
    give(st, 0, Wk=3, S=2)
    give(st, 1, S=1, Wk=5)
    st.apply(0, Activate(saboteurs))
    assert supply(st, 1) == {"Wk": 5} and st.goods[0][1] == 3
    st.apply(1, Pass())
    st.apply(0, Activate(guild))
    assert st.vp[0] == 3 and st.goods[0][1] == 1
    st.apply(0, Activate(castle))
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
    st.apply(0, Draw("faction"))
    assert len(st.hand[0]) == 1 and st.cards[st.hand[0][0]].deck == "barbarians"
    assert supply(st, 0) == {"S": 1}


def test_activation_once_per_round_unless_the_card_says_twice():
    """«Воспользоваться действием каждой отдельной локации можно только один раз за раунд,
    если на самой карточке не сказано иного»; «дважды»: once now and once later, or twice in a
    row paying double."""
    st = scenario("romans", "barbarians")
    guild = to_empire(st, 0, "COM037")      # once
    mine = to_empire(st, 0, "COM021")       # Gold Mine: twice
    give(st, 0, Wk=5, S=4)
    st.passed[1] = True
    assert Activate(guild, 2) not in st.legal_actions(0)
    st.apply(0, Activate(guild))
    assert refused(st, 0, Activate(guild)).key == "imperial.limit_reached"
    st.apply(0, Activate(mine, 2))
    assert st.goods[0][3] == 2 and st.goods[0][4] == 2
    assert refused(st, 0, Activate(mine)).key == "imperial.limit_reached"
    st2 = scenario("romans", "barbarians")
    mine = to_empire(st2, 0, "COM021")
    give(st2, 0, Wk=5)
    st2.passed[1] = True
    st2.apply(0, Activate(mine))
    assert Activate(mine, 2) not in st2.legal_actions(0)
    st2.apply(0, Activate(mine))
    assert st2.goods[0][3] == 2


def test_used_locations_are_free_again_next_round():
    st = scenario("romans", "barbarians")
    guild = to_empire(st, 0, "COM037")
    st.info[guild][0] = 1
    cleanup.cleanup(st)
    give(st, 0, Wk=1, S=2)
    st.phase = "actions"
    assert Activate(guild) in st.legal_actions(0)


# ------------------------------------------------------------------ exchange
def test_exchange_example_maria_eight_workers():
    """«Мария сбрасывает 8 рабочих и берёт 1 дерево, 2 общие карточки и 1 имперскую.»"""
    st = scenario("barbarians", "romans")
    play_with(st, 0, Exchange(), Wk=8)
    for choice in (0, 10, 10, 11):
        st.apply(0, Choose((choice,)))
    assert supply(st, 0) == {"W": 1}
    kinds = sorted(st.cards[c].deck for c in st.hand[0])
    assert kinds == ["barbarians", "common", "common"]
    assert st.to_act == (1,)


def test_exchange_needs_a_pair_and_may_stop_early():
    st = scenario()
    give(st, 0, Wk=1)
    assert refused(st, 0, Exchange()).key == "imperial.exchange_needs_workers"
    play_with(st, 0, Exchange(), Wk=3)
    st.apply(0, Choose((2,)))
    st.apply(0, Choose((-1,)))
    assert supply(st, 0) == {"F": 1, "Wk": 2} and st.to_act == (1,)


# ------------------------------------------------------------------ decks
def test_common_deck_is_rebuilt_from_discards_but_empire_discards_never():
    """«Если какая-то колода закончилась, перемешайте соответствующий сброс… Сброшенные
    имперские карточки никогда не замешиваются.»"""
    st = scenario("romans", "barbarians")
    st.common_discard = st.common_deck[:5]
    del st.common_deck[:]
    rest = [c for c in range(len(st.cards)) if st.cards[c].common]
    st.common_discard = rest
    decks.draw_card(st, 0, "common")
    assert len(st.hand[0]) == 1 and len(st.common_deck) == 83 and st.common_discard == []
    st.fdiscard["romans"] = st.fdeck["romans"]
    st.fdeck["romans"] = []
    decks.draw_card(st, 0, "faction")
    assert len(st.hand[0]) == 1
    assert decks.card_sources(st, 0, "any") == ["common"]


def test_wrong_seat_and_malformed_input():
    from settlers.core import MalformedAction
    from settlers.games.imperial import GAME
    st = scenario()
    refused(st, 1, Pass())
    with pytest.raises(IllegalAction):
        st.apply(7, Pass())
    with pytest.raises(MalformedAction):
        GAME.action_from_json({"type": "build"})
    with pytest.raises(MalformedAction):
        GAME.action_from_json('{"type": "pay", "gold": [1, 2]}')
    assert GAME.action_from_json({"type": "build", "card": 3}) == Build(3)


def test_two_identical_copies_in_hand():
    """Identical copies are offered once (the first in the hand); asking for the other copy
    is refused with that reason, not a false «cannot afford»; once the first copy is built,
    the second is offered and builds (issue 14)."""
    st = scenario("romans", "barbarians")
    first = to_hand(st, 0, "COM008")
    second = to_hand(st, 0, "COM009")
    give(st, 0, W=2, S=2)
    assert Build(first) in st.legal_actions(0) and Build(second) not in st.legal_actions(0)
    refusal = refused(st, 0, Build(second))
    assert refusal.key == "imperial.identical_copy" and refusal.params["copy"] == first
    st.apply(0, Build(first))
    st.apply(1, Pass())
    assert Build(second) in st.legal_actions(0)
    st.apply(0, Build(second))
    assert {first, second} <= set(st.locs[0])


def _gold_mine_with_sphinx():
    st = scenario("egyptians", "romans")
    mine = to_empire(st, 0, "COM021")      # Gold Mine: 1 worker -> 1 gold, twice a round
    to_empire(st, 0, "EGY019")             # Sphinx (reconstructed): 1 VP each time gold comes
    give(st, 0, Wk=2)
    return st, mine


def test_double_activation_equals_two_single_ones_triggers_included():
    # imperial-settlers.ru.txt L538: «либо активирует действие локации только 1 раз (и может
    # активировать действие еще 1 раз в последующих ходах этого раунда), либо активирует его
    # сразу 2 раза подряд, тратя, соответственно, в два раза больше указанных товаров»
    twice, mine = _gold_mine_with_sphinx()
    twice.apply(0, Activate(mine, 2))
    once, mine = _gold_mine_with_sphinx()
    once.apply(0, Activate(mine, 1))
    once.apply(1, Pass())
    once.apply(0, Activate(mine, 1))
    assert supply(twice, 0) == supply(once, 0) == {"G": 2}
    assert twice.vp[0] == once.vp[0] == 2
    assert twice.info[mine][0] == once.info[mine][0] == 2
    assert Activate(mine, 1) not in twice.legal_actions(1) + once.legal_actions(0)
