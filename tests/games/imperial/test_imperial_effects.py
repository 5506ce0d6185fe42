"""The effect engine on the kinds of effects the cards use (production choices and picks,
per-colour caps, storage by empire, feature triggers)."""

from imperial_scenario import give, play_with, scenario, supply, to_deals, to_empire, to_hand

from settlers.games.imperial import cleanup, effects, production
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Choose,
    Draw,
    MakeDeal,
    Pass,
    Pick,
    PlaceSamurai,
    RazeCard,
    RazeLocation,
)


def test_production_choice_is_asked_pharaohs_guard():
    st = scenario("egyptians", "romans")
    to_empire(st, 0, "EGY004")            # a raze token or 2 VP
    production.produce_for(st, 0)
    assert [a.option for a in st.legal_actions(0)] == [(0,), (1,)]
    st.apply(0, Choose((1,)))
    assert st.vp[0] == 2 and st.goods[0][5] == 1   # the board's raze token only


def test_pick_one_of_two_empire_cards_is_private_and_the_other_discarded():
    st = scenario("romans", "barbarians")
    to_empire(st, 0, "ROM011")            # Architect
    production.produce_for(st, 0)
    shown = [o[0] for o in st.pending[-1]["options"]]
    assert len(shown) == 2
    assert st.view(1)["state"]["pending"].get("options") is None
    assert st.view(0)["state"]["pending"]["options"] == [[c] for c in shown]
    st.apply(0, Pick(shown[1]))
    assert st.hand[0] == [shown[1]] and shown[0] in st.fdiscard["romans"]


def test_legion_gives_common_cards_only():
    st = scenario("romans", "barbarians")
    legion = to_hand(st, 0, "ROM017")
    to_empire(st, 0, "COM007")
    play_with(st, 0, Build(legion), F=1)
    assert [st.cards[c].deck for c in st.hand[0]] == ["common", "common"]   # produce + bonus


def test_per_colour_counts_have_caps_geisha_house_and_daimyo_castle():
    """«Замок даймё»: VP per samurai (max 3); samurai count even in the solo mode."""
    st = scenario("japanese", "romans")
    geisha = to_empire(st, 0, "JAP006")
    for card in ("COM012", "COM013", "COM014", "COM015"):
        to_empire(st, 0, card)
    effects.produce(st, 0, geisha)
    assert st.goods[0][4] == 3
    castle = to_empire(st, 0, "JAP009")
    for card in ("JAP001", "JAP002", "JAP003", "JAP004"):
        st.info[to_empire(st, 0, card)][2] = 1
    effects.produce(st, 0, castle)
    assert st.vp[0] == 3


def test_each_empire_keeps_its_own_good():
    st = scenario("egyptians", "barbarians")
    give(st, 0, G=2, Wk=3)
    give(st, 1, G=2, Wk=3)
    cleanup.cleanup(st)
    assert supply(st, 0) == {"G": 2} and supply(st, 1) == {"Wk": 3}


def test_build_bonus_card_and_colour_vp_wood_storage():
    st = scenario("romans", "barbarians")
    to_empire(st, 0, "COM007")            # brown
    storage = to_hand(st, 0, "COM003")     # brown: a card and a VP per brown location
    play_with(st, 0, Build(storage), W=2, S=1)
    assert st.vp[0] == 2
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]


def test_gallows_on_every_raze_raid_only_on_opponents_locations():
    st = scenario("barbarians", "romans")
    to_empire(st, 0, "COM005")             # Gallows
    to_empire(st, 0, "BAR007")             # Raid
    card = to_hand(st, 0, "COM007")
    field = to_empire(st, 1, "COM023")
    give(st, 0, Raze=3)
    st.apply(0, RazeLocation(1, field))     # Gallows and Raid
    assert st.vp[0] == 2
    st.apply(1, Pass())
    st.apply(0, RazeCard(card))            # Gallows only
    assert st.vp[0] == 3


def test_border_adds_a_defence_to_common_locations_only():
    st = scenario("romans", "barbarians")
    field = to_empire(st, 1, "COM023")
    to_empire(st, 1, "BAR029")             # Border (reconstructed)
    give(st, 0, Raze=2)
    assert RazeLocation(1, field) not in st.legal_actions(0)
    play_with(st, 0, RazeLocation(1, field), Raze=1)
    assert field in st.fnd[1]


def test_trade_colony_fires_a_colour_feature_once():
    st = scenario("romans", "barbarians")
    to_empire(st, 0, "ROM015")             # Headquarters: VP per grey building
    to_empire(st, 0, "ROM009")             # Gardens: VP per red building
    colony = to_hand(st, 0, "ROM023")
    to_empire(st, 0, "COM007")
    play_with(st, 0, Build(colony), W=1, S=2)
    st.apply(0, Choose((0, st.locs[0][2])))   # discard the Old Forest
    assert st.vp[0] == 2


def test_deal_and_samurai_triggers():
    """Reconstructed features: «Школа дипломатии» VP per deal, «Додзё» VP per samurai."""
    st = scenario("japanese", "romans")
    to_empire(st, 0, "JAP030")
    to_empire(st, 0, "JAP024")
    farm = to_hand(st, 0, "JAP001")
    play_with(st, 0, PlaceSamurai(st.locs[0][0]), F=1, Wk=1)
    assert st.vp[0] == 1
    st.apply(0, MakeDeal(farm))
    assert st.vp[0] == 2


def test_captured_action_location_is_used_by_the_egyptian_only():
    st = scenario("egyptians", "romans")
    temple = to_empire(st, 0, "EGY013")
    mine = to_empire(st, 1, "COM021")      # Gold Mine: worker -> gold, twice
    give(st, 0, Wk=3, Raze=1)
    give(st, 1, Wk=2)
    st.apply(0, Activate(temple))
    assert Activate(mine) not in st.legal_actions(1)
    st.apply(1, Pass())
    st.apply(0, Activate(mine, 2))
    assert st.goods[0][3] == 2


def test_deal_giving_a_card_asks_for_the_deck_each_production():
    st = scenario("romans", "barbarians")
    to_deals(st, 0, "ROM012")              # deal: a card
    production.produce_for(st, 0)
    assert st.legal_actions(0) == [Draw("common"), Draw("faction")]
