"""Victory points, the end of the game and the tie-break.

"Призовые очки": no cases (black token) 1, outlaw (red) 1, case won (white) 1, farm 1, town 2,
resources 0. "Игра заканчивается, когда хотя бы один игрок в конце хода любого игрока достигает
по меньшей мере двенадцати победных очков. ... чёрные жетоны наиболее значимы, далее ...
красные, белые и очки за дома. Если всё одинаково, всё решает количество оставшихся карт
ресурсов; карты судьбы не учитываются."

A table that can never score again ends too (``progress.py``), ranked the same way. The option
``turn_limit`` (not in the rulebook; default 0 = none) only lets simulations stop early.
"""

from __future__ import annotations

from settlers.core.seats import best_seats
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


def breakdown(s: IcelandState) -> list[dict[str, int]]:
    """«Призовые очки» by kind: houses (farm 1, town 2), white, red and black tokens."""
    return [{"iceland.score.houses": h, "iceland.score.white": s.white[x],
             "iceland.score.red": s.red_won[x], "iceland.score.black": s.black[x]}
            for x, h in enumerate(all_house_points(s))]


def rank_key(s: IcelandState, seat: int) -> tuple[int, ...]:
    return (victory_points(s, seat), s.black[seat], s.red_won[seat], s.white[seat],
            house_points(s, seat), sum(s.hands[seat]))


def ranking_winners(s: IcelandState) -> list[int]:
    return best_seats([rank_key(s, seat) for seat in range(s.players)])


def someone_reached_target(s: IcelandState) -> bool:
    target = s.c.victory_points
    # a bound first: every house level on the island plus the most tokens of each colour
    if sum(s.house_level) + max(s.white) + max(s.red_won) + max(s.black) < target:
        return False
    return max(all_victory_points(s)) >= target


def scores(s: IcelandState) -> list[float]:
    return [float(p) for p in all_victory_points(s)]


def public_scores(s: IcelandState) -> list[float]:
    """Every victory point lies open on the table (houses, white/red/black tokens)."""
    return scores(s)


def winners(s: IcelandState) -> list[int]:
    return ranking_winners(s) if s.finished else []
