"""Views (what each seat may see), the terminal board, menu labels and determinization."""

import json
import random

from catan_scenario import GAME, corner, give, scenario, settle, vec

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import ANSWER_YES, BUILD_SETTLEMENT, OfferTrade
from settlers.games.catan.render import render


def played(seed=4, steps=300, **options):
    st = GAME.new_state(4, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.over:
            break
        seat = rng.choice(st.to_act)
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    return st


def test_view_exposes_geometry_for_a_browser():
    st = GAME.new_state(4, 1)
    board = st.view(None)["state"]["board"]
    assert len(board["hexes"]) == 19 and len(board["intersections"]) == 54
    assert len(board["paths"]) == 72 and len(board["harbours"]) == 9
    assert len(board["coast"]) == 30
    h = board["hexes"][0]
    assert {"id", "label", "q", "r", "x", "y", "terrain", "resource", "number", "pips"} <= set(h)
    assert {"id", "label", "x", "y", "hexes"} <= set(board["intersections"][0])
    assert {"path", "intersections", "kind", "ratio", "x", "y"} <= set(board["harbours"][0])
    json.dumps(st.view(None))


def test_hidden_hands_and_cards_are_counts_only():
    st = played()
    for seat in range(4):
        view = st.view(seat)["state"]
        for p, pv in enumerate(view["players"]):
            assert pv["resource_count"] == sum(st.hands[p])
            assert pv["development_count"] == sum(st.dev[p])
            if p == seat:
                assert pv["resources"]["ore"] == st.hands[p][4]
            else:
                assert pv["resources"] is None and pv["development"] is None
                assert pv["points"] is None
    spectator = st.view(None)["state"]
    assert all(pv["resources"] is None for pv in spectator["players"])
    assert "deck" not in json.dumps(spectator).replace("development_deck", "")


def test_stolen_and_bought_cards_are_seen_only_by_those_concerned():
    st = played(steps=2000)
    for event in st.events:
        if event.key in ("catan.ev.stole_card", "catan.ev.bought_card"):
            assert event.visible_to is not None and len(event.visible_to) <= 2


def test_a_robbery_is_told_to_everyone_and_its_card_only_to_thief_and_victim():
    # L378 «Ограбленный игрок отдаёт карту сырья (ее вытягивают из его закрытой руки)»: the card
    # leaves a closed hand; a spectator, like a third player, sees the hand shrink with its
    # cause, and only the two players see the kind
    st = played(steps=2000)
    robberies = [e for e in st.events if e.key == "catan.ev.stole"]
    assert robberies
    for event in robberies:
        thief, victim = event.params["seat"], event.params["victim"]
        card = next(e for e in st.events[event.index - 1:event.index]
                    if e.key == "catan.ev.stole_card")
        for viewer in (None, *range(4)):
            told = {e.key for e in st.visible_events(viewer) if e.index in (card.index,
                                                                              event.index)}
            concerned = viewer in (thief, victim)
            assert told == ({"catan.ev.stole_card"} if concerned else {"catan.ev.stole"}), viewer


def test_determinize_keeps_counts_and_public_knowledge():
    st = scenario(phases="separate", current=0)
    give(st, 0, ore=2)
    give(st, 1, brick=2, wool=3)
    give(st, 2, grain=4)
    st.dev[1] = [1, 1, 0, 0, 0]
    st.apply(0, OfferTrade(vec(ore=1), vec(brick=1)))
    st.apply(1, ANSWER_YES)  # seat 1 has shown a brick
    for seed in range(30):
        d = st.determinize(2, seed)
        assert d.hands[2] == st.hands[2]  # own hand
        assert sum(d.hands[0]) == 2 and d.hands[0][4] >= 1  # the offered ore is known
        assert sum(d.hands[1]) == 5 and d.hands[1][0] >= 1  # the accepted brick is known
        together = [sum(d.hands[p][r] for p in (0, 1, 3)) for r in range(5)]
        assert together == [sum(st.hands[p][r] for p in (0, 1, 3)) for r in range(5)]
        assert sum(d.dev[1]) == 2 and len(d.deck) == len(st.deck)
        assert d.view(2) == st.view(2)


def test_render_board_in_russian_and_english():
    st = GAME.new_state(4, 2, {"board": "beginner"})
    ru = render(st, 0, "ru", markup=False)
    en = render(st, 0, "en", markup=False)
    for letter in "ABCDEFGHIJKLMNOPQRS":
        assert letter in ru
    assert "Горы" in ru and "РАЗБОЙН" in ru and "3:1" in ru and "2:1Ш" in ru
    assert "Mount" in en and "ROBBER" in en and "2:1W" in en
    assert "▲" in ru  # the starting settlements
    assert "Ваше сырьё" in ru
    marked = st.render(0, "ru")
    assert "[" in marked  # Rich markup for colours


def test_describe_names_intersections_by_hexes():
    st = scenario(current=0)
    c = corner("A", "B", "E")
    text = st.describe_action(BUILD_SETTLEMENT[c], "ru")
    assert "A Горы 10" in text and "B Пастбища 2" in text and "E Холмы 6" in text
    en = st.describe_action(BUILD_SETTLEMENT[c], "en")
    assert en.startswith("Build a settlement at")
    for p in range(4):
        for a in played(seed=p, steps=150).legal_actions(0):
            assert not st.describe_action(a, "ru").startswith("catan.")


def test_view_during_discards_hides_the_choices():
    st = scenario(current=0, phase=ph.DISCARD)
    settle(st, 1, corner("A", "B", "E"))
    give(st, 1, ore=8)
    st.discard_owed[1] = 4
    st.apply(1, st.legal_actions(1)[0])
    assert st.view(2)["state"]["players"][1]["discard_chosen"] is None
    assert st.view(1)["state"]["players"][1]["discard_chosen"]["ore"] == 1


def test_render_markup_is_valid_rich():
    from io import StringIO

    from rich.console import Console

    st = played(seed=6, steps=400)
    out = StringIO()
    Console(file=out, width=120, force_terminal=False).print(st.render(1, "ru"))
    text = out.getvalue()
    assert "[/]" not in text and "\\" in text and "·" in text


def test_log_hides_a_discard_choice_from_the_others():
    st = scenario(current=0, phase=ph.DISCARD)
    give(st, 1, ore=8)
    st.discard_owed[1] = 4
    st.apply(1, st.legal_actions(1)[0])
    assert st.log_json(viewer=2, redact=True)[-1] == [1, {"type": "discard", "resource": None}]
    assert st.log_json(viewer=1, redact=True)[-1] == [1, {"type": "discard", "resource": "ore"}]
