"""The deal of the trend and objective cards after turn 0 (archipelago.ru.txt L143-159), the
2-player objectives with «Больше остроты» and «Никаких секретов между друзьями» (L1014, L1033,
L1045), «Больше контроля» with «Выбрать тренд» (L1041, L1049), the inhabitant's shore with the
desert start (L725, L1027) and the Spy with 2 players (L1454)."""

from __future__ import annotations

import pytest
from arch_scenario import card_table, give_card, legal, new_game, set_money, touch

from settlers.core import IllegalAction
from settlers.games.archipelago import board, invariants
from settlers.games.archipelago.actions import ChooseShores, UseCard
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



# ---------------------------------------------------------------- L1454 with L1014
def spy_table(players):
    state = card_table(players, 1)
    give_card(state, 0, "spy")
    set_money(state, 0, 5)
    return state


def test_spy_with_two_players_sees_one_of_the_two_cards():
    """L1454 «Вы можете посмотреть карту цели любого игрока» — one card; with 2 players the
    target holds two (L1014), face down: the spy sees one of them, drawn at random; the view
    never shows the other; a determinized world keeps the card seen with its holder and draws
    the other anew among the cards seat 0 has not seen."""
    shown = set()
    for seed in range(8):
        state = spy_table(2)
        state.rng.seed(seed)
        held = list(state.objectives[1])
        assert len(held) == 2
        state.apply(0, UseCard("spy", (1,)))
        assert len(state.seen[0]) == 1 and state.seen[0][0] in held
        assert invariants.problems(state) == []
        seen = state.seen[0][0]
        other = next(o for o in held if o != seen)
        shown.add(held.index(seen))
        view = state.view(0)["state"]["players"][1]["objectives"]
        assert [o["id"] for o in view] == [state.content.objectives[seen]["id"]]
        assert state.view(1)["state"]["players"][1]["objectives"] and \
            len(state.view(1)["state"]["players"][1]["objectives"]) == 2
        redrawn = set()
        for k in range(16):
            world = state.determinize(0, k)
            assert seen in world.objectives[1] and len(world.objectives[1]) == 2
            new = next(o for o in world.objectives[1] if o != seen)
            assert new not in state.objectives[0]
            redrawn.add(new)
            assert world.seen[0] == [seen]
            assert invariants.problems(world) == []
        assert len(redrawn) > 1 and other in redrawn | set(state.objective_pool)
        # the target does not know which of its cards was seen: drawn anew in its worlds
        picked = {tuple(state.determinize(1, k).seen[0]) for k in range(16)}
        assert picked <= {(o,) for o in held} and len(picked) == 2
    assert shown == {0, 1}


def test_spy_a_second_time_sees_the_other_card():
    state = spy_table(2)
    state.apply(0, UseCard("spy", (1,)))
    first = state.seen[0][0]
    state.owned[0][0][1] = 0          # the card ready again (a later turn)
    state.round = {}
    set_money(state, 0, 5)
    touch(state)
    state.apply(0, UseCard("spy", (1,)))
    assert sorted(state.seen[0]) == sorted(state.objectives[1]) and first in state.seen[0]
    assert len(state.view(0)["state"]["players"][1]["objectives"]) == 2


def test_spy_with_three_players_sees_the_one_card_and_draws_nothing():
    state = spy_table(3)
    rng = state.rng.getstate()
    state.apply(0, UseCard("spy", (2,)))
    assert state.seen[0] == state.objectives[2]
    assert state.rng.getstate() == rng
    assert state.view(0)["state"]["players"][2]["objectives"]
    assert state.view(1)["state"]["players"][2]["objectives"] is None
    world = state.determinize(0, 3)
    assert world.objectives[2] == state.objectives[2]


