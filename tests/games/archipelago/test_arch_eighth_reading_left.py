"""What the eighth reading of archipelago.ru.txt left (docs/audits/2026-12-06-eighth-
archipelago-rules.md, «Noticed and left», decided in «The three items left», rules
2026-12-06.5): who builds on a strait, the Agriculture minister's distinct outcomes, and card
uses that would change nothing. Each scenario has the legal and the illegal side."""

from __future__ import annotations

import pytest
from arch_scenario import (
    R,
    card_table,
    clear_units,
    give_card,
    give_cubes,
    in_round,
    legal,
    place_inhabitants,
    set_market,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import board, building, cards, render
from settlers.games.archipelago.actions import Build, EndRound, Harvest, UseCard
from settlers.games.archipelago.content import RESOURCES

OWNER, SHIP, REGION, STANDING, ENGAGED, BUILDING, ICON, SHORE = range(8)


def refused(state, seat: int, action) -> None:
    assert action not in legal(state, seat)
    with pytest.raises(IllegalAction):
        state.apply(seat, action)


def uses(state, seat: int = 0) -> set[tuple[str, tuple[int, ...]]]:
    return {(a.card, a.arg) for a in legal(state, seat) if a.kind == "use_card"}


# ---------------------------------------------------------------- who builds on a strait
def strait_round():
    """Seat 0 in a round of turn 1 with no unit on the archipelago, able to pay a town, and a
    strait region ``k`` with sea: (state, k)."""
    for seed in range(200):
        state = in_round(3, seed=seed)
        for k in range(len(state.regions)):
            if board.region_face(state, k).strait and board.has_sea(state, k):
                clear_units(state)
                set_money(state, 0, 10)
                give_cubes(state, 0, wood=3, iron=3, stone=3, fish=3)
                return state, k
    raise AssertionError("no strait region")


def on_shores(state, k: int, *shores: int) -> list[int]:
    units = place_inhabitants(state, 0, k, len(shores))
    for u, shore in zip(units, shores, strict=True):
        state.units[u][SHORE] = shore
    touch(state)
    return units


@pytest.mark.parametrize("by", ["shore0", "shore1"])
def test_with_free_inhabitants_on_both_shores_the_player_names_the_builder(by):
    """L615 «в регионе, в котором есть хотя бы один активный незанятый житель», L625 «Юнит,
    который произвёл действие *Строительство*, помещается на жетон объекта», L723 «Житель не
    может добывать ресурсы, расположенные на противоположном берегу»: which inhabitant builds
    is the player's choice, and on a strait it decides who stays free on which shore. The
    Build action names its shore; the unnamed Build (the engine's pick, the first by index)
    is no longer offered there. Before, only the unnamed Build was."""
    state, k = strait_round()
    first, second = on_shores(state, k, 0, 1)
    menu = legal(state, 0)
    assert Build("town", k, "shore0") in menu and Build("town", k, "shore1") in menu
    refused(state, 0, Build("town", k))
    state.apply(0, Build("town", k, by))
    builder, stays = (first, second) if by == "shore0" else (second, first)
    assert state.units[builder][BUILDING] == "town" and state.units[builder][ENGAGED]
    assert state.units[stays][BUILDING] == "" and not state.units[stays][ENGAGED]
    assert state.units[stays][SHORE] == (1 if by == "shore0" else 0)


def test_on_one_shore_the_menu_is_unchanged():
    """L625: two inhabitants on the same shore of a strait (or in a region without one) are
    alike; the Build names no builder, and a named shore is refused."""
    state, k = strait_round()
    on_shores(state, k, 1, 1)
    assert Build("town", k) in legal(state, 0)
    refused(state, 0, Build("town", k, "shore0"))
    refused(state, 0, Build("town", k, "shore1"))


def test_architecture_names_the_builders_shore_too():
    """L1564 Architecture: «Вы можете произвести действие Строительство без использования
    диска действия» — the same builds, so the same choice of builder (L625)."""
    state, k = strait_round()
    first, second = on_shores(state, k, 0, 1)
    give_card(state, 0, "architecture")
    town = building.KINDS.index("town")
    offered = {a for _c, a in uses(state) if a[:2] == (town, k)}
    by_shore = {(town, k, cards.architecture_code(by)) for by in building.BY_SHORE}
    assert offered == by_shore
    refused(state, 0, UseCard("architecture", (town, k)))
    state.apply(0, UseCard("architecture", (town, k, cards.architecture_code("shore1"))))
    assert state.units[second][BUILDING] == "town" and state.units[first][BUILDING] == ""


def test_the_builders_shore_is_in_the_label():
    """The terminal and the web label a Build by the shore its builder stands on (L721-725:
    by the sides and icons of that shore), never by the raw value."""
    state, k = strait_round()
    on_shores(state, k, 0, 1)
    for lang in ("ru", "en"):
        for shore in (0, 1):
            label = state.describe_action(Build("town", k, f"shore{shore}"), lang)
            assert render.shore_text(state, k, shore, lang) in label and "shore0" not in label
            assert "shore1" not in label


# ---------------------------------------------------------------- the Agriculture minister
def agriculture(fruit_room: int, cattle_room: int, fruit_bank: int = 5, cattle_bank: int = 5):
    """Seat 0 owns the Agriculture minister; the domestic zones of fruit and cattle have room
    for so many cubes, and the bank holds so many."""
    state = card_table()
    give_card(state, 0, "agriculture_minister")
    set_money(state, 0, 5)
    for res, room, bank in (("fruit", fruit_room, fruit_bank), ("cattle", cattle_room, cattle_bank)):
        r = R[res]
        set_market(state, 0, res, state.content.capacity(0, r) - room)
        state.bank_cubes[r] = bank
    touch(state)
    return state


def test_the_agriculture_minister_offers_each_outcome_once():
    """L1484 «Добавьте до двух кубичков скота и/или экзотических фруктов на доску внутреннего
    рынка, взяв их из банка»: a cube goes from the bank into a free slot of its zone. With room
    for one fruit and no cattle, the one outcome is one fruit; two fruit, a cattle cube, or no
    cube (a use that changes nothing, L800, L441) are refused. Before, all six were offered and
    (fruit, fruit) did what (fruit,) did."""
    state = agriculture(fruit_room=1, cattle_room=0)
    f, c = R["fruit"], R["cattle"]
    assert uses(state) == {("agriculture_minister", (f,))}
    for arg in ((), (f, f), (c,), (f, c), (c, c)):
        refused(state, 0, UseCard("agriculture_minister", arg))
    state.apply(0, UseCard("agriculture_minister", (f,)))
    assert state.market[0][f] == state.content.capacity(0, f)


def test_the_agriculture_minister_takes_only_what_the_bank_holds():
    """L1484 «взяв их из банка»: one cattle cube left in the bank, room for two: one cattle, or
    with a fruit; two cattle are refused."""
    state = agriculture(fruit_room=2, cattle_room=2, cattle_bank=1)
    f, c = R["fruit"], R["cattle"]
    assert uses(state) == {("agriculture_minister", a) for a in ((f,), (c,), (f, f), (f, c))}
    refused(state, 0, UseCard("agriculture_minister", (c, c)))
    state.apply(0, UseCard("agriculture_minister", (f, c)))
    assert state.bank_cubes[c] == 0


def test_the_agriculture_minister_with_no_cube_to_add_is_not_offered():
    state = agriculture(fruit_room=0, cattle_room=3, cattle_bank=0)
    assert uses(state) == set()
    refused(state, 0, UseCard("agriculture_minister", ()))


# ---------------------------------------------------------------- card uses that do nothing
def test_the_false_prophet_needs_a_church_of_yours_and_someone_to_move():
    """L1420 «Каждая контролируемая вами церковь позволяет переместить одного вашего жителя»,
    L800 «примените указанный на карте эффект»: with no church of the user's the card moves
    nobody, so it is no use — and a round with a card is no pass (L242-246, L441), so such a
    use would keep the player in phase 5 for nothing (the card costs 0f and no disc). Nor with
    a church but no unit that may migrate. Before, it was offered in both cases."""
    state = card_table()
    give_card(state, 0, "false_prophet")
    staffed(state, 1, 3, "church")                    # another seat's church
    place_inhabitants(state, 0, 1, 1)
    refused(state, 0, UseCard("false_prophet", ()))
    mine = staffed(state, 0, 2, "church")
    state.units[mine][ENGAGED] = True
    for u in state.units:                              # nobody of seat 0 may move
        if u[OWNER] == 0 and u[REGION] >= 0:
            u[ENGAGED] = True
    touch(state)
    refused(state, 0, UseCard("false_prophet", ()))
    place_inhabitants(state, 0, 1, 1)                 # now one may
    assert ("false_prophet", ()) in uses(state)
    state.apply(0, UseCard("false_prophet", ()))
    assert state.step == "migrate"


def test_a_player_whose_only_card_would_do_nothing_passes():
    """L441 «пока все участники не используют свои диски действия или не смогут ничего
    совершить»: every disc used and only the False prophet with no church: the round's end is
    a pass. Before, the card kept the player in."""
    state = card_table()
    give_card(state, 0, "false_prophet")
    place_inhabitants(state, 0, 1, 1)
    state.discs_used[0] = state.discs[0]
    touch(state)
    assert [a for a in legal(state, 0) if a.kind == "use_card"] == []
    state.apply(0, EndRound())
    assert state.passed[0]


def test_a_marker_card_at_the_end_of_its_track_is_not_offered():
    """L844, L848 «Передвиньте маркер ... вверх или вниз на столько делений, сколько иконок
    изображено» (Bishop L1057: the rebellion marker down one; Minister of labour L1424: the
    surplus up or down one): a marker at the end of its track does not move, so a use that
    would only push it there is no use. Before, the Bishop was offered at rebellion 0 and the
    Minister of labour «down» at surplus 0."""
    state = card_table()
    place_inhabitants(state, 0, 1, 3)
    give_card(state, 0, "bishop")
    give_card(state, 0, "labour_minister")
    set_money(state, 0, 5)
    state.rebellion, state.surplus = 0, 0
    touch(state)
    assert uses(state) == {("labour_minister", (1,))}
    refused(state, 0, UseCard("bishop", ()))
    refused(state, 0, UseCard("labour_minister", (0,)))
    state.rebellion = 1
    touch(state)
    state.apply(0, UseCard("bishop", ()))
    assert state.rebellion == 0


def test_a_modifier_is_offered_while_its_action_is_on_the_menu():
    """L806 (the Lumber mill «чтобы удвоить результат» of a wood harvest), L852-854 «×2 Добывая
    ресурс указанного типа, получите вдвое большее количество кубиков»: the card changes this
    round's harvest, so it is offered while that harvest is on the menu — not once the round's
    disc is placed, nor where no wood can be harvested. Before, it was offered after the
    harvest too, changing nothing."""
    state = card_table()
    give_card(state, 0, "lumber_mill")
    set_money(state, 0, 5)
    for k in range(len(state.regions)):
        face = board.region_face(state, k)
        if RESOURCES.index("wood") in face.icons and not face.strait:
            break
    else:
        raise AssertionError("no wood region")
    refused(state, 0, UseCard("lumber_mill", ()))     # no unit: no harvest
    place_inhabitants(state, 0, k, 1)
    assert Harvest("wood") in legal(state, 0)
    assert ("lumber_mill", ()) in uses(state)
    state.apply(0, Harvest("wood"))
    while state.step != "round":                       # the harvest's own steps
        state.apply(0, legal(state, 0)[0])
    assert state.round.get("disc")
    refused(state, 0, UseCard("lumber_mill", ()))


def test_the_spy_is_offered_for_an_objective_not_seen_yet():
    """L1454 «Вы можете посмотреть карту цели любого игрока»: with three players each holds
    one; once seen, looking again shows nothing new."""
    state = card_table()
    give_card(state, 0, "spy")
    set_money(state, 0, 5)
    touch(state)
    assert uses(state) == {("spy", (1,)), ("spy", (2,))}
    state.seen[0] = sorted([*state.seen[0], *state.objectives[1]])
    touch(state)
    assert uses(state) == {("spy", (2,))}
    refused(state, 0, UseCard("spy", (1,)))


def _engage_all(state) -> None:
    for u in state.units:
        if u[OWNER] == 0 and u[REGION] >= 0:
            u[ENGAGED] = True


def _plunder(state) -> None:
    state.regions[1]["plundered"] = list(range(len(board.region_face(state, 1).icons)))


def _strike(state) -> None:
    next(u for u in state.units if u[OWNER] == 0 and u[REGION] == 1)[STANDING] = False


def _no_port(state) -> None:
    for reg in state.regions:
        reg["buildings"].pop("port", None)


#: card -> (its glossary line, the set-up where a use would change nothing, the change that
#: gives it something to do); seat 0 has three free inhabitants in region 1, surplus 7, rebellion
#: 1, 10f, no cube, no explorer token
IDLE = {
    "slavery": (1544, lambda s: None, _engage_all),                       # nobody engaged
    "dictatorship": (1582, lambda s: None, lambda s: _strike(s)),          # nobody lying
    "immigration": (1562, lambda s: setattr(s, "surplus", s.content.labour[-1]["to"]),
                    lambda s: setattr(s, "surplus", 3)),                  # surplus at the top
    "emigration": (1556, _no_port, lambda s: staffed(s, 1, 2, "port")),     # no port in play
    "education": (1576, lambda s: (setattr(s, "surplus", 0), setattr(s, "rebellion", 0)),
                  lambda s: setattr(s, "surplus", 2)),
    "amphitheatre": (1538, lambda s: (setattr(s, "bank_money", 0), setattr(s, "rebellion", 0)),
                     lambda s: setattr(s, "bank_money", 5)),
    "treasurer": (1466, lambda s: setattr(s, "bank_money", 0),
                  lambda s: setattr(s, "bank_money", 5)),                 # the bank pays nothing
    "explorer": (1378, lambda s: s.deck.clear(), lambda s: s.deck.append(0)),   # no card to show
    "trade_minister": (1508, lambda s: [row.__setitem__(r, 0) for row in s.market for r in range(6)],
                       lambda s: s.market[0].__setitem__(R["wood"], 1)),  # no cube to move
    "barbarian": (1478, _plunder, lambda s: s.regions[1].__setitem__("plundered", [])),
    "expansionism": (1536, _engage_all, lambda s: place_inhabitants(s, 0, 1, 1)),
    "admiral": (1502, lambda s: None, lambda s: ship_to(s, 0, 1)),        # no ship to move
    "merchant": (1460, lambda s: None, lambda s: give_cubes(s, 0, wood=1)),   # 1f: nothing to trade
}


@pytest.mark.parametrize("card", sorted(IDLE))
def test_a_card_that_would_change_nothing_is_not_offered(card):
    """L800 «Заплатите цену активации карты, отметьте её использование ... и примените
    указанный на карте эффект», L441: a card whose effect could change nothing now is not
    offered (nor accepted), and is offered once the effect has something to do. Before, each
    was offered in the idle set-up too."""
    line, idle, active = IDLE[card]
    state = card_table(empty_screens=True)
    place_inhabitants(state, 0, 1, 3)
    state.surplus, state.rebellion = 7, 1
    state.tokens = [0] * state.players
    give_card(state, 0, card)
    cost = state.content.cards[state.content.card_index(card)].cost_cubes
    give_cubes(state, 0, **{RESOURCES[r]: n for r, n in enumerate(cost) if n})
    set_money(state, 0, 1 if card == "merchant" else 10)
    idle(state)
    touch(state)
    assert not any(c == card for c, _a in uses(state)), line
    arg = {"treasurer": (1,), "barbarian": (1,), "merchant": (R["wood"],)}.get(card, ())
    refused(state, 0, UseCard(card, arg))
    active(state)
    touch(state)
    assert any(c == card for c, _a in uses(state)), line
