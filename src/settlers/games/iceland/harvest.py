"""Phase 1: the dice, the harvest, famine and the ageing of number tokens.

"Игрок должен бросить две шестигранные кости. Если выпало 7, ... проводится альтинг. Иначе
игрокам раздаётся урожай." A hex with the rolled number gives its settler's owner two cards;
without a settler every farm on its corners gives one card and every town two. "Если карт
ресурсов одного или более видов не хватает ... начинается голод": nobody gets anything and all
cards of the short types go back to the bank. "Когда же гексы производят ресурсы, один из них
стареет" (the player to move chooses which). Harvest fate cards (played by the player to move
before the cards are handed out) change the harvest.
"""

from __future__ import annotations

from settlers.core import Action
from settlers.core.dice import roll_2d6
from settlers.games.iceland import fate
from settlers.games.iceland import interned as I
from settlers.games.iceland.actions import AgeHex, PlayFate
from settlers.games.iceland.althing import start_althing
from settlers.games.iceland.pieces import counts_as_settler, owner
from settlers.games.iceland.state import AGE, HARVEST_FATE, MOVE, IcelandState
from settlers.games.iceland.words import res_key


# --- number tokens ----------------------------------------------------------------------
def next_available(s: IcelandState, number: int) -> int | None:
    """The next larger number with a token left (after 6 comes 8, after 12 comes 2)."""
    order = s.c.ageing_order
    i = order.index(number)
    for k in range(1, len(order)):
        m = order[(i + k) % len(order)]
        if s.number_pool[m] > 0:
            return m
    return None


def age_hex(s: IcelandState, h: int) -> None:
    """Replace the hex's number token by the next larger one from the bank."""
    old = s.number[h]
    if not old:
        return
    new = next_available(s, old)
    if new is None:
        return
    s.number_pool[new] -= 1
    s.number_pool[old] += 1
    s.number[h] = new
    if s.record_events:
        s.emit("iceland.event.aged", hex=h, old=old, new=new)


def place_number(s: IcelandState, h: int, number: int) -> None:
    """Put a number token on a newly found hex; a missing number ages like in a harvest."""
    if s.number_pool.get(number, 0) <= 0:
        nxt = next_available(s, number)
        if nxt is None:
            return
        number = nxt
    s.number_pool[number] -= 1
    s.number[h] = number


# --- the roll ------------------------------------------------------------------------------
def roll(s: IcelandState) -> None:
    d1, d2 = roll_2d6(s.rng)
    s.dice = (d1, d2)
    if s.record_events:
        s.emit("iceland.event.rolled", seat=s.current, d1=d1, d2=d2, total=d1 + d2)
    if d1 + d2 == 7:
        start_althing(s)
    elif s.fate[s.current]:
        s.phase = HARVEST_FATE
    else:
        resolve_harvest(s, bonus=False, blighted=-1)


def producing_hexes(s: IcelandState) -> list[int]:
    total = sum(s.dice)
    return [h for h in range(s.b.size) if s.number[h] == total]


def legal_harvest_fate(s: IcelandState, seat: int) -> list[Action]:
    out: list[Action] = [I.PASS]
    for card in fate.cards_with_label(s, seat, "harvest"):
        if s.c.fate_cards[card].effect == "blight_hex":
            out.extend(I.play_fate(card, h) for h in producing_hexes(s))
        else:
            out.append(I.play_fate(card, -1))
    return out


def apply_harvest_fate(s: IcelandState, seat: int, action: Action) -> None:
    if isinstance(action, PlayFate):
        fate.play_fate(s, seat, action.card)
        effect = s.c.fate_cards[action.card].effect
        resolve_harvest(s, bonus=effect == "bonus_harvest",
                        blighted=action.target if effect == "blight_hex" else -1)
    else:
        resolve_harvest(s, bonus=False, blighted=-1)


def resolve_harvest(s: IcelandState, bonus: bool, blighted: int) -> None:
    n = s.players
    gains = [[0, 0, 0, 0] for _ in range(n)]
    producers: list[int] = []
    total = s.dice[0] + s.dice[1]  # type: ignore[index]
    number, terrain, occupant = s.number, s.terrain, s.occupant
    house_owner, house_level = s.house_owner, s.house_level
    terrain_resource = s.c.terrain_resource
    hex_corners = s.b.hex_corners
    for h in range(s.b.size):  # producing_hexes, in order
        if number[h] != total or h == blighted:
            continue
        res = terrain_resource[terrain[h]]
        if res < 0:
            continue
        gave = False
        piece = occupant[h]
        if piece >= 0 and counts_as_settler(s, piece):
            gains[owner(piece)][res] += 2
            gave = True
        else:
            for c in hex_corners[h]:
                who = house_owner[c]
                if who >= 0:
                    gains[who][res] += house_level[c]
                    gave = True
        if gave:
            producers.append(h)
    if bonus:  # "good year": one more card of each type the player to move receives
        me = gains[s.current]
        for r in range(4):
            if me[r]:
                me[r] += 1
    totals = [0, 0, 0, 0]
    for g in gains:
        for r in range(4):
            totals[r] += g[r]
    bank = s.bank
    short = [r for r in range(4) if totals[r] > bank[r]]
    if short:
        for r in short:
            for seat in range(n):
                s.bank[r] += s.hands[seat][r]
                s.hands[seat][r] = 0
        if s.record_events:
            s.emit("iceland.event.famine", resources=[res_key(s, r) for r in short])
        s.phase = MOVE
        return
    for seat in range(n):
        for r in range(4):
            if gains[seat][r]:
                s.hands[seat][r] += gains[seat][r]
                s.bank[r] -= gains[seat][r]
                if s.record_events:
                    s.emit("iceland.event.harvest", seat=seat, count=gains[seat][r],
                           resource=res_key(s, r))
    if len(producers) == 1:
        age_hex(s, producers[0])
    elif producers:
        s.age_choices = producers
        s.phase = AGE
        return
    s.phase = MOVE


def legal_age(s: IcelandState, seat: int) -> list[Action]:
    return [I.age_hex(h) for h in s.age_choices]


def apply_age(s: IcelandState, seat: int, action: AgeHex) -> None:
    age_hex(s, action.hex)
    s.age_choices = []
    s.phase = MOVE
