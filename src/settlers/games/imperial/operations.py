"""What action locations do beyond giving goods: the ``op`` of a card's action.

Each op lists its targets (tuples answered by ``Choose``) and resolves one. The clarified
cards («Пояснения к карточкам») behave exactly as the rulebook states:
«Гарнизон»/«Инженеры» discard a location «не считается разрушением»; «Строитель колесниц»
ignores samurai and defence; «Тёмное капище» pays extra tokens for them; «Банда» takes one good
of a raze bonus without razing; «Отребье» razes one's own location; «Разбойники» may cancel a
Japanese «Торговый путь» deal; «Шпионы» take only deals under a board; «Посредник» builds a
deal without discarding a location; «Поселенцы» build an empire card the same way;
«Святилище» lays a hand card as a foundation for 1 stone; «Храм Ра» captures a location.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from settlers.games.imperial.activation import drop_deal, start_activation
from settlers.games.imperial.building import can_build, start_build
from settlers.games.imperial.content import (
    ALL_GOODS,
    CAPTOR,
    DEFENCE,
    RAZE,
    SAMURAI,
    USED,
    WK,
    F,
    G,
    S,
    W,
)
from settlers.games.imperial.decks import (
    card_key,
    discard_card,
    distinct_hand,
    leave_hand_face_down,
)
from settlers.games.imperial.effects import produce
from settlers.games.imperial.pending import drop
from settlers.games.imperial.razing import (
    SEATS,
    location_razeable,
    opponent_locations,
    raze_cost,
    raze_location,
    remove_location,
    targetable,
)
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import (
    can_afford,
    controlled,
    deal_count,
    deal_good,
    gain,
    gain_good,
    own_deal_options,
    trigger,
)


def can_activate(st: ImperialState, seat: int, cid: int, times: int) -> bool:
    action = st.cards[cid].action
    if action is None or st.info[cid][USED] + times > action["limit"]:
        return False
    if not can_afford(st, seat, action["cost"], times):
        return False
    op = action.get("op")
    return not (op is not None and not op_targets(st, seat, cid, op, before_paying=True))


STEAL_RESOURCES = (W, S, F)    # «забрать 1 ресурс»: wood, stone or food
# the supply index of each resource by name (``ALL_GOODS.index(good) in STEAL_RESOURCES`` in
# one dict look-up: the raze bonuses read by «Банда»'s targets late in a game)
_STEAL_INDEX = {ALL_GOODS[r]: r for r in STEAL_RESOURCES}


def op_targets(st: ImperialState, seat: int, cid: int, op: str,
               before_paying: bool = False) -> list[tuple[int, ...]]:
    action = st.cards[cid].action
    cost = action["cost"] if before_paying else {}
    spare_raze = st.goods[seat][RAZE] - cost.get("Raze", 0)
    return TARGETS[op](st, seat, cid, cost, spare_raze)


def refresh_op(st: ImperialState, p: dict[str, Any]) -> None:
    options = op_targets(st, p["seat"], p["card"], p["op"])
    if not options:
        drop(st, p)
    elif len(options) == 1:
        drop(st, p)
        resolve_op(st, p["seat"], p["card"], p["op"], options[0])
    else:
        p["options"] = options


def answer_op(st: ImperialState, p: dict[str, Any], value: Any) -> None:
    drop(st, p)
    resolve_op(st, p["seat"], p["card"], p["op"], tuple(value))


def resolve_op(st: ImperialState, seat: int, cid: int, op: str, target: tuple[int, ...]) -> None:
    RESOLVE[op](st, seat, cid, target)


def targets_steal_resource(st: ImperialState, seat, cid, cost, spare):
    return [(t, r) for t in targetable(st, seat) for r in STEAL_RESOURCES
            if st.goods[t][r] > 0]


def resolve_steal_resource(st: ImperialState, seat, cid, target):
    t, r = target
    st.goods[t][r] -= 1
    st.goods[seat][r] += 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.steal", seat=seat, target=t, good=f"imperial.good.{ALL_GOODS[r]}")


def targets_raze_opponent(st: ImperialState, seat, cid, cost, spare):
    ignore = bool(st.cards[cid].action.get("ignore_defence"))
    return [(t, loc) for t, loc in opponent_locations(st, seat)
            if location_razeable(st, loc)
            and raze_cost(st, t, loc, ignore, base=0) <= spare]


def resolve_raze_opponent(st: ImperialState, seat, cid, target):
    t, loc = target
    ignore = bool(st.cards[cid].action.get("ignore_defence"))
    st.goods[seat][RAZE] -= raze_cost(st, t, loc, ignore, base=0)
    raze_location(st, seat, t, loc)


def targets_discard_opponent(st: ImperialState, seat, cid, cost, spare):
    return list(opponent_locations(st, seat))


def resolve_discard_opponent(st: ImperialState, seat, cid, target):
    t, loc = target
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.discard_location", seat=seat, owner=t, card=card_key(st, loc))
    if t < 0:
        st.virtual.remove(loc)
        discard_card(st, loc)
    else:
        remove_location(st, t, loc, "discard")


def targets_raze_bonus_good(st: ImperialState, seat, cid, cost, spare):
    """«Банда»: «1 любой ресурс, указанный её бонусом разрушения» — a resource is wood, stone
    or food (the rulebook's word: «Еда, дерево и камень являются ресурсами»), so a raze bonus
    of points, cards, workers or gold offers nothing."""
    out = []
    for t, loc in opponent_locations(st, seat):
        for good in st.cards[loc].raze or {}:
            index = _STEAL_INDEX.get(good)
            if index is not None:
                out.append((t, loc, index))
    return out


def resolve_raze_bonus_good(st: ImperialState, seat, cid, target):
    gain(st, seat, {ALL_GOODS[target[2]]: 1})


def targets_raze_own(st: ImperialState, seat, cid, cost, spare):
    return [(loc,) for loc in st.locs[seat]
            if loc != cid and location_razeable(st, loc) and st.info[loc][CAPTOR] < 0]


def resolve_raze_own(st: ImperialState, seat, cid, target):
    raze_location(st, seat, seat, target[0])


def targets_cancel_opponent_deal(st: ImperialState, seat, cid, cost, spare):
    out = []
    for t in targetable(st, seat):
        out.extend((t, 0, i) for i in range(len(st.deals[t])))
        out.extend((t, 1, i) for i in range(len(st.route[t])))
    if st.solo:  # «открытые карточки атаки – его сделками»
        out.extend((-1, 0, i) for i in range(len(st.attack_row)))
    return out


def resolve_cancel_opponent_deal(st: ImperialState, seat, cid, target):
    t, kind, i = target
    if t < 0:
        card = st.attack_row.pop(i)
        st.attack_gone.append(card)
        if st.record_events:   # no event to build in searches and simulations
            st.emit("imperial.event.cancel_deal", seat=seat, target=t)
        gain_good(st, seat, st.attack_goods[card])
        return
    deal = (st.deals[t] if kind == 0 else st.route[t])[i]
    drop_deal(st, t, kind, i)
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.cancel_deal", seat=seat, target=t)
    gain_good(st, seat, st.cards[deal].deal)


def targets_take_opponent_deal(st: ImperialState, seat, cid, cost, spare):
    out = [(t, i) for t in targetable(st, seat) for i in range(len(st.deals[t]))]
    if st.solo:
        out.extend((-1, i) for i in range(len(st.attack_row)))
    return out


def resolve_take_opponent_deal(st: ImperialState, seat, cid, target):
    t, i = target
    if t < 0:  # an attack card becomes the player's deal
        st.attack_deals.append(st.attack_row.pop(i))
        if st.record_events:   # no event to build in searches and simulations
            st.emit("imperial.event.take_deal", seat=seat, target=t)
        return
    card = st.deals[t].pop(i)
    st.deals[seat].append(card)
    st.deal_known[t].append(card)     # it was theirs: they know what the spies took
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.take_deal", seat=seat, target=t)


def targets_deal_with_opponent(st: ImperialState, seat, cid, cost, spare):
    return [(t, loc) for t in targetable(st, seat) for loc in st.locs[t]
            if st.cards[loc].deal is not None and not st.cards[loc].common
            and loc not in st.route[seat]]


def resolve_deal_with_opponent(st: ImperialState, seat, cid, target):
    loc = target[1]
    st.route[seat].append(loc)
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.route_deal", seat=seat, owner=target[0],
                  card=card_key(st, loc))
    gain_good(st, seat, st.cards[loc].deal)
    trigger(st, seat, "deal")


def targets_build_from_deal(st: ImperialState, seat, cid, cost, spare):
    return [(d,) for d in dict.fromkeys(st.deals[seat])
            if can_build(st, seat, d, no_foundation=True, extra=cost)]


def resolve_build_from_deal(st: ImperialState, seat, cid, target):
    start_build(st, seat, target[0], source="deal", no_foundation=True)


def targets_build_faction_no_foundation(st: ImperialState, seat, cid, cost, spare):
    return [(h,) for h in distinct_hand(st, seat)
            if not st.cards[h].common
            and can_build(st, seat, h, no_foundation=True, extra=cost)]


def resolve_build_faction_no_foundation(st: ImperialState, seat, cid, target):
    start_build(st, seat, target[0], source="hand", no_foundation=True)


def targets_activate_deal(st: ImperialState, seat, cid, cost, spare):
    return own_deal_options(st, seat)


def resolve_activate_deal(st: ImperialState, seat, cid, target):
    gain_good(st, seat, deal_good(st, seat, *target))


def targets_activate_other_action(st: ImperialState, seat, cid, cost, spare):
    """Reconstructed: use another of one's action locations again this round."""
    out = []
    for loc in controlled(st, seat):
        action = st.cards[loc].action
        if loc == cid or action is None or action.get("op") == "activate_other_action":
            continue
        if not can_afford(st, seat, action["cost"], extra=cost):
            continue
        if action.get("op") and not op_targets(st, seat, loc, action["op"], True):
            continue
        out.append((loc,))
    return out


def resolve_activate_other_action(st: ImperialState, seat, cid, target):
    """The extra use does not count against the target's limit: it lays no use mark (a mark
    is goods on the card, L531, and never fewer than none)."""
    start_activation(st, seat, target[0], 1, counted=False)


def targets_activate_production(st: ImperialState, seat, cid, cost, spare):
    return [(loc,) for loc in controlled(st, seat)
            if st.cards[loc].type == "production"]


def resolve_activate_production(st: ImperialState, seat, cid, target):
    produce(st, seat, target[0])


def targets_capture(st: ImperialState, seat, cid, cost, spare):
    if st.captures[seat] <= 0:
        return []
    return [(t, loc) for t in targetable(st, seat) for loc in st.locs[t]
            if st.cards[loc].common and st.cards[loc].type in ("production", "action")
            and st.info[loc][CAPTOR] < 0]


def resolve_capture(st: ImperialState, seat, cid, target):
    """«Захватив локацию с производством, вы не получаете товаров в момент захвата»."""
    t, loc = target
    st.info[loc][CAPTOR] = seat
    st.captures[seat] -= 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.capture", seat=seat, owner=t, card=card_key(st, loc))


def targets_foundation_from_hand(st: ImperialState, seat, cid, cost, spare):
    return [(h,) for h in distinct_hand(st, seat)]


def resolve_foundation_from_hand(st: ImperialState, seat, cid, target):
    """«добавить карточку с руки в империю в качестве фундамента… не 1 дерево, а 1 камень»."""
    leave_hand_face_down(st, seat, target[0])
    st.fnd[seat].append(target[0])
    st.fnd_hidden[seat].append(target[0])
    st.goods[seat][S] += 1
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.sanctuary", seat=seat)



# Whether an op has any target before its action is paid (the main turn's listing asks this
# of every usable action location with an op): ``bool(op_targets(…, before_paying=True))``,
# stopping at the first target and reading the cost's figures from the card tables instead of
# building each target and a cost dict per candidate. Ops without an entry build the list.


def has_op_target(st: ImperialState, seat: int, cid: int, op: str) -> bool:
    """``bool(op_targets(st, seat, cid, op, before_paying=True))``."""
    any_target = ANY_TARGET.get(op)
    if any_target is None:
        return bool(op_targets(st, seat, cid, op, before_paying=True))
    return any_target(st, seat, cid)


def _any_raze_opponent(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_raze_opponent``: a razeable location of a targetable opponent whose raze
    cost (its defence unless the action ignores it) the raze tokens left after paying
    cover."""
    t = st.tables
    spare = st.goods[seat][RAZE] - t.action_cost[cid][5]  # type: ignore[index]
    if spare < 0:
        return False
    ignore = bool(st.cards[cid].action.get("ignore_defence"))  # type: ignore[union-attr]
    loc_razeable = t.loc_razeable
    common = t.common
    info = st.info
    passed = st.passed
    for target in SEATS[st.players]:   # razing.targetable
        if target == seat or passed[target]:
            continue
        guarded = None
        for loc in st.locs[target]:
            if not loc_razeable[loc]:
                continue
            if ignore:
                return True
            i = info[loc]
            cost = i[DEFENCE] + i[SAMURAI]
            if common[loc]:
                if guarded is None:
                    guarded = "extra_defence" in st.marks[target]   # has_passive (marks.py)
                cost += guarded
            if cost <= spare:
                return True
    if st.solo:   # the virtual opponent's locations cost no defence
        return any(loc_razeable[loc] for loc in st.virtual)
    return False


def _builds_with(st: ImperialState, seat: int, cid: int, cards: Any, faction_only: bool) -> bool:
    """Whether one of ``cards`` can be built without a foundation, the action of ``cid``
    still paid afterwards (``can_build(…, no_foundation=True, extra=its cost)``); with
    ``faction_only``, only cards that are not common."""
    t = st.tables
    supply = st.goods[seat]
    ew, es, ef, eg = t.action_cost[cid][:4]  # type: ignore[index]
    gold = supply[G] - eg
    if gold < 0:
        return False
    wood, stone, food = supply[W], supply[S], supply[F]
    cost_wsf = t.cost_wsf
    common = t.common
    for card in cards:
        if faction_only and common[card]:
            continue
        w, s, f = cost_wsf[card]
        w += ew
        s += es
        f += ef
        if (w - wood if w > wood else 0) + (s - stone if s > stone else 0) \
                + (f - food if f > food else 0) <= gold:
            return True
    return False


def _any_build_faction_no_foundation(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_build_faction_no_foundation`` (the hand's copies change nothing here)."""
    return _builds_with(st, seat, cid, st.hand[seat], True)


def _any_build_from_deal(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_build_from_deal``."""
    return _builds_with(st, seat, cid, st.deals[seat], False)


def _any_activate_other_action(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_activate_other_action``: another controlled action location (not one of
    this op) that the supply pays together with this action (``can_afford(…, extra=…)``:
    the summed cost, deals counted) and whose own op has a target."""
    t = st.tables
    action_cost = t.action_cost
    action_op = t.action_op
    supply = st.goods[seat]
    ew, es, ef, eg, ewk, erz, ecd, edl = action_cost[cid]  # type: ignore[misc]
    wood, stone, food, gold = supply[W], supply[S], supply[F], supply[G]
    workers, razes, hand_size = supply[WK], supply[RAZE], len(st.hand[seat])
    for loc in controlled(st, seat):
        cost = action_cost[loc]
        if loc == cid or cost is None:
            continue
        op = action_op[loc]
        if op == "activate_other_action":
            continue
        w, s, f, g, wk, rz, cd, dl = cost
        if (wk + ewk > workers or rz + erz > razes or cd + ecd > hand_size):
            continue
        deal = dl + edl
        if deal and deal > deal_count(st, seat):
            continue
        g += eg
        w += ew
        s += es
        f += ef
        if g > gold or (w - wood if w > wood else 0) + (s - stone if s > stone else 0) \
                + (f - food if f > food else 0) > gold - g:
            continue
        if op and not has_op_target(st, seat, loc, op):
            continue
        return True
    return False


def _any_raze_bonus_good(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_raze_bonus_good``: an opponent's location whose raze bonus names wood, stone
    or food (``CardTables.raze_resource``; the opponents walked in place, no list made)."""
    raze_resource = st.tables.raze_resource
    passed = st.passed
    locs = st.locs
    for target in SEATS[st.players]:   # razing.opponent_locations
        if target != seat and not passed[target]:
            for loc in locs[target]:
                if raze_resource[loc]:
                    return True
    if st.solo:
        for loc in st.virtual:
            if raze_resource[loc]:
                return True
    return False


def _any_steal_resource(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_steal_resource``: a targetable opponent with wood, stone or food."""
    passed = st.passed
    goods = st.goods
    for target in SEATS[st.players]:   # razing.targetable
        if target != seat and not passed[target]:
            supply = goods[target]
            if supply[W] > 0 or supply[S] > 0 or supply[F] > 0:
                return True
    return False


def _any_opponent_location(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_discard_opponent``: ``opponent_locations`` lists any."""
    passed = st.passed
    locs = st.locs
    for target in SEATS[st.players]:
        if target != seat and not passed[target] and locs[target]:
            return True
    return bool(st.solo and st.virtual)


def _any_raze_own(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_raze_own``: another razeable location of the seat's own, not captured."""
    loc_razeable = st.tables.loc_razeable
    info = st.info
    for loc in st.locs[seat]:  # noqa: SIM110 (a loop: no generator)
        if loc != cid and loc_razeable[loc] and info[loc][CAPTOR] < 0:
            return True
    return False


def _any_cancel_opponent_deal(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_cancel_opponent_deal``: a targetable opponent's deal (under the board or on
    a «Торговый путь»), or solo an open attack card."""
    passed = st.passed
    for target in SEATS[st.players]:
        if target != seat and not passed[target] and (st.deals[target] or st.route[target]):
            return True
    return bool(st.solo and st.attack_row)


def _any_take_opponent_deal(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_take_opponent_deal``: a targetable opponent's deal under the board, or solo
    an open attack card."""
    passed = st.passed
    for target in SEATS[st.players]:
        if target != seat and not passed[target] and st.deals[target]:
            return True
    return bool(st.solo and st.attack_row)


def _any_deal_with_opponent(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_deal_with_opponent``: a targetable opponent's empire location with a deal
    that is not on the seat's «Торговый путь» yet."""
    passed = st.passed
    deal_card = st.tables.deal_card
    route = st.route[seat]
    for target in SEATS[st.players]:
        if target == seat or passed[target]:
            continue
        for loc in st.locs[target]:
            if deal_card[loc] and loc not in route:
                return True
    return False


def _any_own_deal(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_activate_deal``: ``own_deal_options`` lists any."""
    return bool(st.deals[seat] or st.route[seat] or (st.solo and st.attack_deals))


def _any_production(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_activate_production``: a controlled production location."""
    cards = st.cards
    for loc in controlled(st, seat):  # noqa: SIM110 (a loop: no generator)
        if cards[loc].type == "production":
            return True
    return False


def _any_capture(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_capture``: a capture token left, and a targetable opponent's common
    production or action location not captured."""
    if st.captures[seat] <= 0:
        return False
    cards = st.cards
    info = st.info
    passed = st.passed
    for target in SEATS[st.players]:
        if target == seat or passed[target]:
            continue
        for loc in st.locs[target]:
            card = cards[loc]
            if card.common and card.type in ("production", "action") and info[loc][CAPTOR] < 0:
                return True
    return False


def _any_hand_card(st: ImperialState, seat: int, cid: int) -> bool:
    """``targets_foundation_from_hand``: a card in hand (``distinct_hand`` of a hand is
    empty only for an empty hand)."""
    return bool(st.hand[seat])


ANY_TARGET: dict[str, Callable[[ImperialState, int, int], bool]] = {
    "raze_opponent": _any_raze_opponent,
    "build_faction_no_foundation": _any_build_faction_no_foundation,
    "build_from_deal": _any_build_from_deal,
    "activate_other_action": _any_activate_other_action,
    "raze_bonus_good": _any_raze_bonus_good,
    "steal_resource": _any_steal_resource,
    "discard_opponent": _any_opponent_location,
    "raze_own": _any_raze_own,
    "cancel_opponent_deal": _any_cancel_opponent_deal,
    "take_opponent_deal": _any_take_opponent_deal,
    "deal_with_opponent": _any_deal_with_opponent,
    "activate_deal": _any_own_deal,
    "activate_production": _any_production,
    "capture": _any_capture,
    "foundation_from_hand": _any_hand_card,
}

# Each op's targets and resolution, by the op's name in the card data.
TARGETS = {
    "steal_resource": targets_steal_resource,
    "raze_opponent": targets_raze_opponent,
    "discard_opponent": targets_discard_opponent,
    "raze_bonus_good": targets_raze_bonus_good,
    "raze_own": targets_raze_own,
    "cancel_opponent_deal": targets_cancel_opponent_deal,
    "take_opponent_deal": targets_take_opponent_deal,
    "deal_with_opponent": targets_deal_with_opponent,
    "build_from_deal": targets_build_from_deal,
    "build_faction_no_foundation": targets_build_faction_no_foundation,
    "activate_deal": targets_activate_deal,
    "activate_other_action": targets_activate_other_action,
    "activate_production": targets_activate_production,
    "capture": targets_capture,
    "foundation_from_hand": targets_foundation_from_hand,
}
RESOLVE = {
    "steal_resource": resolve_steal_resource,
    "raze_opponent": resolve_raze_opponent,
    "discard_opponent": resolve_discard_opponent,
    "raze_bonus_good": resolve_raze_bonus_good,
    "raze_own": resolve_raze_own,
    "cancel_opponent_deal": resolve_cancel_opponent_deal,
    "take_opponent_deal": resolve_take_opponent_deal,
    "deal_with_opponent": resolve_deal_with_opponent,
    "build_from_deal": resolve_build_from_deal,
    "build_faction_no_foundation": resolve_build_faction_no_foundation,
    "activate_deal": resolve_activate_deal,
    "activate_other_action": resolve_activate_other_action,
    "activate_production": resolve_activate_production,
    "capture": resolve_capture,
    "foundation_from_hand": resolve_foundation_from_hand,
}
