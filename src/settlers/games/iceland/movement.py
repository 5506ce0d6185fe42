"""Phase 2: movement and exploration, chasing and retreats, red tokens following outlaws.

"Обычно корабли могут двигаться только на соседний незанятый гекс моря, а поселенцы — только на
соседний незанятый не горный гекс суши." The player moves ONE piece up to two steps
(RECONSTRUCTED: the list of choices is missing from the text; "карты, дающие дополнительные шаги
движения, могут быть сыграны после одного или двух обычных" implies two normal steps).

* The outer sea hex is adjacent to every edge position and always free; entering it ends the
  movement phase at once — a chased boat's retreat onto it too (L31 with L35: the mover's
  movement ends there).
* A settler may enter an unoccupied mountain if its owner has a farm or town on a corner of that
  mountain (RECONSTRUCTED condition) or with the "mountain pass" card; the same card lets a boat
  enter unoccupied non-mountain land ("будет продолжать перемещаться как корабль, но во всех
  других отношениях считается поселенцем").
* Stepping into an unknown position is an exploration (see ``exploration.py``); it counts as a
  step even when the piece may not enter the hex it found. A mountain found by a settler or
  land found by a boat may then be entered with the card without spending another step.
* "Первый ход первого раунда должен быть на не угловой гекс на краю, где ещё нет другого
  игрока": in a player's first turn the first step must take the boat from the outer sea to a
  non-corner edge position holding no other player's piece (mandatory when possible without a
  fate card: a card is never forced, L33, L38 «может»).
* Chasing: the player whose settlement is next to an outlaw's red token may enter the outlaw's
  hex as if it were free; the "chase" card lets any piece be chased. The chased piece retreats
  one step by the usual rules, but not into the unknown, not to the hex the chaser came from, not
  chasing anyone and with no cards; with nowhere to go it is removed and its red tokens are
  awarded.
* "Когда объявленный вне закона заканчивает ход на не горном гексе, все красные жетоны ...
  должны переместиться вместе с ним, если это возможно" — a token stays only if its owner has a
  settlement on a corner of the new hex; on a mountain (or the outer sea) all are removed.
"""

from __future__ import annotations

from settlers.core import Action
from settlers.games.iceland import fate
from settlers.games.iceland import interned as I
from settlers.games.iceland.actions import EndMovement, Explore, Move, PlayFate, Retreat
from settlers.games.iceland.board import LOST, OUTER, SUPPLY
from settlers.games.iceland.content import UNKNOWN
from settlers.games.iceland.pieces import (
    FIRST_HORSE,
    PIECES_PER_SEAT,
    house_on_hex,
    is_boat,
    is_farmland,
    is_mountain,
    is_sea,
    owner,
    seat_pieces,
)
from settlers.games.iceland.state import BUILD, MOVE, RETREAT, IcelandState
from settlers.games.iceland.words import piece_key


def neighbours(s: IcelandState, position: int) -> tuple[int, ...]:
    return s.b.outer_neighbours if position == OUTER else s.b.neighbours[position]


def may_enter(s: IcelandState, piece: int, h: int) -> bool:
    """May ``piece`` step onto known position ``h`` by the normal rules (ignoring occupancy)?"""
    if is_boat(piece):
        return is_sea(s, h)
    if h == OUTER or is_sea(s, h):
        return False
    if is_mountain(s, h):
        return house_on_hex(s, owner(piece), h)
    return is_farmland(s, h)


def may_enter_with_pass(s: IcelandState, piece: int, h: int) -> bool:
    """May ``piece`` step onto ``h`` with the "mountain pass" card (and not without)?"""
    if h == OUTER or s.terrain[h] == UNKNOWN:
        return False
    if is_boat(piece):
        return is_farmland(s, h)
    return is_mountain(s, h) and not house_on_hex(s, owner(piece), h)


def first_step_rule(s: IcelandState, seat: int) -> bool:
    return s.first_turn[seat] and s.mv_taken == 0


def _first_step_ok(s: IcelandState, seat: int, piece: int, to: int) -> bool:
    if s.pos[piece] != OUTER or to not in s.b.first_move_targets:
        return False
    occ = s.occupant[to]
    return occ < 0 or owner(occ) == seat


def legal_movement(s: IcelandState, seat: int) -> list[Action]:
    out: list[Action] = []
    blocked = s.mv_blocked
    if blocked is not None and s.occupant[blocked[1]] < 0 and \
            may_enter_with_pass(s, blocked[0], blocked[1]):
        # L33/L38: a settler into the mountain it found, a boat onto the non-mountain land
        for card in fate.cards_with_effect(s, seat, "enter_forbidden"):
            out.append(I.move(blocked[0], blocked[1], card))
    if s.mv_steps > 0:
        pos = s.pos
        pieces = [s.mv_piece] if s.mv_piece is not None else [
            p for p in seat_pieces(seat) if pos[p] >= OUTER]   # on the board
        first = first_step_rule(s, seat)
        fate_cards = s.fate[seat]
        # the fate cards that can take part, looked up only when a step needs them
        explore_cards = fate.cards_with_label(s, seat, "exploration") if fate_cards else ()
        pass_cards: tuple[str, ...] | None = None if fate_cards else ()
        chase_cards: tuple[str, ...] | None = None if fate_cards else ()
        terrain = s.terrain
        occupant = s.occupant
        b = s.b
        c_ = s.c
        sea = c_.sea
        land = c_.terrain_land
        mountain = c_.terrain_mountain
        move = I.move
        for p in pieces:
            here = pos[p]
            boat = p % PIECES_PER_SEAT < FIRST_HORSE  # is_boat
            for to in (b.outer_neighbours if here == OUTER else b.neighbours[here]):
                if first and not _first_step_ok(s, seat, p, to):
                    continue
                if to == OUTER:
                    if boat:
                        out.append(move(p, OUTER, ""))
                    continue
                t = terrain[to]
                if t == UNKNOWN:
                    out.append(I.explore(p, to, ""))
                    for card in explore_cards:
                        out.append(I.explore(p, to, card))
                    continue
                occ = occupant[to]
                # may_enter (normal rules) and may_enter_with_pass, inlined
                if boat:
                    if t == sea:
                        if occ < 0:
                            out.append(move(p, to, ""))
                            continue
                        normal, with_pass = True, False
                    else:
                        normal, with_pass = False, land[t] and not mountain[t]
                elif t == sea:
                    continue  # neither way
                elif mountain[t]:
                    normal = house_on_hex(s, seat, to)  # the piece is the seat's
                    with_pass = not normal
                else:
                    normal = land[t]
                    with_pass = False
                # L34: an outlaw's hex is entered by its claimant's pieces «как если бы тот был
                # свободен» — by the usual rules or with the pass (L33) — chasing the outlaw
                if occ < 0 or (occ // PIECES_PER_SEAT != seat  # owner(occ)
                               and seat in s.red_tokens.get(occ, ())):
                    if normal:
                        out.append(move(p, to, ""))
                    elif with_pass and (blocked is None or blocked[1] != to):
                        # the hex just found is listed once, above: entered free (L38)
                        if pass_cards is None:
                            pass_cards = fate.cards_with_effect(s, seat, "enter_forbidden")
                        for card in pass_cards:
                            out.append(I.move(p, to, card))
                elif normal and occ // PIECES_PER_SEAT != seat:
                    if chase_cards is None:
                        chase_cards = fate.cards_with_effect(s, seat, "chase")
                    for card in chase_cards:
                        out.append(I.move(p, to, card))
    else:
        first = False
    if s.mv_taken >= 1 and s.mv_piece is not None and not s.mv_wind:
        for card in fate.cards_with_effect(s, seat, "extra_steps"):
            out.append(I.play_fate(card, -1))
    # L37 «Первый ход первого раунда должен быть ...»: the first step is a must while one can
    # be made without a fate card; a card is never forced (L33 «может», L38 «может быть
    # сыграна»): a boat whose only first steps are onto land with the Mountain pass may end
    # its movement instead (rules 2026-12-07.1)
    if not (first and any(isinstance(a, Move | Explore) and not a.card for a in out)):
        out.append(I.END_MOVEMENT)
    return out


def place_piece(s: IcelandState, piece: int, to: int) -> None:
    here = s.pos[piece]
    if here >= 0 and s.occupant[here] == piece:
        s.occupant[here] = -1
    s.pos[piece] = to
    if to >= 0:
        s.occupant[to] = piece


def apply_move(s: IcelandState, seat: int, action: Move) -> None:
    piece, to, card = action.piece, action.to, action.card
    free = s.mv_blocked == (piece, to) and card != "" and \
        s.c.fate_cards[card].effect == "enter_forbidden"
    if card:
        fate.play_fate(s, seat, card)
    s.mv_blocked = None
    if not free:
        s.mv_steps -= 1
        s.mv_taken += 1
    s.mv_piece = piece
    came_from = s.pos[piece]
    chased = s.occupant[to] if to >= 0 else -1
    place_piece(s, piece, to)
    if s.record_events:
        s.emit("iceland.event.moved_outer" if to == OUTER else "iceland.event.moved", seat=seat,
               piece=piece_key(piece), to=to)
    if chased >= 0:
        start_retreat(s, chased, came_from, to)
        return
    if to == OUTER:
        end_movement(s)


def apply_fair_wind(s: IcelandState, seat: int, action: PlayFate) -> None:
    fate.play_fate(s, seat, action.card)
    s.mv_steps += s.c.fair_wind_steps
    s.mv_wind = True


def end_movement(s: IcelandState) -> None:
    if s.mv_piece is not None and s.pos[s.mv_piece] >= OUTER:
        follow_red_tokens(s, s.mv_piece)
    s.mv_blocked = None
    s.phase = BUILD


# --- chasing ------------------------------------------------------------------------------
def retreat_options(s: IcelandState, piece: int, at: int, forbidden: int) -> list[int]:
    out = []
    for to in neighbours(s, at):
        if to == forbidden:
            continue
        if to == OUTER:
            if is_boat(piece):
                out.append(OUTER)
            continue
        if s.terrain[to] == UNKNOWN or s.occupant[to] >= 0:
            continue
        if may_enter(s, piece, to):
            out.append(to)
    return out


def start_retreat(s: IcelandState, piece: int, came_from: int, at: int) -> None:
    if s.record_events:
        s.emit("iceland.event.chased", piece=piece_key(piece), seat=owner(piece))
    s.pos[piece] = at  # shares the hex with the chaser until it retreats
    options = retreat_options(s, piece, at, came_from)
    if not options:
        # L35 «Если перемещение невозможно, фишка выбывает из игры»: out of the game for good
        remove_piece(s, piece, lost=True)
        return
    s.retreat = (piece, came_from)
    s.phase = RETREAT


def legal_retreat(s: IcelandState, seat: int) -> list[Action]:
    piece, forbidden = s.retreat
    return [Retreat(to) for to in retreat_options(s, piece, s.pos[piece], forbidden)]


def apply_retreat(s: IcelandState, seat: int, action: Retreat) -> None:
    piece = s.retreat[0]
    s.pos[piece] = action.to
    if action.to >= 0:
        s.occupant[action.to] = piece
    s.retreat = None
    if s.record_events:
        s.emit("iceland.event.retreated_outer" if action.to == OUTER else "iceland.event.retreated",
               seat=seat, piece=piece_key(piece), to=action.to)
    follow_red_tokens(s, piece)
    if action.to == OUTER:
        # L31 «Перемещение на этот гекс сразу же заканчивает фазу движения»: a retreat is a
        # move (L35 «Если перемещение невозможно», «подчиняясь обычным условиям»), and the
        # phase of movement is the mover's, so the mover's movement ends with it (rules
        # 2026-12-07.2; before, the mover went on)
        end_movement(s)
        return
    s.phase = MOVE


def remove_piece(s: IcelandState, piece: int, lost: bool = False) -> None:
    """Take a piece off the board; red tokens next to it go to their settlements' owners. It
    goes back to its owner's supply (outlawed at the Althing, L64 «убираются»), or out of the
    game when ``lost`` (no retreat, L35 «выбывает из игры»: never built again)."""
    h = s.pos[piece]
    if h >= 0 and s.occupant[h] == piece:
        s.occupant[h] = -1
    s.pos[piece] = LOST if lost else SUPPLY
    for claimant in s.red_tokens.pop(piece, []):
        s.red_won[claimant] += 1
        if s.record_events:
            s.emit("iceland.event.red_awarded", seat=claimant, piece=piece_key(piece),
                   owner=owner(piece))
    if s.record_events:
        s.emit("iceland.event.removed", seat=owner(piece), piece=piece_key(piece))


def follow_red_tokens(s: IcelandState, piece: int) -> None:
    tokens = s.red_tokens.get(piece)
    if not tokens:
        return
    h = s.pos[piece]
    if h < 0 or is_mountain(s, h):
        kept: list[int] = []
    else:
        kept = [c for c in tokens if house_on_hex(s, c, h)]
    if len(kept) != len(tokens) and s.record_events:
        s.emit("iceland.event.red_lost", seat=owner(piece), piece=piece_key(piece),
               count=len(tokens) - len(kept))
    if kept:
        s.red_tokens[piece] = kept
    else:
        del s.red_tokens[piece]


def apply_end_movement(s: IcelandState, seat: int, action: EndMovement) -> None:
    end_movement(s)
