"""Set-up: «Создание игрового поля» (``board`` option: «Варианты раскладки» from the seed, or
«Стартовая расстановка для начинающих»), the pieces and cards, the roll for the first player,
and then the founding phase (or the printed beginner set-up).

The order of draws from ``state.rng`` is part of the game (replays depend on it): the board,
the development deck, the roll for the first player, then the seed of the chance counter.
"""

from __future__ import annotations

from .acting import keep_to_act
from .board import BEGINNER, Board, random_board
from .content import colours
from .founding import beginner_setup, roll_for_first, start_founding
from .phases import ROLL
from .state import CatanState


def setup(st: CatanState) -> None:
    if st.options["board"] == "beginner":
        board: Board = BEGINNER["board"]
    else:
        board = random_board(st.rng)
    st.init_fields(board, colours(st.players))
    st.rng.shuffle(st.deck)
    st.first = roll_for_first(st)
    st.chance = st.rng.getrandbits(64)  # all later chance: chance.py
    st.current = st.first
    if st.options["board"] == "beginner":
        st.phase = ROLL
        beginner_setup(st)
    else:
        start_founding(st)
    keep_to_act(st)
