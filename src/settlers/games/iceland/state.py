"""The data of a game of Landnám: its fields, copying and the complete state as JSON.

Data only: no rule lives here. The rules are functions in the modules named after the
rulebook's parts (``harvest.py``, ``althing.py``, ``movement.py``, ``exploration.py``,
``trade.py``, ``building.py``, ``scoring.py``), the turn sequence that ties them together is
``turn.py`` and ``protocol.py`` answers the platform's ``GameState`` contract with them.
"""

from __future__ import annotations

import random
from typing import Any

from settlers.core import GameState
from settlers.games.iceland.board import Board
from settlers.games.iceland.content import Content

# the phases of a turn (``state.phase``); ``turn.py`` says who acts in each
ROLL, HARVEST_FATE, AGE, ALTHING = "roll", "harvest_fate", "age", "althing"
MOVE, CHOOSE_NUMBER, RETREAT = "move", "choose_number", "retreat"
BUILD, OFFER, OVER = "build", "offer", "over"

# mutable containers copied by clone(); everything else is immutable or shared
_LISTS = ("terrain", "number", "harbour", "occupant", "house_owner", "house_level", "pos",
          "terrain_pool", "harbour_pool", "bank", "white", "red_won", "black", "deck",
          "discard", "first_turn", "age_choices", "events")
_NESTED = ("hands", "fate", "fate_public", "pending")


class IcelandState(GameState):
    """Every field of a game; ``setup.setup`` fills them in."""

    c: Content
    b: Board
    # the island: per position (board hex id)
    terrain: list[int]          # terrain code, UNKNOWN (-1) until explored
    number: list[int]           # number token, 0 for none
    harbour: list[int]          # harbour resource, -1 for none
    occupant: list[int]         # piece on the position, -1 for none
    # per corner
    house_owner: list[int]      # seat, -1 for none
    house_level: list[int]      # 1 farm, 2 town
    pos: list[int]              # per piece: position, OUTER (-1), SUPPLY (-2) or LOST (-3)
    # supplies
    terrain_pool: list[int]
    number_pool: dict[int, int]
    harbour_pool: list[int]
    bank: list[int]             # resource cards per resource
    deck: list[str]             # fate deck, top last
    discard: list[str]
    # players
    hands: list[list[int]]      # resource cards per seat and resource
    fate: list[list[str]]       # fate cards per seat (sorted)
    fate_public: list[list[str]]  # the starting card, drawn in the open, until played
    white: list[int]
    red_won: list[int]
    black: list[int]
    red_tokens: dict[int, list[int]]  # outlawed piece -> the seats whose tokens lie next to it
    # the turn
    current: int
    turn: int
    first_turn: list[bool]
    phase: str
    dice: tuple[int, int] | None
    al: dict[str, Any] | None   # the Althing in progress (see althing.py)
    finished: bool

    def reset_turn(self) -> None:
        """The per-turn fields, as they are at the start of every turn."""
        self.mv_piece: int | None = None
        self.mv_steps = self.c.movement_steps
        self.mv_taken = 0
        self.mv_wind = False
        self.mv_blocked: tuple[int, int] | None = None
        self.retreat: tuple[int, int] | None = None
        self.exploring: tuple[int, int] | None = None
        self.age_choices: list[int] = []
        self.pending: list[list[int | str]] = []
        self.built: dict[str, int] = {}
        self.offer: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None
        self.offers_made = 0

    # ------------------------------------------------------------------ as JSON
    def public_data(self) -> dict[str, Any]:
        """Everything on the table that every seat sees (the Althing aside)."""
        c = self.c
        out: dict[str, Any] = {
            "board": {
                "terrain": [c.terrains[t] if t >= 0 else None for t in self.terrain],
                "number": list(self.number),
                "harbour": [c.resources[r] if r >= 0 else None for r in self.harbour],
                "occupant": list(self.occupant),
                "houses": [[corner, self.house_owner[corner], self.house_level[corner]]
                           for corner in range(self.b.corner_count)
                           if self.house_owner[corner] >= 0],
                "pieces": list(self.pos),
                "red_tokens": {str(p): list(v) for p, v in sorted(self.red_tokens.items())},
            },
            "supply": {
                "terrain": {c.terrains[t]: n for t, n in enumerate(self.terrain_pool)},
                "numbers": {str(k): v for k, v in sorted(self.number_pool.items())},
                "harbours": {c.resources[r]: n for r, n in enumerate(self.harbour_pool)},
                "fate_deck": len(self.deck),
                "fate_discard": list(self.discard),
            },
            "players": [
                {
                    "cards": sum(self.hands[seat]),
                    "fate_cards": len(self.fate[seat]),
                    "fate_known": list(self.fate_public[seat]),
                    "white": self.white[seat], "red": self.red_won[seat],
                    "black": self.black[seat],
                }
                for seat in range(self.players)
            ],
            "current": self.current,
            "turn": self.turn,
            "phase": self.phase,
            "dice": list(self.dice) if self.dice else None,
            "movement": {
                "piece": self.mv_piece, "steps_left": self.mv_steps,
                "steps_taken": self.mv_taken, "fair_wind": self.mv_wind,
                "blocked": list(self.mv_blocked) if self.mv_blocked else None,
                "first_turn": self.first_turn[self.current],
            },
            "retreat": list(self.retreat) if self.retreat else None,
            "exploring": list(self.exploring) if self.exploring else None,
            "age_choices": list(self.age_choices),
            "pending_builds": [list(b) for b in self.pending],
            "offer": ({"to": self.offer[0], "give": list(self.offer[1]),
                       "get": list(self.offer[2])} if self.offer else None),
            "offers_made": self.offers_made,
        }
        if c.renamed:   # the keys of the names a user's files give (content.Content.key)
            out["names"] = dict(c.renamed)
        return out

    def althing_data(self) -> dict[str, Any] | None:
        """The Althing in progress, the secret window choices left out."""
        al = self.al
        if al is None:
            return None
        out = {k: v for k, v in al.items() if k != "window"}
        out["case"] = None if al["case"] is None else {
            k: (list(v) if isinstance(v, list) else v) for k, v in al["case"].items()}
        w = al["window"]
        out["window"] = None if w is None else {
            "seats": list(w["seats"]),
            "answered": [x for x in w["seats"] if str(x) in w["choices"]]}
        return out

    def full_state(self) -> dict[str, Any]:
        out = self.public_data()
        out["althing"] = self.althing_data()
        if out["althing"] is not None and out["althing"]["window"] is not None:
            choices = self.al["window"]["choices"]  # type: ignore[index]
            out["althing"]["window"]["choices"] = dict(sorted(choices.items()))
        out["hands"] = [list(h) for h in self.hands]
        out["fate"] = [list(f) for f in self.fate]
        out["bank"] = list(self.bank)
        out["deck"] = list(self.deck)
        out["built"] = dict(sorted(self.built.items()))
        out["first_turn"] = list(self.first_turn)
        out["finished"] = self.finished
        return out

    # ------------------------------------------------------------------ speed
    def __getstate__(self) -> dict[str, Any]:
        """Pickles leave out the build frame (``build_frame.py``): a cache of what the board
        says, made again when next asked for."""
        state = self.__dict__.copy()
        state.pop("_build_frame", None)
        return state

    def clone(self) -> IcelandState:
        new = self._copy()
        rng = random.Random.__new__(random.Random)  # no seeding from the OS: the state follows
        rng.setstate(self.rng.getstate())
        new.rng = rng
        return new

    def determinize(self, seat: int, seed: int) -> IcelandState:
        """As ``GameState.determinize`` (same result), without the two copies it throws away:
        the RNG state (replaced by ``Random(seed)`` at once) and the events of other seats."""
        self.check_seat(seat)
        new = self._copy(events=False)
        new.rng = random.Random(seed)
        new.events = [e for e in self.events if e.known_to(seat)]
        new.seed = seed   # the game's seed is a secret (it orders the decks and every roll)
        new.redraw_hidden(seat, new.rng)
        return new

    def _copy(self, events: bool = True) -> IcelandState:
        """A copy of every field but ``rng`` (shared until the caller replaces it): the
        mutable containers are copied, content, board and immutable values are shared."""
        new = object.__new__(type(self))
        d = dict(self.__dict__)
        if not events:
            d["events"] = []
        for name in _LISTS:
            d[name] = list(d[name])
        d["log"] = self.log.share()  # append-only: shared, not copied (core/actionlog.py)
        for name in _NESTED:
            d[name] = [list(x) for x in d[name]]
        d["number_pool"] = dict(d["number_pool"])
        d["red_tokens"] = {k: list(v) for k, v in d["red_tokens"].items()}
        d["built"] = dict(d["built"])
        if d["al"] is not None:
            d["al"] = _copy_tree(d["al"])
        new.__dict__.update(d)
        return new


def _copy_tree(value: Any) -> Any:
    """A deep copy of the Althing's JSON-like record (dicts and lists of numbers, strings and
    tuples of them; no object appears twice in it), several times cheaper than deepcopy."""
    if type(value) is dict:
        return {k: _copy_tree(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy_tree(v) for v in value]
    return value
