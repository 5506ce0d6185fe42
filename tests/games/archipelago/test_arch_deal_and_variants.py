"""The deal of the trend and objective cards after turn 0 (archipelago.ru.txt L143-159), the
2-player objectives with «Больше остроты» and «Никаких секретов между друзьями» (L1014, L1033,
L1045), «Больше контроля» with «Выбрать тренд» (L1041, L1049), the inhabitant's shore with the
desert start (L725, L1027) and the Spy with 2 players (L1454)."""

from __future__ import annotations

import json

import pytest
from arch_scenario import after_turn_zero, card_table, give_card, legal, new_game, set_money, touch

from settlers.core import IllegalAction, InvalidOption
from settlers.games.archipelago import board, heuristic, invariants, setup
from settlers.games.archipelago.actions import ChooseShores, Pick, UseCard
from settlers.games.archipelago.state import REGION, SHIP, SHORE


def trend_ids(state):
    return [state.content.trends[t]["id"] for t in state.trends]


def play_turn_zero(state):
    """Turn 0 with the first legal choice each time, up to the deal (the last choose_cubes)."""
    while state.phase == "start" and state.step != "keep_objective":
        seat = state.to_act[0]
        state.apply(seat, legal(state, seat)[0])


def rejected(state, seat, action):
    """``action`` raises IllegalAction and leaves the state as it was."""
    before = state.digest()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.digest() == before


# ---------------------------------------------------------------- L725 with L1027
def desert_strait():
    """A desert-start game whose first player can lay a strait region in turn 0."""
    for seed in range(60):
        state = new_game(3, seed, desert_start=True)
        seat = state.to_act[0]
        c = state.content
        straits = [h for h in range(len(c.hexes)) if any(f.strait for f in c.hexes[h])
                   and all(h not in state.hands[s] for s in range(3) if s != seat)]
        state.hands[seat] = sorted(straits)
        state.stack = [x for x in state.stack if x[0] not in straits]
        touch(state)
        moves = [a for a in legal(state) if a.kind == "place_region"
                 and c.hexes[a.hex][a.side].strait]
        if moves:
            return state, seat, moves[0]
    raise AssertionError("no strait region can be laid in turn 0")


def test_desert_start_the_inhabitant_chooses_its_shore_on_a_strait():
    """L1027 «Разыграйте нулевой ход так же, как и в игре с началом в открытом море. Выложив
    свой первый гекс, каждый игрок передвигает одного из своих двоих жителей в новый открытый
    регион» and L725 «При открытии архипелага во время нулевого хода вы можете поместить своих
    жителей на любой из берегов»: the one inhabitant who walks in chooses its shore."""
    state, seat, move = desert_strait()
    state.apply(seat, move)
    assert state.step == "choose_shores"
    assert set(legal(state)) == {ChooseShores((0,)), ChooseShores((1,))}
    rejected(state, seat, ChooseShores((0, 1)))        # one inhabitant, not two
    k = state.ctx["region"]
    # the shore the edge facing the desert belongs to is not forced: the other one is allowed
    other = 1 - board.shore_towards(state, k, 0)
    state.apply(seat, ChooseShores((other,)))
    mine = [u for u in state.units if u[0] == seat and not u[SHIP] and u[REGION] == k]
    assert len(mine) == 1 and mine[0][SHORE] == other
    assert state.step == "choose_cubes"
    assert sum(1 for u in state.units if u[0] == seat and u[REGION] == 0) == 1


