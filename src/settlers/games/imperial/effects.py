"""The effect engine: one interpreter for every card's declarative effect.

A card's data names what it yields (``production``, ``build_bonus``: fixed goods, one good per
location of a colour — «сама эта локация тоже учитывается» —, a choice, a pick of empire cards,
samurai) and which feature triggers it has («Каждый раз, построив…», on raze, on deal, …).
This module gains goods, counts colours, fires triggers and pays costs (gold replacing any
resource, «но не наоборот»).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from settlers.games.imperial.cards import CAPTOR, GOOD_INDEX, RAZE, SAMURAI, WK, F, G, S, W


class EffectEngine:
    """Mixin of :class:`~settlers.games.imperial.state.ImperialState`."""

    cards: Any
    # ------------------------------------------------------------------ counting
    def colour_count(self, seat: int, colour: str) -> int:
        """Locations of ``colour`` in ``seat``'s empire (the counting card included)."""
        if colour == "samurai":
            return sum(1 for cid in self.locs[seat] if self.info[cid][SAMURAI])
        cards = self.cards
        return sum(1 for cid in self.locs[seat] if colour in cards[cid].colours)

    def controlled(self, seat: int) -> list[int]:
        """Locations whose production and action ``seat`` uses: its own not captured by an
        Egyptian «Храм Ра», and those it captured."""
        own = [cid for cid in self.locs[seat] if self.info[cid][CAPTOR] < 0]
        for other in range(self.players):
            if other != seat:
                own.extend(cid for cid in self.locs[other] if self.info[cid][CAPTOR] == seat)
        return own

    # ------------------------------------------------------------------ gaining goods
    def gain(self, seat: int, goods: dict[str, int], times: int = 1) -> None:
        """Take goods from the unlimited supply («Бесконечные товары»)."""
        supply = self.goods[seat]
        for good, n in goods.items():
            n *= times
            if n <= 0:
                continue
            if good == "VP":
                self.vp[seat] += n
            elif good == "Card":
                self.gain_cards(seat, n, "any")
            elif good == "CardC":
                self.gain_cards(seat, n, "common")
            elif good == "CardF":
                self.gain_cards(seat, n, "faction")
            else:
                supply[GOOD_INDEX[good]] += n
        if goods.get("G", 0) > 0:
            self.trigger(seat, "gold")

    def gain_good(self, seat: int, good: str, n: int = 1) -> None:
        self.gain(seat, {good: n})

    def apply_yields(self, seat: int, yields: tuple[dict[str, Any], ...], cid: int) -> None:
        for item in yields:
            if "goods" in item:
                self.gain(seat, item["goods"])
            elif "per" in item:
                n = self.colour_count(seat, item["per"])
                if "max" in item:
                    n = min(n, item["max"])
                if n:
                    self.gain(seat, {item["good"]: n})
            elif "choice" in item:
                options = [(i,) for i in range(len(item["choice"]))]
                self.push("choice", seat, "choose", options, card=cid)
            elif "pick" in item:
                self.reveal_empire_pick(seat, item["pick"], cid)
            elif "samurai" in item:
                self.push("samurai_bonus", seat, "choose", [], card=cid, n=item["samurai"])
                self.refresh_samurai_bonus(self.pending[-1])

    def produce(self, seat: int, cid: int) -> None:
        self.apply_yields(seat, self.cards[cid].production, cid)

    def trigger(self, seat: int, event: str, colours: tuple[str, ...] = ()) -> None:
        """Fire ``seat``'s features listening to ``event`` («Каждый раз, построив…»)."""
        if seat < 0:
            return
        cards = self.cards
        for cid in self.locs[seat]:
            for feat in cards[cid].features:
                if feat.get("on") != event:
                    continue
                colour = feat.get("colour")
                if colour is not None and colour not in colours:
                    continue
                if event == "gold":  # a VP per gain of gold; must not recurse
                    self.vp[seat] += feat["goods"].get("VP", 0)
                else:
                    self.gain(seat, feat["goods"])

    def has_passive(self, seat: int, passive: str) -> bool:
        if seat < 0:
            return False
        cards = self.cards
        return any(feat.get("passive") == passive
                   for cid in self.locs[seat] for feat in cards[cid].features)

    # ------------------------------------------------------------------ cards
    def deck_available(self, seat: int, deck: str) -> bool:
        if deck == "common":
            return bool(self.common_deck or self.common_discard)
        return bool(self.fdeck[self.emp[seat]])

    def gain_cards(self, seat: int, n: int, source: str) -> None:
        """«Каждый раз, получая карточку, вы сами решаете, из какой колоды»; a choice is asked
        only when both decks can give a card."""
        for _ in range(n):
            decks = self.card_sources(seat, source)
            if not decks:
                return
            if len(decks) == 1:
                self.draw_card(seat, decks[0])
            else:
                self.push("draw", seat, "draw", [("common",), ("faction",)], n=n)
                return

    def card_sources(self, seat: int, source: str) -> list[str]:
        decks = ["common", "faction"] if source == "any" else [source]
        return [d for d in decks if self.deck_available(seat, d)]

    def take_top_common(self) -> int | None:
        """The top common card; an empty deck is rebuilt from the shuffled discards."""
        if not self.common_deck:
            if not self.common_discard:
                return None
            self.common_deck = self.common_discard
            self.common_discard = []
            self.rng.shuffle(self.common_deck)
            self.emit("imperial.event.reshuffle")
        return self.common_deck.pop()

    def draw_card(self, seat: int, deck: str) -> None:
        if deck == "common":
            card = self.take_top_common()
        else:  # «Сброшенные имперские карточки никогда не замешиваются»
            pile = self.fdeck[self.emp[seat]]
            card = pile.pop() if pile else None
        if card is not None:
            self.hand[seat].append(card)
            self.emit("imperial.event.draw", seat=seat, deck=f"imperial.deck.{deck}")

    def discard_card(self, cid: int) -> None:
        """«Каждая карточка сбрасывается в стопку сброса своего типа»."""
        card = self.cards[cid]
        if card.common:
            self.common_discard.append(cid)
        else:
            self.fdiscard[card.deck].append(cid)

    def reveal_empire_pick(self, seat: int, n: int, cid: int) -> None:
        pile = self.fdeck[self.emp[seat]]
        shown = [pile.pop() for _ in range(min(n, len(pile)))]
        if len(shown) == 1:
            self.hand[seat].append(shown[0])
        elif shown:
            self.push("empire_pick", seat, "pick", [(c,) for c in shown], card=cid)

    # ------------------------------------------------------------------ paying
    def pay_options(self, seat: int, cost: dict[str, int], times: int = 1,
                    extra: dict[str, int] | None = None) -> list[tuple[int, int, int]]:
        """Every way to pay the resources of ``cost`` with gold standing in for any of them.

        ``extra`` is a cost that must still be affordable afterwards (the activation cost when
        checking an effect in advance)."""
        supply = self.goods[seat]
        need = [cost.get("W", 0) * times, cost.get("S", 0) * times, cost.get("F", 0) * times]
        gold_fixed = cost.get("G", 0) * times
        if extra:
            need = [need[0] + extra.get("W", 0), need[1] + extra.get("S", 0),
                    need[2] + extra.get("F", 0)]
            gold_fixed += extra.get("G", 0)
        spare_gold = supply[G] - gold_fixed
        if spare_gold < 0:
            return []
        ranges = []
        for r, n in zip((W, S, F), need, strict=True):
            low = max(0, n - supply[r])
            if low > spare_gold:
                return []
            ranges.append(range(low, n + 1))
        if not any(need):
            return [(0, 0, 0)]
        return [g for g in product(*ranges) if sum(g) <= spare_gold]

    def can_afford(self, seat: int, cost: dict[str, int], times: int = 1,
                   extra: dict[str, int] | None = None) -> bool:
        supply = self.goods[seat]
        total = dict(cost)
        if times != 1:
            total = {k: v * times for k, v in cost.items()}
        if extra:
            for k, v in extra.items():
                total[k] = total.get(k, 0) + v
        if total.get("Wk", 0) > supply[WK] or total.get("Raze", 0) > supply[RAZE]:
            return False
        if total.get("Card", 0) > len(self.hand[seat]):
            return False
        if total.get("Deal", 0) > len(self.deals[seat]) + len(self.route[seat]):
            return False
        return bool(self.pay_options(seat, total))

    def pay(self, seat: int, cost: dict[str, int], gold: tuple[int, int, int],
            times: int = 1) -> None:
        """Spend ``cost`` (resources, gold, workers, raze tokens) using ``gold`` substitutes."""
        supply = self.goods[seat]
        for r, key, g in ((W, "W", gold[0]), (S, "S", gold[1]), (F, "F", gold[2])):
            supply[r] -= cost.get(key, 0) * times - g
        supply[G] -= sum(gold) + cost.get("G", 0) * times
        supply[WK] -= cost.get("Wk", 0) * times
        supply[RAZE] -= cost.get("Raze", 0) * times

    # ------------------------------------------------------------------ goods helpers
    def resources_and_workers(self, seat: int) -> int:
        supply = self.goods[seat]
        return supply[W] + supply[S] + supply[F] + supply[WK]

