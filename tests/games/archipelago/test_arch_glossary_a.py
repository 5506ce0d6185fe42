"""The card glossary, part A (archipelago.ru.txt L1406-1493: Bishop .. Queen) with the
clarifications printed before it (L1053-1130), and the rules of using a card (L800-864): the
owner pays the bank, anyone else pays the owner the price + 1f (L818-822), one card per round.

Cards whose glossary entry is only a picture (Bishop, Archbishop, Pope, Minister of labour) are
tested against the clarifications (L1057-1065, L1113-1115) or the reconstruction the game's
README documents (Bishop: rebellion -1; Minister of labour: surplus +-1)."""

from __future__ import annotations

import pytest
from arch_scenario import (
    R,
    after_turn_zero,
    card_table,
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

from settlers.games.archipelago import board, exploration, markets, scoring, wheel
from settlers.games.archipelago.actions import (
    Bid,
    Done,
    Explore,
    Harvest,
    MoveUnit,
    Pick,
    PlaceRegion,
    RecruitTo,
    TakeHex,
    ThiefHands,
    Trade,
    UseCard,
)
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.state import REGION
from settlers.testing.refusals import refused

OWNER, SHIP, STANDING, ENGAGED, ICON = 0, 1, 3, 4, 6


def fresh(players: int = 3, seed: int = 1):
    """Phase 5 of turn 1, seat 0 to play, no unit on the archipelago and no card owned."""
    return card_table(players, seed)


def uses(state, seat: int) -> list[UseCard]:
    return [a for a in legal(state, seat) if a.kind == "use_card"]


def add_regions(state, n: int) -> list[int]:
    """Lay ``n`` more regions from the stack (anywhere off the map: only their count and
    buildings matter to the church cards)."""
    out = []
    for i in range(n):
        hex_id = state.stack.pop()[0]
        out.append(exploration.lay(state, 0, PlaceRegion(hex_id, 0, 10 + i, 10, 0, -1)))
    touch(state)
    return out


def build(state, region: int, kind: str) -> None:
    state.regions[region]["buildings"][kind] = True
    touch(state)


def fitting_hex_on_top(state, seat: int) -> int:
    """Put a hex that ``seat`` can lay now, with huts on the side it will be laid, on top of
    the stack (test set-up: which hex is drawn is chance)."""
    for entry in reversed(state.stack):
        if any(state.content.hexes[a.hex][a.side].huts > 0
               for a in exploration.placements(state, seat, entry[0])):
            state.stack.remove(entry)
            state.stack.append(entry)
            touch(state)
            return entry[0]
    raise AssertionError("no hex fits")


def explore_once(state, seat: int) -> tuple[int, int]:
    """Draw the top hex, lay it (a side with huts) and choose the cubes; returns the region
    and the unit that moved in."""
    state.apply(seat, TakeHex())
    place = next(a for a in legal(state, seat)
                 if a.kind == "place_region" and state.content.hexes[a.hex][a.side].huts > 0)
    state.apply(seat, place)
    region = state.ctx["region"]
    if state.step == "missionary":                # L1448: the hut's inhabitant is taken
        state.apply(seat, Pick("inhabitant"))
    state.apply(seat, legal(state, seat)[0])      # the cubes of the discovery
    return region, place.unit


# ---------------------------------------------------------------- Bishop (L1406)
def test_bishop_lowers_rebellion_by_one_for_one_florin_to_the_bank():
    """L1406 (a picture; README: Bishop = rebellion -1, owner only, 1f); L818: the owner pays
    the bank. Not offered to an owner who cannot pay."""
    state = fresh()
    give_card(state, 0, "bishop")
    state.rebellion, state.population = 5, 20
    set_money(state, 0, 0)
    assert uses(state, 0) == []
    refused(state, 0, UseCard("bishop", ()))
    set_money(state, 0, 4)
    bank = state.bank_money
    assert uses(state, 0) == [UseCard("bishop", ())]
    state.apply(0, UseCard("bishop", ()))
    assert state.rebellion == 4
    assert state.money[0] == 3 and state.bank_money == bank + 1
    assert state.owned[0][0][1] == 1                  # turned (L804)


# ---------------------------------------------------------------- Archbishop (L1410, L1057-1065)
@pytest.mark.parametrize(("churches", "down"), [(0, 1), (2, 1), (4, 2), (5, 3)])
def test_archbishop_lowers_rebellion_by_the_church_scale(churches, down):
    """L1059-1065: 0-2 churches -> rebellion -1, 3-4 -> -2, 5 or more -> -3 (churches on the
    archipelago, whoever controls them); the owner pays its 2f to the bank."""
    state = fresh()
    give_card(state, 0, "archbishop")
    regions = list(range(len(state.regions))) + add_regions(state, 2)
    for k in regions[:churches]:
        build(state, k, "church")
    state.rebellion, state.population = 9, 30
    set_money(state, 0, 2)
    bank = state.bank_money
    state.apply(0, UseCard("archbishop", ()))
    assert state.rebellion == 9 - down
    assert state.money[0] == 0 and state.bank_money == bank + 2


def test_archbishop_not_offered_without_its_two_florins():
    """L818: the activation price must be paid; 1f is not enough for the Archbishop (2f)."""
    state = fresh()
    give_card(state, 0, "archbishop")
    set_money(state, 0, 1)
    assert uses(state, 0) == []
    refused(state, 0, UseCard("archbishop", ()))


# ---------------------------------------------------------------- Pope (L1414, L1113-1115)
def test_pope_lowers_rebellion_by_one_per_church_on_the_archipelago_and_scores_one_point():
    """L1115: rebellion -1 per church on the archipelago — the churches of others and the
    empty ones count too; the Pope brings its owner 1 VP at the end."""
    state = fresh()
    give_card(state, 0, "pope")
    staffed(state, 1, 1, "church")            # controlled by seat 1
    build(state, 2, "church")                 # nobody's
    build(state, 3, "church")                 # nobody's
    state.rebellion, state.population = 8, 30
    set_money(state, 0, 3)
    bank = state.bank_money
    state.apply(0, UseCard("pope", ()))
    assert state.rebellion == 5
    assert state.money[0] == 0 and state.bank_money == bank + 3
    assert scoring.breakdown(state)[0].get("card:pope") == 1
    assert "card:pope" not in scoring.breakdown(state)[1]


def test_pope_is_the_owners_alone():
    """L826 (the Pope is an owner-only card in the data): another seat is not offered it."""
    state = fresh()
    give_card(state, 1, "pope")
    build(state, 1, "church")
    set_money(state, 0, 20)
    assert uses(state, 0) == []
    refused(state, 0, UseCard("pope", ()))


# ---------------------------------------------------------------- False prophet (L1418-1420)
def test_false_prophet_moves_one_inhabitant_per_church_the_user_controls():
    """L1420: each church *controlled by you* lets one of your inhabitants move (as in a
    migration, L579-607); another seat's church does not count, ships do not move."""
    state = fresh()
    give_card(state, 0, "false_prophet")
    staffed(state, 0, 2, "church")            # mine
    staffed(state, 1, 3, "church")            # seat 1's: does not count
    walkers = place_inhabitants(state, 0, 1, 2)
    ship = ship_to(state, 0, 1)
    state.apply(0, UseCard("false_prophet", ()))
    moves = [a for a in legal(state, 0) if isinstance(a, MoveUnit)]
    assert moves and all(a.unit != ship for a in moves)      # inhabitants only
    assert Done() in legal(state, 0)
    move = next(a for a in moves if a.unit in walkers and a.region != 1)
    state.apply(0, move)
    assert state.units[move.unit][REGION] == move.region
    assert [a for a in legal(state, 0) if isinstance(a, MoveUnit)] == []   # one church, one move
    state.apply(0, Done())
    assert state.step == "round" and state.discs_used[0] == 0


def test_false_prophet_without_a_church_of_yours_is_not_offered():
    """L1420: no church under your control, no move — so no use (L800, L441; rules
    2026-12-06.5: before, the card could still be turned, moving nobody)."""
    state = fresh()
    give_card(state, 0, "false_prophet")
    staffed(state, 1, 3, "church")
    place_inhabitants(state, 0, 1, 2)
    assert uses(state, 0) == []
    refused(state, 0, UseCard("false_prophet", ()))


# ---------------------------------------------------------------- Minister of labour (L1424)
@pytest.mark.parametrize(("arg", "after"), [(1, 8), (0, 6)])
def test_labour_minister_moves_surplus_one_up_or_down(arg, after):
    """L1424 (a picture; README: surplus +-1 at the owner's choice), 1f to the bank."""
    state = fresh()
    give_card(state, 0, "labour_minister")
    state.surplus = 7
    set_money(state, 0, 1)
    bank = state.bank_money
    assert set(uses(state, 0)) == {UseCard("labour_minister", (0,)),
                                   UseCard("labour_minister", (1,))}
    state.apply(0, UseCard("labour_minister", (arg,)))
    assert state.surplus == after
    assert state.money[0] == 0 and state.bank_money == bank + 1


def test_labour_minister_is_the_owners_alone():
    state = fresh()
    give_card(state, 1, "labour_minister")
    set_money(state, 0, 10)
    assert uses(state, 0) == []


# ---------------------------------------------------------------- Scout (L1428-1430)
def test_scout_gives_two_explorations_for_one_disc():
    """L1430: during the Exploration action you may explore twice — one disc, one slot of the
    Explore zone; without the Scout the action explores once. An open card used by another
    seat: 1f + 1f to the owner (L818-822)."""
    state = in_round(3, seed=0)
    for s in range(3):
        state.owned[s] = []
    give_card(state, 1, "scout")
    set_money(state, 0, 10)
    set_money(state, 1, 0)
    state.apply(0, UseCard("scout", ()))
    assert state.money[0] == 8 and state.money[1] == 2
    fitting_hex_on_top(state, 0)
    regions = len(state.regions)
    state.apply(0, Explore())
    explore_once(state, 0)
    assert state.step == "explore_draw"              # the second exploration
    fitting_hex_on_top(state, 0)
    explore_once(state, 0)
    assert state.step == "round"
    assert len(state.regions) == regions + 2
    assert state.discs_used[0] == 1 and state.wheel["explore"] == 1


def test_exploration_without_the_scout_is_one():
    """L497-537: the plain action explores once (the control case of the Scout)."""
    state = in_round(3, seed=0)
    fitting_hex_on_top(state, 0)
    state.apply(0, Explore())
    explore_once(state, 0)
    assert state.step == "round"


# ---------------------------------------------------------------- King (L1434-1436)
def test_king_beats_queen_on_equal_bids_and_scores_one_point():
    """L1436 and L1490: King +3f, Queen +2f to the bid; equal bids of 1f: the King's 4 beats
    the Queen's 3. The King is never activated (passive); 1 VP at the end."""
    state = after_turn_zero(3, seed=1)
    give_card(state, 0, "queen")
    give_card(state, 2, "king")
    for seat, amount in enumerate((1, 1, 2)):
        state.apply(seat, Bid(amount))
    # totals: 1+2, 1, 2+3
    assert state.step == "bribes" and state.ctx["decider"] == 2   # orders next (L260)
    assert scoring.breakdown(state)[2].get("card:king") == 1


def test_the_kings_bonus_counts_when_every_bid_is_nothing():
    """L1436 «При определении очередности хода Король добавляет к ставке игрока
    дополнительные 3f»: the bonus is part of the bid the order is decided by, so with every
    fist empty the King's holder (0 + 3) outbids the others (0) and orders the turn; L260
    «Если никто ничего не поставил, очередность ходов остаётся без изменений» holds only when
    no bid, bonus included, is above nothing (the control case without the King)."""
    state = after_turn_zero(3, seed=1)
    give_card(state, 2, "king")
    for seat in range(3):
        state.apply(seat, Bid(0))
    assert state.step == "bribes" and state.ctx["decider"] == 2
    plain = after_turn_zero(3, seed=1)
    order = list(plain.order)
    for seat in range(3):
        plain.apply(seat, Bid(0))
    assert plain.step != "bribes" and plain.order == order


# ---------------------------------------------------------------- Recruiter (L1440-1442, L1123-1125)
def test_recruiter_hires_one_worker_without_a_disc_at_the_labour_board_price():
    """L1442: one more worker without action discs, just paying its price; L1125: the price
    is the labour board's, as in Recruitment (L567: surplus 7 -> 3f). Another seat's open
    card with no price: 1f to its owner (L822)."""
    state = fresh()
    give_card(state, 1, "recruiter")
    place_inhabitants(state, 0, 2, 1)
    state.surplus = 7
    set_money(state, 0, 10)
    set_money(state, 1, 0)
    bank, pop = state.bank_money, state.population
    state.apply(0, UseCard("recruiter", ()))
    assert state.money[1] == 1
    assert RecruitTo(2, 0) in legal(state, 0)
    state.apply(0, RecruitTo(2, 0))
    assert legal(state, 0) == [Done()]                 # one worker only
    state.apply(0, Done())
    assert state.money[0] == 10 - 1 - 3 and state.bank_money == bank + 3
    assert state.surplus == 6 and state.population == pop + 1
    assert sum(1 for u in state.units if u[OWNER] == 0 and not u[SHIP] and u[REGION] == 2) == 2
    assert state.discs_used[0] == 0
    assert any(a.kind == "recruit" for a in legal(state, 0))   # the disc is still free


def test_recruiter_not_offered_when_the_worker_cannot_be_paid():
    """L1442 «просто заплатив его стоимость» and L577 (no recruiting at surplus 0): the card
    is not offered when the worker could not be hired after paying the owner's fee."""
    state = fresh()
    give_card(state, 1, "recruiter")
    place_inhabitants(state, 0, 2, 1)
    state.surplus = 7                                  # price 3f
    set_money(state, 0, 3)                             # 1f to the owner leaves 2f
    assert UseCard("recruiter", ()) not in legal(state, 0)
    refused(state, 0, UseCard("recruiter", ()))
    set_money(state, 0, 4)
    assert UseCard("recruiter", ()) in legal(state, 0)
    state.surplus = 0
    touch(state)
    assert UseCard("recruiter", ()) not in legal(state, 0)


# ---------------------------------------------------------------- Missionary (L1446-1448)
def test_missionary_turns_one_hut_into_an_active_inhabitant():
    """L1448: during Exploration one hut of the new region gives an active inhabitant instead
    of surplus labour (L535: otherwise every hut adds 1 surplus). Open card without a price:
    1f to the owner."""
    state = in_round(3, seed=0)
    for s in range(3):
        state.owned[s] = []
    give_card(state, 2, "missionary")
    set_money(state, 0, 5)
    set_money(state, 2, 0)
    state.apply(0, UseCard("missionary", ()))
    assert state.money[0] == 4 and state.money[2] == 1
    fitting_hex_on_top(state, 0)
    surplus, pop = state.surplus, state.population
    mine = sum(1 for u in state.units if u[OWNER] == 0 and not u[SHIP] and u[REGION] >= 0)
    state.apply(0, Explore())
    k, explorer = explore_once(state, 0)
    huts = board.region_face(state, k).huts
    assert huts > 0
    assert state.surplus == surplus + huts - 1
    assert state.population == pop + 1
    assert sum(1 for u in state.units if u[OWNER] == 0 and not u[SHIP] and u[REGION] >= 0) == mine + 1
    born = [u for i, u in enumerate(state.units)
            if i != explorer and u[OWNER] == 0 and not u[SHIP] and u[REGION] == k]
    assert len(born) == 1 and born[0][STANDING]      # the convert, active


# ---------------------------------------------------------------- Spy (L1452-1454)
def test_spy_used_by_another_player_can_look_at_the_spy_owners_objective():
    """L1454: any player's objective card «включая игрока с картой шпиона» — so a player
    other than the Spy's owner uses it (an open card: its 1f + 1f to the owner, L818-822) and
    may look at the owner's card. Nobody else sees it; a seat never spies on itself."""
    state = fresh()
    give_card(state, 0, "spy")
    set_money(state, 1, 5)
    set_money(state, 0, 0)
    wheel.start_round(state, 1)                       # seat 1's round
    assert UseCard("spy", (1,)) not in legal(state, 1)
    assert UseCard("spy", (0,)) in legal(state, 1)
    assert state.view(1)["state"]["players"][0]["objectives"] is None
    state.apply(1, UseCard("spy", (0,)))
    assert state.money[1] == 3 and state.money[0] == 2
    assert state.view(1)["state"]["players"][0]["objectives"]
    assert state.view(2)["state"]["players"][0]["objectives"] is None


# ---------------------------------------------------------------- Merchant (L1458-1460, L1087-1089)
def test_merchant_sells_any_number_of_one_resource_at_the_row_prices():
    """L1460: buy or sell an *unlimited* number of cubes of one resource on the domestic
    market; L1089: each cube at the price of the row it goes into (L491 fish rows 6f, 4f, 3f).
    Six fish into an empty zone: 6+6+4+4+4+3 = 27f from the bank; no other resource is traded
    and nothing after the zone is full. Open card: 1f + 1f to the owner."""
    state = fresh()
    give_card(state, 1, "merchant")
    set_market(state, 0, "fish", 0)
    give_cubes(state, 0, fish=10)
    give_cubes(state, 0, stone=1)
    set_money(state, 0, 2)
    set_money(state, 1, 0)
    fish_before = state.cubes[0][R["fish"]]
    state.apply(0, UseCard("merchant", (R["fish"],)))
    assert state.money == [0, 2, state.money[2]]
    bank = state.bank_money
    got = []
    for _ in range(6):
        menu = legal(state, 0)
        assert Trade(0, "stone", False) not in menu and Trade(1, "fish", False) not in menu
        price = markets.sell_price(state, 0, R["fish"])
        state.apply(0, Trade(0, "fish", False))
        got.append(price)
    assert got == [6, 6, 4, 4, 4, 3]
    assert state.money[0] == 27 and state.bank_money == bank - 27
    assert state.market[0][R["fish"]] == 6
    assert state.cubes[0][R["fish"]] == fish_before - 6
    state.apply(0, Trade(0, "fish", False))
    state.apply(0, Trade(0, "fish", False))           # the zone holds 8 (2 + 3 + 3)
    assert Trade(0, "fish", False) not in legal(state, 0)   # L487: full
    state.apply(0, Done())
    assert state.step == "round"


def test_merchant_buys_every_cube_of_the_zone():
    """L1460: buying is unlimited too — every cube of the zone, each at its row's price."""
    state = fresh()
    give_card(state, 0, "merchant")
    set_market(state, 0, "wood", 8)
    set_money(state, 0, 100)
    expected = []
    for count in range(8, 0, -1):
        state.market[0][R["wood"]] = count
        expected.append(markets.buy_price(state, 0, R["wood"]))
    state.market[0][R["wood"]] = 8
    state.apply(0, UseCard("merchant", (R["wood"],)))
    for _ in range(8):
        state.apply(0, Trade(0, "wood", True))
    assert state.market[0][R["wood"]] == 0
    assert state.money[0] == 100 - 1 - sum(expected)
    assert Trade(0, "wood", True) not in legal(state, 0)   # the zone is empty


# ---------------------------------------------------------------- Treasurer (L1464-1466)
def test_treasurer_pays_one_florin_per_five_shown():
    """L1466: 1f from the bank for every 5f shown (14f, both 5f shown -> 2f); owner only, no
    price. How many to show is the player's choice (test_arch_choices.py)."""
    state = fresh()
    give_card(state, 1, "treasurer")
    set_money(state, 0, 14)
    assert uses(state, 0) == []                       # not another seat's
    give_card(state, 0, "treasurer")
    bank = state.bank_money
    state.apply(0, UseCard("treasurer", (2,)))
    assert state.money[0] == 16 and state.bank_money == bank - 2


# ---------------------------------------------------------------- Thief (L1470-1472, L1127-1129)
def test_thief_victim_with_one_cube_leaves_one_fist_empty():
    """L1129: a victim with a single cube puts it in one fist and leaves the other empty; the
    thief may pick the empty one and get nothing. The Thief costs its disc."""
    state = fresh()
    give_card(state, 0, "thief")
    for r in range(6):
        state.bank_cubes[r] += state.cubes[1][r]
        state.cubes[1][r] = 0
    give_cubes(state, 1, cattle=1)
    state.apply(0, UseCard("thief", (1,)))
    assert state.discs_used[0] == 1
    assert set(legal(state, 1)) == {ThiefHands("cattle", ""), ThiefHands("", "cattle")}
    refused(state, 1, ThiefHands("cattle", "cattle"))
    state.apply(1, ThiefHands("cattle", ""))
    mine = list(state.cubes[0])
    state.apply(0, Pick("right"))
    assert state.cubes[0] == mine
    assert state.cubes[1][R["cattle"]] == 1


def test_thief_victim_with_nothing_shows_empty_fists():
    """L1129: a victim without cubes proves it; the thief gets nothing."""
    state = fresh()
    give_card(state, 0, "thief")
    for r in range(6):
        state.bank_cubes[r] += state.cubes[2][r]
        state.cubes[2][r] = 0
    state.apply(0, UseCard("thief", (2,)))
    assert legal(state, 2) == [ThiefHands("", "")]
    state.apply(2, ThiefHands("", ""))
    assert_screen_lifted(state, 2, 0)
    mine = list(state.cubes[0])
    state.apply(0, Pick("left"))
    assert state.cubes[0] == mine and state.to_act == (0,) and state.step == "round"


def assert_screen_lifted(state, victim: int, user: int) -> None:
    """L1128 «он должен поднять свою ширму, чтобы доказать это», L1374 «он обязан доказать вам
    это, подняв свою ширму»: the card's user sees what is behind the victim's screen — its
    florins and explorer tokens — and nobody else does."""
    def lifted(viewer):
        return [e for e in state.view(viewer)["events"]
                if e["key"] == "archipelago.event.screen_lifted"]
    shown = lifted(user)
    assert len(shown) == 1
    assert shown[0]["params"]["money"] == state.money[victim]
    assert shown[0]["params"]["tokens"] == state.tokens[victim]
    assert lifted(victim) == shown
    for other in {0, 1, 2, None} - {victim, user}:
        assert lifted(other) == []


def test_pirate_victim_with_nothing_lifts_the_screen():
    """L1374 Пират: «Владелец затопленного корабля должен отдать вам один кубик ресурсов (на его
    выбор). Если у него нет ресурсов, он обязан доказать вам это, подняв свою ширму.»"""
    state = fresh()
    give_card(state, 0, "pirate")
    ship_to(state, 0, 1)
    theirs = ship_to(state, 1, 1)
    for r in range(6):
        state.bank_cubes[r] += state.cubes[1][r]
        state.cubes[1][r] = 0
    state.tokens[1] = 2
    state.apply(0, UseCard("pirate", (theirs,)))
    assert legal(state, 1) == [Pick("")]
    state.apply(1, Pick(""))
    assert_screen_lifted(state, 1, 0)


# ---------------------------------------------------------------- Barbarian (L1476-1478, L1067-1069)
def test_barbarian_plunders_the_free_icons_and_leaves_coins_on_them():
    """L1478: occupy a region where you have a free active inhabitant, take a cube for each
    free icon; L1069: a coin stays on each plundered icon (no harvest there until the end) and
    a town does not protect the region. The occupied icon (harvested by seat 1) is not free."""
    state = fresh()
    give_card(state, 0, "barbarian")
    k = 3
    icons = board.region_face(state, k).icons
    assert len(icons) == 3
    place_inhabitants(state, 0, k, 1)
    worker = place_inhabitants(state, 1, k, 1)[0]
    state.units[worker][ENGAGED], state.units[worker][ICON] = True, 0   # harvests icon 0
    staffed(state, 1, k, "town")                                       # seat 1's town
    before = list(state.cubes[0])
    bank, coins = state.bank_money, state.plunder_coins
    assert UseCard("barbarian", (k,)) in legal(state, 0)
    state.apply(0, UseCard("barbarian", (k,)))
    gained = [state.cubes[0][r] - before[r] for r in range(6)]
    expected = [0] * 6
    for r in icons[1:]:
        expected[r] += 1
    assert gained == expected
    assert sorted(state.regions[k]["plundered"]) == [1, 2]
    assert state.plunder_coins == coins + 2 and state.bank_money == bank - 2
    assert state.discs_used[0] == 1
    # the plundered icons cannot be harvested any more; the free one (icon 0) can
    state.units[worker][ENGAGED], state.units[worker][ICON] = False, -1
    wheel.start_round(state, 1)
    touch(state)
    menu = legal(state, 1)
    assert Harvest(RESOURCES[icons[0]]) in menu
    for r in set(icons[1:]) - {icons[0]}:
        assert Harvest(RESOURCES[r]) not in menu


def test_barbarian_needs_a_free_active_inhabitant_of_yours_in_the_region():
    """L1478: the region must hold a free, non-striking inhabitant: a striker, an engaged one or
    only another seat's inhabitant is not enough."""
    state = fresh()
    give_card(state, 0, "barbarian")
    striker = place_inhabitants(state, 0, 3, 1)[0]
    state.units[striker][STANDING] = False
    busy = place_inhabitants(state, 0, 2, 1)[0]
    state.units[busy][ENGAGED] = True
    place_inhabitants(state, 1, 1, 1)
    assert uses(state, 0) == []
    for k in (1, 2, 3):
        refused(state, 0, UseCard("barbarian", (k,)))


# ---------------------------------------------------------------- Minister of agriculture (L1482-1484)
def test_agriculture_minister_adds_fruit_and_cattle_from_the_bank_to_the_domestic_market():
    """L1484: up to two cattle and/or fruit cubes from the bank onto board I."""
    state = fresh()
    give_card(state, 0, "agriculture_minister")
    set_market(state, 0, "fruit", 1)
    set_market(state, 0, "cattle", 1)
    set_money(state, 0, 1)
    offered = {a.arg for a in uses(state, 0)}
    assert (R["fruit"], R["cattle"]) in offered and (R["fish"],) not in offered
    bank = list(state.bank_cubes)
    state.apply(0, UseCard("agriculture_minister", (R["fruit"], R["cattle"])))
    assert state.market[0][R["fruit"]] == 2 and state.market[0][R["cattle"]] == 2
    assert state.bank_cubes[R["fruit"]] == bank[R["fruit"]] - 1
    assert state.bank_cubes[R["cattle"]] == bank[R["cattle"]] - 1
    assert state.money[0] == 0


# ---------------------------------------------------------------- Queen (L1488-1490)
def test_queen_adds_two_florins_to_the_bid():
    """L1490: the Queen adds 2f to its owner's bid: 2f + 2 beats a bid of 3f. Passive: it is
    never activated."""
    state = after_turn_zero(3, seed=1)
    give_card(state, 1, "queen")
    for seat, amount in enumerate((3, 2, 0)):
        state.apply(seat, Bid(amount))
    assert state.step == "bribes" and state.ctx["decider"] == 1   # orders next (L260)
    assert state.money[1] == 10 - 2                  # the bid itself is spent (L250)


def test_queen_is_never_activated():
    state = fresh()
    give_card(state, 0, "queen")
    set_money(state, 0, 10)
    assert uses(state, 0) == []
    refused(state, 0, UseCard("queen", ()))


def test_a_card_is_used_once_per_round_even_by_different_seats():
    """L804-808: a used (turned) open card cannot be activated again this turn, by anybody."""
    state = fresh()
    give_card(state, 1, "scout")
    set_money(state, 0, 10)
    set_money(state, 2, 10)
    for seat in (0, 2):   # the Scout changes an Exploration: each seat has one to make
        place_inhabitants(state, seat, 1, 1)
    touch(state)
    state.apply(0, UseCard("scout", ()))
    wheel.start_round(state, 2)
    touch(state)
    assert UseCard("scout", ()) not in legal(state, 2)
    refused(state, 2, UseCard("scout", ()))
