"""Victory points, the end of the game, the tie-break and a heuristic for bots.

"Призовые очки": no cases (black token) 1, outlaw (red) 1, case won (white) 1, farm 1, town 2,
resources 0. "Игра заканчивается, когда хотя бы один игрок в конце хода любого игрока достигает
по меньшей мере двенадцати победных очков. ... чёрные жетоны наиболее значимы, далее ...
красные, белые и очки за дома. Если всё одинаково, всё решает количество оставшихся карт
ресурсов; карты судьбы не учитываются."

SAFETY LIMIT (not in the rulebook): the option ``turn_limit`` (default 500, 0 = none) ends a game
that nobody can win (for example after endless famines); the same ranking then decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from settlers.games.iceland.pieces import owner

if TYPE_CHECKING:
    from settlers.games.iceland.state import IcelandState


def house_points(s: IcelandState, seat: int) -> int:
    return sum(level for who, level in zip(s.house_owner, s.house_level, strict=True)
               if who == seat)


def all_house_points(s: IcelandState) -> list[int]:
    points = [0] * s.players
    for who, level in zip(s.house_owner, s.house_level, strict=True):
        if who >= 0:
            points[who] += level
    return points


def victory_points(s: IcelandState, seat: int) -> int:
    return house_points(s, seat) + s.white[seat] + s.red_won[seat] + s.black[seat]


def all_victory_points(s: IcelandState) -> list[int]:
    return [h + s.white[x] + s.red_won[x] + s.black[x]
            for x, h in enumerate(all_house_points(s))]


def rank_key(s: IcelandState, seat: int) -> tuple[int, ...]:
    return (victory_points(s, seat), s.black[seat], s.red_won[seat], s.white[seat],
            house_points(s, seat), sum(s.hands[seat]))


def ranking_winners(s: IcelandState) -> list[int]:
    keys = [rank_key(s, seat) for seat in range(s.players)]
    best = max(keys)
    return [seat for seat in range(s.players) if keys[seat] == best]


def someone_reached_target(s: IcelandState) -> bool:
    return max(all_victory_points(s)) >= s.c.victory_points


def _weight(number: int) -> int:
    """Chance of a number in 36ths (0 for no number)."""
    return 6 - abs(7 - number) if number else 0


def _spot_value(s: IcelandState, piece: int) -> float:
    """How good a farm the piece could found from its hex (free corners touching land)."""
    h = s.pos[piece]
    if h < 0:
        return 0.0
    best = 0
    owners = s.house_owner
    for c in s.b.hex_corners[h]:
        if owners[c] >= 0 or any(owners[n] >= 0 for n, _ in s.b.corner_links[c]):
            continue
        best = max(best, sum(_weight(s.number[x]) for x in s.b.corner_hexes[c]))
    return best / 10


def evaluate(s: IcelandState, seat: int) -> float:
    """Points (builds of this turn included), plus production, cards, pieces in good places,
    minus outlawed pieces — for the greedy and MCTS bots."""
    if s.finished:
        return 100.0 if seat in s.winners() else -100.0
    points = all_victory_points(s)
    if s.current == seat:
        points[seat] += sum(1 for b in s.pending if b[0] in ("farm", "town"))
    mine = points[seat]
    others = max(p for x, p in enumerate(points) if x != seat)
    production = 0
    kinds = set()
    for c, who in enumerate(s.house_owner):
        if who != seat:
            continue
        for h in s.b.corner_hexes[c]:
            w = _weight(s.number[h])
            if w:
                production += w * s.house_level[c]
                kinds.add(s.c.terrain_resource[s.terrain[h]])
    pieces = 0.0
    for p in range(seat * 10, seat * 10 + 10):
        if s.pos[p] >= -1:
            pieces += 0.15 + _spot_value(s, p)
            if s.red_tokens.get(p):
                pieces -= 0.4
    if s.current == seat:
        pieces += 0.15 * sum(1 for b in s.pending if b[0] in ("settler", "boat"))
    hand = s.hands[seat]
    cards = min(sum(hand), 10)
    stake = case_stake(s, seat)
    farm = s.c.costs["farm"]
    ready = sum(min(hand[r], farm[r]) for r in range(4)) / max(1, sum(farm))
    return ((mine - others) + 0.04 * production + 0.1 * len(kinds) + 0.04 * cards
            + 0.3 * ready + 0.03 * len(s.fate[seat]) + pieces + stake)


#: what leading a case is worth before it ends (the white token is likely, not yet won)
CASE_LEAD = 0.6


def case_stake(s: IcelandState, seat: int) -> float:
    """During a case at the Althing: the leader of the side ahead expects the white token, and a
    defendant whose piece the plaintiff's side is outbidding expects outlawry. Without this a
    one-ply bot sees only the cards a bid costs and never goes to court."""
    al = s.al
    case = al.get("case") if al else None
    if not case:
        return 0.0
    totals, sides = case["totals"], case["sides"]
    ahead = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else -1
    if ahead < 0:
        return 0.0
    value = CASE_LEAD if sides[ahead][-1] == seat else 0.0
    if ahead == 0 and owner(case["piece"]) == seat:
        value -= 0.3
    return value
