"""Using evolution cards in the action phase (archipelago.ru.txt L800-876) and the effect of
every card of the glossary (L1036-1585). One card per round (L806): pay its activation — the
owner to the bank, anyone else the price + 1f to the owner (L830) — turn it, apply it. Wonders
are built instead (L866-876)."""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.interned import Pool
from settlers.games.archipelago import (
    board,
    building,
    economy,
    evolution,
    growth,
    harvest,
    markets,
    migration,
    pieces,
)
from settlers.games.archipelago import unit as U
from settlers.games.archipelago.actions import BuildWonder, Done, Pick, ThiefHands, UseCard
from settlers.games.archipelago.content import RESOURCES, Card
from settlers.games.archipelago.markers import move_rebellion, move_surplus, recruit_price
from settlers.games.archipelago.memo import KEY as PIECES
from settlers.games.archipelago.memo import of_pieces
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.tables import tables_of

FLAG_EFFECTS = {"explore_three": "three", "explore_twice": "twice", "missionary": "missionary",
                "admiral": "admiral", "roads": "roads",
                **{f"double_{r}": f"double_{r}" for r in RESOURCES}}
CATTLE, FRUIT = RESOURCES.index("cattle"), RESOURCES.index("fruit")
# one instance per action value (issue 19)
_USE_CARD: Pool[UseCard] = Pool(UseCard)
_BUILD_WONDER: Pool[BuildWonder] = Pool(BuildWonder)


def find(state: ArchState, card: int) -> tuple[int, list[int]] | None:
    for s in range(state.players):
        for rec in state.owned[s]:
            if rec[0] == card:
                return s, rec
    return None


def affordable(state: ArchState, seat: int, owner: int, c: Card) -> bool:
    fee = c.cost_f + (0 if owner == seat else 1)
    return (state.money[seat] >= fee and economy.can_pay_cubes(state, seat, c.cost_cubes)
            and state.discs[seat] - state.discs_used[seat] >= c.discs)


def args(state: ArchState, seat: int, c: Card, fee: int) -> list[tuple[int, ...]]:
    """The choices a card offers now, once ``fee`` florins are paid, each distinct outcome
    once; [] when it would do nothing. L800 «примените указанный на карте эффект»: a card is
    used for its effect, and a round with a card is no pass (L242-246, L441 «пока все
    участники ... не смогут ничего совершить»), so a use that can change nothing is none
    (before rules 2026-12-06.5 the False prophet without a church, a marker card with its
    marker at the end, a modifier with its action out of reach and a few more were offered)."""
    e = c.effect
    left = state.money[seat] - fee
    n = state.players
    if e in FLAG_EFFECTS:
        # the card changes the disc action of this round (L1390, L1430, L1448, L1502, L1528,
        # the Lumber mill L806, ×2 L852-854): only while that action is still on this round's menu
        if state.round.get(FLAG_EFFECTS[e]) or not _modified_open(state, seat, c, e):
            return []
        return [()]
    if e == "pirate":
        # the regions of the seat's ships, from its own units (pieces.span); with none there
        # is no ship to sink
        units = state.units
        mine = {u[U.REGION] for i in pieces.span(state, seat)
                if (u := units[i])[U.OWNER] == seat and u[U.SHIP] and u[U.REGION] >= 0}
        if not mine:
            return []
        return [(i,) for i, u in enumerate(units)
                if u[U.SHIP] and u[U.OWNER] != seat and u[U.REGION] in mine]
    if e == "assassin":
        out: list[tuple[int, ...]] = []
        for s in range(n):
            if s != seat:
                for rec in state.owned[s]:
                    cc = state.content.cards[rec[0]]
                    if cc.type == "character" and left >= min(cc.prices):
                        out.append((rec[0],))
        return out
    if e == "thief":   # a victim with no cube lifts its screen (L1128): that is an outcome too
        return [(t,) for t in range(n) if t != seat]
    if e == "spy":   # L1454: an objective card of that player the spy has not seen
        return [(t,) for t in range(n)
                if t != seat and any(o not in state.seen[seat] for o in state.objectives[t])]
    if e in ("merchant", "exporter"):   # L1460, L1496: a resource it can buy or sell there
        m = 0 if e == "merchant" else 1
        return [(r,) for r in range(6) if _trade_open(state, seat, c, m, r, left)]
    if e == "labour_minister":   # surplus -1 (0) or +1 (1), where the marker can move
        top = state.content.labour[-1]["to"]
        return [(up,) for up in (0, 1) if (state.surplus < top if up else state.surplus > 0)]
    if e in ("bishop", "archbishop", "peace", "church_gifts", "pope") and (
            state.rebellion <= 0 or (e == "pope" and not pieces.count_built(state, "church"))):
        # the rebellion marker down (L1057-1065, L1113-1115): not below 0; the Pope by the
        # churches in play, the Gifts for one or two cubes
        return []
    if e == "false_prophet":
        # L1420 «Каждая контролируемая вами церковь позволяет переместить одного вашего
        # жителя»: a church of the user's and a unit that may migrate (as the wheel's Migrate)
        mobile = pieces.seat_units(state, seat).mobile
        return [()] if mobile and pieces.controlled(state, seat, "church") else []
    if e == "expansionism":   # L1536: a Migration, so a unit that may migrate (as the wheel's)
        return [()] if pieces.seat_units(state, seat).mobile else []
    if e in ("reveal_progress", "reveal_characters"):   # L1378, L1396: five cards of the deck
        return [()] if state.deck else []
    if e == "trade_minister":   # L1508: a cube that can move between the boards
        cap = state.content.capacity
        mk = state.market
        return [()] if any((mk[0][r] > 0 and mk[1][r] < cap(1, r))
                           or (mk[1][r] > 0 and mk[0][r] < cap(0, r)) for r in range(6)) else []
    if e == "slavery":   # L1544: an engaged inhabitant of the user's (its own units, a loop)
        units = state.units
        for i in pieces.span(state, seat):
            u = units[i]
            if u[U.OWNER] == seat and not u[U.SHIP] and u[U.REGION] >= 0 and u[U.ENGAGED]:
                return [()]
        return []
    if e == "dictatorship":   # L1582: a striker of the user's (its own units, a loop)
        units = state.units
        for i in pieces.span(state, seat):
            u = units[i]
            if u[U.OWNER] == seat and u[U.REGION] >= 0 and not u[U.STANDING]:
                return [()]
        return []
    if e == "immigration":   # surplus +2, below the track's top
        return [()] if state.surplus < state.content.labour[-1]["to"] else []
    if e == "emigration":   # surplus down by the ports in play
        return [()] if state.surplus > 0 and pieces.count_built(state, "port") else []
    if e == "education":   # surplus and rebellion down one each
        return [()] if state.surplus > 0 or state.rebellion > 0 else []
    if e == "amphitheatre":   # 2f from the bank, rebellion down one
        return [()] if state.bank_money > 0 or state.rebellion > 0 else []
    if e == "barbarian":
        # the regions where the seat has an active free inhabitant, from one pass (issue 19)
        free_in: set[int] = set()
        for u in state.units:
            if (u[U.OWNER] == seat and u[U.STANDING] and not u[U.ENGAGED] and not u[U.SHIP]
                    and u[U.REGION] >= 0):
                free_in.add(u[U.REGION])
        # L1478 «Вы можете получить ресурсы за каждую свободную иконку ресурсов в регионе»:
        # a region with no free icon would give nothing
        return [(k,) for k in range(len(state.regions)) if k in free_in and _free_icons(state, k)]
    if e == "agriculture_minister":
        # L1484 «Добавьте до двух кубичков скота и/или экзотических фруктов ..., взяв их из
        # банка»: the cubes the bank holds and the domestic zone has room for, each distinct
        # outcome once (before rules 2026-12-06.5 two cubes were offered where one fitted,
        # and no cube at all)
        room = {r: min(state.bank_cubes[r], state.content.capacity(0, r) - state.market[0][r])
                for r in (FRUIT, CATTLE)}
        return [arg for arg in ((FRUIT,), (CATTLE,), (FRUIT, FRUIT), (FRUIT, CATTLE),
                                (CATTLE, CATTLE))
                if all(room[r] >= arg.count(r) for r in arg)]
    if e == "foreign_trade":
        return [(r, add) for r in range(6) for add in (0, 1)
                if (state.market[1][r] > 0 if add == 0 else state.bank_cubes[r] > 0
                    and state.market[1][r] < state.content.capacity(1, r))]
    if e == "shipbuilding":
        # L1532 «в регионе, где у вас есть активный незанятый житель» (in a building or not:
        # it does not move, L633), with sea (L631) and a ship left in the box (L635)
        return [(a.region,) for a in building.options(state, seat, kinds=("ship",))]  # type: ignore[attr-defined]
    if e == "architecture":   # (kind, region), and how it is built (``architecture_by``)
        return [(building.KINDS.index(a.what), a.region,  # type: ignore[attr-defined]
                 *((architecture_code(a.by),) if a.by else ()))  # type: ignore[attr-defined]
                for a in building.options(state, seat)
                if left >= state.content.costs[a.what][0]]  # type: ignore[attr-defined]
    if e == "domestic_trade":
        return [(RESOURCES.index(a.resource), int(a.buy))  # type: ignore[attr-defined]
                for a in markets.trade_options(state, seat, 0)
                if not a.buy  # type: ignore[attr-defined]
                or left >= (markets.buy_price(state, 0, RESOURCES.index(a.resource)) or 0)]  # type: ignore[attr-defined]
    if e == "church_gifts":
        gifts: list[tuple[int, ...]] = []
        if state.cubes[seat][FRUIT] >= 1:
            gifts.append((1,))
            if state.cubes[seat][CATTLE] >= 1:
                gifts.append((2,))
        return gifts
    if e == "recruit_one":
        # L1442: the worker is paid at the labour board's price (L1125) once the fee is paid
        price = recruit_price(state)
        return [()] if growth.can_recruit(state, seat) and left >= (price or 0) else []
    if e == "treasurer":
        # L1466 «За каждые показанные противникам 5f вы получаете 1f»: the money behind the
        # screen is hidden (L109), so how many 5f to show is the player's choice; a bank
        # with no florin pays nothing
        return [(k,) for k in range(1, left // 5 + 1)] if state.bank_money > 0 else []
    if e in ("bid_bonus_3", "bid_bonus_2"):
        return []
    return [()]


def _modified_open(state: ArchState, seat: int, c: Card, e: str) -> bool:
    """Whether the disc action a modifier card changes (``FLAG_EFFECTS``) is still on this
    round's menu once the card is used (as ``wheel.disc_actions`` offers it): no disc placed in
    the round, one left, and that action open (``_modified_action_open``)."""
    if state.round.get("disc") or state.discs[seat] - state.discs_used[seat] - c.discs < 1:
        return False
    return _modified_action_open(state, seat, e)


def _modified_action_open(state: ArchState, seat: int, e: str) -> bool:
    """Whether the disc action the modifier effect ``e`` changes is open to the seat, a disc
    left to place on it: a harvest of the resource, Exploration (a unit that may move, a slot
    of the zone), Migration of a ship for the Admiral, of an inhabitant for Roads."""
    if e.startswith("double_"):
        # (harvest.possible's test for one resource: its harvesters, without the list of all)
        scan = pieces.seat_units(state, seat)
        return bool(harvest._harvesters(state, seat, -1, scan)[RESOURCES.index(e[7:])])
    if e in ("admiral", "roads"):   # ships (L1502) or inhabitants (L1528) that may migrate
        # (the seat's active free units on the archipelago, in a building or not: its
        # ``SeatUnits``, read once for the disc menu too; a loop, no generator)
        ships = e == "admiral"
        scan = pieces.seat_units(state, seat)
        units = state.units
        for group in (scan.free, scan.housed):
            for i in group:
                if bool(units[i][U.SHIP]) == ships:
                    return True
        return False
    side = "5" if state.players == 5 else "2-4"   # (wheel.limit)
    return (pieces.seat_units(state, seat).mobile
            and state.wheel.get("explore", 0) < int(state.content.wheel[side]["explore"]))


def _trade_open(state: ArchState, seat: int, c: Card, m: int, r: int, left: int) -> bool:
    """Whether the seat, with ``left`` florins once the card is paid, can buy or sell a cube of
    ``r`` on board ``m`` (an explorer token turns into the cube to sell, L433)."""
    price = markets.buy_price(state, m, r)
    if price is not None and left >= price:
        return True
    held = state.cubes[seat][r] - c.cost_cubes[r] > 0 or state.tokens[seat] > 0
    return held and markets.sell_price(state, m, r) is not None


def _usable_of(state: ArchState, seat: int) -> _Usable:
    """The seat's ``_Usable``, kept with the pieces' facts (memo.py)."""
    known = state._cache.get(PIECES)   # (of_pieces, without a call when it is there)
    if known is None:
        known = of_pieces(state)
    key = _USABLE_KEYS[seat]
    usable: _Usable | None = known.get(key)
    if usable is None:
        usable = known[key] = _Usable(state, seat)
    return usable


def options(state: ArchState, seat: int) -> list[Action]:
    out: list[Action] = []
    known = state._cache.get(PIECES)   # (_usable_of, without a call when it is kept)
    usable: _Usable | None = None if known is None else known.get(_USABLE_KEYS[seat])
    if usable is None:
        usable = _usable_of(state, seat)
    if usable.cards:
        # ``affordable`` for each card (the fee is the one it computes), read here without a
        # call per card (issue 19)
        money = state.money[seat]
        have = state.cubes[seat]
        discs_left = state.discs[seat] - state.discs_used[seat]
        rnd = state.round
        for c, fee, discs, needs, flag, plain in usable.checks:   # (most need no cube)
            if money < fee or discs_left < discs:
                continue
            for i, n in needs:
                if have[i] < n:
                    break
            else:
                if flag:
                    # a modifier card: ``args``' test of it read here, with
                    # ``_modified_open``'s own first test (no disc placed in the round, one
                    # left once the card's are on it), its one choice the action kept in
                    # ``plain`` (round 21)
                    if (not rnd.get(flag) and not rnd.get("disc") and discs_left - discs >= 1
                            and _modified_action_open(state, seat, c.effect)):
                        out.append(plain)
                    continue
                cid = c.id
                for a in args(state, seat, c, fee):   # (a loop: no comprehension's call)
                    out.append(_USE_CARD[(cid, a)])
    if usable.wonder:   # wonder_options lists nothing without a wonder card of the seat
        out += wonder_options(state, seat)
    return out


def may_use_some(state: ArchState, seat: int) -> bool:
    """Whether a card of the game is one ``seat`` might use in its round, affordable or not
    (its own or another's open card, upright; a wonder card of its own): ``_Usable``."""
    usable = _usable_of(state, seat)
    return bool(usable.cards) or usable.wonder


class _Usable:
    """The cards ``seat`` might use in its round, in the order ``options`` lists them, with the
    fee it would pay (``cards``: another seat's cards cost one florin more), and whether it owns
    a wonder card (``wonder``). Which cards are owned and turned changes only by actions that
    drop the pieces' facts (buying, using and discarding cards; the liberation turns them
    upright), so these are kept with them (memo.py, issue 19). ``checks``: per card of
    ``cards``, in order, what ``options`` reads to tell whether the seat can pay for it and
    what it offers: (the card, the fee, the discs it needs, the (resource, count) of the cubes
    it needs, those of none left out, the round's flag of a modifier card
    (``FLAG_EFFECTS``, else ""), a modifier card's one action (``UseCard(id, ())``, else
    None)) — ``_card_facts``."""

    __slots__ = ("cards", "checks", "wonder")

    def __init__(self, state: ArchState, seat: int) -> None:
        cards = state.content.cards
        facts = _card_facts(state)
        usable: list[tuple[int, Card, int]] = []
        checks: list[Check] = []
        wonder = False
        for s in range(state.players):
            for rec in state.owned[s]:
                index = rec[0]
                c = cards[index]
                use = c.use
                if use == "wonder":
                    wonder = wonder or s == seat
                    continue
                if rec[1] or use == "passive" or (use == "owner" and s != seat):
                    continue
                fee = c.cost_f + (0 if s == seat else 1)
                usable.append((s, c, fee))
                needs, flag, plain = facts[index]
                checks.append((c, fee, c.discs, needs, flag, plain))
        self.cards = usable
        self.checks = checks
        self.wonder = wonder


#: what ``_Usable.checks`` holds of a card (its docstring)
Check = tuple[Card, int, int, tuple[tuple[int, int], ...], str, UseCard | None]


def _card_facts(state: ArchState) -> list[tuple[tuple[tuple[int, int], ...], str,
                                                UseCard | None]]:
    """Per card of the content set (by index): the (resource, count) of the cubes its use
    costs, the resources it needs none of left out; the round's flag it sets if it is a
    modifier card (``FLAG_EFFECTS``), else ""; a modifier card's one action (its use with
    no argument, ``UseCard(id, ())``), else None. Kept with the content's tables."""
    content = state.content
    try:   # (tables_of, without a call)
        memo = content._tables.memo  # type: ignore[attr-defined]
    except AttributeError:
        memo = tables_of(content).memo
    got: list[tuple[tuple[tuple[int, int], ...], str, UseCard | None]] | None = memo.get(
        "card_facts")
    if got is None:
        got = memo["card_facts"] = []
        for c in content.cards:
            flag = FLAG_EFFECTS.get(c.effect, "")
            got.append((tuple((i, n) for i, n in enumerate(c.cost_cubes) if n > 0), flag,
                        _USE_CARD[(c.id, ())] if flag else None))
    return got


#: the pieces' facts' key of a seat's ``_Usable`` (one shared tuple per seat)
_USABLE_KEYS = tuple(("usable_cards", seat) for seat in range(8))


#: Architecture's third argument: who builds, as ``Build.by`` says — 1 the ship (L647), 2 + the
#: index of a building in ``pieces.BUILDING_KINDS`` its occupant leaves (L615), 2 + their
#: number + a shore: a free inhabitant on that shore of a strait region (L625, L723)
def architecture_code(by: str) -> int:
    if by in building.BY_SHORE:
        return 2 + len(pieces.BUILDING_KINDS) + building.BY_SHORE.index(by)
    return 1 if by == "ship" else 2 + pieces.BUILDING_KINDS.index(by)


def architecture_by(code: int) -> str:
    if code >= 2 + len(pieces.BUILDING_KINDS):
        return building.BY_SHORE[code - 2 - len(pieces.BUILDING_KINDS)]
    return "ship" if code == 1 else pieces.BUILDING_KINDS[code - 2] if code else ""


def wonder_options(state: ArchState, seat: int) -> list[Action]:
    out: list[Action] = []
    cards = state.content.cards
    wonders = [rec for rec in state.owned[seat] if cards[rec[0]].use == "wonder"]
    if not wonders:
        return out
    units: list[int] | None = None   # (read once a wonder passes its other checks)
    for rec in wonders:
        c = cards[rec[0]]
        if c.use != "wonder" or rec[2] or rec[3] >= state.turn:
            continue
        if not affordable(state, seat, seat, c):
            continue
        if c.needs and not pieces.controlled(state, seat, c.needs):
            continue
        if units is None:
            all_units = state.units
            units = [i for i in pieces.span(state, seat)
                     if (u := all_units[i])[U.OWNER] == seat and not u[U.SHIP]
                     and u[U.REGION] >= 0 and u[U.STANDING]
                     and not u[U.ENGAGED]]   # in a building too (L874 «из любого места»)
        # L874: «берёт одного из своих активных незанятых жителей из любого места» — his choice
        out += [_BUILD_WONDER[(c.id, u)] for u in units]
    return out


def use(state: ArchState, seat: int, action: UseCard) -> None:
    index = state.content.card_index(action.card)
    found = find(state, index)
    assert found is not None
    owner, rec = found
    c = state.content.cards[index]
    if owner == seat:
        economy.pay_bank(state, seat, c.cost_f)
    else:
        economy.pay_player(state, seat, owner, c.cost_f + 1)
    economy.cubes_to_bank(state, seat, c.cost_cubes)
    state.discs_used[seat] += c.discs   # L812, L826: discs put on the card
    rec[1] = 1
    state.round["card"] = True   # a round with a card is no pass (wheel.end_round)
    if state.record_events:
        state.emit("archipelago.event.use_card", seat=seat, card=c.name, owner=owner)
    apply_effect(state, seat, c, action.arg)


def build_wonder(state: ArchState, seat: int, action: BuildWonder) -> None:
    """L866-876: pay, apply the one-off effect, «Затем» an inhabitant leaves the archipelago
    for it (from anywhere, a building too: the effect is applied before it leaves, so a port
    it kept still counts for the Great Lighthouse)."""
    index = state.content.card_index(action.card)
    rec = next(r for r in state.owned[seat] if r[0] == index)
    c = state.content.cards[index]
    economy.pay_bank(state, seat, c.cost_f)
    economy.cubes_to_bank(state, seat, c.cost_cubes)
    state.discs_used[seat] += c.discs   # L826 (L882: «один диск действия»)
    rec[2] = 1
    state.round["card"] = True   # a round with a wonder is no pass (wheel.end_round)
    if state.record_events:
        state.emit("archipelago.event.wonder", seat=seat, card=c.name)
    wonder_effect(state, c.effect)
    u = state.units[action.unit]
    u[U.REGION], u[U.BUILDING], u[U.ICON] = U.WONDER, "", -1
    state.population -= 1


def wonder_effect(state: ArchState, e: str) -> None:
    """A wonder's one-off effect (L1500-1585)."""
    if e == "colossus":
        move_surplus(state, -1)
    elif e == "pyramid":
        move_rebellion(state, 2)
    elif e == "cathedral":
        move_rebellion(state, -pieces.count_built(state, "church"))
    elif e == "lighthouse":
        for s in range(state.players):
            for k in pieces.controlled(state, s, "port"):
                box = pieces.in_box(state, s, True)
                if box:
                    state.units[box[0]][U.REGION] = k
                    state.units[box[0]][U.STANDING] = True


def apply_effect(state: ArchState, seat: int, c: Card, arg: tuple[int, ...]) -> None:
    e = c.effect
    churches = pieces.count_built(state, "church")
    if e in FLAG_EFFECTS:
        state.round[FLAG_EFFECTS[e]] = True
    elif e in ("reveal_progress", "reveal_characters"):
        shown = [state.deck.pop() for _ in range(min(5, len(state.deck)))]
        kind = "progress" if e == "reveal_progress" else "character"
        if state.record_events:
            state.emit("archipelago.event.reveal",
                       cards=[{"card": state.content.cards[x].name} for x in shown])
        reveal(state, shown, kind)
    elif e == "pirate":
        ship = state.units[arg[0]]
        victim = int(ship[U.OWNER])
        ship[U.REGION], ship[U.BUILDING], ship[U.ENGAGED], ship[U.ICON] = -1, "", False, -1
        if state.record_events:
            state.emit("archipelago.event.pirate", seat=seat, victim=victim)
        state.step = "pirate_pay"
        state.ctx = {"thief": seat, "victim": victim, "return": state.actor}
        state.actor = victim
    elif e == "assassin":
        target = arg[0]
        found = find(state, target)
        assert found is not None
        owner, rec = found
        economy.pay_bank(state, seat, evolution.min_price(state, target))
        state.owned[owner].remove(rec)
        state.card_discard.append(target)
    elif e == "bishop":
        move_rebellion(state, -1)
    elif e == "archbishop":
        move_rebellion(state, -(1 if churches <= 2 else 2 if churches <= 4 else 3))
    elif e == "pope":
        move_rebellion(state, -churches)
    elif e == "false_prophet":
        migration.start(state, len(pieces.controlled(state, seat, "church")), True)
    elif e == "labour_minister":
        move_surplus(state, 1 if arg[0] else -1)
    elif e == "recruit_one":
        growth.start(state, 1)
    elif e == "spy":
        # L1454 «посмотреть карту цели любого игрока»: one card. With 2 players the target
        # holds two (L1013), face down: one of those the spy has not seen yet, drawn at random
        unseen = [o for o in state.objectives[arg[0]] if o not in state.seen[seat]]
        if unseen:
            card = unseen[0] if len(unseen) == 1 else unseen[state.rng.randrange(len(unseen))]
            state.seen[seat].append(card)
            state.seen[seat].sort()
    elif e in ("merchant", "exporter"):
        # L1460, L1496: an unlimited number of cubes of one resource; the zone's capacity
        # bounds every run of buys or of sells (a buy and a sell of one slot cancel out)
        m = 0 if e == "merchant" else 1
        markets.start_trades(state, m, state.content.capacity(m, arg[0]), arg[0])
    elif e == "treasurer":
        # L1466: ``arg[0]`` times 5f shown (an old log's () showed all it could)
        fives = arg[0] if arg else state.money[seat] // 5
        got = economy.from_bank(state, seat, fives)
        if state.record_events:
            state.emit("archipelago.event.treasurer", seat=seat, shown=5 * fives, n=got)
    elif e == "thief":
        state.step = "thief_hands"
        state.ctx = {"thief": seat, "victim": arg[0], "hands": [], "return": state.actor}
        state.actor = arg[0]
    elif e == "barbarian":
        k = arg[0]
        face_icons = _face_icons(state, k)
        for i in _free_icons(state, k):
            res = face_icons[i]
            economy.gain_cubes(state, seat, res, 1)
            state.regions[k]["plundered"].append(i)
            if state.bank_money > 0:
                state.bank_money -= 1
                state.plunder_coins += 1
    elif e == "agriculture_minister":
        for r in arg:
            economy.bank_to_market(state, 0, r)
    elif e == "foreign_trade":
        if arg[1]:
            economy.bank_to_market(state, 1, arg[0])
        else:
            economy.market_to_bank(state, 1, arg[0])
    elif e == "trade_minister":
        state.step = "move_cubes"
        state.ctx = {"left": 2}
    elif e == "shipbuilding":
        building.build(state, seat, "ship", arg[0], pay=False)
    elif e == "expansionism":
        migration.start(state, -1, False)
    elif e == "amphitheatre":
        economy.from_bank(state, seat, 2)
        move_rebellion(state, -1)
    elif e == "slavery":
        for u in state.units:
            if u[U.OWNER] == seat and not u[U.SHIP] and u[U.REGION] >= 0 and u[U.ENGAGED]:
                u[U.ENGAGED], u[U.ICON] = False, -1
    elif e == "emigration":
        move_surplus(state, -pieces.count_built(state, "port"))
    elif e == "immigration":
        move_surplus(state, 2)
    elif e == "architecture":
        building.build(state, seat, building.KINDS[arg[0]], arg[1],
                       by=architecture_by(arg[2]) if len(arg) > 2 else "")
    elif e == "domestic_trade":
        markets.trade(state, seat, 0, arg[0], bool(arg[1]))
    elif e == "peace":
        move_rebellion(state, -2)
    elif e == "education":
        move_surplus(state, -1)
        move_rebellion(state, -1)
    elif e == "dictatorship":
        for u in state.units:
            if u[U.OWNER] == seat and u[U.REGION] >= 0:
                u[U.STANDING] = True
    elif e == "church_gifts":
        cubes = [0] * 6
        cubes[FRUIT] = 1
        if arg[0] == 2:
            cubes[CATTLE] = 1
        economy.cubes_to_bank(state, seat, tuple(cubes))
        move_rebellion(state, -arg[0])


def _free_icons(state: ArchState, k: int) -> list[int]:
    """The icons of region ``k`` neither harvested nor plundered (the Barbarian's, L1478)."""
    taken = {u[U.ICON] for u in state.units if u[U.REGION] == k and u[U.ICON] >= 0}
    plundered = state.regions[k]["plundered"]
    return [i for i in range(len(_face_icons(state, k))) if i not in taken and i not in plundered]


def _face_icons(state: ArchState, region: int) -> tuple[int, ...]:
    return board.region_face(state, region).icons


# ---------------------------------------------------------------- card sub-steps
def reveal(state: ArchState, shown: list[int], kind: str) -> None:
    """The Detective / Explorer (L1105 «Игнорируйте любые красные зоны 5 открытых карт.
    Однако, если красная зона появляется на 6-й карте – верхней карте колоды развития, её
    условия надо выполнить немедленно»): the five cards are face up; a red zone on the back
    of the deck's new top card is resolved at once, before the purchase (L1376, L1394 «вы
    можете приобрести ...»), which then follows (``resume_reveal``). Else the purchase is
    the next decision (step ``reveal``)."""
    red = evolution.red_of_top(state)
    if red:
        state.queue.extend(red)
        state.queue.append({"kind": "reveal", "cards": shown, "type": kind,
                            "actor": state.actor, "offers_left": state.offers_left})
        state.step, state.ctx = "", {}
    else:
        state.step = "reveal"
        state.ctx = {"cards": shown, "type": kind}


def resume_reveal(state: ArchState, part: dict[str, Any]) -> None:
    """The purchase of the Detective / Explorer, once the 6th card's red zone is resolved
    (``reveal``): the user chooses among the five cards, with the negotiations of its round
    as they stood."""
    state.step = "reveal"
    state.ctx = {"cards": part["cards"], "type": part["type"]}
    state.actor = part["actor"]
    state.offers_left = part["offers_left"]


def sub_legal(state: ArchState, seat: int) -> list[Action]:
    step, ctx = state.step, state.ctx
    if step == "reveal":
        cards = state.content.cards
        out: list[Action] = [Pick(cards[x].id) for x in ctx["cards"]
                             if cards[x].type == ctx["type"]
                             and state.money[seat] >= evolution.min_price(state, x)]
        return [*out, Done()]
    if step == "pirate_pay":
        paid: list[Action] = [Pick(r) for i, r in enumerate(RESOURCES) if state.cubes[seat][i] > 0]
        return paid or [Pick("")]
    if step == "thief_hands":
        have = [r for i, r in enumerate(RESOURCES) for _ in range(min(2, state.cubes[seat][i]))]
        if not have:
            return [ThiefHands("", "")]
        if len(have) == 1:
            return [ThiefHands(have[0], ""), ThiefHands("", have[0])]
        pairs = {(a, b) for i, a in enumerate(have) for j, b in enumerate(have) if i != j}
        return [ThiefHands(a, b) for a, b in sorted(pairs)]
    if step == "thief_pick":
        return [Pick("left"), Pick("right")]
    if step == "move_cubes":
        out = []
        if ctx["left"] > 0:
            for r, name in enumerate(RESOURCES):
                if state.market[0][r] > 0 and state.market[1][r] < state.content.capacity(1, r):
                    out.append(Pick(f"{name}>"))
                if state.market[1][r] > 0 and state.market[0][r] < state.content.capacity(0, r):
                    out.append(Pick(f"{name}<"))
        return [*out, Done()]
    return [Done()]


def lift_screen(state: ArchState, seat: int, shown_to: int) -> None:
    """The victim of the Pirate or the Thief with no resource lifts its screen to prove it
    (L1374, L1128): the card's user (and the victim) see what is behind it — its florins and
    explorer tokens, and no cube — in the log; nobody else does."""
    if state.record_events:
        state.emit("archipelago.event.screen_lifted", visible_to=(shown_to, seat), seat=seat,
                   to=shown_to, money=state.money[seat], tokens=state.tokens[seat])


def thief_events(state: ArchState, thief: int, victim: int, res: str) -> None:
    """L1472 «Вы выбираете, из какой руки вы возьмёте себе ресурс. Второй кубик возвращается
    владельцу»: everyone sees the thief pick a fist; what it held — the cube now behind the
    thief's screen, or nothing (L1129: a victim with one cube leaves a fist empty) — is seen by
    the thief, who takes it, and the victim, who put it there, and by nobody else: no line has
    the fist opened to the table (as L258 has for a bid), and cubes stay behind the screens
    (L109, L139). The cube that goes back stays unseen by the thief too."""
    state.emit("archipelago.event.thief", seat=thief, victim=victim)
    if res:
        state.emit("archipelago.event.thief_took", visible_to=(thief, victim), seat=thief,
                   victim=victim, res=f"archipelago.res.{res}")
    else:
        state.emit("archipelago.event.thief_empty", visible_to=(thief, victim), seat=thief,
                   victim=victim)


def sub_apply(state: ArchState, seat: int, action: Any) -> None:
    step, ctx = state.step, state.ctx
    if step == "reveal":
        if action.kind == "pick":
            x = state.content.card_index(action.value)
            economy.pay_bank(state, seat, evolution.min_price(state, x))
            state.owned[seat].append([x, 0, 0, state.turn])
            ctx["cards"].remove(x)
            if state.record_events:
                state.emit("archipelago.event.buy_card", seat=seat,
                           card=state.content.cards[x].name, price=evolution.min_price(state, x))
        state.card_discard.extend(ctx["cards"])
        state.step, state.ctx = "", {}   # (the 6th card's red zone was resolved: ``reveal``)
    elif step == "pirate_pay":
        if action.value:
            r = RESOURCES.index(action.value)
            state.cubes[seat][r] -= 1
            state.cubes[ctx["thief"]][r] += 1
        else:   # L1374 «Если у него нет ресурсов, он обязан доказать вам это, подняв свою ширму»
            lift_screen(state, seat, ctx["thief"])
        state.actor = ctx["return"]
        state.step, state.ctx = "", {}
    elif step == "thief_hands":
        # the two cubes leave the screen into the fists (L1071)
        ctx["hands"] = [action.left, action.right]
        for res in ctx["hands"]:
            if res:
                state.cubes[seat][RESOURCES.index(res)] -= 1
        if not (action.left or action.right):   # L1128 «Если у него нет ничего, он должен
            lift_screen(state, seat, ctx["thief"])   # поднять свою ширму, чтобы доказать это»
        state.actor = ctx["thief"]
        state.step = "thief_pick"
    elif step == "thief_pick":
        taken = 0 if action.value == "left" else 1
        for i, res in enumerate(ctx["hands"]):
            if res:
                state.cubes[seat if i == taken else ctx["victim"]][RESOURCES.index(res)] += 1
        if state.record_events:
            thief_events(state, seat, ctx["victim"], ctx["hands"][taken])
        state.actor = ctx["return"]
        state.step, state.ctx = "", {}
    elif step == "move_cubes":
        if action.kind == "done":
            state.step, state.ctx = "", {}
            return
        name, direction = action.value[:-1], action.value[-1]
        r = RESOURCES.index(name)
        src, dst = (0, 1) if direction == ">" else (1, 0)
        state.market[src][r] -= 1
        state.market[dst][r] += 1
        ctx["left"] -= 1
