"""The heuristic bot of Archipelago (issue 13): found by ``settlers.bots``, never peeks, keeps
the colony from independence in crises (archipelago.ru.txt L336-406, L216-218) unless it holds
the Separatist, bids within its means (L246-256). Strength is measured by
``benchmarks/archipelago_heuristic.py``, not here."""

from __future__ import annotations

import random

import pytest
from arch_scenario import (
    clear_units,
    give_card,
    give_cubes,
    in_round,
    place_inhabitants,
    set_market,
    set_money,
    touch,
)

import settlers.bots as bots
from settlers.games.archipelago import GAME, balance
from settlers.games.archipelago.actions import Bid, PassCrisis, Raise, Supply, Trade
from settlers.games.archipelago.heuristic import evaluate, make_bot, value
from settlers.games.archipelago.state import OWNER

STONE = 4


def domestic_crisis(state, ratio=6):
    assert balance.start_part(state, {"kind": "domestic", "res": STONE, "ratio": ratio})
    touch(state)


def objective_with(state, criterion: str) -> int:
    return next(i for i, o in enumerate(state.content.objectives)
                if o["criterion"] == criterion)


def loyal(state, seat: int) -> None:
    """Give ``seat`` an objective other than the Separatist's."""
    state.objectives[seat] = [objective_with(state, "money")]
    touch(state)


def crisis_table(strikers: int, stone: int):
    """A round in progress, seats in order 0, 1, 2, every unit in the box but ``strikers``
    inhabitants of seat 1 on island 1, and ``stone`` stone on market board I."""
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 1, 1, strikers)
    set_market(state, 0, "stone", stone)
    state.order = [0, 1, 2]
    return state


def test_the_registry_finds_the_heuristic_and_it_plays_legal_moves():
    assert bots.supports("heuristic", "archipelago")
    state = GAME.new_state(3, 4)
    bot = bots.make("heuristic", seed=1)
    for _ in range(60):
        if state.over:
            break
        seat = state.to_act[0]
        action = bot.act(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_a_short_game_of_heuristic_bots_ends_without_independence():
    # L216-218: the bots keep the rebellion marker below the population marker
    state = GAME.new_state(3, 11, {"max_turns": 2})
    seats = [make_bot(seed=s) for s in range(3)]
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, seats[seat].act(state, seat))
    assert state.ended_by != "independence"


def twins(seed: int, steps: int):
    state = GAME.new_state(3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])
    seat = state.to_act[0]
    twin = next(t for t in (state.determinize(seat, 1000 + k) for k in range(50))
                if t.full_state() != state.full_state())
    assert twin.view(seat) == state.view(seat)
    return state, twin, seat


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 12), (3, 40), (5, 70)])
def test_the_decision_ignores_what_the_seat_cannot_see(seed, steps):
    state, twin, seat = twins(seed, steps)
    assert make_bot(seed=7).act(state, seat) == make_bot(seed=7).act(twin, seat)


def test_a_free_cube_from_the_market_board_is_always_given():
    # L360-368: a contributor may pay with a cube of board I
    state = crisis_table(2, 1)
    loyal(state, 0)
    domestic_crisis(state)
    assert make_bot().act(state, 0) == Supply(False)


def test_it_raises_its_own_inhabitants_first():
    # L368: the contributor chooses whose inhabitants stand up
    state = crisis_table(3, 1)
    mine = place_inhabitants(state, 0, 2, 2)
    loyal(state, 0)
    domestic_crisis(state, ratio=2)
    state.apply(0, Supply(False))
    choice = make_bot().act(state, 0)
    assert isinstance(choice, Raise) and state.units[choice.unit][OWNER] == 0 and choice.unit in mine


def test_own_cube_only_when_independence_threatens():
    # L372, L391: every striker moves the rebellion marker; passing the population = the end
    state = crisis_table(1, 0)
    give_cubes(state, 0, stone=1)
    loyal(state, 0)
    state.rebellion = 0
    domestic_crisis(state, ratio=6)
    state.population = 20                  # one striker leaves a wide margin: keep the cube
    touch(state)
    assert make_bot().act(state, 0) == PassCrisis()
    state.population = 3                   # one striker: rebellion 3 of population 3
    state.rebellion = 2
    touch(state)
    assert make_bot().act(state, 0) == Supply(True)


def test_the_separatist_lets_the_crisis_strike():
    # L216, L906-908: the Separatist wins on independence
    state = crisis_table(3, 1)
    state.objectives[0] = [objective_with(state, "separatist")]
    domestic_crisis(state)
    assert make_bot().act(state, 0) == PassCrisis()


def at_the_bids(seed: int = 2):
    state = GAME.new_state(3, seed)
    while state.step != "bid":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def put_on_track(state, card_ids: list[str]) -> None:
    """The evolution track shows exactly ``card_ids`` (the other slots empty)."""
    for k, slot in enumerate(state.track):
        slot[0], slot[1] = (state.content.card_index(card_ids[k]) if k < len(card_ids) else -1), 0
    touch(state)


def quiet_deck_top(state) -> None:
    """The deck's top back asks for no cubes (an event): no crisis reserve is needed."""
    top = next(i for i in reversed(range(len(state.deck)))
               if not ({"domestic", "export"} & set(state.content.cards[state.deck[i]].normal)))
    state.deck.append(state.deck.pop(top))
    touch(state)


def test_the_bid_is_the_worth_of_the_order_within_the_means():
    # L250: bids are spent; L254: the winner orders the turn, L741: and so the first pick of
    # the evolution track in phase 6
    state = at_the_bids()
    loyal(state, 0)
    quiet_deck_top(state)
    set_money(state, 0, 40)
    put_on_track(state, ["pirate", "scout"])          # nothing it wants first pick of
    assert make_bot().act(state, 0) == Bid(1)
    put_on_track(state, ["pirate", "bishop"])         # a card that calms the colony (glossary)
    assert make_bot().act(state, 0) == Bid(3)
    give_card(state, 0, "king")                       # L1469: the King adds 3 to its bids
    put_on_track(state, ["pirate", "bishop"])
    assert make_bot().act(state, 0) == Bid(0)


def test_the_bid_keeps_the_florins_the_coming_crisis_needs():
    # L342-350: the deck's top back shows the next crisis; its cubes cost florins (L485)
    state = at_the_bids()
    loyal(state, 0)
    put_on_track(state, ["pirate", "bishop"])
    set_money(state, 0, 5)
    assert make_bot().act(state, 0) == Bid(0)
    quiet_deck_top(state)
    set_money(state, 0, 4)
    assert make_bot().act(state, 0) == Bid(2)          # 4f less the 2f it always keeps


def test_the_value_fears_independence_and_likes_money():
    state = in_round(3, seed=1)
    loyal(state, 0)
    rich = state.clone()
    rich.money[0] += 10
    assert value(rich, 0) > value(state, 0)
    near = state.clone()
    near.rebellion = near.population
    assert value(near, 0) < value(state, 0) - 20
    assert isinstance(evaluate(state, 0), float)


def test_without_cube_or_token_it_offers_florins_for_the_cube():
    # L220-234: while contributing to a crisis a player may negotiate; the offer is composed
    # as 3 florins for one cube of the demanded resource and sent to the next player
    state = crisis_table(3, 0)
    loyal(state, 0)
    state.tokens[0] = 0
    state.money[0] = 10
    state.population, state.rebellion = 4, 2
    domestic_crisis(state)
    state.offers_left = 2
    touch(state)
    bot = make_bot()
    for _ in range(6):
        if state.step != "offer" and state.actor != 0:
            break
        state.apply(0, bot.act(state, 0))
    assert state.step == "answer" and state.actor == 1
    assert state.offer["give"] == ["f", "f", "f"] and state.offer["want"] == ["stone"]


def test_the_projected_margin_is_the_population_results_on_a_copy():
    # L270-333: boards I to IV in order; the bot computes the same without cloning
    from settlers.games.archipelago import population
    from settlers.games.archipelago.heuristic import projected_margin

    state = GAME.new_state(4, 3)
    rng = random.Random(3)
    for _ in range(300):
        if state.over:
            break
        probe = state.clone()
        population.population_results(probe)
        assert projected_margin(state) == probe.population - probe.rebellion
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])


def test_the_projection_stops_at_independence_before_board_iv():
    """L218, L425 «Игра заканчивается немедленно»: once boards I-III take the rebellion marker
    past the population marker, board IV is not applied (``population.population_results``);
    the bot's projection must not let the labour board's -1 (surplus 0-3, L328) take it back."""
    from settlers.games.archipelago import population
    from settlers.games.archipelago.heuristic import inflow, project, projected_margin

    state = GAME.new_state(4, 3)
    for market in state.market:
        market[:] = [0] * len(market)                        # boards I and II add nothing
    state.surplus = 0
    ds, dr = inflow(state)
    assert ds <= 3 and dr >= 0                               # the labour row of 0-3: -1
    state.rebellion = state.population - dr + 1              # board III passes the population
    probe = state.clone()
    assert population.population_results(probe)             # the rules: independence
    assert project(state) == (probe.surplus, probe.rebellion)
    assert projected_margin(state) == probe.population - probe.rebellion < 0


def objective_only(state, seat: int, criterion: str) -> None:
    state.objectives[seat] = [objective_with(state, criterion)]
    touch(state)


def test_it_pays_from_its_screen_until_every_inhabitant_stands():
    # L364-372: each cube raises `ratio` inhabitants; whoever still lies strikes and moves the
    # rebellion marker, which here would pass the population marker (L391: independence)
    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 1, 1, 2)
    place_inhabitants(state, 2, 2, 2)
    place_inhabitants(state, 0, 3, 2)
    give_cubes(state, 0, stone=3)
    set_market(state, 0, "stone", 0)
    state.order = [0, 1, 2]
    loyal(state, 0)
    state.rebellion = 2
    domestic_crisis(state, ratio=2)
    bot = make_bot()
    while state.step == "domestic" and state.actor == 0:
        state.apply(0, bot.act(state, 0))
    assert not balance.lying(state)
    assert state.cubes[0][STONE] == 0 and state.rebellion == 2 and not state.over


def test_it_buys_the_cube_the_coming_crisis_asks_for():
    # L342-350: the back of the deck's top card shows the next domestic crisis (stone, one
    # cube per 6 inhabitants); nobody holds stone and board I has none, so the bot buys one
    # on the export board (L479-485) rather than let 6 inhabitants strike
    state = in_round(3, seed=1)
    c = state.content
    top = next(i for i in reversed(range(len(state.deck)))
               if (c.cards[state.deck[i]].normal or {}).get("domestic", [""])[0] == "stone")
    state.deck.append(state.deck.pop(top))
    set_market(state, 0, "stone", 0)
    set_market(state, 1, "stone", 2)
    set_money(state, 0, 20)
    objective_only(state, 0, "churches_controlled")
    state.tokens[0] = 0
    touch(state)
    assert make_bot().act(state, 0) == Trade(1, "stone", True)


@pytest.mark.parametrize(("criterion", "card"), [("characters_controlled", "scout"),
                                                 ("progress_controlled", "roads")])
def test_it_buys_the_card_its_objective_counts(criterion, card):
    # L158, L920: the objective card's criterion ranks the players at the end; in phase 6
    # (L741) the bot buys the kind of card its own criterion counts
    from settlers.games.archipelago import flow

    state = in_round(3, seed=1)
    flow.start_buy(state)
    put_on_track(state, ["scout", "roads"])
    objective_only(state, 0, criterion)
    set_money(state, 0, 30)
    choice = make_bot().act(state, 0)
    assert choice.kind == "buy_card"
    assert state.content.cards[state.track[choice.slot][0]].id == card


@pytest.mark.parametrize(("population", "rebellion", "independent"),
                         [(0, 0, False), (5, 5, False), (5, 6, True), (0, 1, True)])
def test_independence_needs_the_rebellion_marker_past_the_population_marker(
        population, rebellion, independent):
    # archipelago.ru.txt L218 «если маркер мятежных настроений обгоняет маркер населения» and
    # L425 «обгонит»: overtaking, so equal markers (even 0:0) are not independence; then
    # L906 «ни у кого из игроков нет карты цели Сепаратист, все игроки проиграли»
    from settlers.games.archipelago import flow

    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, population)
    for seat in range(3):
        loyal(state, seat)
    state.rebellion = rebellion
    flow.settle(state)
    touch(state)
    assert state.over == independent
    if independent:
        assert state.ended_by == "independence" and state.winners() == []
        assert state.collective_loss


def test_on_independence_the_separatist_alone_wins():
    # L908: «он считается единственным победителем»
    from settlers.games.archipelago import flow

    state = in_round(3, seed=1)
    clear_units(state)
    place_inhabitants(state, 0, 1, 2)
    loyal(state, 0)
    loyal(state, 1)
    state.objectives[2] = [objective_with(state, "separatist")]
    state.rebellion = 3
    flow.settle(state)
    assert state.over and state.winners() == [2] and not state.collective_loss


def test_a_decision_works_within_its_probe_cap(monkeypatch):
    # the per-decision work cap: counts of states cloned, never clocks, so a crowded position
    # (15 inhabitants to harvest with or migrate, one sub-step each) costs a bounded amount of
    # work and the decision is still a pure function of the view and the seed
    from settlers.games.archipelago import heuristic
    from settlers.games.archipelago.state import ArchState

    state = in_round(4, seed=1)
    for region in range(len(state.regions)):
        place_inhabitants(state, 0, region, 3)
    set_money(state, 0, 40)
    candidates = len([a for a in state.legal_actions(0) if a.kind not in heuristic.NEGOTIATION])
    clones = [0]
    clone, probe = ArchState.clone, ArchState.probe

    def counted(self):
        clones[0] += 1
        return clone(self)

    def counted_probe(self, rng_state):
        clones[0] += 1
        return probe(self, rng_state)

    monkeypatch.setattr(ArchState, "clone", counted)
    monkeypatch.setattr(ArchState, "probe", counted_probe)
    monkeypatch.setattr(heuristic, "DECISION_PROBES", 10**9)
    free = make_bot(seed=3).act(state, 0)
    unbounded = clones[0]
    monkeypatch.setattr(heuristic, "DECISION_PROBES", 10)
    monkeypatch.setattr(heuristic, "FOLLOW_FLOOR", 1)
    bound = 1 + 10 + 1 * candidates            # the determinized world, the cap, the floors
    runs = []
    for _ in range(2):
        clones[0] = 0
        runs.append(make_bot(seed=3).act(state, 0))
        assert clones[0] <= bound < unbounded
    assert runs[0] == runs[1] and runs[0] in state.legal_actions(0)
    assert free in state.legal_actions(0)


def test_a_cube_is_paid_when_the_next_population_results_would_eat_the_margin():
    # L372: each striker moves the rebellion marker a step; L328-332: the labour board adds
    # rebellion by the surplus at the next population results (here [25,30]: +3), so one
    # striker that leaves a safe margin today is worth a cube when the surplus is high
    from arch_scenario import empty_markets

    state = crisis_table(1, 0)
    empty_markets(state, 0, 1)
    give_cubes(state, 0, stone=1)
    loyal(state, 0)
    domestic_crisis(state, ratio=6)
    state.population, state.rebellion, state.surplus = 12, 3, 5    # labour row [4,7]: 0
    touch(state)
    assert make_bot().act(state, 0) == PassCrisis()
    state.surplus = 26                                               # labour row [25,30]: +3
    touch(state)
    assert make_bot().act(state, 0) == Supply(True)


def test_a_probe_is_a_clone_whose_generator_is_set_from_a_saved_state():
    # the heuristic reads the world's generator once per decision and starts every candidate's
    # copy from it (``ArchState.probe``): the copy must be the clone, chance included, and as
    # independent of the original as a clone
    state = in_round(4, seed=5)
    saved = state.rng.getstate()
    probe, clone = state.probe(saved), state.clone()
    assert probe.full_state() == clone.full_state()
    assert [probe.rng.random() for _ in range(5)] == [clone.rng.random() for _ in range(5)]
    assert state.rng.getstate() == saved
    action = next(a for a in probe.legal_actions(probe.to_act[0]))
    probe.apply(probe.to_act[0], action)
    assert state.full_state() == clone.full_state()
