"""A fuzzer of the public per-seat methods of every registered game, called directly from Python
(as researchers do, without ``apply``'s check in front): with what is no seat of the table
(-1, the player count, 99, 0.0, 1.5, True, False, None, "0") and with what is no action of the
game, at the start, in mid-game and (where the game has one) during a decision owed by several
seats at once.

Each call either answers as documented — None is a spectator where a viewer is asked for — or
is refused by the settlers error ``apply`` raises (``IllegalAction``; ``illegal_reason`` returns
it), whose message names the bad argument in Russian and in English. Never a Python error from
deep inside (IndexError, TypeError, KeyError, AttributeError), never an answer for a seat
that is no int (``0.0`` and ``True`` compare equal to seats 0 and 1), and the state is left as
it was (digest and equality with a clone taken before).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import settlers
from settlers.core import GameState, IllegalAction

GAMES = settlers.game_ids()
WHERE = ("start", "mid", "pending")
SEATS = (-1, "players", 99, 0.0, 1.5, True, False, None, "0")
#: the methods that take a viewer: a seat, or None for a spectator
VIEWER_METHODS = ("render", "view", "log_json", "visible_events", "redact_action viewer")


def _players(game_id: str) -> int:
    game = settlers.load(game_id)
    return max(game.min_players, min(3, game.max_players))


@cache
def _position(game_id: str, where: str) -> GameState | None:
    """A state of the game: its start, after up to 60 seeded random actions (the last before
    the end in a shorter game), or the first one of seeded random games in which several seats
    owe a decision at once (None if none comes)."""
    game = settlers.load(game_id)
    for seed in range(4 if where == "pending" else 1):
        state = game.new_state(_players(game_id), seed + 1, {})
        if where == "start":
            return state
        rng = random.Random(seed)
        for _ in range(60 if where == "mid" else 1500):
            if state.over or (where == "pending" and len(state.to_act) > 1):
                break
            seat = rng.choice(state.to_act)
            after = state.clone()
            after.apply(seat, rng.choice(state.legal_actions(seat)))
            if after.over:
                break
            state = after
        if where == "mid" or len(state.to_act) > 1:
            return state
    return None


def _state(game_id: str, where: str) -> GameState:
    state = _position(game_id, where)
    if state is None:
        pytest.skip(f"{game_id}: no decision owed by several seats at once came up")
    return state.clone()


def _a_legal_action(state: GameState) -> Any:
    return state.legal_actions(state.to_act[0])[0]


def _seat_calls(state: GameState) -> dict[str, Callable[[Any], Any]]:
    action = _a_legal_action(state)
    return {
        "legal_actions": lambda s: state.legal_actions(s),
        "illegal_reason": lambda s: state.illegal_reason(s, action),
        "check": lambda s: state.check(s, action),
        "apply": lambda s: state.apply(s, action),
        "own_score": lambda s: state.own_score(s),
        "evaluate": lambda s: state.evaluate(s),
        "rule_of_thumb": lambda s: state.rule_of_thumb(s),
        "decision_text": lambda s: state.decision_text(s, "en"),
        "determinize": lambda s: state.determinize(s, 7),
        "redact_action actor": lambda s: state.redact_action(s, action, None),
        "render": lambda s: state.render(s, "en"),
        "view": lambda s: state.view(s),
        "log_json": lambda s: state.log_json(s, redact=True),
        "visible_events": lambda s: state.visible_events(s),
        "redact_action viewer": lambda s: state.redact_action(state.to_act[0], action, s),
    }


def _foreign_action(game_id: str) -> Any:
    other = next(g for g in GAMES if g != game_id)
    state = settlers.load(other).new_state(_players(other), 1, {})
    return _a_legal_action(state)


def _action_calls(state: GameState) -> dict[str, Callable[[Any], Any]]:
    seat = state.to_act[0]
    return {
        "illegal_reason": lambda a: state.illegal_reason(seat, a),
        "check": lambda a: state.check(seat, a),
        "apply": lambda a: state.apply(seat, a),
        "describe_action": lambda a: state.describe_action(a, "en"),
        "redact_action": lambda a: state.redact_action(seat, a, seat),
    }


def _outcome(call: Callable[[Any], Any], argument: Any) -> tuple[str, Any]:
    """("answer", value) or ("refused", the IllegalAction raised or returned) or ("error",
    the exception of any other kind)."""
    try:
        answer = call(argument)
    except IllegalAction as refusal:
        return "refused", refusal
    except Exception as error:   # the fault this fuzzer looks for
        return "error", error
    if isinstance(answer, IllegalAction):
        return "refused", answer
    return "answer", answer


def _names(refusal: IllegalAction, shown: str, keys: tuple[str, ...]) -> str | None:
    """What is wrong with the refusal (None: it is clear): its key, and the bad argument
    named in both languages, in words of the catalogs."""
    if refusal.key not in keys:
        return f"key {refusal.key}, not one of {keys}"
    ru, en = refusal.message("ru"), refusal.message("en")
    for text in (ru, en):
        if shown not in text or refusal.key in text:
            return f"message {text!r} does not name {shown}"
    if ru == en:
        return "the same words in ru and en"
    return None


def _assert_untouched(state: GameState, before: GameState, digest: str) -> None:
    assert state.digest() == digest
    assert state == before


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("game_id", GAMES)
def test_what_is_no_seat_is_refused_by_name_by_every_per_seat_method(game_id, where):
    state = _state(game_id, where)
    before, digest = state.clone(), state.digest()
    faults = []
    for name, call in _seat_calls(state).items():
        for seat in SEATS:
            if seat == "players":
                seat = state.players
            if seat is None and name in VIEWER_METHODS:
                continue   # a spectator: documented, answered below
            kind, got = _outcome(call, seat)
            if kind != "refused":
                faults.append(f"{name}({seat!r}): {kind} {got!r:.120}")
                continue
            keys = ("core.bad_viewer",) if name in VIEWER_METHODS else ("core.bad_seat",)
            fault = _names(got, repr(seat), keys)
            if fault is not None:
                faults.append(f"{name}({seat!r}): {fault}")
        _assert_untouched(state, before, digest)
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_and_the_spectator_get_the_documented_answers(game_id, where):
    state = _state(game_id, where)
    before, digest = state.clone(), state.digest()
    calls = _seat_calls(state)
    for seat in range(state.players):
        acting = seat in state.to_act
        assert (calls["legal_actions"](seat) != []) == acting
        if not acting:   # a seat that owes no decision now is told so, not refused as no seat
            reason = calls["illegal_reason"](seat)
            assert reason is not None and reason.key != "core.bad_seat"
        for name in ("own_score", "evaluate", "rule_of_thumb", "redact_action actor", "render",
                     "view", "log_json", "visible_events", "redact_action viewer"):
            calls[name](seat)
        calls["determinize"](seat)
    for name in VIEWER_METHODS:
        calls[name](None)
    _assert_untouched(state, before, digest)


@pytest.mark.parametrize("where", ("start", "mid"))
@pytest.mark.parametrize("game_id", GAMES)
def test_what_is_no_action_of_the_game_is_refused_by_name(game_id, where):
    state = _state(game_id, where)
    before, digest = state.clone(), state.digest()
    foreign = _foreign_action(game_id)
    faults = []
    for name, call in _action_calls(state).items():
        for action in (None, 3, "roll", {"type": "roll"}, foreign):
            kind, got = _outcome(call, action)
            if kind != "refused":
                faults.append(f"{name}({action!r}): {kind} {got!r:.120}")
                continue
            fault = _names(got, repr(action)[:30], ("core.not_an_action",))
            if fault is not None:
                faults.append(f"{name}({action!r}): {fault}")
        _assert_untouched(state, before, digest)
    assert not faults, "\n".join(faults)
