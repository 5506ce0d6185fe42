"""The ninth reading of the rulebook (docs/audits/2026-12-06-ninth-founders-iceland-rules.md):
L70 «Карты судьбы с меткой «Альтинг» могут быть сыграны всеми игроками в течение альтинга» —
during the Althing, not only after a side's bid went ahead. A running case gets a window before
each of its decisions (rules 2026-12-06.4): after a bid that does not go ahead yet, a call for
help (L67), a helper's answer, a member asked when the leader conceded.

Board of ``althing_scenario.board``: seat 1's farm touches the pasture (hex 4) on which seat 2's
settler 25 stands; seat 1 opens a case with wool.
"""

from __future__ import annotations

import pytest
from althing_scenario import board, pass_windows, seven
from iceland_scenario import give_fate, new, set_hand

from settlers.core import IllegalAction
from settlers.games.iceland.actions import AskHelp, Bid, Concede, Decline, OpenCase, Pass, PlayFate

WOOL = 2


def _case(plaintiff_bid: int, wool: dict[int, int], fate: dict[int, str]):
    """Seats hold ``wool`` and the fate cards ``fate`` before a 7; seat 1 (named to start)
    opens a case against seat 2's settler 25 with ``plaintiff_bid`` wool; the window after the
    opening is passed: the defence (seat 2) is to answer."""
    s = new()
    board(s)
    for seat, cards in wool.items():
        set_hand(s, seat, wool=cards)
    for seat, card in fate.items():
        give_fate(s, seat, card)
    seven(s)
    s.apply(1, OpenCase(25, plaintiff_bid))
    pass_windows(s)
    assert s.to_act == (2,) and s.al["case"]["totals"] == [plaintiff_bid, 0]
    return s


def _window(s, seat: int, action) -> None:
    """In the open window ``seat`` does ``action`` and every other seat passes."""
    assert s.al["stage"] == "window" and seat in s.to_act
    for x in s.to_act:
        s.apply(x, action if x == seat else Pass())


def test_a_defence_refused_help_may_still_interrupt_its_case():
    """L70 with L67 and L66: seat 2 defends with 1 wool against 2, asks seat 0 for help (L67
    «Каждая сторона в свой ход может попросить помощи у других ещё не вовлечённых игроков»),
    seat 0 declines — and seat 2 plays its Settlement card before it concedes: the case is
    interrupted, «ресурсы остаются использованными, но никто не получает призовое очко». Before
    rules 2026-12-06.4 no window followed the refusal: seat 2 could only bid or concede."""
    s = _case(2, {1: 2, 2: 1, 0: 3}, {2: "settlement"})
    s.apply(2, AskHelp(0))
    pass_windows(s)                          # a window before the helper answers
    assert s.to_act == (0,) and s.al["stage"] == "help"
    s.apply(0, Decline())
    assert s.al["stage"] == "window" and 2 in s.to_act
    assert PlayFate("settlement", -1) in s.legal_actions(2)
    _window(s, 2, PlayFate("settlement", -1))
    assert s.al["case"] is None
    pass_windows(s)                          # the window opens again after a card (L70)
    assert s.white == [0, 0, 0] and 25 not in s.red_tokens and s.pos[25] == 4
    assert s.hands[1][WOOL] == 0             # the plaintiff's two wool stay used
    assert "settlement" not in s.fate[2] and "settlement" in s.discard
    assert s.al["stage"] == "cases" and s.to_act == (1,)


def test_once_the_side_concedes_the_case_is_over_and_the_card_comes_too_late():
    """The illegal side: the defence that conceded has lost (L66 «Когда одна сторона не может
    или не хочет играть ни одной карты, другая сторона получает белый победный жетон»); no
    card can stop it any more. The window between two cases that follows it (rules
    2026-12-06.5) does not offer the Settlement card, which is refused there and the state is
    untouched."""
    s = _case(2, {1: 2, 2: 1, 0: 3}, {2: "settlement"})
    s.apply(2, AskHelp(0))
    pass_windows(s)
    s.apply(0, Decline())
    pass_windows(s)                          # seat 2 lets the window go by ...
    assert s.to_act == (2,) and s.al["stage"] == "case"
    assert not any(isinstance(a, PlayFate) for a in s.legal_actions(2))   # no card as a bid
    s.apply(2, Concede())                    # ... and concedes: no member left to ask
    assert s.white[1] == 1 and s.red_tokens[25] == [1] and s.al["case"] is None
    assert s.al["stage"] == "window" and s.al["after"] == "cases" and 2 in s.to_act
    assert PlayFate("settlement", -1) not in s.legal_actions(2)
    before = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(2, PlayFate("settlement", -1))
    assert s.digest() == before and "settlement" in s.fate[2]


def test_a_bid_that_does_not_go_ahead_opens_a_window_for_everyone():
    """L70 «всеми игроками»: after seat 2 adds one wool (1 against 2, still its turn) seat 0,
    not involved, breaks the Althing up with its card: the current case is interrupted and
    nobody takes a white or a black token («Если прерван сам альтинг, ... текущая тяжба
    прерывается, и никто не получает чёрный жетон»). A Harvest card is no Althing card: it is
    not offered in that window and is refused there (L71)."""
    s = _case(2, {1: 2, 2: 3}, {0: "dissolution"})
    give_fate(s, 0, "good_year")
    s.apply(2, Bid(1))
    assert s.al["case"]["totals"] == [2, 1]
    assert s.al["stage"] == "window" and 0 in s.to_act
    assert PlayFate("dissolution", -1) in s.legal_actions(0)
    assert PlayFate("good_year", -1) not in s.legal_actions(0)
    before = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(0, PlayFate("good_year", -1))
    assert s.digest() == before
    _window(s, 0, PlayFate("dissolution", -1))
    assert s.al is None and s.phase == "move"
    assert s.white == [0, 0, 0] and s.black == [0, 0, 0] and 25 not in s.red_tokens
    assert s.hands[1][WOOL] == 0 and s.hands[2][WOOL] == 2


def _pass_open_window(s) -> None:
    """A window is open (rules 2026-12-06.4), and every seat in it passes."""
    assert s.al["stage"] == "window"
    pass_windows(s)


def test_after_the_window_the_same_player_decides_again():
    """Every step of a running case opens a window, and the window changes no turn: after a bid
    that did not go ahead the same side bids again, after a call for help the helper answers,
    after the leader's concession the member is asked (L67 «все вовлечённые могут продолжать
    добавлять карты»)."""
    s = _case(2, {1: 3, 2: 3, 0: 2}, {})
    s.apply(2, Bid(1))
    _pass_open_window(s)
    assert s.to_act == (2,) and s.al["stage"] == "case"
    s.apply(2, AskHelp(0))
    _pass_open_window(s)
    assert s.to_act == (0,) and s.al["stage"] == "help"
    s.apply(0, Bid(2))                       # 3 > 2: the defence goes ahead, led by seat 0
    _pass_open_window(s)
    assert s.to_act == (1,)
    s.apply(1, Bid(1))                       # 3 against 3: the plaintiff's turn still
    _pass_open_window(s)
    s.apply(1, Concede())
    assert s.white == [1, 0, 0] and 25 not in s.red_tokens   # seat 0 led the winning side
    s2 = _case(2, {1: 4, 2: 3, 0: 3}, {})
    s2.apply(2, AskHelp(0))
    _pass_open_window(s2)
    s2.apply(0, Bid(3))
    _pass_open_window(s2)
    s2.apply(1, Bid(2))
    _pass_open_window(s2)
    s2.apply(0, Concede())                   # the leader gives up; the defendant is asked
    _pass_open_window(s2)
    assert s2.al["stage"] == "help" and s2.to_act == (2,)
    s2.apply(2, Decline())
    assert s2.white[1] == 1 and s2.red_tokens[25] == [1]
