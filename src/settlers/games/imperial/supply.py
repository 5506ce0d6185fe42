"""Goods and what they trigger: the unlimited supply («Бесконечные товары»), counting an
empire's locations, the features that fire «Каждый раз, …», and paying a cost with gold standing
in for any resource («но не наоборот»).
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

from settlers.games.imperial.content import (
    CAPTOR,
    GOOD_INDEX,
    RA_TOKENS,
    RAZE,
    SAMURAI,
    WK,
    F,
    G,
    S,
    W,
)
from settlers.games.imperial.decks import card_sources, draw_card
from settlers.games.imperial.state import ImperialState

# pay_ways' answers where the gold leaves a choice, by what they depend on (the shortfalls, the
# figures and the spare gold: small numbers, so the table stays small); a new list each time
_WAYS: dict[tuple[int, ...], tuple[tuple[int, int, int], ...]] = {}
# at most this many answers are kept (a game meets a few dozen keys; the bound is for a process
# that plays for months)
WAYS_KEPT = 4096


def colour_count(st: ImperialState, seat: int, colour: str) -> int:
    """Locations of ``colour`` in ``seat``'s empire (the counting card included)."""
    if colour == "samurai":
        return sum(1 for cid in st.locs[seat] if st.info[cid][SAMURAI])
    cards = st.cards
    return sum(1 for cid in st.locs[seat] if colour in cards[cid].colours)


def controlled(st: ImperialState, seat: int) -> list[int]:
    """Locations whose production and action ``seat`` uses: its own not captured by an
    Egyptian «Храм Ра», and those it captured."""
    if not any_capture(st):
        return st.locs[seat][:]
    info = st.info
    own = [cid for cid in st.locs[seat] if info[cid][CAPTOR] < 0]
    if holds_captures(st, seat):
        for other, locs in enumerate(st.locs):
            if other != seat:
                own += [cid for cid in locs if info[cid][CAPTOR] == seat]
    return own


def any_capture(st: ImperialState) -> bool:
    """Whether any location is captured with «Храм Ра» now. Each capture uses one of the
    capturing seat's tokens and razing the location gives it back, and only the Egyptians
    start with tokens: the captured locations are the tokens missing
    (checked by ``invariants.problems``)."""
    return sum(st.captures) < st.ra_start


def holds_captures(st: ImperialState, seat: int) -> bool:
    """Whether ``seat`` holds locations it captured: tokens of its own missing (as for
    ``any_capture``)."""
    return st.captures[seat] < (RA_TOKENS if st.emp[seat] == "egyptians" else 0)


def gain(st: ImperialState, seat: int, goods: dict[str, int], times: int = 1) -> None:
    """Take goods from the unlimited supply («Бесконечные товары»), ``times`` times over: the
    same as taking them ``times`` times, «gold gained» features included (L538)."""
    supply = st.goods[seat]
    for good, n in goods.items():
        n *= times
        if n <= 0:
            continue
        index = GOOD_INDEX.get(good)
        if index is not None:     # a supply good: the common case first
            supply[index] += n
        elif good == "VP":
            st.vp[seat] += n
        elif good == "Card":
            gain_cards(st, seat, n, "any")
        elif good == "CardC":
            gain_cards(st, seat, n, "common")
        elif good == "CardF":
            gain_cards(st, seat, n, "faction")
        else:
            raise KeyError(good)   # content validation admits no other good
    if goods.get("G", 0) > 0:
        for _ in range(times):
            trigger(st, seat, "gold")


def gain_good(st: ImperialState, seat: int, good: str, n: int = 1) -> None:
    """``gain(st, seat, {good: n})``; a supply good without the dict and its loop (a deal's
    good at its making and at every production: many a turn late in a game)."""
    index = GOOD_INDEX.get(good)
    if index is None or n <= 0:   # VP, cards, or nothing to gain
        gain(st, seat, {good: n})
        return
    st.goods[seat][index] += n
    if index == G:   # «gold gained» features (gain's test of the gold, once)
        trigger(st, seat, "gold")


def trigger(st: ImperialState, seat: int, event: str, colours: tuple[str, ...] = ()) -> None:
    """Fire ``seat``'s features listening to ``event`` («Каждый раз, построив…»)."""
    if seat < 0:
        return
    if event not in st.marks[seat]:   # no location listening (marks.py)
        return
    cards = st.cards
    listeners = st.tables.listeners[event]   # the cards with a feature listening
    for cid in st.locs[seat]:
        if cid not in listeners:
            continue
        for feat in cards[cid].features:
            if feat.get("on") != event:
                continue
            colour = feat.get("colour")
            if colour is not None and colour not in colours:
                continue
            if event == "gold":  # a VP per gain of gold; must not recurse
                st.vp[seat] += feat["goods"].get("VP", 0)
            else:
                gain(st, seat, feat["goods"])


def has_passive(st: ImperialState, seat: int, passive: str) -> bool:
    if seat < 0:
        return False
    return passive in st.marks[seat]   # (marks.py)


def gain_cards(st: ImperialState, seat: int, n: int, source: str) -> None:
    """«Каждый раз, получая карточку, вы сами решаете, из какой колоды»; a choice is asked
    only when both decks can give a card."""
    for _ in range(n):
        decks = card_sources(st, seat, source)
        if not decks:
            return
        if len(decks) == 1:
            draw_card(st, seat, decks[0])
        else:
            st.pending.append({"kind": "draw", "seat": seat, "await": "draw",
                               "options": [("common",), ("faction",)], "n": n})   # pending.push, inlined: its keyword arguments are matched by name in C
            return


def pay_options(st: ImperialState, seat: int, cost: dict[str, int], times: int = 1,
                extra: dict[str, int] | None = None) -> list[tuple[int, int, int]]:
    """Every way to pay the resources of ``cost`` with gold standing in for any of them.

    ``extra`` is a cost that must still be affordable afterwards (the activation cost when
    checking an effect in advance)."""
    get = cost.get
    nw, ns, nf = get("W", 0) * times, get("S", 0) * times, get("F", 0) * times
    gold_fixed = get("G", 0) * times
    if extra:
        nw += extra.get("W", 0)
        ns += extra.get("S", 0)
        nf += extra.get("F", 0)
        gold_fixed += extra.get("G", 0)
    return pay_ways(st.goods[seat], nw, ns, nf, gold_fixed)


def pay_ways(supply: list[int], nw: int, ns: int, nf: int,
             gold_fixed: int) -> list[tuple[int, int, int]]:
    """``pay_options`` for a cost of ``nw`` wood, ``ns`` stone, ``nf`` food and
    ``gold_fixed`` gold (already multiplied by the times): the gold standing in for the wood,
    stone and food, every way ``supply`` allows. Builds and activations call it on their
    cost's figures (``CardTables.cost_wsf``, ``action_cost``), without reading a dict."""
    spare_gold = supply[G] - gold_fixed
    if spare_gold < 0:
        return []
    # the least gold each resource needs (what the supply lacks)
    lw = nw - supply[W] if nw > supply[W] else 0
    ls = ns - supply[S] if ns > supply[S] else 0
    lf = nf - supply[F] if nf > supply[F] else 0
    if lw > spare_gold or ls > spare_gold or lf > spare_gold:
        return []
    if not (nw or ns or nf):
        return [(0, 0, 0)]
    lows = lw + ls + lf
    if lows >= spare_gold:   # no gold to spare beyond the shortfall: one way, or none
        return [(lw, ls, lf)] if lows == spare_gold else []
    # gold beyond the whole wood, stone and food changes nothing (every way is open): one key
    # for all such supplies, which late in a game are rich in gold and seldom met before
    full = nw + ns + nf
    if spare_gold > full:
        spare_gold = full
    key = (lw, ls, lf, nw, ns, nf, spare_gold)
    ways = _WAYS.get(key)
    if ways is None:
        if len(_WAYS) >= WAYS_KEPT:   # (a bound for a long-lived server: start again)
            _WAYS.clear()
        ways = _WAYS[key] = _choices(lw, ls, lf, nw, ns, nf, spare_gold)
    return list(ways)


def _choices(lw: int, ls: int, lf: int, nw: int, ns: int, nf: int,
             spare_gold: int) -> tuple[tuple[int, int, int], ...]:
    """``pay_ways``' answer where the spare gold exceeds the shortfall:
    itertools.product(range(lw, nw + 1), range(ls, ns + 1), range(lf, nf + 1)) filtered by
    sum(g) <= spare_gold, in the same order."""
    out: list[tuple[int, int, int]] = []
    for a in range(lw, nw + 1):
        for b in range(ls, ns + 1):
            top = spare_gold - a - b
            if top < lf:
                break      # a larger b leaves even less gold
            row = range(lf, (nf if nf < top else top) + 1)
            out += zip(repeat(a, len(row)), repeat(b, len(row)), row)
    return tuple(out)


def can_pay(st: ImperialState, seat: int, cost: dict[str, int], times: int = 1,
            extra: dict[str, int] | None = None) -> bool:
    """Whether ``pay_options`` would offer at least one way to pay (without listing them):
    the gold left after the gold of the cost covers every missing resource."""
    supply = st.goods[seat]
    get = cost.get
    w, s, f = get("W", 0) * times, get("S", 0) * times, get("F", 0) * times
    gold = supply[G] - get("G", 0) * times
    if extra:
        w += extra.get("W", 0)
        s += extra.get("S", 0)
        f += extra.get("F", 0)
        gold -= extra.get("G", 0)
    if gold < 0:
        return False
    short = 0
    if w > supply[W]:
        short += w - supply[W]
    if s > supply[S]:
        short += s - supply[S]
    if f > supply[F]:
        short += f - supply[F]
    return short <= gold


def can_afford(st: ImperialState, seat: int, cost: dict[str, int], times: int = 1,
               extra: dict[str, int] | None = None) -> bool:
    supply = st.goods[seat]
    if extra or times != 1:
        total = {k: v * times for k, v in cost.items()} if times != 1 else dict(cost)
        if extra:
            for k, v in extra.items():
                total[k] = total.get(k, 0) + v
    else:
        total = cost
    get = total.get
    if get("Wk", 0) > supply[WK] or get("Raze", 0) > supply[RAZE]:
        return False
    if get("Card", 0) > len(st.hand[seat]):
        return False
    deal = get("Deal", 0)
    if deal and deal > deal_count(st, seat):
        return False
    return can_pay(st, seat, total)


def pay(st: ImperialState, seat: int, cost: dict[str, int], gold: tuple[int, int, int],
        times: int = 1) -> None:
    """Spend ``cost`` (resources, gold, workers, raze tokens) using ``gold`` substitutes."""
    supply = st.goods[seat]
    get = cost.get
    gw, gs, gf = gold
    supply[W] -= get("W", 0) * times - gw
    supply[S] -= get("S", 0) * times - gs
    supply[F] -= get("F", 0) * times - gf
    supply[G] -= gw + gs + gf + get("G", 0) * times
    supply[WK] -= get("Wk", 0) * times
    supply[RAZE] -= get("Raze", 0) * times


def pay_figures(supply: list[int], w: int, s: int, f: int, g: int, wk: int, rz: int,
                gold: tuple[int, int, int]) -> None:
    """``pay`` on a cost's figures (already multiplied by the times): ``gold`` is one of
    ``pay_ways(supply, w, s, f, g)``, so a resource the cost does not ask for has no gold
    standing in for it, and only the figures asked for are touched."""
    gw, gs, gf = gold
    if w:
        supply[W] -= w - gw
    if s:
        supply[S] -= s - gs
    if f:
        supply[F] -= f - gf
    spent = gw + gs + gf + g
    if spent:
        supply[G] -= spent
    if wk:
        supply[WK] -= wk
    if rz:
        supply[RAZE] -= rz


def resources_and_workers(st: ImperialState, seat: int) -> int:
    supply = st.goods[seat]
    return supply[W] + supply[S] + supply[F] + supply[WK]


# The deals of one's own that «Ганзейский союз» and «Имперский посланник» use, by kind (2, once
# the solo opponent's open attack cards, is no kind of one's own deal: see own_deal_options).
DEAL_UNDER_BOARD, DEAL_ROUTE, DEAL_TAKEN_ATTACK = 0, 1, 3


def own_deal_options(st: ImperialState, seat: int,
                     exclude: tuple[Any, ...] = ()) -> list[tuple[int, int]]:
    """One's own deals: under the board, the Japanese «Торговый путь» deals (L716, L720 «а не
    только сделки под своим планшетом империи»), and solo the attack cards the player took
    with «Шпионы» (they produce for the player as its deals). The open attack cards are the
    virtual opponent's deals (L818 «открытые карточки атаки – его сделками»): «Шпионы» and
    «Разбойники» may take or cancel them, the Messenger and the League may not use them."""
    out = [(DEAL_UNDER_BOARD, i) for i in range(len(st.deals[seat]))]
    out.extend((DEAL_ROUTE, i) for i in range(len(st.route[seat])))
    if st.solo:
        out.extend((DEAL_TAKEN_ATTACK, i) for i in range(len(st.attack_deals)))
    return [o for o in out if o not in exclude]


def deal_count(st: ImperialState, seat: int) -> int:
    """``len(own_deal_options(st, seat))``, without listing them."""
    if st.solo:
        return len(st.deals[seat]) + len(st.route[seat]) + len(st.attack_deals)
    return len(st.deals[seat]) + len(st.route[seat])


def deal_good(st: ImperialState, seat: int, kind: int, index: int) -> str:
    """The good a deal gives (an attack card's good for a taken attack card)."""
    if kind == DEAL_UNDER_BOARD:
        return st.cards[st.deals[seat][index]].deal or ""
    if kind == DEAL_ROUTE:
        return st.cards[st.route[seat][index]].deal or ""
    return st.attack_goods[st.attack_deals[index]]
