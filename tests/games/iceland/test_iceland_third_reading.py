"""Four departures a third reading of the rulebook found (2026-12-06), each as the exact
position, with the rulebook's words.

* L64 «В начале альтинга все объявленные вне закона убираются … Для предотвращения этого можно
  использовать карты судьбы, которые убирают красные жетоны»; L70 «Если прерван сам альтинг,
  очки за завершённые тяжбы сохраняются, но текущая тяжба … прерывается, и никто не получает
  чёрный жетон» — breaking the Althing up does not save its outlaws.
* L70 «Карты судьбы с меткой «Альтинг» могут быть сыграны всеми игроками в течение альтинга» —
  not one card per window: a window opens again after a card took effect.
* L33-34: a boat with the Mountain pass enters a non-mountain land hex; the claimant's pieces
  enter an outlaw's hex «как если бы тот был свободен» — both at once.
* L35 «Если перемещение невозможно, фишка выбывает из игры» — out of the game, never built again.
"""

from __future__ import annotations

from althing_scenario import board, roll_seven
from iceland_scenario import corner_between, give_fate, house, new, put, set_hand, terrain

from settlers.games.iceland.actions import EndMovement, EndTurn, Move, Pass, PlayFate
from settlers.games.iceland.board import LOST, SUPPLY
from settlers.games.iceland.building import pieces_left


def answer_window(s, plays: dict[int, PlayFate]) -> None:
    for seat in s.to_act:
        s.apply(seat, plays.get(seat, Pass()))


def test_breaking_up_the_althing_at_its_start_still_removes_the_outlaws():
    s = new()
    board(s)
    s.red_tokens[25] = [1]                       # seat 2's settler outlawed by seat 1
    give_fate(s, 2, "dissolution")
    roll_seven(s)
    assert s.al["stage"] == "window" and 2 in s.to_act
    answer_window(s, {2: PlayFate("dissolution", -1)})
    assert s.al is None and s.phase == "move"    # the Althing is over ...
    assert s.pos[25] == SUPPLY and 25 not in s.red_tokens
    assert s.red_won[1] == 1                     # ... and began with the removal (L64)


def test_two_reconciliations_save_two_outlaws_one_window_after_the_other():
    s = new()
    board(s)
    s.red_tokens[25] = [1]
    s.red_tokens[26] = [1]
    give_fate(s, 2, "reconciliation", "reconciliation")
    roll_seven(s)
    answer_window(s, {2: PlayFate("reconciliation", 25)})
    assert s.al["stage"] == "window" and s.al["after"] == "start"   # the window again
    assert PlayFate("reconciliation", 26) in s.legal_actions(2)
    answer_window(s, {2: PlayFate("reconciliation", 26)})
    answer_window(s, {})                         # everyone passes: the removal, nobody left
    assert s.al["stage"] == "starter"
    assert s.pos[25] == 4 and s.pos[26] == 5 and s.red_won == [0, 0, 0]
    assert s.fate[2] == []


def test_a_window_with_no_card_played_does_not_open_again():
    s = new()
    board(s)
    s.red_tokens[25] = [1]
    give_fate(s, 2, "reconciliation")
    roll_seven(s)
    answer_window(s, {})
    assert s.al["stage"] == "starter" and s.pos[25] == SUPPLY and s.red_won[1] == 1


def test_the_claimants_boat_enters_the_outlaws_land_hex_with_the_pass():
    s = new(phase="move")
    terrain(s, 3, "sea")
    terrain(s, 4, "pasture", 5)
    terrain(s, 0, "pasture", 6)
    put(s, 0, 3)                                 # seat 0's boat on sea hex 3
    put(s, 15, 4)                                # seat 1's settler on pasture 4, outlawed
    house(s, 0, corner_between(s, 0, 3, 4))
    s.red_tokens[15] = [0]                       # by seat 0
    give_fate(s, 0, "mountain_pass")
    assert Move(0, 4, "mountain_pass") in s.legal_actions(0)
    assert Move(0, 4, "") not in s.legal_actions(0)   # a boat onto land needs the pass (L33)
    s.apply(0, Move(0, 4, "mountain_pass"))
    assert s.pos[0] == 4 and s.occupant[4] == 0
    assert s.phase == "retreat" or s.pos[15] != 4     # the outlaw is chased (L34-35)
    # another player's outlaw: no entry without a chase card (L34 names the claimant's pieces)
    s2 = new(phase="move")
    terrain(s2, 3, "sea")
    terrain(s2, 4, "pasture", 5)
    put(s2, 0, 3)
    put(s2, 15, 4)
    s2.red_tokens[15] = [2]
    give_fate(s2, 0, "mountain_pass")
    assert not [a for a in s2.legal_actions(0) if a.kind == "move" and a.to == 4]


def test_a_piece_with_no_retreat_is_out_of_the_game_for_good():
    s = new(phase="move")
    for h, n in ((3, 4), (4, 5), (12, 8), (13, 9), (14, 10), (15, 11)):
        terrain(s, h, "pasture", n)
    for h in (0, 1, 5, 8):
        terrain(s, h, "sea")
    put(s, 5, 3)                                 # seat 0's settler
    put(s, 15, 4)                                # seat 1's settler, boxed in
    for p, h in ((16, 12), (17, 13), (18, 14), (19, 15)):   # its other four horses
        put(s, p, h)
    give_fate(s, 0, "chase")
    s.apply(0, Move(5, 4, "chase"))
    assert s.pos[15] == LOST and s.occupant[4] == 5
    assert pieces_left(s, 1, boat=False) == 0    # five horses: four out, one lost
    s.apply(0, EndMovement())
    s.apply(0, EndTurn())
    s.current, s.phase = 1, "build"
    s.reset_turn()
    house(s, 1, corner_between(s, 3, 4, 8))
    set_hand(s, 1, iron=1, grain=1)
    assert not [a for a in s.legal_actions(1) if a.kind == "build_settler"]
    assert s.view(0)["state"]["board"]["pieces"][15] == LOST


def test_a_member_may_still_add_cards_when_the_leader_concedes():
    """L67 «все вовлечённые могут продолжать добавлять карты» (only the last to join asks others
    to join): when the side's leader concedes, each other member of the side may still add
    cards before the side loses — here the defendant, whose helper leads and gives up."""
    from althing_scenario import pass_windows, wool_case

    from settlers.games.iceland.actions import AskHelp, Bid, Concede, Decline
    s = wool_case(2, {1: 5, 0: 3, 2: 3})     # seat 1 opened with 2 wool against seat 2's settler
    s.apply(2, AskHelp(0))
    pass_windows(s)                          # (L70: windows inside the case, rules .4)
    s.apply(0, Bid(3))                       # seat 0 joins the defence and leads it: 3 > 2
    pass_windows(s)
    s.apply(1, Bid(2))                       # the plaintiff: 4 > 3
    pass_windows(s)
    assert s.to_act == (0,)
    s.apply(0, Concede())                    # the leader gives up ...
    assert s.view(1)["events"][-1]["key"] == "iceland.event.conceded_to_member"
    pass_windows(s)
    assert s.al["stage"] == "help" and s.to_act == (2,)   # ... the defendant may go on
    assert Bid(2) in s.legal_actions(2) and Decline() in s.legal_actions(2)
    s.apply(2, Bid(2))                       # 5 > 4: the defence goes on
    pass_windows(s)
    assert s.to_act == (1,) and s.al["case"]["totals"] == [4, 5]
    s.apply(1, Concede())
    assert s.white == [1, 0, 0] and 25 not in s.red_tokens   # the leader takes the white token


def test_when_every_member_declines_the_conceding_side_loses():
    from althing_scenario import pass_windows, wool_case

    from settlers.games.iceland.actions import AskHelp, Bid, Concede, Decline
    s = wool_case(2, {1: 5, 0: 3, 2: 3})
    s.apply(2, AskHelp(0))
    pass_windows(s)
    s.apply(0, Bid(3))
    pass_windows(s)
    s.apply(1, Bid(2))
    pass_windows(s)
    s.apply(0, Concede())
    pass_windows(s)
    s.apply(2, Decline())
    assert s.al["case"] is None and s.white[1] == 1 and s.red_tokens[25] == [1]
