"""What must hold in every state of a game of Landnám (settlers.core.invariants: the shared
conformance suite, the random-playout tests and the benchmark check it): resource cards conserved between the bank and the hands, fate cards between the
deck, the discard pile and the hands; terrain hexes, number and harbour tokens between their
supplies and the island; every found land hex numbered; one piece per hex; each seat's boats,
horses and houses within its set (pending builds included); red tokens only by pieces on the
board. ``recomputed_scores``: the scores counted again from the houses and tokens on the
table."""

from __future__ import annotations

from collections import Counter

from settlers.games.iceland.board import LOST, OUTER, SUPPLY
from settlers.games.iceland.pieces import PIECES_PER_SEAT, seat_boats, seat_horses
from settlers.games.iceland.state import IcelandState


def problems(s: IcelandState) -> list[str]:
    return [*_cards(s), *_supplies(s), *_pieces(s)]


def _cards(s: IcelandState) -> list[str]:
    c = s.c
    out: list[str] = []
    for r, name in enumerate(c.resources):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        if total != c.bank_per_resource:
            out.append(f"{name} cards: {total} != {c.bank_per_resource}")
        if s.bank[r] < 0 or any(h[r] < 0 for h in s.hands):
            out.append(f"negative {name} cards")
    fate = Counter(s.deck + s.discard + [x for hand in s.fate for x in hand])
    if fate != Counter(c.fate_deck):
        out.append(f"fate cards not conserved: {sorted((fate - Counter(c.fate_deck)).items())} "
                   f"more, {sorted((Counter(c.fate_deck) - fate).items())} fewer")
    for seat in range(s.players):
        if not set(s.fate_public[seat]) <= set(s.fate[seat]):
            out.append(f"seat {seat} shows a fate card it does not hold")
    return out


def _supplies(s: IcelandState) -> list[str]:
    c = s.c
    out: list[str] = []
    placed = Counter(t for h, t in enumerate(s.terrain) if t >= 0 and h != s.b.centre)
    for t, n in enumerate(c.terrain_counts):
        if s.terrain_pool[t] + placed[t] != n:
            out.append(f"{c.terrains[t]} hexes: {s.terrain_pool[t] + placed[t]} != {n}")
    numbers = Counter(n for n in s.number if n)
    for n, total in c.number_counts.items():
        if s.number_pool[n] + numbers[n] != total:
            out.append(f"number {n} tokens: {s.number_pool[n] + numbers[n]} != {total}")
    harbours = Counter(r for r in s.harbour if r >= 0)
    harbours.update(int(b[3]) for b in s.pending if b[0] == "harbour")
    for r, name in enumerate(c.resources):
        if s.harbour_pool[r] + harbours[r] != c.harbour_counts[r]:
            out.append(f"{name} harbours: {s.harbour_pool[r] + harbours[r]} "
                       f"!= {c.harbour_counts[r]}")
    for h, t in enumerate(s.terrain):
        if s.exploring and s.exploring[1] == h:
            continue  # a "good omen" number is being chosen
        if bool(s.number[h]) != (t >= 0 and c.terrain_resource[t] >= 0):
            out.append(f"hex {h} ({t}) has number {s.number[h]}")
    return out


def _pieces(s: IcelandState) -> list[str]:
    out: list[str] = []
    if len(s.pos) != s.players * PIECES_PER_SEAT:
        out.append(f"{len(s.pos)} pieces for {s.players} seats")
    for h, p in enumerate(s.occupant):
        if p >= 0 and s.pos[p] != h:
            out.append(f"hex {h} holds piece {p}, which stands at {s.pos[p]}")
    retreating = s.retreat[0] if s.retreat else -1
    for p, h in enumerate(s.pos):
        if not LOST <= h < s.b.size:
            out.append(f"piece {p} at {h}, off the board")
        elif h >= 0 and p != retreating and s.occupant[h] != p:
            out.append(f"piece {p} at {h}, which holds {s.occupant[h]}")
    for seat in range(s.players):
        # the builds of this turn (``pending``) are the current seat's
        building = [b[0] for b in s.pending] if seat == s.current else []
        houses = sum(level for who, level in zip(s.house_owner, s.house_level, strict=True)
                     if who == seat)
        if houses + sum(1 for b in building if b in ("farm", "town")) > s.c.pieces["house"]:
            out.append(f"seat {seat} has more houses than its set")
        for kind, ids, held in (("boat", seat_boats(seat), s.c.pieces["boat"]),
                                ("settler", seat_horses(seat), s.c.pieces["horse"])):
            if sum(1 for p in ids if s.pos[p] == SUPPLY) < building.count(kind):
                out.append(f"seat {seat} builds more of {kind} than its supply holds")
            if any(s.pos[p] != LOST for p in ids[held:]):
                out.append(f"seat {seat} plays a {kind} its set ({held}) does not hold")
    for corner, (who, level) in enumerate(zip(s.house_owner, s.house_level, strict=True)):
        if (who >= 0) != (level in (1, 2)) or not -1 <= who < s.players:
            out.append(f"corner {corner}: owner {who}, level {level}")
    for piece, claimants in s.red_tokens.items():
        if s.pos[piece] < OUTER or not claimants:
            out.append(f"red tokens by piece {piece} at {s.pos[piece]}: {claimants}")
    return out


def recomputed_scores(s: IcelandState) -> list[float]:
    """The victory points counted again from the table, independently of scoring.py:
    «ферма 1, город 2» for every house, and a point per white, red and black token."""
    points = [s.white[x] + s.red_won[x] + s.black[x] for x in range(s.players)]
    for who, level in zip(s.house_owner, s.house_level, strict=True):
        if who >= 0:
            points[who] += level
    return [float(p) for p in points]

