"""End of the game and victory points (archipelago.ru.txt L878-1002): objective cards rank
players 3/2/1, the trend card 4/3/2 (the Philanthropist by its zones), Pacifist +3, evolution
cards' medals and built wonders; ties share a rank and the next rank follows directly (L934);
the main winner has the most points, then the most money behind the screen (L974). On
independence only the Separatist can win (L906-908)."""

from __future__ import annotations

from settlers.games.archipelago.objectives import measure
from settlers.games.archipelago.state import ArchState


def dense_ranks(values: list[int]) -> list[int]:
    """Dense ranking (1 first) of the players who have anything; 0: not ranked (L932-936)."""
    distinct = sorted({v for v in values if v > 0}, reverse=True)
    return [distinct.index(v) + 1 if v > 0 else 0 for v in values]


def rank_points(values: list[int], points: tuple[int, ...]) -> list[int]:
    """The points of each rank; nothing for the unranked and below the printed ranks."""
    return [points[r - 1] if 0 < r <= len(points) else 0 for r in dense_ranks(values)]


def objective_card_points(state: ArchState, obj: str, holder: int) -> list[int]:
    """What the objective card ``obj`` held by ``holder`` gives each seat: the ranks of its
    criterion, the Pacifist's 3 to its holder alone, the Separatist nothing (L920-946)."""
    n = state.players
    card = state.content.objectives[obj]
    crit = card["criterion"]
    if crit == "separatist":
        return [0] * n
    if crit == "pacifist":
        pts = [0] * n
        if state.population - state.rebellion > card.get("margin", 10):
            pts[holder] = 3
        return pts
    return rank_points([measure(state, s, crit) for s in range(n)],
                       state.content.objective_points)


def trend_card_points(state: ArchState, trend: str) -> list[int]:
    """What the public trend card ``trend`` gives each seat: its criterion ranked 4/3/2 (L878-1002)."""
    criterion = state.content.trends[trend]["criterion"]
    return rank_points([measure(state, s, criterion) for s in range(state.players)],
                       state.content.trend_points)


def breakdown(state: ArchState) -> list[dict[str, int]]:
    n = state.players
    c = state.content
    rows: list[dict[str, int]] = [{} for _ in range(n)]
    for seat in range(n):
        for obj in state.objectives[seat]:
            pts = objective_card_points(state, obj, seat)
            for s in range(n):
                if pts[s]:
                    rows[s][f"objective:{c.objectives[obj]['id']}"] = pts[s]
    for t in state.trends:
        pts = trend_card_points(state, t)
        for s in range(n):
            if pts[s]:
                rows[s][f"trend:{c.trends[t]['id']}"] = pts[s]
    for s in range(n):
        for rec in state.owned[s]:
            evo = c.cards[rec[0]]
            if evo.vp and (evo.use != "wonder" or rec[2]):
                rows[s][f"card:{evo.id}"] = evo.vp
    return rows


def points(state: ArchState) -> list[int]:
    return [sum(r.values()) for r in breakdown(state)]


def separatist(state: ArchState) -> int:
    for seat in range(state.players):
        for obj in state.objectives[seat]:
            if state.content.objectives[obj]["criterion"] == "separatist":
                return seat
    return -1


def scores(state: ArchState) -> list[float]:
    if state.ended_by == "independence":
        sep = separatist(state)
        return [1.0 if s == sep else 0.0 for s in range(state.players)]
    return [float(p) for p in points(state)]


def categories(state: ArchState) -> list[dict[str, int]]:
    """The final points by kind (objectives, trends, evolution cards); the separatist's
    independence instead when the game ended by it."""
    if state.ended_by == "independence":
        return [{"archipelago.score.independence": int(p)} for p in scores(state)]
    out = []
    for row in breakdown(state):
        kinds = {"archipelago.score.objectives": 0, "archipelago.score.trends": 0,
                 "archipelago.score.cards": 0}
        for key, pts in row.items():
            kind = {"objective": "objectives", "trend": "trends", "card": "cards"}[
                key.split(":", 1)[0]]
            kinds[f"archipelago.score.{kind}"] += pts
        out.append(kinds)
    return out


def winners(state: ArchState) -> list[int]:
    if state.phase != "over":
        return []
    if state.ended_by == "independence":
        sep = separatist(state)
        return [sep] if sep >= 0 else []
    pts = points(state)
    best = max(pts)
    top = [s for s in range(state.players) if pts[s] == best]
    money = max(state.money[s] for s in top)
    return [s for s in top if state.money[s] == money]
