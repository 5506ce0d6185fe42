"""The state of one game in progress: the contract every game implements.

A game subclasses :class:`GameState` and fills in the rules (``setup``, ``to_act``,
``legal_actions``, ``_apply``, ``over``, ``scores``, ``winners``, ``_view``, ``full_state``,
``redraw_hidden``). Core supplies the rest: checked ``apply`` that leaves the state untouched
on an illegal action, the action log, versions, events for the human-readable log, views,
determinization for bots, equality and digests.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, Self

from settlers.core.actionlog import ActionLog
from settlers.core.actionlog import LogEntry as LogEntry  # re-exported (was defined here)
from settlers.core.actions import Action
from settlers.core.definition import GameDefinition
from settlers.core.errors import IllegalAction
from settlers.core.events import Event
from settlers.core.i18n import translate


class GameState(ABC):
    """Base class of every game's state. See ``docs/protocol.md``. A game that leaves one of
    the abstract rules out cannot be instantiated (TypeError names it)."""

    VIEW_EVENTS = 40  # how many recent events a view carries by default

    def __init__(self, game: GameDefinition, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = random.Random(seed)
        self.log: ActionLog = ActionLog()  # clones share it: ``self.log.share()``
        self.version = 0
        self.events: list[Event] = []
        self.record_events = True

    # ----------------------------------------------------------------- the rules (games)
    @abstractmethod
    def setup(self) -> None:
        """Lay out the game (board, decks, first decisions) using ``self.rng``."""

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that owe a decision now; () when the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it owes no decision).

        The list may be the engine's own kept menu (Archipelago hands it back uncopied): a
        caller reads it and copies it before changing it.
        """

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action (never called with an illegal one)."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def scores(self) -> list[float]:
        """One score per seat, recomputed from the state (hidden points included)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (possibly none in a lost solo game)."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game part of ``view(seat)``: only what ``seat`` may see (None: spectator)."""

    @abstractmethod
    def full_state(self) -> dict[str, Any]:
        """Everything, hidden parts included, as canonical JSON-able data."""

    @abstractmethod
    def redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-draw everything ``seat`` cannot see, consistently with what it has seen."""

    # ------------------------------------------------------------ overridable defaults
    def illegal_reason(self, seat: Any, action: Any) -> IllegalAction | None:
        """Why ``action`` is illegal for ``seat`` now, or None (legal). Public, and may be asked
        about anything, in the order ``check`` raises: no seat or no action of the game
        (``input_refusal``), the game is over, ``seat`` has no decision now, then the game's
        rules (``rule_refusal``, the override)."""
        refusal = self.input_refusal(seat, action)
        if refusal is not None:
            return refusal
        if self.over:
            return IllegalAction("core.game_over")
        to_act = self.to_act
        if seat not in to_act:
            return IllegalAction("core.not_your_turn", seat=seat,   # (named as players: "Player 1"
                                 to_act=list(to_act) or "-")       # is seat 0, in both params)
        return self.rule_refusal(seat, action)

    def rule_refusal(self, seat: int, action: Action) -> IllegalAction | None:
        """Why the rules forbid ``action`` to ``seat`` now, or None: asked by ``illegal_reason``
        only of a seat to act in a game not over, with an action of the game. Override for
        speed/wording (offers a menu does not list, a refusal naming the rule)."""
        if action in self.legal_actions(seat):
            return None
        return IllegalAction("core.not_legal_now", action=action.to_json_text())

    def clone(self) -> Self:
        """A deep copy, but for the append-only action log, which the copy shares."""
        return copy.deepcopy(self, self._shared_in_copies())

    def _shared_in_copies(self) -> dict[int, Any]:
        """``deepcopy`` memo entries for the default ``clone``: the log is shared."""
        log = self.log
        return {id(log): log.share() if isinstance(log, ActionLog) else list(log)}

    def evaluate(self, seat: int) -> float:
        """Heuristic worth of the state for ``seat`` (higher is better), for bots."""
        self.check_seat(seat)
        scores = self.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        return float(scores[seat] - (max(others) if others else 0.0))

    def score_breakdown(self) -> list[dict[str, int]] | None:
        """Each seat's points by the rulebook's scoring categories (catalog key -> points,
        summing to ``scores()``), or None if the game gives none. Shown when the game ends."""
        return None

    def own_score(self, seat: int) -> float | None:
        """``seat``'s score as that seat can count it from what it sees (the RL environments'
        shaped reward pays its changes): by default its part of ``scores()`` — one's own
        hidden points are known to oneself —; None where it depends on what the others hide
        (then no shaping is paid: a reward must not tell a learner what it cannot see)."""
        self.check_seat(seat)
        return self.scores()[seat]

    def public_scores(self) -> list[float] | None:
        """The scores as everybody can see them during the game (e.g. without hidden victory
        point cards), or None if the game shows none. Views carry them until the game ends,
        then the final ``scores()``."""
        return None

    def rule_of_thumb(self, seat: int) -> Action | None:
        """An action the rules themselves ask a sensible player to take now, or None.

        For decisions whose right answer is written in the rulebook rather than found by
        search — e.g. agreeing to end the game exactly when one can no longer score. Bots
        take it when offered; people are free to choose.
        """
        self.check_seat(seat)
        return None

    def render(self, seat: int | None, lang: str) -> str:
        """The board as text for the terminal (Rich markup allowed), as ``seat`` sees it (None:
        a spectator)."""
        self.check_viewer(seat)
        return json.dumps(self._view(seat), ensure_ascii=False, indent=1)

    def decision_text(self, seat: int, lang: str) -> str:
        """What ``seat`` is deciding now, in words — the web status's «Ваш ход — …» and the
        terminal's prompt; '' when it owes no decision or the game says nothing more than
        whose move it is. A display aid, no part of the rules: a game words the decision in
        ``decision_words``, asked only of a seat that is to act."""
        self.check_seat(seat)
        if seat not in self.to_act:
            return ""
        return self.decision_words(seat, lang)

    def decision_words(self, seat: int, lang: str) -> str:
        """The game's words for the decision ``seat`` (one of ``to_act``) owes now; '' (the
        default) says nothing more than whose move it is."""
        return ""

    def menu_group(self, action: Action, lang: str) -> tuple[str, str, str] | None:
        """For the terminal's long menus, a choice in two steps: the heading ``action`` is
        listed under in the first menu, the title of that heading's own menu, and the
        action's label there; None (the default) lists the action as it is."""
        self.check_action(action)
        return None

    def outcome_text(self, lang: str) -> str:
        """How a finished game ended, in words, when the game says more than its scores and
        winners (e.g. everybody lost together); '' (the default) otherwise."""
        return ""

    def describe_action(self, action: Action, lang: str) -> str:
        """A menu label for ``action`` in human words."""
        self.check_action(action)
        key = f"{self.game.id}.action.{action.kind}"
        params = {k: v for k, v in action.to_json().items() if k != "type"}
        text = translate(key, lang, **params)
        return action.to_json_text() if text.startswith(key) else text

    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        """The log entry of ``actor``'s ``action`` as ``viewer`` may see it."""
        self.check_redacted(actor, action, viewer)
        return action.to_json()

    def check_redacted(self, actor: Any, action: Any, viewer: Any) -> None:
        """The checks of ``redact_action``: ``actor`` a seat, ``action`` an action of the
        game, ``viewer`` a seat or None."""
        self.check_seat(actor)
        self.check_action(action)
        self.check_viewer(viewer)

    # ---------------------------------------------------------------- core machinery
    def apply(self, seat: int, action: Action, check: bool = True) -> None:
        """Apply ``action`` for ``seat``; on IllegalAction the state is untouched."""
        if check:
            self.check(seat, action)
        self._apply(seat, action)
        log = self.log
        try:   # ActionLog.record, inlined: two appends, no tuple per entry
            log._seats.append(seat)
        except AttributeError:   # a game whose clone keeps the log as a plain list
            log.append((seat, action))
        else:
            log._actions.append(action)
        self.version += 1

    def apply_log(self, log: Iterable[tuple[int, Any]], check: bool = True) -> None:
        """Apply a recorded log in order; entries may be Actions or their JSON forms."""
        for seat, action in log:
            if not isinstance(action, Action):
                action = self.game.action_from_json(action)
            self.apply(seat, action, check=check)

    def initial(self) -> Self:
        """A new state of the same game, players, seed and options, before any action."""
        start = type(self)(self.game, self.players, self.seed, dict(self.options))
        start.setup()
        return start

    def check(self, seat: Any, action: Any) -> None:
        """Raise IllegalAction naming what is wrong, or return if ``action`` is legal."""
        reason = self.illegal_reason(seat, action)
        if reason is not None:
            raise reason

    def input_refusal(self, seat: Any, action: Any) -> IllegalAction | None:
        """Why ``seat`` is no seat of this game or ``action`` no action of it, or None: a seat
        is an int in 0..players-1 (not ``0.0`` or ``True``, which compare equal to seats)."""
        refusal = self.seat_refusal(seat)
        if refusal is not None:
            return refusal
        if not isinstance(action, Action) or type(action) not in self.game.action_types:
            return IllegalAction("core.not_an_action", value=_shown(action, 80), game=self.game.label())
        bad = self.game.bad_field(action)
        return None if bad is None else IllegalAction("core.action_bad_field", **bad)

    # ------------------------------------------ the checks of the public per-seat methods
    # Every public method that takes a seat (or a viewer, or an action) starts with one of
    # these, so that a direct call from Python with what is no seat of the table is refused
    # by name instead of failing deep inside (IndexError) or answering for seat 0 (``0.0``,
    # ``False``). ``apply`` checks through ``input_refusal``; ``legal_actions``, on the path
    # every simulation step takes, checks where a game can do it for free (``no_actions``).
    def seat_refusal(self, seat: Any) -> IllegalAction | None:
        """Why ``seat`` is no seat of this game (an int in 0..players-1), or None."""
        if type(seat) is not int or not 0 <= seat < self.players:
            return IllegalAction("core.bad_seat", seat=_shown(seat), last=self.players - 1)
        return None

    def check_seat(self, seat: Any) -> None:
        """Raise IllegalAction (core.bad_seat) if ``seat`` is no seat of this game."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction("core.bad_seat", seat=_shown(seat), last=self.players - 1)

    def check_viewer(self, viewer: Any) -> None:
        """Raise IllegalAction (core.bad_viewer) unless ``viewer`` is a seat or None (a
        spectator): who a view, a rendering or a log entry is for."""
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < self.players):
            raise IllegalAction("core.bad_viewer", seat=_shown(viewer), last=self.players - 1)

    def check_action(self, action: Any) -> None:
        """Raise IllegalAction (core.not_an_action) if ``action`` is no action of this game
        (for the methods that describe an action rather than take it: its fields are not
        checked, ``input_refusal`` does that before one is applied)."""
        if type(action) not in self.game.action_types:
            raise IllegalAction("core.not_an_action", value=_shown(action, 80), game=self.game.label())

    def no_actions(self, seat: Any) -> list[Action]:
        """``legal_actions`` for a seat that owes no decision now: [] — or IllegalAction if
        ``seat`` is no seat at all. A game's ``legal_actions`` returns this on its way out for
        a seat that does not act, and checks ``type(seat) is int`` where the seat does (0.0
        and True equal seats 0 and 1): so the check costs nothing on the simulation's path."""
        self.check_seat(seat)
        return []

    def emit(self, key: str, visible_to: Sequence[int] | None = None,
             hidden_from: Sequence[int] = (), **params: Any) -> None:
        """Add a line to the human-readable log (``visible_to`` None: everyone; never shown to
        the seats in ``hidden_from`` — spectators see it)."""
        if self.record_events:
            self.events.append(Event(len(self.events), key, params,
                                     None if visible_to is None else tuple(visible_to),
                                     tuple(hidden_from)))

    def visible_events(self, seat: int | None, since: int = 0) -> list[Event]:
        self.check_viewer(seat)
        return [e for e in self.events[since:] if e.visible(seat)]

    def view(self, seat: int | None = None, *, events_since: int | None = None,
             lang: str | None = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-serialisable data.

        Events: the last ``VIEW_EVENTS`` visible ones, or all from ``events_since`` on; with
        ``lang`` each event carries its rendered ``text`` too.
        """
        self.check_viewer(seat)
        if events_since is None:
            events = self.visible_events(seat)[-self.VIEW_EVENTS:]
        else:
            events = self.visible_events(seat, events_since)
        over = self.over
        return {
            "game": self.game.id,
            "players": self.players,
            "seat": seat,
            "to_act": list(self.to_act),
            "over": over,
            "version": self.version,
            "scores": list(self.scores()) if over else self.public_scores(),
            "winners": list(self.winners()) if over else None,
            "events": [e.to_json(lang) for e in events],
            "state": self._view(seat),
        }

    def determinize(self, seat: int, seed: int) -> Self:
        """A clone in which everything ``seat`` cannot see is re-drawn (and future chance is
        drawn from a new RNG seeded with ``seed``), for search by bots."""
        self.check_seat(seat)
        rng = random.Random(seed)
        if type(self).clone is GameState.clone:  # the default deep copy: skip copying the old rng
            memo = self._shared_in_copies()
            memo[id(self.rng)] = rng
            clone = copy.deepcopy(self, memo)
        else:
            clone = self.clone()
            clone.rng = rng
        clone.events = [e for e in clone.events if e.known_to(seat)]
        clone.seed = seed   # the game's seed is a secret: every shuffle and roll follows from it
        clone.redraw_hidden(seat, clone.rng)
        return clone

    def log_json(self, viewer: int | None = None, redact: bool = False) -> list[list[Any]]:
        """The log as JSON; with ``redact`` each entry as ``viewer`` may see it."""
        self.check_viewer(viewer)
        if not redact:
            return [[s, a.to_json()] for s, a in self.log]
        return [[s, self.redact_action(s, a, viewer)] for s, a in self.log]

    def digest(self) -> str:
        """A fingerprint of the whole state (hidden parts and the RNG included)."""
        payload = json.dumps(self.full_state(), sort_keys=True, separators=(",", ":"),
                             ensure_ascii=False, default=_json_default)
        h = hashlib.sha256(payload.encode("utf-8"))
        h.update(repr(self.rng.getstate()).encode("ascii"))
        return h.hexdigest()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.game.id == other.game.id
            and self.players == other.players
            and self.seed == other.seed
            and self.options == other.options
            and self.version == other.version
            and self.log == other.log
            and self.rng.getstate() == other.rng.getstate()
            and self.full_state() == other.full_state()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.id} players={self.players} "
                f"seed={self.seed} version={self.version}>")


def _shown(value: Any, width: int = 40) -> str:
    """``value`` as a refusal quotes it: its repr, cut short (it may be anything)."""
    try:
        text = repr(value)
    except Exception:   # (a repr that fails must not hide the refusal)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width else text[:width - 1] + "…"


def _json_default(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"not JSON-able in full_state: {type(value).__name__}")
