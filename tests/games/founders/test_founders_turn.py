"""«Ход игры»: reveal, one token, attach one tile — or draw from the nature stack."""

from __future__ import annotations

from founders_scenario import (
    at,
    blank,
    clear_rows,
    kinds,
    lay,
    main_phase,
    offer,
    open_tile,
    put,
    touch,
)

from settlers.games.founders.actions import (
    Attach,
    ChooseTile,
    DrawNature,
    EndTurn,
    PlayCoin,
    PlayWar,
    Reveal,
)
from settlers.games.founders.attaching import attach_options
from settlers.games.founders.board import cell_of
from settlers.games.founders.content import CITY, NATURE, VILLAGE
from settlers.testing.refusals import refused


def test_reveal_goes_to_its_own_row():
    """Пример 1: «Справа от неё в ряду лежат 3 квадрата. Иван ... кладёт в тот же ряд
    четвёртым»; «У каждой стопки свой ряд»."""
    state = blank()
    for _ in range(3 - len(state.rows[VILLAGE])):
        state.rows[VILLAGE].append(state.stacks[VILLAGE].pop())
    top = state.stacks[VILLAGE][-1]
    state.apply(0, Reveal("village"))
    assert state.rows[VILLAGE][-1] == top and len(state.rows[VILLAGE]) == 4
    assert state.phase == "main"


def test_sixth_tile_clears_the_row_to_the_box():
    """Пример 2: «в ряду уже лежат 5 квадратов. Он убирает эти 5 квадратов в коробку ...
    открытый вами квадрат становится единственным в своём ряду»."""
    state = blank()
    while len(state.rows[CITY]) < 5:
        state.rows[CITY].append(state.stacks[CITY].pop())
    five = list(state.rows[CITY])
    top = state.stacks[CITY][-1]
    state.apply(0, Reveal("city"))
    assert state.rows[CITY] == [top]
    assert state.box[-5:] == five
    assert state.view(1)["state"]["box"][-1]["id"] == five[-1]  # the box may be looked at


def test_five_tiles_clear_only_when_revealing_from_the_same_stack():
    """«5 квадратов в ряду убираются, только если вы открываете квадрат из той же стопки»."""
    state = blank()
    while len(state.rows[CITY]) < 5:
        state.rows[CITY].append(state.stacks[CITY].pop())
    state.apply(0, Reveal("village"))
    assert len(state.rows[CITY]) == 5


def test_reveal_from_an_empty_stack_is_refused():
    state = blank()
    state.box.extend(state.stacks[CITY])
    state.stacks[CITY].clear()
    touch(state)
    assert Reveal("city") not in state.legal_actions(0)
    assert refused(state, 0, Reveal("city")).key == "founders.illegal.stack_empty"
    assert refused(state, 0, Reveal("blue")).key == "founders.illegal.unknown_stack"


def test_a_turn_starts_with_a_reveal():
    """«В начале хода вы должны открыть квадрат из любой стопки»: no token, no attach first."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    put(state, 1, "cliff", 0, 0)
    state.boards[0].hand_war = 1
    assert kinds(state.legal_actions(0)) <= {"reveal", "propose_end"}
    assert refused(state, 0, PlayWar(1, 0, 0)).key == "founders.illegal.wrong_phase"
    state.apply(0, Reveal("nature"))
    assert PlayWar(1, 0, 0) in state.legal_actions(0)


def test_only_one_token_per_turn():
    """«В ход вы можете разыграть только один жетон (любого вида)»."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    lay(state, 1, {(0, 0): "cliff", (1, 0): "lake"})
    state.boards[0].hand_war = 2
    state.boards[0].hand_coin = 1
    main_phase(state)
    state.apply(0, PlayWar(1, 0, 0))
    assert not kinds(state.legal_actions(0)) & {"play_war", "play_coin"}
    refusal = refused(state, 0, PlayCoin(1, 1, 0, "water"))
    assert refusal.key == "founders.illegal.one_token_per_turn"


def test_token_received_this_turn_cannot_be_played():
    """«Вы не можете разыграть жетон сразу после его получения»: a city tile gives its token
    when attached, which ends the turn; the token is playable only on a later turn."""
    state = blank()
    lay(state, 0, {(0, 0): "mine", (1, 0): "cliff"})
    put(state, 1, "forest", 0, 0)
    market = offer(state, "market")
    state.apply(0, ChooseTile(market))
    state.apply(0, Attach(0, 1))
    assert state.boards[0].hand_coin == 1
    assert state.current == 1 and state.phase == "reveal"  # the turn is over at once
    state.current = 0
    main_phase(state)
    assert any(a.kind == "play_coin" for a in state.legal_actions(0))


def test_must_attach_an_open_tile_if_possible():
    """«вы должны присоединить к своему государству один из открытых квадратов» — drawing from
    the nature stack or ending the turn is not allowed while one fits."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    clear_rows(state)
    open_tile(state, "lake")
    main_phase(state)
    legal = state.legal_actions(0)
    assert DrawNature() not in legal and EndTurn() not in legal
    assert refused(state, 0, DrawNature()).key == "founders.illegal.must_attach"


def test_draw_top_nature_tile_when_nothing_fits():
    """«Если вы не можете добавить ... ни один из открытых квадратов, откройте верхний квадрат
    из зелёной стопки и присоедините его»."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    clear_rows(state)
    camp = open_tile(state, "military_camp")  # needs horses: nothing gives them
    main_phase(state)
    assert ChooseTile(camp) not in state.legal_actions(0)
    assert refused(state, 0, ChooseTile(camp)).key == "founders.illegal.tile_does_not_fit"
    top = state.stacks[NATURE][-1]
    state.apply(0, DrawNature())
    assert state.chosen == top and state.phase == "place"
    state.apply(0, Attach(0, -1))
    assert at(state, 0, 0, -1) == top
    assert state.current == 1


def test_end_turn_without_a_tile_when_nature_stack_is_empty():
    """«Если же зелёная стопка исчерпана, завершите ход без добавления нового квадрата»."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    clear_rows(state)
    open_tile(state, "military_camp")
    state.box.extend(state.stacks[NATURE])
    state.stacks[NATURE].clear()
    main_phase(state)
    assert EndTurn() in state.legal_actions(0)
    assert DrawNature() not in state.legal_actions(0)
    state.apply(0, EndTurn())
    assert state.current == 1 and len(state.boards[0].cells) == 1


def test_replacement_is_allowed_but_never_forced():
    """«Вы можете присоединить новый квадрат вместо одного из своих старых квадратов ... Вы не
    обязаны делать такую замену, даже если у вас нет никакой другой возможности»."""
    state = blank()
    forest = put(state, 0, "forest", 0, 0)
    lay(state, 0, {(1, 0): "cliff", (0, 1): "river"})
    # a winery needs plants + stone: only the cliff gives plants, and the forest stone,
    # but the winery's only fitting cells are where both are neighbours
    winery = offer(state, "winery")
    state.apply(0, ChooseTile(winery))
    legal = state.legal_actions(0)
    assert Attach(1, 1) in legal  # empty cell next to forest, cliff and river
    assert Attach(0, 1) in legal  # instead of the river: forest and cliff still neighbours
    state.apply(0, Attach(0, 1))
    board = state.boards[0]
    assert board.face_down and at(state, 0, 0, 1) == winery
    assert forest in board.cells.values()
    assert state.scores()[0] == -1.0  # «потеряете 1 очко за каждый квадрат ... лицом вниз»


def test_replacement_only_does_not_force_replacing():
    """When a tile fits only by replacing, the player may still draw from the nature stack."""
    state = blank()
    lay(state, 0, {(0, 0): "forest", (2, 0): "cliff"})
    for y in (-1, 0, 1):
        put(state, 0, "lake", 1, y)  # every cell next to both the forest and the cliff
    mine = offer(state, "mine")
    normal, replace = attach_options(state)
    assert normal[mine] == [] and cell_of(1, 0) in replace[mine]
    legal = state.legal_actions(0)
    assert ChooseTile(mine) in legal and DrawNature() in legal
    state.apply(0, ChooseTile(mine))
    assert Attach(1, 0) in state.legal_actions(0)


def test_attach_ends_turn_and_passes_left():
    """«Присоединив квадрат ... вы завершаете свой ход ... передайте ход соседу слева»."""
    state = blank(3, current=2)
    put(state, 2, "forest", 0, 0)
    lake = offer(state, "lake")
    state.apply(2, ChooseTile(lake))
    state.apply(2, Attach(1, 0))
    assert state.current == 0 and state.phase == "reveal"
    assert state.boards[2].cells[cell_of(1, 0)] == lake


def test_no_token_once_the_tile_is_chosen():
    """«В начале хода вы должны открыть квадрат ... Затем вы можете разыграть один из своих
    жетонов. Наконец, вы должны присоединить» (founders-of-empire.ru.txt L51, L73: the token
    «сразу после того, как открыли квадрат»): before the choice of the tile a token may be
    played; once the tile is chosen only where it goes remains."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    put(state, 1, "cliff", 0, 0)
    state.boards[0].hand_war = 1
    lake = offer(state, "lake")
    assert PlayWar(1, 0, 0) in state.legal_actions(0)
    state.apply(0, ChooseTile(lake))
    assert kinds(state.legal_actions(0)) == {"attach"}
    assert refused(state, 0, PlayWar(1, 0, 0)).key == "founders.illegal.wrong_phase"


def test_cleared_tiles_never_come_back():
    """«Убранные квадраты не возвращаются в игру, хотя игроки могут смотреть их» (L68)."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    while len(state.rows[NATURE]) < 5:
        state.rows[NATURE].append(state.stacks[NATURE].pop())
    cleared = list(state.rows[NATURE])
    state.apply(0, Reveal("nature"))
    assert [t["id"] for t in state.view(1)["state"]["box"][-5:]] == cleared
    for tile in cleared:
        assert ChooseTile(tile) not in state.legal_actions(0)
    assert refused(state, 0, ChooseTile(cleared[0])).key == "founders.illegal.tile_not_open"


def test_the_drawn_nature_tile_may_also_replace():
    """«откройте верхний квадрат из зелёной стопки и присоедините его» (L112) and «Вы можете
    присоединить новый квадрат вместо одного из своих старых квадратов» (L114): the drawn tile
    goes beside the state or instead of one of its tiles, never off it."""
    state = blank()
    old = put(state, 0, "forest", 0, 0)
    clear_rows(state)
    open_tile(state, "military_camp")
    main_phase(state)
    state.apply(0, DrawNature())
    legal = state.legal_actions(0)
    assert set(legal) == {Attach(0, 0), Attach(1, 0), Attach(-1, 0), Attach(0, 1), Attach(0, -1)}
    assert refused(state, 0, Attach(2, 2)).key == "founders.illegal.not_adjacent"
    state.apply(0, Attach(0, 0))
    assert state.boards[0].face_down == [old] and state.scores()[0] == -1.0
