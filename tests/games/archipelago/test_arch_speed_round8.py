"""What the eighth round of issue-19 work keeps or computes another way, against the
computation it replaces, at every step of seeded games (several player counts and option sets,
clones and determinizations taken mid-game):

* the disc menu's trades kept per board fill by (how many of the fill's prices the seat's
  florins pay, which resources it holds a cube of) (``markets._Fill.menus``) are
  ``trade_options`` of both boards, for every seat, also with a table emptied past a size of 2;
* the cards a seat might use, kept with the pieces' facts (``cards._Usable``), list the menu
  of the loop over every owned card they replace, with the kept facts and without (and
  nothing while nobody owns a card: the round menu asks only then, ``wheel.round_legal``);
* the explorer-token exchanges as one shared tuple while the bank holds every resource
  (``explorer_tokens.options``) are the exchanges of the resources the bank holds;
* the offer menu assembled from its kept gives and a shared end (``negotiation.building_legal``)
  is the menu item by item;
* the proposals and gifts kept per answer of ``negotiation.held`` (``negotiation._Held``) are
  those of the items the seat holds, tested one by one; the affordable buildings kept by the
  florins and cubes held (``building.Costs``) are those ``building.can_afford`` allows, also
  with a table emptied past a size of 2;
* the taxed units, a seat's inhabitants of a region and the shores it recruits on, read from
  its own units (``pieces.span``), are those read from every unit;
* a seat's units read with the pieces in the box skipped first (``pieces.SeatUnits``) are
  those read field by field from every unit of the seat;
* ``harvest.free_icon`` reading the icons taken by a loop is the first free icon of the face;
* the recruit price read from the labour rows inline (``markers.recruit_price``) is the price
  of ``markers.labour_row``, for every surplus on the track and past it;
* the harvester's own units carried over its harvest (``harvest.carry_over``,
  ``pieces.SeatUnits.without_free``) are its units read afresh after it, and are dropped when
  the harvester was its last free unit;
* a turn-0 placement looks for the seat's ship after its inhabitants (``setup.place_start``):
  set-up lays out every seat's inhabitants before its ships;
* ``hidden.shuffle`` reading the bit lengths from a table draws what ``Random.shuffle`` draws,
  for lists shorter and longer than the table;
* ``_apply`` reads the steps in which a kind keeps the pieces' facts in its phase per kind
  (``protocol._STEPS_KEEPING``): the pairs of ``memo.KEEP_IN_PHASE``; and it applies with
  ``flow.apply_in_step`` only kinds that are none of ``flow.AT_ANY_STEP``;
* a bid menu, a slice of the shared bids (``turn_order.legal_bids``), lists every bid from
  nothing to the seat's florins;
* the ordering menu (the orders, then the proposals and gifts) is ``legal_orders`` and
  ``opening`` one after the other;
* the objectives' end tests that first compare the cards in the game, or the regions, with
  the number needed (``objectives._test_of``) agree with ``objectives.end_met`` around every
  threshold.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from arch_scenario import afresh, played_states

from settlers.core import Action
from settlers.games.archipelago import (
    GAME,
    board,
    building,
    cards,
    explorer_tokens,
    flow,
    growth,
    harvest,
    hidden,
    markers,
    markets,
    memo,
    negotiation,
    objectives,
    pieces,
    protocol,
    turn_order,
    wheel,
)
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import AddGive, AddWant, Gift
from settlers.games.archipelago.content import RESOURCES

# (3, 910): the game of seed 903 offered no card any more once the open sea, the convoys, the
# passes and the token exchanges followed the rulebook (the seeds play anew), nor that of 909
# once harvest permissions were given region by region (2026-12-06, fourth reading)
CASES = [(4, 901, {}), (2, 908, {}), (3, 910, {"length": "short", "desert_start": True}),
         (5, 904, {"more_control": True, "more_sharpness": True}),
         (4, 905, {"philanthropist": True, "trend": "churches"})]


def walked_states(players: int, seed: int, options: dict[str, Any]) -> Iterator[Any]:
    """The states of a seeded game, and now and then a clone or a determinization of one (with
    what it keeps of its original's facts), moved on by one action of its own."""
    for state in played_states(players, seed, options):
        yield state
        if state.version % 29 == 7:
            copy = state.clone() if state.version % 2 else state.determinize(state.actor, seed)
            yield copy
            seat = copy.to_act[0]
            menu = copy.legal_actions(seat)
            if menu:
                copy.apply(seat, menu[len(menu) // 2], check=False)
                if not copy.over:
                    yield copy


def trades_of_both_boards(state: Any, seat: int) -> list[Action]:
    return markets.trade_options(state, seat, 0) + markets.trade_options(state, seat, 1)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_trades_kept_by_prices_paid_and_cubes_held_are_the_trade_options(
        players: int, seed: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # archipelago.ru.txt L479-491: buying at the row's price, selling into a free slot
    monkeypatch.setattr(markets, "_BOARD_TRADES", {})
    hits = steps = 0
    for state in walked_states(players, seed, options):
        for seat in range(state.players):
            for _ in range(2):   # the second time from the menus the first one kept
                kept: list[Action] = []
                markets.add_trade_options(kept, state, seat)
                assert kept == trades_of_both_boards(state, seat), (seed, state.version, seat)
            hits += 1
        steps += 1
    assert steps > 50 and hits > 150


def test_a_fill_past_its_menu_table_size_starts_a_new_table(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setattr(markets, "_BOARD_TRADES", {})
    monkeypatch.setattr(markets, "_MENUS_MAX", 2)
    seen = 0
    for state in walked_states(4, 906, {}):
        for seat in range(state.players):
            out: list[Action] = []
            markets.add_trade_options(out, state, seat)
            assert out == trades_of_both_boards(state, seat), (state.version, seat)
        (_content, first, second), = markets._BOARD_TRADES.values()
        assert all(len(fill.menus) <= 2 for fill in (*first.values(), *second.values()))
        seen += 1
    assert seen > 100


def card_options_card_by_card(state: Any, seat: int) -> list[Action]:
    """``cards.options`` as the loop over every owned card that ``cards._Usable`` replaces."""
    out: list[Action] = []
    wonder = False
    for s in range(state.players):
        for rec in state.owned[s]:
            c = state.content.cards[rec[0]]
            if c.use == "wonder":
                wonder = wonder or s == seat
                continue
            if rec[1] or c.use == "passive" or (c.use == "owner" and s != seat):
                continue
            if not cards.affordable(state, seat, s, c):
                continue
            fee = c.cost_f + (0 if s == seat else 1)
            out += [cards._USE_CARD[(c.id, a)] for a in cards.args(state, seat, c, fee)]
    if wonder:
        out += cards.wonder_options(state, seat)
    return out


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_cards_kept_with_the_pieces_facts_list_the_card_menu(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L800-864: a card is used once per turn, by its owner or for a fee
    kept_seen = offered = 0
    for state in walked_states(players, seed, options):
        for seat in range(state.players):
            known = state._cache.get(memo.KEY, {})
            if cards._USABLE_KEYS[seat] in known:
                kept_seen += 1
                usable = known[cards._USABLE_KEYS[seat]]
                fresh = cards._Usable(state, seat)
                assert (usable.cards, usable.wonder) == (fresh.cards, fresh.wonder), (
                    seed, state.version, seat)
            want = card_options_card_by_card(state, seat)
            offered += bool(want)
            assert any(state.owned) or not want   # (the round menu asks only with cards owned)
            assert cards.options(state, seat) == want, (seed, state.version, seat)
            assert afresh(state, cards.options, seat) == want, (seed, state.version, seat)
    assert kept_seen > 20 and (offered > 5 or players == 2)   # (2 players: a short game)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_token_exchanges_are_those_of_the_resources_the_bank_holds(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L431: an explorer token becomes a cube from the bank
    emptied = 0
    for state in walked_states(players, seed, options):
        if state.version % 5 == 0 and any(state.tokens):   # a bank out of one resource
            state = state.clone()
            state.bank_cubes[state.version % len(RESOURCES)] = 0
            emptied += 1
        for seat in range(state.players):
            want = ([explorer_tokens._EXCHANGE[r] for r in range(len(RESOURCES))
                     if state.bank_cubes[r] > 0] if state.tokens[seat] > 0 else [])
            assert list(explorer_tokens.options(state, seat)) == want, (seed, state.version)
            for res in range(len(RESOURCES)):
                assert list(explorer_tokens.options(state, seat, [res])) == [
                    a for a in want if a.resource == RESOURCES[res]], (seed, state.version)
    assert emptied > 3


def offer_menu_item_by_item(state: Any, seat: int) -> list[Action]:
    """The offer menu as it was listed before it was assembled from shared tuples."""
    offer = state.offer
    give, want = offer["give"], offer["want"]
    # L229: the cards one holds are items too; L709: a permission per region whose town one
    # controls
    cards = negotiation.card_items(state, seat)
    permits = negotiation.permit_items(state, seat)
    out: list[Action] = [AddGive(it) for it in (*negotiation.ITEMS, *permits, *cards)
                         if len(give) < negotiation.MAX_ITEMS
                         and negotiation.holds(state, seat, [*give, it])]
    if len(want) < negotiation.MAX_ITEMS:
        out += [negotiation._ADD_WANT[it] for it in negotiation.ITEMS]
        out += [AddWant(it) for it in (*negotiation.permit_items(state, offer["to"]),
                                       *negotiation.card_items(state, offer["to"]))
                if it not in want]
    if give or want:
        out.append(negotiation._SEND)
    out.append(negotiation._CANCEL)
    return out


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_offer_menu_is_the_menu_item_by_item(players: int, seed: int,
                                                  options: dict[str, Any]) -> None:
    # archipelago.ru.txt L224-234: up to four items each way, each permission and card once
    menus = 0
    for state in walked_states(players, seed, options):
        if state.step == "offer":
            seat = state.actor
            want = offer_menu_item_by_item(state, seat)
            assert state.legal_actions(seat) == want, (seed, state.version)
            assert tuple(afresh(state, negotiation.building_legal, seat)) == tuple(want)
            menus += 1
    assert menus >= 20   # (case (2, 908) walks another game since rules 2026-12-06.5: 20)


def test_the_card_and_building_end_tests_agree_with_end_met_around_each_threshold() -> None:
    # archipelago.ru.txt L160-214: «… карт прогресса в игре», «… городов» and the like
    checked = 0
    for state in walked_states(4, 907, {}):
        if state.version % 40 != 3:
            continue
        for objective in range(len(state.content.objectives)):
            kind, need = objectives.end_of(state, objective)
            test = objectives._test_of(state, objective)
            if kind in ("progress_in_game", "characters_in_game", "cards_in_game"):
                wanted = {"progress_in_game": "progress", "characters_in_game": "character"}
                of_kind = [i for i, c in enumerate(state.content.cards)
                           if c.type == wanted.get(kind, c.type)]
                others = [i for i, c in enumerate(state.content.cards) if i not in of_kind]
                for extra_of_kind in range(need + 2):
                    for extra_others in (0, 1, need):
                        world = state.clone()
                        world.owned[0] = [[i, 0, 0, 0] for i in of_kind[:extra_of_kind]
                                          + others[:extra_others]]
                        assert test(world) == objectives.end_met(world, objective), (
                            kind, need, extra_of_kind, extra_others)
                        checked += 1
            elif kind in objectives._BUILT:
                building = objectives._BUILT[kind]
                for built in range(min(need + 2, len(state.regions)) + 1):
                    world = state.clone()
                    for k, reg in enumerate(world.regions):
                        reg["buildings"].pop(building, None)
                        if k < built:
                            reg["buildings"][building] = True
                    assert test(world) == objectives.end_met(world, objective), (kind, built)
                    checked += 1
    assert checked > 200


def openings_one_by_one(state: Any, seat: int) -> list[Action]:
    """The proposals and gifts open to ``seat``, each item tested with ``holds`` (L224-234)."""
    if state.offers_left <= 0 or state.offer is not None:
        return []
    items = [it for it in negotiation.ITEMS if negotiation.holds(state, seat, [it])]
    cards = [it for it in negotiation.card_items(state, seat)
             if negotiation.holds(state, seat, [it])]
    others = [t for t in range(state.players) if t != seat]
    return ([negotiation._PROPOSE[t] for t in others]
            + [Gift(t, it) for t in others for it in items]
            + [Gift(t, it) for t in others for it in cards])


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_openings_and_affordable_buildings_are_those_tested_one_by_one(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L224-234 (offers and gifts), L609-627 (building costs)
    costs = None
    for state in walked_states(players, seed, options):
        costs = costs or building.costs_of(state)
        for seat in range(state.players):
            items = [it for it in negotiation.ITEMS if negotiation.holds(state, seat, [it])]
            want = openings_one_by_one(state, seat)
            assert list(negotiation.openings(state, seat)) == want, (seed, state.version, seat)
            assert list(negotiation.held(state, seat)) == items
            assert building.affordable(state, seat, costs) == tuple(
                kind for kind in building.KINDS if building.can_afford(state, seat, kind))


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_the_scans_of_a_seats_own_units_read_what_the_scans_of_every_unit_read(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L469 (taxes), L547 (three inhabitants), L571 and L723 (recruit shores)
    for state in walked_states(players, seed, options):
        units = state.units
        for seat in range(state.players):
            standing = sum(1 for u in units
                           if u[U.OWNER] == seat and u[U.REGION] >= 0 and u[U.STANDING])
            assert wheel.tax_items(state, seat) == (
                standing + len(pieces.controlled(state, seat, "town"))
                + len(pieces.controlled(state, seat, "church"))), (seed, state.version, seat)
            for k in range(len(state.regions)):
                assert pieces.inhabitants_in(state, k, seat) == [
                    i for i, u in enumerate(units)
                    if u[U.REGION] == k and not u[U.SHIP] and u[U.OWNER] == seat]
                if board.region_face(state, k).strait:
                    shores: set[int] = set()
                    for u in units:
                        if u[U.OWNER] == seat and u[U.REGION] == k and u[U.STANDING]:
                            shores |= {0, 1} if u[U.SHIP] else {u[U.SHORE]}
                    assert growth.recruit_shores(state, seat, k) == sorted(shores)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_setup_lays_out_every_seats_inhabitants_before_its_ships(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L125-129: the ship of the start region sails into the region laid
    state = GAME.new_state(players, seed, options)
    inhabitants = state.content.pieces["inhabitants"] * (2 if players == 2 else 1)
    for seat in range(players):
        seats_units = pieces.span(state, seat)
        kinds = [state.units[i][U.SHIP] for i in seats_units]
        assert kinds == [False] * inhabitants + [True] * (len(seats_units) - inhabitants)


def test_the_shuffle_with_a_table_of_bit_lengths_draws_what_random_shuffle_draws() -> None:
    for length in (*range(0, 70), 255, 256, 257, 300):
        for seed in range(3):
            ours, theirs = random.Random(seed), random.Random(seed)
            pile, want = list(range(length)), list(range(length))
            hidden.shuffle(ours, pile)
            theirs.shuffle(want)
            assert pile == want and ours.getstate() == theirs.getstate(), (length, seed)


def test_the_steps_kept_per_kind_are_the_pairs_kept_in_their_phase() -> None:
    steps = {step for step, _kind in memo.KEEP_IN_PHASE} | set(flow.LEGAL_OF_STEP) | {"", "bid"}
    kinds = {kind for _step, kind in memo.KEEP_IN_PHASE} | set(protocol._KEEPS)
    for step in steps:
        for kind in kinds:
            assert (step in protocol._STEPS_KEEPING.get(kind, ())) == (
                (step, kind) in memo.KEEP_IN_PHASE), (step, kind)
    for kind in flow.AT_ANY_STEP:   # (``_apply``'s paths to flow.apply_in_step skip them)
        assert protocol._KEEPS[kind] & protocol._ALWAYS, kind


def test_the_affordable_buildings_kept_past_their_table_size_start_a_new_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # archipelago.ru.txt L609-627: building costs in florins and cubes
    monkeypatch.setattr(building, "_KNOWN_MAX", 2)
    costs = building.Costs(building.costs_of(GAME.new_state(4, 908, {})).kinds)
    for state in walked_states(4, 908, {}):
        for seat in range(state.players):
            for _ in range(2):
                assert building.affordable(state, seat, costs) == tuple(
                    kind for kind in building.KINDS if building.can_afford(state, seat, kind))
            assert len(costs.known) <= 2


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_a_seats_units_are_those_read_field_by_field(players: int, seed: int,
                                                     options: dict[str, Any]) -> None:
    # archipelago.ru.txt L395-399 (active units), L547 (inhabitants per region)
    for state in walked_states(players, seed, options):
        for seat in range(state.players):
            mine = [(i, u) for i, u in enumerate(state.units) if u[U.OWNER] == seat]
            on_board = [(i, u) for i, u in mine if u[U.REGION] >= 0]
            inhabitants: dict[int, list[int]] = {}
            for i, u in on_board:
                if not u[U.SHIP]:
                    inhabitants.setdefault(u[U.REGION], []).append(i)
            scan = pieces.SeatUnits(state, seat)
            assert scan.free == [i for i, u in on_board if u[U.STANDING] and not u[U.ENGAGED]
                                 and not u[U.BUILDING]], (seed, state.version, seat)
            assert scan.mobile == any(u[U.STANDING] and not u[U.ENGAGED] for _i, u in on_board)
            assert scan.standing == {u[U.REGION] for _i, u in on_board if u[U.STANDING]}
            assert scan.inhabitants == inhabitants
            assert scan.inhabitant_in_box == any(
                u[U.REGION] == U.BOX and not u[U.SHIP] for _i, u in mine)
            assert scan.ship_in_box == any(u[U.REGION] == U.BOX and u[U.SHIP] for _i, u in mine)


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_a_bid_menu_lists_every_bid_up_to_the_florins_held(
        players: int, seed: int, options: dict[str, Any]) -> None:
    # archipelago.ru.txt L248-250: a secret bid of any number of one's florins
    bids = 0
    for state in walked_states(players, seed, options):
        if state.step == "bid":
            for seat in state.to_act:
                menu = state.legal_actions(seat)
                assert type(menu) is list and [a.amount for a in menu] == list(
                    range(state.money[seat] + 1)), (seed, state.version, seat)
                assert list(turn_order.legal_bids(state, seat)) == menu
                bids += 1
    assert bids > 4


def test_the_ordering_menu_is_the_orders_then_the_openings() -> None:
    # archipelago.ru.txt L252 (the bid winner orders the turn), L224 (negotiation meanwhile)
    menus = 0
    for players, seed, options in CASES:
        for state in walked_states(players, seed, options):
            if state.step == "order":
                seat = state.actor
                assert state.legal_actions(seat) == (turn_order.legal_orders(state)
                                                     + negotiation.opening(state, seat))
                menus += 1
    assert menus > 10


def test_the_free_icon_is_the_first_icon_nobody_stands_on() -> None:
    # archipelago.ru.txt L443-461 (a free icon of the resource), L723 (an inhabitant's shore)
    taken_seen = 0
    for state in (state for case in CASES[:3] for state in walked_states(*case)):
        for k in range(len(state.regions)):
            face = board.region_face(state, k)
            taken = {u[U.ICON] for u in state.units if u[U.REGION] == k and u[U.ICON] >= 0}
            taken_seen += bool(taken)
            plundered = state.regions[k]["plundered"]
            for res in range(len(RESOURCES)):
                for shore in (-1, 0, 1):
                    want = next((i for i, icon in enumerate(face.icons)
                                 if icon == res and i not in taken and i not in plundered
                                 and (shore < 0 or face.icon_shores[i] == shore)), -1)
                    assert harvest.free_icon(state, k, res, shore) == want, (k, res, shore)
    assert taken_seen > 10


def test_the_recruit_price_is_the_price_of_the_labour_row() -> None:
    # archipelago.ru.txt L567 (the price on board III), L577 (no recruiting at zero surplus)
    state = GAME.new_state(4, 909, {})
    for surplus in range(-1, state.content.labour[-1]["to"] + 5):
        state.surplus = surplus
        price = markers.labour_row(state)["price"]
        assert markers.recruit_price(state) == (
            None if surplus <= 0 or price is None else int(price)), surplus


def test_the_harvesters_units_carried_over_a_harvest_are_read_afresh() -> None:
    # archipelago.ru.txt L455: the harvester stays engaged on its icon until the liberation
    carried = dropped = 0
    for state in (state for case in CASES for state in walked_states(*case)):
        if state.step != "harvest":
            continue
        seat = state.actor
        for unit in harvest.units_for(state, seat, state.ctx["res"]):
            for last in (False, True):
                world = state.clone()
                scan = pieces.SeatUnits(world, seat)
                if last:   # as if the harvester were the seat's last free unit
                    scan.free = [unit]
                known = {memo.SEAT_UNITS: {seat: scan}}
                world.apply(seat, harvest._WITH[(unit,)], check=False)
                harvest.carry_over(world, known, unit)
                kept = known[memo.SEAT_UNITS].get(seat)
                if last or len(pieces.SeatUnits(state, seat).free) < 2:
                    assert kept is None
                    dropped += 1
                else:
                    fresh = pieces.SeatUnits(world, seat)
                    assert kept is not None
                    assert (kept.free, kept.mobile, kept.inhabitant_in_box, kept.ship_in_box,
                            kept.inhabitants, kept.standing) == (
                        fresh.free, fresh.mobile, fresh.inhabitant_in_box, fresh.ship_in_box,
                        fresh.inhabitants, fresh.standing)
                    carried += 1
    assert carried > 5 and dropped > 5


def test_the_openings_with_cards_past_the_bound_start_afresh(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    # the kept openings with cards are bounded in one table (a long run meets ever more hands
    # of cards): past the bound it is emptied and the answers stay those tested one by one
    # (archipelago.ru.txt L224-234)
    monkeypatch.setattr(negotiation, "_WITH_CARDS", {})
    monkeypatch.setattr(negotiation, "_WITH_CARDS_MAX", 3)
    with_cards = 0
    for state in walked_states(4, 901, {}):
        for seat in range(state.players):
            want = openings_one_by_one(state, seat)
            assert list(negotiation.openings(state, seat)) == want, (state.version, seat)
            with_cards += any(isinstance(a, Gift) and a.item.startswith(negotiation.CARD)
                              for a in want)
            assert len(negotiation._WITH_CARDS) <= 3
    assert with_cards > 20
