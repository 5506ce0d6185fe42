"""Exploration: what an unknown position turns out to be.

"Бросьте две десятигранных кости ... Значение зелёной кости увеличивается на 2 за каждый гекс
горы, примыкающий к исследуемому и на 1 за каждый иной гекс суши, но не больше, чем на 4 ...
Если гексов этого типа не осталось, зелёная кость перебрасывается. Если эта местность не море и
не гора, красная кость покажет, какой числовой жетон нужно поместить на гекс ... 1 и 7 приводит
к результату 11 и 12 ... Если жетонов с этим числом нет в наличии, число старится, как при
урожае. Когда открывается гекс с числовым жетоном, игрок получает карту ресурса соответствующего
типа. Это не вызывает старения гекса. Если карты такого ресурса нет в наличии или если это гекс
горы, игрок берёт карту судьбы." Exploration fate cards are played before the roll. The table
itself (``data/terrain.json``) is RECONSTRUCTED.
"""

from __future__ import annotations

from settlers.core import Action
from settlers.games.iceland import fate
from settlers.games.iceland.actions import ChooseNumber, Explore
from settlers.games.iceland.harvest import place_number
from settlers.games.iceland.movement import may_enter, place_piece
from settlers.games.iceland.state import CHOOSE_NUMBER, MOVE, IcelandState
from settlers.games.iceland.words import piece_key, res_key, terrain_key


def modifier(s: IcelandState, h: int) -> int:
    """+2 per adjacent mountain, +1 per other adjacent land, at most the table's maximum."""
    c = s.c
    total = 0
    for n in s.b.grid.hex_neighbours[h]:
        t = s.terrain[n]
        if t >= 0 and c.terrain_land[t]:
            total += c.mod_mountain if c.terrain_mountain[t] else c.mod_land
    return min(total, c.mod_max)


def roll_terrain(s: IcelandState, h: int) -> int:
    mod = modifier(s, h)
    while True:
        t = s.c.green[s.rng.randint(1, 10) + mod]
        if s.terrain_pool[t] > 0:
            return t


def apply_explore(s: IcelandState, seat: int, action: Explore) -> None:
    piece, h, card = action.piece, action.to, action.card
    effect = ""
    if card:
        fate.play_fate(s, seat, card)
        effect = s.c.fate_cards[card].effect
    s.mv_blocked = None
    s.mv_steps -= 1
    s.mv_taken += 1
    s.mv_piece = piece
    t = -1
    if effect == "fix_terrain":
        wanted = s.c.fate_cards[card].terrain
        if s.terrain_pool[wanted] > 0:
            t = wanted
    if t < 0:
        t = roll_terrain(s, h)
    s.terrain_pool[t] -= 1
    s.terrain[h] = t
    if s.record_events:
        s.emit("iceland.event.explored", seat=seat, hex=h, terrain=terrain_key(s, t))
    if s.c.terrain_resource[t] >= 0:
        if effect == "choose_number":
            s.exploring = (piece, h)
            s.phase = CHOOSE_NUMBER
            return
        place_number(s, h, s.c.red[s.rng.randint(1, 10)])
    finish_exploration(s, seat, piece, h)


def legal_choose_number(s: IcelandState, seat: int) -> list[Action]:
    return [ChooseNumber(n) for n in s.c.ageing_order if s.number_pool[n] > 0]


def apply_choose_number(s: IcelandState, seat: int, action: ChooseNumber) -> None:
    piece, h = s.exploring
    s.exploring = None
    place_number(s, h, action.number)
    s.phase = MOVE
    finish_exploration(s, seat, piece, h)


def finish_exploration(s: IcelandState, seat: int, piece: int, h: int) -> None:
    t = s.terrain[h]
    res = s.c.terrain_resource[t]
    if res >= 0 and s.number[h] and s.record_events:
        s.emit("iceland.event.number_placed", hex=h, number=s.number[h])
    if res >= 0 and s.bank[res] > 0:
        s.bank[res] -= 1
        s.hands[seat][res] += 1
        if s.record_events:
            s.emit("iceland.event.found_card", seat=seat, resource=res_key(s, res))
    elif s.c.terrain_land[t]:
        fate.draw_fate(s, seat)
    if may_enter(s, piece, h):
        place_piece(s, piece, h)
        if s.record_events:
            s.emit("iceland.event.moved", seat=seat, piece=piece_key(piece), to=h)
    else:
        s.mv_blocked = (piece, h)
