"""«КОНЕЦ ИГРЫ»: VP on the track plus 1 VP per common and 2 VP per empire location; the
Japanese «Врата» and «Часовня» add VP (reconstructed: 1 VP per card under the Gate, 1 VP per
two resources on the Shrine). «Ничья»: most workers and resources, then most cards in hand,
else several winners. Solo: win with more empire locations than the opponent's trophies; only a
won solo game adds the points of its locations and earns a title (L884).
"""

from __future__ import annotations

from typing import Any

from settlers.core.seats import best_seats
from settlers.games.imperial.content import KEPT
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import resources_and_workers

ACHIEVEMENTS = ((80, "emperor"), (70, "king"), (60, "castellan"), (50, "knight"),
                (40, "squire"), (30, "servant"), (0, "commoner"))   # «Таблица достижений»


def location_points(st: ImperialState, seat: int) -> int:
    if st.solo and st.finished and not solo_won(st):
        # «Если у вас больше локаций, вы побеждаете: прибавьте себе ПО за локации» (L884):
        # a lost solo game adds none — its score is the track's
        return 0
    cards = st.cards
    points = 0
    for cid in st.locs[seat]:
        points += 1 if cards[cid].common else 2
        for feat in cards[cid].features:
            if feat.get("passive") == "gate":
                points += len(st.gate.get(cid, ()))
            elif feat.get("passive") == "chapel":
                points += st.info[cid][KEPT] // 2
    return points


def breakdown(st: ImperialState) -> list[dict[str, int]]:
    """«КОНЕЦ ИГРЫ» by part: VP on the track, common locations (1 each), empire locations
    (2 each), and the Gate's and Shrine's points."""
    rows = []
    lost = st.solo and st.finished and not solo_won(st)   # no location points (L884)
    for seat in range(st.players):
        common = 0 if lost else sum(1 for cid in st.locs[seat] if st.cards[cid].common)
        empire = 0 if lost else len(st.locs[seat]) - common
        rows.append({
            "imperial.score.track": st.vp[seat],
            "imperial.score.common": common,
            "imperial.score.empire": 2 * empire,
            "imperial.score.features": location_points(st, seat) - common - 2 * empire,
        })
    return rows


def scores(st: ImperialState) -> list[float]:
    return [float(st.vp[s] + location_points(st, s)) for s in range(st.players)]


def public_scores(st: ImperialState) -> list[float]:
    """VP tokens and locations are open on the table: the score so far is public."""
    return scores(st)


def winners(st: ImperialState) -> list[int]:
    if not st.finished:
        return []
    if st.solo:
        return [0] if solo_won(st) else []
    # most points; on a tie most resources and workers; then most cards in hand
    points = scores(st)
    return best_seats([(points[s], resources_and_workers(st, s), len(st.hand[s]))
                       for s in range(st.players)])


def empire_locations(st: ImperialState, seat: int) -> int:
    return sum(1 for cid in st.locs[seat] if not st.cards[cid].common)


def solo_won(st: ImperialState) -> bool:
    return empire_locations(st, 0) > len(st.trophies)


def achievement(st: ImperialState) -> str | None:
    """«Таблица достижений»: how well a won solo game went (L884); a lost one has no title."""
    if st.finished and not solo_won(st):
        return None
    score = scores(st)[0]
    return next(title for floor, title in ACHIEVEMENTS if score >= floor)


def score_details(st: ImperialState, seat: int) -> dict[str, Any]:
    return {"track": st.vp[seat], "locations": location_points(st, seat)}
