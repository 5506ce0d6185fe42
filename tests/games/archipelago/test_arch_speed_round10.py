"""What the tenth round of issue-19 work computes another way, against the computation it
replaces:

* which turns of a face fit a cell (``Tables.rotations``) from per-face masks, one bit per
  turn for each direction and terrain (``tables.face_masks``): the turns whose side in each
  direction of the pattern shows its terrain, tested turn by turn (``board.fits_sides``'s
  test), for every face of several content sets and every pattern of one to three sides,
  with terrains the face does not show among them;
* a card's index by its id from a table of the content set's cards (``Content.card_index``):
  the first card with that id, found card by card;
* an exploration's placements read the movers of a cell once, by the terrain of each side,
  not per face and turn (``exploration.placements``): checked at every step of seeded games
  against the placements found with ``exploration.mover_choices`` per side of every fitting
  turn, in ``test_arch_speed_round6.py`` (``placements_by_mover``).
"""

from __future__ import annotations

import pickle
from itertools import combinations, product
from typing import Any

import pytest
from arch_scenario import new_game

from settlers.games.archipelago import tables
from settlers.games.archipelago.tables import tables_of

OPTIONS = [{}, {"desert_start": True}, {"more_control": True, "more_sharpness": True}]


def turns_tested_one_by_one(edges: str, sides: tuple[tuple[int, str], ...]) -> tuple[int, ...]:
    """L121, L509: a turn fits when the face's side in each direction of ``sides`` shows the
    terrain of the side facing it."""
    return tuple(rot for rot in range(6)
                 if all(edges[(d - rot) % 6] == terrain for d, terrain in sides))


@pytest.mark.parametrize("options", OPTIONS)
def test_the_fitting_turns_from_masks_are_the_turns_tested_one_by_one(
        options: dict[str, Any]) -> None:
    state = new_game(4, 11, **options)
    t = tables_of(state.content)
    faces = [face for pair in state.content.hexes for face in pair] + [state.start_face]
    terrains = sorted({c for face in faces for c in face.edges} | {"x"})
    fitting = 0
    for face in faces:
        for count in (1, 2, 3):
            for dirs in combinations(range(6), count):
                for shown in product(terrains, repeat=count):
                    sides = tuple(zip(dirs, shown, strict=True))
                    got = t.rotations(face, sides)
                    assert got == turns_tested_one_by_one(face.edges, sides), (face.id, sides)
                    fitting += bool(got)
    assert fitting > 0
    # one set of masks per distinct face met, read again afterwards
    assert set(t.masks) == {face.edges for face in faces}
    assert all(t.masks[face.edges] == tables.face_masks(face.edges) for face in faces)


def test_the_turns_of_every_bit_set_are_in_order() -> None:
    assert tables.ROTATIONS_OF[0] == ()
    assert tables.ROTATIONS_OF[63] == (0, 1, 2, 3, 4, 5)
    assert all(sum(1 << rot for rot in turns) == fit
               and list(turns) == sorted(turns)
               for fit, turns in enumerate(tables.ROTATIONS_OF))


def test_a_card_index_from_the_table_is_the_first_card_with_that_id() -> None:
    state = new_game(4, 12)
    content = state.content
    assert content.cards
    for card in content.cards:
        first = next(i for i, c in enumerate(content.cards) if c.id == card.id)
        assert content.card_index(card.id) == first
    with pytest.raises(KeyError):
        content.card_index("no such card")
    # the table is kept beside the fields and made again after pickling
    again = pickle.loads(pickle.dumps(content))
    assert "_card_indices" in vars(content) and "_card_indices" not in vars(again)
    assert [again.card_index(c.id) for c in again.cards] == [
        content.card_index(c.id) for c in content.cards]


@pytest.mark.parametrize("options", OPTIONS)
def test_a_pickled_turn_zero_state_carries_its_ring_not_the_content_tables(
        options: dict[str, Any]) -> None:
    # archipelago.ru.txt L121-123: the turn-0 menu of a state read back from a pickle is the
    # menu of the state pickled; its memo keeps the cells around the start hex
    # (start_ring.Ring), which pickles as its cells, not with the content set's tables
    from settlers.games.archipelago import memo

    state = new_game(4, 11, **options)
    lists = 0
    while state.phase == "start":
        seat = state.to_act[0]
        menu = state.legal_actions(seat)
        if state.step == "place_start" and seat == state.actor:
            ring = state._cache[memo.BOARD].get("start_ring")
            if ring is not None:
                data = pickle.dumps(state)
                assert b"Fitting" not in data
                back = pickle.loads(data)
                assert back.legal_actions(seat) == menu
                assert back._cache[memo.BOARD]["start_ring"].ids == ring.ids
                lists += 1
        state.apply(seat, menu[0], check=False)
    assert lists >= 4
