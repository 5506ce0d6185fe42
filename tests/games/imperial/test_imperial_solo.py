"""«ОДИНОЧНЫЙ РЕЖИМ ИГРЫ»: lookout, attacks, trophies, Japanese rule, achievements."""

from imperial_scenario import empire, give, play_with, scenario, to_empire

from settlers.games.imperial import GAME, production, rounds, scoring, solo
from settlers.games.imperial.actions import Choose, Pass, Pick, RazeLocation


def _attack(st, *goods):
    """Indices of attack cards showing ``goods`` (in order)."""
    free = list(range(16))
    out = []
    for g in goods:
        i = next(i for i in free if st.attack_goods[i] == g)
        free.remove(i)
        out.append(i)
    return out


def _set_attacks(st, row, top):
    cards = _attack(st, *([*row, top]))
    st.attack_row = cards[:-1]
    st.attack_deck = [i for i in range(16) if i not in cards] + [cards[-1]]


def test_solo_setup_one_attack_card_open_and_no_opponent_board():
    """«Возьмите 16 карточек атаки, перемешайте… Откройте верхнюю карточку атаки.»"""
    st = GAME.new_state(players=1, seed=3)
    assert len(st.attack_row) == 1 and len(st.attack_deck) == 15
    assert st.view(0)["state"]["solo"]["trophies"] == 0


def test_solo_lookout_four_cards_two_to_the_opponent():
    """«Откройте 4 верхние карточки… выберите одну… Перемешайте оставшиеся 3 карточки и
    возьмите из них 1 случайную… за виртуального противника… добавьте к руке одну из них…
    оставшуюся карточку в игровую зону виртуального противника»."""
    st = GAME.new_state(players=1, seed=3)
    hand_before = len(st.hand[0])
    assert len(st.row) == 4
    st.apply(0, Pick(st.row[0]))
    assert len(st.row) == 2 and len(st.virtual) == 1
    st.apply(0, Pick(st.row[1]))
    assert len(st.virtual) == 2 and st.row == []
    assert len(st.hand[0]) == hand_before + 2
    assert st.phase == "actions"


def test_solo_attack_example_romans_marketplace():
    """«Открыта карточка атаки с изображением дерева. Целью предыдущих карточек были рабочий и
    золотой… дерево указано на 4 из них: «Столярной мастерской», «Рынке», «Столяре» и
    «Лесозаготовке»… Рабочего нет, вы ищете золотой и находите… «Столярную мастерскую» и
    «Рынок»… «Рынок» — с действием, поэтому вы разрушаете «Рынок».»"""
    st = scenario("romans")
    workshop, market = empire(st, 0, "COM004", "COM032")
    to_empire(st, 0, "COM044")
    to_empire(st, 0, "COM042")
    _set_attacks(st, ["Wk", "G"], "W")
    wood, worker, gold = st.attack_deck[-1], st.attack_row[0], st.attack_row[1]
    st.info[market][1] = 1              # «Жетон обороны не защищает»
    assert solo.attack_once(st)
    assert market in st.trophies and market not in st.locs[0] and st.fnd[0] == []
    assert workshop in st.locs[0]
    assert st.attack_row == [worker, wood, gold]   # the two hitting cards go to the end


def test_solo_attack_nothing_when_no_location_shows_the_good():
    st = scenario("romans")
    to_empire(st, 0, "COM042")          # raze: 2 wood
    _set_attacks(st, ["Wk"], "S")
    assert solo.attack_once(st)
    assert st.trophies == [] and len(st.locs[0]) == 1


def test_solo_attack_pairs_first_card_with_an_earlier_one_only():
    """«сравнивайте товары парами: первый товар — всегда с первой карточки атаки»."""
    st = scenario("romans")
    lumber = to_empire(st, 0, "COM042")   # 2 wood
    _set_attacks(st, ["S", "W"], "G")     # newest gold: no pair (W, W) is formed with gold
    assert solo.attack_once(st)
    assert lumber in st.locs[0]
    _set_attacks(st, ["S", "W"], "W")     # newest wood + earlier wood -> 2 wood
    solo.attack_once(st)
    assert lumber in st.trophies


def test_solo_attack_priority_cost_then_stone_then_choice():
    """«разрушается более дорогая карточка… больше камня… выберите локацию сами»."""
    st = scenario("romans")
    cheap = to_empire(st, 0, "COM058")    # New Forest, action, cost 1 wood, raze 2 wood
    dear = to_empire(st, 0, "COM042")     # Lumberjacks, action, cost 2 wood, raze 2 wood
    _set_attacks(st, ["W"], "W")
    solo.attack_once(st)
    assert dear in st.trophies and cheap in st.locs[0]
    st2 = scenario("romans")
    a, b = empire(st2, 0, "COM059", "COM060")
    _set_attacks(st2, ["W"], "W")
    st2.phase = "attack"
    st2.attacks_left = 1
    rounds.advance(st2)
    assert [x.option for x in st2.legal_actions(0)] == [(a,), (b,)]
    st2.apply(0, Choose((b,)))
    assert b in st2.trophies and a in st2.locs[0]


def test_solo_japanese_vp_pair_attacks_an_empire_location_by_deal_priority():
    """«Если… указаны ПО и на предшествующих карточках атаки также указаны ПО, виртуальный
    противник нападает на имперскую локацию… сначала… в бонусе сделки которой указана карточка,
    а затем… жетон разрушений, золотой, ПО, камень, рабочий, еда, дерево». Samurai do not
    protect."""
    st = scenario("japanese")
    farm = to_empire(st, 0, "JAP001")       # deal: worker
    garrison = to_empire(st, 0, "JAP008")   # deal: raze token
    st.info[garrison][2] = 1
    _set_attacks(st, ["VP"], "VP")
    solo.attack_once(st)
    assert garrison in st.trophies and farm in st.locs[0]


def test_solo_round_ends_with_trophies_and_two_attacks():
    """«Отложите локации виртуального противника в стопку трофеев»; «нападает на вас дважды»."""
    st = scenario("romans")
    st.virtual = [st.common_deck.pop(), st.common_deck.pop()]
    st.apply(0, Pass())
    assert len(st.trophies) >= 2 and len(st.attack_row) == 3 and st.round == 2


def test_solo_raze_the_opponent_location_goes_to_the_discard():
    """«Разрушая локацию виртуального противника, вы получаете товары… но не превращаете её в
    фундамент, а перемещаете в сброс.»"""
    st = scenario("romans")
    loc = next(c for c in st.common_deck if st.cards[c].id == "COM018")
    st.common_deck.remove(loc)
    st.virtual = [loc]
    play_with(st, 0, RazeLocation(-1, loc), Raze=2)
    assert st.virtual == [] and loc in st.common_discard and st.vp[0] == 1


def test_solo_win_needs_more_empire_locations_than_trophies_and_titles():
    """«Если у него столько же или больше карточек, чем построено имперских локаций у вас, вы
    проиграли»; «Таблица достижений»."""
    st = scenario("romans")
    st.finished = True
    st.trophies = [st.common_deck.pop(), st.common_deck.pop()]
    to_empire(st, 0, "ROM020")
    to_empire(st, 0, "ROM021")
    assert st.winners() == []
    to_empire(st, 0, "ROM027")
    assert st.winners() == [0]
    assert scoring.achievement(st) == "commoner"
    st.vp[0] = 24
    assert scoring.achievement(st) == "servant"
    st.vp[0] = 80
    assert scoring.achievement(st) == "emperor"


def test_solo_full_game_runs_to_the_end():
    import random
    st = GAME.new_state(players=1, seed=12)
    rng = random.Random(0)
    while not st.over:
        acts = st.legal_actions(0)
        st.apply(0, rng.choice(acts))
    assert st.round == 5 and len(st.trophies) >= 10


def test_solo_attack_cards_are_the_opponents_deals():
    """«открытые карточки атаки – его сделками»: «Разбойники» cancel one, «Шпионы» take one."""
    st = scenario("barbarians")
    robbers = to_empire(st, 0, "BAR030")
    _set_attacks(st, ["S", "G"], "W")
    stone, _gold = st.attack_row
    give(st, 0, Raze=1)
    from settlers.games.imperial.actions import Activate
    st.apply(0, Activate(robbers))
    assert [a.option for a in st.legal_actions(0)] == [(-1, 0, 0), (-1, 0, 1)]
    st.apply(0, Choose((-1, 0, 1)))
    assert st.attack_row == [stone] and st.goods[0][3] == 1
    st2 = scenario("romans")
    spies = to_empire(st2, 0, "ROM010")
    _set_attacks(st2, ["S"], "W")
    play_with(st2, 0, Activate(spies), Raze=1)
    assert st2.attack_row == [] and len(st2.attack_deals) == 1
    production.produce_for(st2, 0)
    assert st2.goods[0][1] == 2          # the Romans' board stone and the taken deal's stone


def test_solo_refuses_a_lookout_variant():
    import pytest

    from settlers.core import InvalidOption
    with pytest.raises(InvalidOption) as exc:
        GAME.new_state(players=1, seed=1, options={"lookout": "advanced"})
    assert "advanced" in exc.value.message("en")


def test_solo_messenger_and_hanseatic_use_the_attack_cards_taken_with_spies_only():
    # imperial-settlers.ru.txt L818: «открытые карточки атаки – его сделками» — the opponent's,
    # so «Имперский посланник» and «Ганзейский союз» (one's own deals, L716, L720) do not use
    # them; an attack card taken with «Шпионы» is the player's deal (rules 2026-12-07.1)
    from settlers.games.imperial.actions import Activate
    st = scenario("romans")
    messenger = to_empire(st, 0, "COM057")      # 1 worker: the good of one deal
    _set_attacks(st, ["S", "G"], "W")
    give(st, 0, Wk=1)
    assert Activate(messenger) not in st.legal_actions(0)
    taken = st.attack_row.pop(1)                # the gold card, as «Шпионы» take it
    st.attack_deals.append(taken)
    play_with(st, 0, Activate(messenger))     # its one deal: no question asked
    assert st.goods[0][3] == 1 and len(st.attack_row) == 1      # the taken card's gold
    st2 = scenario("romans")
    league = to_empire(st2, 0, "COM061")        # 1 worker + 1 deal: 2 VP
    _set_attacks(st2, ["S"], "W")
    give(st2, 0, Wk=1)
    assert Activate(league) not in st2.legal_actions(0)         # open attack cards: refused
    stone = st2.attack_row.pop(0)
    st2.attack_deals.append(stone)
    play_with(st2, 0, Activate(league))
    assert st2.vp[0] == 2 and st2.attack_deals == [] and st2.attack_gone == [stone]

