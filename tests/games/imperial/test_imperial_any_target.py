"""The thirty-seventh session's "any target" answers (issue 19, a flat cost per action): every op
now has one in ``operations.ANY_TARGET``, and the main turn asks it instead of listing the op's
targets. ``test_imperial_late_cost.py`` checks them against ``op_targets`` at every step of
seeded games; these scenarios reach what those games reach rarely or never: «Шпионы» (no
seeded game builds them), opponents that have passed, the solo opponent's attack cards and
locations, captured locations, a deal already on the seat's «Торговый путь».
"""

from imperial_scenario import empire, give, scenario, to_deals, to_empire, to_hand

from settlers.games.imperial.content import CAPTOR
from settlers.games.imperial.marks import refresh_marks
from settlers.games.imperial.operations import ANY_TARGET, TARGETS, has_op_target, op_targets


def _both(st, seat: int, cid: int) -> bool:
    """``has_op_target`` of the location, checked against the list it stands for."""
    op = st.tables.action_op[cid]
    want = bool(op_targets(st, seat, cid, op, before_paying=True))
    assert has_op_target(st, seat, cid, op) == want, (op, want)
    return want


def test_every_op_has_an_any_target_answer():
    assert set(ANY_TARGET) == set(TARGETS)


def test_spies_need_a_deal_of_an_opponent_who_has_not_passed():
    st = scenario("romans", "barbarians", "egyptians")
    spies = to_empire(st, 0, "ROM010")   # «Шпионы»: take a deal under an opponent's board
    assert not _both(st, 0, spies)
    to_deals(st, 2, "EGY001")
    assert _both(st, 0, spies)
    st.passed[2] = True
    assert not _both(st, 0, spies)
    st.route[1].append(to_empire(st, 1, "BAR001"))   # a «Торговый путь» deal is not taken
    assert not _both(st, 0, spies)
    solo = scenario("romans")
    spies = to_empire(solo, 0, "ROM010")
    solo.attack_row = []
    assert not _both(solo, 0, spies)
    solo.attack_row = [3]   # an open attack card is the solo opponent's deal
    assert _both(solo, 0, spies)


def test_bandits_cancel_a_deal_under_a_board_or_on_a_route():
    st = scenario("barbarians", "japanese")
    bandits = to_empire(st, 0, "BAR030")   # «Разбойники»
    assert not _both(st, 0, bandits)
    st.route[1].append(to_empire(st, 0, "BAR001"))
    assert _both(st, 0, bandits)
    st.passed[1] = True
    assert not _both(st, 0, bandits)
    st.passed[1] = False
    st.route[1].clear()
    to_deals(st, 1, "JAP001")
    assert _both(st, 0, bandits)
    solo = scenario("barbarians")
    bandits = to_empire(solo, 0, "BAR030")
    solo.attack_row = []
    assert not _both(solo, 0, bandits)
    solo.attack_row = [5]
    assert _both(solo, 0, bandits)


def test_engineers_discard_any_location_of_a_targetable_opponent():
    st = scenario("romans", "barbarians")
    engineers = to_empire(st, 0, "ROM008")   # «Инженеры»
    assert not _both(st, 0, engineers)
    to_empire(st, 1, "BAR001")
    assert _both(st, 0, engineers)
    st.passed[1] = True
    assert not _both(st, 0, engineers)
    solo = scenario("romans")
    engineers = to_empire(solo, 0, "ROM008")
    assert not _both(solo, 0, engineers)
    solo.virtual.append(to_empire(solo, 0, "COM001"))   # the solo opponent's location
    solo.locs[0].remove(solo.virtual[-1])
    refresh_marks(solo)   # the locations set directly (marks.py)
    assert _both(solo, 0, engineers)


def test_a_trade_route_takes_an_empire_deal_not_on_it_yet():
    st = scenario("japanese", "romans")
    route = to_empire(st, 0, "JAP021")   # «Торговый путь»
    to_empire(st, 1, "COM001")           # a common location: no deal to take
    assert not _both(st, 0, route)
    deal = to_empire(st, 1, "ROM001")
    assert st.tables.deal_card[deal]
    assert _both(st, 0, route)
    st.route[0].append(deal)
    assert not _both(st, 0, route)
    st.route[0].clear()
    st.passed[1] = True
    assert not _both(st, 0, route)


def test_the_temple_of_ra_captures_a_common_location_not_captured_yet():
    st = scenario("egyptians", "romans")
    temple = to_empire(st, 0, "EGY013")   # «Храм Ра»
    assert not _both(st, 0, temple)
    to_empire(st, 1, next(c.id for c in st.cards if c.common and c.type == "feature"
                          and c.index in st.common_deck))
    assert not _both(st, 0, temple)   # a feature location cannot be captured
    target = to_empire(st, 1, next(c.id for c in st.cards if c.common
                                   and c.type == "production" and c.index in st.common_deck))
    assert _both(st, 0, temple)
    st.info[target][CAPTOR] = 0
    assert not _both(st, 0, temple)
    st.info[target][CAPTOR] = -1
    st.captures[0] = 0
    assert not _both(st, 0, temple)


def test_thieves_steal_wood_stone_or_food_of_an_opponent_who_has_not_passed():
    st = scenario("barbarians", "romans")
    thieves = to_empire(st, 0, "BAR010")   # «Диверсанты»
    give(st, 1, G=3, Wk=2)   # gold and workers cannot be stolen
    assert not _both(st, 0, thieves)
    for good in ("W", "S", "F"):
        one = scenario("barbarians", "romans")
        thieves = to_empire(one, 0, "BAR010")
        give(one, 1, **{good: 1})
        assert _both(one, 0, thieves)
        one.passed[1] = True
        assert not _both(one, 0, thieves)


def test_porters_need_a_production_location_the_seat_controls():
    st = scenario("egyptians", "romans")
    porters = to_empire(st, 1, "COM084")   # «Носильщики»
    assert not _both(st, 1, porters)
    production = next(c.id for c in st.cards if c.common and c.type == "production"
                      and c.index in st.common_deck)
    farm = to_empire(st, 1, production)
    assert _both(st, 1, porters)
    st.info[farm][CAPTOR] = 0   # captured by the Egyptians: theirs to use now
    st.captures[0] -= 1
    assert not _both(st, 1, porters)
    st.locs[1].remove(porters)   # the Egyptians' own «Носильщики» use the captured farm
    st.locs[0].append(porters)
    refresh_marks(st)
    assert _both(st, 0, porters)


def test_the_own_razes_and_the_hand_and_the_own_deals():
    st = scenario("barbarians", "egyptians")
    raze_own = next(c.id for c in st.cards if c.action and c.action.get("op") == "raze_own")
    here = to_empire(st, 0, raze_own)   # «Отребье»: raze another of one's own locations
    assert not _both(st, 0, here)
    other = empire(st, 0, "COM001")[0]
    assert _both(st, 0, here)
    st.info[other][CAPTOR] = 1
    assert not _both(st, 0, here)
    sanctuary = next(c.id for c in st.cards
                     if c.action and c.action.get("op") == "foundation_from_hand")
    sanct = to_empire(st, 0, sanctuary)
    assert not _both(st, 0, sanct)
    to_hand(st, 0, "COM002")
    assert _both(st, 0, sanct)
    deal_op = next(c.id for c in st.cards if c.action and c.action.get("op") == "activate_deal")
    deals = to_empire(st, 0, deal_op)
    assert not _both(st, 0, deals)
    st.route[0].append(to_empire(st, 1, "EGY001"))
    assert _both(st, 0, deals)
    solo = scenario("romans")
    deals = to_empire(solo, 0, deal_op)
    solo.attack_row = []
    assert not _both(solo, 0, deals)
    solo.attack_deals = [2]   # an attack card taken with «Шпионы»
    assert _both(solo, 0, deals)
