"""«ФАЗА РАЗВЕДКИ» and its variants.

Standard: every player takes the top card of their empire deck; players+1 common cards are
opened and taken one each clockwise from the first player, the last one is discarded; again
players+1 cards, taken counter-clockwise from the last player.
«АЛЬТЕРНАТИВНАЯ ФАЗА РАЗВЕДКИ» (option ``lookout=alternative``): each player takes 3 common
cards, keeps one, passes two clockwise, keeps one of the two, discards the last — all at once.
«УСЛОЖНЁННАЯ ФАЗА РАЗВЕДКИ» (``lookout=advanced``): 5 open cards, taken clockwise until
everyone has 2; with 3–4 players new cards are opened as the rulebook describes.
«МИРНЫЙ ВАРИАНТ»: each player also takes 1 common card at the start of the lookout.
The solo lookout lives in ``solo.py``.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.imperial.actions import Pick


class LookoutPhase:
    """Mixin of ImperialState."""

    draft: dict[str, Any]

    def begin_lookout(self) -> None:
        n = self.players
        for i in range(n):
            seat = (self.first + i) % n
            self.draw_card(seat, "faction")
            if self.peaceful and not self.solo:
                self.draw_card(seat, "common")
        if self.solo:
            self.draft = {"mode": "solo", "step": 0}
        elif self.lookout_variant == "alternative":
            self.begin_alt_lookout()
        elif self.lookout_variant == "advanced":
            self.draft = {"mode": "advanced", "pick": 0, "opened": False}
        else:
            self.draft = {"mode": "standard", "stage": 0, "order": []}

    def open_cards(self, count: int) -> None:
        for _ in range(count):
            card = self.take_top_common()
            if card is None:
                return
            self.row.append(card)

    def discard_row(self) -> None:
        for card in self.row:
            self.common_discard.append(card)
        self.row = []

    def lookout_step(self) -> bool:
        """Push the next pick; True when the lookout is over."""
        mode = self.draft.get("mode")
        if mode == "solo":
            return self.solo_lookout_step()
        if mode == "advanced":
            return self._advanced_step()
        if mode == "alt":
            return True
        return self._standard_step()

    def _standard_step(self) -> bool:
        n = self.players
        d = self.draft
        while True:
            if d["order"] and self.row:
                self.push("draft", d["order"][0], "pick", [(c,) for c in self.row])
                return False
            self.discard_row()
            if d["stage"] == 2:
                return True
            d["stage"] += 1
            self.open_cards(n + 1)
            if d["stage"] == 1:  # clockwise from the first player
                d["order"] = [(self.first + i) % n for i in range(n)]
            else:  # «начиная с последнего игрока и против часовой стрелки»
                d["order"] = [(self.first - 1 - i) % n for i in range(n)]

    def _advanced_step(self) -> bool:
        n = self.players
        d = self.draft
        if not d["opened"]:
            d["opened"] = True
            self.open_cards(5)
        k = d["pick"]
        if k >= 2 * n:
            self.discard_row()
            return True
        lap, pos = divmod(k, n)
        if n >= 3:
            if lap == 0 and pos >= 2:   # «у каждого из них должно быть по 4 карточки»
                self.open_cards(4 - len(self.row))
            elif lap == 1 and 0 < pos < n - 1:  # «будет выбор из 3 карточек»
                self.open_cards(3 - len(self.row))
        if not self.row:
            d["pick"] = 2 * n
            return self._advanced_step()
        seat = (self.first + pos) % n
        self.push("draft", seat, "pick", [(c,) for c in self.row])
        return False

    def answer_draft(self, p: dict[str, Any], card: int) -> None:
        self.pending.pop()
        seat = p["seat"]
        self.row.remove(card)
        self.hand[seat].append(card)
        self.known[seat].append(card)
        self.emit("imperial.event.pick", seat=seat, card=self.card_key(card))
        d = self.draft
        if d["mode"] == "advanced":
            d["pick"] += 1
        else:
            d["order"].pop(0)

    # ------------------------------------------------------------ alternative lookout
    def begin_alt_lookout(self) -> None:
        n = self.players
        offers = []
        for _ in range(n):
            offer = []
            for _ in range(3):
                card = self.take_top_common()
                if card is not None:
                    offer.append(card)
            offers.append(offer)
        self.draft = {"mode": "alt", "step": 1, "offer": offers, "choice": [-1] * n}
        self.phase = "alt_lookout"

    def alt_to_act(self) -> tuple[int, ...]:
        d = self.draft
        return tuple(s for s in range(self.players) if d["choice"][s] < 0 and d["offer"][s])

    def alt_actions(self, seat: int) -> list[Action]:
        return [Pick(c) for c in self.draft["offer"][seat]]

    def alt_pick(self, seat: int, action: Action) -> None:
        d = self.draft
        d["choice"][seat] = action.card  # type: ignore[attr-defined]
        if self.alt_to_act():
            return
        n = self.players
        for s in range(n):
            if d["choice"][s] >= 0:
                self.hand[s].append(d["choice"][s])
        rest = [[c for c in d["offer"][s] if c != d["choice"][s]] for s in range(n)]
        self.emit("imperial.event.alt_picked", step=d["step"])
        if d["step"] == 1:  # «передаёт оставшиеся две следующему игроку по часовой стрелке»
            d["offer"] = [rest[(s - 1) % n] for s in range(n)]
            d["choice"] = [-1] * n
            d["step"] = 2
            if self.alt_to_act():
                return
            rest = d["offer"]
        for cards in rest:  # «Последняя оставшаяся карточка сбрасывается»
            self.common_discard.extend(cards)
        self.draft = {"mode": "alt_done"}
        self.phase = "production"

    def redraw_alt(self, seat: int, pool: list[int]) -> None:
        d = self.draft
        if d.get("mode") != "alt":
            return
        for s in range(self.players):
            if s != seat:
                pool.extend(d["offer"][s])

    def refill_alt(self, seat: int, pool: list[int]) -> None:
        d = self.draft
        if d.get("mode") != "alt":
            return
        for s in range(self.players):
            if s != seat:
                d["offer"][s] = [pool.pop() for _ in d["offer"][s]]
                if d["choice"][s] >= 0:
                    d["choice"][s] = d["offer"][s][0]

