"""«Тайные ставки» / Sealed bids: a small complete game exercising the whole protocol.

Not one of the five board games and not registered by default: core, bot and server tests
register it to have a fast game with hidden hands, simultaneous secret decisions, sequential
decisions and chance.

Rules. Each player is dealt ``hand`` cards from a shuffled deck numbered 1..6×players. A
shuffled pile of ``prizes`` prize cards (values 1..prizes) is face down; each round its top card
joins the pot. Everybody bids one card from hand at the same time, in secret. The single
highest bid takes the pot; on a tie for highest, the pot stays for the next round. Bid cards are
discarded face up. The round's winner then either draws a card from the deck or passes. The
game ends when the prize pile is used up or a player has no card left; most points wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from settlers.core import Action, ConformancePlan, Game, GameState, IllegalAction, Option


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    card: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


BIDDING, CHOOSING, OVER = "bidding", "choosing", "over"


class SealedBidsState(GameState):
    def setup(self) -> None:
        cards = list(range(1, 6 * self.players + 1))
        self.rng.shuffle(cards)
        size = self.options["hand"]
        self.hands: list[list[int]] = [sorted(cards[i * size:(i + 1) * size])
                                       for i in range(self.players)]
        self.deck: list[int] = cards[self.players * size:]
        self.prizes: list[int] = list(range(1, self.options["prizes"] + 1))
        self.rng.shuffle(self.prizes)
        self.points = [0] * self.players
        self.discards: list[int] = []
        self.bids: list[int | None] = [None] * self.players
        self.pot = 0
        self.chooser: int | None = None
        self._start_round()

    # -- turn structure -------------------------------------------------------------
    def _start_round(self) -> None:
        if not self.prizes or any(not hand for hand in self.hands):
            self.phase = OVER
            self.emit("sample.game_over", points=list(self.points))
            return
        self.pot += self.prizes.pop()
        self.phase = BIDDING
        self.emit("sample.round", pot=self.pot)

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == BIDDING:
            return tuple(s for s in range(self.players) if self.bids[s] is None)
        if self.phase == CHOOSING:
            assert self.chooser is not None
            return (self.chooser,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.phase == BIDDING:
            return [Bid(c) for c in self.hands[seat]]
        return [Draw(), Pass()] if self.deck else [Pass()]

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        if self.phase == BIDDING:
            if not isinstance(action, Bid):
                return IllegalAction("sample.must_bid")
            if action.card not in self.hands[seat]:
                return IllegalAction("sample.not_in_hand", card=action.card)
            return None
        if isinstance(action, Draw) and self.deck:
            return None
        if isinstance(action, Pass):
            return None
        return IllegalAction("sample.must_choose")

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Bid):
            self.bids[seat] = action.card
            self.emit("sample.bid_placed", seat=seat)
            if all(b is not None for b in self.bids):
                self._resolve_bids()
        elif isinstance(action, Draw):
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            self.emit("sample.drew_secret", visible_to=(seat,), seat=seat, card=card)
            self.emit("sample.drew", seat=seat)
            self._start_round()
        else:
            self.emit("sample.passed", seat=seat)
            self._start_round()

    def _resolve_bids(self) -> None:
        bids = [b for b in self.bids if b is not None]
        self.emit("sample.bids_revealed", bids=list(bids))
        for seat, card in enumerate(bids):
            self.hands[seat].remove(card)
        self.discards.extend(bids)
        self.bids = [None] * self.players
        top = max(bids)
        if bids.count(top) > 1:
            self.emit("sample.tie", pot=self.pot)
            self._start_round()
            return
        winner = bids.index(top)
        self.points[winner] += self.pot
        self.emit("sample.won", seat=winner, pot=self.pot)
        self.pot = 0
        self.chooser = winner
        self.phase = CHOOSING

    # -- results ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best]

    def evaluate(self, seat: int) -> float:
        others = max(p for s, p in enumerate(self.points) if s != seat)
        return self.points[seat] - others + 0.1 * sum(self.hands[seat]) / 10

    # -- information --------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "pot": self.pot,
            "prizes_left": len(self.prizes),
            "deck_size": len(self.deck),
            "discards": list(self.discards),
            "points": list(self.points),
            "hand_sizes": [len(h) for h in self.hands],
            "has_bid": [b is not None for b in self.bids],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "my_bid": self.bids[seat] if seat is not None else None,
        }

    def full_state(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "pot": self.pot, "prizes": list(self.prizes),
            "deck": list(self.deck), "hands": [list(h) for h in self.hands],
            "points": list(self.points), "discards": list(self.discards),
            "bids": list(self.bids), "chooser": self.chooser,
        }

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        others = [p for p in range(self.players) if p != seat]
        pool = list(self.deck)
        for p in others:
            pool.extend(self.hands[p])
        pool.sort()  # canonical: the redraw must not depend on the hidden arrangement
        rng.shuffle(pool)
        for p in others:
            size = len(self.hands[p])
            self.hands[p] = sorted(pool[:size])
            del pool[:size]
            if self.bids[p] is not None:
                self.bids[p] = rng.choice(self.hands[p])
        self.deck = pool
        self.prizes.sort()
        rng.shuffle(self.prizes)

    def clone(self) -> SealedBidsState:
        new = object.__new__(SealedBidsState)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.log = list(self.log)
        new.events = list(self.events)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.prizes = list(self.prizes)
        new.points = list(self.points)
        new.discards = list(self.discards)
        new.bids = list(self.bids)
        return new

    def describe_action(self, action: Action, lang: str) -> str:
        from settlers.core import translate

        if isinstance(action, Bid):
            return translate("sample.action.bid", lang, card=action.card)
        return translate(f"sample.action.{action.kind}", lang)


GAME = Game(
    id="sample",
    names={"ru": "Тайные ставки", "en": "Sealed bids"},
    min_players=2,
    max_players=4,
    state_class=SealedBidsState,
    action_classes=(Bid, Draw, Pass),
    options=(Option("prizes", 6, minimum=2, maximum=10), Option("hand", 5, minimum=1,
                                                                  maximum=6)),
    package="settlers.testing",
    descriptions={"ru": "Маленькая игра для проверки платформы.",
                  "en": "A small game for testing the platform."},
    conformance=ConformancePlan(players=(2, 3, 4), options=({}, {"prizes": 10, "hand": 3}),
                                games=4),
)
