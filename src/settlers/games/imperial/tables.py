"""Lookup tables derived once from a card table, for the hot loops of the rules.

The card data (``content.Card``) stays the one source; these tuples only answer per-card
questions the legal-action generation asks thousands of times a game (is the card common,
which passive features it has, what it costs) without walking dicts each time. They are
cached per card table (by identity, the shipped table is loaded once), so a state carries
nothing extra and clones share them.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from settlers.games.imperial.actions import (
    Activate,
    Build,
    MakeDeal,
    PlaceDefence,
    PlaceSamurai,
    RazeCard,
    RazeLocation,
)
from settlers.games.imperial.content import GOOD_INDEX, Card, twin_indices

MAX_SEATS = 4   # the game's most players (GAME.max_players): the raze_location_of rows
# the mark of a location with a «Врата» or «Часовня» (free actions; not a trigger or passive name)
FREE = "free"
_FREE_MARK = frozenset((FREE,))


class CardTables:
    """Per card index: ``common``; ``passives`` (the set of its passive features;
    ``passive_cards``: by passive feature, the cards with it); ``free``
    (its Gate/Chapel features in order, as (kind, max); ``free_cards``: the cards with any);
    ``triggers`` (the ``on`` events its features listen to; ``listeners``: by event, the cards
    listening); ``deal_card`` (an empire card with a deal); ``hand_razeable``/``loc_razeable``
    (see ``razing``); ``japanese``; ``has_action``; ``action_cost`` (the action's cost as W, S,
    F, G, Wk, Raze, Card, Deal), ``action_op``, ``action_limit`` and ``action_deals`` (the
    deals it asks for), and all of them in one ``action_row`` per card; ``twins``
    (``content.twin_indices``; ``has_copies``: whether the table holds another identical
    card); ``cost_wsf`` (the wood, stone and food a location costs); ``build_of``/``deal_of``/
    ``raze_of`` (one instance of each action on a card in hand, None where there is none)
    and ``needs_foundation``; ``activate_of``/``activate_twice_of``/``raze_location_of``
    (the same for a location: its activation once and twice, razing it by owner + 1); ``place_defence``/``place_samurai`` (one instance of each free
    action on a card); ``buildable(...)``, which cards a supply can build
    (``buildable_rows``: those known so far, by supply)."""

    __slots__ = (
        "_build_class",
        "_build_classes",
        "_dearest",
        "_spread",
        "act_row",
        "action_cost",
        "action_deals",
        "action_limit",
        "action_op",
        "action_row",
        "activate_of",
        "activate_twice_of",
        "build_of",
        "buildable_rows",
        "cards",
        "common",
        "cost_wsf",
        "deal_card",
        "deal_index",
        "deal_of",
        "fdn_foundation",
        "fdn_location",
        "free",
        "free_cards",
        "hand_razeable",
        "has_action",
        "has_copies",
        "japanese",
        "listeners",
        "loc_razeable",
        "marks",
        "needs_foundation",
        "passive_cards",
        "passives",
        "place_defence",
        "place_samurai",
        "production_goods",
        "raze_location_of",
        "raze_of",
        "raze_resource",
        "triggers",
        "twin_of",
        "twins",
    )

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.twins = twin_indices(cards)
        self.has_copies = tuple(self.twins.count(twin) > 1 for twin in self.twins)
        # the twin of a card that has an identical copy in the table, None for the others
        self.twin_of = tuple(twin if copies else None
                             for twin, copies in zip(self.twins, self.has_copies, strict=True))
        self.common = tuple(c.deck == "common" for c in cards)
        self.passives = tuple(frozenset(f["passive"] for f in c.features if f.get("passive"))
                              for c in cards)
        self.passive_cards = {passive: frozenset(c.index for c in cards
                                                 if passive in self.passives[c.index])
                              for passive in frozenset().union(*self.passives)}
        self.free = tuple(tuple((f["passive"], f.get("max")) for f in c.features
                                if f.get("passive") in ("gate", "chapel")) for c in cards)
        self.free_cards = frozenset(c.index for c in cards if self.free[c.index])
        self.triggers = tuple(frozenset(f["on"] for f in c.features if f.get("on") is not None)
                              for c in cards)
        self.listeners = {event: frozenset(c.index for c in cards if event in self.triggers[c.index])
                          for event in {e for events in self.triggers for e in events}}
        # what a location tells of its empire (state.ImperialState.marks, kept per seat): the
        # events its features listen to, its passive features (content.TRIGGERS and PASSIVES,
        # disjoint names) and FREE where it has a «Врата» or «Часовня»
        self.marks = tuple(self.triggers[c.index] | self.passives[c.index]
                           | (_FREE_MARK if self.free[c.index] else frozenset())
                           for c in cards)
        self.deal_card = tuple(c.deal is not None and c.deck != "common" for c in cards)
        # the supply index of a card's deal good (``supply.gain_good``'s), None where the deal is
        # of another good (victory points, cards) or the card has none
        self.deal_index = tuple(None if c.deal is None else GOOD_INDEX.get(c.deal) for c in cards)
        self.hand_razeable = tuple(c.raze is not None and (c.deck in ("common", "japanese"))
                                   for c in cards)
        self.loc_razeable = tuple(not c.unrazeable and c.deck in ("common", "japanese")
                                  for c in cards)
        # whether the card's raze bonus names wood, stone or food (a resource: what «Банда»'s
        # op takes, operations.targets_raze_bonus_good)
        self.raze_resource = tuple(any(good in ("W", "S", "F") for good in (c.raze or {}))
                                   for c in cards)
        self.has_action = tuple(c.action is not None for c in cards)
        self.action_cost = tuple(
            None if c.action is None else
            tuple(c.action["cost"].get(k, 0) for k in ("W", "S", "F", "G", "Wk", "Raze", "Card",
                                                      "Deal"))
            for c in cards)
        self.action_limit = tuple(0 if c.action is None else c.action["limit"] for c in cards)
        self.action_op = tuple(None if c.action is None else c.action.get("op") for c in cards)
        self.action_deals = tuple(0 if cost is None else cost[7] for cost in self.action_cost)
        # what the main turn's listing reads of a location with an action, in one tuple:
        # (limit, W, S, F, G, Wk, Raze, Card, Deal, op, the cost tuple); None without one
        self.action_row = tuple(
            None if cost is None else (limit, *cost, op, cost)
            for cost, limit, op in zip(self.action_cost, self.action_limit, self.action_op,
                                       strict=True))
        self.japanese = tuple(c.deck == "japanese" for c in cards)
        self.cost_wsf = tuple((c.cost.get("W", 0), c.cost.get("S", 0), c.cost.get("F", 0))
                              for c in cards)
        # what a card in hand offers ``turn.turn_actions``: one instance of each action
        # (None where the card has none), whether building it needs a foundation
        self.build_of = tuple(Build(c.index) for c in cards)
        self.deal_of = tuple(MakeDeal(c.index) if self.deal_card[c.index] else None
                             for c in cards)
        self.raze_of = tuple(RazeCard(c.index) if self.hand_razeable[c.index] else None
                             for c in cards)
        self.needs_foundation = tuple(c.foundation for c in cards)
        # the build's foundation options (building.foundation_options), one tuple each: a built
        # location (0, card) or a foundation (1, card) — shared, not made at every question,
        # so that the listing's answers (rounds._CHOOSE) are found by identity
        self.fdn_location = tuple((0, c.index) for c in cards)
        self.fdn_foundation = tuple((1, c.index) for c in cards)
        # what a location offers the main turn: its activation once and twice (None without
        # an action), and razing it, by the owner's seat + 1 (-1: the solo opponent)
        self.activate_of = tuple(Activate(c.index) if c.action is not None else None
                                 for c in cards)
        self.activate_twice_of = tuple(Activate(c.index, 2) if c.action is not None else None
                                       for c in cards)
        # the main turn's loop reads a shorter row first: (limit, Wk, (W, S, F) or None where
        # the action costs none of them, None or the whole ``action_row``, the activation once,
        # the activation twice or None where the limit is 1) — None in the fourth place for an
        # action that costs workers, wood, stone and food only and has no op (most of them),
        # which the loop answers from these three figures
        self.act_row = tuple(
            None if row is None else
            (row[0], row[5], (row[1], row[2], row[3]) if row[1] or row[2] or row[3] else None,
             None if row[9] is None and not any(row[4:5] + row[6:9]) else row,
             once, twice if row[0] >= 2 else None)
            for row, once, twice in zip(self.action_row, self.activate_of,
                                        self.activate_twice_of, strict=True))
        self.raze_location_of = tuple(
            tuple(RazeLocation(target, c.index) for target in range(-1, MAX_SEATS))
            if self.loc_razeable[c.index] else None for c in cards)
        self.buildable_rows: dict[tuple[Any, ...], tuple[bool, ...]] = {}
        # a buildable row is made per class of card (its wood, stone and food, whether it needs
        # a foundation: a few dozen) and spread over the cards by an ``itemgetter`` of each
        # card's class (``_build_class``: the classes as bytes, None for a table of more than
        # 256 classes, which makes its rows card by card)
        classes: dict[tuple[int, int, int, bool], int] = {}
        of_card = [classes.setdefault((*wsf, bool(needs)), len(classes))
                   for wsf, needs in zip(self.cost_wsf, self.needs_foundation, strict=True)]
        self._build_classes = tuple(classes)
        self._build_class = bytes(of_card) if len(classes) <= 256 else None
        # the row from the classes' verdicts: one C-level gather over every card (the
        # itemgetter of a single index answers the item, not a tuple)
        self._spread: Callable[[tuple[bool, ...]], tuple[bool, ...]] = (
            itemgetter(*of_card) if len(of_card) > 1
            else lambda verdicts: tuple(verdicts[c] for c in of_card))
        self._dearest = (max((w for w, _, _ in self.cost_wsf), default=0),
                         max((s for _, s, _ in self.cost_wsf), default=0),
                         max((f for _, _, f in self.cost_wsf), default=0),
                         max((sum(c) for c in self.cost_wsf), default=0))
        self.place_defence = tuple(PlaceDefence(c.index) for c in cards)
        self.place_samurai = tuple(PlaceSamurai(c.index) for c in cards)
        self.production_goods = tuple(_production_goods(c.production) for c in cards)

    def buildable(self, wood: int, stone: int, food: int, gold: int,
                  foundation: bool) -> tuple[bool, ...]:
        """Per card, True where a supply of ``wood``, ``stone``, ``food`` and ``gold`` pays the
        card's wood, stone and food, gold standing in for what is missing
        (``supply.can_pay`` for a location's cost), and the card needs no foundation unless
        the player has one to discard (``foundation``; ``building.can_build``). Kept per
        supply (``buildable_rows``): few supplies recur, and beyond the dearest cost more of
        a good changes nothing."""
        rows = self.buildable_rows
        key = (wood, stone, food, gold, foundation)
        row = rows.get(key)
        if row is not None:
            return row
        top_w, top_s, top_f, top_total = self._dearest
        # compares, not min(): in Python 3.11 min() parses keywords at every call (≈ 750
        # instructions each), and this runs at every supply the table has not met, which late
        # supplies (richer, more varied) are more often; _kept inlined (one call less)
        least = (wood if wood < top_w else top_w, stone if stone < top_s else top_s,
                 food if food < top_f else top_f, gold if gold < top_total else top_total,
                 foundation)
        row = rows.get(least)
        if row is None:
            row = rows[least] = self._buildable(*least)
        if len(rows) >= _ROWS_KEPT:
            rows.clear()
        rows[key] = row
        return row

    def _buildable(self, wood: int, stone: int, food: int, gold: int,
                   foundation: bool) -> tuple[bool, ...]:
        # a tuple of True and False, not bytes: the main turn reads a card's entry and tests
        # it, and a tuple's subscript and a bool's test are the interpreter's fast paths (a
        # bytes subscript makes an int through the generic path, and an int's test calls C)
        if self._build_class is not None:
            verdicts = tuple(bool(_gold_covers(w, s, f, wood, stone, food, gold)
                                  and (foundation or not needs))
                             for w, s, f, needs in self._build_classes)
            return self._spread(verdicts)
        pays = {(w, s, f): _gold_covers(w, s, f, wood, stone, food, gold)
                for w, s, f in set(self.cost_wsf)}   # a few distinct costs
        return tuple(bool(pays[cost] and (foundation or not needs))
                     for cost, needs in zip(self.cost_wsf, self.needs_foundation, strict=True))


def _production_goods(
        production: tuple[dict[str, Any], ...]) -> tuple[tuple[tuple[int, int], ...], int] | None:
    """What ``effects.apply_yields`` does with a production made of goods of the supply only:
    the (supply index, number) added, in order, and how many of its yields gain gold (each
    fires «gold gained» once, ``supply.gain``); None where a yield is anything else (VP,
    cards, a choice, a count per colour…), which ``apply_yields`` itself answers."""
    added: list[tuple[int, int]] = []
    golds = 0
    for item in production:
        goods = item.get("goods")
        if goods is None or any(good not in GOOD_INDEX for good in goods):
            return None
        added.extend((GOOD_INDEX[good], n) for good, n in goods.items() if n > 0)
        golds += goods.get("G", 0) > 0
    return tuple(added), golds


def pays_action(cost: tuple[int, ...], times: int, wood: int, stone: int, food: int, gold: int,
                workers: int, razes: int, hand_size: int) -> bool:
    """Whether a supply of these figures pays an action ``cost`` (W, S, F, G, Wk, Raze, Card,
    Deal; ``CardTables.action_cost``) ``times`` times but its deals: ``supply.can_afford``
    without the deals, gold standing in for the wood, stone and food the supply lacks."""
    w, s, f, g, wk, rz, cd, _ = cost
    if times != 1:
        w, s, f, g, wk, rz, cd = w * times, s * times, f * times, g * times, wk * times, \
            rz * times, cd * times
    if wk > workers or rz > razes or cd > hand_size or g > gold:
        return False
    return _gold_covers(w, s, f, wood, stone, food, gold - g)


def _gold_covers(w: int, s: int, f: int, wood: int, stone: int, food: int, gold: int) -> bool:
    """Whether ``gold`` stands in for the wood, stone and food a supply lacks to pay ``w``,
    ``s``, ``f`` (``supply.can_pay``, which reads a seat's supply on the hot path, inlines
    the same rule)."""
    short = (w - wood if w > wood else 0) + (s - stone if s > stone else 0) \
        + (f - food if f > food else 0)
    return short <= gold


_ROWS_KEPT = 4096   # supplies kept; the rows themselves are fewer (one per capped supply)
_CACHE: dict[int, CardTables] = {}
_last: CardTables | None = None   # the tables asked for last: nearly always the shipped ones


def tables(cards: tuple[Card, ...]) -> CardTables:
    """The tables of ``cards`` (computed on first use for that card table)."""
    global _last
    t = _last
    if t is not None and t.cards is cards:
        return t
    t = _CACHE.get(id(cards))
    if t is None or t.cards is not cards:
        if len(_CACHE) > 8:     # user card files: keep the cache small
            _CACHE.clear()
        t = _CACHE[id(cards)] = CardTables(cards)
    _last = t
    return t


__all__ = ["FREE", "CardTables", "pays_action", "tables"]
