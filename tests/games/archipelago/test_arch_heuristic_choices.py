"""Two choices of the Archipelago heuristic that its ``value`` cannot see (issue 13; rules
2026-12-06.5): who builds on a strait (archipelago.ru.txt L625, L723) and the florins
another player's open card hands its owner (L822)."""

from __future__ import annotations

from arch_scenario import card_table, give_card, give_cubes, place_inhabitants, set_money, touch
from test_arch_eighth_reading_left import on_shores, strait_round

from settlers.games.archipelago import board
from settlers.games.archipelago.actions import Build, EndRound, Harvest, UseCard
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.heuristic import make_bot


# ---------------------------------------------------------------- the builder's shore
def test_on_a_strait_the_builder_is_the_inhabitant_with_nothing_to_work():
    """L723: an inhabitant works only the icons of its own shore; L625: the builder
    enters the building. With one free inhabitant on each shore and a free land icon on one
    shore only, the inhabitant of the other shore builds, and the one left free can still
    harvest. Before: ``value`` scored both builders alike and the first listed (shore 0)
    built, leaving the inhabitant of shore 1 with no icon to work."""
    state, k = strait_round()
    face = board.region_face(state, k)
    land = [j for j, icon in enumerate(face.icons) if RESOURCES[icon] != "fish"]
    worked_shore = face.icon_shores[land[0]]
    # the land icons of the other shore are plundered: only ``worked_shore`` has one
    state.regions[k]["plundered"] += [j for j in land if face.icon_shores[j] != worked_shore]
    on_shores(state, k, 0, 1)
    towns = [a for a in state.legal_actions(0) if isinstance(a, Build) and a.what == "town"
             and a.region == k]
    assert {a.by for a in towns} == {"shore0", "shore1"}
    choice = make_bot().best(state, 0, towns)
    assert choice == Build("town", k, f"shore{1 - worked_shore}")
    state.apply(0, choice)
    # the inhabitant left free works an icon of its shore (a harvest of that resource is on
    # the menu of a later round, its disc allowing)
    resource = RESOURCES[face.icons[land[0]]]
    state.round["disc"] = False
    touch(state)
    assert Harvest(resource) in state.legal_actions(0)


# ---------------------------------------------------------------- another player's card
def exporter_table(fruit: int):
    """Seat 0 to play a round with no disc left, ten florins, ``fruit`` fruit cubes and
    nothing else; seat 1 owns the Exporter (open to anyone at its price + 1f paid to its
    owner, L822, L1496). The trend ranks by ships, seat 0's objective by churches."""
    state = card_table(3, seed=1, empty_screens=True)
    c = state.content
    k = next(k for k in range(len(state.regions)) if board.has_land(state, k))
    place_inhabitants(state, 0, k, 1)
    state.tokens[0] = 0
    give_card(state, 1, "exporter")
    set_money(state, 0, 10)
    give_cubes(state, 0, fruit=fruit)
    state.objectives[0] = [next(i for i, o in enumerate(c.objectives)
                                if o["criterion"] == "churches_controlled")]
    state.trends = [next(i for i, t in enumerate(c.trends) if t["criterion"] == "ships")]
    state.discs_used[0] = state.discs[0]
    touch(state)
    return state


def test_a_card_of_another_player_is_not_used_for_less_than_the_fee_it_hands_over():
    """L822: 2f to seat 1 to sell two fruit abroad gains seat 0 less than what the 2f are
    worth to seat 1; the seat ends the round instead. Before: only its own florins leaving
    were counted, and it paid seat 1."""
    state = exporter_table(fruit=2)
    assert UseCard("exporter", (0,)) in state.legal_actions(0)
    assert make_bot().act(state, 0) == EndRound()


def test_a_card_of_another_player_is_still_used_when_it_gains_more_than_the_fee():
    state = exporter_table(fruit=3)
    assert make_bot().act(state, 0) == UseCard("exporter", (0,))
