"""Every menu of random games recomputed from the almanac (catan-almanac.ru.txt), independently of
the engine's kept tables, and compared with ``legal_actions`` at every step, for every seat.

The referee reads only the pieces on the board, the hands, the bank, the deck and the cards; the
harbours a player may use it derives from the settlements it built, less those built in the turn
under way (L293), which it tracks from the actions played. Seventh reading,
docs/audits/2026-12-06-seventh-catan-rules.md.

Domestic trade (fifteenth reading, docs/audits/2026-12-07-fifteenth-catan-rules.md): which offers
and counter-offers the menu lists is the bots' choice, not a rule (any well-formed one is legal,
``test_catan_trade.py``), so ``check_domestic`` checks the rule around them instead, at every
step: who may offer and when (an unlisted two-kind offer sent explicitly is legal exactly then),
that every listed offer and counter is a trade of the answerer's or mover's own cards with no
gift, the answers (no always, yes only with the asked cards) and the mover's choice (the answers
it can pay, and withdrawal). It also plays games of heuristic bots, in which ``check_views``
checks what each seat's view, events and log hide, and a spectator's (seventeenth reading,
docs/audits/2026-12-07-seventeenth-catan-rules.md)."""

from __future__ import annotations

import json
import random

import pytest
from catan_scenario import GAME

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import CounterOffer, OfferTrade
from settlers.games.catan.content import RESOURCES
from settlers.games.catan.heuristic import make_bot
from settlers.games.catan.topology import (
    CORNER_EDGES,
    CORNER_NEIGHBOURS,
    CORNERS,
    EDGE_CORNERS,
    EDGES,
    HEX_CORNERS,
    HEXES,
)

#: «Карта цены строительства» (the content facts: the almanac's card is garbled)
ROAD, SETTLEMENT, CITY, DEVELOPMENT = (1, 1, 0, 0, 0), (1, 1, 1, 1, 0), (0, 0, 0, 2, 3), (0, 0, 1, 1, 1)
GENERIC = 5


def _afford(hand, cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost, strict=True))


def _road_ok(st, p: int, e: int) -> bool:
    """L229: a new road joins the player's own road or building; L343: one road a path. Not
    on from a corner an opponent holds (the publisher's reading: the road would join the
    opponent's settlement, not one's own road)."""
    if st.edge_owner[e] >= 0:
        return False
    for x in EDGE_CORNERS[e]:
        owner = st.corner_owner[x]
        if owner == p:
            return True
        if owner == -1 and any(st.edge_owner[f] == p for f in CORNER_EDGES[x] if f != e):
            return True
    return False


def _distance_ok(st, c: int) -> bool:
    """L360: a free intersection whose neighbours hold no settlement or city."""
    return st.corner_owner[c] < 0 and all(st.corner_owner[n] < 0 for n in CORNER_NEIGHBOURS[c])


def _card_plays(st, p: int) -> set[tuple]:
    """L265, L277: one card a turn, not one bought this turn; L267-271: what each card asks."""
    if st.dev_played:
        return set()
    old = [st.dev[p][k] - st.dev_new[p][k] for k in range(5)]
    out: set[tuple] = set()
    if old[0]:
        out.add(("play_knight",))
    if old[2]:
        out.add(("play_road_building",))
    if old[3]:
        bank = st.bank
        if sum(bank) >= 2:
            out |= {("plenty", RESOURCES[a], RESOURCES[b]) for a in range(5) for b in range(a, 5)
                    if (bank[a] >= 2 if a == b else bank[a] and bank[b])}
        else:
            out |= {("plenty", RESOURCES[a]) for a in range(5) if bank[a]}
    if old[4]:
        out |= {("monopoly", r) for r in RESOURCES}
    return out


def _harbours(st, p: int, built_this_turn: set[int]) -> set[int]:
    """L289, L293: harbours of the player's buildings, from the turn after the settlement."""
    return {st.board.corner_harbour[c] for c in range(CORNERS)
            if st.corner_owner[c] == p and c not in built_this_turn
            and st.board.corner_harbour[c] >= 0}


def _rate(harbours: set[int], r: int) -> int:
    """L235, L241, L247: 4:1; 3:1 at a generic harbour; 2:1 for a special harbour's resource."""
    return 2 if r in harbours else 3 if GENERIC in harbours else 4


def expected(st, seat: int, built_this_turn: set[int]) -> set[tuple] | None:
    """The menu of ``seat`` by the almanac (None: domestic negotiation, not compared)."""
    phase, p = st.phase, st.current
    if phase == ph.OVER:
        return set()
    if phase == ph.DISCARD:   # L158-160: those over 7 cards give half, any cards of their hand
        if not st.discard_owed[seat]:
            return set()
        return {("discard", RESOURCES[r]) for r in range(5)
                if st.hands[seat][r] > st.discard_chosen[seat][r]}
    if phase == ph.TRADE_ANSWERS:
        return None
    if seat != p:
        return set()
    hand = st.hands[p]
    if phase == ph.FOUND_SETTLEMENT:   # L478-480, L488
        return {("place_settlement", c) for c in range(CORNERS) if _distance_ok(st, c)}
    if phase == ph.FOUND_ROAD:         # L478, L488: from the settlement just placed
        return {("place_road", e) for e in CORNER_EDGES[st.last_settlement]
                if st.edge_owner[e] < 0}
    if phase == ph.ROLL:               # L414, L277 («в том числе и перед броском кубиков»)
        return {("roll_dice",)} | _card_plays(st, p)
    if phase == ph.ROBBER:             # L164-165, L377: another land hex; a neighbour with cards
        out = _card_plays(st, p)
        for h in range(HEXES):
            if h != st.robber:
                out.add(("move_robber", h, None))
                out |= {("move_robber", h, st.corner_owner[c]) for c in HEX_CORNERS[h]
                        if st.corner_owner[c] not in (-1, p)
                        and sum(st.hands[st.corner_owner[c]])}
        return out
    if phase == ph.ROAD_BUILDING:      # L267: free, by the usual rules
        return {("build_road", e) for e in range(EDGES) if _road_ok(st, p, e)}
    if phase == ph.TRADE_CHOOSE:
        return None
    out = {("end_turn",)} | _card_plays(st, p)
    if phase == ph.TRADE:
        out.add(("start_building",))
    if phase in (ph.TRADE, ph.MAIN):   # L233-251
        harbours = _harbours(st, p, built_this_turn)
        out |= {("maritime_trade", RESOURCES[g], RESOURCES[w]) for g in range(5)
                if hand[g] >= _rate(harbours, g) for w in range(5) if w != g and st.bank[w]}
    if phase in (ph.BUILD, ph.MAIN):   # L437, L207, L345-350, L360
        if _afford(hand, ROAD) and st.roads_left[p]:
            out |= {("build_road", e) for e in range(EDGES) if _road_ok(st, p, e)}
        if _afford(hand, SETTLEMENT) and st.settlements_left[p]:
            out |= {("build_settlement", c) for c in range(CORNERS) if _distance_ok(st, c)
                    and any(st.edge_owner[e] == p for e in CORNER_EDGES[c])}
        if _afford(hand, CITY) and st.cities_left[p]:
            out |= {("build_city", c) for c in range(CORNERS)
                    if st.corner_owner[c] == p and st.corner_level[c] == 1}
        if _afford(hand, DEVELOPMENT) and st.deck:
            out.add(("buy_development_card",))
    return out


def _key(action) -> tuple:
    kind = action.kind
    if kind == "play_year_of_plenty":
        return ("plenty", *action.resources)
    if kind == "play_monopoly":
        return ("monopoly", action.resource)
    if kind in ("build_road", "place_road"):
        return (kind, action.path)
    if kind in ("build_settlement", "build_city", "place_settlement"):
        return (kind, action.intersection)
    if kind == "maritime_trade":
        return (kind, action.give, action.get)
    if kind == "move_robber":
        return (kind, action.hex, action.victim)
    if kind == "discard":
        return (kind, action.resource)
    return (kind,)


def _unlisted(hand) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """One card each of two kinds the hand holds for one card of a third: Galina's terms in
    L203 («1 Глину за 1 Руду и 1 Дровесину»), a shape the bots' menu never lists."""
    held = [r for r in range(5) if hand[r]]
    if len(held) < 2:
        return None
    give, get = [0] * 5, [0] * 5
    give[held[0]] = give[held[1]] = 1
    get[next(r for r in range(5) if r not in held[:2])] = 1
    return tuple(give), tuple(get)


def _a_trade_of_own_cards(hand, give, get) -> bool:
    """L199: cards for cards, none given for nothing, the same kind not on both sides, and
    only cards the giver holds."""
    return (any(give) and any(get) and not any(g and w for g, w in zip(give, get, strict=True))
            and all(h >= g for h, g in zip(hand, give, strict=True)))


def check_domestic(st, seat: int) -> None:
    """L199-L203, L422, L452 and the pending decision of the package README: offers only by the
    player to move, after the roll and the robber, in the trade phase (or the combined one),
    as often as the table allows (no limit by default); answers by the others at once; the
    mover takes an answer it can pay, or withdraws."""
    phase, p, hand = st.phase, st.current, st.hands[seat]
    menu = st.legal_actions(seat)
    limit = st.options["trade_offers"]
    may_offer = (seat == p and phase in (ph.TRADE, ph.MAIN) and st.options["domestic_trade"]
                 and (not limit or st.offers_made < limit) and sum(hand) > 0)
    for a in menu:
        if a.kind == "offer_trade":
            assert may_offer and _a_trade_of_own_cards(hand, a.give, a.get), a
    probe = _unlisted(hand)
    if probe is not None:
        allowed = st.illegal_reason(seat, OfferTrade(*probe)) is None
        assert allowed == may_offer, (ph.NAMES[phase], seat, probe, allowed)
    trade = st.trade
    if phase == ph.TRADE_ANSWERS:
        owes = seat != p and trade["answers"][seat] is None
        kinds = {a.kind for a in menu}
        if not owes:
            assert not menu, menu
        else:
            holds = all(h >= w for h, w in zip(hand, trade["get"], strict=True))
            answers = {a.accept for a in menu if a.kind == "answer_trade"}
            assert answers == ({False, True} if holds else {False}), (holds, answers)
            assert kinds <= {"answer_trade", "counter_offer"}, kinds
            for a in menu:
                if a.kind == "counter_offer":
                    assert _a_trade_of_own_cards(hand, a.give, a.get), a
        if probe is not None:   # a counter on any terms, from a seat that still owes an answer
            allowed = st.illegal_reason(seat, CounterOffer(*probe)) is None
            assert allowed == owes, (seat, probe, allowed)
    if phase == ph.TRADE_CHOOSE and seat == p:
        want = {("withdraw_trade", None)}
        for q, reply in enumerate(trade["answers"]):
            if reply is None or q == p or reply[0] == "decline":
                continue
            pays = trade["give"] if reply[0] == "accept" else reply[2]
            if all(h >= c for h, c in zip(hand, pays, strict=True)):
                want.add(("accept_trade", q))
        assert {(a.kind, getattr(a, "seat", None)) for a in menu} == want


def check_views(st) -> None:
    """L259, L275, L279: development cards are kept «в секрете», victory point cards shown only
    at the end; L164, L378: a hand is closed; L472: the deck is a closed pile. Each seat's view,
    its events and the redacted log show the others' counts only: not their resource cards, not
    their development cards (old or bought this turn), not their points with the hidden cards,
    not the discards they pick, not the card each bought, nor the deck, the seed or the dice to
    come. A spectator (seat None, seventeenth reading) sees no seat's hidden cards at all."""
    if st.over:
        return
    for seat in (*range(st.players), None):
        view = st.view(seat, events_since=0)
        for player in view["state"]["players"]:
            if player["seat"] != seat:
                assert all(player[key] is None for key in (
                    "resources", "development", "new_development", "points",
                    "victory_point_cards", "discard_chosen")), player
        for event in view["events"]:
            if event["key"] in ("catan.ev.bought_card", "catan.ev.stole_card"):
                assert seat is not None, event   # (a bought card has no "victim": not None)
                assert seat in (event["params"]["seat"], event["params"].get("victim")), event
        for actor, entry in st.log_json(seat, redact=True):
            if entry["type"] == "discard" and actor != seat:
                assert entry["resource"] is None, entry
        text = json.dumps(view)
        assert not any(f'"{key}"' in text for key in ("seed", "deck", "chance", "rng")), seat


def referee_walk(st, choose, views_every: int = 0) -> int:
    """Play ``st`` to its end with ``choose(seat)``, comparing every seat's menu with the
    almanac's before each action; the number of actions played."""
    built_this_turn: set[int] = set()
    steps = 0
    players = st.players
    while not st.over:
        for seat in range(players):
            want = expected(st, seat, built_this_turn)
            if want is not None:
                got = {_key(a) for a in st.legal_actions(seat) if a.kind != "offer_trade"}
                assert got == want, (ph.NAMES[st.phase], seat, sorted(got ^ want, key=str)[:6])
            check_domestic(st, seat)
        if views_every and steps % views_every == 0:
            check_views(st)
        seat, action = choose(st)
        if action.kind == "build_settlement":
            built_this_turn.add(action.intersection)
        st.apply(seat, action)
        if action.kind == "end_turn":
            built_this_turn.clear()
        steps += 1
    return steps


CASES = [(players, options) for options in (
    {}, {"phases": "combined"}, {"board": "beginner"},
    {"board": "beginner", "phases": "combined"}, {"trade_offers": 1}, {"domestic_trade": False},
) for players in (3, 4)]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_every_menu_is_the_almanacs(players, options):
    seed = 37_000 + 10 * players + len(options)
    st = GAME.new_state(players, seed, {**options, "turn_limit": 80})
    rng = random.Random(seed)

    def choose(st):
        seat = rng.choice(st.to_act)
        return seat, rng.choice(st.legal_actions(seat))
    assert referee_walk(st, choose) > 150


#: heuristic bots trade with each other (offers, counters, trades made and offers withdrawn: 60,
#: 26, 7 and 22 in the first game) and play whole games to a winner; seeds of the fifteenth
#: reading's sweep (seeds 150000-150999)
HEURISTIC_CASES = [(3, 150_000, {"board": "beginner"}), (4, 150_001, {"trade_offers": 2}),
                   (3, 150_002, {"phases": "combined"}), (4, 150_003, {})]


@pytest.mark.parametrize(("players", "seed", "options"), HEURISTIC_CASES)
def test_every_menu_is_the_almanacs_with_heuristic_players(players, seed, options):
    st = GAME.new_state(players, seed, options)
    bots = [make_bot(seed * 10 + seat) for seat in range(players)]
    rng = random.Random(seed)
    kinds: dict[str, int] = {}

    def choose(st):
        seat = rng.choice(st.to_act)
        action = bots[seat].act(st, seat)
        kinds[action.kind] = kinds.get(action.kind, 0) + 1
        return seat, action
    assert referee_walk(st, choose, views_every=31) > 150
    assert st.winner >= 0
    assert all(kinds.get(kind) for kind in ("offer_trade", "counter_offer", "accept_trade",
                                            "withdraw_trade", "discard", "maritime_trade"))
