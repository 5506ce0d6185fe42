"""Audit of phases 1-4 against the rulebook (archipelago.ru.txt; line numbers of that file):
negotiation L222-232, the phases L234-248, liberation L250-252, turn order L254-260, population
results L262-332, balance L334-404, strikers L406-416, the explorer-token exchange L429-433 and
the two-player turn order L1015. Each test covers what test_arch_phases.py,
test_arch_negotiation.py and test_arch_literal_rules.py leave out."""

from __future__ import annotations

import pytest
from arch_scenario import (
    R,
    after_turn_zero,
    clear_units,
    empty_markets,
    give_card,
    give_cubes,
    hear_bribes,
    in_round,
    kinds,
    legal,
    place_inhabitants,
    set_market,
    set_money,
    ship_to,
    staffed,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import balance, flow, liberation, pieces, population
from settlers.games.archipelago.actions import (
    AddWant,
    Answer,
    Bid,
    BuyCard,
    EndRound,
    ExchangeToken,
    Gift,
    PassCrisis,
    Propose,
    Raise,
    SendOffer,
    SetOrder,
    Supply,
    TurnTwo,
    UseChurch,
)
from settlers.games.archipelago.state import ENGAGED, ICON, STANDING

STONE, CATTLE, IRON = R["stone"], R["cattle"], R["iron"]
NEGOTIATION = {"propose", "gift"}


def bid(state, *amounts: int) -> None:
    """Seat 0 bids the first amount, seat 1 the second, …; the others, given the floor before
    the decider orders (L260), make no bribe."""
    for seat, amount in enumerate(amounts):
        state.apply(seat, Bid(amount))
    hear_bribes(state)


def put_on_top(state, card_id: str) -> int:
    """The evolution card ``card_id`` becomes the top of the deck (its back is read)."""
    index = state.content.card_index(card_id)
    for slot in state.track:
        if slot[0] == index:
            slot[0], slot[1] = state.deck.pop(0), 0
    if index in state.deck:
        state.deck.remove(index)
    state.deck.append(index)
    touch(state)
    return index


def at_phase_two(players: int = 3, turn: int = 2, seed: int = 1, **options):
    """The bids of ``turn`` are due (phase 4 is played after them from turn 2 on, L336)."""
    state = after_turn_zero(players, seed, **options)
    state.turn = turn
    state.rebellion = 0
    touch(state)
    return state


def domestic_crisis(state, res=STONE, ratio=6):
    assert balance.start_part(state, {"kind": "domestic", "res": res, "ratio": ratio})
    touch(state)


def export_crisis(state, res=CATTLE, n=3):
    assert balance.start_part(state, {"kind": "export", "res": res, "n": n})
    touch(state)


def no_cubes(state, res: int) -> None:
    """Nobody holds a cube of ``res`` behind the screen."""
    for s in range(state.players):
        state.bank_cubes[res] += state.cubes[s][res]
        state.cubes[s][res] = 0
    touch(state)


# ---------------------------------------------------------------- negotiation (L228-232)
def test_negotiation_in_a_crisis_is_the_contributors_and_never_instead_of_raising():
    """L228: «во время разрешения кризиса»; L376: «И снова наступает идеальное время для
    вступления в переговоры ...» — the contributor may negotiate between paying and raising,
    but «обязан поднять указанное число жителей ... даже в случае провала переговоров»: only
    the raises and the openings are offered until they are made; the next contributor has
    its own moment."""
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 1, 1, 3)
    place_inhabitants(state, 2, 2, 3)
    give_cubes(state, 0, stone=1)
    state.order = [0, 1, 2]
    domestic_crisis(state, ratio=2)
    assert kinds(state, 0) >= NEGOTIATION
    assert legal(state, 1) == []                         # not the contributor now
    state.apply(0, Supply(True))
    assert kinds(state, 0) == {"raise"} | NEGOTIATION    # the raising is owed first
    lying = balance.lying(state)
    state.apply(0, Raise(lying[0]))
    state.apply(0, Raise(lying[1]))
    assert kinds(state, 0) >= NEGOTIATION
    set_money(state, 0, 5)
    state.apply(0, Gift(1, "f"))
    state.apply(0, Gift(1, "f"))
    assert not NEGOTIATION & kinds(state, 0)             # two per moment
    state.apply(0, PassCrisis())
    assert kinds(state, 1) >= NEGOTIATION                # the next contributor's moment


def test_no_negotiation_while_buying_evolution_cards():
    """L228: only in one's round of phase 5, in a crisis and while the order is decided —
    never in phase 6."""
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    flow.start_buy(state)
    set_money(state, 0, 20)
    assert "buy_card" in kinds(state, 0)
    assert not NEGOTIATION & kinds(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, Gift(1, "f"))


def test_a_bribe_to_the_decider_is_settled_before_the_order():
    """L260: «В этот момент игроки могут использовать переговоры и всевозможные взятки, чтобы
    попытаться убедить решающего игрока»: the decider asks 2f of seat 1 for the first place,
    seat 1 pays, then the decider orders."""
    state = after_turn_zero(3, seed=1)
    set_money(state, 0, 5)
    set_money(state, 1, 4)
    bid(state, 3, 0, 0)
    assert state.step == "order" and state.actor == 0
    state.apply(0, Propose(1))
    state.apply(0, AddWant("f"))
    state.apply(0, AddWant("f"))
    state.apply(0, SendOffer())
    assert state.to_act == (1,)
    state.apply(1, Answer(True))
    assert state.money[0] == 2 + 2 and state.money[1] == 2
    assert state.step == "order" and state.actor == 0
    state.apply(0, SetOrder((1, 0, 2)))
    assert state.order == [1, 0, 2]
    with pytest.raises(IllegalAction):
        state.apply(0, SetOrder((0, 1, 2)))              # the order is set once


# ---------------------------------------------------------------- phase 1 (L250-252)
def test_liberation_follows_the_last_purchase_and_precedes_the_bids():
    """L234-252: phase 6 ends the turn; phase 1 of the next frees turned cards, units on
    icons and strikers (who strike «до фазы 1 следующего хода», L378) before any bid."""
    state = in_round(3, seed=1)
    state.order = [0, 1, 2]
    card = give_card(state, 0, "bishop")
    state.owned[0][-1][1] = 1                            # used this turn
    units = [u for u in state.units if u[2] >= 0 and not u[1]]
    units[0][STANDING] = False                           # a striker
    units[1][ENGAGED], units[1][ICON] = True, 0          # a harvester on an icon
    state.permits = [[1, 2]]
    flow.start_buy(state)
    touch(state)
    for seat in (0, 1):
        state.apply(seat, TurnTwo(2 * seat, 2 * seat + 1))
    assert not units[0][STANDING] and units[1][ENGAGED]  # phase 6: still striking, engaged
    state.apply(2, TurnTwo(0, 4))
    assert state.turn == 2 and state.step == "bid"
    assert units[0][STANDING] and not units[1][ENGAGED] and units[1][ICON] == -1
    assert [r[1] for r in state.owned[0] if r[0] == card] == [0]
    assert state.permits == []


# ---------------------------------------------------------------- phase 2 (L258-260)
def test_a_rebid_spends_both_rounds_and_its_winner_orders():
    """L260: «ставки отправляются в банк, а эти игроки снова делают ставки»: 2, 2, 1 tie;
    the tied players bid 3 and 1; seat 0 decides. All 9f went to the bank."""
    state = after_turn_zero(3, seed=1)
    for s in range(3):
        set_money(state, s, 6)
    bank = state.bank_money
    bid(state, 2, 2, 1)
    assert state.bank_money == bank + 5
    assert legal(state, 2) == []                          # not tied: no second bid
    state.apply(0, Bid(3))
    state.apply(1, Bid(1))
    assert state.bank_money == bank + 9
    assert state.money == [1, 3, 5]
    hear_bribes(state)
    assert state.step == "order" and state.actor == 0
    assert state.last_bids == [3, 1, -1]


def test_nothing_bid_is_allowed_and_all_a_player_has_is_the_bound():
    """L258: «Разрешено не ставить ничего»; the florins «лежащих за его ширмой» bound the bid."""
    state = after_turn_zero(3, seed=1)
    set_money(state, 0, 0)
    set_money(state, 1, 2)
    assert legal(state, 0) == [Bid(0)]
    assert legal(state, 1) == [Bid(0), Bid(1), Bid(2)]


def test_a_bid_in_the_fist_is_not_known_to_a_determinizing_player():
    """L258: «каждый игрок тайно ставит ... зажав монеты в кулаке»: until all bids are in,
    another seat knows only that seat 0 has bid, not how much — its determinized worlds draw the
    bid anew (the engine used to keep the true bid there)."""
    state = after_turn_zero(3, seed=1)
    for s in range(3):
        set_money(state, s, 10)
    state.apply(0, Bid(7))
    seen = set()
    for seed in range(30):
        world = state.determinize(1, seed)
        assert world.bids[0] >= 0 and world.bids[2] == -1    # who has bid is public
        assert world.money[1] == 10 and world.bids[1] == -1  # its own screen is kept
        assert world.money[0] + world.bids[0] + world.money[2] == 10 + 10
        assert world.view(1) == state.view(1)
        seen.add(world.bids[0])
    assert len(seen) > 1
    mine = state.determinize(0, 3)
    assert mine.bids[0] == 7 and mine.money[0] == 3          # one's own fist is known


def test_the_deciders_order_governs_the_crises_and_the_rounds():
    """L260: the decider reorders the markers; phase 4 starts «с первого игрока» (L364, L384)
    and phase 5 too. The Explorer's back: stone for 6, then 3 cattle (L356, L384)."""
    state = at_phase_two()
    put_on_top(state, "explorer")
    clear_units(state)
    people = place_inhabitants(state, 0, 1, 4) + place_inhabitants(state, 1, 2, 4)
    empty_markets(state)
    no_cubes(state, CATTLE)
    give_cubes(state, 0, stone=1)
    bid(state, 0, 0, 4)
    state.apply(2, SetOrder((2, 0, 1)))
    assert state.step == "domestic" and state.actor == 2
    rebellion = state.rebellion                          # phase 3 is over
    state.apply(2, PassCrisis())
    assert state.actor == 0
    state.apply(0, Supply(True))
    for u in people[2:]:
        state.apply(0, Raise(u))
    state.apply(0, PassCrisis())
    state.apply(1, PassCrisis())
    assert state.step == "export" and state.actor == 2 and state.ctx["left"] == 3
    state.apply(2, PassCrisis())
    state.apply(0, PassCrisis())
    state.apply(1, PassCrisis())
    assert state.phase == "actions" and state.actor == 2
    assert state.rebellion == rebellion + 2 + 3          # 2 strikers, 3 missing cattle


# ---------------------------------------------------------------- phase 3 (L262-332)
def test_board_iv_reads_the_surplus_that_boards_i_to_iii_left():
    """L276: boards I to IV «по порядку»: 5 fish (board I) and a population of 15 (board III)
    each move the surplus +1, from 11 to 13; board IV then reads the row 13-17 (+2 rebellion,
    L332), not the row 8-12 (+1) the surplus started in."""
    state = after_turn_zero(3, seed=1)
    empty_markets(state)
    clear_units(state)
    set_market(state, 0, "fish", 5)
    state.population = 15
    state.surplus, state.rebellion = 11, 0
    population.population_results(state)
    assert (state.surplus, state.rebellion) == (13, 2)


def test_phase_three_is_played_in_the_first_turn_and_after_the_bids():
    """L336 skips only phase 4 in the first turn; phase 3 follows phase 2 (L234-248)."""
    state = after_turn_zero(3, seed=1)
    assert state.turn == 1
    empty_markets(state)
    clear_units(state)
    set_market(state, 0, "fish", 5)
    state.surplus, state.rebellion = 4, 0
    touch(state)
    bid(state, 0, 0, 1)
    assert state.surplus == 4                            # not before the order is set
    state.apply(2, SetOrder((0, 1, 2)))
    assert state.surplus == 5 and state.phase == "actions" and state.queue == []


# ---------------------------------------------------------------- phase 4 (L334-404)
def test_ships_stay_up_and_every_spent_cube_goes_to_the_bank():
    """L360: «Кризис не влияет на корабли»; L368: «Все потреблённые ресурсы возвращаются в
    банк» — from board I and from the screen alike; L364: board I from its bottom-right cube."""
    state = in_round(3, seed=1)
    clear_units(state)
    ship = ship_to(state, 0, 1)
    people = place_inhabitants(state, 1, 1, 3)
    set_market(state, 0, "stone", 2)
    give_cubes(state, 0, stone=1)
    state.order = [0, 1, 2]
    domestic_crisis(state, ratio=1)
    assert state.units[ship][STANDING]
    assert all(not state.units[u][STANDING] for u in people)
    assert Raise(ship) not in legal(state, 0)
    bank = state.bank_cubes[STONE]
    state.apply(0, Supply(False))
    assert state.market[0][STONE] == 1 and state.bank_cubes[STONE] == bank + 1
    with pytest.raises(IllegalAction):
        state.apply(0, Raise(ship))
    state.apply(0, Raise(people[0]))
    state.apply(0, Supply(True))
    assert state.cubes[0][STONE] == 0 and state.bank_cubes[STONE] == bank + 2


def test_when_all_stand_the_export_crisis_follows_at_once_from_the_first_player():
    """L376: a cube raises ratio inhabitants «если только они все уже не стоят»; «Когда все
    жители снова стоят, кризис миновал ... Переходите прямо к разрешению кризиса внешнего
    рынка» — the later players get no domestic turn, the export starts with the first."""
    state = at_phase_two()
    put_on_top(state, "explorer")                        # stone for 6, 3 cattle
    clear_units(state)
    people = place_inhabitants(state, 2, 1, 3) + place_inhabitants(state, 0, 2, 1)
    empty_markets(state)
    give_cubes(state, 1, stone=1)
    bid(state, 0, 2, 0)
    state.apply(1, SetOrder((1, 2, 0)))
    assert state.step == "domestic" and state.actor == 1
    state.apply(1, Supply(True))
    for u in people[:3]:
        state.apply(1, Raise(u))
    assert state.step == "domestic"
    rebellion = state.rebellion
    state.apply(1, Raise(people[3]))                     # 4 of the 6 paid for: all stand
    assert state.step == "export" and state.actor == 1 and state.rebellion == rebellion


def test_a_red_zone_is_ignored_in_phase_four():
    """L350/L400: «Во время этой фазы игнорируйте все красные зоны»: the Pirate's back is
    iron for 5 and 2 cattle, its red zone (wood for 5) is not played."""
    state = at_phase_two()
    put_on_top(state, "pirate")
    assert state.content.cards[state.deck[-1]].red == {"domestic": ["wood", 5]}
    flow.after_bids(state)
    assert state.queue == [{"kind": "domestic", "res": IRON, "ratio": 5},
                           {"kind": "export", "res": CATTLE, "n": 2}]


def pass_turn_keeping_the_deck(state) -> None:
    """Phases 5 and 6 with no card leaving the track: everybody passes, then turns two
    cards that are far from the skull."""
    for slot in state.track:
        slot[1] = 0
    while state.phase == "actions":
        state.apply(state.actor, EndRound())
    turns = [(0, 1), (2, 3), (0, 4), (1, 2), (3, 4)]
    i = 0
    while state.phase == "buy":
        state.apply(state.actor, TurnTwo(*turns[i]))
        i += 1


def test_an_event_repeats_in_every_turn_its_card_stays_on_top():
    """L404: «Если верхняя карта колоды развития остаётся открытой в течение нескольких
    ходов, то указанное на ней событие происходит в фазе 4 каждого из этих ходов»; the Pope's
    back: rebellion −2 per church (L396), one church."""
    state = at_phase_two()
    pope = put_on_top(state, "pope")
    empty_markets(state)
    clear_units(state)
    state.regions[1]["buildings"]["church"] = True
    state.population = 12            # stability: surplus +1 only; keep rebellion below it
    state.surplus = 4                # labour row 4-7: rebellion unmoved
    state.rebellion = 6
    touch(state)
    bid(state, 0, 0, 0)
    assert state.rebellion == 4 and state.phase == "actions"
    pass_turn_keeping_the_deck(state)
    assert state.turn == 3 and state.deck[-1] == pope
    state.surplus = 4
    bid(state, 0, 0, 0)
    assert state.rebellion == 2


def test_the_church_is_used_when_its_controllers_turn_comes():
    """L687: «когда очередь доходит до игрока, контролирующего церковь, этот игрок может
    бесплатно поднять» — not before: the first contributor cannot use seat 0's church."""
    state = in_round(3, seed=1)
    clear_units(state)
    staffed(state, 0, 1, "church")
    flock = place_inhabitants(state, 1, 1, 2)
    state.order = [1, 0, 2]
    domestic_crisis(state)
    assert state.actor == 1
    assert not {a for a in legal(state, 1) if a.kind == "use_church"}
    with pytest.raises(IllegalAction):
        state.apply(1, UseChurch(1))
    state.apply(1, PassCrisis())
    assert UseChurch(1) in legal(state, 0)
    state.apply(0, UseChurch(1))
    state.apply(0, Raise(flock[0]))
    state.apply(0, Raise(flock[1]))                      # the last one up: the crisis is over
    assert state.step == "round" and state.phase == "actions"   # the crisis is over


def test_the_philanthropist_pays_for_screen_cubes_and_tokens_in_both_crises():
    """L968: «Когда игрок тратит кубик ресурса или жетон первооткрывателя из своего запаса
    за ширмой, чтобы помочь преодолеть кризис» — 1f to his zone; a board cube pays nothing, a
    token turned into the cube it spends pays once."""
    state = in_round(3, seed=1, philanthropist=True)
    clear_units(state)
    place_inhabitants(state, 1, 1, 3)
    set_market(state, 0, "stone", 1)
    no_cubes(state, STONE)
    state.tokens[0] = 1
    state.order = [0, 1, 2]
    domestic_crisis(state, ratio=1)
    state.apply(0, Supply(False))
    assert state.phil[0] == 0
    state.apply(0, Raise(balance.lying(state)[0]))
    state.apply(0, ExchangeToken("stone"))
    state.apply(0, Supply(True))
    assert state.phil[0] == 1 and state.tokens[0] == 0
    state.apply(0, Raise(balance.lying(state)[0]))
    state.apply(0, PassCrisis())
    state.apply(1, PassCrisis())
    state.apply(2, PassCrisis())
    set_market(state, 1, "cattle", 1)
    give_cubes(state, 1, cattle=1)
    export_crisis(state, n=2)
    state.apply(0, Supply(False))
    state.apply(0, PassCrisis())
    bank = state.bank_money
    state.apply(1, Supply(True))
    assert state.phil == [1, 1, 0] and state.bank_money == bank - 1


# ---------------------------------------------------------------- strikers (L406-416)
def test_a_striker_neither_acts_nor_controls_its_building_until_liberated():
    """L408: «Забастовщики ... не могут совершать никаких действий. Они не могут использовать
    или контролировать здания»: seat 0's only inhabitant, in a market, strikes: no harvest,
    migration, exploration, building nor market use; phase 1 stands it up (L252)."""
    state = in_round(3, seed=1)
    clear_units(state)
    worker = staffed(state, 0, 1, "market")
    set_money(state, 0, 30)
    give_cubes(state, 0, wood=3, stone=3)
    unit_actions = {"harvest", "migrate", "explore", "build", "use_building"}
    assert pieces.controller(state, 1, "market") == 0
    assert {"use_building", "migrate"} <= kinds(state, 0)
    state.units[worker][STANDING] = False
    touch(state)
    assert pieces.controller(state, 1, "market") == -1
    assert not unit_actions & kinds(state, 0)
    liberation.liberate(state)
    touch(state)
    assert pieces.controller(state, 1, "market") == 0
    assert {"use_building", "migrate"} <= kinds(state, 0)


# ---------------------------------------------------------------- explorer tokens (L429-433)
def test_several_tokens_in_one_domestic_crisis_and_none_goes_back_to_the_stack():
    """L431: a token becomes a cube «во время разрешения кризиса ... не кладите его обратно в
    стопку»; L433: «Можно обменять несколько жетонов ... во время одного и того же ...
    кризиса»."""
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 1, 1, 4)
    empty_markets(state, 0)
    no_cubes(state, STONE)
    state.tokens[0] = 2
    piles, used = list(state.piles), state.tokens_used
    state.order = [0, 1, 2]
    domestic_crisis(state, ratio=2)
    assert {a for a in legal(state, 0) if a.kind == "exchange_token"} == {ExchangeToken("stone")}
    state.apply(0, ExchangeToken("stone"))
    state.apply(0, ExchangeToken("stone"))
    assert state.cubes[0][STONE] == 2 and state.tokens[0] == 0
    for _ in range(2):
        state.apply(0, Supply(True))
        for _ in range(2):
            state.apply(0, Raise(balance.lying(state)[0]))
    assert state.step == "round"                         # all four stand: the crisis is over
    assert state.piles == piles and state.tokens_used == used + 2


def test_no_token_exchange_while_bidding_ordering_or_buying():
    """L433: «только во время кризиса или когда игрок совершает действие, для которого
    требуются ресурсы» — not in phase 2 nor in phase 6."""
    state = after_turn_zero(3, seed=1)
    state.tokens[0] = 1
    touch(state)
    assert "exchange_token" not in kinds(state, 0)
    bid(state, 1, 0, 0)
    assert state.step == "order" and "exchange_token" not in kinds(state, 0)
    state.apply(0, SetOrder((0, 1, 2)))
    assert "exchange_token" in kinds(state, 0)           # phase 5: before an action
    state.order = [0, 1, 2]
    flow.start_buy(state)
    touch(state)
    assert "exchange_token" not in kinds(state, 0)
    with pytest.raises(IllegalAction):
        state.apply(0, ExchangeToken("wood"))
    assert isinstance(legal(state, 0)[0], (BuyCard, TurnTwo))


# ---------------------------------------------------------------- two players (L1015)
def test_two_players_the_higher_bid_orders_and_a_tie_at_once_keeps_the_order():
    """L1015: «В случае ничьей ... игроки не спорят второй раз»; without a tie the higher
    bidder orders as usual (L260)."""
    state = at_phase_two(players=2, turn=1)
    bank = state.bank_money
    bid(state, 0, 1)
    assert state.step == "order" and state.actor == 1 and state.bank_money == bank + 1
    state.apply(1, SetOrder((1, 0)))
    assert state.order == [1, 0]
