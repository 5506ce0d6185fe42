"""What each seat may see, the complete state, and re-drawing hidden things for bots.

Hidden: other players' resource and fate cards (their counts are public: "называть общее
количество карт ресурсов или карт судьбы, если их спросят"), the order of the fate deck, the
bank's resource cards ("не позволяется пересчитывать"), and the choices already made in a
simultaneous Althing card window. The starting Exploration card is drawn in the open, so it
stays public until it is played. Unexplored positions are not hidden state: they are decided by
dice when explored, and the terrain, number and harbour supplies are public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from settlers.games.iceland.scoring import all_victory_points

if TYPE_CHECKING:
    from settlers.games.iceland.state import IcelandState


def _board(s: IcelandState) -> dict[str, Any]:
    c = s.c
    return {
        "terrain": [c.terrains[t] if t >= 0 else None for t in s.terrain],
        "number": list(s.number),
        "harbour": [c.resources[r] if r >= 0 else None for r in s.harbour],
        "occupant": list(s.occupant),
        "houses": [[corner, s.house_owner[corner], s.house_level[corner]]
                   for corner in range(s.b.corner_count) if s.house_owner[corner] >= 0],
        "pieces": list(s.pos),
        "red_tokens": {str(p): list(v) for p, v in sorted(s.red_tokens.items())},
    }


def _public(s: IcelandState) -> dict[str, Any]:
    c = s.c
    points = all_victory_points(s)
    return {
        "board": _board(s),
        "supply": {
            "terrain": {c.terrains[t]: n for t, n in enumerate(s.terrain_pool)},
            "numbers": {str(k): v for k, v in sorted(s.number_pool.items())},
            "harbours": {c.resources[r]: n for r, n in enumerate(s.harbour_pool)},
            "fate_deck": len(s.deck),
            "fate_discard": list(s.discard),
        },
        "players": [
            {
                "cards": sum(s.hands[seat]),
                "fate_cards": len(s.fate[seat]),
                "fate_known": list(s.fate_public[seat]),
                "white": s.white[seat], "red": s.red_won[seat], "black": s.black[seat],
                "points": points[seat],
            }
            for seat in range(s.players)
        ],
        "current": s.current,
        "turn": s.turn,
        "phase": s.phase,
        "dice": list(s.dice) if s.dice else None,
        "movement": {
            "piece": s.mv_piece, "steps_left": s.mv_steps, "steps_taken": s.mv_taken,
            "fair_wind": s.mv_wind, "blocked": list(s.mv_blocked) if s.mv_blocked else None,
            "first_turn": s.first_turn[s.current],
        },
        "retreat": list(s.retreat) if s.retreat else None,
        "exploring": list(s.exploring) if s.exploring else None,
        "age_choices": list(s.age_choices),
        "pending_builds": [list(b) for b in s.pending],
        "offer": ({"to": s.offer[0], "give": list(s.offer[1]), "get": list(s.offer[2])}
                  if s.offer else None),
        "offers_made": s.offers_made,
    }


def _althing(s: IcelandState, seat: int | None, full: bool) -> dict[str, Any] | None:
    al = s.al
    if al is None:
        return None
    out = {k: v for k, v in al.items() if k != "window"}
    out["case"] = None if al["case"] is None else {
        k: (list(v) if isinstance(v, list) else v) for k, v in al["case"].items()}
    w = al["window"]
    if w is not None:
        choices = w["choices"]
        window: dict[str, Any] = {"seats": list(w["seats"]),
                                  "answered": [x for x in w["seats"] if str(x) in choices]}
        if full:
            window["choices"] = {k: v for k, v in sorted(choices.items())}
        elif seat is not None and str(seat) in choices:
            window["my_choice"] = choices[str(seat)]
        out["window"] = window
    else:
        out["window"] = None
    return out


def view(s: IcelandState, seat: int | None) -> dict[str, Any]:
    out = _public(s)
    out["althing"] = _althing(s, seat, full=False)
    if seat is not None:
        out["hand"] = dict(zip(s.c.resources, s.hands[seat], strict=True))
        out["fate_hand"] = list(s.fate[seat])
    return out


def full_state(s: IcelandState) -> dict[str, Any]:
    out = _public(s)
    out["althing"] = _althing(s, None, full=True)
    out["hands"] = [list(h) for h in s.hands]
    out["fate"] = [list(f) for f in s.fate]
    out["bank"] = list(s.bank)
    out["deck"] = list(s.deck)
    out["built"] = dict(sorted(s.built.items()))
    out["first_turn"] = list(s.first_turn)
    out["finished"] = s.finished
    return out


def redraw_hidden(s: IcelandState, seat: int, rng: random.Random) -> None:
    """Deal other players' cards again from what ``seat`` cannot see, keeping every count."""
    others = [x for x in range(s.players) if x != seat]
    # resource cards: the bank and the other hands form one unseen pool
    pool: list[int] = []
    for r in range(4):
        pool.extend([r] * (s.bank[r] + sum(s.hands[x][r] for x in others)))
    rng.shuffle(pool)
    for x in others:
        size = sum(s.hands[x])
        hand = [0, 0, 0, 0]
        for r in pool[:size]:
            hand[r] += 1
        del pool[:size]
        s.hands[x] = hand
    bank = [0, 0, 0, 0]
    for r in pool:
        bank[r] += 1
    s.bank = bank
    # fate cards: the deck and the unknown part of other hands
    unseen = list(s.deck)
    for x in others:
        hidden = list(s.fate[x])
        for card in s.fate_public[x]:
            hidden.remove(card)
        unseen.extend(hidden)
    unseen.sort()
    rng.shuffle(unseen)
    for x in others:
        size = len(s.fate[x]) - len(s.fate_public[x])
        s.fate[x] = sorted(list(s.fate_public[x]) + unseen[:size])
        del unseen[:size]
    s.deck = unseen
    # secret choices of others in an Althing window become unknown: treat them as "pass"
    if s.al is not None and s.al["window"] is not None:
        for key in list(s.al["window"]["choices"]):
            if int(key) != seat:
                s.al["window"]["choices"][key] = None

