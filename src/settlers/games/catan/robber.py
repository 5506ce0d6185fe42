"""«"7" на кубиках - ход Разбойника», «Разбойник», the robber part of «Рыцарь».

On a 7 nobody produces. Everyone holding more than 7 resource cards discards half of them,
rounded down; they choose at the same time (one card per decision, kept hidden until everyone
is done). Then the roller moves the robber to any other land hex (the desert too) and may rob
one resource card, drawn at random, from a player with a settlement or city on that hex.
Development cards cannot be stolen.
"""

from __future__ import annotations

from itertools import accumulate, chain
from operator import getitem

from settlers.core import Action
from settlers.core.cardcounts import discard_half, move
from settlers.core.words import count_keys

from .acting import keep_to_act
from .actions import DISCARD, MOVE_ROBBER, MOVE_ROBBER_ALONE
from .chance import draw
from .content import DISCARD_ABOVE, RESOURCE_KEYS
from .phases import DISCARD as DISCARD_PHASE
from .phases import ROBBER, after_roll
from .state import CatanState
from .topology import HEX_CORNERS, HEX_LABELS, HEXES


def start_seven(st: CatanState) -> None:
    owed = st.discard_owed
    anyone = False
    for p in range(st.players):
        owed[p] = discard_half(st.hands[p], DISCARD_ABOVE)
        if owed[p]:
            anyone = True
            if st.record_events:
                st.emit("catan.ev.must_discard", seat=p, count=owed[p])
    st.robber_return = -1
    st.phase = DISCARD_PHASE if anyone else ROBBER
    keep_to_act(st)


_DISCARD0, _DISCARD1, _DISCARD2, _DISCARD3, _DISCARD4 = DISCARD


def legal_discards(st: CatanState, p: int) -> list[Action]:
    if not st.discard_owed[p]:
        return []
    h0, h1, h2, h3, h4 = st.hands[p]
    c0, c1, c2, c3, c4 = st.discard_chosen[p]
    out = []  # a card of each kind the hand still holds beyond those picked, by kind
    if h0 > c0:
        out.append(_DISCARD0)
    if h1 > c1:
        out.append(_DISCARD1)
    if h2 > c2:
        out.append(_DISCARD2)
    if h3 > c3:
        out.append(_DISCARD3)
    if h4 > c4:
        out.append(_DISCARD4)
    return out


def discard(st: CatanState, p: int, r: int) -> None:
    st.discard_chosen[p][r] += 1
    owed = st.discard_owed
    owed[p] -= 1
    if any(owed):
        if not owed[p]:  # p is done: the others still owing are to act
            keep_to_act(st)
        return
    # everybody is done: the choices become public
    for q in range(st.players):
        chosen = st.discard_chosen[q]
        if any(chosen):
            move(st.hands[q], st.bank, chosen)
            if st.record_events:
                st.emit("catan.ev.discarded", seat=q,
                        cards=count_keys(chosen, RESOURCE_KEYS.__getitem__))
            st.discard_chosen[q] = [0, 0, 0, 0, 0]
    st.phase = ROBBER
    keep_to_act(st)


def victims(st: CatanState, h: int) -> list[int]:
    """Opponents of the player to move with a building on ``h`` and at least one card."""
    out = []
    me = st.current
    for c in HEX_CORNERS[h]:
        o = st.corner_owner[c]
        if o >= 0 and o != me and o not in out and sum(st.hands[o]):
            out.append(o)
    out.sort()
    return out


#: the robber moves to hex h for each bitmask of seats that may be robbed there, in order:
#: alone first, then each victim by seat
_MOVES_BY_VICTIMS = tuple(tuple((MOVE_ROBBER_ALONE[h], *(MOVE_ROBBER[h][v] for v in range(4)
                                                         if (m >> v) & 1))
                                for m in range(16))
                          for h in range(HEXES))
#: a seat mask repeated for every hex (as ``state.hex_seats`` packs them, a byte a hex)
_ON_EVERY_HEX = tuple(sum(m << (8 * h) for h in range(HEXES)) for m in range(16))
#: the robber's moves to every hex for a packed (hex -> victims) mask, and where each hex's
#: moves start (20 offsets); filled as met, bounded
_MENUS: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}


def _menu(key: int) -> tuple[tuple[Action, ...], tuple[int, ...]]:
    # the victims on each hex are the bytes of the key: the rows picked and joined in C
    rows = list(map(getitem, _MOVES_BY_VICTIMS, key.to_bytes(HEXES, "little")))
    found = (tuple(chain.from_iterable(rows)), tuple(accumulate(map(len, rows), initial=0)))
    if len(_MENUS) >= 4096:
        _MENUS.clear()
    _MENUS[key] = found
    return found


def legal_robber_moves(st: CatanState) -> list[Action]:
    # the opponents who may be robbed (they hold a card), on every hex (a packed mask); the
    # moves to every hex for that from a table, less those to the robber's own hex
    me = st.current
    hands = st.hands
    victims = 0
    for p in range(st.players):
        if p != me and sum(hands[p]):
            victims |= 1 << p
    key = st.hex_seats & _ON_EVERY_HEX[victims]
    moves, where = _MENUS.get(key) or _menu(key)
    out = list(moves)
    h = st.robber
    del out[where[h]:where[h + 1]]
    return out


def move_robber(st: CatanState, h: int, victim: int | None) -> None:
    st.robber = h
    if st.record_events:
        st.emit("catan.ev.robber", seat=st.current, hex=HEX_LABELS[h])
    if victim is not None:
        hand = st.hands[victim]
        k = draw(st, sum(hand))
        for r in range(5):
            if k < hand[r]:
                break
            k -= hand[r]
        hand[r] -= 1
        st.hands[st.current][r] += 1
        if st.record_events:
            st.emit("catan.ev.stole_card", visible_to=(st.current, victim), seat=st.current,
                    victim=victim, resource=RESOURCE_KEYS[r])
            st.emit("catan.ev.stole", hidden_from=(st.current, victim), seat=st.current,
                    victim=victim)
    st.phase = st.robber_return if st.robber_return >= 0 else after_roll(st.options["phases"])
    st.robber_return = -1
