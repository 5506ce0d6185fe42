"""Build Landnám Althing situations: the board of the court cases, a rolled 7, the fate-card
windows, a case opened with wool."""

from __future__ import annotations

from iceland_scenario import FakeRng, corner_between, give_fate, house, new, put, set_hand, terrain

from settlers.games.iceland.actions import ChooseStarter, OpenCase, Pass, Roll


def board(s) -> None:
    """Seat 1 has farms touching hexes 4, 5 (corner 4/5/9) and 8 (corner 8/12/13); seat 2 has
    settlers on 4 (piece 25), 5 (26) and 8 (27)."""
    terrain(s, 4, "pasture", 5)
    terrain(s, 5, "fields", 6)
    terrain(s, 8, "forest", 8)
    terrain(s, 12, "sea")
    terrain(s, 13, "sea")
    house(s, 1, corner_between(s, 4, 5, 9))
    house(s, 1, corner_between(s, 8, 12, 13))
    put(s, 25, 4)
    put(s, 26, 5)
    put(s, 27, 8)


def roll_seven(s) -> None:
    """The player to move rolls 3 + 4: the Althing opens with its fate-card window."""
    s.phase = "roll"
    s.rng = FakeRng(3, 4)
    s.apply(s.current, Roll())


def pass_windows(s) -> None:
    """Every seat passes every fate-card window of the Althing now open."""
    while s.phase == "althing" and s.al["stage"] == "window":
        for seat in s.to_act:
            s.apply(seat, Pass())


def seven(s, starter: int = 1) -> None:
    """Roll a 7, pass the window, and the player to move names ``starter`` to open cases."""
    roll_seven(s)
    pass_windows(s)
    assert s.al["stage"] == "starter" and s.to_act == (s.current,)
    s.apply(s.current, ChooseStarter(starter))


def wool_case(bid: int, wool: dict[int, int]):
    """On ``board``, seats hold ``{seat: wool}``; after a 7 seat 1 (named to start)
    opens a case against seat 2's settler 25 on the pasture with ``bid`` wool, and the
    window after it is passed: seat 2 answers."""
    s = new()
    board(s)
    for seat, cards in wool.items():
        set_hand(s, seat, wool=cards)
    seven(s)
    s.apply(1, OpenCase(25, bid))
    pass_windows(s)
    return s


def outlaw_at_the_window():
    """On ``board``, seat 2's settler 25 is an outlaw and seat 2 holds a
    reconciliation card; a 7 was rolled: the fate-card window is open."""
    s = new()
    board(s)
    s.red_tokens[25] = [1]
    give_fate(s, 2, "reconciliation")
    roll_seven(s)
    return s
