"""Build exact Archipelago positions for rule tests: play turn 0 with the first legal choices,
then set the pieces, markers and screens a test needs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from settlers.core import Action
from settlers.games.archipelago import GAME, flow, wheel
from settlers.games.archipelago.actions import Done
from settlers.games.archipelago.content import RESOURCES
from settlers.games.archipelago.protocol import ArchipelagoGame
from settlers.games.archipelago.state import BOX, REGION

R = {name: i for i, name in enumerate(RESOURCES)}


def new_game(players: int = 3, seed: int = 0, **options: Any) -> ArchipelagoGame:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, ArchipelagoGame)
    return state


def after_turn_zero(players: int = 3, seed: int = 0, **options: Any) -> ArchipelagoGame:
    """Turn 0 played with the first legal choice each time: the first bids are due."""
    state = new_game(players, seed, **options)
    while state.phase == "start":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def hear_bribes(state: ArchipelagoGame) -> None:
    """The bids revealed, every other player in turn says ``done`` without a bribe (L260,
    turn_order.start_bribes): the decider is to order the turn."""
    while state.step == "bribes":
        state.apply(state.actor, Done())


def touch(state: ArchipelagoGame) -> None:
    """After a test set the pieces, the step or the actor by hand: nothing kept of the position
    before (the menus, the pieces' facts, who is to act)."""
    state._cache = {}
    flow.keep_to_act(state)


def in_round(players: int = 3, seed: int = 0, seat: int = 0, **options: Any) -> ArchipelagoGame:
    """Turn 1, phase 5: ``seat`` is to play a round with a fresh wheel."""
    state = after_turn_zero(players, seed, **options)
    state.bids = [-1] * state.players
    state.bidders = []
    state.order = [seat] + [s for s in range(players) if s != seat]
    state.turn = 1
    state.rebellion = 0
    flow.start_actions(state)
    touch(state)
    return state


def card_table(players: int = 3, seed: int = 1, empty_screens: bool = False) -> ArchipelagoGame:
    """``in_round``: seat 0 to play a round of turn 1, with no unit on the archipelago and no
    card owned; ``empty_screens``: every cube behind the screens back in the bank."""
    state = in_round(players, seed)
    clear_units(state)
    for s in range(players):
        state.owned[s] = []
        if empty_screens:
            for r in range(len(state.cubes[s])):
                state.bank_cubes[r] += state.cubes[s][r]
                state.cubes[s][r] = 0
    touch(state)
    return state


def legal(state: ArchipelagoGame, seat: int | None = None) -> list[Action]:
    touch(state)
    return state.legal_actions(state.to_act[0] if seat is None else seat)


def kinds(state: ArchipelagoGame, seat: int | None = None) -> set[str]:
    return {a.kind for a in legal(state, seat)}


def place_inhabitants(state: ArchipelagoGame, seat: int, region: int, n: int) -> list[int]:
    """Take ``n`` inhabitants of ``seat`` from the box into ``region`` (population follows)."""
    out = []
    for i, u in enumerate(state.units):
        if len(out) == n:
            break
        if u[0] == seat and not u[1] and u[REGION] == BOX:
            u[REGION] = region
            u[3], u[4], u[5], u[6] = True, False, "", -1
            out.append(i)
    state.population += len(out)
    touch(state)
    return out


def staffed(state: ArchipelagoGame, seat: int, region: int, building: str) -> int:
    """``building`` stands in ``region`` and one inhabitant of ``seat`` placed there works in
    it. Returns the inhabitant."""
    unit = place_inhabitants(state, seat, region, 1)[0]
    state.regions[region]["buildings"][building] = True
    state.units[unit][5] = building
    touch(state)
    return unit


def clear_units(state: ArchipelagoGame) -> None:
    """Every unit back in the box (the population marker follows)."""
    for u in state.units:
        u[REGION], u[3], u[4], u[5], u[6] = BOX, True, False, "", -1
    state.population = 0
    touch(state)


def ship_to(state: ArchipelagoGame, seat: int, region: int) -> int:
    for i, u in enumerate(state.units):
        if u[0] == seat and u[1] and u[REGION] == BOX:
            u[REGION] = region
            u[3], u[4] = True, False
            touch(state)
            return i
    raise AssertionError("no ship left in the box")


def give_cubes(state: ArchipelagoGame, seat: int, **cubes: int) -> None:
    for name, n in cubes.items():
        r = R[name]
        assert state.bank_cubes[r] >= n
        state.bank_cubes[r] -= n
        state.cubes[seat][r] += n
    touch(state)


def set_money(state: ArchipelagoGame, seat: int, amount: int) -> None:
    delta = amount - state.money[seat]
    state.bank_money -= delta
    state.money[seat] = amount
    touch(state)


def set_market(state: ArchipelagoGame, market: int, res: str, n: int) -> None:
    r = R[res]
    state.bank_cubes[r] += state.market[market][r] - n
    state.market[market][r] = n
    touch(state)


def empty_markets(state: ArchipelagoGame, *markets: int) -> None:
    """No cube on these market boards (0: board I, 1: board II; both when none is named)."""
    for market in markets or (0, 1):
        for res in R:
            set_market(state, market, res, 0)


def give_card(state: ArchipelagoGame, seat: int, card_id: str, turn: int = 0) -> int:
    """Move an evolution card (wherever it is) in front of ``seat``."""
    index = state.content.card_index(card_id)
    for s in state.owned:
        for rec in list(s):
            if rec[0] == index:
                s.remove(rec)
    if index in state.deck:
        state.deck.remove(index)
    if index in state.card_discard:
        state.card_discard.remove(index)
    for slot in state.track:
        if slot[0] == index:
            slot[0], slot[1] = -1, 0
    state.owned[seat].append([index, 0, 0, turn])
    touch(state)
    return index


def end_round(state: ArchipelagoGame) -> None:
    wheel.end_round(state, state.actor)


def menu_from_scratch(state: Any, seat: int) -> list[Any]:
    """``seat``'s legal actions computed with none of the kept facts (memo.py): the reference
    the tests of kept and incremental menus compare with."""
    kept = state._cache
    state._cache = {}
    try:
        return list(state.legal_actions(seat))
    finally:
        state._cache = kept


def random_to_step(state: ArchipelagoGame, step: str, rng: random.Random) -> ArchipelagoGame:
    """``state`` moved on by random legal actions of the first seat to act (``rng.choice``)
    until its step is ``step``; returned for chaining."""
    while state.step != step:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def to_turn_limit(players: int = 3, seed: int = 2, max_turns: int = 1) -> ArchipelagoGame:
    """A seeded game played by random legal actions of the first seat to act, with no offers or
    gifts where anything else may be done, to its turn limit (``random.Random(seed)``)."""
    state = new_game(players, seed, max_turns=max_turns)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        state.apply(seat, rng.choice([a for a in acts if a.kind not in ("propose", "gift")]
                                     or acts))
    return state


def played_states(players: int, seed: int, options: dict[str, Any]) -> Iterator[ArchipelagoGame]:
    """The states of a seeded random game, one per action (the state itself, moved on): the
    walk the tests of kept facts compare at every step."""
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.over:
        yield state
        if state.over:   # (the caller may have moved it on)
            break
        seat = rng.choice(state.to_act)
        menu = state.legal_actions(seat)
        state.apply(seat, menu[rng.randrange(len(menu))], check=False)


def afresh(state: Any, read: Any, *args: Any) -> Any:
    """``read(state, *args)`` with none of the kept facts (memo.py)."""
    kept = state._cache
    state._cache = {}
    try:
        return read(state, *args)
    finally:
        state._cache = kept


#: seeded games of the speed rounds' tests: (players, seed, options) — every player count and
#: the option sets that change what the menus read
SPEED_CASES = [
    (2, 3, {}), (3, 5, {"length": "short", "desert_start": True, "more_sharpness": True}),
    (4, 7, {}), (5, 11, {"philanthropist": True, "max_turns": 8}),
    (4, 13, {"length": "long", "no_secrets": True, "more_control": True, "max_turns": 6})]


def fresh_menu(state: Any, seat: int) -> list[Any]:
    """``seat``'s menu read with nothing kept (a clone with its cache emptied)."""
    fresh = state.clone()
    fresh._cache = {}
    return fresh.legal_actions(seat)
