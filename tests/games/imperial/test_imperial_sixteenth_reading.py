"""A sixteenth reading of the rulebook (docs/audits/2026-12-07-sixteenth-rules.md). Line numbers
are those of ``imperial-settlers.ru.txt``.

Building bonuses of production locations. L418 «Построив локацию с производством, вы сразу же
получаете то, что она производит.» L420 «У некоторых локаций есть бонус строительства —
товары, которые вы одновременно получаете сразу же после постройки этой карточки.» L422
«Если у локации с производством есть ещё и бонус строительства, вы сразу получаете обе
награды, когда постройте её.» L446 «Некоторые локации дают ещё и бонус строительства —
единовременный и не зависящий от типа локации бонус.» The card facts give 15 common production
cards a building bonus equal to their production («Каменоломня», «Деревня», «Пшеничное поле»,
«Лесная тропа», «Сторожевая вышка») and none to the others («Старый лес», «Городок»,
«Оружейник», «Памятник», «Золотой ручей», …): a printed bonus of its own, so those 15 give
their goods twice when built (the production and the bonus) and once in a production phase.
Until rules 2026-12-07.2 they gave them once.
"""

import pytest
from imperial_scenario import give, play_with, scenario, supply, to_empire, to_hand

from settlers.core import IllegalAction
from settlers.games.imperial import GAME, cleanup, production, rounds, solo
from settlers.games.imperial.actions import (
    Build,
    Draw,
    EndTurn,
    Pass,
    Pick,
    PlaceDefence,
    PlaceSamurai,
    RazeCard,
    RazeLocation,
)
from settlers.games.imperial.content import RAZE, SAMURAI, WK, S


def test_a_quarry_gives_its_production_and_its_building_bonus_when_built():
    """L418 + L422: «Каменоломня» (COM008, 1 wood 1 stone; produces 1 stone, bonus 1 stone)
    gives two stone when built, one in each production phase."""
    st = scenario("barbarians", "romans")
    quarry = to_hand(st, 0, "COM008")
    play_with(st, 0, Build(quarry), W=1, S=1)
    assert supply(st, 0) == {"S": 2}
    st.goods[0] = [0] * len(st.goods[0])
    production.produce_for(st, 0)          # the Barbarians' board gives no stone
    assert st.goods[0][S] == 1


def test_the_two_stones_pay_for_a_build_at_once():
    """The bonus is there to use in the same round: with «Каменоломня» built from exactly its
    cost, «Замок» (COM048, 2 stone) may be built next; with one stone left (the production
    alone) it is refused, the state unchanged."""
    st = scenario("barbarians", "romans")
    quarry = to_hand(st, 0, "COM008")
    castle = to_hand(st, 0, "COM048")
    st.passed[1] = True                    # seat 0 plays on
    play_with(st, 0, Build(quarry), W=1, S=1)
    assert Build(castle) in st.legal_actions(0)
    st.goods[0][S] -= 1                    # what the production alone would have left
    digest = st.digest()
    assert Build(castle) not in st.legal_actions(0)
    with pytest.raises(IllegalAction):
        st.apply(0, Build(castle))
    assert st.digest() == digest


def test_a_village_gives_two_workers_when_built():
    """«Деревня» (COM012, produces 1 worker, bonus 1 worker)."""
    st = scenario("barbarians", "romans")
    village = to_hand(st, 0, "COM012")
    play_with(st, 0, Build(village), W=1)
    assert supply(st, 0) == {"Wk": 2}


def test_a_watchtower_asks_for_two_cards_when_built_and_one_when_producing():
    """«Сторожевая вышка» (COM065, produces 1 card, bonus 1 card): two draws when built (the
    deck chosen each time, L324), one in a production phase."""
    st = scenario("barbarians", "romans")
    tower = to_hand(st, 0, "COM065")
    play_with(st, 0, Build(tower), W=2)
    for deck in ("common", "faction"):
        assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
        st.apply(0, Draw(deck))
    assert len(st.hand[0]) == 2
    assert not st.pending
    production.produce_for(st, 0)
    st.apply(0, Draw("common"))
    assert len(st.hand[0]) == 3 and not st.pending


def test_a_production_card_without_a_bonus_gives_its_production_once():
    """The counterpart: «Старый лес» (COM007, 2 wood; produces 2 wood, no bonus) gives its
    production at once (L418) and nothing more."""
    st = scenario("barbarians", "romans")
    forest = to_hand(st, 0, "COM007")
    play_with(st, 0, Build(forest), W=2)
    assert supply(st, 0) == {"W": 2}


# ------------------------------------------------------------------ the Japanese solo attack
def _attacks(st, row, top):
    """Open attack cards showing ``row`` (newest first) and ``top`` to be opened next."""
    free = list(range(len(st.attack_goods)))
    cards = []
    for g in [*row, top]:
        i = next(i for i in free if st.attack_goods[i] == g)
        free.remove(i)
        cards.append(i)
    st.attack_row = cards[:-1]
    st.attack_deck = [*free, cards[-1]]
    return cards


def test_japanese_vp_on_the_first_and_an_earlier_card_attacks_an_empire_location():
    """L874 «если целью атаки первой карточки … указаны ПО и на предшествующих карточках атаки
    также указаны ПО, виртуальный противник нападает на имперскую локацию»: the newest card
    shows VP, the one before it stone, the one before that VP. «Оружейник» (raze: VP and stone)
    would be hit by the pair (VP, stone), but the condition of L874 holds, so the empire
    location goes; the two VP cards move to the end of the row (L878)."""
    st = scenario("japanese")
    armorer = to_empire(st, 0, "COM018")
    farm = to_empire(st, 0, "JAP001")
    stone, vp, top = _attacks(st, ["S", "VP"], "VP")
    assert solo.attack_once(st)
    assert farm in st.trophies and armorer in st.locs[0]
    assert st.attack_row == [stone, top, vp]


def test_without_an_earlier_vp_the_pair_hits_the_common_location():
    """The counterpart: no VP before the newest card — the usual pairs (L836-L846): the pair
    (VP, stone) hits «Оружейник», the empire location stays."""
    st = scenario("japanese")
    armorer = to_empire(st, 0, "COM018")
    farm = to_empire(st, 0, "JAP001")
    _attacks(st, ["S", "W"], "VP")
    assert solo.attack_once(st)
    assert armorer in st.trophies and farm in st.locs[0]


def test_with_no_empire_location_to_raze_the_usual_pairs_apply():
    """L874 needs an empire location the opponent can raze («Если противник может разрушить
    более одной имперской локации…»); with none, the usual pairs do: «Оружейник» goes."""
    st = scenario("japanese")
    armorer = to_empire(st, 0, "COM018")
    _attacks(st, ["S", "VP"], "VP")
    assert solo.attack_once(st)
    assert armorer in st.trophies


# ------------------------------------------------------------------ samurai in production
def _japanese_production():
    """Round 1's production of a Roman (first) and a Japanese player with a «farm» (JAP001) and
    a common «Каменоломня» (COM008) built; the Roman produces, then the Japanese player."""
    st = scenario("romans", "japanese")
    farm = to_empire(st, 1, "JAP001")
    quarry = to_empire(st, 1, "COM008")
    st.phase = "production"
    st.producing = 0
    rounds.advance(st)
    return st, farm, quarry


def test_samurai_may_be_placed_in_one_s_production_turn():
    """L598 «В любой момент своего хода японцы могут выставить … рабочих на свои имперские
    локации» and L320 «Фазу производства начинает первый игрок, далее ход передаётся по
    часовой стрелке»: the Japanese player's production turn is its turn too. Its goods in
    (the board's 4 workers and the farm's one), it puts a samurai on the farm before the action
    phase, so the Roman, who acts first, needs 3 raze tokens for it (L602), not 2."""
    st, farm, _ = _japanese_production()
    assert st.phase == "production" and st.to_act == (1,)
    assert st.legal_actions(1) == [PlaceSamurai(farm), EndTurn()]
    st.apply(1, PlaceSamurai(farm))
    assert st.info[farm][SAMURAI] == 1 and st.goods[1][WK] == 4 + 1 - 1
    assert st.phase == "actions" and st.turn == 0 and not st.pending
    give(st, 0, Raze=2 - st.goods[0][RAZE])
    assert RazeLocation(1, farm) not in st.legal_actions(0)
    give(st, 0, Raze=1)
    assert RazeLocation(1, farm) in st.legal_actions(0)


def test_the_production_turn_offers_samurai_only():
    """The illegal side: in the production turn no defence token (L385 «В фазе действий»), no
    main action, no pass; refused, nothing changed."""
    st, farm, quarry = _japanese_production()
    assert st.phase == "production" and st.to_act == (1,)
    digest = st.digest()
    for action in (PlaceDefence(quarry), Pass(), Build(farm)):
        with pytest.raises(IllegalAction):
            st.apply(1, action)
        assert st.digest() == digest


def test_ending_the_production_turn_leaves_the_farm_unguarded():
    """The counterpart: the player ends its production turn without a samurai; the Roman
    razes the farm for 2 tokens."""
    st, farm, _ = _japanese_production()
    st.apply(1, EndTurn())
    assert st.phase == "actions" and st.turn == 0 and st.info[farm][SAMURAI] == 0
    assert st.goods[1][WK] == 4 + 1
    give(st, 0, Raze=2 - st.goods[0][RAZE])
    assert RazeLocation(1, farm) in st.legal_actions(0)


# ------------------------------------------------------------------ kept readings, pinned
def test_the_japanese_raze_the_gate_and_the_chapel_from_the_hand_never_as_locations():
    """L618 «„Врата“ нельзя разрушить», L626 «„Часовню“ нельзя разрушить» are said of the
    built locations: L600 «имперские локации, которые обычно нельзя разрушить (например,
    „Часовня“ и „Врата“)». The facts print a raze bonus on both (1 VP), and L500 lets the
    Japanese player raze empire cards from the hand «поскольку на них тоже имеется бонус
    разрушения». So: from the hand, yes (1 token, 1 VP); as locations, never — by an opponent,
    nor by the solo opponent's VP pair (L874)."""
    st = scenario("japanese", "romans")
    gate, chapel = to_hand(st, 0, "JAP013"), to_hand(st, 0, "JAP015")
    give(st, 0, Raze=1)
    menu = st.legal_actions(0)
    assert RazeCard(gate) in menu and RazeCard(chapel) in menu
    st.apply(0, RazeCard(chapel))
    assert st.vp[0] == 1 and chapel in st.fdiscard["japanese"]
    built = to_empire(st, 0, "JAP015")
    give(st, 1, Raze=10)
    assert st.turn == 1 and RazeLocation(0, built) not in st.legal_actions(1)
    solo_st = scenario("japanese")
    shrine = to_empire(solo_st, 0, "JAP015")
    _attacks(solo_st, ["VP"], "VP")
    assert solo.attack_once(solo_st)
    assert shrine in solo_st.locs[0] and solo_st.trophies == []


def test_own_set_aside_cards_may_be_looked_at_at_any_moment():
    """L732 «Свои отложенные закрытые карточки можно смотреть в любой момент» (the alternative
    lookout): after its first pick a seat's view holds its set-aside hand and the pick, the
    others' views neither; after the passing, the pick is among its own cards."""
    st = GAME.new_state(players=3, seed=5, options={"lookout": "alternative"})
    offers = [list(o) for o in st.draft["offer"]]
    hand = list(st.hand[0])
    st.apply(0, Pick(offers[0][0]))
    mine = st.view(0)["state"]
    assert mine["alt_lookout"]["my_pick"] == offers[0][0]
    assert mine["players"][0]["hand"] == hand
    other = st.view(1)["state"]
    assert other["alt_lookout"]["my_pick"] != offers[0][0]
    assert other["players"][0].get("hand") is None
    st.apply(1, Pick(offers[1][0]))
    st.apply(2, Pick(offers[2][0]))
    assert st.view(0)["state"]["players"][0]["hand"] == [*hand, offers[0][0]]


def test_cards_in_the_hand_are_never_discarded_at_the_end_of_the_round():
    """L371 «Карточки с руки никогда не сбрасываются в конце раунда»: the cleanup leaves every
    hand as it was, common and empire cards alike (the goods go, L369)."""
    st = scenario("japanese", "romans")
    hands = [[to_hand(st, 0, "COM008"), to_hand(st, 0, "JAP001")], [to_hand(st, 1, "ROM020")]]
    give(st, 0, W=2, Wk=3)
    cleanup.cleanup(st)
    assert st.hand == hands and supply(st, 0) == {}
