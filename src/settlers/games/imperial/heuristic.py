"""The one home of Imperial Settlers bot knowledge: ``evaluate`` (the worth of a position for
a seat) and ``make_bot`` (a player that acts on it).
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.imperial import actions
from settlers.games.imperial.building import foundation_options
from settlers.games.imperial.content import USED, WK
from settlers.games.imperial.deals import DEAL_COST
from settlers.games.imperial.decks import distinct_hand
from settlers.games.imperial.exchange import EXCHANGE_COMMON, EXCHANGE_DONE, EXCHANGE_EMPIRE
from settlers.games.imperial.heuristic_threat import (
    acting_before,
    build_raze,
    guard_gain,
    raze_prices,
)
from settlers.games.imperial.razing import location_razeable, raze_cost, targetable
from settlers.games.imperial.scoring import empire_locations, location_points, winners
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import colour_count, controlled


def evaluate(st: ImperialState, seat: int) -> float:
    """For bots: points so far plus what the empire will still yield — production
    locations and deals for every production phase left, action locations, usable goods
    and cards — minus the best opponent's same worth (solo: minus the trophies)."""
    st.check_seat(seat)
    def worth(s: int) -> float:
        future = max(0, 5 - st.round)          # production phases still to come
        cards = st.cards
        value = float(st.vp[s] + location_points(st, s))
        for cid in controlled(st, s):
            card = cards[cid]
            if card.type == "production":
                value += 0.6 * future
            elif card.type == "action":
                value += 0.7 * future + (0.5 if st.phase == "actions" else 0.0)
        value += 0.6 * future * (len(st.deals[s]) + len(st.route[s]))
        if not st.passed[s] or st.finished:   # after passing, goods wait for cleanup
            value += 0.25 * sum(st.goods[s][:6])
        value += 0.45 * len(st.hand[s])
        return value
    mine = worth(seat)
    if st.players == 1:
        return mine - 2.0 * (len(st.trophies) + len(st.virtual)) \
            + 3.0 * empire_locations(st, 0)
    return mine - max(worth(s) for s in range(st.players) if s != seat)


# ---------------------------------------------------------------- the heuristic player
# What one good is worth to a player in VP, used now or produced later. Resources that are
# not spent are discarded at cleanup, so spending them costs less than they are worth.
GOOD_WORTH = {"W": 0.7, "S": 0.75, "F": 0.7, "G": 0.8, "Wk": 0.35, "Raze": 0.55,
              "Def": 0.15, "VP": 1.0, "Card": 0.4, "CardC": 0.4, "CardF": 0.5}
SPEND = 1.0          # the part of a resource's worth lost by spending it this round
OP_WORTH = 1.0       # what an operation (steal, raze, take a deal, …) brings, roughly
PASS_SLACK = 0.15    # an action must be worth at least this much more than passing


def goods_worth(goods: dict[str, int]) -> float:
    return sum(GOOD_WORTH.get(g, 0.4) * n for g, n in goods.items())


def cost_worth(cost: dict[str, int]) -> float:
    return sum(GOOD_WORTH.get(g, 0.5) * n for g, n in cost.items()) * SPEND


def yields_worth(st: ImperialState, seat: int, yields: tuple[dict[str, Any], ...],
                 extra_colours: tuple[str, ...] = ()) -> float:
    """The worth of one use of ``yields`` (production or building bonus) for ``seat``; a
    per-colour yield counts the location about to be built (``extra_colours``)."""
    value = 0.0
    for item in yields:
        if "goods" in item:
            value += goods_worth(item["goods"])
        elif "per" in item:
            n = colour_count(st, seat, item["per"]) + (item["per"] in extra_colours)
            value += GOOD_WORTH.get(item["good"], 0.4) * min(n, item.get("max", n))
        elif "choice" in item:
            value += max(goods_worth(g) for g in item["choice"])
        elif "pick" in item:
            value += GOOD_WORTH["CardF"] + 0.2
        elif "samurai" in item:
            value += 0.4 * item["samurai"]
    return value


def _future(st: ImperialState) -> int:
    """Production phases still to come."""
    return max(0, 5 - st.round)


def location_worth(st: ImperialState, seat: int, cid: int) -> float:
    """What a built location brings ``seat`` to the end of the game."""
    card = st.cards[cid]
    future = _future(st)
    value = 1.0 if card.common else 2.0
    value += yields_worth(st, seat, card.production) * future
    for feat in card.features:
        if "on" in feat:   # «Каждый раз, …»: about one trigger a round
            value += goods_worth(feat["goods"]) * 0.7 * (future + 0.5)
        else:
            value += 0.8 + 0.4 * future
    if card.action is not None:
        action = card.action
        net = goods_worth(action.get("goods", {})) - cost_worth(action["cost"])
        if action.get("op"):
            net += OP_WORTH
        value += max(0.0, net) * action["limit"] * 0.6 * (future + 1)
    return value


def build_worth(st: ImperialState, seat: int, cid: int) -> float:
    card = st.cards[cid]
    value = location_worth(st, seat, cid) - cost_worth(card.cost)
    if card.type == "production":     # «сразу же получаете то, что она производит»
        value += yields_worth(st, seat, card.production, card.colours)
    value += yields_worth(st, seat, card.build_bonus, card.colours)
    if card.foundation:   # the cheapest location or foundation to give up
        options = foundation_options(st, seat)
        value -= min((0.0 if kind == 1 else location_worth(st, seat, f)
                      for kind, f in options), default=0.0)
    return value


def deal_worth(st: ImperialState, seat: int, cid: int) -> float:
    good = st.cards[cid].deal or ""
    return GOOD_WORTH.get(good, 0.4) * (_future(st) + 1) - cost_worth(DEAL_COST)


def hand_card_worth(st: ImperialState, seat: int, cid: int) -> float:
    """A card in the hand: the best of building it, dealing it, razing it."""
    card = st.cards[cid]
    best = build_worth(st, seat, cid) if st.round < 5 or card.cost else 1.0
    if card.deal is not None and not card.common:
        best = max(best, deal_worth(st, seat, cid))
    if card.raze:
        best = max(best, goods_worth(card.raze) - GOOD_WORTH["Raze"])
    return max(0.3, best)


def _leader(st: ImperialState, seat: int) -> int:
    others = [s for s in range(st.players) if s != seat]
    return max(others, key=lambda s: st.vp[s] + location_points(st, s)) if others else -1


def action_worth(st: ImperialState, seat: int, action: Action) -> float:
    """The heuristic worth of a main or free action of the turn (0: passing)."""
    cards = st.cards
    # a card given up is worth less when the hand holds many (resources are the bottleneck)
    forgo = 0.3 if len(st.hand[seat]) <= 4 else 0.1
    if isinstance(action, actions.Build):
        return build_worth(st, seat, action.card) - 0.2 * hand_card_worth(st, seat, action.card)
    if isinstance(action, actions.MakeDeal):
        return deal_worth(st, seat, action.card) - forgo * max(
            0.0, build_worth(st, seat, action.card))
    if isinstance(action, actions.RazeCard):
        return goods_worth(cards[action.card].raze or {}) - GOOD_WORTH["Raze"] * SPEND \
            - forgo * max(0.0, build_worth(st, seat, action.card))
    if isinstance(action, actions.RazeLocation):
        value = goods_worth(cards[action.card].raze or {})
        value -= GOOD_WORTH["Raze"] * SPEND * raze_cost(st, action.target, action.card)
        if action.target >= 0:   # what the opponent loses, more if it leads
            harm = location_worth(st, action.target, action.card)
            value += harm * (0.6 if action.target == _leader(st, seat) else 0.4)
        else:
            value += 0.8    # the solo opponent's location will not become a trophy
        return value
    if isinstance(action, actions.Activate):
        spec = cards[action.card].action or {}
        net = goods_worth(spec.get("goods", {})) - cost_worth(spec.get("cost", {}))
        if spec.get("op"):
            net += OP_WORTH
        return net * action.times + 0.05 * (action.times - 1)
    if isinstance(action, actions.Exchange):   # workers that would be wasted become goods
        pairs = (st.goods[seat][WK] - workers_wanted(st, seat)) // 2
        return 0.4 * pairs if pairs > 0 else -1.0
    if isinstance(action, actions.PlaceDefence):
        return defence_worth(st, seat, action.card)
    if isinstance(action, actions.PlaceSamurai):
        if st.phase == "production":   # the production turn's window (samurai.py)
            return samurai_window_worth(st, seat, action.card)
        return samurai_worth(st, seat, action.card) - (0.0 if st.acted else 0.2)
    if isinstance(action, actions.PutUnderGate):
        return 1.0 - hand_card_worth(st, seat, action.card)
    if isinstance(action, actions.PutOnShrine):
        return 0.5 - GOOD_WORTH[action.good] * (0.2 if st.acted else 1.0)
    if isinstance(action, actions.EndTurn):
        return 0.0
    return 0.0   # Pass


def guard_worth(st: ImperialState, seat: int, cid: int) -> float:
    """What guarding ``seat``'s location ``cid`` against a raze that threatens it is worth."""
    return 0.2 + 0.2 * location_worth(st, seat, cid)


# What a location razed costs its owner besides itself: the raze bonus its razer takes (one
# rival of several gains it), and the part of a threat that a permanent guard (a samurai)
# meets in each round still to come.
RIVAL_GAIN = 0.5
LATER_THREAT = 0.05
SAMURAI_BASE = 0.1   # a spare worker kept as a samurai rather than lost at the cleanup
WAIT = 0.05          # a samurai placed in the production window rather than in the action phase


def raze_loss(st: ImperialState, seat: int, cid: int) -> float:
    """What ``seat`` loses when its location ``cid`` is razed: the location (production,
    feature, action and points to the game's end) and what the razer gains."""
    return location_worth(st, seat, cid) + RIVAL_GAIN * goods_worth(st.cards[cid].raze or {})


def later_guard_gain(st: ImperialState, seat: int, cid: int) -> float:
    """A samurai stays (L602): the rounds to come in which an opponent's raze tokens of a
    production phase (its empire board and production locations, as seen) reach ``cid``'s
    price but not the price with one guard more."""
    if not location_razeable(st, cid):
        return 0.0
    rounds_left = _future(st)
    if not rounds_left:
        return 0.0
    cards = st.cards
    gain = 0.0
    for t in range(st.players):
        if t == seat:
            continue
        income = st.boards[st.emp[t]]["production"].get("Raze", 0)
        for own in controlled(st, t):
            if cards[own].type == "production":
                income += build_raze(cards[own])
        now, guarded = raze_prices(st, seat, t, cid)
        if income >= now and income < guarded:
            gain = 1.0
        elif income + 1 >= now and income + 1 < guarded:
            gain = max(gain, 0.5)
    return LATER_THREAT * rounds_left * gain


def defence_need(st: ImperialState, seat: int, cid: int, opponents: list[int],
                 lasting: bool = False) -> float:
    """What one more guard on ``seat``'s location ``cid`` is worth: its loss times how much the
    guard lowers the chance one of ``opponents`` razes it this round (``heuristic_threat``)
    and, for a guard that stays (``lasting``: a samurai), in the rounds to come."""
    chance = guard_gain(st, seat, cid, opponents)
    if lasting:
        chance += later_guard_gain(st, seat, cid)
    return raze_loss(st, seat, cid) * chance if chance > 0 else 0.0


def defence_worth(st: ImperialState, seat: int, cid: int) -> float:
    """A defence token on ``cid`` (discarded at the cleanup, used or not): against the solo
    opponent's raze at the round's end, ``guard_worth``; otherwise a little (an unused token
    is lost) and the guard against the opponents still playing this round."""
    if st.solo:
        return guard_worth(st, seat, cid)
    return 0.02 + defence_need(st, seat, cid, targetable(st, seat))


def samurai_worth(st: ImperialState, seat: int, cid: int, keep_workers: bool = True) -> float:
    """A samurai on ``cid`` in the action phase, against ending the turn (0): the «samurai»
    features, the guard against the opponents still playing this round (none in the solo game:
    samurai do not guard against the virtual opponent, L880) and in the rounds to come, and a
    spare worker's small use; while ``keep_workers`` (not when passing), a worker the seat's
    unused action locations still want costs what it would bring there (``worker_use`` beyond
    its goods worth)."""
    value = samurai_bonus(st, seat) + SAMURAI_BASE
    value += defence_need(st, seat, cid, [] if st.solo else targetable(st, seat), lasting=True)
    if keep_workers:
        value -= wanted_worker_cost(st, seat)
    return value


def samurai_bonus(st: ImperialState, seat: int) -> float:
    """What the seat's «each time you place a samurai» features pay for one samurai."""
    cards = st.cards
    return sum(goods_worth(f["goods"]) for c in st.locs[seat] for f in cards[c].features
               if f.get("on") == "samurai")


def worker_use(st: ImperialState, seat: int) -> float:
    """What one worker of ``seat`` brings in the coming action phase: its goods worth while
    it is spare, and besides the least an unused action location of the seat's that asks for
    workers brings per worker when every worker is wanted there (``workers_wanted``)."""
    value = GOOD_WORTH["Wk"]
    if st.goods[seat][WK] > workers_wanted(st, seat):
        return value
    least = None
    for cid in controlled(st, seat):
        spec = st.cards[cid].action
        if spec is None or st.info[cid][USED] >= spec["limit"] or not spec["cost"].get("Wk"):
            continue
        net = goods_worth(spec.get("goods", {})) + (OP_WORTH if spec.get("op") else 0.0) \
            - cost_worth({g: n for g, n in spec["cost"].items() if g != "Wk"})
        per = max(0.0, net) / spec["cost"]["Wk"]
        least = per if least is None else min(least, per)
    return value + (least or 0.0)


def samurai_window_worth(st: ImperialState, seat: int, cid: int) -> float:
    """A samurai on ``cid`` in the seat's production turn, against ending the turn (0): the
    guard is worth having now only against the opponents who act before the seat's first
    action-phase turn (the others find it guardable in that turn). A spare worker becomes a
    samurai in the action phase anyway (``samurai_worth``), so it costs only the choice kept
    open (``WAIT``); a worker the seat's action locations want costs what it would bring
    there."""
    guard = defence_need(st, seat, cid, acting_before(st, seat))
    return samurai_bonus(st, seat) + guard - WAIT - wanted_worker_cost(st, seat)


def wanted_worker_cost(st: ImperialState, seat: int) -> float:
    """What one worker is worth beyond its goods while every worker is wanted by the seat's
    unused action locations (``worker_use``); 0 while one is spare."""
    if st.goods[seat][WK] > workers_wanted(st, seat):
        return 0.0
    return worker_use(st, seat) - GOOD_WORTH["Wk"]


def workers_wanted(st: ImperialState, seat: int) -> int:
    """Workers the player's own unused action locations still ask for this round."""
    wanted = 0
    for cid in controlled(st, seat):
        spec = st.cards[cid].action
        if spec is not None and st.info[cid][USED] < spec["limit"]:
            wanted += spec["cost"].get("Wk", 0)
    return wanted


def exchange_choice(st: ImperialState, seat: int, legal: list[Action]) -> Action:
    """Trade pairs of workers while they are not wanted by an action: for the resource the
    best card in the hand lacks most (wood when none), a card when the hand is short."""
    options = {a.option[0]: a for a in legal if isinstance(a, actions.Choose)}
    spare = st.goods[seat][WK] - workers_wanted(st, seat)
    if spare < 2 and EXCHANGE_DONE in options:
        return options[EXCHANGE_DONE]
    if len(st.hand[seat]) < 3:
        for deck in (EXCHANGE_EMPIRE, EXCHANGE_COMMON):
            if deck in options:
                return options[deck]
    supply = st.goods[seat]
    need = [0.0, 0.0, 0.0]
    for cid in distinct_hand(st, seat):
        card = st.cards[cid]
        uses = [(build_worth(st, seat, cid), card.cost)]
        if card.deal is not None and not card.common:
            uses.append((deal_worth(st, seat, cid), DEAL_COST))
        for worth, cost in uses:
            if worth <= 0:
                continue
            for r, good in enumerate(("W", "S", "F")):
                lack = cost.get(good, 0) - supply[r]
                if lack > 0:
                    need[r] += worth / (1 + lack)
    r = max(range(3), key=lambda i: (need[i], i == 0))
    return options.get(r, legal[0])


class ImperialBot:
    """An empire-aware player: it values each main and free action by what it brings to the
    end of the game — the production engine first (worth more the earlier it is built), then
    points —, weighs deals against builds against razes (a razed location hurts the leader
    most), puts its defence tokens and samurai where a guard keeps a raze off the location
    worth most (``defence_need``: the raze tokens an opponent holds or can still take this
    round, as the seat sees them, ``heuristic_threat``) — a Japanese seat keeps a worker its
    action locations want unless the guard is worth more, turns spare workers into samurai,
    and in its production turn guards against the opponents acting first —, and picks lookout
    cards by their best use. Other questions (targets, which location to give up) are
    answered one ply deep on :func:`evaluate` in a world re-dealt from what it may see."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: ImperialState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, actions.Pick):
            return max(legal, key=lambda a: hand_card_worth(state, seat, a.card))  # type: ignore[attr-defined]
        if isinstance(first, actions.Draw):
            return next((a for a in legal if a.deck == "faction"), first)  # type: ignore[attr-defined]
        if isinstance(first, actions.Pay):     # keep gold: it stands in for anything
            return min(legal, key=lambda a: sum(a.gold))  # type: ignore[attr-defined]
        if isinstance(first, actions.Choose):
            if state.pending and state.pending[-1]["kind"] == "exchange":
                return exchange_choice(state, seat, legal)
            return self._one_ply(state, seat, legal)
        best, best_value = first, float("-inf")
        for action in legal:
            value = action_worth(state, seat, action)
            if isinstance(action, actions.Pass):
                value = PASS_SLACK
            if value > best_value:
                best, best_value = action, value
        if isinstance(best, actions.Pass):   # workers left when passing become samurai
            places = [a for a in legal if isinstance(a, actions.PlaceSamurai)]
            if places:
                return max(places, key=lambda a: samurai_worth(state, seat, a.card, False))
        return best

    def _one_ply(self, state: ImperialState, seat: int, legal: list[Action]) -> Action:
        world = state.determinize(seat, self.seed + len(state.log))
        best, best_value = legal[0], float("-inf")
        for action in legal:
            after = world.clone()
            after.apply(seat, action, check=False)
            value = _outcome(after, seat)
            if value > best_value:
                best, best_value = action, value
        return best


def _outcome(st: ImperialState, seat: int) -> float:
    if st.finished:
        return 1e9 if seat in winners(st) else -1e9
    return evaluate(st, seat)


def make_bot(seed: int = 0, **budget: Any) -> ImperialBot:
    """The Imperial heuristic player; it takes no budget."""
    if budget:
        raise TypeError(f"the imperial heuristic takes no budget, got {sorted(budget)}")
    return ImperialBot(seed)
