"""A seventh reading of the rulebook (docs/audits/2026-12-06-seventh-imperial-rules.md): the
worked examples and clarifications no other test played through, each with its legal and
illegal side. Line numbers are those of ``imperial-settlers.ru.txt``."""

from imperial_scenario import empire, give, play_with, scenario, supply, to_empire, to_hand

from settlers.games.imperial.actions import Activate, Build, Choose, Pay, RazeCard
from settlers.games.imperial.content import DEFENCE, USED
from settlers.testing.refusals import refused


def test_dark_chapel_build_example_discards_a_location_and_pays_wood_and_stone():
    """L430: «чтобы построить варварское «Тёмное капище», игрок обязан сбросить одну из уже
    построенных локаций, а также заплатить 1 дерево и 2 камня»."""
    st = scenario("barbarians", "romans")
    chapel = to_hand(st, 0, "BAR014")
    give(st, 0, W=1, S=2)
    # no location and no foundation to discard: refused, the resources are not enough alone
    refused(st, 0, Build(chapel), "imperial.needs_foundation")
    mill = to_empire(st, 0, "COM006")
    st.goods[0][1] = 1                          # one stone short
    refused(st, 0, Build(chapel), "imperial.cannot_afford")
    st.goods[0][1] = 2
    st.apply(0, Build(chapel))
    assert st.locs[0] == [chapel] and mill in st.common_discard
    assert supply(st, 0) == {}
    assert st.to_act == (1,)                    # the build was the turn's action


def test_the_supply_is_unlimited():
    """L151 «Запас ресурсов, рабочих и жетонов неограничен… если в запасе недостаточно камня, а
    вам нужно 5…»: the box's 30 stone (L107) all held by one player do not stop another from
    taking stone, nor the holder from taking more."""
    st = scenario("romans", "barbarians")
    give(st, 1, S=30)
    quarry = to_hand(st, 0, "COM008")           # raze bonus: 2 stone
    play_with(st, 0, RazeCard(quarry), Raze=1)
    assert supply(st, 0) == {"S": 2} and st.goods[1][1] == 30
    st.goods[0] = [0] * 7
    st2 = scenario("romans", "barbarians")
    give(st2, 0, S=30, Raze=1)
    quarry = to_hand(st2, 0, "COM008")
    st2.apply(0, RazeCard(quarry))
    assert st2.goods[0][1] == 32


def test_watchtower_example_lies_in_the_top_row():
    """L452 «"Дозорная башня" — локация с производством, поэтому она выкладывает её в самый
    верхний ряд»; L226-228: production locations on top, features in the middle, actions at
    the bottom — the view's rows, as every player sees them."""
    st = scenario("barbarians", "romans")
    mill, castle = empire(st, 0, "COM006", "COM046")
    tower = to_hand(st, 0, "BAR012")
    play_with(st, 0, Build(tower), W=2)
    st.apply(0, Choose((0, castle)))            # the castle is discarded, the mill stays
    for seat in (0, 1):
        rows = st.view(seat)["state"]["players"][0]["locations"]
        assert [loc["card"] for loc in rows["production"]] == [tower]
        assert [loc["card"] for loc in rows["feature"]] == [mill]
        assert rows["action"] == []


def test_a_location_used_up_by_its_owner_cannot_be_used_by_its_captor():
    """L652 «Захватив локацию, которая была активирована владельцем максимальное число раз, вы
    не сможете активировать её сами.» — the use marks stay with the location: a Gold Mine
    (twice a round) its owner used once is the captor's once more, not twice; used twice, not
    at all."""
    for used, once, twice in ((1, True, False), (2, False, False), (0, True, True)):
        st = scenario("egyptians", "romans")
        temple = to_empire(st, 0, "EGY013")
        mine = to_empire(st, 1, "COM021")
        st.info[mine][USED] = used
        play_with(st, 0, Activate(temple), Wk=1, Raze=1)   # the only target: taken at once
        assert st.info[mine][3] == 0
        st.apply(1, Build(to_hand(st, 1, "COM069")))      # the Romans' turn: free Ruins
        give(st, 0, Wk=2)
        legal = st.legal_actions(0)
        assert (Activate(mine) in legal) is once
        assert (Activate(mine, 2) in legal) is twice
        if not once:
            refused(st, 0, Activate(mine), "imperial.limit_reached")
        else:
            st.apply(0, Activate(mine))
            assert st.goods[0][3] == 1 and st.info[mine][USED] == used + 1


def test_discarding_an_activated_location_for_an_empire_card_takes_what_lies_on_it():
    """L434 «игрок может сбросить локацию, действие которой уже было активировано в текущем
    раунде (вместе с товарами, потраченными на активацию этого действия)», L436 «Если на
    сбрасываемой карточке что-то выложено (жетон обороны…), всё это тоже сбрасывается»: the
    location goes with its use mark and defence token, and nothing of them is left behind."""
    st = scenario("barbarians", "romans")
    mine, field = empire(st, 0, "COM021", "COM023")
    play_with(st, 0, Activate(mine), Wk=1)
    assert st.info[mine][USED] == 1
    st.info[mine][DEFENCE] = 1
    st.apply(1, Build(to_hand(st, 1, "COM069")))
    tower = to_hand(st, 0, "BAR012")
    play_with(st, 0, Build(tower), W=2)
    assert st.legal_actions(0) == [Choose((0, mine)), Choose((0, field))]
    st.apply(0, Choose((0, mine)))
    st.apply(0, Pay((0, 0, 0)))                 # the mine's gold may stand in for wood: kept
    assert mine in st.common_discard and mine not in st.info
    assert st.locs[0] == [field, tower]
    assert supply(st, 0) == {"G": 1, "Raze": 1, "Wk": 1}   # the mine's gold, the tower's goods
