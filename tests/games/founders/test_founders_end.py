"""«Конец игры»: the three endings, the agreement, scoring and the tie-break."""

from __future__ import annotations

from founders_scenario import (
    blank,
    lay,
    main_phase,
    master,
    only_a_horse_prize_left,
    open_tile,
    put,
    touch,
)

from settlers.games.founders import can_still_score, nobody_can_score
from settlers.games.founders.actions import (
    AnswerEnd,
    Attach,
    ChooseTile,
    FinishMasters,
    PlayMaster,
    ProposeEnd,
    Reveal,
)
from settlers.games.founders.board import cell_of
from settlers.games.founders.content import CITY, NATURE, PRIZE, VILLAGE
from settlers.games.founders.ending import finish
from settlers.testing.refusals import refused


def test_game_ends_when_no_open_prize_tile_is_left():
    """«Игра заканчивается в конце хода игрока, если ... не осталось открытых призовых
    квадратов»; «Присоединив последний такой квадрат, игрок завершает свой ход, затем
    начинается подсчёт очков»."""
    state = blank()
    lay(state, 0, {(0, 0): "mine", (1, 0): "cliff"})
    state.prize_box.extend(state.prizes)
    state.prizes.clear()
    obelisk = open_tile(state, "obelisk")
    main_phase(state)
    state.apply(0, ChooseTile(obelisk))
    state.apply(0, Attach(0, 1))
    assert state.over and state.ended_by == "prizes"
    assert state.to_act == ()
    assert state.scores()[0] == 1.0 and state.winners() == [0]


def test_game_ends_after_the_turn_that_empties_all_stacks():
    """«ни в одной из трёх стопок не осталось квадратов»; «Открыв последний квадрат из этих
    стопок, игрок завершает свой ход, затем начинается подсчёт очков»."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    for deck in (NATURE, VILLAGE):
        state.box.extend(state.stacks[deck])
        state.stacks[deck].clear()
    state.box.extend(state.stacks[CITY][:-1])
    del state.stacks[CITY][:-1]
    touch(state)
    state.apply(0, Reveal("city"))
    assert not any(state.stacks) and not state.over  # the turn goes on
    lake = open_tile(state, "lake")
    state.apply(0, ChooseTile(lake))
    state.apply(0, Attach(1, 0))
    assert state.over and state.ended_by == "stacks"


def _nobody_can_score(players=2):
    """Every open prize tile needs horses and the horse farms are gone; no city tile is still
    to come; no master in hand."""
    state = blank(players)
    put(state, 0, "forest", 0, 0)
    put(state, 1, "lake", 0, 0)
    if players > 2:
        put(state, 2, "cliff", 0, 0)
    return only_a_horse_prize_left(state)


def test_can_still_score_helper():
    state = _nobody_can_score()
    assert nobody_can_score(state)
    assert not can_still_score(state, 0) and not can_still_score(state, 1)
    farm = open_tile(state, "horse_farm")
    assert can_still_score(state, 0)
    state.rows[VILLAGE].remove(farm)
    touch(state)
    put(state, 1, "winery", 1, 0)
    state.boards[1].hand_masters = [master(state, "vine_grower")]
    assert can_still_score(state, 1) and not can_still_score(state, 0)


def test_end_by_agreement():
    """«в сложившейся ситуации никто больше не может заработать победных очков (при согласии
    всех участников)»: the proposal is an action every other player must accept."""
    state = _nobody_can_score(3)
    assert ProposeEnd() in state.legal_actions(0)
    state.apply(0, ProposeEnd())
    assert state.to_act == (1, 2)  # a simultaneous decision
    assert state.legal_actions(1) == [AnswerEnd(True), AnswerEnd(False)]
    state.apply(2, AnswerEnd(True))
    assert state.to_act == (1,) and not state.over
    state.apply(1, AnswerEnd(True))
    assert state.over and state.ended_by == "agreement"


def test_one_refusal_continues_the_game():
    state = _nobody_can_score(3)
    state.apply(0, ProposeEnd())
    state.apply(1, AnswerEnd(False))
    assert not state.over and state.phase == "reveal" and state.to_act == (0,)
    assert ProposeEnd() not in state.legal_actions(0)
    assert refused(state, 0, ProposeEnd()).key == "founders.illegal.already_proposed"
    assert refused(state, 2, AnswerEnd(True)).key == "core.not_your_turn"


def test_cannot_propose_while_able_to_score():
    """Claiming that nobody can score is refused to a player who still can."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    assert ProposeEnd() not in state.legal_actions(0)
    assert refused(state, 0, ProposeEnd()).key == "founders.illegal.you_can_still_score"


def test_masters_may_still_be_placed_after_the_agreement():
    """«Не забывайте, что у игроков на руках могут оставаться жетоны мастеров — надо дать
    возможность их разыграть»."""
    state = _nobody_can_score()
    put(state, 1, "winery", 1, 0)
    state.boards[1].hand_masters = [master(state, "vine_grower"), master(state, "miller")]
    state.apply(0, ProposeEnd())
    state.apply(1, AnswerEnd(True))
    assert state.phase == "final_masters" and state.to_act == (1,)
    assert state.legal_actions(1) == [PlayMaster("vine_grower", 1, 0), FinishMasters()]
    state.apply(1, PlayMaster("vine_grower", 1, 0))
    assert state.over and state.ended_by == "agreement"
    assert state.scores()[1] == 3.0  # master on the winery 2 + the miller in hand 1


def test_scoring_example_ivan_and_sergey():
    """Пример: «у Ивана в государстве 4 призовых квадрата (1 одноочковый, 2 двухочковых и 1
    трёхочковый), 1 мастер-виноградарь, 3 жетона на руках и 1 заменённый квадрат. Он получает
    1 + 2 + 2 + 3 + 2 + 3 − 1 = 12 очков. У Сергея тоже 12 очков, но только 3 призовых квадрата.
    Иван ... объявляется Основателем Империи»."""
    state = blank()
    ivan, sergey = state.boards
    for i, name in enumerate(["shrine", "temple_of_mars", "forum", "palace"]):
        put(state, 0, name, i, 0)
    put(state, 0, "winery", 0, 1)
    ivan.master[cell_of(0, 1)] = master(state, "vine_grower")
    ivan.hand_war, ivan.hand_coin, ivan.hand_cart = 1, 1, 1
    ivan.face_down.append(state.stacks[NATURE].pop())
    for i, name in enumerate(["pantheon", "colosseum", "temple_of_minerva"]):
        put(state, 1, name, i, 0)  # 3 + 3 + 3
    sergey.hand_war = 3
    finish(state, "prizes")
    assert state.scores() == [12.0, 12.0]
    assert state.winners() == [0]


def test_razed_prize_tiles_still_count_in_the_tie_break():
    state = blank()
    lay(state, 0, {(0, 0): "shrine", (1, 0): "altar"})
    state.boards[0].war[cell_of(1, 0)] = 1
    put(state, 1, "statue", 0, 0)
    finish(state, "prizes")
    assert state.scores() == [1.0, 1.0]
    assert state.winners() == [0]


def test_tie_with_equal_prize_tiles_is_shared():
    state = blank()
    put(state, 0, "shrine", 0, 0)
    put(state, 1, "statue", 0, 0)
    finish(state, "prizes")
    assert state.winners() == [0, 1]
    assert sum(1 for t in state.boards[0].cells.values() if state.ts.tile_deck[t] == PRIZE) == 1


def test_the_rulebook_answer_to_an_end_vote_is_to_agree_only_when_one_cannot_score():
    """«при согласии всех участников»: ``state.rule_of_thumb`` gives the answer the rule asks
    for — agree exactly when you cannot score — and the search bots take it."""
    from settlers import bots

    state = _nobody_can_score(3)
    assert state.rule_of_thumb(0) is None  # nothing to answer before a proposal
    state.apply(0, ProposeEnd())
    assert state.rule_of_thumb(1) == AnswerEnd(True) == state.rule_of_thumb(2)
    assert bots.make("greedy", seed=1).act(state, 1) == AnswerEnd(True)
    # a player who can still score (a master to place on its winery) refuses
    state = _nobody_can_score(3)
    state.apply(0, ProposeEnd())
    put(state, 1, "winery", 1, 0)
    state.boards[1].hand_masters = [master(state, "vine_grower")]
    touch(state)
    assert can_still_score(state, 1)
    assert state.rule_of_thumb(1) == AnswerEnd(False)
    assert bots.make("mcts", seed=1, iterations=10).act(state, 1) == AnswerEnd(False)


def test_a_master_in_hand_can_still_score_while_its_village_tile_may_come():
    """«никто больше не может заработать победных очков» (founders-of-empire.ru.txt L133) and
    «2 очка за каждого мастера в своём государстве» (L144): a vine-grower in hand is worth 1,
    on a winery 2 — so while a winery may still be attached, its holder can still score, may
    not claim otherwise, and refuses an end proposed by another."""
    state = _nobody_can_score(3)
    state.boards[1].hand_masters = [master(state, "vine_grower")]
    winery = open_tile(state, "winery")  # plants + stone: the forest and the lake give them
    assert can_still_score(state, 1) and not can_still_score(state, 0)
    assert state.rule_of_thumb(1) is None
    state.apply(0, ProposeEnd())
    assert state.rule_of_thumb(1) == AnswerEnd(False)
    assert state.rule_of_thumb(2) == AnswerEnd(True)
    state.apply(1, AnswerEnd(False))
    # on its own turn the holder may not claim that nobody can score
    state.current, state.proposed = 1, False
    touch(state)
    assert ProposeEnd() not in state.legal_actions(1)
    assert refused(state, 1, ProposeEnd()).key == "founders.illegal.you_can_still_score"
    # with every winery gone (boxed), the master can only stay in hand: nothing to gain
    for pile in [*state.stacks, *state.rows]:
        for t in list(pile):
            if state.ts.types[state.ts.tile_type[t]].id == "winery":
                pile.remove(t)
                state.box.append(t)
    touch(state)
    assert winery in state.box
    assert not can_still_score(state, 1)
    assert ProposeEnd() in state.legal_actions(1)


def test_a_master_the_proposer_can_place_does_not_keep_the_agreement_closed():
    """L139 «Не забывайте, что у игроков на руках могут оставаться жетоны мастеров — надо дать
    возможность их разыграть»: the end by agreement is foreseen with placeable masters in hand
    — they are placed after it — so holding one does not stop the current player proposing,
    as it does not stop a voter agreeing. (A master for a village tile still to come does: the
    tile is not there to take it, ``test_a_master_in_hand_can_still_score_...``.)"""
    state = _nobody_can_score()
    for pile in [*state.stacks, *state.rows]:   # no village tile to come for the vine-grower
        for t in list(pile):
            if state.ts.tile_deck[t] == VILLAGE:
                pile.remove(t)
                state.box.append(t)
    state.stacks[NATURE].append(state.box.pop(next(
        i for i, t in enumerate(state.box) if state.ts.tile_deck[t] == NATURE)))
    put(state, 0, "winery", 1, 0)
    state.boards[0].hand_masters = [master(state, "vine_grower")]
    touch(state)
    assert not can_still_score(state, 0)
    assert ProposeEnd() in state.legal_actions(0)
    state.apply(0, ProposeEnd())
    state.apply(1, AnswerEnd(True))
    assert state.phase == "final_masters" and state.to_act == (0,)
    assert any(isinstance(a, PlayMaster) for a in state.legal_actions(0))


def test_the_others_goods_count_only_while_a_coin_can_buy_them():
    """L176 «С помощью жетона монеты вы можете купить один ресурс у соперника»: with no coin in a
    hand or on a tile, and none still to come, a player cannot use another's goods — the prize
    tile needing its own goods and the other's is out of its reach, and it may propose the end
    (L133). A coin in play (on any tile: its owner collects it, L178) opens it again."""
    state = _nobody_can_score()
    lay(state, 1, {(1, 0): "horse_farm"})      # seat 1 makes horses; seat 0 wood only
    touch(state)
    assert not any(b.hand_coin or b.coin for b in state.boards)
    assert not can_still_score(state, 0) and can_still_score(state, 1)   # seat 1: its own horses
    assert ProposeEnd() in state.legal_actions(0)
    state.boards[1].hand_coin = 1
    touch(state)
    assert can_still_score(state, 0)
    assert ProposeEnd() not in state.legal_actions(0)
