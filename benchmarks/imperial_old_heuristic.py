"""The Imperial heuristic as it was at 68cb2ba3 (rules 2026-12-07.2), frozen for paired
measurements of later heuristics: ``src/settlers/games/imperial/heuristic.py`` with
``heuristic_threat.py`` inlined, otherwise unchanged (seat it with
``benchmarks/imperial_heuristic_paired.py``, as the bot ``hold``). Not a bot of the platform.
"""
# ruff: noqa
# mypy: ignore-errors
from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.imperial import actions
from settlers.games.imperial.building import foundation_options
from settlers.games.imperial.content import USED, WK
from settlers.games.imperial.deals import DEAL_COST
from settlers.games.imperial.decks import distinct_hand
from settlers.games.imperial.exchange import EXCHANGE_COMMON, EXCHANGE_DONE, EXCHANGE_EMPIRE
from settlers.games.imperial.razing import raze_cost
from settlers.games.imperial.scoring import empire_locations, location_points, winners
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import colour_count, controlled



# ------------------------------------------------- heuristic_threat.py at 68cb2ba3, inlined
from settlers.games.imperial.content import RAZE
from settlers.games.imperial.razing import (
    RAZE_LOCATION_COST,
    location_razeable,
    raze_cost,
    targetable,
)


def razers(st: ImperialState, opponents: list[int], cost: int = RAZE_LOCATION_COST) -> list[int]:
    """The ``opponents`` holding the raze tokens a location costing ``cost`` asks for."""
    return [t for t in opponents if st.goods[t][RAZE] >= cost]


def raze_threat(st: ImperialState, seat: int) -> bool:
    """In the action phase: an opponent still playing could raze an unguarded location of
    ``seat`` (the solo opponent always may, at the round's end)."""
    return bool(razers(st, targetable(st, seat))) or st.solo


def acting_before(st: ImperialState, seat: int) -> list[int]:
    """The opponents whose first action-phase turn comes before ``seat``'s: the first player
    and those after it up to ``seat`` (the action phase starts with the first player). They
    have produced already when ``seat`` produces, so their supplies are what they will act on;
    the others act after ``seat`` has had a turn of its own to guard."""
    out = []
    for k in range(st.players):
        t = (st.first + k) % st.players
        if t == seat:
            break
        out.append(t)
    return out


def threatened(st: ImperialState, seat: int, cid: int, opponents: list[int]) -> bool:
    """Whether one of ``opponents`` holds the tokens to raze ``seat``'s location ``cid``."""
    return location_razeable(st, cid) and bool(razers(st, opponents, raze_cost(st, seat, cid)))


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
        return guard_worth(st, seat, action.card) if raze_threat(st, seat) else 0.02
    if isinstance(action, actions.PlaceSamurai):
        if st.phase == "production":   # the production turn's window (samurai.py)
            return samurai_window_worth(st, seat, action.card)
        return samurai_bonus(st, seat) + 0.1 - (0.0 if st.acted else 0.2)
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
    action-phase turn and hold the raze tokens for ``cid`` (the others find it guardable in
    that turn); the worker is what it would bring in the action phase (``worker_use``)."""
    guard = guard_worth(st, seat, cid) if threatened(st, seat, cid, acting_before(st, seat)) \
        else 0.0
    return samurai_bonus(st, seat) + guard - worker_use(st, seat)


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
    most), guards its most valuable common location when an opponent could raze it — a
    Japanese seat, in its production turn, its empire locations an opponent acting first could
    raze, when the worker is not worth more in the action phase —, and picks lookout cards by
    their best use. Other questions (targets, which location to give up) are
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
