"""The Thief's log, seat by seat (archipelago.ru.txt L1470-1472, L1128-1129).

«Один из игроков (на ваш выбор) должен зажать в кулаках по одному кубичку ресурсов, взяв их
из-за своей ширмы. Вы выбираете, из какой руки вы возьмёте себе ресурс. Второй кубик
возвращается владельцу» (L1472). The thief takes the cube into its own hand and the victim put
it in its fist: both know it. No line opens the fist to the table (L258 says so of a bid: «каждый
разжимает кулак, демонстрируя остальным свою ставку»), and cubes stay behind the screens (L109,
L139): the others see a fist picked, not what it held. The cube that goes back is seen by its
owner alone. Before, the log named no cube to anyone: the thief's log never said what it took.
"""

from __future__ import annotations

import random

from arch_scenario import card_table, give_card, give_cubes

from settlers.games.archipelago.actions import Pick, ThiefHands, UseCard
from settlers.testing.conformance import check_views

THIEF, VICTIM, OTHER = 0, 1, 2
PUBLIC = "archipelago.event.thief"
TOOK = "archipelago.event.thief_took"
EMPTY = "archipelago.event.thief_empty"


def robbed(left: str, right: str, fist: str, players: int = 3, **cubes: int):
    """Seat 0 uses the Thief on seat 1, whose screen holds ``cubes`` only; seat 1 fills its
    fists with ``left`` and ``right``; seat 0 picks ``fist``."""
    state = card_table(players, 1, empty_screens=True)
    give_card(state, THIEF, "thief")
    give_cubes(state, VICTIM, **cubes)
    state.apply(THIEF, UseCard("thief", (VICTIM,)))
    state.apply(VICTIM, ThiefHands(left, right))
    state.apply(THIEF, Pick(fist))
    return state


def thief_lines(state, seat):
    return [(e["key"], e["params"]) for e in state.view(seat, events_since=0)["events"]
            if e["key"] in (PUBLIC, TOOK, EMPTY)]


def texts(state, seat, lang="en"):
    return [e["text"] for e in state.view(seat, events_since=0, lang=lang)["events"]
            if e["key"] in (PUBLIC, TOOK, EMPTY)]


def test_the_thief_and_the_victim_see_the_cube_taken_the_others_do_not():
    state = robbed("iron", "fish", "right", iron=1, fish=1)
    assert state.cubes[VICTIM] == [0, 0, 0, 0, 0, 1]   # the iron went back
    assert state.cubes[THIEF] == [0, 0, 0, 1, 0, 0]    # the fish is the thief's
    public = (PUBLIC, {"seat": THIEF, "victim": VICTIM})
    took = (TOOK, {"seat": THIEF, "victim": VICTIM, "res": "archipelago.res.fish"})
    assert thief_lines(state, THIEF) == [public, took]
    assert thief_lines(state, VICTIM) == [public, took]
    assert thief_lines(state, OTHER) == [public]
    assert thief_lines(state, None) == [public]
    assert texts(state, THIEF) == ["The Thief: Red picks one of Yellow's fists",
                                   "The Thief: Red takes 1 fish from Yellow"]
    assert texts(state, THIEF, "ru")[1] == "Воровка: Красный забирает 1 рыбу у игрока Жёлтый"
    # the cube that went back is named to nobody (the thief never sees it)
    for seat in (THIEF, VICTIM, OTHER, None):
        assert not any("iron" in text for text in texts(state, seat))
    check_views(state, random.Random(3))


def test_every_seat_but_the_two_sees_only_the_pick():
    state = robbed("wood", "stone", "left", players=5, wood=1, stone=1)
    took = (TOOK, {"seat": THIEF, "victim": VICTIM, "res": "archipelago.res.wood"})
    for seat in range(5):
        assert (took in thief_lines(state, seat)) == (seat in (THIEF, VICTIM))
        assert thief_lines(state, seat)[0] == (PUBLIC, {"seat": THIEF, "victim": VICTIM})
    check_views(state, random.Random(4))


def test_an_empty_fist_is_known_to_the_two_alone():
    """L1129: a victim with one cube puts it in one hand and leaves the other empty; the thief
    picks the empty one and takes nothing — it and the victim see so, the others see a pick."""
    state = robbed("", "fruit", "left", fruit=1)
    assert sum(state.cubes[THIEF]) == 0 and state.cubes[VICTIM] == [1, 0, 0, 0, 0, 0]
    empty = (EMPTY, {"seat": THIEF, "victim": VICTIM})
    assert thief_lines(state, THIEF)[1:] == [empty]
    assert thief_lines(state, VICTIM)[1:] == [empty]
    assert thief_lines(state, OTHER) == [(PUBLIC, {"seat": THIEF, "victim": VICTIM})]
    assert texts(state, THIEF)[1] == ("The Thief: the fist Red picked was empty — nothing taken "
                                      "from Yellow")
    check_views(state, random.Random(5))


def test_the_thiefs_pick_names_whose_fist_in_the_menu() -> None:
    """L1128 «Игрок на ваш выбор зажимает в кулаках по кубику ресурса; вы забираете кубик из
    одной руки»: the thief's two choices read «Выбрать: левый кулак» — whose fist, said nowhere
    in the terminal's menu. They name the victim, in both languages."""
    import random

    from arch_scenario import random_to_step

    import settlers

    st = random_to_step(settlers.load("archipelago").new_state(3, 9, {}), "thief_hands",
                        random.Random(9))
    victim = st.ctx["victim"]
    st.apply(victim, st.legal_actions(victim)[0])
    thief = st.actor
    assert st.step == "thief_pick"
    ru = [st.describe_action(a, "ru") for a in st.legal_actions(thief)]
    en = [st.describe_action(a, "en") for a in st.legal_actions(thief)]
    from settlers.games.archipelago.render import player_name
    name_ru, name_en = player_name(victim, "ru"), player_name(victim, "en")
    assert ru == [f"Выбрать: левый кулак игрока {name_ru}",
                  f"Выбрать: правый кулак игрока {name_ru}"], ru
    assert en == [f"Choose: {name_en}'s left fist", f"Choose: {name_en}'s right fist"], en
