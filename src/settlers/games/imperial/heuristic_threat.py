"""The heuristic's reading of raze threats: who could raze one of a seat's locations this
round, how likely, and what a guard (a samurai, a defence token) changes. Shared by the action
phase's defence tokens and samurai and by the production turn's samurai window
(``heuristic.samurai_window_worth``).

It reads only what the seat may see (``view.py``): the opponents' supplies, their locations and
the marks on them, the cards of their hands everyone saw them take (``known``) or the seat
passed them (``hand_seen``), the size of the rest. A hidden card counts as unknown: the share
of its deck (the public card table, the common deck or the owner's empire deck) that would
give raze tokens when built.

The raze tokens an opponent may still get this round: what it holds, what its own unused
action locations give for what it can pay (workers, resources, gold for resources), and one
build from the hand — a production location produces at once, a building bonus is taken at
once (a card it is seen to hold: as sure as its locations; hidden ones: the chance one of them
does). The price of razing: 2 tokens plus 1 per defence token or samurai, or the tokens an
unused «raze an opponent's location» action of its own asks (1 or 2, plus the guards unless
it ignores them, L640). A guard adds 1 to every price but that last kind.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.content import RAZE, USED, WK, F, G, S, W
from settlers.games.imperial.razing import RAZE_LOCATION_COST, defence_of, location_razeable
from settlers.games.imperial.rounds import ROUNDS
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import controlled

# How likely an opponent razes one of the seat's locations in a round when it can (its tokens
# have other uses, the seat's other locations and the other players' are targets too), by how
# it gets the tokens: held now; still to take from what the seat sees; from a hidden hand card
# (times the chance one gives them). Read off 1,200 games of four heuristics (seed 4717, the
# Japanese seat's empire locations, each opponent's first action turn of a round): it razed
# one in 28 % of the rounds 1-4 it held the tokens (14 % in round 5), 2-3 % when it could
# still take them or a hidden card could give the last one, under 1 % otherwise.
HELD = 0.28
HELD_LAST_ROUND = 0.14
GAINABLE = 0.025
HIDDEN = 0.1
# A guard that leaves the price within the tokens held still costs the razer one token more
# (to the heuristic razer 0.55 of a raze worth 2-3 points): assumed, not measured.
SURPLUS = 0.8


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


# ---------------------------------------------------------------- tokens still to come
def _raze_goods(goods: dict[str, int]) -> int:
    return goods.get("Raze", 0)


def build_raze(card: Any) -> int:
    """Raze tokens building ``card`` gives at once: its production (a production location
    produces when built) and its building bonus; a choice counts when it offers them."""
    items = (*card.production, *card.build_bonus) if card.type == "production" \
        else card.build_bonus
    n = 0
    for item in items:
        if "goods" in item:
            n += _raze_goods(item["goods"])
        elif "choice" in item:
            n += max(_raze_goods(g) for g in item["choice"])
    return n


_SHARES: dict[int, tuple[object, dict[str, float]]] = {}


def deck_raze_shares(cards: Any) -> dict[str, float]:
    """For each deck of the public card table: the share of its cards whose building gives
    raze tokens (cached per table)."""
    entry = _SHARES.get(id(cards))
    if entry is not None and entry[0] is cards:
        return entry[1]
    total: dict[str, int] = {}
    razing: dict[str, int] = {}
    for card in cards:
        total[card.deck] = total.get(card.deck, 0) + 1
        razing[card.deck] = razing.get(card.deck, 0) + (build_raze(card) > 0)
    shares = {d: razing[d] / total[d] for d in total}
    _SHARES[id(cards)] = (cards, shares)
    return shares


def seen_hand(st: ImperialState, viewer: int, t: int) -> list[int]:
    """The cards of ``t``'s hand ``viewer`` may see: all of its own, of another's those
    everyone saw taken and those ``viewer`` passed it."""
    if t == viewer:
        return list(st.hand[t])
    seen = set(st.known[t]) | set(st.hand_seen[viewer])
    return [c for c in st.hand[t] if c in seen]


def _pay(budget: list[int], cost: dict[str, int]) -> bool:
    """Take ``cost`` (workers, resources, gold for resources) from ``budget`` if it allows."""
    need = {g: cost.get(g, 0) for g in ("W", "S", "F", "G", "Wk")}
    if any(cost.get(g, 0) for g in ("Raze", "Card", "Deal", "Def")):
        return False
    if need["Wk"] > budget[WK] or need["G"] > budget[G]:
        return False
    gold = budget[G] - need["G"]
    lack = sum(max(0, need[g] - budget[i]) for g, i in (("W", W), ("S", S), ("F", F)))
    if lack > gold:
        return False
    budget[WK] -= need["Wk"]
    for g, i in (("W", W), ("S", S), ("F", F)):
        used = min(need[g], budget[i])
        budget[i] -= used
    budget[G] -= need["G"] + lack
    return True


def raze_gains(st: ImperialState, viewer: int, t: int) -> tuple[int, float]:
    """The raze tokens ``t`` may still take this round as ``viewer`` sees it: (sure — its
    unused action locations that give them, paid in turn from its supply, and the best
    affordable seen hand card —, the chance a hidden hand card gives one more)."""
    budget = list(st.goods[t])
    cards = st.cards
    info = st.info
    sure = 0
    for cid in controlled(st, t):
        spec = cards[cid].action
        if spec is None or not _raze_goods(spec.get("goods", {})):
            continue
        for _ in range(spec["limit"] - info[cid][USED]):
            if not _pay(budget, spec["cost"]):
                break
            sure += _raze_goods(spec["goods"])
    seen = seen_hand(st, viewer, t)
    best = 0
    for cid in seen:
        n = build_raze(cards[cid])
        if n > best and _pay(list(budget), cards[cid].cost):
            best = n
    sure += best
    hidden_common = sum(1 for c in st.hand[t] if cards[c].common) \
        - sum(1 for c in seen if cards[c].common)
    hidden_empire = len(st.hand[t]) - len(seen) - hidden_common
    if best or not hidden_common + hidden_empire:
        return sure, 0.0
    shares = deck_raze_shares(cards)
    none = (1 - shares.get("common", 0.0)) ** hidden_common \
        * (1 - shares.get(st.emp[t], 0.0)) ** hidden_empire
    return sure, 1.0 - none


def raze_prices(st: ImperialState, seat: int, t: int, cid: int) -> tuple[int, int]:
    """The fewest raze tokens ``t`` needs for ``seat``'s location ``cid``: as it stands, and
    with one guard more (an action that ignores guards, L640, does not count it)."""
    guards = defence_of(st, seat, cid)
    now = RAZE_LOCATION_COST + guards
    guarded = now + 1
    cards = st.cards
    for own in controlled(st, t):
        spec = cards[own].action
        if spec is None or spec.get("op") != "raze_opponent" \
                or st.info[own][USED] >= spec["limit"]:
            continue
        base = spec["cost"].get("Raze", 0)
        if spec.get("ignore_defence"):
            now, guarded = min(now, base), min(guarded, base)
        else:
            now, guarded = min(now, base + guards), min(guarded, base + guards + 1)
    return now, guarded


def raze_chance(st: ImperialState, seat: int, cid: int, opponents: list[int],
                extra: int = 0) -> float:
    """How likely one of ``opponents`` razes ``seat``'s location ``cid`` this round, as
    ``seat`` sees it; ``extra``: 1 to read it with one guard more."""
    if not location_razeable(st, cid):
        return 0.0
    best = 0.0
    for t in opponents:
        prices = raze_prices(st, seat, t, cid)
        price = prices[extra]
        held = st.goods[t][RAZE]
        if held >= price:
            rate = HELD if st.round < ROUNDS else HELD_LAST_ROUND
            if price == prices[0]:
                return rate
            best = max(best, rate * SURPLUS)
            continue
        sure, hidden = raze_gains(st, seat, t)
        if held + sure >= price:
            best = max(best, GAINABLE)
        elif held + sure + 1 >= price:
            best = max(best, HIDDEN * hidden)
    return best


def guard_gain(st: ImperialState, seat: int, cid: int, opponents: list[int]) -> float:
    """How much one more guard on ``cid`` lowers the chance it is razed this round."""
    return raze_chance(st, seat, cid, opponents) - raze_chance(st, seat, cid, opponents, 1)
