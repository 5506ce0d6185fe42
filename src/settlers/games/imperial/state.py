"""The state of a game of Imperial Settlers and the round structure that drives it.

«Игра длится 5 раундов, каждый из которых делится на 4 фазы: разведка, производство, действия,
очистка» (solo: a fifth phase, the virtual opponent's attack). The phases live in their own
modules (``lookout``, ``production``, ``turn``, ``cleanup``, ``solo``); this module holds the
data, the pending sub-decisions and the driver that moves from phase to phase.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core import Action, GameState, IllegalAction, InvalidOption
from settlers.core.content_sets import resolve as resolve_content
from settlers.games.imperial.actions import Draw, Pay, Pick
from settlers.games.imperial.cards import EMPIRES, load_cards, load_empires, twin_indices
from settlers.games.imperial.cleanup import CleanupPhase
from settlers.games.imperial.effects import EffectEngine
from settlers.games.imperial.lookout import LookoutPhase
from settlers.games.imperial.operations import LocationOperations
from settlers.games.imperial.presentation import Presentation
from settlers.games.imperial.production import ProductionPhase
from settlers.games.imperial.scoring import Scoring
from settlers.games.imperial.solo import SoloMode
from settlers.games.imperial.turn import ActionPhase

ROUNDS = 5
_LIST_FIELDS = ("goods", "hand", "locs", "fnd", "fnd_hidden", "deals", "route", "known",
                "stash_w")


class ImperialState(EffectEngine, LookoutPhase, ProductionPhase, ActionPhase,
                    LocationOperations, CleanupPhase, SoloMode, Scoring, Presentation,
                    GameState):
    # ================================================================== set-up
    def setup(self) -> None:
        """«ПОДГОТОВКА К ИГРЕ»."""
        self.cards = load_cards(resolve_content("imperial", "cards", self.options.get("cards")))
        self.twins = twin_indices(self.cards)
        self.boards = load_empires()
        self.solo = self.players == 1
        self.peaceful = bool(self.options["peaceful"])
        self.lookout_variant = self.options["lookout"]
        if self.solo and self.lookout_variant != "standard":   # the solo mode has its own
            raise InvalidOption("imperial.solo_lookout", value=self.lookout_variant)
        n = self.players
        self.emp = self._choose_empires()
        self.common_deck = [c.index for c in self.cards if c.common]
        self.rng.shuffle(self.common_deck)
        self.common_discard: list[int] = []
        self.fdeck: dict[str, list[int]] = {}
        self.fdiscard: dict[str, list[int]] = {}
        for empire in self.emp:
            pile = [c.index for c in self.cards if c.deck == empire]
            self.rng.shuffle(pile)
            self.fdeck[empire] = pile
            self.fdiscard[empire] = []
        self.goods = [[0] * 7 for _ in range(n)]
        self.vp = [0] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.locs: list[list[int]] = [[] for _ in range(n)]
        self.fnd: list[list[int]] = [[] for _ in range(n)]
        self.fnd_hidden: list[list[int]] = [[] for _ in range(n)]  # laid face down from a hand
        self.deals: list[list[int]] = [[] for _ in range(n)]
        self.route: list[list[int]] = [[] for _ in range(n)]   # «Торговый путь» deals
        self.known: list[list[int]] = [[] for _ in range(n)]   # hand cards all have seen taken
        self.stash_w: list[list[int]] = [[0, 0, 0] for _ in range(n)]  # kept on «Склады»
        self.info: dict[int, list[int]] = {}
        self.gate: dict[int, list[int]] = {}
        self.captures = [4 if e == "egyptians" else 0 for e in self.emp]
        self.passed = [False] * n
        self.pending: list[dict[str, Any]] = []
        self.round = 0
        self.producing = 0
        self.phase = "setup"
        self.first = 0 if self.solo else self.rng.randrange(n)
        self.turn = self.first
        self.turn_done = False
        self.row: list[int] = []
        self.draft: dict[str, Any] = {}
        self.finished = False
        self.solo_setup()
        # «каждый участник берёт по 2 карточки из общей колоды и по 2 из личной»
        for i in range(n):
            seat = (self.first + i) % n
            for _ in range(2):
                self.draw_card(seat, "common")
            for _ in range(2):
                self.draw_card(seat, "faction")
        self.start_round()
        self.advance()

    def _choose_empires(self) -> list[str]:
        choice = self.options["empires"]
        if choice == "random":
            pool = list(EMPIRES)
            self.rng.shuffle(pool)
            return pool[: self.players]
        names = choice.split(",")
        if len(names) != self.players:
            raise InvalidOption("imperial.empires_count", value=choice, players=self.players)
        return names

    # ================================================================== pending decisions
    def push(self, kind: str, seat: int, awaits: str, options: list[tuple[Any, ...]],
             **data: Any) -> None:
        """Ask ``seat`` a sub-decision; answers are Pick/Draw/Pay/Choose of ``options``."""
        p = {"kind": kind, "seat": seat, "await": awaits, "options": options}
        p.update(data)
        self.pending.append(p)

    def drop(self, p: dict[str, Any]) -> None:
        """Remove exactly this pending decision (two may be equal, e.g. a doubled action)."""
        for i in range(len(self.pending) - 1, -1, -1):
            if self.pending[i] is p:
                del self.pending[i]
                return

    def resolve_pending(self, seat: int, action: Action) -> None:
        p = self.pending[-1]
        if isinstance(action, Pick):
            value: Any = action.card
        elif isinstance(action, Draw):
            value = action.deck
        elif isinstance(action, Pay):
            value = action.gold
        else:
            value = action.option  # type: ignore[attr-defined]
        getattr(self, "answer_" + p["kind"])(p, value)

    def pending_actions(self, p: dict[str, Any]) -> list[Action]:
        from settlers.games.imperial.actions import Choose
        awaits = p["await"]
        if awaits == "pick":
            return [Pick(o[0]) for o in p["options"]]
        if awaits == "draw":
            return [Draw(d) for d in self.card_sources(p["seat"], "any")]
        if awaits == "pay":
            return [Pay(o) for o in p["options"]]
        return [Choose(tuple(o)) for o in p["options"]]

    def await_or_auto(self, p: dict[str, Any], awaits: str, slot: str,
                      options: list[Any]) -> bool:
        """Set ``p[slot]`` when only one option exists; else make ``p`` wait for an answer.
        Returns True when the slot is filled."""
        if len(options) == 1:
            p[slot] = options[0]
            return True
        p["await"] = awaits
        p["options"] = options
        p["slot"] = slot
        return False

    # ================================================================== the driver
    def start_round(self) -> None:
        self.round += 1
        self.emit("imperial.event.round", round=self.round)
        self.phase = "lookout"
        self.producing = 0
        self.begin_lookout()

    def advance(self) -> None:
        """Move through the phases while nobody owes a decision."""
        while not self.finished:
            if self.pending:
                top = self.pending[-1]
                if not top.get("lazy"):
                    return
                top["lazy"] = False
                self.refresh_op(top)
            elif self.phase == "lookout":
                if not self.lookout_step():
                    return
                self.phase = "production"
            elif self.phase == "alt_lookout":
                return
            elif self.phase == "production":
                if not self.produce_next():
                    continue
                self.phase = "actions"
                self.passed = [False] * self.players
                self.turn = self.first
                self.turn_done = False
            elif self.phase == "actions":
                if not self.turn_done:
                    return
                self.turn_done = False
                if not self.next_turn():
                    if self.round == ROUNDS:  # «В последнем раунде эта фаза пропускается»
                        self.phase = "attack" if self.solo else "end"
                    else:
                        self.phase = "cleanup"
            elif self.phase == "cleanup":
                self.cleanup()
                self.phase = "attack" if self.solo else "next"
            elif self.phase == "attack":
                if not self.attack_step():
                    return
                self.phase = "end" if self.round == ROUNDS else "next"
            elif self.phase == "next":
                self.start_round()
            elif self.phase == "end":
                self.finished = True
                self.emit("imperial.event.game_over")

    def next_turn(self) -> bool:
        """Hand the turn clockwise to the next player who has not passed."""
        n = self.players
        for step in range(1, n + 1):
            seat = (self.turn + step) % n
            if not self.passed[seat]:
                self.turn = seat
                return True
        return False

    # ================================================================== protocol
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if self.pending:
            return (self.pending[-1]["seat"],)
        if self.phase == "alt_lookout":
            return self.alt_to_act()
        if self.phase == "actions":
            return (self.turn,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.pending:
            return self.pending_actions(self.pending[-1])
        if self.phase == "alt_lookout":
            return self.alt_actions(seat)
        return self.turn_actions(seat)

    def illegal_reason(self, seat: int, action: Action) -> IllegalAction | None:
        if action in self.legal_actions(seat):
            return None
        return self.why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        if self.pending:
            self.resolve_pending(seat, action)
        elif self.phase == "alt_lookout":
            self.alt_pick(seat, action)
        else:
            self.take_turn_action(seat, action)
        self.advance()

    @property
    def over(self) -> bool:
        return self.finished

    # ================================================================== copying
    def clone(self) -> ImperialState:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.log = list(self.log)
        new.events = list(self.events)
        for name in _LIST_FIELDS:
            setattr(new, name, [list(x) for x in getattr(self, name)])
        new.vp = list(self.vp)
        new.captures = list(self.captures)
        new.passed = list(self.passed)
        new.info = {k: list(v) for k, v in self.info.items()}
        new.gate = {k: list(v) for k, v in self.gate.items()}
        new.common_deck = list(self.common_deck)
        new.common_discard = list(self.common_discard)
        new.fdeck = {k: list(v) for k, v in self.fdeck.items()}
        new.fdiscard = {k: list(v) for k, v in self.fdiscard.items()}
        new.pending = [dict(p) for p in self.pending]
        new.row = list(self.row)
        new.draft = _copy_draft(self.draft)
        self.clone_solo(new)
        return new

    def full_state(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "empires": self.emp, "round": self.round, "phase": self.phase,
            "first": self.first, "turn": self.turn, "turn_done": self.turn_done,
            "producing": self.producing,
            "passed": self.passed, "finished": self.finished, "vp": self.vp,
            "common_deck": self.common_deck, "common_discard": self.common_discard,
            "fdeck": self.fdeck, "fdiscard": self.fdiscard, "captures": self.captures,
            "info": {str(k): v for k, v in sorted(self.info.items())},
            "gate": {str(k): v for k, v in sorted(self.gate.items())},
            "pending": [_jsonable(p) for p in self.pending], "row": self.row,
            "draft": _jsonable(self.draft),
        }
        for name in _LIST_FIELDS:
            data[name] = getattr(self, name)
        data.update(self.solo_full_state())
        return _jsonable(data)

    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot see: other hands (except cards all saw taken in the
        open lookout), the decks' order, other players' private picks."""
        n = self.players
        common_pool = list(self.common_deck)
        empire_pool: dict[str, list[int]] = {e: list(p) for e, p in self.fdeck.items()}
        hidden_slots: list[tuple[list[int], int]] = []
        for other in range(n):
            if other == seat:
                continue
            hand = self.hand[other]
            known = set(self.known[other])
            for i, cid in enumerate(hand):
                if cid in known:
                    continue
                hidden_slots.append((hand, i))
                if self.cards[cid].common:
                    common_pool.append(cid)
                else:
                    empire_pool[self.cards[cid].deck].append(cid)
            # face-down cards: foundations laid from the hand («Святилище»), under the «Врата»
            for pile in [self.fnd[other]] + [self.gate[g] for g in sorted(self.gate)
                                             if g in self.locs[other]]:
                hidden = self.fnd_hidden[other] if pile is self.fnd[other] else pile
                for i, cid in enumerate(pile):
                    if cid in hidden:
                        hidden_slots.append((pile, i))
                        if self.cards[cid].common:
                            common_pool.append(cid)
                        else:
                            empire_pool[self.cards[cid].deck].append(cid)
        for p in self.pending:  # a private pick of empire cards («выбор из двух»)
            if p["kind"] == "empire_pick" and p["seat"] != seat:
                for opt in p["options"]:
                    empire_pool[self.emp[p["seat"]]].append(opt[0])
        self.redraw_alt(seat, common_pool)
        common_pool.sort()        # pools sorted first: the result depends on the seed only
        rng.shuffle(common_pool)
        for empire in sorted(empire_pool):
            empire_pool[empire].sort()
            rng.shuffle(empire_pool[empire])
        for other in range(n):   # which foundations are face down is public; keep that
            if other != seat:
                self.fnd_hidden[other] = [i for i, c in enumerate(self.fnd[other])
                                          if c in self.fnd_hidden[other]]
        for hand, i in hidden_slots:
            if self.cards[hand[i]].common:
                hand[i] = common_pool.pop()
            else:
                hand[i] = empire_pool[self.cards[hand[i]].deck].pop()
        for other in range(n):
            if other != seat:
                self.fnd_hidden[other] = [self.fnd[other][i] for i in self.fnd_hidden[other]]
        for p in self.pending:
            if p["kind"] == "empire_pick" and p["seat"] != seat:
                pool = empire_pool[self.emp[p["seat"]]]
                p["options"] = [(pool.pop(),) for _ in p["options"]]
        self.refill_alt(seat, common_pool)
        self.common_deck = common_pool
        self.fdeck = empire_pool


def _copy_draft(draft: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in draft.items():
        if isinstance(v, list):
            out[k] = [list(x) if isinstance(x, list) else x for x in v]
        else:
            out[k] = v
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def card_census(st: ImperialState) -> list[int]:
    """Every card of the game, wherever it is (decks, discards, rows, hands, tableaux, deals,
    under gates, pending picks): the invariant checks count each exactly once."""
    cards = list(st.common_deck) + st.common_discard + st.row + st.virtual + st.trophies
    for e in st.emp:
        cards += st.fdeck[e] + st.fdiscard[e]
    for i in range(st.players):
        cards += st.hand[i] + st.locs[i] + st.fnd[i] + st.deals[i]
    for under in st.gate.values():
        cards += under
    for p in st.pending:
        if p["kind"] == "empire_pick":
            cards += [o[0] for o in p["options"]]
    if st.draft.get("mode") == "alt":
        for offer in st.draft["offer"]:
            cards += offer
    return cards
