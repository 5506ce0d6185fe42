"""«Переговоры» (archipelago.ru.txt L224-234): in one's own action round, while contributing
to a crisis and while the turn is ordered (each player's floor before the decider orders,
turn_order.start_bribes, L260), a player may make offers (what I give, what I want)
that the other player accepts — an atomic exchange — or declines, and give gifts. Anything
may change hands except units and action discs (L229): florins, cubes, explorer tokens, a harvest
permission in a region whose town the giver controls (``permit:<region>``; L459, L709: a town
controls the resources of its region, each region's permission asked of its controller) and the
evolution cards a player holds — characters, progress cards and a wonder not built yet
(``card:<id>``; a built wonder holds its inhabitant, a unit). A card
changes hands as it lies, turned or not. Objectives can never be shown. Promises are not
enforced: only the exchange is."""

from __future__ import annotations

from functools import partial
from typing import Any

from settlers.core import Action
from settlers.core.interned import Interned
from settlers.games.archipelago import pieces
from settlers.games.archipelago.actions import (
    AddGive,
    AddWant,
    Answer,
    CancelOffer,
    Gift,
    Propose,
    SendOffer,
)
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.memo import KEY as PIECES
from settlers.games.archipelago.memo import of_pieces
from settlers.games.archipelago.state import ArchState
from settlers.games.archipelago.words import PERMIT, item_keys

ITEMS = ("f", *RESOURCES, "token")
#: an evolution card as an item: ``CARD + card id``
CARD = "card:"
#: the items of which one at most changes hands: permissions and evolution cards
ONE_OF = (PERMIT, CARD)
MAX_ITEMS = 4
OFFERS_PER_MOMENT = 2
MAX_SEATS = 5
# actions are frozen values: the lists below reuse one instance per value (issue 19)
_PROPOSE = tuple(Propose(t) for t in range(MAX_SEATS))
_GIFT = tuple(Interned(partial(Gift, t)) for t in range(MAX_SEATS))   # [to][item]
_ADD_GIVE: Interned[str, AddGive] = Interned(AddGive)
_ADD_WANT: Interned[str, AddWant] = Interned(AddWant)
_SEND, _CANCEL = SendOffer(), CancelOffer()
_YES, _NO = Answer(True), Answer(False)
_GIVES: dict[tuple[str, ...], tuple[AddGive, ...]] = {}
_WANTS = tuple(_ADD_WANT[it] for it in ITEMS)


RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}


def _has(state: ArchState, seat: int, item: str, n: int) -> bool:
    """Whether ``seat`` holds ``n`` of ``item`` it may hand over."""
    if item == "f":
        return bool(state.money[seat] >= n)
    if item == "token":
        return bool(state.tokens[seat] >= n)
    r = RES_INDEX.get(item)
    if r is not None:
        return bool(state.cubes[seat][r] - state.token_cubes[seat][r] >= n)   # free cubes (L433)
    if item.startswith(PERMIT):
        return n <= 1 and item in permit_items(state, seat)
    if item.startswith(CARD):
        return n <= 1 and item in card_items(state, seat)
    return False


def card_items(state: ArchState, seat: int) -> tuple[str, ...]:
    """The evolution cards ``seat`` may hand over, as items (``CARD + id``), in the order it
    holds them: every card but a built wonder (its inhabitant is a unit, L229)."""
    cards = state.content.cards
    out = []
    for rec in state.owned[seat]:   # (a loop: a generator is one more call)
        if not rec[2]:
            out.append(_CARD_ITEM[cards[rec[0]].id])
    return tuple(out)


_CARD_ITEM: Interned[str, str] = Interned(lambda card_id: CARD + card_id)   # one per card


def permit_items(state: ArchState, seat: int) -> tuple[str, ...]:
    """The harvest permissions ``seat`` may give, as items (``PERMIT + region``): one per region
    whose town it controls (L709 «разрешения у игрока, контролирующего город»), in region
    order."""
    known = state._cache.get(PIECES)   # (controls_any and controlled: one call at most)
    towns: list[int] | None = None if known is None else known.get(_TOWN_KEYS[seat])
    if towns is None:
        towns = pieces.controlled(state, seat, "town")
    if not towns:
        return ()
    return tuple([_PERMIT_ITEM[k] for k in sorted(towns)])


_PERMIT_ITEM: Interned[int, str] = Interned(lambda region: PERMIT + str(region))
#: the pieces' facts' key of the towns a seat controls (``pieces.controlled``'s, one per seat)
_TOWN_KEYS = pieces.TOWN_KEYS


def permit_region(item: str) -> int:
    """The region of a permission item."""
    return int(item[len(PERMIT):])


def one_of_items(state: ArchState, seat: int) -> tuple[str, ...]:
    """The items ``seat`` may hand over one of at most: its permissions, then its cards. Kept
    with the pieces' facts (memo.py): the towns a seat controls change only when pieces move,
    and the cards it holds only by actions that drop those facts (as ``cards._Usable``)."""
    known = state._cache.get(PIECES)   # (kept_for_seat, without a call when it is kept)
    got: tuple[str, ...] | None = None if known is None else known.get(_ONE_OF_KEYS[seat])
    if got is None:   # (kept_for_seat's part, without its call)
        if known is None:
            known = of_pieces(state)
        got = known[_ONE_OF_KEYS[seat]] = one_of_items_afresh(state, seat)
    return got


def one_of_items_afresh(state: ArchState, seat: int) -> tuple[str, ...]:
    """``one_of_items`` read from the pieces and the cards, nothing kept."""
    known = state._cache.get(PIECES)   # (permit_items, without its call)
    towns: list[int] | None = None if known is None else known.get(_TOWN_KEYS[seat])
    if towns is None:
        towns = pieces.controlled(state, seat, "town")
    permits = tuple([_PERMIT_ITEM[k] for k in sorted(towns)]) if towns else ()
    return permits + card_items(state, seat) if state.owned[seat] else permits


#: the pieces' facts' key of a seat's ``one_of_items`` (one shared tuple per seat)
_ONE_OF_KEYS = tuple(("one_of", seat) for seat in range(8))


def holds(state: ArchState, seat: int, items: list[str]) -> bool:
    need: dict[str, int] = {}
    for it in items:
        need[it] = need.get(it, 0) + 1
    for it, n in need.items():  # noqa: SIM110 (a loop: a generator is resumed per item)
        if not _has(state, seat, it, n):
            return False
    return True


def held_items(state: ArchState, seat: int) -> list[str]:
    """The items of ``ITEMS`` that ``seat`` could give one of (``holds(.., [it])``), in order."""
    return list(held(state, seat))


_NO_CUBES = [0] * len(RESOURCES)


class _Held:
    """One answer of ``held``: the items (``items``, in ``ITEMS`` order) and the proposals and
    gifts open to a seat holding them (``openings``, by ``players * MAX_SEATS + seat``; with
    evolution cards to give, in ``_WITH_CARDS``)."""

    __slots__ = ("items", "openings")

    def __init__(self, flags: tuple[bool, ...]) -> None:
        self.items = tuple(it for it, flag in zip(ITEMS, flags, strict=True) if flag)
        self.openings: dict[int, tuple[Action, ...]] = {}


#: one flag per item of ITEMS, in order (what the seat holds one of) -> its ``_Held``
_HELD: dict[tuple[bool, ...], _Held] = {}


def held(state: ArchState, seat: int) -> tuple[str, ...]:
    """``held_items`` as one shared tuple per answer."""
    return _held(state, seat).items


def _held(state: ArchState, seat: int) -> _Held:
    cubes, bound = state.cubes[seat], state.token_cubes[seat]
    free = cubes if bound == _NO_CUBES else [c - b for c, b in zip(cubes, bound, strict=True)]
    c0, c1, c2, c3, c4, c5 = free   # (one unpacking, not six subscripts)
    flags = (state.money[seat] >= 1, c0 >= 1, c1 >= 1, c2 >= 1, c3 >= 1, c4 >= 1, c5 >= 1,
             state.tokens[seat] >= 1)
    got = _HELD.get(flags)
    if got is None:
        got = _HELD[flags] = _Held(flags)
    return got


def opening(state: ArchState, seat: int) -> list[Action]:
    return list(openings(state, seat))


def openings(state: ArchState, seat: int) -> tuple[Action, ...]:
    """The proposals and gifts open to ``seat`` now, as one shared tuple per answer."""
    if state.offers_left <= 0 or state.offer is not None:
        return ()
    cubes, bound = state.cubes[seat], state.token_cubes[seat]   # (_held, without a call)
    free = cubes if bound == _NO_CUBES else [c - b for c, b in zip(cubes, bound, strict=True)]
    c0, c1, c2, c3, c4, c5 = free
    flags = (state.money[seat] >= 1, c0 >= 1, c1 >= 1, c2 >= 1, c3 >= 1, c4 >= 1, c5 >= 1,
             state.tokens[seat] >= 1)
    held_now = _HELD.get(flags)
    if held_now is None:
        held_now = _HELD[flags] = _Held(flags)
    key = state.players * MAX_SEATS + seat
    made = held_now.openings.get(key)
    if made is None:   # the proposals, then the gifts to each other seat (one list per key)
        others = [t for t in range(state.players) if t != seat]
        out: list[Action] = [_PROPOSE[t] for t in others]
        for t in others:
            gifts = _GIFT[t]
            out += [gifts[it] for it in held_now.items]
        made = held_now.openings[key] = tuple(out)
    # the permissions and cards it may give, after the rest (one tuple per such hand too)
    known = state._cache.get(PIECES)   # (one_of_items, without a call when it is kept)
    extras = None if known is None else known.get(_ONE_OF_KEYS[seat])
    if extras is None:
        extras = one_of_items(state, seat)
    if extras:
        with_key = (held_now, key, extras)
        with_cards = _WITH_CARDS.get(with_key)
        if with_cards is None:
            if len(_WITH_CARDS) >= _WITH_CARDS_MAX:
                _WITH_CARDS.clear()
            gifts = list(made)   # (a loop: a generator is resumed once per gift)
            for t in range(state.players):
                if t != seat:
                    gift_of = _GIFT[t]
                    for it in extras:
                        gifts.append(gift_of[it])
            with_cards = _WITH_CARDS[with_key] = tuple(gifts)
        return with_cards
    return made


#: ``openings`` with permissions or evolution cards to give, by (the ``_Held``, its key, those
#: items),
#: emptied once it holds ``_WITH_CARDS_MAX``: the hands of cards met grow with the games a
#: process plays (≈ 140,000 entries after 20,000 random games when unbounded; 65,536 hold
#: ≈ 16 MB)
_WITH_CARDS: dict[tuple[_Held, int, tuple[str, ...]], tuple[Action, ...]] = {}
_WITH_CARDS_MAX = 65_536


def propose(state: ArchState, seat: int, action: Action) -> None:
    """An offer opened to ``action.to`` (flow.AT_ANY_STEP's handler: no call between)."""
    to: int = action.to  # type: ignore[attr-defined]
    state.offers_left -= 1
    state.offer = {"from": seat, "to": to, "give": [], "want": [], "sent": False,
                   "back": {"step": state.step, "ctx": state.ctx, "actor": state.actor}}
    state.step = "offer"
    state.ctx = {}


def building_legal(state: ArchState, seat: int) -> list[Action]:
    offer = state.offer
    assert offer is not None
    give = offer["give"]
    # incremental (issue 19): while an offer is built nobody's holdings change, and ``give``
    # only grows, so its part of the menu is kept from one item added to the next (the offer
    # itself is kept with it: no other offer can be mistaken for it)
    # ... and so are the other's permissions and cards it may ask for (each once)
    known = state._cache.get(PIECES)   # (of_pieces, without a call when it is there)
    if known is None:
        known = of_pieces(state)
    # ... and from one item added to the next, the give part is the kept one with the item
    # added dropped if no more of it may be given (``_one_more_given``)
    got = known.get(_OFFER_GIVES)
    given = len(give)
    if got is not None and got[0] is offer:
        extras: tuple[str, ...] = got[3]
        if got[1] == given:
            gives: tuple[Action, ...] = got[2]
        elif got[1] == given - 1 and got[4]:
            carried = _one_more_given(state, seat, give, got[2])
            gives = _gives(state, seat, give) if carried is None else carried
            known[_OFFER_GIVES] = (offer, given, gives, extras, carried is not None)
        else:
            gives = _gives(state, seat, give)
            known[_OFFER_GIVES] = (offer, given, gives, extras, False)
    else:
        gives = _gives(state, seat, give)
        extras = known.get(_ONE_OF_KEYS[offer["to"]])   # (one_of_items, without a call when
        if extras is None:                              # it is kept)
            extras = one_of_items(state, offer["to"])
        known[_OFFER_GIVES] = (offer, given, gives, extras, not give)
    want = offer["want"]
    out: list[Action] = list(gives)
    if len(want) < MAX_ITEMS:
        out += _WANTS
        if extras:
            out += [_ADD_WANT[it] for it in extras if it not in want]
    if give or want:
        out.append(_SEND)
    out.append(_CANCEL)
    return out


#: the pieces' facts' key of the offer being built: (the offer, how many items it gives, the
#: give part of its menu for them, the items of the other side it may ask for once, whether
#: that give part was read with every item given held — ``_one_more_given`` may go on from it)
_OFFER_GIVES = "offer_gives"


def _one_more_given(state: ArchState, seat: int, give: list[str],
                    before: tuple[Action, ...]) -> tuple[Action, ...] | None:
    """``_gives(state, seat, give)`` from ``before``, ``_gives`` of ``give`` less its last
    item, read with every item given held (so with the last one among them) — or None when the
    last item was not among them (then every item given is not known to be held). Only the
    last item's own entry can change: the others' counts given are the same, and nothing held
    changes while an offer is built. A permission or a card is given once; of the other items
    one more may be given while the seat holds one more than it gives."""
    last = give[-1]
    item = _ADD_GIVE[last]
    if item not in before:
        return None
    if len(give) >= MAX_ITEMS:
        return ()
    if not last.startswith(ONE_OF) and _has(state, seat, last, give.count(last) + 1):
        return before
    return tuple([a for a in before if a is not item])


def _gives(state: ArchState, seat: int, give: list[str]) -> tuple[Action, ...]:
    """The items ``seat`` may add to what it gives: it must hold them all, and one more."""
    if not give:
        # nothing given yet: one more of each item held (ITEMS order, as held_items lists them)
        held_now = held(state, seat)
        gives = _GIVES.get(held_now)
        if gives is None:
            gives = _GIVES[held_now] = tuple(_ADD_GIVE[it] for it in held_now)
        known = state._cache.get(PIECES)   # (one_of_items, without a call when it is kept)
        extras = None if known is None else known.get(_ONE_OF_KEYS[seat])
        if extras is None:
            extras = one_of_items(state, seat)
        if extras:   # (a loop: a generator is resumed once per item)
            more = list(gives)
            for it in extras:
                more.append(_ADD_GIVE[it])
            gives = tuple(more)
        return gives
    if len(give) >= MAX_ITEMS:
        return ()
    known = state._cache.get(PIECES)   # (one_of_items, without a call when it is kept)
    extras = None if known is None else known.get(_ONE_OF_KEYS[seat])
    if extras is None:
        extras = one_of_items(state, seat)
    if extras:   # each permission and card once, beside the items below (a loop, no generator)
        more = list(_counted_gives(state, seat, give))
        for it in extras:
            if it not in give:
                more.append(_ADD_GIVE[it])
        return tuple(more)
    return _counted_gives(state, seat, give)


def _counted_gives(state: ArchState, seat: int, give: list[str]) -> tuple[Action, ...]:
    """``_gives`` of the items of ``ITEMS`` once something is given."""
    # holds(give + [it]) == every other given item still held and one more ``it`` held
    need: dict[str, int] = {}
    for it in give:
        if not it.startswith(ONE_OF):
            need[it] = need.get(it, 0) + 1
    short = []   # (loops: no comprehension nor generator)
    for it, n in need.items():
        if not _has(state, seat, it, n):
            short.append(it)
    if short:   # one item short of what is given: one more of it alone, if held
        if len(short) == 1 and _has(state, seat, short[0], need[short[0]] + 1):
            return (_ADD_GIVE[short[0]],)
        return ()
    have = held(state, seat)   # == _has(.., it, 1) for the items not given yet
    out = []
    for it in ITEMS:   # (a loop: a generator costs more than the test)
        if (_has(state, seat, it, need[it] + 1) if it in need else it in have):
            out.append(_ADD_GIVE[it])
    return tuple(out)


def send(state: ArchState, seat: int = -1, action: Action | None = None) -> None:
    """The offer sent (flow.AT_ANY_STEP's handler of ``send_offer``: ``seat`` and ``action``
    unused)."""
    offer = state.offer
    assert offer is not None
    offer["sent"] = True
    # what is offered leaves the screen until the answer, so the exchange is atomic
    giver = offer["from"]
    for it in offer["give"]:   # (move_item's cases inline; a permission and a card stay where
        r = RES_INDEX.get(it)   # they are till the answer)
        if r is not None:
            state.cubes[giver][r] -= 1
        elif it == "f":
            state.money[giver] -= 1
        elif it == "token":
            state.tokens[giver] -= 1
        elif not it.startswith(ONE_OF):
            move_item(state, giver, it, -1)   # (no such item: ValueError)
    state.actor = offer["to"]
    state.step = "answer"
    if state.record_events:   # (the keys are not built for a log nobody keeps)
        state.emit("archipelago.event.offer", seat=offer["from"], to=offer["to"],
                   give=item_keys(offer["give"], state.content.cards),
                   want=item_keys(offer["want"], state.content.cards))


def answer_legal(state: ArchState, seat: int) -> list[Action]:
    offer = state.offer
    assert offer is not None
    out: list[Action] = [_NO]
    if holds(state, seat, offer["want"]):
        out.insert(0, _YES)
    return out


def move_item(state: ArchState, seat: int, item: str, delta: int) -> None:
    if item == "f":
        state.money[seat] += delta
    elif item == "token":
        state.tokens[seat] += delta
    else:
        state.cubes[seat][RESOURCES.index(item)] += delta


def escrow(offer: dict[str, Any] | None) -> tuple[int, list[int], int]:
    """Florins, cubes and tokens held in a sent offer."""
    cubes = [0] * 6
    if not offer or not offer.get("sent"):
        return 0, cubes, 0
    for it in offer["give"]:
        if it in RESOURCES:
            cubes[RESOURCES.index(it)] += 1
    return offer["give"].count("f"), cubes, offer["give"].count("token")


def transfer(state: ArchState, giver: int, taker: int, item: str) -> None:
    r = RES_INDEX.get(item)   # (a cube first: the items are of one kind each)
    if r is not None:
        state.cubes[giver][r] -= 1
        state.cubes[taker][r] += 1
    elif item == "f":
        state.money[giver] -= 1
        state.money[taker] += 1
    elif item == "token":
        state.tokens[giver] -= 1
        state.tokens[taker] += 1
    elif item.startswith(PERMIT):   # for the turn, in its region (L459, L709)
        permit = [giver, taker, permit_region(item)]
        if permit not in state.permits:
            state.permits.append(permit)
    elif item.startswith(CARD):   # the card as it lies (turned or not), bought when it was
        index = state.content.card_index(item[len(CARD):])
        rec = next(r for r in state.owned[giver] if r[0] == index)
        state.owned[giver].remove(rec)
        state.owned[taker].append(rec)
    else:
        raise ValueError(f"archipelago: no such item: {item!r}")


def answer(state: ArchState, seat: int, action: Action) -> None:
    """The offer answered (flow.AT_ANY_STEP's handler: no call between)."""
    accept: bool = action.accept  # type: ignore[attr-defined]
    offer = state.offer
    assert offer is not None
    receiver = offer["to"] if accept else offer["from"]
    for it in offer["give"]:   # (move_item's and transfer's first cases inline)
        r = RES_INDEX.get(it)
        if r is not None:
            state.cubes[receiver][r] += 1
        elif it == "f":
            state.money[receiver] += 1
        elif it == "token":
            state.tokens[receiver] += 1
        elif it.startswith(ONE_OF):
            if accept:
                transfer(state, offer["from"], offer["to"], it)
        else:
            move_item(state, receiver, it, 1)   # (no such item: ValueError)
    if accept:
        giver, taker = offer["to"], offer["from"]
        for it in offer["want"]:
            r = RES_INDEX.get(it)
            if r is not None:
                state.cubes[giver][r] -= 1
                state.cubes[taker][r] += 1
            else:
                transfer(state, giver, taker, it)
    if accept and state.phase == "order":   # an exchange with the decider (L260)
        back = offer["back"]
        decider = back["ctx"].get("decider")
        if decider == offer["to"]:
            back["ctx"] = bribed(state, back["ctx"], offer["from"],
                                 len(offer["give"]) - len(offer["want"]))
        elif decider == offer["from"]:
            back["ctx"] = bribed(state, back["ctx"], offer["to"],
                                 len(offer["want"]) - len(offer["give"]))
    if state.record_events:
        # the terms answered (an answer's line may be read alone, under the status)
        state.emit("archipelago.event.answer", seat=seat,
                   answer="archipelago.word.yes" if accept else "archipelago.word.no",
                   proposer=offer["from"], give=item_keys(offer["give"], state.content.cards),
                   want=item_keys(offer["want"], state.content.cards))
    close(state)


def close(state: ArchState, seat: int = -1, action: Action | None = None) -> None:
    """The offer closed: the step it interrupted resumes (flow.AT_ANY_STEP's handler of
    ``cancel_offer``: ``seat`` and ``action`` unused)."""
    offer = state.offer
    assert offer is not None
    back: dict[str, Any] = offer["back"]
    state.step, state.ctx, state.actor = back["step"], back["ctx"], back["actor"]
    state.offer = None


def gift(state: ArchState, seat: int, action: Action) -> None:
    """A gift (``action``: its taker ``to`` and its ``item``), the seat's flow handler (flow.
    AT_ANY_STEP): a cube, a florin or a token moved without a call (``transfer``'s cases)."""
    to: int = action.to  # type: ignore[attr-defined]
    item: str = action.item  # type: ignore[attr-defined]
    state.offers_left -= 1
    r = RES_INDEX.get(item)
    if r is not None:
        state.cubes[seat][r] -= 1
        state.cubes[to][r] += 1
    elif item == "f":   # (transfer's next cases, inline too)
        state.money[seat] -= 1
        state.money[to] += 1
    elif item == "token":
        state.tokens[seat] -= 1
        state.tokens[to] += 1
    else:
        transfer(state, seat, to, item)
    if state.phase == "order" and state.ctx.get("decider") == to:   # a bribe (L260)
        state.ctx = bribed(state, state.ctx, seat, 1)
    if state.record_events:
        state.emit("archipelago.event.gift", seat=seat, to=to, item=item_keys([item], state.content.cards))


#: the uses of a card that ``cards._Usable`` lists for its owner alone (or for nobody)
_OWNERS_ALONE = frozenset(("owner", "passive", "wonder"))


def card_holders(state: ArchState, giver: int, taker: int, item: str) -> tuple[int, ...] | None:
    """The seats whose facts that read the cards held (memo.without_cards) change when
    ``giver`` hands the card ``item`` to ``taker``: those two, unless the card is one the other
    seats may use too (upright, of another use than the owner's alone, L830: ``cards._Usable``
    lists it, by its owner, for every seat) — then None, every seat's. The other seats'
    ``one_of_items`` read their own cards and permissions alone."""
    index = state.content.card_index(item[len(CARD):])
    for rec in state.owned[giver]:
        if rec[0] == index:
            if rec[1] or state.content.cards[index].use in _OWNERS_ALONE:
                return (giver, taker)
            return None
    return None


def moves_card(state: ArchState, action: Action) -> bool:
    """Whether ``action`` (a gift or an answer) hands an evolution card over: what the cards
    make usable is then read again (memo.py)."""
    if action.kind == "gift":
        return action.item.startswith(CARD)  # type: ignore[attr-defined]
    offer = state.offer
    if action.kind != "answer" or offer is None or not action.accept:  # type: ignore[attr-defined]
        return False
    return any(it.startswith(CARD) for it in offer["give"]) or any(
        it.startswith(CARD) for it in offer["want"])


def bribed(state: ArchState, ctx: dict[str, Any], seat: int, items: int) -> dict[str, Any]:
    """L260 «всевозможные взятки»: the ordering step's ``ctx`` with ``items`` more handed to the
    decider by ``seat`` (what it gave the decider less what it got back, gifts and accepted
    offers of this moment) — public, as every exchange is; the heuristic decider ranks by it."""
    tally = list(ctx.get("bribes") or [0] * state.players)
    tally[seat] += items
    return {**ctx, "bribes": tally}
