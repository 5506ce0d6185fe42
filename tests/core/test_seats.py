"""settlers.core.seats: clockwise order and who is ahead."""

from __future__ import annotations

from settlers.core.seats import best_seats, next_seat, seats_from, snake_order


def test_next_seat_goes_round_the_table():
    assert [next_seat(s, 3) for s in range(3)] == [1, 2, 0]


def test_seats_from_starts_anywhere_and_names_each_seat_once():
    assert seats_from(2, 4) == [2, 3, 0, 1]
    assert seats_from(0, 1) == [0]


def test_snake_order_is_the_founding_order_of_catan():
    # catan.ru.txt: «по часовой стрелке … затем в обратном порядке»; the last places twice
    assert snake_order(1, 3) == [1, 2, 0, 0, 2, 1]


def test_best_seats_keeps_every_tied_seat_in_seat_order():
    assert best_seats([3, 7, 7, 1]) == [1, 2]
    assert best_seats([5]) == [0]
    assert best_seats([]) == []


def test_best_seats_breaks_ties_with_tuple_keys_and_restricts_to_some_seats():
    keys = [(10, 1), (10, 2), (9, 5), (10, 2)]
    assert best_seats(keys) == [1, 3]
    assert best_seats(keys, among=[0, 2]) == [0]
