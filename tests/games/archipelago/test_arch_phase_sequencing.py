"""Sequencing inside the phases: independence looked at after every move of the rebellion
marker in phase 3, immediate crises of phase 6 one drawn card at a time, the Explorer's and
the Detective's 6th card, negotiation while a contributor raises inhabitants
(archipelago.ru.txt L218, L228, L280, L376, L425, L756-792, L890-892, L1105)."""

from __future__ import annotations

import pytest
from arch_scenario import (
    after_turn_zero,
    card_table,
    clear_units,
    empty_markets,
    give_card,
    give_cubes,
    in_round,
    place_inhabitants,
    set_market,
    set_money,
    touch,
)

from settlers.core import IllegalAction
from settlers.games.archipelago import balance, flow, population
from settlers.games.archipelago.actions import (
    AddGive,
    Answer,
    Bid,
    BuyCard,
    Done,
    Gift,
    PassCrisis,
    Pick,
    Propose,
    Raise,
    SendOffer,
    Supply,
    UseCard,
)
from settlers.games.archipelago.content import RESOURCES

STONE = RESOURCES.index("stone")


# ---------------------------------------------------------------- phase 3 (L280, L218, L425)
def phase_three_position(push: bool):
    """Turn 1, the bids due. Rebellion level with population (not passed yet), surplus 0
    (board IV: rebellion -1, L328), one cube in every zone of board I but stone: 6 stone
    cubes (the third row: rebellion +1, L294) when ``push``, else 1; 6 fish on board II (its
    third row: surplus +1, L304)."""
    state = after_turn_zero(3, seed=0)
    assert state.step == "bid" and state.turn == 1
    for res in RESOURCES:
        set_market(state, 0, res, 1)
        set_market(state, 1, res, 0)
    set_market(state, 0, "stone", 6 if push else 1)
    set_market(state, 1, "fish", 6)
    state.surplus = 0
    state.rebellion = state.population
    touch(state)
    return state


def all_bid_nothing(state) -> None:
    """Every seat bids 0: the order stays and phase 3 follows at once (L246-256)."""
    for seat in list(state.to_act):
        state.apply(seat, Bid(0))


def test_independence_inside_phase_three_ends_the_game_before_board_iv():
    """L280 «Отметьте результаты изменения популяции на каждой доске от I до IV по порядку»;
    L425 «Если маркер мятежных настроений обгонит маркер населения ... Игра заканчивается
    немедленно.» Board I's stone zone puts rebellion one above population: the game is over
    there; board II (surplus +1) and board IV (rebellion -1) are not applied."""
    state = phase_three_position(push=True)
    population_before = state.population
    all_bid_nothing(state)
    assert state.phase == "over" and state.ended_by == "independence"
    assert state.rebellion == population_before + 1     # board IV did not bring it back
    assert state.surplus == 0                           # board II was not applied
    assert state.to_act == ()
    assert all(state.legal_actions(s) == [] for s in range(state.players))
    with pytest.raises(IllegalAction):
        state.apply(0, Bid(0))


def test_phase_three_goes_on_while_rebellion_only_reaches_population():
    """The same position without the stone push: rebellion equals population after board I
    (not passed, L218 «обгоняет»), board II moves the surplus to 1 and board IV (row 1-3,
    rebellion -1) lowers it: the game goes on to phase 5 (turn 1 has no phase 4, L338)."""
    state = phase_three_position(push=False)
    population_before = state.population
    all_bid_nothing(state)
    assert state.phase == "actions" and state.ended_by == ""
    assert state.surplus == 1
    assert state.rebellion == population_before - 1


def test_independence_at_board_three_skips_board_four():
    """Board III (L318: population 31-40 moves rebellion +1) passes the population marker:
    board IV (surplus 0: rebellion -1) is not applied and ``population_results`` says the
    archipelago is independent; at population 30 (row 21-30, no rebellion) board IV is."""
    state = after_turn_zero(5, seed=1)
    empty_markets(state)
    state.population, state.rebellion, state.surplus = 35, 35, 0
    assert population.population_results(state) is True
    assert state.rebellion == 36 and state.surplus == 1     # board III's surplus +1 applied
    state.population, state.rebellion, state.surplus = 30, 30, 0
    assert population.population_results(state) is False
    assert state.rebellion == 29 and state.surplus == 2


def test_a_phase_four_event_after_a_crisis_is_looked_at_one_part_at_a_time():
    """L218 between the parts of one card back (L340-404): a domestic crisis whose strikers
    pass the population marker ends the game before the event that follows it (-2 rebellion
    per church, L402) could bring the marker back."""
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, 2)
    state.regions[1]["buildings"]["church"] = True   # a church (nobody inside) for the event
    state.rebellion = 1
    state.order = [0, 1, 2]
    state.phase, state.step = "crisis", ""
    state.queue = [{"kind": "domestic", "res": STONE, "ratio": 6},
                   {"kind": "event", "event": "churches_down_2"}]
    flow.settle(state)
    touch(state)
    assert state.step == "domestic"
    for seat in (0, 1, 2):
        state.apply(seat, PassCrisis())
    assert state.phase == "over" and state.ended_by == "independence"
    assert state.rebellion == 3 and state.queue == [{"kind": "event", "event": "churches_down_2"}]


# ---------------------------------------------------------------- phase 6 (L756-792)
def two_empty_slots_position():
    """Phase 6 of turn 1, seat 0 to buy. The deck (top last): ..., Thief, Pirate, a card with
    no red zone; slot 1 one quarter turn from the skull. Buying slot 0 and turning slot 1
    empties two slots at once (L792). Two inhabitants of seat 0 stand on the archipelago and
    board I holds wood and iron for the immediate crises."""
    state = in_round(3, seed=0)
    flow.start_buy(state)
    c = state.content
    pirate, thief = c.card_index("pirate"), c.card_index("thief")
    # (the content these tests rely on: both backs carry a red domestic crisis)
    assert c.cards[pirate].red == {"domestic": ["wood", 5]}
    assert c.cards[thief].red == {"domestic": ["iron", 5]}
    plain = next(i for i in state.deck if not c.cards[i].red and i not in (pirate, thief))
    state.deck = [i for i in state.deck if i not in (pirate, thief, plain)] + [thief, pirate, plain]
    state.track[1][1] = 2
    clear_units(state)
    units = place_inhabitants(state, 0, 0, 2)
    set_market(state, 0, "wood", 2)
    set_market(state, 0, "iron", 2)
    set_money(state, 0, 20)
    touch(state)
    return state, pirate, thief, plain, units


def test_two_emptied_slots_are_refilled_one_card_and_one_red_zone_at_a_time():
    """L756 «заполните их картами, вытащенными по одной из колоды развития»; L770 «Если на
    рубашке новой верхней карты колоды, открывшейся в результате перемещения предыдущей, есть
    красная зона, соответствующий кризис или событие должны быть немедленно разыграны»; L792
    two immediate crises from two cards taken off the track at once. The first card drawn
    uncovers the Pirate's red zone (wood): that crisis is resolved while the Pirate is still
    the deck's top (its back is what every seat sees) and slot 1 still empty; only then is
    the Pirate drawn, uncovering the Thief's red zone (iron)."""
    state, pirate, thief, plain, units = two_empty_slots_position()
    state.apply(0, BuyCard(0, 1))
    assert state.step == "domestic" and state.ctx["res"] == RESOURCES.index("wood")
    assert state.track[0][0] == plain and state.track[1][0] == -1
    assert state.deck[-1] == pirate and state.queue == []
    for seat in (1, 2):
        assert state.view(seat)["state"]["deck_top_back"]["red"] == {"domestic": ["wood", 5]}
    # the refill waits for the crisis: nobody but the contributor acts, nobody buys
    version = state.version
    with pytest.raises(IllegalAction):
        state.apply(1, BuyCard(0, 1))
    assert state.version == version and state.track[1][0] == -1
    state.apply(0, Supply(False))
    state.apply(0, Raise(units[0]))
    state.apply(0, Raise(units[1]))        # every inhabitant stands: the crisis is over
    assert state.track[1] == [pirate, 0] and state.deck[-1] == thief
    assert state.step == "domestic" and state.ctx["res"] == RESOURCES.index("iron")
    state.apply(0, Supply(False))
    state.apply(0, Raise(units[0]))
    state.apply(0, Raise(units[1]))
    assert state.phase == "buy" and state.step == "buy" and state.actor == 1
    assert state.rebellion == 0


def test_two_emptied_slots_without_red_zones_are_filled_at_once():
    """The same purchase when neither new top card shows a red zone: both slots are filled
    in the action and the next player buys (no immediate crisis, L770)."""
    state = two_empty_slots_position()[0]
    c = state.content
    calm = [i for i in state.deck if not c.cards[i].red][:3]
    state.deck = [i for i in state.deck if i not in calm] + calm
    touch(state)
    state.apply(0, BuyCard(0, 1))
    assert state.step == "buy" and state.actor == 1
    assert state.track[0][0] == calm[2] and state.track[1][0] == calm[1]


# ---------------------------------------------------------------- Detective / Explorer (L1105)
def reveal_position(card_id: str, sixth_red: bool):
    """Seat 0 in its round of turn 1 holds ``card_id`` and 10f; two of its inhabitants stand
    on the archipelago. The five top cards of the deck include one of the type the card buys
    and one with a red zone (ignored, L1105); the 6th card from the top shows a red domestic
    crisis when ``sixth_red``, else no red zone."""
    state = card_table(3, 1)
    give_card(state, 0, card_id)
    set_money(state, 0, 10)
    units = place_inhabitants(state, 0, 0, 2)
    cards = state.content.cards
    wanted = "progress" if card_id == "explorer" else "character"
    reds = [i for i in state.deck if cards[i].red and "domestic" in cards[i].red]
    calm = [i for i in state.deck if not cards[i].red]
    buyable = next(i for i in calm if cards[i].type == wanted and min(cards[i].prices) <= 10)
    sixth = reds[0] if sixth_red else next(i for i in calm if i != buyable)
    five = [reds[1], buyable, *[i for i in calm if i not in (buyable, sixth)][:3]]
    state.deck = [i for i in state.deck if i not in (sixth, *five)] + [sixth, *five]
    touch(state)
    return state, units, sixth, five, buyable


@pytest.mark.parametrize("card_id", ["explorer", "detective"])
def test_the_sixth_cards_red_zone_is_resolved_before_the_purchase(card_id):
    """L1105 (Сыщик/Исследователь): «Игнорируйте любые красные зоны 5 открытых карт. Однако,
    если красная зона появляется на 6-й карте – верхней карте колоды развития, её условия надо
    выполнить немедленно.» The five cards are turned face up, the 6th card's red domestic
    crisis is resolved at once — the purchase (L1376, L1394 «вы можете приобрести любую из них
    по минимальной стоимости») comes after it, in the same round."""
    state, _units, sixth, five, buyable = reveal_position(card_id, sixth_red=True)
    rebellion, money = state.rebellion, state.money[0]
    state.apply(0, UseCard(card_id, ()))
    assert state.step == "domestic" and state.deck[-1] == sixth
    assert state.ctx["res"] == RESOURCES.index(state.content.cards[sixth].red["domestic"][0])
    # the five lie face up while the crisis is resolved: every seat's view shows them
    ids = sorted(state.content.cards[i].id for i in five)
    for viewer in (0, 1, None):
        shown = state.view(viewer)["state"]["revealed_cards"]
        assert sorted(shown["cards"]) == ids and shown["seat"] == 0
    # the purchase waits for the crisis
    version = state.version
    with pytest.raises(IllegalAction):
        state.apply(0, Pick(state.content.cards[buyable].id))
    assert state.version == version and state.money[0] == money - 1   # only the fee paid
    for seat in state.order:
        state.apply(seat, PassCrisis())
    assert state.rebellion == rebellion + 2               # the two strikers, before buying
    assert state.step == "reveal" and state.actor == 0
    assert sorted(state.ctx["cards"]) == sorted(five)
    assert sorted(state.view(1)["state"]["revealed_cards"]["cards"]) == ids
    state.apply(0, Pick(state.content.cards[buyable].id))
    assert [rec[0] for rec in state.owned[0]][-1] == buyable
    assert state.step == "round" and state.actor == 0 and state.queue == []
    assert state.view(1)["state"]["revealed_cards"] is None   # the rest went to the discard
    assert set(five) - {buyable} <= set(state.card_discard)
    assert state.rebellion == rebellion + 2               # no second crisis after the purchase


def test_red_zones_among_the_five_cards_are_ignored():
    """L1105 «Игнорируйте любые красные зоны 5 открытых карт»: with no red zone on the 6th
    card the purchase follows at once, and no crisis comes after it."""
    state, _units, _sixth, five, _buyable = reveal_position("explorer", sixth_red=False)
    assert state.content.cards[five[0]].red                # a red zone among the five
    rebellion = state.rebellion
    state.apply(0, UseCard("explorer", ()))
    assert state.step == "reveal" and state.actor == 0 and state.queue == []
    assert sorted(state.ctx["cards"]) == sorted(five)
    state.apply(0, Done())
    assert state.step == "round" and state.rebellion == rebellion


# ---------------------------------------------------------------- negotiation while raising
def test_the_contributor_may_negotiate_between_paying_and_raising_but_must_raise():
    """L376: «И снова наступает идеальное время для вступления в переговоры с остальными
    игроками о том, чтобы заплатить им за оказание содействия. Игрок, который потратил
    ресурс, обязан поднять указанное число жителей, если только они все уже не стоят, даже в
    случае провала переговоров.»; L228 negotiation «во время разрешения кризиса». After its
    stone cube, seat 0 owes two raises: it may propose and give (two openings per moment,
    negotiation.OFFERS_PER_MOMENT) but may not pass or pay again until both are made; a
    declined offer changes nothing of what it owes. Reading kept: during a contributor's
    turn only the contributor opens negotiations (the others answer)."""
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 1, 1, 3)
    place_inhabitants(state, 2, 2, 3)
    give_cubes(state, 0, stone=2)
    set_money(state, 0, 5)
    state.order = [0, 1, 2]
    assert balance.start_part(state, {"kind": "domestic", "res": STONE, "ratio": 2})
    touch(state)
    state.apply(0, Supply(True))
    assert state.ctx["raise_left"] == 2
    menu = state.legal_actions(0)
    assert {a.kind for a in menu} == {"raise", "propose", "gift"}
    assert Propose(1) in menu and Gift(2, "f") in menu
    assert state.legal_actions(1) == [] and state.legal_actions(2) == []
    for refused in (PassCrisis(), Supply(True)):         # the raises are owed first
        version = state.version
        with pytest.raises(IllegalAction):
            state.apply(0, refused)
        assert state.version == version and state.ctx["raise_left"] == 2
    # an offer to seat 1 (1f for raising its inhabitants), declined: the raises stay owed
    state.apply(0, Propose(1))
    state.apply(0, AddGive("f"))
    state.apply(0, SendOffer())
    assert state.step == "answer" and state.actor == 1
    state.apply(1, Answer(False))
    assert state.step == "domestic" and state.actor == 0 and state.ctx["raise_left"] == 2
    assert state.money[0] == 5
    state.apply(0, Gift(1, "f"))                          # the second opening of the moment
    assert {a.kind for a in state.legal_actions(0)} == {"raise"}
    lying = balance.lying(state)
    state.apply(0, Raise(lying[0]))
    state.apply(0, Raise(lying[1]))
    kinds = {a.kind for a in state.legal_actions(0)}
    assert "raise" not in kinds and {"supply", "pass_crisis"} <= kinds
