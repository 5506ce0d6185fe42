"""«ФАЗА ПРОИЗВОДСТВА»: the empire board, every deal and every production location.

«Фазу производства начинает первый игрок, далее ход передаётся по часовой стрелке.» Goods
kept on «Склады» at the last cleanup come back into the supply first.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.cards import F, S, W


class ProductionPhase:
    """Mixin of ImperialState."""

    boards: dict[str, Any]

    def produce_next(self) -> bool:
        """Produce for the next player in turn order; True when everybody has produced.
        A player's choices (deck, «Стража фараона», picks) are answered before the next."""
        if self.producing >= self.players:
            return True
        seat = (self.first + self.producing) % self.players
        self.producing += 1
        self.produce_for(seat)
        return False

    def produce_for(self, seat: int) -> None:
        stash = self.stash_w[seat]
        supply = self.goods[seat]
        for r in (W, S, F):
            supply[r] += stash[r]
            stash[r] = 0
        self.gain(seat, self.boards[self.emp[seat]]["production"])
        for cid in self.deals[seat] + self.route[seat]:
            self.gain_good(seat, self.cards[cid].deal)
        for card in self.attack_deals:     # solo: attack cards taken with «Шпионы»
            self.gain_good(seat, self.attack_goods[card])
        cards = self.cards
        for cid in self.controlled(seat):
            if cards[cid].type == "production":
                self.produce(seat, cid)
        self.emit("imperial.event.produced", seat=seat)
