"""The nineteenth reading of founders-of-empire.ru.txt (docs/audits/2026-12-08-nineteenth-rules.md):
the one departure it found — a master on a tile a coin lies on — played through whole turns, and
the end by agreement that follows from it (the coins come home before the last masters)."""

from __future__ import annotations

from founders_scenario import (
    blank,
    clear_rows,
    lay,
    master,
    only_a_horse_prize_left,
    open_tile,
    put,
    take,
    touch,
)

from settlers.games.founders.actions import (
    AnswerEnd,
    Attach,
    ChooseTile,
    FinishMasters,
    PlayCoin,
    PlayMaster,
    ProposeEnd,
    Reveal,
)
from settlers.games.founders.board import cell_of
from settlers.games.founders.ending import finish
from settlers.testing.refusals import refused


def _masters(state, seat):
    return [a for a in state.legal_actions(seat) if a.kind == "play_master"]


def _attach_a_grove(state, seat, x, y):
    """Reveal done: the seat attaches a grove (needs nothing) at (x, y), ending its turn."""
    clear_rows(state)
    grove = open_tile(state, "grove")
    state.apply(seat, ChooseTile(grove))
    state.apply(seat, Attach(x, y))


def test_a_coin_laid_in_an_opponents_turn_keeps_the_master_off_through_the_owners_turn():
    """L176 «положите его на любой квадрат соперника»; L178 «Если в начале вашего хода на вашем
    квадрате лежит жетон монеты, этот квадрат не принесёт ресурсов в текущем ходе. В конце
    своего хода, сразу после присоединения нового квадрата, заберите себе все жетоны монеты»;
    L187 «сам он ничего не производит»; L218, L223 a master only on the tile «который
    производит» its good. So in the owner's next turn the bought winery takes no master (the
    illegal side); once the owner has ended that turn and taken the coin, it does (the legal
    side)."""
    state = blank(current=1)
    lay(state, 0, {(0, 0): "winery", (1, 0): "forest"})
    put(state, 1, "lake", 0, 0)
    state.boards[0].hand_masters = [master(state, "vine_grower")]
    state.boards[1].hand_coin = 1
    touch(state)
    # Sergey (1) buys the wine of Ivan's winery and ends his turn
    state.apply(1, Reveal("nature"))
    state.apply(1, PlayCoin(0, 0, 0, "wine"))
    _attach_a_grove(state, 1, 1, 0)
    assert state.current == 0 and cell_of(0, 0) in state.boards[0].coin
    # Ivan's turn: the coin lay there at its start — no master on the winery
    state.apply(0, Reveal("nature"))
    assert _masters(state, 0) == []
    refused(state, 0, PlayMaster("vine_grower", 0, 0), "founders.illegal.master_tile")
    _attach_a_grove(state, 0, 0, 1)
    assert not state.boards[0].coin and state.boards[0].hand_coin == 1   # L178: taken home
    # Sergey's turn, then Ivan's: the winery makes wine again and takes the master
    state.apply(1, Reveal("nature"))
    _attach_a_grove(state, 1, 2, 0)
    state.apply(0, Reveal("nature"))
    assert _masters(state, 0) == [PlayMaster("vine_grower", 0, 0)]
    state.apply(0, PlayMaster("vine_grower", 0, 0))
    assert state.boards[0].master == {cell_of(0, 0): master(state, "vine_grower")}


def _nobody_can_score_with_a_coin_on_a_winery():
    """As test_founders_end's position: the only open prize tile needs horses and no horses,
    nor city tiles, are left; Sergey (1) holds the vine-grower, and Ivan's coin lies on
    Sergey's winery (laid in Ivan's last turn)."""
    state = blank()
    put(state, 0, "forest", 0, 0)
    lay(state, 1, {(0, 0): "lake", (1, 0): "winery"})
    state.boards[1].coin[cell_of(1, 0)] = (0, state.ts.good_index("wine"))
    state.boards[1].hand_masters = [master(state, "vine_grower")]
    return only_a_horse_prize_left(state)


def test_at_the_end_by_agreement_the_coins_come_home_before_the_last_masters():
    """L139 «при согласии всех участников игра завершается, и начинается подсчёт очков. Не
    забывайте, что у игроков на руках могут оставаться жетоны мастеров — надо дать
    возможность их разыграть»; L189 «Перед подсчётом очков заберите себе все жетоны монеты со
    своих квадратов». No turn is left after the agreement, so the coin comes home at once, and
    the winery it freed takes Sergey's master (which a coin lying there would forbid, L187)."""
    state = _nobody_can_score_with_a_coin_on_a_winery()
    assert _masters(state, 1) == []   # (not Sergey's turn; and the coin lies there)
    state.apply(0, ProposeEnd())
    state.apply(1, AnswerEnd(True))
    assert state.phase == "final_masters" and state.to_act == (1,)
    assert not state.boards[1].coin and state.boards[1].hand_coin == 1
    assert state.legal_actions(1) == [PlayMaster("vine_grower", 1, 0), FinishMasters()]
    state.apply(1, PlayMaster("vine_grower", 1, 0))
    assert state.over and state.ended_by == "agreement"
    assert state.scores()[1] == 3.0   # the master on the winery 2, the coin in hand 1


def test_the_views_show_the_coin_home_once_the_agreement_is_made():
    """L154 «Все игроки должны видеть, какие жетоны у вас есть»: the coin taken home at the
    agreement is in Sergey's hand in every seat's view and the spectator's."""
    state = _nobody_can_score_with_a_coin_on_a_winery()
    state.apply(0, ProposeEnd())
    state.apply(1, AnswerEnd(True))
    for seat in (0, 1, None):
        sergey = state.view(seat)["state"]["players"][1]
        assert sergey["hand"]["coin"] == 1
        assert all(t["coin"] is None for t in sergey["tiles"])


def test_a_replaced_prize_tile_lying_face_down_is_not_in_the_state_for_the_tie_break():
    """L148 «побеждает тот из них, в чьём государстве больше призовых квадратов»; L114 the
    replaced tile is taken out and laid «перед собой лицом вниз» (L146 «лежащий перед игроком»):
    it is no longer in the state. Ivan: two prize tiles (2 points); Sergey: one prize tile, one
    replaced prize tile face down, two tokens (1 − 1 + 2 = 2 points). Ivan wins the tie."""
    state = blank()
    lay(state, 0, {(0, 0): "shrine", (1, 0): "altar"})
    put(state, 1, "statue", 0, 0)
    state.boards[1].face_down.append(take(state, "obelisk"))
    state.boards[1].hand_war = 2
    finish(state, "prizes")
    assert state.scores() == [2.0, 2.0]
    assert state.winners() == [0]
    assert [p["prize_tiles"] for p in state.view(None)["state"]["players"]] == [2, 1]
