"""The heuristic bot plans its whole turn — a token (or none), the open tile, its cell — by the
position the turn leaves behind (``FoundersBot``), where the generic greedy bot judges each
decision by the position right after it. Built positions in which the plan must find the move
that one-step judging misses (the bot before this pass was that greedy bot and misses them)."""

from __future__ import annotations

from founders_scenario import at, blank, clear_rows, lay, main_phase, open_tile

from settlers.games.founders.actions import PlayCoin
from settlers.games.founders.heuristic import make_bot
from settlers.games.founders.state import FoundersState


def _only_prizes(state: FoundersState, *type_ids: str) -> list[int]:
    state.box.extend(state.prizes)
    state.prizes.clear()
    return [open_tile(state, t) for t in type_ids]


def _play_turn(state: FoundersState, seed: int = 0) -> list[object]:
    """Seat 0's bot plays until its turn is over; the actions it took."""
    bot = make_bot(seed)
    taken = []
    while state.current == 0 and state.phase in ("main", "place"):
        action = bot.act(state, 0)
        state.apply(0, action)
        taken.append(action)
    return taken


def test_a_coin_is_spent_on_the_good_a_prize_tile_lacks():
    """«Жетон монеты покупает ресурс с одного квадрата соперника» (L76, L176): the pantheon
    (master + iron, 3 points) fits next to the guild once iron is bought from the opponent's
    mine. The coin in hand is worth 1 point (L85, L145) and goes to the opponent (L178, L189),
    the pantheon is worth 3: the turn should be coin, pantheon. Judged
    right after the coin alone, the coin only looks like a lost point (the old bot keeps it
    and takes the forest)."""
    for seed in range(3):
        state = blank()
        lay(state, 0, {(0, 0): "guild", (1, 0): "lake"})
        lay(state, 1, {(0, 0): "mine", (1, 0): "lake"})
        pantheon, _ = _only_prizes(state, "pantheon", "temple_of_minerva")
        clear_rows(state)
        open_tile(state, "forest")
        state.boards[0].hand_coin = 1
        main_phase(state)
        taken = _play_turn(state, seed)
        assert taken[0] == PlayCoin(1, 0, 0, "iron")
        assert pantheon in state.boards[0].cells.values()
        assert pantheon not in state.prizes


def test_a_one_point_prize_tile_is_not_bought_with_a_replacement():
    """«В конце игры вы потеряете 1 очко за каждый квадрат, который лежит перед вами лицом
    вниз» (L114, L146): the obelisk (iron + stone, 1 point) fits only in place of one of the tiles
    around the mine (every cell next to the mine is taken), so taking it gains nothing and
    loses a tile that produces. The old bot takes it because a chosen prize tile looks as good
    as attached; the plan sees the replacement and grows the state with the forest instead."""
    for seed in range(3):
        state = blank()
        ring = {(x, y): "cliff" if (x + y) % 2 else "lake"
                for x in range(3) for y in range(3) if (x, y) != (1, 1)}
        lay(state, 0, {(1, 1): "mine", **ring})
        obelisk, _ = _only_prizes(state, "obelisk", "pantheon")
        clear_rows(state)
        forest = open_tile(state, "forest")
        main_phase(state)
        board = state.boards[0]
        _play_turn(state, seed)
        assert not board.face_down
        assert obelisk in state.prizes
        assert forest in board.cells.values()
        assert at(state, 0, 1, 1) is not None
