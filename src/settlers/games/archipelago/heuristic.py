"""The one home of Archipelago's bot knowledge (docs/game-shape.md): ``evaluate`` (how good a
state looks to a seat) and ``make_bot`` (the hand-written player of issue 13).

The bot never reads what its seat cannot see: every decision is taken on one determinized
world (``state.determinize(seat, …)`` with a seed made of public facts), so two states that
look the same to the seat get the same answer. On that world it looks one step ahead — for a
multi-step action (exploration, recruitment, harvest, migration, a card, a purchase) it plays
its own sub-steps greedily to the end — and scores the result with ``value``:

* the colony: the margin between the population and the rebellion marker *after* the next
  population results (boards I-IV, L270-333) *and* after the crisis on the deck's top back
  (L342-384, ``coming_crises``), counting as paid only the market
  boards' cubes and the seat's own cubes and explorer tokens (``crisis_margin``), so a cube
  the coming crisis asks for is worth the strikers it saves; less the rebellion the population
  results of the three turns after add at today's markets and population (``drift``: a
  crowded zone of board I adds surplus every turn, the labour board turns surplus into
  rebellion; recruiting and buying the market's cubes lower it, selling into a crowded zone
  and exploring raise it); strongly penalised near independence, and when today's margin
  does not cover the tax collections left on the wheel this turn (``wheel_margin``, L467-471)
  — unless the seat holds the Separatist (L216), then the sign flips; the fall itself
  (``FALL``) outweighs every state short of it, so a loyal seat never takes the action that
  ends the colony and the Separatist always takes the one that wins;
* its own objective card's criterion (the ranking it will be scored by, L158-190), the
  trend card's criterion and progress towards its objective's end condition (L175: the game
  ends when it holds) — weighed up to three times as much when the drift leaves the colony
  only a few turns (``hurry``): ending the game by an objective is how the colony survives;
* the half-paid building its objective's end condition counts (``kit``: the cubes and
  florins of the next church, town, market or port at hand), so the one-step look-ahead keeps
  the cubes a building needs instead of selling them;
* when the colony's days are few (``hurry``), the end conditions the other players' hidden
  cards may hold, each with its odds (``others_progress``): any end saves the colony (L175);
* cards that calm the colony every turn (Bishop, Peace and prosperity, Education, ...),
  points of its evolution cards, money, cubes, explorer tokens, its active units.

Crises (L336-406) follow a rule: a cube from the market board costs the seat nothing and is
always given; a cube from the screen (then an explorer token, then an offer of florins) is
given when the strikers would bring the archipelago within a few steps of independence. An
explorer token, the only cover against a crisis of a resource nobody holds (L431), is kept
for the Separatist's crisis while public play makes a Separatist plausible (a seat taking
more taxes than turns, ``heuristic_suspect``): then it is spent only where its cube raises a
full ``ratio`` of strikers or the colony is near independence (``token_pays``); with no
Separatist in sight it is spent like a cube from the screen.

Two things a candidate does are weighed beside ``value`` (``ArchipelagoBot.aside``): the
florins another player's open card hands its owner (its price + 1f, L822), at what a florin is
worth to a seat (``fee_worth``); and on a strait with builders on both shores (L625, L723),
the inhabitants left free with an icon to work on their own shore (``shore_fit``, L723), as a
tie-break. In a crisis, a player asked for a cube in this moment is not asked again: the next
offer goes to the next player in turn order (``ask_for_cube``).

A decision's work is capped in probes (counts, never clocks); a greedy follow-up stops where
a migration has crowded a region past 3 inhabitants (listing the moves there is a search).
Bids (L246-256) are what choosing the turn order is worth to the seat (first pick of the
evolution track when a card there counts for it), never the florins kept for the cubes the
coming crisis still lacks.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.archipelago import (
    board,
    building,
    cards,
    negotiation,
    objectives,
    pieces,
    population,
    scoring,
    turn_order,
    wheel,
)
from settlers.games.archipelago.actions import (
    AddGive,
    AddWant,
    Bid,
    Build,
    CancelOffer,
    Done,
    EndRound,
    ExchangeToken,
    PassCrisis,
    Propose,
    Raise,
    SendOffer,
    SetOrder,
    Supply,
    UseCard,
)
from settlers.games.archipelago.balance import lying
from settlers.games.archipelago.content import FISH, RESOURCES
from settlers.games.archipelago.heuristic_suspect import separatist_suspected
from settlers.games.archipelago.setup import objectives_per_seat
from settlers.games.archipelago.state import BUILDING, OWNER, REGION, SHIP, STANDING, ArchState
from settlers.games.archipelago.tables import tables_of
from settlers.games.archipelago.unit import ENGAGED, ICON, SHORE

# Margin per turn a card's use is worth (rebellion or surplus steps, cards.apply_effect).
CALMING = {"bishop": 1, "archbishop": 1, "pope": 1, "peace": 2, "education": 2,
           "amphitheatre": 1, "church_gifts": 1, "labour_minister": 1, "emigration": 1}

KIND_CRITERION = {"character": "characters_controlled", "progress": "progress_controlled"}

# Weights of ``value``.
MONEY = 0.3
CUBE = 0.8
TOKEN = 1.5
ACTIVE_UNIT = 1.2
UNIT = 1.0
CARD = 1.5
VP = 5.0
CRITERION = 2.5
END = 36.0               # the own objective's end condition, fully met
KIT = 0.5                # a building's price at hand: this share of the building's worth
HURRY = 2.0              # END counts up to (1 + HURRY) times when the colony's days are few
HURRY_TURNS = 6.0        # ... from this many turns left (``horizon``) down to none
READY = 2.5              # a cube the coming crisis asks for, on top of CUBE
SAFE_MARGIN = 4          # below this projected margin the colony term bites hard
NEXT_MARGIN = 2          # extra margin a crisis keeps for the next population results
CALM = 3.0               # one step of margin a calming card gives per turn
DRIFT = 1.5              # value of one step of rebellion the coming turns' results add
DRIFT_TURNS = 3          # turns after the next population results that ``drift`` looks at
DANGER = 12.0            # value of one step of margin below SAFE_MARGIN
# The fall of the colony (L425, L906-908): the Separatist's win, every other seat's loss. It
# outweighs any state short of it — the colony term has no floor (DANGER a step below
# SAFE_MARGIN), so with the projected margin far below zero a fixed -200 once scored above
# playing on, and a loyal seat took the tax that ended the game (§13 of
# docs/results/archipelago-heuristic.md); the Separatist takes the action that wins at once.
FALL = 10_000.0
NEGOTIATION = ("propose", "gift", "add_give", "add_want", "send_offer")
OFFER_PRICE = 3          # florins offered for one cube in a crisis
SUBSTEP_LIMIT = 40       # own sub-steps played out for one candidate
QUICK_OPTIONS = 24       # options a greedy sub-step looks at
# The work cap of one decision, in probes (one probe = one state cloned and one action applied
# to it, or one ``legal_actions`` of a follow-up): counts, never clocks, so the decision stays a
# pure function of the seat's view and the seed. Each candidate gets its own action plus, for
# its greedy follow-up, an equal share of what the candidates before it left (at least
# FOLLOW_FLOOR probes), so a decision costs at most DECISION_PROBES + candidates x FOLLOW_FLOOR
# probes.
DECISION_PROBES = 1200
FOLLOW_FLOOR = 6
# A migration's legal moves are a search of the moves ahead (the 3-inhabitant limit at its
# end, L583: ``migration.legal``), dozens of times dearer than another step's: listing them
# counts as MIGRATION_LEGAL probes plus one for every MIGRATION_MOVES moves listed (its cost
# grows with the moves it checks), and a move inside a migration is chosen by the state right
# after it (the rest of the migration is the seat's next decision, not a follow-up). While a
# region holds more than 3 of the seat's inhabitants, every listed move is checked by a search
# of the moves ahead (``migration._can_finish``: 10-80 ms a listing, a hundred probes and more), so a greedy follow-up stops there and values the state it has reached.
MIGRATION_LEGAL = 12
MIGRATION_MOVES = 3
ONE_PLY_STEPS = ("migrate",)
# Another player's open card costs its price + 1f, paid to its owner (L822): each florin is
# what ``value`` gives a florin (MONEY; CRITERION more when money is a public trend's
# criterion, L158-190: every seat is ranked by it), counted as the owner's gain against the
# candidate — ``value`` reads only the seat's own things and sees the florins leave, not where.
FEE_TO_OTHER = MONEY
# Builders on both shores of a strait (L625, L723): per inhabitant left free on a shore with a
# free icon to work (L723), a tie-break between the two Build(..., "shore0"/"shore1"), which
# ``value`` scores alike (it counts units, not where they stand).
SHORE_TIE = 0.01


def crowded(state: ArchState, seat: int) -> bool:
    """Does a region hold more than 3 of the seat's inhabitants (L555, L583)? Mid-migration
    that makes listing the legal moves a search (``migration.legal``)."""
    counts: dict[int, int] = {}
    for u in state.units:
        if u[OWNER] == seat and not u[SHIP] and u[REGION] >= 0:
            n = counts[u[REGION]] = counts.get(u[REGION], 0) + 1
            if n > 3:
                return True
    return False


def own_criteria(state: ArchState, seat: int) -> list[str]:
    """The ranking criteria the seat will be scored by: its objective(s) and the trend(s)."""
    c = state.content
    out = [c.objectives[o]["criterion"] for o in state.objectives[seat]]
    out += [c.trends[t]["criterion"] for t in state.trends]
    return out


def is_separatist(state: ArchState, seat: int) -> bool:
    c = state.content
    return any(c.objectives[o]["criterion"] == "separatist" for o in state.objectives[seat])


def projected_margin(state: ArchState) -> int:
    """Population minus rebellion once the next population results are applied (L270-333):
    ``population.population_results`` computed on two numbers instead of a clone."""
    return state.population - project(state)[1]


def project(state: ArchState) -> tuple[int, int]:
    """The surplus and rebellion markers after the next population results (L270-333)."""
    return results_step(state, state.surplus, state.rebellion)


def inflow(state: ArchState) -> tuple[int, int]:
    """What boards I-III add to the surplus and rebellion markers in one population results
    phase with today's markets and population (L288-318); every one of these moves is up, so
    adding them before the markers' bounds clamp gives what moving them one by one gives.
    Rows read from the content's tables (``tables.held``, ``tables.stability``)."""
    tables = tables_of(state.content)
    held = tables.held
    surplus = rebellion = 0
    for market in (0, 1):
        counts = state.market[market]
        rows = held[market]
        for res in range(6):
            count = counts[res]
            if count:
                table = rows[res]
                row = (table[count] if count < len(table)
                       else population.market_row(state, market, res))
                surplus += row.surplus
                if not market:
                    rebellion += row.rebellion
    stability = tables.stability
    srow = stability[max(0, min(state.population, len(stability) - 1))]
    return surplus + srow["surplus"], rebellion + srow["rebellion"]


def labour_rebellion(state: ArchState, surplus: int) -> int:
    """Board IV (L328-332): the rebellion the row holding the surplus marker adds."""
    table = _LABOUR.get(state.content.name)
    if table is None:
        rows = state.content.labour
        table = _LABOUR[state.content.name] = tuple(
            int(next((r for r in rows if r["from"] <= s_ <= r["to"]), rows[-1])["rebellion"])
            for s_ in range(rows[-1]["to"] + 1))
    return table[min(surplus, len(table) - 1)]


_LABOUR: dict[str, tuple[int, ...]] = {}


def results_step(state: ArchState, surplus: int, rebellion: int,
                 flow: tuple[int, int] | None = None, final: bool = True) -> tuple[int, int]:
    """One population results phase (boards I-IV in order, L270-333) applied to the two
    markers, with today's markets and population (``population.population_results`` on two
    numbers instead of a clone); ``flow`` is ``inflow(state)`` when the caller has it.
    ``final``: the game ends at independence after board III (L218), so board IV is not
    applied; ``drift``'s turns after the next one measure a rate and apply every board."""
    c = state.content
    top, rmax = c.labour[-1]["to"], c.rebellion_max
    ds, dr = inflow(state) if flow is None else flow
    surplus = max(0, min(top, surplus + ds))
    rebellion = max(0, min(rmax, rebellion + dr))
    if final and rebellion > state.population:
        # independence at board III (L218, L425): board IV is not applied — its row might
        # otherwise take the marker back below the population in the projection
        return surplus, rebellion
    rebellion = max(0, min(rmax, rebellion + labour_rebellion(state, surplus)))
    return surplus, rebellion


def drift(state: ArchState, turns: int = DRIFT_TURNS,
          flow: tuple[int, int] | None = None,
          projected: tuple[int, int] | None = None) -> int:
    """The rebellion the population results of the ``turns`` turns after the next one add
    (boards I-IV, L270-333) if the markets and the population stay as they are: the surplus
    climbs by what the market boards and the stability board add every turn (a zone of board
    I holding 3 cubes or more adds 1-2 a turn, L288-294), and the labour board turns it into
    rebellion (L328-332: +2/+3 a turn from 13 and 25 up). Selling into a crowded market
    zone, exploring (the huts, L536) and letting the population grow raise it; buying the
    market's cubes, crises that consume them and recruiting (L565-575) lower it.
    ``projected`` is ``project(state)`` when the caller has it (computed with ``flow``)."""
    if flow is None:
        flow = inflow(state)
    surplus, rebellion = (results_step(state, state.surplus, state.rebellion, flow)
                          if projected is None else projected)
    start = rebellion
    for _ in range(turns):
        surplus, rebellion = results_step(state, surplus, rebellion, flow, final=False)
    return rebellion - start


def horizon(state: ArchState, drifted: int | None = None,
            margin: int | None = None) -> float:
    """Turns the colony has left at today's drift (margin after the next population results
    over the rebellion added per turn); large when the drift is nil. ``drifted`` is
    ``drift(state)`` and ``margin`` is ``projected_margin(state)`` when the caller has them."""
    rate = (drift(state) if drifted is None else drifted) / DRIFT_TURNS
    if rate <= 0.25:
        return 99.0
    if margin is None:
        margin = projected_margin(state)
    return max(0.0, margin / rate)


def colony(state: ArchState, seat: int = -1, drifted: int | None = None,
           parts: list[dict[str, Any]] | None = None,
           flow: tuple[int, int] | None = None,
           facts: tuple[int, int] | None = None) -> float:
    """How safe the archipelago is from independence (L216-218), for a loyal colonist: the
    margin the colony keeps once the next population results *and* the coming crisis have
    struck (``crisis_margin``), counting the cubes ``seat`` holds for that crisis. ``facts``
    is ``(projected_margin(state), in_churches(state))`` when the caller has them."""
    if state.phase == "over":
        return -100.0 if state.ended_by == "independence" else 0.0
    margin = (crisis_margin(state, seat, parts) if facts is None
              else crisis_margin(state, seat, parts, facts[1], facts[0]))
    if flow is None:
        flow = inflow(state)
    if drifted is None:
        drifted = drift(state, flow=flow)
    score = -DRIFT * drifted + 2.5 * min(margin, 12) + 1.0 * max(0, min(margin, 24) - 12)
    if margin < SAFE_MARGIN:
        score -= DANGER * (SAFE_MARGIN - margin)
    edge = wheel_margin(state)
    if edge < 1:
        score -= DANGER * (1 - edge)
    return score


def wheel_margin(state: ArchState) -> int:
    """Population minus rebellion once the tax collections left on the wheel this turn are
    taken (phase 5: each one +1 rebellion, L467-471; the zone's limit per turn), the margin
    the colony keeps *now*. ``crisis_margin`` reads the lesser of today's margin and the one
    after the next population results, so when the results look worse a step of today's
    margin counted for nothing — yet a Separatist (L216) ends the game in this phase with the
    taxes left (docs/results/archipelago-heuristic.md §13). Outside phase 5: today's margin."""
    margin = state.population - state.rebellion
    if state.phase == "actions":
        margin -= max(0, wheel.limit(state, "taxes") - state.wheel.get("taxes", 0))
    return margin


def crisis_margin(state: ArchState, seat: int = -1,
                  parts: list[dict[str, Any]] | None = None,
                  churchgoers: int | None = None, projected: int | None = None) -> float:
    """Population minus rebellion after the next population results (L270-333) and after the
    coming crisis (``coming_crises``: the one being resolved, the one phase 4 will resolve,
    or the odds of the next one), assuming nobody but ``seat`` pays from a screen: its cubes
    and explorer tokens (L431) and the market board's cubes are what the colony can count on;
    the other players' screens are hidden. ``churchgoers`` (``in_churches``) and ``projected``
    (``projected_margin``) when the caller has them."""
    margin = min(state.population - state.rebellion,
                 projected_margin(state) if projected is None else projected)
    if parts is None:
        parts = coming_crises(state)
    if churchgoers is None:
        churchgoers = in_churches(state)
    return float(margin - sum(part["w"] * uncovered(state, seat, part, churchgoers)
                              for part in parts))


def card_crises(state: ArchState, card: int) -> tuple[dict[str, Any], ...]:
    """The domestic and export crises of a card's non-red back zone (L342-350)."""
    key = (state.content.name, card)
    parts = _BACKS.get(key)
    if parts is None:
        back = state.content.cards[card].normal or {}
        out: list[dict[str, Any]] = []
        if "domestic" in back:
            out.append({"kind": "domestic", "res": RESOURCES.index(back["domestic"][0]),
                        "ratio": int(back["domestic"][1]), "w": 1.0})
        if "export" in back:
            out.append({"kind": "export", "res": RESOURCES.index(back["export"][0]),
                        "n": int(back["export"][1]), "w": 1.0})
        parts = _BACKS[key] = tuple(out)
    return parts


_BACKS: dict[tuple[str, int], tuple[dict[str, Any], ...]] = {}


def coming_crises(state: ArchState) -> list[dict[str, Any]]:
    """The crisis being resolved now, else the non-red zone of the deck's top back, which
    phase 4 resolves (L340; it stays the same while the top card stays, L404). Each part
    carries its weight ``w`` (1: the bot weighs the top card's crisis as the one to come, also
    after phase 4 — a measured choice, see docs/results/archipelago-heuristic.md §7)."""
    if state.step in ("domestic", "export") and state.ctx:
        return [{"kind": state.step, "res": state.ctx["res"], "ratio": state.ctx.get("ratio", 1),
                 "n": state.ctx.get("left", 0), "now": True, "w": 1.0}]
    if not state.deck:
        return []
    return list(card_crises(state, state.deck[-1]))


def uncovered(state: ArchState, seat: int, part: dict[str, Any],
              churchgoers: int | None = None) -> int:
    """Rebellion steps a crisis adds when only the board's cubes and ``seat``'s own cubes and
    tokens are paid (L354-384): the strikers, or the export cubes missing."""
    res = part["res"]
    own = 0
    if seat >= 0:
        own = int(state.cubes[seat][res]) + (int(state.tokens[seat]) if state.bank_cubes[res] > 0
                                             else 0)
    if part["kind"] == "domestic":
        board = int(state.market[0][res])
        if part.get("now"):
            down = len(lying(state)) - int(state.ctx.get("raise_left", 0))
        else:
            down = state.population - (in_churches(state) if churchgoers is None
                                       else churchgoers)
        return max(0, down - max(1, int(part["ratio"])) * (board + own))
    board = int(state.market[1][res])
    return max(0, int(part["n"]) - board - own)


def in_churches(state: ArchState) -> int:
    """Inhabitants in a church: a domestic crisis never lays them down (L693)."""
    return sum(1 for u in state.units
               if u[BUILDING] == "church" and u[REGION] >= 0 and not u[SHIP])


def coming_demand(state: ArchState,
                  parts: list[dict[str, Any]] | None = None,
                  churchgoers: int | None = None) -> dict[int, float]:
    """Cubes the coming crisis asks for beyond the market boards' own (L342-350), weighted by
    the odds of each crisis (``coming_crises``)."""
    need: dict[int, float] = {}
    standing = in_churches(state) if churchgoers is None else churchgoers
    for part in coming_crises(state) if parts is None else parts:
        res = part["res"]
        if part["kind"] == "domestic":
            down = len(lying(state)) if part.get("now") else state.population - standing
            n = -(-down // max(1, int(part["ratio"]))) - state.market[0][res]
        else:
            n = int(part["n"]) - state.market[1][res]
        if n > 0:
            need[res] = need.get(res, 0.0) + part["w"] * n
    return need


def readiness(state: ArchState, seat: int, parts: list[dict[str, Any]] | None = None,
              churchgoers: int | None = None) -> float:
    """Cubes behind the screen that answer the coming crisis are worth a little more than
    other cubes even when the margin looks safe (L360-384)."""
    return sum(READY * min(state.cubes[seat][r], n)
               for r, n in coming_demand(state, parts, churchgoers).items())


def calm_cards(state: ArchState, seat: int) -> float:
    """Cards the seat owns whose use lowers the rebellion or the surplus every turn (glossary
    L1062-1585: Bishop, Archbishop, Peace and prosperity, Education, ...): future margin."""
    c = state.content
    return float(sum(CALMING.get(c.cards[r[0]].effect, 0) for r in state.owned[seat]))


def order_worth(state: ArchState, seat: int) -> int:
    """Florins that choosing the turn order (L254) is worth: the first pick of the evolution
    track in phase 6 (L741) when a card there calms the colony or counts for the seat's
    criteria, and the first use of the wheel's limited zones (L435); a bid bonus of the King
    or Queen (L1469, L1513) already counts for the seat, so it pays that much less."""
    c = state.content
    crits = set(own_criteria(state, seat))
    worth = 1
    for card, _rot in state.track:
        if card < 0:
            continue
        k = c.cards[card]
        if (CALMING.get(k.effect) or k.vp or "cards_controlled" in crits
                or KIND_CRITERION.get(k.type) in crits):
            worth = 3
            break
    return max(0, worth - turn_order.bid_bonus(state, seat))


def reserve(state: ArchState, seat: int) -> int:
    """Florins kept to buy the cubes the coming crisis lacks (about 4f a cube, L485)."""
    lack = sum(max(0.0, n - state.cubes[seat][r]) for r, n in coming_demand(state).items())
    return round(4 * lack) + 2


def own_points(state: ArchState, seat: int) -> float:
    """Victory points from the seat's own cards (medals, built wonders)."""
    c = state.content
    return float(sum(c.cards[r[0]].vp for r in state.owned[seat]
                     if c.cards[r[0]].vp and (c.cards[r[0]].use != "wonder" or r[2])))


def end_progress(state: ArchState, seat: int, have: dict[str, int] | None = None) -> float:
    """How far the seat's own objective's end condition is (0..1, L160-214): ending the game
    while ahead is how a colonist wins before the colony falls."""
    return max((objective_progress(state, o, have) for o in state.objectives[seat]),
               default=0.0)


def objective_progress(state: ArchState, o: int, have: dict[str, int] | None = None) -> float:
    """How far one objective card's end condition is (0..1, L160-214). ``have``: counts of
    ``objectives_have`` by kind already read in this state (filled as they are read)."""
    kind, need = objectives.end_of(state, o)
    if kind in ("surplus_above", "bank_money_empty"):
        # reached only by hurting the colony or the seat's own purse
        return 1.0 if objectives.end_met(state, o) else 0.0
    if need < 0:
        return 0.0   # L1282: a population end not used with two players (``objectives.end_of``)
    got = -1 if have is None else have.get(kind, -1)
    if got < 0:
        if kind == "bank_resources_empty":
            got = state.bank_cubes.count(0)
        elif kind == "piles_empty":
            got = state.piles.count(0)
        else:
            got = objectives_have(state, kind)
        if have is not None:
            have[kind] = got
    return min(1.0, got / max(1, need))


def others_progress(state: ArchState, seat: int, have: dict[str, int] | None = None) -> float:
    """The expected progress of the end conditions the other players' hidden objective cards
    hold (L175: the game ends when any of them holds): each card of the chosen deck but the
    seat's own (the unused ones and the others' hands together: the same set whoever holds
    what) is in another player's hand with the same odds: the cards the others hold over the
    cards it has not seen (L154-156: one card each from a deck of ten, two each with 2 players,
    L1013). The cards it drew itself — kept or put back («Больше остроты», L1041) — are in
    nobody else's hand; open objectives (L1033) count as they are."""
    if have is None:
        have = {}
    others = [s_ for s_ in range(state.players) if s_ != seat]
    if state.no_secrets:
        return sum(objective_progress(state, o, have) for s_ in others
                   for o in state.objectives[s_])
    own = {*state.objectives[seat], *state.keep_choice[seat]}
    cands = [o for o in state.objective_pool if o not in own]
    for s_ in others:
        cands += state.objectives[s_] + state.keep_choice[s_]
    if not cands:
        return 0.0
    pool = set(cands)
    odds = min(1.0, len(others) * objectives_per_seat(state) / len(pool))
    return odds * sum(objective_progress(state, o, have) for o in pool)


BUILT_KINDS = {"churches": "church", "towns": "town", "markets": "market", "ports": "port"}


def kit(state: ArchState, seat: int) -> float:
    """0..1 per building: how much of the next building its objective's end condition counts
    (churches, towns, markets or ports, L1131-1410) the seat's cubes and florins already pay
    for (the costs of L609-673). Building needs a Build action with the whole price at hand,
    two or three cubes of given kinds: without a value for the half-paid building the one-step
    look-ahead sells the cubes it needs and never builds (docs/results/archipelago-heuristic.md
    §8)."""
    best = 0.0
    for o in state.objectives[seat]:
        kind = BUILT_KINDS.get(state.content.objectives[o]["end"]["kind"])
        if kind is None:
            continue
        florins, cubes = state.content.costs[kind]
        have = min(state.money[seat], florins) + sum(
            min(int(state.cubes[seat][r]), n) for r, n in enumerate(cubes) if n)
        best = max(best, have / max(1, florins + sum(cubes)))
    return best


def per_building(state: ArchState, seat: int) -> float:
    """The share of the end condition one more building of the objective's kind is."""
    for o in state.objectives[seat]:
        end = state.content.objectives[o]["end"]
        if end["kind"] in BUILT_KINDS:
            return 1.0 / max(1, objectives.threshold(state, end))
    return 0.0


def hurry(state: ArchState, drifted: int | None = None, margin: int | None = None) -> float:
    """0..1: how urgently a loyal colonist should end the game by its objective (L175: the
    game ends when any player's end condition holds) before the drift of the colony's markers
    (``horizon``) carries the rebellion past the population."""
    return max(0.0, min(1.0, (HURRY_TURNS - horizon(state, drifted, margin)) / HURRY_TURNS))


def objectives_have(state: ArchState, kind: str) -> int:
    if kind == "progress_in_game":
        return objectives.cards_in_game(state, "progress")
    if kind == "characters_in_game":
        return objectives.cards_in_game(state, "character")
    if kind == "cards_in_game":
        return objectives.cards_in_game(state, None)
    if kind in ("churches", "markets", "towns", "ports"):
        return pieces.count_built(state, "church" if kind == "churches" else kind[:-1])
    if kind == "ships":
        return sum(1 for u in state.units if u[SHIP] and u[REGION] >= 0)
    if kind == "population":
        return state.population
    return 0


def value(state: ArchState, seat: int) -> float:
    """The bot's view of a state: only the seat's own things and public ones are read (on a
    determinized world the others' objectives are a guess, never the truth)."""
    if state.phase == "over":
        if state.ended_by == "independence":
            return FALL if is_separatist(state, seat) else -FALL
        return 150.0 if seat in scoring.winners(state) else -30.0
    separatist = is_separatist(state, seat)
    # what several terms read, once: the markers after the next results, the churchgoers
    flow = inflow(state)
    projected = results_step(state, state.surplus, state.rebellion, flow)
    margin = state.population - projected[1]
    churchgoers = in_churches(state)
    facts = (margin, churchgoers)
    drifted = drift(state, flow=flow, projected=projected)
    parts = coming_crises(state)
    v = (-colony(state, -1, drifted, parts, flow, facts) if separatist
         else colony(state, seat, drifted, parts, flow, facts)
         + readiness(state, seat, parts, churchgoers))
    for crit in own_criteria(state, seat):
        if crit not in ("separatist", "pacifist"):
            v += CRITERION * min(objectives.measure(state, seat, crit), 15)
        elif crit == "pacifist":
            v += colony(state, seat, drifted, parts, flow, facts)
    if not separatist:
        rush = hurry(state, drifted, margin)
        end = END * (1.0 + HURRY * rush)
        have: dict[str, int] = {}
        v += end * (end_progress(state, seat, have)
                    + KIT * per_building(state, seat) * kit(state, seat))
        if rush > 0.0:
            v += END * HURRY * rush * others_progress(state, seat, have)
    if not separatist:
        v += CALM * calm_cards(state, seat)
    v += VP * own_points(state, seat) + CARD * len(state.owned[seat])
    v += MONEY * state.money[seat] + CUBE * sum(state.cubes[seat]) + TOKEN * state.tokens[seat]
    for u in state.units:
        if u[OWNER] == seat and u[REGION] >= 0:
            v += UNIT + (ACTIVE_UNIT if u[STANDING] or u[SHIP] else 0.0)
    return v


def fee_worth(state: ArchState) -> float:
    """One florin handed to another player (``FEE_TO_OTHER``): its worth to a seat by
    ``value``'s weights, the criterion's too when a trend ranks every seat by money."""
    c = state.content
    trend_money = any(c.trends[t]["criterion"] == "money" for t in state.trends)
    return FEE_TO_OTHER + (CRITERION if trend_money else 0.0)


def shore_fit(state: ArchState, seat: int, region: int, builder_shore: int) -> int:
    """The seat's inhabitants left free in a strait region, once its builder on
    ``builder_shore`` has entered the building (L625), that have a free icon to work on their
    own shore (L723: no harvest across the strait): per shore, the lesser of the free
    inhabitants and the free land icons there."""
    face = board.region_face(state, region)
    if not face.strait:
        return 0
    free = [0, 0]
    taken: set[int] = set()
    for u in state.units:
        if u[REGION] != region:
            continue
        if u[ICON] >= 0:
            taken.add(u[ICON])
        if (u[OWNER] == seat and not u[SHIP] and u[STANDING] and not u[ENGAGED]
                and not u[BUILDING] and u[SHORE] in (0, 1)):
            free[u[SHORE]] += 1
    free[builder_shore] -= 1
    plundered = state.regions[region]["plundered"]
    icons = [0, 0]
    for j, icon in enumerate(face.icons):
        if icon != FISH and j not in taken and j not in plundered and face.icon_shores[j] in (0, 1):
            icons[face.icon_shores[j]] += 1
    return sum(min(max(0, n), m) for n, m in zip(free, icons, strict=True))


def evaluate(state: ArchState, seat: int) -> float:
    """For greedy and mcts (called on determinized worlds): the final result when over."""
    state.check_seat(seat)
    if state.phase == "over":
        if state.ended_by == "independence":
            return 100.0 if is_separatist(state, seat) else -100.0
        pts = scoring.points(state)
        best_other = max((p for s, p in enumerate(pts) if s != seat), default=0)
        return float(pts[seat] - best_other) * 10
    return value(state, seat) / 10.0


class ArchipelagoBot:
    """The planning player of issue 13 (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # ------------------------------------------------------------ entry point
    def act(self, state: ArchState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.step == "bribes":   # no bribe (L260): the heuristic decider orders by its own
            return Done()            # interest (``order``), so a bribe would buy nothing
        world = state.determinize(seat, self.seed * 100_003 + state.version)
        step = state.step
        if step == "bid":
            return self.bid(world, seat, legal)
        if step == "order":
            return self.order(world, seat, legal)
        if step in ("domestic", "export"):
            return self.crisis(world, seat, legal)
        if step == "offer":
            return self.compose(world, seat, legal)
        return self.best(world, seat,
                         [a for a in legal if a.kind not in NEGOTIATION] or legal)

    # ------------------------------------------------------------ phase 2
    def bid(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        """Bid what choosing the turn order is worth to the seat (``order_worth``), never the
        florins it needs for the cubes the coming crisis still lacks (L246-256: every bid
        is spent)."""
        amount = max(0, min(order_worth(world, seat), world.money[seat] - reserve(world, seat)))
        bids = [a for a in legal if isinstance(a, Bid)]
        return max((a for a in bids if a.amount <= amount), key=lambda a: a.amount,
                   default=bids[0])

    def order(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        """Itself first; then those who handed it the most this moment (L260: a bribe buys a
        better place — negotiation.bribed), the others in the present order."""
        bribes = world.ctx.get("bribes") or [0] * world.players
        want = (seat, *sorted((s for s in world.order if s != seat), key=lambda s: -bribes[s]))
        return next((a for a in legal if isinstance(a, SetOrder) and a.order == want),
                    next(a for a in legal if a.kind == "set_order"))

    # ------------------------------------------------------------ phase 4
    def crisis(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        separatist = is_separatist(world, seat)
        raises = [a for a in legal if isinstance(a, Raise)]
        if raises:
            mine = [a for a in raises if world.units[a.unit][OWNER] == seat]
            return (mine or raises)[0]
        if separatist:
            return PassCrisis()
        church = next((a for a in legal if a.kind == "use_church"), None)
        if church is not None:
            return church
        board = Supply(False)
        if board in legal:
            return board
        if self.in_danger(world):
            if Supply(True) in legal:
                return Supply(True)
            token = ExchangeToken(RESOURCES[world.ctx["res"]])
            if (token in legal and world.bank_cubes[world.ctx["res"]] > 0
                    and (self.token_pays(world) or not separatist_suspected(world, seat))):
                return token
            ask = self.ask_for_cube(world, seat, legal)
            if ask is not None:
                return ask
        return PassCrisis()

    @staticmethod
    def ask_for_cube(world: ArchState, seat: int, legal: list[Action]) -> Action | None:
        """No cube and no token: offer florins for the cube the crisis needs (L220-234), to
        the next player in turn order who may still hold one (screens are hidden: a guess).
        A player asked in this moment is not asked the same again: the k-th offer of the
        moment (``negotiation.OFFERS_PER_MOMENT`` less the offers left, public) goes to the
        k-th other player in turn order, so a refused offer moves on to the next player, and
        none is left once every other player has been asked. A crisis is one moment per
        contributor (L362: who passed cannot come back), so nobody is asked twice for it."""
        if world.money[seat] < OFFER_PRICE:
            return None
        order = world.order
        at = order.index(seat)
        targets = [t for t in (order[(at + k) % len(order)] for k in range(1, len(order)))
                   if Propose(t) in legal]
        made = negotiation.OFFERS_PER_MOMENT - world.offers_left
        return Propose(targets[made]) if 0 <= made < len(targets) else None

    @staticmethod
    def compose(world: ArchState, seat: int, legal: list[Action]) -> Action:
        """Build the offer opened in a crisis: OFFER_PRICE florins for one cube of the
        resource asked for; otherwise withdraw it."""
        offer = world.offer or {}
        back = offer.get("back", {})
        if offer.get("from") != seat or back.get("step") not in ("domestic", "export"):
            return CancelOffer()
        want = RESOURCES[back["ctx"]["res"]]
        for action in (AddWant(want) if want not in offer["want"] else None,
                       AddGive("f") if offer["give"].count("f") < OFFER_PRICE else None,
                       SendOffer()):
            if action is not None and action in legal:
                return action
        return CancelOffer()

    @staticmethod
    def token_pays(world: ArchState) -> bool:
        """An explorer token becomes a cube of any resource in a crisis (L431), so it is the
        colony's only cover against a domestic crisis of a resource nobody holds — the crisis
        that ends most games lost by independence (docs/results/archipelago-heuristic.md §8).
        It is spent only where its cube does all it can: a domestic crisis with at least
        ``ratio`` inhabitants still lying (one cube raises ``ratio`` of them, L364-368), or
        when passing would bring the colony within a few steps of independence now or after
        the next population results. Never for one or two strikers, never for one missing
        export cube (a single step, L380-384) while the colony is safe."""
        ctx = world.ctx
        if world.step == "domestic":
            lying_now = len(lying(world)) - int(ctx.get("raise_left", 0))
            if lying_now >= max(1, int(ctx.get("ratio", 1))):
                return True
            harm = lying_now
        else:
            harm = int(ctx.get("left", 0))
        after = world.population - (world.rebellion + harm)
        later = projected_margin(world) - harm
        return harm > 0 and (after < SAFE_MARGIN or later < SAFE_MARGIN + NEXT_MARGIN)

    @staticmethod
    def in_danger(world: ArchState) -> bool:
        """Would passing now leave the colony within a few steps of independence — now, or
        once the next population results (boards I-IV, L270-333) have moved the markers again?
        Two strikers or more are always worth a cube (L372: each one is a step)."""
        ctx = world.ctx
        harm = len(lying(world)) if world.step == "domestic" else int(ctx.get("left", 0))
        if harm <= 0:
            return False
        after = world.population - (world.rebellion + harm)
        later = projected_margin(world) - harm
        return after < SAFE_MARGIN or later < SAFE_MARGIN + NEXT_MARGIN or harm >= 2

    # ------------------------------------------------------------ everything else
    def best(self, world: ArchState, seat: int, legal: list[Action]) -> Action:
        base = value(world, seat)
        pool = DECISION_PROBES - len(legal)
        one_ply = world.step in ONE_PLY_STEPS
        scored: list[tuple[float, int, Action]] = []
        rng_state = world.rng.getstate()   # every candidate starts from the same world
        for i, action in enumerate(legal):
            share = 0 if one_ply else max(FOLLOW_FLOOR, pool // (len(legal) - i))
            after, used = self.outcome(world, seat, action, share, rng_state)
            pool -= used
            scored.append((after - base + self.prior(action) + self.aside(world, seat, action),
                           -i, action))
        score, _, choice = max(scored, key=lambda t: (t[0], t[1]))
        if world.step == "round" and score <= 0.0:
            stop = EndRound()
            if stop in legal:
                return stop
        return choice

    @staticmethod
    def prior(action: Action) -> float:
        # Ending a round with nothing done in it passes for the rest of phase 5 (L441).
        if action.kind == "end_round":
            return 0.0
        if action.kind == "exchange_token":
            return -4.0   # a token is any cube: kept for the crises (L418)
        return 0.0

    @staticmethod
    def aside(world: ArchState, seat: int, action: Action) -> float:
        """What a candidate does that ``value`` cannot see: the florins it hands another
        player for an open card (L822, ``FEE_TO_OTHER``), and on a strait the builder's shore
        (L625, L723, ``shore_fit``)."""
        if isinstance(action, UseCard):
            index = world.content.card_index(action.card)
            found = cards.find(world, index)
            if found is None or found[0] == seat:
                return 0.0
            fee = int(world.content.cards[index].cost_f) + 1
            return -fee * fee_worth(world)
        if isinstance(action, Build) and action.by in building.BY_SHORE:
            shore = building.BY_SHORE.index(action.by)
            return SHORE_TIE * float(shore_fit(world, seat, action.region, shore))
        return 0.0

    def outcome(self, world: ArchState, seat: int, action: Action,
                share: int = DECISION_PROBES,
                rng_state: tuple[Any, ...] | None = None) -> tuple[float, int]:
        """The value after ``action`` and the seat's own greedy follow-up sub-steps, within
        ``share`` probes (a long migration or harvest is cut where the share runs out and the
        state reached is valued as it stands); and the probes the follow-up used.
        ``rng_state``: ``world.rng.getstate()`` when the caller has it."""
        probe = world.clone() if rng_state is None else world.probe(rng_state)
        probe.events = []
        probe.apply(seat, action, check=False)
        left = share
        for _ in range(SUBSTEP_LIMIT):
            if probe.phase == "over" or probe.step in ("round", "round_over", "buy", "bid",
                                                      "domestic", "export", ""):
                break
            migrating = probe.step == "migrate"
            cost = MIGRATION_LEGAL if migrating else 1
            if seat not in probe.to_act or left <= cost or (migrating and crowded(probe, seat)):
                break
            left -= cost
            options = [a for a in probe.legal_actions(seat) if a.kind not in NEGOTIATION]
            if migrating:
                left -= len(options) // MIGRATION_MOVES
            if not options or left <= 0:
                break
            looked = options[:min(QUICK_OPTIONS, left)]
            left -= len(looked) if len(looked) > 1 else 0
            probe.apply(seat, self.quick(probe, seat, looked), check=False)
        return value(probe, seat), share - left

    @staticmethod
    def quick(probe: ArchState, seat: int, options: list[Action]) -> Action:
        """One-ply greedy choice inside a sub-step (no further follow-up)."""
        if len(options) == 1:
            return options[0]
        best, best_v = options[0], float("-inf")
        rng_state = probe.rng.getstate()   # every option starts from the same position
        for a in options:
            p = probe.probe(rng_state)
            p.events = []
            p.apply(seat, a, check=False)
            v = value(p, seat)
            if v > best_v:
                best, best_v = a, v
        return best


def make_bot(seed: int = 0, **budget: Any) -> ArchipelagoBot:
    del budget
    return ArchipelagoBot(seed)
