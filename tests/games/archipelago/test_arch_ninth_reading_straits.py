"""The ninth reading of archipelago.ru.txt (2026-12-06, docs/audits/2026-12-06-ninth-
archipelago-rules.md): the three strait items the eighth reading left — the shore a building
token lies on, the shore of a unit leaving or entering a building, and a strait region passed
in the middle of a convoy chain. Each scenario has the legal and the illegal side.

The layouts are laid by hand (``strait_layout``): a strait region ``M`` (hex 2, side 1,
«fssfss», not turned) far from the start region, with its two shores as the content gives
them — shore 0: its side E (land) and SE, SW (sea); shore 1: its side W (land) and NW, NE
(sea); icons fish and cattle on shore 0, fruit on shore 1 — and single-shore regions around it.
"""

from __future__ import annotations

import pytest
from arch_scenario import (
    clear_units,
    give_card,
    give_cubes,
    in_round,
    place_inhabitants,
    set_money,
    ship_to,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import board, invariants, pieces
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import (
    Build,
    ChooseShores,
    Done,
    EndRound,
    Harvest,
    Migrate,
    MoveUnit,
    UseCard,
)
from settlers.games.archipelago.building import KINDS
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.protocol import ArchipelagoGame

M_CELL = (4, 0)
#: where a neighbour of M lies (axial offset) and the side of M it touches: E is land on shore
#: 0, W land on shore 1, SE sea on shore 0, NW sea on shore 1
E, W, SE, NW = (1, 0), (-1, 0), (0, 1), (0, -1)
#: a one-shore face «fsssss» (hex 0, side 0) turned so that its land faces M (E, W) or away
#: from it (SE, NW): (rot) for each place, so every shared side joins like to like (L121)
_ROT = {E: 3, W: 0, SE: 0, NW: 0}


def strait_layout(*around: tuple[int, int]) -> tuple[ArchipelagoGame, int, dict]:
    """Seat 0 in a round of turn 1, no unit on the archipelago, the archipelago laid again as
    the start region, ``M`` and one region at each place of ``around``: (state, M, {place:
    region})."""
    state = in_round(3, seed=0)
    clear_units(state)
    start = state.regions[0]
    state.regions = [start]
    state.grid = {(start["q"], start["r"]): 0}

    def lay(h: int, side: int, q: int, r: int, rot: int) -> int:
        k = len(state.regions)
        state.regions.append({"hex": h, "side": side, "q": q, "r": r, "rot": rot,
                              "buildings": {}, "plundered": []})
        state.grid[(q, r)] = k
        return k

    m = lay(2, 1, *M_CELL, 0)
    placed = {d: lay(0, 0, M_CELL[0] + d[0], M_CELL[1] + d[1], _ROT[d]) for d in around}
    touch(state)
    assert board.region_face(state, m).strait
    for d, k in placed.items():   # the sides as the docstring says
        side_shore = board.shore_towards(state, m, k)
        assert side_shore == (0 if d in (E, SE) else 1)
        assert board.land_link(state, m, k) == (d in (E, W)) == board.land_link(state, k, m)
    return state, m, placed


def refused(state: ArchipelagoGame, seat: int, action) -> None:
    assert action not in state.legal_actions(seat)
    with pytest.raises(IllegalAction):
        state.apply(seat, action)


def next_round(state: ArchipelagoGame) -> None:
    """Seat 0 plays on in a fresh round (its units free again: a new turn's liberation)."""
    for u in state.units:
        u[U.ENGAGED] = False
    for recs in state.owned:   # the cards upright again (L252)
        for rec in recs:
            rec[1] = 0
    state.step, state.actor, state.ctx = "round", 0, {}
    state.round = {"seat": 0}
    state.discs_used[0] = 0
    state.wheel_discs = []
    state.wheel = {}
    state.reproduced[0] = False
    touch(state)


def afford(state: ArchipelagoGame, kind: str) -> None:
    """Seat 0 holds the price of ``kind`` (L613), and 5f more."""
    florins, cubes = state.content.costs[kind]
    set_money(state, 0, florins + 5)
    give_cubes(state, 0, **{res: n for res, n in zip(RESOURCES, cubes, strict=True) if n})


def build_market(state: ArchipelagoGame, m: int, by: str = "") -> None:
    afford(state, "market")
    state.apply(0, Build("market", m, by) if by else Build("market", m))


# ---------------------------------------------------------------- 1. the building's shore
@pytest.mark.parametrize("shore", [0, 1])
def test_a_building_lies_on_its_builders_shore(shore):
    """L621 «Жетоны города, собора и рынка кладутся на участки суши»; L625 «Юнит, который
    произвёл действие Строительство, помещается на жетон объекта»; L723 «Город контролирует
    ресурсы и незанятые объекты на обоих берегах» (the objects lie on a shore): the builder
    steps onto the token without crossing the strait, so the token lies on its shore.
    Before, no building had a shore."""
    state, m, _ = strait_layout()
    a, b = place_inhabitants(state, 0, m, 2)
    state.units[a][U.SHORE], state.units[b][U.SHORE] = 0, 1
    touch(state)
    build_market(state, m, f"shore{shore}")
    builder = a if shore == 0 else b
    assert state.units[builder][U.BUILDING] == "market"
    assert state.units[builder][U.SHORE] == shore
    laid = state.regions[m]["buildings"]["market"]
    assert type(laid) is int and laid == shore             # (before, True: no shore)
    assert pieces.building_shore(state, m, "market") == shore
    assert not invariants.problems(state)


def test_an_empty_building_across_the_strait_needs_a_ship_there():
    """L583 «Жители … не могут пересекать море, если только их не перевезут корабли этого
    игрока», L591 «или в морском проливе, разделяющем две области суши одного региона», L600
    «Морской конвой через пролив в тот же регион»: the builder of a market on shore 1 leaves
    it; an inhabitant of the player on shore 0 may enter the empty market only in a convoy
    across the strait, and stands then on shore 1, where it harvests fruit and no cattle
    (L723). Before, it entered from either shore and kept shore 0."""
    state, m, placed = strait_layout(W)
    builder, other = place_inhabitants(state, 0, m, 2)
    state.units[builder][U.SHORE], state.units[other][U.SHORE] = 1, 0
    touch(state)
    build_market(state, m, "shore1")
    state.apply(0, EndRound())
    next_round(state)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(builder, placed[W], ""))      # the builder walks out (shore 1)
    refused(state, 0, MoveUnit(other, m, "market"))        # across the strait, no ship
    state.apply(0, Done())
    ship = ship_to(state, 0, m)
    next_round(state)
    state.apply(0, Migrate())
    assert MoveUnit(other, m, "market") in state.legal_actions(0)
    state.apply(0, MoveUnit(other, m, "market"))
    assert state.units[other][U.BUILDING] == "market" and state.units[other][U.SHORE] == 1
    state.apply(0, Done())
    assert not invariants.problems(state)
    state.units[ship][U.REGION] = U.BOX                    # the ship would fish on any shore
    next_round(state)
    menu = state.legal_actions(0)
    assert Harvest("fruit") in menu                        # shore 1's icon
    assert Harvest("cattle") not in menu                   # shore 0's icon


# ---------------------------------------------------------------- 3. entering a building
def test_a_unit_enters_a_building_of_a_strait_region_on_its_shore():
    """L583 «Каждый юнит может переместиться … в незанятое здание … в соседнем регионе»; L591:
    an inhabitant carried by its ship across the sea border on shore 1 (NW) enters the market
    lying on shore 1 and stands there (before, on shore 0: L723, it harvested cattle, not
    fruit); one walking in over the land border of shore 0 (E) would have to cross the
    strait, which needs a ship of its owner in M (before, it entered)."""
    state, m, placed = strait_layout(E, NW)
    state.regions[m]["buildings"]["market"] = 1
    walker = place_inhabitants(state, 0, placed[E], 1)[0]
    sailor = place_inhabitants(state, 0, placed[NW], 1)[0]
    ship_to(state, 0, placed[NW])
    state.apply(0, Migrate())
    menu = state.legal_actions(0)
    assert MoveUnit(walker, m, "") in menu                 # onto shore 0, outside
    assert MoveUnit(walker, m, "market") not in menu
    state.apply(0, MoveUnit(sailor, m, "market"))
    assert state.units[sailor][U.SHORE] == 1
    refused(state, 0, MoveUnit(walker, m, "market"))
    state.apply(0, Done())
    assert not invariants.problems(state)
    next_round(state)
    menu = state.legal_actions(0)
    assert Harvest("fruit") in menu and Harvest("cattle") not in menu


def test_a_walk_in_enters_a_building_on_the_shore_of_its_border():
    """L583: with a ship of its owner in M, the walker from E (shore 0) may go on across the
    strait into the shore-1 market (L591 «или в морском проливе»); without, the market on its
    own shore 0 is open to it."""
    state, m, placed = strait_layout(E)
    state.regions[m]["buildings"]["market"] = 1
    state.regions[m]["buildings"]["church"] = 0
    walker = place_inhabitants(state, 0, placed[E], 1)[0]
    state.apply(0, Migrate())
    menu = state.legal_actions(0)
    assert MoveUnit(walker, m, "church") in menu and MoveUnit(walker, m, "market") not in menu
    state.apply(0, Done())
    ship_to(state, 0, m)
    next_round(state)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(walker, m, "market"))
    assert state.units[walker][U.SHORE] == 1
    assert not invariants.problems(state)


# ---------------------------------------------------------------- 1. leaving a building
def test_a_unit_leaves_a_building_from_its_shore():
    """L583 «Каждый юнит может переместиться в соседний регион»: a unit in the market of
    shore 1, which it entered by a convoy (NW), walks out over the land border of shore 1 (W)
    and not over that of shore 0 (E) without a ship of its owner in M. Before, it had entered
    on shore 0 and left from there: E, not W."""
    state, m, placed = strait_layout(E, W, NW)
    state.regions[m]["buildings"]["market"] = 1
    u = place_inhabitants(state, 0, placed[NW], 1)[0]
    ship = ship_to(state, 0, placed[NW])
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, m, "market"))
    state.apply(0, Done())
    state.units[ship][U.REGION] = U.BOX
    next_round(state)
    state.apply(0, Migrate())
    menu = state.legal_actions(0)
    assert MoveUnit(u, placed[W], "") in menu
    refused(state, 0, MoveUnit(u, placed[E], ""))
    state.apply(0, MoveUnit(u, placed[W], ""))
    assert state.units[u][U.REGION] == placed[W] and not state.units[u][U.BUILDING]


# ---------------------------------------------------------------- a port laid by a ship
@pytest.mark.parametrize("shore", [0, 1])
def test_a_port_built_by_a_ship_on_a_strait_lies_at_the_shore_the_player_chooses(shore):
    """L621 «Жетон порта кладётся на воду, касаясь береговой линии»; L647 «Активный незанятый
    житель или корабль могут построить порт»; L723 «Корабль может вербовать рабочих на любом
    из берегов»: the ship sails all the water of M, so the player lays the port at either
    coastline, and an inhabitant then reaches the port from that shore alone."""
    state, m, placed = strait_layout(E, W)
    ship = ship_to(state, 0, m)
    afford(state, "port")
    state.apply(0, Build("port", m))
    assert state.step == "choose_shores"
    assert state.legal_actions(0) == [ChooseShores((0,)), ChooseShores((1,))]
    label = state.describe_action(ChooseShores((shore,)), "en")
    assert label.startswith(f"Lay the port of region {m} at the shore: shore {shore + 1}")
    assert state.describe_action(ChooseShores((shore,)), "ru").startswith("Положить порт")
    refused(state, 0, EndRound())                         # the shore first
    state.apply(0, ChooseShores((shore,)))
    assert state.step == "round"
    assert pieces.building_shore(state, m, "port") == shore
    assert state.events[-1].key == "archipelago.event.port_shore"
    state.apply(0, EndRound())
    near, far = (placed[E], placed[W]) if shore == 0 else (placed[W], placed[E])
    a = place_inhabitants(state, 0, near, 1)[0]
    b = place_inhabitants(state, 0, far, 1)[0]
    state.units[ship][U.REGION] = U.BOX                    # no ship in M to cross the strait
    state.units[ship][U.BUILDING] = ""
    next_round(state)
    state.apply(0, Migrate())
    refused(state, 0, MoveUnit(b, m, "port"))
    state.apply(0, MoveUnit(a, m, "port"))
    assert state.units[a][U.SHORE] == shore


def test_a_port_built_by_an_inhabitant_lies_on_its_shore_with_no_choice():
    """L621, L625: an inhabitant builds the port from its own shore; nothing to choose."""
    state, m, _ = strait_layout()
    u = place_inhabitants(state, 0, m, 1)[0]
    state.units[u][U.SHORE] = 1
    afford(state, "port")
    state.apply(0, Build("port", m))
    assert state.step == "round"
    laid = state.regions[m]["buildings"]["port"]
    assert type(laid) is int and laid == 1                 # (before, True: no shore)
    assert pieces.building_shore(state, m, "port") == 1


# ---------------------------------------------------------------- 2. the middle of a chain
def test_a_convoy_chain_crosses_a_strait_in_its_middle_only_with_a_ship_there():
    """L591 «… или в морском проливе, разделяющем две области суши одного региона», L593
    «Пересаживаясь с одного корабля на другой, житель может быть доставлен через несколько
    регионов за одно действие Миграция»: from NW, the ship there carries the inhabitant to
    M's shore 1; the ship in SE touches M's border on shore 0. To change ships, the inhabitant
    has to cross the strait, so it needs its owner's ship in M too. Before, the chain went
    through M with no ship there."""
    state, m, placed = strait_layout(NW, SE)
    u = place_inhabitants(state, 0, placed[NW], 1)[0]
    ship_to(state, 0, placed[NW])
    ship_to(state, 0, placed[SE])
    state.apply(0, Migrate())
    assert MoveUnit(u, m, "") in state.legal_actions(0)   # to M, on shore 1
    refused(state, 0, MoveUnit(u, placed[SE], ""))
    state.apply(0, Done())
    ship_to(state, 0, m)
    next_round(state)
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, placed[SE], ""))
    assert state.units[u][U.REGION] == placed[SE]
    state.apply(0, Done())
    assert not invariants.problems(state)


def test_with_roads_a_walk_through_a_strait_region_keeps_to_one_shore():
    """L1528 «Во время действия Миграция жители могут перемещаться на один регион дальше»,
    L583 «Жители должны двигаться по суше и не могут пересекать море, если только их не
    перевезут корабли»: with Roads, an inhabitant walks W → M → E only across M's strait, so
    with a ship of its owner in M; one region on (M, on shore 1) it walks. Before, the two land
    steps went through the strait."""
    state, m, placed = strait_layout(W, E)
    u = place_inhabitants(state, 0, placed[W], 1)[0]
    give_card(state, 0, "roads")
    set_money(state, 0, 20)
    state.apply(0, UseCard("roads", ()))
    state.apply(0, Migrate())
    assert MoveUnit(u, m, "") in state.legal_actions(0)
    refused(state, 0, MoveUnit(u, placed[E], ""))
    state.apply(0, Done())
    ship_to(state, 0, m)
    next_round(state)
    state.apply(0, UseCard("roads", ()))
    state.apply(0, Migrate())
    state.apply(0, MoveUnit(u, placed[E], ""))
    assert state.units[u][U.REGION] == placed[E]


def test_the_table_shows_the_shore_of_a_building_on_a_strait():
    """L621, L723: the players see where an empty building lies — the view gives each strait
    region's building shores and the text table names them."""
    state, m, placed = strait_layout(E)
    state.regions[m]["buildings"]["market"] = 1
    state.regions[placed[E]]["buildings"]["church"] = True
    touch(state)
    view = state.view(0)
    regions = {r["index"]: r for r in view["state"]["regions"]}
    assert regions[m]["building_shores"] == {"market": 1}
    assert regions[placed[E]]["building_shores"] == {}
    assert "market(-, shore 2)" in state.render(0, "en")
    assert "church(-)" in state.render(0, "en")


def test_architecture_builds_a_ships_port_on_a_strait_and_the_player_lays_it():
    """L1564 (Architecture: a building without a disc) with L621, L647: the port its ship
    builds is laid at the coastline the player chooses, and the round goes on."""
    state, m, _ = strait_layout()
    ship_to(state, 0, m)
    give_card(state, 0, "architecture")
    afford(state, "port")
    use = UseCard("architecture", (KINDS.index("port"), m))
    assert use in state.legal_actions(0)
    state.apply(0, use)
    assert state.step == "choose_shores"
    assert state.legal_actions(0) == [ChooseShores((0,)), ChooseShores((1,))]
    state.apply(0, ChooseShores((1,)))
    assert state.step == "round" and pieces.building_shore(state, m, "port") == 1
    assert EndRound() in state.legal_actions(0)
