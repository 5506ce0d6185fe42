"""The state of a game of Imperial Settlers: data only.

The fields every rules module reads and writes, the copy and the full serialisation. The
rules are functions in the modules named after the rulebook's parts (see README.md); the
protocol class in ``protocol.py`` dispatches the GameState contract to them.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core import GameState
from settlers.games.imperial.content import RA_TOKENS, Card
from settlers.games.imperial.tables import CardTables, tables

_LIST_FIELDS = ("goods", "hand", "locs", "fnd", "fnd_hidden", "deals", "route", "known",
                "stash_w", "deal_known", "hand_seen")
# flat lists of ints or booleans: one copy each
_FLAT_LISTS = ("marks", "vp", "captures", "passed", "common_deck", "common_discard", "row", "virtual",
               "trophies", "attack_deck", "attack_row", "attack_deals", "attack_gone")


class ImperialState(GameState):
    """Fields (set by ``setup.setup``):

    - content: ``cards`` (the card table), ``tables`` (lookup tables derived from it,
      ``tables.CardTables``), ``twins`` (first identical copy of each card),
      ``boards`` (empire boards), ``attack_goods`` (solo attack cards);
    - options: ``solo``, ``peaceful``, ``lookout_variant``; ``emp`` — the empire of each seat;
    - piles: ``common_deck``, ``common_discard``, ``fdeck``/``fdiscard`` per empire, ``row``
      (open lookout cards);
    - per seat: ``goods`` (supply by index, see ``content.SUPPLY_GOODS``), ``vp``, ``hand``,
      ``locs`` (built locations), ``marks`` (what those locations tell of the empire, kept
      with them: ``marks.py``), ``fnd`` (foundations), ``fnd_hidden`` (laid face down),
      ``deals`` (face down: others see only
      their goods), ``deal_known`` (others' deal cards the seat has seen, e.g. one taken from
      it by «Шпионы»), ``route`` («Торговый путь» deals), ``known`` (hand cards all saw taken),
      ``hand_seen`` (cards in others' hands the seat alone has seen: the one it passed in the
      alternative lookout that the next player kept, while it stays in that hand),
      ``stash_w`` (kept on «Склады»), ``captures`` («Храм Ра» left; ``ra_start``: all of them at the start, RA_TOKENS per
      Egyptian seat), ``passed``;
    - per location: ``info[card]`` (marks, see ``content.USED``…), ``gate[card]`` (cards under
      the «Врата»);
    - flow: ``round``, ``phase``, ``producing``, ``first``, ``turn``, ``acted`` (the turn's
      main action is done), ``turn_done``, ``pending`` (sub-decision stack), ``draft`` (lookout bookkeeping), ``finished``;
    - solo: ``virtual`` (the opponent's locations), ``trophies``, ``attack_deck``,
      ``attack_row`` (newest first), ``attacks_left``, ``attack_deals``, ``attack_gone``.
    """

    cards: tuple[Card, ...]
    tables: CardTables
    twins: tuple[int, ...]
    boards: dict[str, dict[str, Any]]
    attack_goods: tuple[str, ...]
    solo: bool
    peaceful: bool
    lookout_variant: str
    emp: list[str]
    common_deck: list[int]
    common_discard: list[int]
    fdeck: dict[str, list[int]]
    fdiscard: dict[str, list[int]]
    goods: list[list[int]]
    vp: list[int]
    hand: list[list[int]]
    locs: list[list[int]]
    marks: list[frozenset[str]]
    fnd: list[list[int]]
    fnd_hidden: list[list[int]]
    deals: list[list[int]]
    deal_known: list[list[int]]
    route: list[list[int]]
    known: list[list[int]]
    hand_seen: list[list[int]]
    stash_w: list[list[int]]
    info: dict[int, list[int]]
    gate: dict[int, list[int]]
    captures: list[int]
    ra_start: int
    passed: list[bool]
    pending: list[dict[str, Any]]
    round: int
    producing: int
    phase: str
    first: int
    turn: int
    acted: bool
    turn_done: bool
    row: list[int]
    draft: dict[str, Any]
    finished: bool
    virtual: list[int]
    trophies: list[int]
    attack_deck: list[int]
    attack_row: list[int]
    attacks_left: int
    attack_deals: list[int]
    attack_gone: list[int]

    def clone(self) -> ImperialState:
        """A copy sharing only what never changes (the content tables, the game, options):
        every list a rule may change is copied, one level deeper for per-seat lists."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        # no seeding from the OS (random.Random() reads os.urandom): the whole state is set
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        d["log"] = self.log.share()  # append-only: shared, not copied (core/actionlog.py)
        d["events"] = self.events[:]
        for name in _LIST_FIELDS:
            d[name] = [x[:] for x in d[name]]
        for name in _FLAT_LISTS:
            d[name] = d[name][:]
        d["info"] = {k: v[:] for k, v in self.info.items()}
        d["gate"] = {k: v[:] for k, v in self.gate.items()}
        d["fdeck"] = {k: v[:] for k, v in self.fdeck.items()}
        d["fdiscard"] = {k: v[:] for k, v in self.fdiscard.items()}
        d["pending"] = [p.copy() for p in self.pending]
        d["draft"] = _copy_draft(self.draft)
        new.__dict__ = d
        return new

    def __getstate__(self) -> dict[str, Any]:
        """Pickles leave the card tables out: they are derived from ``cards`` (and hold
        caches), and are looked up again on loading."""
        state = self.__dict__.copy()
        state.pop("tables", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if "cards" in state:
            self.tables = tables(self.cards)
            if "marks" not in state and "locs" in state:   # pickled before the field
                from settlers.games.imperial.marks import refresh_marks
                refresh_marks(self)
        if "ra_start" not in state and "emp" in state:   # pickled before the field
            self.ra_start = RA_TOKENS * self.emp.count("egyptians")

    def full_state(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "empires": self.emp, "round": self.round, "phase": self.phase,
            "first": self.first, "turn": self.turn, "turn_done": self.turn_done,
            "acted": self.acted,
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
        data.update({"virtual": self.virtual, "trophies": self.trophies,
                     "attack_deck": self.attack_deck, "attack_row": self.attack_row,
                     "attacks_left": self.attacks_left, "attack_deals": self.attack_deals,
                     "attack_gone": self.attack_gone})
        return _jsonable(data)


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
