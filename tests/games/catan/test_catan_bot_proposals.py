"""The heuristic bot's proposals at the trading table (the seventeenth pass,
docs/audits/2026-12-07-seventeenth-catan-bots.md).

«Внутренняя торговля» (catan-almanac.ru.txt L199-203): the player to move trades on terms the
players negotiate — in the example Galina answers Gennady's offer with her own terms, «1 Глину
за 1 Руду и 1 Дровесину» (two kinds for one); «Тактика» L448: «Тот, кто активно торгует,
имеет лучшие шансы на победу. Смело делайте свое предложение игроку, начинающему очередной
ход!». The engine lets a player not to move propose only by a counter-offer to an offer of
the player to move; the bot makes such proposals but never again, in the same turn, terms the
player to move left untaken (nor terms asking at least as much for the same cards). As the
player to move it offers the spare kind it holds most, asks two cards of a kind when that
completes its build this turn, and — with ``explicit_terms`` — uses its last offer of the
turn for a two-kind offer (1 ore + 1 wool for 1 brick) that puts every spare kind left on
the table.
"""

from __future__ import annotations

from catan_scenario import corner_at, give, scenario, settle, vec

import settlers.bots as bots
from settlers.games.catan import heuristic
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    ANSWER_NO,
    ANSWER_YES,
    WITHDRAW,
    CounterOffer,
    OfferTrade,
)
from settlers.games.catan.topology import CORNERS

GENNADY, VENIAMIN, GALINA, BOGDAN = 0, 1, 2, 3


def free_corner(st) -> int:
    return next(c for c in range(CORNERS - 1, -1, -1)
                if st.settle_ok[c] and st.corner_owner[c] < 0)


def city_saver(current: int):
    """Gennady and Veniamin have one settlement each; Veniamin saves for a city (3 ore,
    2 grain) with 3 ore and 1 grain in hand, one grain short. ``current`` is to move, in the
    trade phase (separate phases)."""
    st = scenario(phases="separate", current=current)
    settle(st, GENNADY, corner_at("E", "N"))
    settle(st, VENIAMIN, free_corner(st))
    give(st, VENIAMIN, ore=3, grain=1)
    return st


def decline_others(st, offerer: int) -> None:
    """Every seat but the offerer's that still owes an answer says no."""
    while st.phase == ph.TRADE_ANSWERS:
        seat = next(s for s in st.to_act if s != offerer)
        st.apply(seat, ANSWER_NO)


def test_a_counter_the_player_to_move_left_untaken_is_not_proposed_again_in_the_turn():
    st = city_saver(current=GENNADY)
    give(st, VENIAMIN, wool=1)
    give(st, GENNADY, lumber=1, brick=1, grain=1)
    bot = bots.make("heuristic", seed=1)
    # Gennady asks for wool; Veniamin's wool is spare, and he proposes his terms: a grain
    st.apply(GENNADY, OfferTrade(vec(lumber=1), vec(wool=1)))
    proposal = bot.act(st, VENIAMIN)
    assert proposal == CounterOffer(vec(wool=1), vec(grain=1))
    st.apply(VENIAMIN, proposal)
    decline_others(st, GENNADY)
    st.apply(GENNADY, WITHDRAW)   # Gennady keeps his grain
    # Gennady asks again for the wool with another card: the same proposal, or one asking a
    # grain and more, would be left untaken again
    st.apply(GENNADY, OfferTrade(vec(brick=1), vec(wool=1)))
    assert bot.act(st, VENIAMIN) == ANSWER_NO
    st.apply(VENIAMIN, ANSWER_NO)
    decline_others(st, GENNADY)
    # the guard bars the terms Gennady left untaken, not his own offer of the grain
    st.apply(GENNADY, OfferTrade(vec(grain=1), vec(wool=1)))
    assert bot.act(st, VENIAMIN) == ANSWER_YES


def test_the_player_to_move_offers_the_spare_kind_it_holds_most():
    st = city_saver(current=VENIAMIN)
    give(st, VENIAMIN, brick=1, wool=3)
    assert bots.make("heuristic", seed=1).act(st, VENIAMIN) == OfferTrade(vec(wool=1),
                                                                          vec(grain=1))


def test_two_cards_of_a_kind_are_asked_when_they_complete_the_build_this_turn():
    # a city short of both grain: 1 wool for 2 grain completes it now (1 for 1 would not)
    st = city_saver(current=VENIAMIN)
    st.hands[VENIAMIN] = [0, 0, 2, 0, 3]
    assert bots.make("heuristic", seed=1).act(st, VENIAMIN) == OfferTrade(vec(wool=1),
                                                                          vec(grain=2))


def test_a_two_kind_offer_puts_the_spare_kinds_left_on_the_table_as_the_last_offer():
    """With ``explicit_terms``: one brick short of a road (no city, no free spot), 2 grain,
    1 ore, 1 wool to spare. The first offer is a grain for the brick; refused, the last offer
    of the turn (``OFFERS_PER_TURN``) is the almanac's two-kind terms, 1 ore + 1 wool for 1
    brick — legal, though the menu lists no two-kind offers."""
    st = scenario(phases="separate", current=VENIAMIN)
    settle(st, VENIAMIN, corner_at("E", "N"))
    st.cities_left[VENIAMIN] = 0
    give(st, VENIAMIN, lumber=1, grain=2, ore=1, wool=1)
    assert heuristic.OFFERS_PER_TURN == 2
    bot = heuristic.CatanHeuristic(seed=1, explicit_terms=True)
    first = bot.act(st, VENIAMIN)
    assert first == OfferTrade(vec(grain=1), vec(brick=1))
    st.apply(VENIAMIN, first)
    decline_others(st, VENIAMIN)
    last = bot.act(st, VENIAMIN)
    assert last == OfferTrade(vec(ore=1, wool=1), vec(brick=1))
    assert last not in st.legal_actions(VENIAMIN) and st.illegal_reason(VENIAMIN, last) is None
    # the default bot keeps to the menu: its last offer is a 1-for-1 in a kind not yet offered
    plain = heuristic.make_bot(seed=1).act(st, VENIAMIN)
    assert plain in st.legal_actions(VENIAMIN)
    assert plain.get == vec(brick=1) and sum(plain.give) == 1 and not plain.give[3]


def repeated_terms(players: int, seed: int, explicit_seat: int | None = None) -> dict[str, int]:
    """A game of heuristic bots (``explicit_terms`` in ``explicit_seat``): the offers, the
    counter-offers, how many of each repeat terms left untaken earlier in the same turn, and
    the most offers one player made in a turn."""
    import settlers

    st = settlers.load("catan").new_state(players, seed)
    st.record_events = False
    lineup = [heuristic.CatanHeuristic(seed=seed + s, explicit_terms=True)
              if s == explicit_seat else heuristic.make_bot(seed + s) for s in range(players)]
    out = {"offers": 0, "counters": 0, "offers_repeated": 0, "counters_repeated": 0,
           "most_offers": 0, "two_kind": 0}
    untaken: set = set()   # (seat, terms) left untaken this turn
    pending: list = []     # the open offer's terms and the counters to it
    for _ in range(20_000):
        if st.over:
            break
        seat = st.to_act[0]
        action = lineup[seat].act(st, seat)
        if action.kind in ("offer_trade", "counter_offer"):
            terms = (seat, action)
            key = "offers" if action.kind == "offer_trade" else "counters"
            out[key] += 1
            out[key + "_repeated"] += terms in untaken
            out["two_kind"] += sum(1 for x in action.give if x) > 1
            pending.append(terms)
        taken = action.seat if action.kind == "accept_trade" else None
        st.apply(seat, action)
        out["most_offers"] = max(out["most_offers"], st.offers_made)
        if st.trade is None and pending:      # the offer closed: what was not taken
            untaken.update(t for t in pending if taken is None
                           or (t[1].kind == "counter_offer" and t[0] != taken))
            pending = []
        if action.kind == "end_turn":
            untaken = set()
    assert st.over
    return out


def test_in_whole_games_no_offer_or_counter_is_made_again_after_it_was_left_untaken():
    for players, seed, explicit in ((4, 0, None), (4, 2, 1), (3, 5, 0)):
        seen = repeated_terms(players, seed, explicit)
        assert seen["offers"] > 10 and seen["counters"] > 10, seen
        assert seen["offers_repeated"] == seen["counters_repeated"] == 0, seen
        assert seen["most_offers"] <= heuristic.OFFERS_PER_TURN, seen
        assert (seen["two_kind"] > 0) == (explicit is not None), seen
