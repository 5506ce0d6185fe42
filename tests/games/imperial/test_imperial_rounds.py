"""«ФАЗА ПРОИЗВОДСТВА», «ФАЗА ОЧИСТКИ», «КОНЕЦ ИГРЫ» and tie-breaks."""

import imperial_scenario as scene

from settlers.games.imperial import cleanup, production
from settlers.games.imperial.actions import Pass


def test_production_example_dmitry():
    """«Дмитрий играет за японцев… 2 сделки – первая приносит ему 1 рабочего, вторая – 1
    золотой… «Оружейник» и «Господские пашни»… Всего он произвёл 5 рабочих, 1 дерево, 2 жетона
    разрушений, 1 жетон обороны, 1 золотой и 1 еду.»"""
    st = scene.scenario("japanese", "romans")
    scene.to_deals(st, 0, "JAP001")          # deal: worker
    scene.to_deals(st, 0, "JAP019")          # deal: gold
    scene.to_empire(st, 0, "COM018")         # Armorer
    scene.to_empire(st, 0, "COM025")         # Lord's Fields: 1 food per red location
    production.produce_for(st, 0)
    assert scene.supply(st, 0) == {"Wk": 5, "W": 1, "Raze": 2, "Def": 1, "G": 1, "F": 1}


def test_first_round_only_the_empire_board_produces():
    """«В первом раунде игроки получают только те товары, которые произвели их планшеты»."""
    from settlers.games.imperial import GAME
    st = GAME.new_state(players=2, seed=3, options={"empires": "romans,barbarians"})
    while st.phase != "actions":
        st.apply(st.to_act[0], st.legal_actions(st.to_act[0])[0])
    assert scene.supply(st, 0) == {"Wk": 2, "W": 1, "S": 1, "Raze": 1, "Def": 1}
    assert scene.supply(st, 1) == {"Wk": 5, "Raze": 1, "Def": 1}


def test_cleanup_example_dmitry_keeps_food_only():
    """«Японцы могут сохранять еду, так что Дмитрий оставляет 2 еды… и сбрасывает рабочего»;
    defence tokens, used or not, go too; samurai stay; the first player token moves on."""
    st = scene.scenario("japanese", "romans")
    market, casino, common = scene.empire(st, 0, "JAP016", "JAP012", "COM023")
    st.info[market][0] = 1
    st.info[casino][0] = 1
    st.info[common][1] = 1
    st.info[casino][2] = 1       # a samurai
    scene.give(st, 0, F=2, Wk=1, W=3, G=1, Raze=1, Def=1)
    scene.give(st, 1, Raze=2, S=4)
    cleanup.cleanup(st)
    assert scene.supply(st, 0) == {"F": 2}
    assert scene.supply(st, 1) == {"Raze": 2}          # Romans store raze tokens
    assert st.info[market][0] == 0 and st.info[common][1] == 0
    assert st.info[casino][2] == 1
    assert st.first == 1


def test_last_round_skips_cleanup_and_the_game_ends():
    """«В последнем раунде эта фаза пропускается»."""
    st = scene.scenario("romans", "barbarians")
    st.round = 5
    scene.give(st, 0, W=3, Wk=2)
    st.apply(0, Pass())
    st.apply(1, Pass())
    assert st.over and st.to_act == ()
    assert scene.supply(st, 0) == {"W": 3, "Wk": 2}


def test_round_four_cleanup_then_round_five():
    st = scene.scenario("romans", "barbarians")
    st.round = 4
    scene.give(st, 0, W=3)
    st.apply(0, Pass())
    st.apply(1, Pass())
    assert st.round == 5 and st.first == 1 and not st.over
    assert st.goods[0][0] == 0


def test_passing_ends_participation_until_all_pass():
    """«Спасовав, игрок лишается возможности совершать действия в текущей фазе»; «Фаза действий
    продолжается, пока не спасуют все игроки»."""
    st = scene.scenario("romans", "barbarians", "egyptians")
    scene.give(st, 1, Wk=4)
    st.apply(0, Pass())
    assert st.to_act == (1,)
    st.apply(1, Pass())
    assert st.to_act == (2,)
    from settlers.games.imperial.actions import Exchange
    scene.play_with(st, 2, Exchange(), Wk=2)
    st.apply(2, st.legal_actions(2)[0])
    assert st.to_act == (2,)          # the others passed: seat 2 keeps playing
    st.apply(2, Pass())
    assert st.round == 2 and st.phase == "lookout"


def test_end_scoring_one_per_common_two_per_empire_location():
    """«Каждая общая локация приносит 1 ПО. Каждая имперская локация приносит 2 ПО.»"""
    st = scene.scenario("romans", "barbarians")
    scene.give(st, 0, VP=7)
    scene.to_empire(st, 0, "COM007")
    scene.to_empire(st, 0, "ROM020")
    st.fnd[0].append(scene.cid(st, "COM008"))
    st.common_deck.remove(scene.cid(st, "COM008"))
    assert st.scores() == [10.0, 0.0]


def test_tie_break_workers_and_resources_then_hand_then_shared():
    """«Ничья»: «больше рабочих и ресурсов… больше карточек на руке… несколько победителей»."""
    st = scene.scenario("romans", "barbarians", "egyptians")
    st.finished = True
    for s in range(3):
        scene.give(st, s, VP=5)
    scene.give(st, 0, W=1, G=5)   # gold is not a resource
    scene.give(st, 1, Wk=2)
    scene.give(st, 2, S=2)
    assert st.winners() == [1, 2]
    scene.to_hand(st, 2, "COM001")
    assert st.winners() == [2]
    scene.to_hand(st, 1, "COM002")
    assert st.winners() == [1, 2]
