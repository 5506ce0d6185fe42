"""The sixteenth reading of founders-of-empire.ru.txt: the engine against a referee written from
the rule text alone (``founders_referee.py``), on a seeded sample of games (the sweep of
1,000 random and 200 heuristic games is run outside CI: ``founders_referee_sweep.py``).

At every decision the referee works out who acts and the whole menu of each seat from its own
public table; after every action it checks the new table (tiles, tokens, rows, stacks, box,
hands, points, ending, winners, the view's marks), and every seventh step that no seat's view
shows what lies face down (L37, L43, L216) and that every seat sees all the rest (L68, L154,
L221). Record: docs/audits/2026-12-07-sixteenth-founders-rules.md.
"""

from __future__ import annotations

import pytest
from founders_referee import (
    MASTER_GOOD,
    TYPES,
    Departure,
    Referee,
    builder,
    feeds,
    heuristic_policy,
    referee_game,
    uniform,
)
from founders_scenario import blank, lay, open_tile, touch
from test_founders_transition_referee import nobody_can_score_with_masters_in_hand

from settlers.games.founders import GAME

#: (players, seed, policy): chosen from a scan of seeds 0-15 for what they reach — a coined
#: tile replaced (4/2), razed tiles replaced and an end of turn without a tile (2/3), a mastered
#: tile replaced and the prizes ending (4/8, 3/10), nature tiles drawn (4/2, 3/10)
CASES = [(4, 2, "builder"), (2, 3, "uniform"), (4, 8, "builder"), (3, 10, "builder")]


@pytest.mark.parametrize(("players", "seed", "policy"), CASES)
def test_a_random_game_goes_as_the_rulebook_says(players, seed, policy):
    seen = referee_game(players, seed, {"builder": builder, "uniform": uniform}[policy])
    assert seen["games"] == 1 and seen["menus"] > 100 and seen["views"] > 15
    assert seen["did attach"] > 20 and seen["did reveal"] > 20


def test_a_heuristic_game_goes_as_the_rulebook_says():
    seen = referee_game(3, 2001, heuristic_policy(2001))
    assert seen["games"] == 1 and seen["ended prizes"] == 1


@pytest.mark.parametrize("seed", [0, 1])
def test_the_end_by_agreement_goes_as_the_rulebook_says(seed):
    """L133, L139, L189 from L139's example position, masters in every hand."""
    seen = referee_game(3, seed, builder, start=nobody_can_score_with_masters_in_hand())
    assert seen["did propose_end"] >= 1 and seen["ended agreement"] == 1
    assert seen["did play_master"] >= 1


def test_a_tie_goes_to_more_prize_tiles_as_the_referee_reads_it():
    """L148 «Если на победу с равным счётом претендует несколько игроков, побеждает тот из них,
    в чьём государстве больше призовых квадратов»: seat 0 takes the last open prize tile (an
    obelisk, 1 point, iron from its mine and stone from its forest: the game ends, L131) and
    ties seat 1's war token in hand (1 point, L145); the referee, following the turn from the
    reveal, must see seat 0 alone win."""
    st = blank(2)
    lay(st, 0, {(0, 0): "mine", (1, 0): "forest"})
    lay(st, 1, {(0, 0): "lake", (0, 1): "grove"})
    st.prize_box.extend(st.prizes)
    st.prizes.clear()
    obelisk = open_tile(st, "obelisk")
    st.boards[1].hand_war = 1
    st.supply[0] -= 1
    touch(st)

    def scripted(state, rng):
        menu = state.legal_actions(0)
        for a in menu:
            if a.kind == "reveal" or (a.kind == "choose_tile" and a.tile == obelisk) or (
                    a.kind == "attach" and (a.x, a.y) == (0, 1)):
                return 0, a
        raise AssertionError(menu)
    seen = referee_game(2, 0, scripted, start=st)
    assert seen["ended prizes"] == 1
    assert st.scores() == [1.0, 1.0] and st.winners() == [0]


def test_the_referee_reads_the_mine_example():
    """L104-L110, the referee's own matching: «Шахту можно выложить на места 1, 2 или 3 ...
    нельзя выложить на места 4 или 5, так как один и тот же квадрат леса не может произвести
    сразу два ресурса». Wood and stone from one forest alone: no; from a forest and a cliff
    (different tiles): yes; a cliff alone (stone, plants): no."""
    mine = TYPES["mine"]["needs"]
    forest, cliff = TYPES["forest"]["produces"], TYPES["cliff"]["produces"]
    assert sorted(mine) == ["stone", "wood"]
    assert not feeds(mine, [forest])
    assert feeds(mine, [forest, cliff])
    assert feeds(mine, [forest, forest])
    assert not feeds(mine, [cliff, cliff])


def test_the_referee_finds_a_departure():
    """The referee is not blind: a table that differs from its own is reported (a war token
    slipped onto a protected tile behind the engine's back)."""
    st = blank(2)
    lay(st, 0, {(0, 0): "forest", (1, 0): "cliff"})
    lay(st, 1, {(0, 0): "lake", (0, 1): "grove"})
    open_tile(st, "mine")
    touch(st)
    ref = Referee.adopt(st)
    ref.compare_menus(st)
    st.boards[1].war[next(iter(st.boards[1].cells))] = 0
    touch(st)
    with pytest.raises(Departure):
        ref.compare(st)


def test_the_tile_file_gives_each_master_a_village_good():
    """L216 «каждому соответствует один ресурс с деревенских квадратов»: the referee's reading
    of the file."""
    village_goods = {g for t in TYPES.values() if t["deck"] == "village" for g in t["produces"]}
    assert sorted(MASTER_GOOD.values()) == sorted(village_goods)
    assert GAME.id == "founders"
