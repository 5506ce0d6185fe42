"""Every objective card (archipelago.ru.txt L1131-1410): its end condition at and just below the
threshold the text prints for two and three players (and «и т.д.» beyond), the game ending
only once the active player finished the round (L896-898); and its ranking criterion placed
and scored as L920-950 say (3/2/1, ties share a rank, the next rank follows, the unranked get
nothing), the trend cards' 4/3/2 (L958-972), the Pacifist and the Separatist (L904-950), the
money that breaks a tie on points (L980) and the two-player game (L1010-1020)."""

from __future__ import annotations

import pytest
from arch_scenario import (
    R,
    after_turn_zero,
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

from settlers.games.archipelago import flow, objectives, scoring
from settlers.games.archipelago.actions import Build, BuyCard, EndRound
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import BOX, REGION

# ---------------------------------------------------------------- helpers


def objective(state, card_id):
    return next(i for i, o in enumerate(state.content.objectives) if o["id"] == card_id)


def trend(state, trend_id):
    return next(i for i, t in enumerate(state.content.trends) if t["id"] == trend_id)


def add_region(state, hex_=0, side=0):
    """A region off the real map (its own grid cell): only what it holds matters here."""
    k = len(state.regions)
    state.regions.append({"hex": hex_, "side": side, "q": 40 + k, "r": 40, "rot": 0,
                          "buildings": {}, "plundered": []})
    state.grid[(40 + k, 40)] = k
    touch(state)
    return k


def cards_of(state, kind):
    return [c.id for c in state.content.cards if c.type == kind]


def hold(state, seat, card_id):
    """``seat`` holds ``card_id`` alone; nobody else holds an objective that could end it."""
    state.objectives = [[] for _ in range(state.players)]
    state.objectives[seat] = [objective(state, card_id)]
    touch(state)


# ---------------------------------------------------------------- end conditions
BUILT = {"towns": "town", "churches": "church", "markets": "market", "ports": "port"}
CARD_KIND = {"progress_in_game": ("progress",), "characters_in_game": ("character",),
             "cards_in_game": ("progress", "character")}


def set_count(state, kind, n):
    """Make the quantity the end condition ``kind`` counts exactly ``n``."""
    if kind in BUILT:
        building = BUILT[kind]
        for reg in state.regions:
            reg["buildings"].pop(building, None)
        for _ in range(n):
            state.regions[add_region(state)]["buildings"][building] = True
    elif kind in CARD_KIND:
        for seat in state.owned:
            seat.clear()
        pool = [cid for t in CARD_KIND[kind] for cid in cards_of(state, t)]
        pool = pool[::2] + pool[1::2]   # both types mixed for cards_in_game
        for i in range(n):
            give_card(state, i % state.players, pool[i])
    elif kind == "ships":
        for u in state.units:
            if u[1]:
                u[REGION] = BOX
        for i in range(n):
            ship_to(state, i % state.players, 0)
    elif kind == "population":
        state.population = n
    elif kind == "surplus_above":
        state.surplus = n
    elif kind == "bank_resources_empty":   # n resources of the bank empty, the rest not
        for r in range(len(RESOURCES)):
            give_cubes(state, 0, **{RESOURCES[r]: state.bank_cubes[r] - (0 if r < n else 1)})
    elif kind == "piles_empty":
        state.piles = [0 if i < n else max(p, 1) for i, p in enumerate(state.piles)]
    elif kind == "bank_money_empty":   # n florins left in the bank
        set_money(state, 0, state.money[0] + state.bank_money - n)
    else:
        raise ValueError(kind)
    touch(state)


#: (card, players) -> (the count that does not end the game, the count that does), read from
#: the card lists: «N …, если играют двое, N' — если трое, и т.д.»
ENDS = {
    # towns L1134-1135, L1266-1267, L1331-1332
    ("l1", 2): (4, 5), ("l1", 3): (5, 6), ("l1", 5): (7, 8),
    ("s7", 2): (2, 3), ("s7", 3): (3, 4),
    ("m5", 2): (3, 4), ("m5", 3): (4, 5),
    # ports L1150-1151, L1272-1273, L1347-1348
    ("l2", 2): (4, 5), ("l2", 3): (5, 6),
    ("s8", 2): (2, 3), ("s8", 3): (3, 4),
    ("m7", 2): (3, 4), ("m7", 4): (5, 6),
    # markets L1159-1160, L1260-1261, L1315-1316
    ("l3", 2): (4, 5), ("l3", 3): (5, 6),
    ("s6", 2): (2, 3), ("s6", 3): (3, 4),
    ("m3", 2): (3, 4), ("m3", 3): (4, 5),
    # churches L1181-1182, L1244-1245, L1323-1324
    ("l6", 2): (4, 5), ("l6", 3): (5, 6),
    ("s4", 2): (1, 2), ("s4", 3): (2, 3),
    ("m4", 2): (3, 4), ("m4", 3): (4, 5),
    # ships L1195-1196
    ("l8", 2): (5, 6), ("l8", 3): (7, 8), ("l8", 4): (9, 10),
    # characters and progress cards in play L1173-1174
    ("l5", 2): (11, 12), ("l5", 3): (15, 16), ("l5", 4): (19, 20),
    # progress cards in play L1230-1231, L1355-1356
    ("s2", 2): (3, 4), ("s2", 3): (4, 5),
    ("m8", 2): (4, 5), ("m8", 3): (7, 8), ("m8", 4): (10, 11),
    # characters in play L1252-1253, L1300-1301
    ("s5", 2): (3, 4), ("s5", 3): (4, 5),
    ("m1", 2): (4, 5), ("m1", 3): (7, 8), ("m1", 4): (10, 11),
    # population marker «достигает или превышает» L1339-1340, L1282
    ("m6", 2): (19, 20), ("m6", 3): (26, 27),
    ("s9", 3): (21, 22),
    # labour surplus «выше 21» L1202: 21 does not end the game, 22 does, whatever the players
    ("l9", 3): (21, 22), ("l9", 5): (21, 22),
    # bank resources «любых 2 / 3 ресурсов» L1218, L1188, L1362: empty zones of the bank
    ("s1", 2): (1, 2), ("s1", 4): (1, 2),
    ("l7", 2): (2, 3), ("l7", 3): (2, 3), ("m9", 3): (2, 3),
    # explorer-token piles «2 стопки» L1237, «все 3 стопки» L1166, L1289, L1308
    ("s3", 2): (1, 2), ("s3", 3): (1, 2),
    ("m2", 2): (2, 3), ("l4", 3): (2, 3), ("s10", 3): (2, 3),
}
#: the bank's florins (L1208, L1368): 1f left does not end the game, 0 does
ENDS.update({("m10", 3): (1, 0), ("l10", 4): (1, 0)})


@pytest.mark.parametrize(("card_id", "players"), sorted(ENDS))
def test_end_condition_ends_the_game_after_the_round_at_its_threshold(card_id, players):
    """L896-898: «Игра заканчивается, как только активный игрок доиграет свой раунд»; the
    numbers of the card lists L1131-1370 (ENDS)
    """
    below, at = ENDS[(card_id, players)]
    state = in_round(players, seed=1, seat=0)
    hold(state, 1, card_id)
    kind = state.content.objectives[objective(state, card_id)]["end"]["kind"]
    set_count(state, kind, below)
    assert not objectives.end_met(state, objective(state, card_id))
    state.apply(0, EndRound())                 # seat 0's round ends, one short of the end
    assert not state.over and state.phase == "actions" and state.actor == 1
    set_count(state, kind, at)                 # met during seat 1's round ...
    assert objectives.end_met(state, objective(state, card_id))
    assert objectives.check_end(state) == 1
    assert not state.over                      # ... the round goes on
    state.apply(1, EndRound())
    assert state.over and state.ended_by == "objective" and state.ender == 1
    assert state.winners()                     # L910: everybody won, a main winner named


def test_a_condition_met_and_undone_inside_a_round_does_not_end_the_game():
    """L898 read as a test at the round's end (the game's README, «End condition»): the bank
    runs out of money during seat 1's round (m10, L1368) and gets a florin back before the
    round ends — the game goes on; had the bank stayed empty, it would have ended."""
    state = in_round(3, seed=1, seat=0)
    hold(state, 1, "m10")
    state.apply(0, EndRound())
    set_count(state, "bank_money_empty", 0)
    assert objectives.check_end(state) == 1
    set_count(state, "bank_money_empty", 1)      # paid back inside the same round
    state.apply(1, EndRound())
    assert not state.over and state.actor == 2


def test_the_population_end_that_needs_22_at_three_does_not_play_with_two():
    """L1281-1283: «22 жителя, если играют трое … (не используется в игре вдвоём)»"""
    state = in_round(2, seed=1)
    card = objective(state, "s9")
    assert objectives.end_of(state, card) == ("population", -1)
    state.population = 40
    assert not objectives.end_met(state, card)
    state3 = in_round(3, seed=1)
    state3.population = 22
    assert objectives.end_met(state3, card)


def test_the_threshold_grows_with_each_player_as_the_text_counts():
    """«5 городов, если играют двое, 6 — если трое, и т.д.» (L1134-1135), «6 кораблей … 8 …»
    (L1195-1196), «12 карт … 16 …» (L1173-1174), «20 жителей … 27 …» (L1339-1340); the
    counts beyond three players extrapolate «и т.д.» linearly (content-facts T11)
    """
    expected = {"l1": (5, 6, 7, 8), "l8": (6, 8, 10, 12), "l5": (12, 16, 20, 24),
                "m6": (20, 27, 34, 41), "m1": (5, 8, 11, 14), "s4": (2, 3, 4, 5),
                "s9": (-1, 22, 29, 36), "l9": (21, 21, 21, 21)}
    for players in (2, 3, 4, 5):
        state = after_turn_zero(players, seed=4)
        for card_id, needs in expected.items():
            assert objectives.end_of(state, objective(state, card_id))[1] == needs[players - 2]


def test_either_of_a_two_player_hand_ends_the_game():
    """L1013: each player holds two objectives; L175: the game ends when the condition of «любого
    из игроков» card holds
    """
    state = in_round(2, seed=1, seat=0)
    state.objectives = [[objective(state, "l8")], [objective(state, "l1"), objective(state, "l6")]]
    set_count(state, "churches", 5)            # the second card of seat 1 (5 churches at 2)
    set_count(state, "towns", 4)               # its first card is one town short
    state.apply(0, EndRound())
    assert state.over and state.ender == 1


def test_building_the_last_church_ends_the_game_once_the_builder_ends_the_round():
    """L896-898 through play: seat 0 builds the third church (3 at 3 players, L1245) held on
    seat 2's card; the game goes on until seat 0 ends the round
    """
    state = in_round(3, seed=1, seat=0)
    clear_units(state)
    hold(state, 2, "s4")
    set_count(state, "churches", 2)
    place_inhabitants(state, 0, 1, 2)
    give_cubes(state, 0, stone=2)
    set_money(state, 0, 5)
    assert Build("church", 1) in legal(state)
    state.apply(0, Build("church", 1))
    assert not state.over and state.actor == 0
    state.apply(0, EndRound())
    assert state.over and state.ended_by == "objective" and state.ender == 2


@pytest.mark.parametrize(("before", "ends"), [(3, False), (4, True)])
def test_a_purchase_in_phase_six_that_meets_the_end_ends_the_game(before, ends):
    """L175: the game ends when the condition holds; phase 6 has no rounds, the engine ends it
    after the purchase (README, «End condition»). 5 characters at 3 players (L1253)
    """
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    hold(state, 1, "s5")
    set_count(state, "characters_in_game", before)
    flow.start_buy(state)
    owned = {rec[0] for s in state.owned for rec in s}
    index = next(state.content.card_index(cid) for cid in cards_of(state, "character")
                 if state.content.card_index(cid) not in owned)
    for pile in (state.deck, state.card_discard):
        if index in pile:
            pile.remove(index)
    for slot in state.track:
        if slot[0] == index:
            slot[0], slot[1] = -1, 0
    if state.track[0][0] >= 0:
        state.deck.insert(0, state.track[0][0])
    state.track[0] = [index, 0]
    set_money(state, 0, 20)
    touch(state)
    state.apply(0, BuyCard(0, 1))
    assert index in [rec[0] for rec in state.owned[0]]
    if ends:
        assert state.over and state.ended_by == "objective" and state.ender == 1
    else:
        assert not state.over and state.phase == "buy" and state.actor == 1


# ---------------------------------------------------------------- ranking criteria
def bare(players=5, seed=2):
    """After turn 0 with nothing that any criterion counts: no unit on the map, no building,
    no evolution card, cubes, florins, explorer tokens or Philanthropist florins on a screen,
    and every iron and fish cube in the bank."""
    state = after_turn_zero(players, seed)
    clear_units(state)
    for reg in state.regions:
        reg["buildings"].clear()
    for s in range(players):
        state.owned[s] = []
        for r in range(len(RESOURCES)):
            state.bank_cubes[r] += state.cubes[s][r]
        state.cubes[s] = [0] * len(RESOURCES)
        set_money(state, s, 0)
        state.tokens[s] = 0
        state.phil[s] = 0
    for market in (0, 1):
        for res in RESOURCES:
            set_market(state, market, res, 0)
    state.objectives = [[] for _ in range(players)]
    state.trends = []
    state.rebellion = 0
    touch(state)
    return state


def one_icon_face(state, res):
    """A (hex, side) whose face shows exactly one icon of ``res``."""
    r = R[res]
    return next((h, s) for h, faces in enumerate(state.content.hexes)
                for s, face in enumerate(faces) if face.icons.count(r) == 1)


def give(state, seat, criterion, v):
    """Give ``seat`` exactly ``v`` of what ``criterion`` counts, through the pieces the
    rulebook names (cubes, coins, tokens, buildings with a controlling inhabitant, cards,
    towns on faces with the icon, ships, inhabitants)."""
    if v == 0:
        return
    if criterion.endswith("_cubes"):
        give_cubes(state, seat, **{criterion[:-6]: v})
    elif criterion == "money":
        set_money(state, seat, v)
    elif criterion == "explorer_tokens":
        state.tokens[seat] = v
    elif criterion == "philanthropist":
        state.phil[seat] = v
    elif criterion.endswith("_icons_towns"):
        hex_, side = one_icon_face(state, criterion[: -len("_icons_towns")])
        for _ in range(v):
            staffed(state, seat, add_region(state, hex_, side), "town")
    elif criterion == "ports_markets_controlled":
        staffed(state, seat, add_region(state), "market")
        for _ in range(v - 1):
            staffed(state, seat, add_region(state), "port")
    elif criterion.endswith("_controlled") and criterion.split("_")[0] in (
            "towns", "churches", "markets", "ports"):
        building = criterion.split("_")[0][:-1].replace("churche", "church")
        for _ in range(v):
            staffed(state, seat, add_region(state), building)
    elif criterion in ("characters_controlled", "progress_controlled", "cards_controlled"):
        kinds = {"characters_controlled": ("character",), "progress_controlled": ("progress",),
                 "cards_controlled": ("character", "progress")}[criterion]
        owned = {rec[0] for s in state.owned for rec in s}
        pool = [cid for t in kinds for cid in cards_of(state, t)   # (no medal: no VP)
                if state.content.card_index(cid) not in owned
                and not state.content.cards[state.content.card_index(cid)].vp]
        pool = pool[::2] + pool[1::2]
        for cid in pool[:v]:
            give_card(state, seat, cid)
    elif criterion == "ships":
        for _ in range(v):
            ship_to(state, seat, 0)
    elif criterion == "inhabitants":
        for _ in range(v):
            place_inhabitants(state, seat, add_region(state), 1)
    else:
        raise ValueError(criterion)
    touch(state)


#: five players' counts and the ranks they earn (L944): a tie for the first place, the
#: next count second (not third), the smallest third, nobody for nothing
TIED = (1, 3, 3, 0, 2)
TIED_RANKS = (3, 1, 1, 0, 2)
#: four different counts: the fourth place earns nothing (L944 «только … в первую тройку»)
FOUR = (1, 4, 2, 3, 0)
FOUR_RANKS = (4, 1, 3, 2, 0)

RANKED_CARDS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
                "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8",
                "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8"]
#: the criterion each card ranks by, as the card lists print it (the short deck's s1 and s6 are
#: the scoring example's Iron and Churches, L990, L994, content-facts T11)
CRITERIA = {
    "s1": "iron_cubes", "s2": "markets_controlled", "s3": "money",             # L1233, L1239
    "s4": "characters_controlled", "s5": "explorer_tokens",                   # L1247, L1255
    "s6": "churches_controlled", "s7": "ports_controlled",                    # L1277
    "s8": "progress_controlled",                                              # L1279
    "m1": "fish_cubes", "m2": "iron_icons_towns", "m3": "wood_icons_towns",   # L1304-1318
    "m4": "cards_controlled", "m5": "explorer_tokens",                        # L1326, L1334
    "m6": "ports_markets_controlled", "m7": "churches_controlled",            # L1342, L1350
    "m8": "money",                                                            # L1358
    "l1": "explorer_tokens", "l2": "money", "l3": "churches_controlled",      # L1138-1162
    "l4": "characters_controlled", "l5": "fish_icons_towns",                  # L1168, L1176
    "l6": "fruit_icons_towns", "l7": "ports_controlled",                      # L1184, L1190
    "l8": "progress_controlled",                                              # L1198
}
PLACE_POINTS = {0: 0, 1: 3, 2: 2, 3: 1, 4: 0}
TREND_POINTS = {0: 0, 1: 4, 2: 3, 3: 2, 4: 0}

_BASE: dict[int, object] = {}


def bare5():
    if 5 not in _BASE:
        _BASE[5] = bare(5)
    state = _BASE[5].clone()
    touch(state)
    return state


@pytest.mark.parametrize("counts", [TIED, FOUR], ids=["tie", "four"])
@pytest.mark.parametrize("card_id", RANKED_CARDS)
def test_objective_card_ranks_its_criterion_3_2_1_ties_share(card_id, counts):
    """L920, L944: 3/2/1 for the first three ranks; ties share a rank and «игроки следующего ранга
    при этом не сдвигаются ниже»; those with nothing are not ranked
    """
    state = bare5()
    card = state.content.objectives[objective(state, card_id)]
    assert card["criterion"] == CRITERIA[card_id]
    hold(state, 0, card_id)
    for seat, v in enumerate(counts):
        give(state, seat, card["criterion"], v)
    assert [objectives.measure(state, s, card["criterion"]) for s in range(5)] == list(counts)
    ranks = TIED_RANKS if counts == TIED else FOUR_RANKS
    flow.end(state, "objective", 0)
    rows = scoring.breakdown(state)
    got = [rows[s].get(f"objective:{card_id}", 0) for s in range(5)]
    assert got == [PLACE_POINTS[r] for r in ranks]
    assert scoring.points(state) == got


@pytest.mark.parametrize("counts", [TIED, FOUR], ids=["tie", "four"])
@pytest.mark.parametrize("trend_id", ["churches", "philanthropist", "towns", "ports", "markets",
                                      "fleet", "people", "science", "court", "wealth",
                                      "discovery", "trade"])
def test_trend_card_ranks_its_criterion_4_3_2_ties_share(trend_id, counts):
    """L958-972: the trend card gives 4/3/2 by the same ranking (the Philanthropist by the
    florins in each colour's zone, L966-972)
    """
    state = bare5()
    state.trends = [trend(state, trend_id)]
    criterion = state.content.trends[state.trends[0]]["criterion"]
    for seat, v in enumerate(counts):
        give(state, seat, criterion, v)
    assert [objectives.measure(state, s, criterion) for s in range(5)] == list(counts)
    ranks = TIED_RANKS if counts == TIED else FOUR_RANKS
    flow.end(state, "objective", 0)
    assert scoring.points(state) == [TREND_POINTS[r] for r in ranks]


def test_icons_count_only_in_regions_whose_town_the_player_controls():
    """L1310: «иконок железа в регионах, в которых он контролирует города»: a market on an iron
    face and a town held by a striking inhabitant do not count
    """
    state = bare(3)
    hex_, side = one_icon_face(state, "iron")
    staffed(state, 0, add_region(state, hex_, side), "town")
    staffed(state, 1, add_region(state, hex_, side), "market")
    striker = staffed(state, 2, add_region(state, hex_, side), "town")
    state.units[striker][3] = False
    touch(state)
    assert [objectives.measure(state, s, "iron_icons_towns") for s in range(3)] == [1, 0, 0]


@pytest.mark.parametrize(("card_id", "margin"), [("s9", 15), ("m9", 12), ("l9", 10)])
def test_pacifist_scores_three_only_beyond_its_margin(card_id, margin):
    """L950: «Если … достигнута такая разница …, то игрок с этой картой отдельно зарабатывает
    3ПО»; the margins «больше чем на 15 / 12 / 10» (L1287, L1364, L1204)
    """
    state = bare(3)
    hold(state, 1, card_id)
    state.population, state.rebellion = margin + 4, 4      # exactly the margin: not more
    flow.end(state, "objective", 0)
    assert scoring.points(state) == [0, 0, 0]
    state.rebellion = 3
    assert scoring.points(state) == [0, 3, 0]               # to the holder alone


def test_separatist_wins_alone_on_independence_whatever_the_points():
    """L904-908: independence with a Separatist: he alone wins, the others lost"""
    state = bare(3)
    state.objectives = [[objective(state, "l3")], [objective(state, "l10")], []]
    give(state, 0, "churches_controlled", 3)
    state.population, state.rebellion = 3, 4
    flow.end(state, "independence", -1)
    assert state.winners() == [1]
    assert state.scores() == [0.0, 1.0, 0.0]


def test_separatist_and_pacifist_holders_can_win_by_the_other_cards():
    """L912: «Сепаратист и Пацифист участвуют в подсчёте очков и … могут выиграть»; their own
    cards give nothing here (no independence, margin not reached, L920, L950)
    """
    state = bare(3)
    state.objectives = [[objective(state, "l2")], [objective(state, "l10")],
                        [objective(state, "l9")]]
    state.trends = [trend(state, "wealth")]
    set_money(state, 1, 5)
    set_money(state, 2, 3)
    state.population, state.rebellion = 10, 0               # margin 10, not more than 10
    flow.end(state, "objective", 0)
    assert scoring.points(state) == [0, 3 + 4, 2 + 3]
    assert state.winners() == [1]


def test_ending_the_game_gives_no_points():
    """L185: «Закончивший партию игрок не получает за это дополнительных ПО»"""
    state = bare(3)
    state.objectives = [[objective(state, "l3")], [objective(state, "l1")], []]
    give(state, 0, "churches_controlled", 1)
    give(state, 1, "explorer_tokens", 2)
    flow.end(state, "objective", 1)
    by_one = scoring.points(state)
    state.ender = 0
    assert scoring.points(state) == by_one == [3, 3, 0]


def test_money_breaks_only_a_tie_on_points():
    """L980: «В случае ничьей главным победителем становится игрок с большим количеством денег
    за ширмой»: the richest player with fewer points does not win; two tied on points, the
    richer of them wins
    """
    state = bare(3)
    state.objectives = [[objective(state, "l3")], [objective(state, "l1")],
                        [objective(state, "l4")]]
    give(state, 0, "churches_controlled", 1)    # 3
    give(state, 1, "explorer_tokens", 1)        # 3
    give(state, 2, "characters_controlled", 1)  # 3 (a card without a medal)
    assert all(state.content.cards[rec[0]].vp == 0 for rec in state.owned[2])
    set_money(state, 0, 2)
    set_money(state, 1, 7)
    set_money(state, 2, 1)
    flow.end(state, "objective", 0)
    assert scoring.points(state) == [3, 3, 3]
    assert state.winners() == [1]
    # seat 1's card ranks money instead: seat 1 (7f) 3, seat 0 (2f) 2, seat 2 (1f) 1
    state.objectives[1] = [objective(state, "l2")]
    assert scoring.points(state) == [3 + 2, 3, 3 + 1]
    assert state.winners() == [0]               # the richest player has fewer points


def test_two_players_rank_first_and_second_on_all_four_cards():
    """L1013: two objectives each, every card counts for both players (L183); with two players
    only the first and second places exist (3/2), a tie gives both 3 (L944)
    """
    state = bare(2)
    state.objectives = [[objective(state, "l1"), objective(state, "l2")],
                        [objective(state, "l3"), objective(state, "l8")]]
    give(state, 0, "explorer_tokens", 2)
    give(state, 1, "explorer_tokens", 1)
    set_money(state, 0, 4)
    set_money(state, 1, 4)
    give(state, 1, "churches_controlled", 1)
    flow.end(state, "objective", 0)
    rows = scoring.breakdown(state)
    assert rows[0] == {"objective:l1": 3, "objective:l2": 3}
    assert rows[1] == {"objective:l1": 2, "objective:l2": 3, "objective:l3": 3}
    assert scoring.points(state) == [6, 8]
    assert state.winners() == [1]
