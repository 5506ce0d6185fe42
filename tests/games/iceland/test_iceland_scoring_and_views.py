"""Victory points, the end of the game, the tie-break, hidden information, rendering."""

from __future__ import annotations

import json
import random
import re

import pytest
from iceland_scenario import GAME, corner_between, give_fate, house, new, set_hand, terrain

from settlers.core import IllegalAction, MalformedAction
from settlers.games.iceland.actions import BuildTown, EndTurn, Explore, Roll
from settlers.games.iceland.scoring import ranking_winners, victory_points


def test_victory_points_farm_town_and_tokens():
    """«Призовые очки»: black 1, red 1, white 1, farm 1, town 2 (including its farm),
    resources 0."""
    s = new()
    house(s, 0, 0)
    house(s, 0, 10, level=2)
    s.white[0], s.red_won[0], s.black[0] = 1, 2, 1
    set_hand(s, 0, wool=5)
    assert victory_points(s, 0) == 1 + 2 + 1 + 2 + 1
    assert s.scores()[0] == 7.0


def test_game_ends_at_the_end_of_a_turn_with_twelve_points():
    """«Игра заканчивается, когда хотя бы один игрок в конце хода любого игрока достигает по
    меньшей мере двенадцати победных очков.»"""
    s = new()
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    c = corner_between(s, 0, 3, 4)
    house(s, 0, c)
    s.white[0] = 10
    set_hand(s, 0, iron=1, grain=1, wood=1, wool=2)
    s.apply(0, BuildTown(c))
    assert not s.over and victory_points(s, 0) == 11, "the town counts at the end of turn"
    s.apply(0, EndTurn())
    assert s.over and s.winners() == [0] and s.to_act == ()
    with pytest.raises(IllegalAction):
        s.apply(1, Roll())


def test_points_of_another_player_also_end_the_game():
    s = new()
    s.white[2] = 12
    s.apply(0, EndTurn())
    assert s.over and s.winners() == [2]


def test_tie_break_black_red_white_houses_cards():
    """«чёрные жетоны наиболее значимы, далее считаются красные, белые и очки за дома. Если всё
    одинаково, всё решает количество оставшихся карт ресурсов; карты судьбы не учитываются.»"""
    s = new()
    s.black[1], s.white[2] = 1, 1
    assert ranking_winners(s) == [1]                 # black beats white
    s.black[1], s.red_won[1] = 0, 1
    assert ranking_winners(s) == [1]                 # red beats white
    s.red_won[1], s.white[1], s.white[2] = 0, 1, 0
    house(s, 2, 20)
    assert ranking_winners(s) == [1]                 # white beats a farm
    s.white[1] = 0
    house(s, 1, 0)
    assert ranking_winners(s) == [1, 2]              # all equal: a shared win
    give_fate(s, 1, "chase", "chase")
    assert ranking_winners(s) == [1, 2]              # fate cards do not count
    set_hand(s, 2, iron=1)
    assert ranking_winners(s) == [2]                 # resource cards decide


def test_turn_limit_is_a_documented_safety_stop():
    s = GAME.new_state(3, 5, {"turn_limit": 2})
    rng = random.Random(0)
    while not s.over:
        seat = s.to_act[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.turn == 2 and s.winners()


def test_views_show_hands_hide_fate_cards_deck_and_bank():
    """Every resource hand is public by count (test_iceland_tenth_reading.py); the fate cards,
    the deck and the bank are not shown (L4, L5, L6)."""
    s = GAME.new_state(4, 9)
    v = s.view(1)["state"]
    assert all(p["hand"] == {"grain": 2, "wood": 2, "wool": 2, "iron": 2} for p in v["players"])
    assert v["hand"] == {"grain": 2, "wood": 2, "wool": 2, "iron": 2}
    assert v["fate_hand"] == s.fate[1]
    assert "hands" not in v and "deck" not in v and "bank" not in v
    text = json.dumps(s.view(None))
    assert "fate_hand" not in text
    assert all(p["cards"] == 8 and p["fate_cards"] == 1 for p in v["players"])


def test_determinize_keeps_counts_and_what_the_seat_saw():
    s = GAME.new_state(3, 4)
    rng = random.Random(2)
    for _ in range(60):
        seat = s.to_act[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    d = s.determinize(0, 99)
    assert d.view(0) == s.view(0)
    assert d.hands[0] == s.hands[0] and d.fate[0] == s.fate[0]
    for seat in (1, 2):
        assert sum(d.hands[seat]) == sum(s.hands[seat])
        assert len(d.fate[seat]) == len(s.fate[seat])
    assert [d.bank[r] + sum(h[r] for h in d.hands) for r in range(4)] == [24] * 4
    assert sorted(d.deck + [c for f in d.fate for c in f]) == \
        sorted(s.deck + [c for f in s.fate for c in f])


def test_bad_json_and_wrong_seat_leave_the_state_untouched():
    s = GAME.new_state(3, 1)
    before = s.full_state()
    with pytest.raises(MalformedAction):
        GAME.action_from_json('{"type": "move", "piece": "x", "to": 1, "card": ""}')
    with pytest.raises(IllegalAction):
        s.apply((s.current + 1) % 3, Roll())
    assert s.full_state() == before


# a word said twice in a row («Исследовать гекс гекс 3»: the template and the place both said
# «гекс»)
DOUBLED = re.compile(r"\b([^\W\d_]{3,}) \1\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_render_and_describe_every_legal_action(lang):
    s = GAME.new_state(5, 2)
    rng = random.Random(5)
    explorations = 0
    for _ in range(300):
        if s.over:
            break
        seat = s.to_act[0]
        actions = s.legal_actions(seat)
        for a in actions:
            label = s.describe_action(a, lang)
            assert label and "iceland." not in label and "{" not in label
            assert not DOUBLED.search(label), label
            explorations += isinstance(a, Explore)
        s.render(seat, lang)
        s.apply(seat, rng.choice(actions))
    assert explorations > 0
    text = s.render(0, lang)
    # the saga's word, Landnám («взятие земли»): «Ланднам» in Russian
    assert ("Ланднам" if lang == "ru" else "Landnám") in text
    for e in s.view(0, lang=lang)["events"]:
        assert "iceland." not in e["text"] and "{" not in e["text"], e


def test_catalogs_have_the_same_keys():
    from importlib import resources
    ru = json.loads((resources.files("settlers.games.iceland") / "messages" / "ru.json")
                    .read_text("utf-8"))
    en = json.loads((resources.files("settlers.games.iceland") / "messages" / "en.json")
                    .read_text("utf-8"))
    assert set(ru) == set(en)
