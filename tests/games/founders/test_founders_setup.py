"""«Подготовка к игре»: prize tiles, the nature draft, the first two tiles, the market rows."""

from __future__ import annotations

import pytest
from founders_scenario import new_game, past_setup

from settlers.core import IllegalAction
from settlers.games.founders.actions import DraftPick, FoundState
from settlers.games.founders.board import cell_of
from settlers.games.founders.content import NATURE
from settlers.testing.refusals import refused


@pytest.mark.parametrize(("players", "open_prizes"), [(2, 8), (3, 12), (4, 12)])
def test_prize_tiles_opened_by_player_count(players, open_prizes):
    """«Если вы играете вдвоём, откройте из красной стопки 8 квадратов; если троём или
    четвером — 12 квадратов ... Остальные призовые квадраты уберите в коробку»."""
    state = new_game(players, 3)
    assert len(state.prizes) == open_prizes
    assert len(state.prize_box) == 25 - open_prizes
    view = state.view(0)["state"]
    assert len(view["prizes"]) == open_prizes
    assert view["prize_box"] == 25 - open_prizes  # only the count: they stay unseen


@pytest.mark.parametrize(("players", "revealed"), [(2, 5), (3, 7), (4, 9)])
def test_nature_draft_size_and_snake_order(players, revealed):
    """«открывает из зелёной стопки квадраты (5 ... вдвоём, 7 ... троём и 9 ... четвером)»;
    each takes one clockwise from the first; «Когда последний игрок взял квадрат, он берёт ещё
    один ..., затем все остальные ... в обратном порядке (заканчивая первым игроком)»."""
    state = new_game(players, 11)
    assert len(state.draft_pool) == revealed
    first = state.first
    expected = [(first + i) % players for i in range(players)]
    expected += expected[::-1]
    seen = []
    while state.phase == "draft":
        seat = state.to_act[0]
        seen.append(seat)
        pick = state.legal_actions(seat)[0]
        assert isinstance(pick, DraftPick)
        state.apply(seat, pick)
    assert seen == expected
    assert all(len(f) == 2 for f in state.founding)
    assert len(state.draft_pool) == 1  # one nature tile is left over


def test_draft_refuses_a_tile_not_in_the_pool():
    state = new_game(2, 5)
    seat = state.to_act[0]
    outside = state.stacks[NATURE][0]
    assert refused(state, seat, DraftPick(outside)).key == "founders.illegal.not_in_draft"


def test_first_two_tiles_share_a_side():
    """«Каждый игрок кладёт перед собой полученные квадраты ... так, чтобы одна сторона у них
    была общая»: only side-by-side or one behind the other."""
    state = new_game(2, 2)
    while state.phase == "draft":
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    seat = state.to_act[0]
    a, b = state.founding[seat]
    assert set(state.legal_actions(seat)) == {FoundState(a, b, False), FoundState(b, a, False),
                                             FoundState(a, b, True), FoundState(b, a, True)}
    state.apply(seat, FoundState(a, b, True))
    assert state.boards[seat].cells == {cell_of(0, 0): a, cell_of(0, 1): b}
    # b, behind a in the same column, is the unprotected one
    assert state.boards[seat].unprotected() == {cell_of(0, 1)}
    other = state.to_act[0]
    c, _d = state.founding[other]
    with pytest.raises(IllegalAction):
        state.apply(other, FoundState(c, a, False))


def test_market_rows_after_setup():
    """«открывает из зелёной стопки 2 квадрата ..., туда же помещает природный квадрат, который
    остался ... 2 квадрата из синей стопки и 1 квадрат — из фиолетовой»."""
    for players in (2, 3, 4):
        state = new_game(players, 8)
        while state.phase == "draft":
            state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
        leftover = state.draft_pool[0]
        while state.phase == "found":
            state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
        assert [len(r) for r in state.rows] == [3, 2, 1]
        assert leftover in state.rows[0]
        assert state.phase == "reveal" and state.current == state.first
        assert [len(s) for s in state.stacks] == [24 - (2 * players + 1) - 2, 22, 23]


def test_first_player_is_random_and_starts():
    """«Случайным образом определите, кто из игроков будет ходить первым»."""
    firsts = {new_game(4, seed).first for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = past_setup(3, 4)
    assert state.to_act == (state.first,)


def test_masters_are_face_down_and_all_different():
    """«Жетоны мастеров (с чашей на обороте) перемешайте лицом вниз»."""
    state = new_game(2, 1)
    assert sorted(state.master_pool) == list(range(6))
    view = state.view(1)["state"]
    assert view["supply"]["master"] == 6
    assert "master_pool" not in view
