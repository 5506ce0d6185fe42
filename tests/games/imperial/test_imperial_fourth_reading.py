"""A fourth reading of the rulebook against the engine (2026-12-06): scenario tests of what it
found."""

import json
from importlib import resources

from imperial_scenario import give, scenario, to_empire, to_hand

from settlers.games.imperial.actions import Build, Choose


def _cards_with(tmp_path, card_id: str, **fields) -> str:
    """A user's card file (option ``cards``): the shipped cards with ``fields`` of one card
    replaced."""
    data = json.loads((resources.files("settlers.games.imperial") / "data" / "cards.json")
                      .read_text("utf-8"))
    row = next(r for r in data["cards"] if r["id"] == card_id)
    row.update(fields)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_a_building_bonus_that_offers_a_choice_gives_the_chosen_goods(tmp_path):
    """L420 «бонус строительства — товары, которые вы одновременно получаете сразу же после
    постройки», L422 (a production location gets both): a build bonus may offer a choice
    (README, the effect language: ``build_bonus`` lists yields, ``{"choice": [...]}`` among
    them). The answer gives the chosen goods of the bonus — not the production's choice, and
    not a failure when the card's production has none."""
    path = _cards_with(tmp_path, "BAR027", build_bonus=[{"choice": [{"VP": 4}, {"W": 2}]}])
    st = scenario("barbarians", "romans", cards=path)
    idol = to_hand(st, 0, "BAR027")                 # «Идол»: a feature, no production
    to_empire(st, 0, "COM007")                      # the location to discard
    give(st, 0, S=3)
    st.apply(0, Build(idol))
    assert [a.option for a in st.legal_actions(0)] == [(0,), (1,)]
    assert st.describe_action(Choose((1,)), "en") == "Take 2 wood"
    st.apply(0, Choose((1,)))
    assert st.goods[0][0] == 2 and st.vp[0] == 0    # the wood, not the points

    # a production location with a choice of its own and another in its bonus: each answer
    # gives the goods of its own question
    path = _cards_with(tmp_path, "EGY004", build_bonus=[{"choice": [{"W": 1}, {"S": 1}]}])
    st = scenario("egyptians", "romans", cards=path)
    guard = to_hand(st, 0, "EGY004")                # «Стража фараона»: a raze token or 2 VP
    to_empire(st, 0, "COM007")
    give(st, 0, F=2)
    st.apply(0, Build(guard))
    st.apply(0, Choose((1,)))                       # the bonus's question: a stone
    assert st.goods[0][1] == 1 and st.goods[0][5] == 0 and st.vp[0] == 0
    st.apply(0, Choose((1,)))                       # the production's question: 2 VP
    assert st.vp[0] == 2 and st.goods[0][1] == 1


def test_a_lost_solo_game_adds_no_location_points_and_earns_no_title():
    """L884 «Если у него столько же или больше карточек, чем построено имперских локаций у вас,
    вы проиграли. Если у вас больше локаций, вы побеждаете: прибавьте себе ПО за локации к
    текущему количеству ПО»; «В таблице достижений указано, насколько хорошо вы справились»:
    only a won game adds its locations' points and has a title. Lost, the score is the
    track's, its breakdown adds up to it, and there is no title; won, both as before."""
    from settlers.games.imperial import scoring

    st = scenario("romans")
    st.finished = True
    st.vp[0] = 7
    st.trophies = [st.common_deck.pop(), st.common_deck.pop()]
    to_empire(st, 0, "ROM020")
    to_empire(st, 0, "ROM021")   # 2 empire locations against 2 trophies: lost
    assert st.winners() == []
    assert st.scores() == [7.0]
    assert sum(scoring.breakdown(st)[0].values()) == 7
    assert scoring.achievement(st) is None
    assert st.view(0)["state"]["solo"]["achievement"] is None
    to_empire(st, 0, "ROM027")   # 3 against 2: won
    assert st.winners() == [0]
    assert st.scores()[0] == 7 + scoring.location_points(st, 0) >= 7 + 6
    assert sum(scoring.breakdown(st)[0].values()) == st.scores()[0]
    assert scoring.achievement(st) == "commoner"


def test_identical_copies_offered_as_a_foundation_read_apart_by_their_marks():
    """«ЧТОБЫ ПОСТРОИТЬ ЛОКАЦИЮ»: the player picks the location it discards as the foundation.
    Two copies of «Золотой рудник» — one guarded by a defence token and used twice this
    round, one bare — are different choices (the token is lost with its location), so the
    terminal menu names each with the marks the board shows (⛨, a dot per use); before, both
    read «Сбросить локацию «Золотой рудник»»."""
    from imperial_scenario import _take

    from settlers.games.imperial import building
    from settlers.games.imperial.content import DEFENCE, GOOD_INDEX, USED

    st = scenario("romans", "barbarians")
    for c in (20, 21):
        _take(st, c)
        building.place_location(st, 0, c)
    st.info[20][USED], st.info[20][DEFENCE] = 2, 1
    legion = to_hand(st, 0, "ROM017")
    st.goods[0][GOOD_INDEX["F"]] = 1
    st.apply(0, Build(card=legion))
    labels = {a.option: st.describe_action(a, "ru") for a in st.legal_actions(0)
              if isinstance(a, Choose) and a.option[0] == 0}
    assert set(labels) == {(0, 20), (0, 21)}
    assert labels[(0, 20)] != labels[(0, 21)]
    assert "⛨••" in labels[(0, 20)] and "⛨" not in labels[(0, 21)]
    assert "«Золотой рудник»⛨••" in st.render(0, "ru")      # the board's own marks
