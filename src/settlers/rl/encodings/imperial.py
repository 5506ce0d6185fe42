"""Imperial Settlers: a declared fixed encoding (see :mod:`settlers.rl.schema`).

Cards are numbered by their index in the game's card list (0–203 with the built-in content);
seats are relative to the deciding seat. Actions: one block per kind — ``build``/``deal``/
``raze_card``/``place_defence``/``place_samurai``/``pick`` (card), ``raze_location`` (relative
seat, or -1 the solo opponent, × card), ``activate`` (card × 1–2 times), ``put_under_gate`` (gate card × card),
``put_on_shrine`` (chapel card × good), ``draw`` (common, faction), ``pay`` (gold for three
costs, 0–3 each), ``choose`` (slot i of the pending question's public list of options, 64), ``pass``, ``exchange``.
``ImperialEncoding(players).actions.table()`` prints every range.

Observation (read from ``view(seat)``): round, phase, turn, first player, the card row, the
common deck and discard, the pending question (kind, seat, what it awaits), and per relative
seat: faction, points, score, goods, passed, hand (own only), hand counts, the cards of the
hand others know about, the cards in its locations, its deals, foundations, empire deck and
discard, captures left.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

import numpy as np

from settlers.games.imperial import actions as A
from settlers.rl import schema as S
from settlers.rl.fixed import OutsideActionSpace

GOODS = ("W", "S", "F", "G", "Wk", "Raze", "Def")
DEAL_GOODS = ("W", "S", "F", "G", "Wk", "Raze", "Card", "VP")
EMPIRES = ("japanese", "romans", "egyptians", "barbarians")
PHASES = ("setup", "lookout", "alt_lookout", "production", "actions", "cleanup", "attack",
          "end")
PENDING = ("draft", "solo_attack")  # any other question kind: the "other" slot


@lru_cache(maxsize=4)
def _content(players: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(number of cards, gate cards, chapel cards) of the built-in content."""
    import settlers

    cards = settlers.load("imperial").new_state(players, 0, {}).cards

    def with_passive(kind: str) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(cards)
                     if any(f.get("passive") == kind for f in c.features))

    return len(cards), with_passive("gate"), with_passive("chapel")


class Option:
    """``Choose.option``: slot i of the options of the question on the table (the pending
    question and its options are public: ``view["state"]["pending"]``), up to 64."""

    size = 64

    @staticmethod
    def _options(seat: int, state: Any) -> list[tuple[int, ...]]:
        return [a.option for a in state.legal_actions(seat) if type(a) is A.Choose]

    def index(self, value: Any, seat: int, state: Any) -> int:
        options = self._options(seat, state)
        if value not in options or options.index(value) >= self.size:
            raise OutsideActionSpace(f"option {value!r} is not among the first {self.size}")
        return options.index(value)

    def value(self, index: int, seat: int, state: Any) -> Any:
        options = self._options(seat, state)
        if index >= len(options):
            raise OutsideActionSpace(f"the question has no option {index}")
        return options[index]

    def __repr__(self) -> str:
        return "slot of the pending question's options (64)"


class Locations(S.Feature):
    """Per card: 1 if it stands in the record's locations (+1 if used, +1 with a defence)."""

    def __init__(self, cards: int) -> None:
        self.path = "locations"
        self.cards = cards
        self.meaning = "cards in the locations"

    @property
    def name(self) -> str:
        return self.path

    def size(self, players: int) -> int:
        return self.cards

    def write(self, obs: np.ndarray, start: int, view: Any, ctx: dict) -> None:
        for entries in (S.get(view, self.path) or {}).values():
            for entry in entries:
                card = entry.get("card")
                if isinstance(card, int) and 0 <= card < self.cards:
                    obs[start + card] = 1.0 + bool(entry.get("used")) + bool(entry.get("defence"))


class ImperialEncoding(S.SchemaEncoding):
    game_id = "imperial"

    def __init__(self, players: int = 4) -> None:
        cards, gates, chapels = _content(players)
        card = S.Ints(0, cards - 1)
        ids = tuple(range(cards))
        self.ACTIONS = {
            A.Pass: {},
            A.Build: {"card": card},
            A.MakeDeal: {"card": card},
            A.RazeCard: {"card": card},
            A.RazeLocation: {"target": S.Seat(none=-1), "card": card},
            A.Activate: {"card": card, "times": S.Ints(1, 2)},
            A.Exchange: {},
            A.PlaceDefence: {"card": card},
            A.PlaceSamurai: {"card": card},
            A.PutUnderGate: {"gate": S.Values(gates), "card": card},
            A.PutOnShrine: {"shrine": S.Values(chapels), "good": S.Values(GOODS[:4])},
            A.Pick: {"card": card},
            A.Draw: {"deck": S.Values(("common", "faction"))},
            A.Pay: {"gold": S.Values(tuple(product(range(4), repeat=3)))},
            A.Choose: {"option": Option()},
            A.EndTurn: {},
        }
        self.FEATURES = [
            S.Number("state/round", 5.0, "round/5"),
            S.OneHot("state/phase", PHASES, "phase"),
            S.SeatOf("state/first", "first player (relative)"),
            S.Number("state/turn", 10.0),
            S.Number("state/acted", 1.0, "the turn's main action is done"),
            S.Multiset("state/row", ids, 1.0, "cards in the row"),
            S.Number("state/common_deck", 80.0),
            S.Multiset("state/common_discard", ids, 1.0, "common discard"),
            S.OneHot("state/pending/kind", PENDING, "pending question"),
            S.SeatOf("state/pending/seat", "who answers it"),
            S.OneHot("state/pending/await", ("pick", "choose", "pay", "discard"),
                   "what it awaits"),
            S.PerSeat("state/players", [
                S.OneHot("empire", EMPIRES), S.Number("vp", 20.0), S.Number("score", 40.0),
                S.Counts("goods", GOODS, 5.0), S.Number("passed"), S.Multiset("hand", ids),
                S.Number("hand_count", 10.0), S.Number("hand_common_count", 10.0),
                S.Multiset("hand_known", ids), Locations(cards), S.Multiset("deals", ids),
                S.Multiset("deal_goods", DEAL_GOODS, 5.0, "goods of the deals (public)"),
                S.Number("foundation_count", 5.0), S.Number("empire_deck", 30.0),
                S.Number("empire_discard", 30.0), S.Number("captures_left", 5.0)],
                "per relative seat"),
            S.SeatSet("to_act", "seats owing a decision"),
        ]
        super().__init__(players)


ENCODING = ImperialEncoding
__all__ = ["ENCODING", "ImperialEncoding"]
