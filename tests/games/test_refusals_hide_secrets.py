"""An illegal action's refusal names nothing its sender cannot see (twelfth pass, i18n).

The words a refusal carries go to the seat that sent the action (the web's ``illegal_action``,
the terminal's prompt). They must be a function of what that seat sees: the other hands'
cards, the face-down decks' order, secret objectives, sealed bids and deals, the seed.

Checked the way tests/bots/test_no_peeking.py checks the bots: a state and its ``determinize``
twins for the seat (everything the seat cannot see re-drawn, the seed changed) must refuse the
same near-miss actions of that seat with the same words, in Russian and in English. A text
that named a hidden card, a deck's next tile or the seed would differ between the twins.

Near misses are made from the legal actions of every seat: a number one off, a name swapped
for another name the game uses (another seat's card, a card still in the deck), a list one
shorter or with an entry doubled, a flag turned, another seat's action sent by this one.
"""

from __future__ import annotations

import json
import random
import types
import typing
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from settlers.core import load
from settlers.core.errors import SettlersError

GAMES = ("catan", "iceland", "founders", "imperial", "archipelago")
SEEDS = (1, 2, 3)
CHECKPOINTS = 14         # positions looked at per game, spread over its first MOVES actions
MOVES = 500
PER_SEAT = 60            # near misses per position for a seat to act
PER_WAITING_SEAT = 6     # and for a seat not to act (the engine refuses before looking)
TWINS = (101, 202)


def _leaves(obj: Any, names: set[str], numbers: set[int]) -> None:
    """The names and whole numbers in ``obj`` (a state's JSON: card ids, indexes, counts)."""
    if isinstance(obj, str):
        names.add(obj)
    elif isinstance(obj, int) and not isinstance(obj, bool):
        numbers.add(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            _leaves(key, names, numbers)
            _leaves(value, names, numbers)
    elif isinstance(obj, list | tuple):
        for value in obj:
            _leaves(value, names, numbers)


def _variants(value: Any, names: list[str], rng: random.Random) -> Iterator[Any]:
    """Values near ``value``: one off, another name, a list changed by one entry."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, value - 1, value + 7)
    elif isinstance(value, str):
        yield from rng.sample(names, min(4, len(names)))
    elif isinstance(value, list) and value:
        yield value[:-1]
        yield value + value[:1]
        for i in rng.sample(range(len(value)), min(2, len(value))):
            for near in _variants(value[i], names, rng):
                yield [*value[:i], near, *value[i + 1:]]
                break
    elif isinstance(value, list):
        yield [0]
        if names:
            yield [rng.choice(names)]


def _made_up(tp: Any, names: list[str], rng: random.Random,
             numbers: tuple[int, ...] = ()) -> Any:
    """A value of the field type ``tp`` (``int``, ``str``, ``tuple[int, ...]``, a union)."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return _made_up(rng.choice(args), names, rng, numbers)
    if typing.get_origin(tp) is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return [_made_up(args[0], names, rng, numbers) for _ in range(rng.randrange(1, 4))]
        return [_made_up(a, names, rng, numbers) for a in args]
    if tp is type(None):
        return None
    if tp is bool:
        return rng.random() < 0.5
    if tp is int:
        return rng.choice(numbers) if numbers and rng.random() < 0.5 else rng.randrange(-1, 60)
    if tp is float:
        return rng.random() * 10
    return rng.choice(names) if names else "x"


def made_up_actions(state, names: list[str], numbers: tuple[int, ...],
                    rng: random.Random) -> list[dict[str, Any]]:
    """An action of every kind of the game, its fields drawn from the names the game uses:
    a card played that the seat does not hold, a kind of action not open now."""
    out = []
    for cls in state.game.action_classes:
        hints = typing.get_type_hints(cls)
        for _ in range(2):
            out.append({"type": cls.kind, **{f.name: _made_up(hints[f.name], names, rng, numbers)
                                             for f in fields(cls)}})
    return out


def near_misses(state, seat: int, rng: random.Random, most: int) -> list[dict[str, Any]]:
    """Actions close to the legal ones of every seat, sent by ``seat``."""
    legal: list[dict[str, Any]] = []
    for other in range(state.players):
        legal += [a.to_json() for a in state.legal_actions(other)] if other in state.to_act \
            else []
    names: set[str] = set()
    numbers: set[int] = set()
    _leaves(state.full_state(), names, numbers)   # hidden ones too: another hand's card, the
    _leaves(legal, names, numbers)                # deck's next tile, a card's index
    name_list = sorted(names)
    out: list[dict[str, Any]] = []
    for action in rng.sample(legal, min(20, len(legal))):
        out.append(action)   # as it is: another seat's action, or a legal one of this seat's
        for field, value in action.items():
            if field == "type":
                continue
            for near in _variants(value, name_list, rng):
                out.append({**action, field: near})
    out += made_up_actions(state, name_list, tuple(sorted(n for n in numbers if abs(n) < 10**6)),
                           rng)
    rng.shuffle(out)
    unique = {json.dumps(a, sort_keys=True): a for a in out}
    return list(unique.values())[:most]


def refusal(state, seat: int, action_json: dict[str, Any]) -> tuple[str, ...]:
    """What ``seat`` is told for ``action_json`` (as the web's hub does: decode, apply to a
    clone), in both languages; ("ok",) when the action is taken."""
    try:
        action = state.game.action_from_json(action_json)
        state.clone().apply(seat, action)
    except SettlersError as exc:
        return (exc.key, exc.message("ru"), exc.message("en"))
    except Exception as exc:   # a crash: the web says only "the server failed"
        return ("fault", type(exc).__name__)
    return ("ok",)


def positions(game_id: str, seed: int) -> Iterator[Any]:
    game = load(game_id)
    state = game.new_state(game.max_players, seed=seed)
    rng = random.Random(seed)
    marks = set(rng.sample(range(MOVES), CHECKPOINTS - 1)) | {0}
    for step in range(MOVES):
        if state.over:
            return
        if step in marks:
            yield state
        seat = state.to_act[0]
        options = state.legal_actions(seat)
        state.apply(seat, options[rng.randrange(len(options))])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_refusal_is_the_same_whatever_the_seat_cannot_see(game_id, seed):
    rng = random.Random(seed * 7919)
    leaks: list[str] = []
    tried = refused = 0
    for state in positions(game_id, seed):
        for seat in range(state.players):
            twins = [state.determinize(seat, t) for t in TWINS]
            most = PER_SEAT if seat in state.to_act else PER_WAITING_SEAT
            for action in near_misses(state, seat, rng, most):
                said = refusal(state, seat, action)
                tried += 1
                refused += said[0] != "ok"
                for twin in twins:
                    other = refusal(twin, seat, action)
                    if other != said:
                        leaks.append(f"v{state.version} seat {seat} {json.dumps(action)}:\n"
                                     f"  {said}\n  twin: {other}")
                        break
    assert refused > tried // 3, (tried, refused)   # the near misses are mostly refused
    assert not leaks, "\n".join(leaks[:8]) + f"\n({len(leaks)} in all)"


def leaks_in(game_id: str, seed: int) -> list[str]:
    rng = random.Random(seed * 7919)
    leaks: list[str] = []
    for state in positions(game_id, seed):
        for seat in state.to_act:
            twin = state.determinize(seat, TWINS[0])
            for action in near_misses(state, seat, rng, PER_SEAT):
                if refusal(state, seat, action) != refusal(twin, seat, action):
                    leaks.append(json.dumps(action))
    return leaks


@pytest.mark.parametrize("hidden", ["seed", "deck"])
def test_the_check_catches_a_refusal_that_names_a_secret(monkeypatch, hidden):
    """A refusal that names the seed, or anything of the state the seat cannot see (here: a
    digest of the whole state), is found."""
    game = load("catan")
    honest = game.state_class.illegal_reason

    def peeking(self, seat, action):
        reason = honest(self, seat, action)
        if reason is None:
            return None
        secret = self.seed if hidden == "seed" else \
            hash(json.dumps(self.full_state(), sort_keys=True, default=str)) % 1000
        return type(reason)("catan.test_leak", secret=secret)   # (no catalog text: the key
                                                                # and its params are shown)

    monkeypatch.setattr(game.state_class, "illegal_reason", peeking)
    assert leaks_in("catan", 1)
