"""The conformance checks every registered game passes for free.

``run_playout`` plays a seeded game with uniformly random legal actions and, after every step,
checks the protocol's promises: clones equal and independent, every legal action round-trips
through JSON and passes ``illegal_reason``, illegal and malformed input is refused with the
state untouched, views are JSON and leak nothing (a determinization from a seat's point of view
looks the same to that seat), legal actions depend only on what the seat sees, the game never
gets stuck; at every step whose views are checked, the game's own invariants hold
(``Game.invariants``: ``settlers.core.invariants``). ``check_finished`` then checks replay,
save/load, the invariants and that the scores equal those recomputed from the state.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from settlers.core import (
    Action,
    CorruptSave,
    Game,
    GameState,
    IllegalAction,
    MalformedAction,
    load_state,
    save,
)
from settlers.core.i18n import LANGUAGES
from settlers.core.invariants import invariant_problems


class ConformanceError(AssertionError):
    pass


def _fail(state: GameState, what: str) -> None:
    raise ConformanceError(
        f"{state.game.id} players={state.players} seed={state.seed} options={state.options} "
        f"step={state.version}: {what}"
    )


def _snapshot(state: GameState) -> tuple[Any, ...]:
    return (state.version, len(state.log), state.rng.getstate(), state.full_state())


def check_untouched(state: GameState, before: tuple[Any, ...], what: str) -> None:
    if _snapshot(state) != before:
        _fail(state, f"{what} changed the state")


def _expect_illegal(state: GameState, seat: Any, action: Any, what: str) -> None:
    before = _snapshot(state)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        if not exc.message("ru") or not exc.message("en"):
            _fail(state, f"{what}: empty message")
    else:
        _fail(state, f"{what} was accepted")
    check_untouched(state, before, what)


def _mutations(action: Action) -> list[Action]:
    """Variants of ``action`` with one field changed to an unlikely value."""
    out: list[Action] = []
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if type(value) is int:
            candidates: list[Any] = [value + 1, -1, 10**6]
        elif type(value) is str:
            candidates = [value + "?", ""]
        elif type(value) is bool:
            candidates = [not value]
        elif isinstance(value, tuple):
            candidates = [(), value + value[:1]] if value else [(0,)]
        else:
            continue
        for candidate in candidates:
            try:
                out.append(dataclasses.replace(action, **{f.name: candidate}))
            except (TypeError, ValueError):
                continue
    return out


def check_actions_roundtrip(state: GameState, seat: int, actions: list[Action]) -> None:
    game = state.game
    for action in actions:
        data = action.to_json()
        text = json.dumps(data)
        if game.action_from_json(data) != action or game.action_from_json(text) != action:
            _fail(state, f"JSON round trip of {data}")
        if hash(game.action_from_json(text)) != hash(action):
            _fail(state, f"hash of {data} changes through JSON")
        reason = state.illegal_reason(seat, action)
        if reason is not None:
            _fail(state, f"legal action {data} refused by illegal_reason: {reason.message('en')}")


def check_malformed(state: GameState, sample: Action | None) -> None:
    game = state.game
    bad_inputs: list[Any] = ["{not json", "[1, 2]", {"no_type": 1},
                             {"type": "no-such-action-type"}]
    if sample is not None:
        extra = sample.to_json()
        extra["unexpected_field"] = 1
        bad_inputs.append(extra)
    for bad in bad_inputs:
        try:
            game.action_from_json(bad)
        except MalformedAction as exc:
            if not exc.message("en"):
                _fail(state, f"malformed input {bad!r}: empty message")
        else:
            _fail(state, f"malformed input {bad!r} was accepted")


def check_views(state: GameState, rng: random.Random) -> None:
    """Views are JSON; each seat's view (and the spectator's) is the same in a determinization
    from that seat's point of view; legal actions too."""
    before = _snapshot(state)
    to_act = state.to_act
    spectator = state.view(None)
    json.dumps(spectator)
    for seat in range(state.players):
        mine = state.view(seat)
        json.dumps(mine)
        x, y = rng.randrange(2**31), rng.randrange(2**31)
        other = state.determinize(seat, y)
        check_untouched(state, before, "determinize")
        if other.seed != y:
            _fail(state, f"determinize({seat}, seed) keeps the game's seed: every shuffle and roll "
                         f"follows from it, so a world for search must carry its own seed")
        if other.view(seat) != mine:
            _fail(state, f"view of seat {seat} differs in a determinization from its point of "
                         f"view: it shows something hidden, or redraw_hidden changes what "
                         f"it may see")
        if other.view(None) != spectator:
            _fail(state, f"the spectator's view differs in a determinization for seat {seat}")
        if seat in to_act and other.legal_actions(seat) != state.legal_actions(seat):
            _fail(state, f"legal actions of seat {seat} depend on what it cannot see")
        if state.determinize(seat, x).full_state() != other.determinize(seat, x).full_state():
            _fail(state, f"redraw_hidden for seat {seat} depends on hidden information: two "
                         f"states that look the same to the seat determinize differently with "
                         f"one seed (sort each pool of unseen things before shuffling it)")
    check_untouched(state, before, "view/determinize")


_UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_.]*(?:![a-z]+(?::[^}]*)?)?\}")


def check_labels(state: GameState, legal: Mapping[int, list[Action]]) -> None:
    """Every legal action has a label in every language a menu shows it in (the web's and the
    terminal's menus describe each one): a non-empty text with no placeholder left unfilled
    and no catalog key shown for a missing text."""
    before = _snapshot(state)
    for seat, actions in legal.items():
        for action in actions:
            for lang in LANGUAGES:
                try:
                    label = state.describe_action(action, lang)
                except Exception as exc:   # reported with the action that raised it
                    _fail(state, f"describe_action({action.to_json()}, {lang!r}) of seat {seat} "
                                 f"raised {type(exc).__name__}: {exc}")
                if not isinstance(label, str) or not label.strip():
                    _fail(state, f"describe_action({action.to_json()}, {lang!r}) gave {label!r}")
                if _UNFILLED.search(label) or label.startswith(f"{state.game.id}."):
                    _fail(state, f"describe_action({action.to_json()}, {lang!r}) left a "
                                 f"placeholder or a key: {label!r}")
    check_untouched(state, before, "describe_action")


def check_invariants(state: GameState) -> None:
    """The game's own invariants hold (``Game.invariants``), and once it is over its scores
    are those recomputed from the state."""
    found = invariant_problems(state)
    if found:
        _fail(state, "invariant broken: " + "; ".join(found))


def check_step(state: GameState, rng: random.Random, views: bool = True) -> None:
    """The protocol's promises at one step; with ``views`` (the costly part, every
    ``view_check_every``-th step) also the views, the menu labels and the game's invariants."""
    if views:
        check_invariants(state)
    to_act = state.to_act
    if not to_act:
        _fail(state, "the game is not over but nobody is to act")
    clone = state.clone()
    if clone != state:
        _fail(state, "clone differs from the original")
    legal: dict[int, list[Action]] = {}
    for seat in to_act:
        legal[seat] = state.legal_actions(seat)
        if not legal[seat]:
            _fail(state, f"seat {seat} is to act but has no legal action")
        check_actions_roundtrip(state, seat, legal[seat])
    some_seat = to_act[0]
    some_action = rng.choice(legal[some_seat])
    # the clone is independent of the original
    before = _snapshot(state)
    clone.apply(some_seat, some_action)
    check_untouched(state, before, "applying an action to a clone")
    # illegal input
    idle = [s for s in range(state.players) if s not in to_act]
    if idle:
        _expect_illegal(state, rng.choice(idle), some_action, "an action by a seat not to act")
    _expect_illegal(state, state.players, some_action, "an action by a seat out of range")
    _expect_illegal(state, "0", some_action, "a seat that is not an integer")
    _expect_illegal(state, some_seat, object(), "something that is not an action")
    legal_set = set(legal[some_seat])
    for variant in _mutations(some_action):
        if variant not in legal_set:
            _expect_illegal(state, some_seat, variant, f"illegal variant {variant.to_json()}")
    check_malformed(state, some_action)
    if views:
        check_views(state, rng)
        check_labels(state, legal)


def check_finished(game: Game, state: GameState, options: Mapping[str, Any]) -> None:
    if state.to_act != ():
        _fail(state, "the game is over but to_act is not empty")
    check_invariants(state)
    scores = state.scores()
    if len(scores) != state.players:
        _fail(state, "scores() must give one score per seat")
    winners = state.winners()
    # A solo game may be lost to a virtual opponent that is not a seat: no winner then; so
    # may a game everybody loses together (a state saying so with ``collective_loss``).
    nobody_may_win = state.players == 1 or getattr(state, "collective_loss", False)
    if (not winners and not nobody_may_win) or any(not 0 <= w < state.players for w in winners):
        _fail(state, f"bad winners {winners}")
    json.dumps(state.view(None))
    replayed = game.replay(state.players, state.seed, options, state.log)
    if replayed != state:
        _fail(state, "replay differs from the live game")
    again = game.replay(state.players, state.seed, options,
                              [(s, a.to_json()) for s, a in state.log])
    if again != state:
        _fail(state, "replay from JSON differs from the live game")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        save(state, path)
        if load_state(path) != state:
            _fail(state, "save/load round trip differs")
        record = json.loads(path.read_text(encoding="utf-8"))
        record["digest"] = "0" * 64
        path.write_text(json.dumps(record), encoding="utf-8")
        try:
            load_state(path)
        except CorruptSave:
            pass
        else:
            _fail(state, "a save with a wrong digest was accepted")


def run_playout(game: Game, players: int, seed: int, options: Mapping[str, Any] | None = None,
                *, max_steps: int = 20_000, check: bool = True,
                view_check_every: int = 1) -> GameState:
    """Play one seeded random game to the end, checking the protocol at every step."""
    options = dict(options or {})
    state = game.new_state(players, seed, options)
    rng = random.Random(seed * 7919 + players)
    while not state.over:
        if state.version >= max_steps:
            _fail(state, f"the game did not end within {max_steps} steps")
        if check:
            check_step(state, rng, views=state.version % view_check_every == 0)
        to_act = state.to_act
        seat = rng.choice(to_act)
        actions = state.legal_actions(seat)
        if not actions:
            _fail(state, f"seat {seat} is to act but has no legal action")
        state.apply(seat, rng.choice(actions))
    if check:
        check_finished(game, state, options)
        if game.new_state(players, seed, options) != game.new_state(players, seed, options):
            _fail(state, "the same seed gives different games")
    return state
