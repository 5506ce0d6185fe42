"""The Althing: outlaw removal, cases, alternating bids, help, tokens, Althing fate cards."""

from __future__ import annotations

import pytest
from althing_scenario import board, outlaw_at_the_window, pass_windows, roll_seven, seven, wool_case
from iceland_scenario import give_fate, new, put, set_hand

from settlers.core import IllegalAction
from settlers.games.iceland.actions import (
    AskHelp,
    Bid,
    Concede,
    Decline,
    EndCases,
    OpenCase,
    Pass,
    PlayFate,
    TradeWithBank,
)
from settlers.games.iceland.althing import possible_cases

WOOL, GRAIN = 2, 0


def test_possible_cases_settler_blocking_production_and_boat_blocking_a_harbour():
    """«призвать к суду любого поселенца, препятствующего их производству ресурсов, и корабль,
    препятствующий их торговле в гавани»."""
    s = new()
    board(s)
    assert sorted(possible_cases(s, 1)) == [(25, WOOL), (26, GRAIN), (27, 1)]
    assert possible_cases(s, 0) == []
    s.harbour[12] = 3
    put(s, 0, 12)
    assert (0, 3) in possible_cases(s, 1)
    assert (0, 3) not in possible_cases(s, 2)


def test_case_bidding_white_and_red_tokens():
    """«каждая сторона может поочерёдно добавлять карты этого типа так, чтобы их общее количество
    карт стало больше ... другая сторона получает белый победный жетон ... Если защищающаяся
    сторона терпит поражение, обсуждаемый объявляется вне закона.»"""
    s = new()
    board(s)
    set_hand(s, 1, wool=5)
    set_hand(s, 2, wool=3)
    seven(s, starter=1)
    assert s.to_act == (1,)
    s.apply(1, OpenCase(25, 1))
    pass_windows(s)
    assert s.to_act == (2,)
    s.apply(2, Bid(1))                  # 1 is not more than 1: still seat 2's turn
    pass_windows(s)                     # (L70: a window before the case's next decision)
    assert s.to_act == (2,)
    s.apply(2, Bid(1))
    pass_windows(s)
    assert s.to_act == (1,)
    with pytest.raises(IllegalAction):
        s.apply(1, Bid(5))              # only 4 wool left
    s.apply(1, Bid(2))
    pass_windows(s)
    s.apply(2, Concede())
    assert s.white[1] == 1 and s.red_tokens[25] == [1]
    assert s.hands[1][WOOL] == 2 and s.hands[2][WOOL] == 1
    assert s.bank[WOOL] == 24 - 3


def test_defence_wins_white_token_and_no_outlawry():
    s = wool_case(1, {1: 1, 2: 2})
    s.apply(2, Bid(2))
    pass_windows(s)
    s.apply(1, Concede())
    assert s.white[2] == 1 and 25 not in s.red_tokens


def test_help_from_an_uninvolved_player_who_then_leads_the_side():
    """«Чтобы присоединиться к этой стороне, игрок должен сыграть в поддержку по меньшей мере одну
    карту ... Последний присоединившийся игрок — единственный, кто может попросить
    присоединиться ... и к тому же тот, кто получает белый жетон победных очков.»"""
    s = wool_case(2, {1: 2, 0: 3})
    assert AskHelp(0) in s.legal_actions(2) and AskHelp(1) not in s.legal_actions(2)
    s.apply(2, AskHelp(0))
    pass_windows(s)
    assert s.to_act == (0,)
    s.apply(0, Bid(3))
    pass_windows(s)
    assert s.to_act == (1,)
    s.apply(1, Concede())
    assert s.white[0] == 1 and s.white[2] == 0


def test_declined_help_returns_to_the_side():
    s = wool_case(1, {1: 1})
    s.apply(2, AskHelp(0))
    pass_windows(s)
    s.apply(0, Decline())
    pass_windows(s)
    assert s.to_act == (2,) and AskHelp(0) not in s.legal_actions(2)
    s.apply(2, Concede())
    assert s.red_tokens[25] == [1]


def test_only_the_plaintiff_wins_the_red_token_and_removal_awards_it():
    """«Независимо от того, кто получил белый победный жетон, только этот игрок может выиграть
    красный.» «В начале альтинга все объявленные вне закона убираются, и все красные жетоны ...
    получают в награду игроки, владеющие примыкающими поселениями.»"""
    s = new()
    board(s)
    s.red_tokens[25] = [1]
    seven(s)
    assert s.pos[25] == -2 and s.red_won[1] == 1 and not s.red_tokens


def test_reconciliation_card_saves_an_outlaw():
    """«Для предотвращения этого можно использовать карты судьбы, которые убирают красные
    жетоны.»"""
    s = outlaw_at_the_window()
    assert s.al["stage"] == "window" and 2 in s.to_act
    for seat in s.to_act:
        if seat == 2:
            s.apply(2, PlayFate("reconciliation", 25))
        else:
            s.apply(seat, Pass())
    assert s.pos[25] == 4 and s.red_won[1] == 0 and not s.red_tokens


def dissolution_chosen_at_the_window():
    """A 7 was rolled on the Althing ``board``; seat 2 answers the fate-card window first, with
    its dissolution card; the others have not answered yet."""
    s = new()
    board(s)
    give_fate(s, 2, "dissolution")
    roll_seven(s)
    s.apply(2, PlayFate("dissolution", -1))
    return s


def test_window_choices_are_simultaneous_and_secret():
    s = dissolution_chosen_at_the_window()
    others = s.view(0)["state"]["althing"]["window"]
    assert others["answered"] == [2] and "my_choice" not in others and "choices" not in others
    assert s.view(2)["state"]["althing"]["window"]["my_choice"] == ["dissolution", -1]


def test_black_token_for_three_possible_cases_none_opened():
    """«Каждый игрок, против которого могло бы начаться по меньшей мере 3 тяжбы, получает чёрный
    жетон победных очков в конце альтинга, если ни одно из них не было вынесено на судебное
    рассмотрение.»"""
    s = new()
    board(s)
    seven(s)
    for seat in (1, 2, 0):
        assert s.to_act == (seat,)
        s.apply(seat, EndCases())
    pass_windows(s)
    assert s.black == [0, 0, 1] and s.phase == "move"


def test_no_black_token_when_one_case_was_opened():
    s = new()
    board(s)
    set_hand(s, 1, grain=1)
    seven(s)
    s.apply(1, OpenCase(26, 1))
    pass_windows(s)
    s.apply(2, Concede())
    pass_windows(s)                       # the window between two cases (rules 2026-12-06.5)
    s.apply(1, EndCases())
    s.apply(2, EndCases())
    s.apply(0, EndCases())
    pass_windows(s)
    assert s.black == [0, 0, 0]


def test_two_possible_cases_are_not_enough_for_a_black_token():
    s = new()
    board(s)
    s.pos[27] = -2
    s.occupant[8] = -1
    seven(s)
    for seat in (1, 2, 0):
        s.apply(seat, EndCases())
    pass_windows(s)
    assert s.black == [0, 0, 0]


def test_settlement_card_interrupts_a_case():
    """«Если тяжба прервана такой картой, ресурсы остаются использованными, но никто не получает
    призовое очко.»"""
    s = new()
    board(s)
    set_hand(s, 1, wool=2)
    give_fate(s, 2, "settlement")
    seven(s)
    s.apply(1, OpenCase(25, 2))
    assert s.al["stage"] == "window"
    for seat in s.to_act:
        s.apply(seat, PlayFate("settlement", -1) if seat == 2 else Pass())
    # a card took effect: the window opens again (L70) until everyone passes
    assert s.al["stage"] == "window" and s.al["case"] is None
    pass_windows(s)
    assert s.al["case"] is None and s.white == [0, 0, 0] and not s.red_tokens
    assert s.hands[1][WOOL] == 0
    assert s.to_act == (1,) and OpenCase(25, 1) not in s.legal_actions(1)


def test_dissolution_ends_the_althing_without_black_tokens():
    """«Если прерван сам альтинг, очки за завершённые тяжбы сохраняются, но текущая тяжба ...
    прерывается, и никто не получает чёрный жетон победных очков.»"""
    s = new()
    board(s)
    set_hand(s, 1, wool=2, grain=1)
    give_fate(s, 0, "dissolution")
    seven(s)
    s.apply(1, OpenCase(26, 1))
    pass_windows(s)
    s.apply(2, Concede())
    assert s.white[1] == 1
    pass_windows(s)                       # the window between two cases (rules 2026-12-06.5)
    s.apply(1, OpenCase(25, 1))
    for seat in s.to_act:
        s.apply(seat, PlayFate("dissolution", -1) if seat == 0 else Pass())
    assert s.phase == "move" and s.al is None
    assert s.white[1] == 1 and 25 not in s.red_tokens and s.black == [0, 0, 0]


def test_no_trade_during_the_althing():
    """«Во время альтинга нельзя торговаться и играть карты судьбы с меткой «Урожай».»"""
    s = new()
    board(s)
    set_hand(s, 1, wool=4)
    seven(s)
    with pytest.raises(IllegalAction):
        s.apply(1, TradeWithBank("wool", "iron"))


def test_cases_go_once_round_the_table_from_the_chosen_starter():
    """«Текущий игрок определяет игрока, который начинает раунд альтинга ... Эта возможность
    обходит стол один раз по часовой стрелке.»"""
    s = new()
    board(s)
    seven(s, starter=2)
    order = []
    while s.phase == "althing" and s.al["stage"] == "cases":
        seat = s.to_act[0]
        order.append(seat)
        s.apply(seat, EndCases())
    assert order == [2, 0, 1]


def test_leader_may_ask_a_member_of_the_side_to_add_cards():
    """«все вовлечённые могут продолжать добавлять карты» — the side's leader asks a member."""
    s = wool_case(2, {1: 4, 0: 2, 2: 3})
    s.apply(2, AskHelp(0))
    pass_windows(s)
    s.apply(0, Bid(2))
    pass_windows(s)
    assert s.al["case"]["totals"] == [2, 2] and s.to_act == (0,)   # not more yet
    assert AskHelp(2) in s.legal_actions(0)
    s.apply(0, AskHelp(2))
    pass_windows(s)
    s.apply(2, Bid(1))
    pass_windows(s)
    assert s.to_act == (1,) and s.al["case"]["sides"][1] == [2, 0]
    s.apply(1, Concede())
    assert s.white == [1, 0, 0]


def test_window_answers_are_redacted_in_the_log_for_others():
    s = dissolution_chosen_at_the_window()
    assert s.log_json(viewer=0, redact=True)[-1] == [2, {"type": "fate_decision"}]
    assert s.log_json(viewer=2, redact=True)[-1][1]["card"] == "dissolution"
