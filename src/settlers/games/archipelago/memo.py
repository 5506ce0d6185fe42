"""Facts derived from the pieces on the board alone (units, regions, their buildings), kept
between actions that move no piece (issue 19).

Most actions of a game only move florins and cubes: gifts, offers and their answers, explorer
tokens exchanged, trades. The menus after them ask again which units are free, which icons are
taken and who controls what; ``of_pieces(state)`` keeps those answers in the state's cache
under their own key. The cache is emptied by every other action — but for the facts an action
moving the acting seat's units alone leaves true (``MOVES_OWN_UNITS``, ``after_own_move``) —
and while an action is being applied nothing is kept (``APPLYING``), so an answer never
outlives the position it was read from. A rule test that sets up pieces by hand empties the cache (``touch`` in its helpers), as
it already must for the legal-action cache."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class ArchState(Protocol):
    """What this module reads of a state (``state.ArchState`` imports this module)."""

    _cache: dict[Any, Any]

#: the state's cache keys of the pieces' facts and the layout's facts, beside the legal-action
#: lists keyed by seat: names, not tuples (a tuple's hash is worked out at every look-up, a
#: string's once)
KEY = "pieces"
#: facts of the layout of the archipelago (which face lies where, turned how): they change only
#: when a region is placed (``LAYS``), so they are kept across every other action, and a clone
#: shares them with its original (each drops them when it places a region of its own)
BOARD = "board"
LAYS = "place_region"

#: an offer under way (``propose`` .. ``cancel_offer`` / ``answer``): the proposer's menu just
#: before it proposed, as (seat, menu), kept with the pieces' facts (no piece moves while an
#: offer is open). A cancelled or declined offer leaves every holding as it was — the escrow
#: goes back, nothing else can happen while an offer is open — so after it the proposer's menu
#: is that menu again, without the proposals and gifts once no offer is left: ``apply`` leaves
#: it in the state's cache as the proposer's menu of the position right after the offer
OFFER_BACK = "offer_back"

#: actions that change no unit, region or building, and after which the flow stays at a
#: decision (flow.settle advances nothing): negotiation, explorer-token exchanges, trades
KEEP = frozenset(("gift", "propose", "add_give", "add_want", "send_offer", "cancel_offer",
                  "answer", "exchange_token", "trade"))

#: (step, action) pairs that move no piece either — they start or end a step, or pass the
#: turn of a round — unless the flow then moves to another phase (turn 0 ends, the buying
#: starts, a new turn liberates the units...): kept only if the phase stays the same
KEEP_IN_PHASE = frozenset((
    ("round", "end_round"), ("round", "taxes"), ("round", "harvest"), ("round", "explore"),
    ("round", "migrate"), ("round", "recruit"), ("harvest", "done"), ("migrate", "done"),
    ("recruit", "done"), ("round", "reproduce"), ("reproduce", "done"), ("trades", "done"),
    ("bribes", "done"), ("explore_draw", "take_hex"),
    ("explore_draw", "skip_hex"), ("explore_draw", "done"), ("choose_cubes", "choose_cubes"),
    ("bid", "bid"),
    ("explore_draw", "fail_explore"), ("explore_pick", "fail_explore"),
    ("explore_place", "fail_explore"),
))

#: actions that move or engage units of the seat taking them and of no other seat
#: (harvest.harvest_with, migration.move, growth.recruit_to, growth.reproduce_in, building.build,
#: markets.use_building, exploration.place and setup.place_start): the other seats' units facts
#: (``SEAT_UNITS``) are kept across them while the phase stays the same
MOVES_OWN_UNITS = frozenset(("harvest_with", "move_unit", "recruit_to", "reproduce_in", "build",
                             "use_building", "place_region"))
#: the pieces' facts' key of seat -> ``pieces.SeatUnits``
SEAT_UNITS = "seat_units"
#: the kinds of MOVES_OWN_UNITS that put no unit into or out of a building, nor on an icon, and
#: stand up or lay down none (growth.reproduce_in and growth.recruit_to bring inhabitants from the
#: box, markets.use_building engages the building's worker): who controls what, the icons
#: taken and the buildings stay, and so do the other seats' harvests and disc-menu facts
OUTSIDE_BUILDINGS = frozenset(("reproduce_in", "recruit_to", "use_building"))
#: a harvest (harvest.harvest_with) puts one unit of the actor on an icon: what stays across
#: OUTSIDE_BUILDINGS stays across it too once ``harvest.carry_over`` has added the icon taken
#: and dropped what it changes (the free icons of its region, the harvests there)
HARVEST = "harvest_with"
#: what of the pieces' facts stays across those: facts of the whole board, facts of every
#: seat, facts of the seats other than the actor (by the first item of their key)
_BOARD_FACTS = frozenset(("built", "occupants", "taken_icons", "icons_free"))
#: (who controls which town, market and port, who stands in which, and the cards held stay
#: across them: the items one may give one of, negotiation.one_of_items, and the strikers
#: one may expel, pieces.expel_options, too)
_EVERY_SEATS_FACTS = frozenset(("controlled", "use_sites", "one_of", "expel"))
_OTHER_SEATS_FACTS = frozenset(("disc", "harvesters"))


#: the kinds of MOVES_OWN_UNITS that move one unit (``action.unit``) from a region to another
#: (migration.move, exploration.place): when that unit stands in no building and on no icon
#: and enters no building (``MoveUnit.building`` empty), nobody's control, icons or buildings
#: change either (the unit stays as it stood, and a region laid holds no building and no unit
#: but it), so they keep what OUTSIDE_BUILDINGS keeps (``outside``; protocol.py tells)
MOVES_ONE_UNIT = frozenset(("move_unit", "place_region"))


def after_own_move(known: dict[Any, Any] | None, seat: int, kind: str, outside: bool = False,
                   permits: int = 0) -> dict[Any, Any] | None:
    """The pieces' facts ``known`` before an action of ``kind`` (one of ``MOVES_OWN_UNITS``)
    by ``seat`` that stay true after it: the other seats' units facts, and for the kinds of
    ``OUTSIDE_BUILDINGS`` (and a move of ``MOVES_ONE_UNIT`` that is ``outside`` every building)
    every fact but the actor's units, harvests (read under ``permits`` permissions, the
    number now) and disc-menu facts (for ``HARVEST`` as well, less what
    ``harvest.carry_over`` then drops; the actor's units are left for it to carry over)."""
    if not known:
        return None
    units = known.get(SEAT_UNITS)
    if outside or kind in OUTSIDE_BUILDINGS or kind == HARVEST:
        # (a copy less what goes: no Python loop over the facts, a move's cost stays flat)
        kept = known.copy()
        for name in _DROPPED_NAMES:
            if name in kept:
                del kept[name]
        kept.pop(("disc", seat), None)
        for only in _ONLY:   # (the actor's harvests kept under fewer permissions are never
            # read again: the permissions only grow within a phase, and a move keeps nothing
            # into another phase)
            kept.pop(("harvesters", seat, only, permits), None)
        kept.pop(SEAT_UNITS, None)
    else:
        kept = {}
    if units:
        others = units.copy()
        if kind != HARVEST:   # (after a harvest ``harvest.carry_over`` makes the actor's true)
            others.pop(seat, None)
        if others:
            kept[SEAT_UNITS] = others
    return kept or None


#: the facts kept under a bare name that a move keeping every other fact drops: an offer's
#: (negotiation: none is open when a unit moves) and a crisis's (balance.lying)
_DROPPED_NAMES = ("offer_back", "offer_gives", "lying")
#: the resources a harvest search is limited to (-1: none), as ``harvest._harvesters`` keys it
_ONLY = tuple(range(-1, 6))


#: the pieces' facts that read the evolution cards held (cards._Usable, negotiation.one_of_items)
_CARD_FACTS = frozenset(("usable_cards", "one_of"))


def without_cards(known: dict[Any, Any] | None, players: int,
                  holders: tuple[int, ...] | None = None) -> dict[Any, Any] | None:
    """The pieces' facts ``known`` that stay true when an evolution card changes hands (a gift,
    an accepted offer; no piece moves): every fact of the board and of the seats but those
    that read the cards held (``_CARD_FACTS``) — of every seat, or of ``holders`` alone (the
    giver and the taker of a card no other seat may use: negotiation.card_holders); nothing
    of an offer or a crisis."""
    if not known:
        return None
    kept = known.copy()
    for name in _DROPPED_NAMES:
        if name in kept:
            del kept[name]
    for seat in range(players) if holders is None else holders:
        for name in _CARD_FACTS:
            kept.pop((name, seat), None)
    return kept or None


#: a card used (cards.use): it turns the card and pays for it, and its effect (cards.apply_effect)
#: may move pieces
CARD_USE = "use_card"
#: the cards' effects (``Card.effect``) that move no unit, lay no region, build nothing, plunder
#: no icon, give no permission and queue nothing (cards.apply_effect: a flag of the round, the
#: markers, florins and cubes, a spied objective, a card discarded, or a step started — a
#: migration, a recruitment, trades, the cubes moved, the thief's hands — whose own actions
#: keep or drop the facts as they do after a disc): across a use of one of these every fact
#: stays but those that read the cards (``without_cards``, every seat's: the card is turned,
#: or discarded), while the phase stays the same. Not here: the Pirate (a ship sunk), the
#: Barbarian (icons plundered), Shipbuilding and Architecture (a build), Slavery (units
#: freed), Dictatorship (units stood up), the Detective and the Explorer (a red zone may start
#: a crisis), and an effect not listed (a new card drops the facts until it is placed here)
CARD_EFFECTS_KEEPING = frozenset((
    "explore_three", "explore_twice", "missionary", "admiral", "roads",
    "double_cattle", "double_fish", "double_fruit", "double_iron", "double_stone", "double_wood",
    "assassin", "bishop", "archbishop", "pope", "false_prophet", "labour_minister",
    "recruit_one", "spy", "merchant", "exporter", "treasurer", "thief",
    "agriculture_minister", "foreign_trade", "trade_minister", "expansionism", "amphitheatre",
    "emigration", "immigration", "domestic_trade", "peace", "education", "church_gifts"))


#: every name the pieces' facts are kept under (a bare name, or the first item of a key): the
#: carries above know what each is; a fact under another name must be placed among them first
FACT_NAMES = (_BOARD_FACTS | _EVERY_SEATS_FACTS | _OTHER_SEATS_FACTS | _CARD_FACTS
              | frozenset((SEAT_UNITS, *_DROPPED_NAMES)))


def drop_seat_facts(known: dict[Any, Any], seats: set[int]) -> None:
    """Drop from ``known`` the facts kept per seat for the other seats (harvests, disc-menu
    facts) of ``seats``."""
    for key in [key for key in known if type(key) is tuple and key[0] in _OTHER_SEATS_FACTS
                and key[1] in seats]:
        del known[key]


#: the actions of a domestic or export crisis: none moves a piece but ``raise`` (one lying
#: inhabitant stands up), and while the same crisis lasts (the step's data is the same object:
#: ``balance.finish`` and the next crisis replace it) the pieces' facts are kept — after a
#: raise only the inhabitants lying down, less the one raised (``balance.lying``)
IN_CRISIS = frozenset(("supply", "pass_crisis", "use_church", "done", "raise"))


class _Applying(dict[Any, Any]):
    """The cache while an action is applied: every question is answered afresh."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


APPLYING: dict[Any, Any] = _Applying()


def of_pieces(state: ArchState) -> dict[Any, Any]:
    cache = state._cache
    got: dict[Any, Any] | None = cache.get(KEY)
    if got is None:
        got = {}
        cache[KEY] = got
    return got


def kept_for_seat(state: ArchState, keys: tuple[Any, ...], seat: int,
                  afresh: Callable[[ArchState, int], Any]) -> Any:
    """``afresh(state, seat)``, kept with the pieces' facts under ``keys[seat]``: an answer
    that reads only what those facts depend on (the actions that change it drop them)."""
    known = state._cache.get(KEY)   # (of_pieces, without a call when it is there)
    if known is None:
        known = of_pieces(state)
    key = keys[seat]
    got = known.get(key)
    if got is None:
        got = known[key] = afresh(state, seat)
    return got


def of_board(state: ArchState) -> dict[Any, Any]:
    cache = state._cache
    got: dict[Any, Any] | None = cache.get(BOARD)
    if got is None:
        got = {}
        cache[BOARD] = got
    return got
