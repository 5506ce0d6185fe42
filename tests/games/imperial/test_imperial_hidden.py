"""Hidden information: deals lie face down — «Сделки подкладываются под планшет империи так,
чтобы игроку был виден только бонус сделки» (imperial-settlers.ru.txt L199)."""

import random

import pytest
from imperial_scenario import play_with, scenario, to_deals, to_empire, to_hand

from settlers.games.imperial import view
from settlers.games.imperial.actions import Activate, Choose, MakeDeal
from settlers.games.imperial.protocol import ImperialGame
from settlers.testing.conformance import ConformanceError, check_views


def _made_deal():
    st = scenario("romans", "barbarians")
    workshop = to_hand(st, 0, "ROM001")       # deal: 1 stone
    play_with(st, 0, MakeDeal(workshop), F=1)
    return st, workshop


def test_others_see_only_the_deal_good():
    # L199: others see the deal's bonus, never which card it is
    st, workshop = _made_deal()
    mine = st.view(0)["state"]["players"][0]
    theirs = st.view(1)["state"]["players"][0]
    spectator = st.view(None)["state"]["players"][0]
    assert mine["deals"] == [workshop] and mine["deal_goods"] == ["S"]
    assert theirs["deals"] == [None] and theirs["deal_goods"] == ["S"]
    assert spectator["deals"] == [None]
    key = "imperial.card.ROM001"
    assert key not in repr(st.view(1)["events"]) and key not in repr(st.view(None)["events"])
    assert [e for e in st.log_json(viewer=1, redact=True) if e[1]["type"] == "deal"] == [
        [0, {"type": "deal", "card": None}]]
    assert st.log_json(viewer=0, redact=True)[-1] == [0, {"type": "deal", "card": workshop}]


def test_determinization_redeals_a_deal_with_the_same_good():
    st, workshop = _made_deal()
    cards = set()
    for seed in range(20):
        world = st.determinize(1, seed)
        (deal,) = world.deals[0]
        assert world.cards[deal].deal == "S" and world.cards[deal].deck == "romans"
        assert world.view(1) == st.view(1)
        cards.add(deal)
    assert len(cards) > 1                      # the identity is really unknown to seat 1
    assert {st.determinize(0, s).deals[0][0] for s in range(5)} == {workshop}  # own: known
    check_views(st, random.Random(1))


def test_the_conformance_leak_check_catches_a_shown_deal(monkeypatch):
    """A view that showed others' deal cards is caught by the shared leak check."""
    st, _ = _made_deal()
    honest = view.state_view

    def leaking(state, seat):
        out = honest(state, seat)
        for s, player in enumerate(out["players"]):
            player["deals"] = list(state.deals[s])
        return out

    monkeypatch.setattr(ImperialGame, "_view", leaking)  # the protocol's bound view rule
    with pytest.raises(ConformanceError, match="differs in a determinization"):
        check_views(st, random.Random(1))


def test_spies_keep_the_identity_for_whom_it_lets_look():
    """«Шпионы» take a deal by its good; the taker then owns and sees it, the player it came
    from still knows it, a third player sees only the good."""
    st = scenario("romans", "barbarians", "egyptians")
    spies = to_empire(st, 0, "ROM010")
    workshop = to_deals(st, 1, "ROM001")
    to_deals(st, 1, "ROM009")                 # deal: 1 food
    play_with(st, 0, Activate(spies), Raze=1)
    labels = {st.describe_action(a, "en") for a in st.legal_actions(0)}
    assert all("Sculptor" not in label for label in labels), labels
    st.apply(0, Choose((1, 0)))
    assert st.deals[0] == [workshop]
    assert st.view(0)["state"]["players"][0]["deals"] == [workshop]
    assert st.view(1)["state"]["players"][0]["deals"] == [workshop]
    assert st.view(2)["state"]["players"][0]["deals"] == [None]
    assert {st.determinize(1, s).deals[0][0] for s in range(5)} == {workshop}
    check_views(st, random.Random(2))
