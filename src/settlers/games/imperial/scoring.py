"""«КОНЕЦ ИГРЫ»: VP on the track plus 1 VP per common and 2 VP per empire location; the
Japanese «Врата» and «Часовня» add VP (reconstructed: 1 VP per card under the Gate, 1 VP per
two resources on the Shrine). «Ничья»: most workers and resources, then most cards in hand,
else several winners. Solo: win with more empire locations than the opponent's trophies.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.cards import KEPT

ACHIEVEMENTS = ((80, "emperor"), (70, "king"), (60, "castellan"), (50, "knight"),
                (40, "squire"), (30, "servant"), (0, "commoner"))   # «Таблица достижений»


class Scoring:
    """Mixin of ImperialState."""

    info: dict[int, list[int]]

    def location_points(self, seat: int) -> int:
        cards = self.cards
        points = 0
        for cid in self.locs[seat]:
            points += 1 if cards[cid].common else 2
            for feat in cards[cid].features:
                if feat.get("passive") == "gate":
                    points += len(self.gate.get(cid, ()))
                elif feat.get("passive") == "chapel":
                    points += self.info[cid][KEPT] // 2
        return points

    def scores(self) -> list[float]:
        return [float(self.vp[s] + self.location_points(s)) for s in range(self.players)]

    def public_scores(self) -> list[float]:
        """VP tokens and locations are open on the table: the score so far is public."""
        return self.scores()

    def winners(self) -> list[int]:
        if not self.finished:
            return []
        if self.solo:
            return [0] if self.solo_won() else []
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        for tiebreak in (self.resources_and_workers, lambda s: len(self.hand[s])):
            top = max(tiebreak(s) for s in tied)
            tied = [s for s in tied if tiebreak(s) == top]
            if len(tied) == 1:
                break
        return tied

    def empire_locations(self, seat: int) -> int:
        return sum(1 for cid in self.locs[seat] if not self.cards[cid].common)

    def solo_won(self) -> bool:
        return self.empire_locations(0) > len(self.trophies)

    def achievement(self) -> str:
        score = self.scores()[0]
        return next(title for floor, title in ACHIEVEMENTS if score >= floor)

    def evaluate(self, seat: int) -> float:
        """For bots: points so far plus what the empire will still yield — production
        locations and deals for every production phase left, action locations, usable goods
        and cards — minus the best opponent's same worth (solo: minus the trophies)."""
        def worth(s: int) -> float:
            future = max(0, 5 - self.round)          # production phases still to come
            cards = self.cards
            value = float(self.vp[s] + self.location_points(s))
            for cid in self.controlled(s):
                card = cards[cid]
                if card.type == "production":
                    value += 0.6 * future
                elif card.type == "action":
                    value += 0.7 * future + (0.5 if self.phase == "actions" else 0.0)
            value += 0.6 * future * (len(self.deals[s]) + len(self.route[s]))
            if not self.passed[s] or self.finished:   # after passing, goods wait for cleanup
                value += 0.25 * sum(self.goods[s][:6])
            value += 0.45 * len(self.hand[s])
            return value
        mine = worth(seat)
        if self.players == 1:
            return mine - 2.0 * (len(self.trophies) + len(self.virtual)) \
                + 3.0 * self.empire_locations(0)
        return mine - max(worth(s) for s in range(self.players) if s != seat)

    def score_details(self, seat: int) -> dict[str, Any]:
        return {"track": self.vp[seat], "locations": self.location_points(seat)}
