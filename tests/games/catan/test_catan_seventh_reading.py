"""A seventh reading of the almanac (catan-almanac.ru.txt) against the engine: rules and
clarifications that no earlier test states in the almanac's own terms. Each test cites the lines
it checks (L…) and checks both the legal and the illegal side. The reading found no departure
(docs/audits/2026-12-06-seventh-catan-rules.md)."""

from __future__ import annotations

from catan_scenario import GAME, corner, corner_at, give, hand, rig_dice, scenario, settle, vec

from settlers.games.catan import phases as ph
from settlers.games.catan.actions import (
    BUILD_SETTLEMENT,
    BUY_DEVELOPMENT,
    END_TURN,
    MOVE_ROBBER,
    MOVE_ROBBER_ALONE,
    PLAY_KNIGHT,
    ROLL,
    START_BUILDING,
    MaritimeTrade,
    OfferTrade,
)
from settlers.games.catan.content import KNIGHT
from settlers.games.catan.topology import HEX_BY_LABEL
from settlers.testing.refusals import refused

GENNADY, BOGDAN, VENIAMIN, GALINA = 0, 1, 2, 3


def _found_at_random(st, seed: int) -> None:
    """Play the founding phase with seeded random choices."""
    import random

    rng = random.Random(seed)
    while st.phase in (ph.FOUND_SETTLEMENT, ph.FOUND_ROAD):
        seat = st.to_act[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))


# ------------------------------------------------------------------ «Номерные жетоны»
def test_every_number_lies_on_two_tokens_but_two_and_twelve_and_eight_is_likelier():
    """L414: «Каждый номер стоит на двух жетонах, и только жетоны с числами "2" и "12" имеются
    в единственном экземпляре»; L297: «гекс под жетоном "8" в теории является более доходным,
    чем гекс с номером "11" или "12"» — the pips the board shows say so. Every land hex but the
    desert has its token (L190: «на гекс Пустыни жетон не ставится»)."""
    for options in ({"board": "random"}, {"board": "beginner"}):
        for seed in range(5):
            st = GAME.new_state(4, seed, options)
            numbers = [n for n in st.board.number if n]
            assert len(numbers) == 18
            assert all((n == 0) == (t == "desert")
                       for n, t in zip(st.board.number, st.board.terrain, strict=True))
            assert {n: numbers.count(n) for n in set(numbers)} == {
                2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1}
            pips = {h["number"]: h["pips"] for h in st.view(None)["state"]["board"]["hexes"]
                    if h["number"]}
            assert pips[8] > pips[11] > pips[12]
            assert pips[6] == pips[8] == 5 and pips[2] == pips[12] == 1


# ------------------------------------------------------------------ «Фаза основания»
def test_every_player_starts_with_two_settlements_two_roads_and_two_points():
    """L321: «Каждый игрок начинает игру с основания 2 поселений, то есть уже с 2мя очками»;
    L474: «каждый игрок строит 2 дороги и 2 поселения»; L470: of its 5 settlements, 4 cities
    and 15 roads. The same after the beginner set-up (L432), three players without red."""
    cases = [("random", 3, 11), ("random", 4, 12), ("beginner", 3, 13), ("beginner", 4, 14)]
    for board, players, seed in cases:
        st = GAME.new_state(players, seed, {"board": board})
        _found_at_random(st, seed)
        assert st.phase == ph.ROLL and st.turn == 1 and st.current == st.first
        assert st.public_scores() == [2.0] * players
        assert st.settlements_left == [3] * players and st.roads_left == [13] * players
        assert st.cities_left == [4] * players
        assert st.longest_road == st.largest_army == -1
        assert [sum(1 for o in st.edge_owner if o == p) for p in range(players)] == [2] * players
        if players == 3 and board == "beginner":
            assert "red" not in st.colours


# ------------------------------------------------------------------ «Разбойник», «Пустыня»
def test_the_robber_sent_to_the_desert_may_still_rob_a_neighbour_of_the_desert():
    """L165: «Разбойника можно поставить и на гекс Пустыни (>), хотя там нет жетона»; L164: the
    player who moved it «может взять 1 карту сырья из закрытой руки игрока, чьё поселение или
    город стоит рядом с этим гексом» — the desert too; a player away from it may not be named,
    and the robber leaving the desert may not stay there."""
    st = scenario(phase=ph.ROBBER, current=GENNADY)
    desert = HEX_BY_LABEL["J"]
    st.robber = HEX_BY_LABEL["A"]
    settle(st, BOGDAN, corner("I", "J", "N"))      # next to the desert
    settle(st, VENIAMIN, corner("A", "B", "E"))    # away from it
    give(st, BOGDAN, grain=1)
    give(st, VENIAMIN, ore=1)
    legal = st.legal_actions(GENNADY)
    assert MOVE_ROBBER[desert][BOGDAN] in legal and MOVE_ROBBER_ALONE[desert] in legal
    assert MOVE_ROBBER[desert][VENIAMIN] not in legal
    assert refused(st, GENNADY, MOVE_ROBBER[desert][VENIAMIN]).key == "catan.err.bad_victim"
    st.apply(GENNADY, MOVE_ROBBER[desert][BOGDAN])
    assert st.robber == desert
    assert hand(st, GENNADY) == {"grain": 1} and hand(st, BOGDAN) == {}


# ------------------------------------------------------------------ «Карты развития»
def test_an_old_card_may_be_played_beside_a_new_one_of_the_same_kind_but_only_one():
    """L277: «нельзя разыгрывать карту, купленную во время этого хода»; L265: «В свой ход
    игрок может применить только одну карту развития». A knight held from an earlier turn
    may be played after a second knight is bought; the new one may not, nor may the old one
    after it in the same turn. Next turn the new one may."""
    st = scenario(current=GENNADY, players=3)
    st.dev[GENNADY][KNIGHT] = 1                     # from an earlier turn
    st.deck.append(KNIGHT)
    give(st, GENNADY, ore=1, wool=1, grain=1)
    st.apply(GENNADY, BUY_DEVELOPMENT)
    assert st.dev[GENNADY][KNIGHT] == 2 and st.dev_new[GENNADY][KNIGHT] == 1
    assert PLAY_KNIGHT in st.legal_actions(GENNADY)
    st.apply(GENNADY, PLAY_KNIGHT)
    st.apply(GENNADY, MOVE_ROBBER_ALONE[HEX_BY_LABEL["A"]])
    assert st.dev[GENNADY][KNIGHT] == 1 and st.knights[GENNADY] == 1
    assert refused(st, GENNADY, PLAY_KNIGHT).key == "catan.err.one_card_per_turn"
    st.apply(GENNADY, END_TURN)
    st.current, st.phase = GENNADY, ph.ROLL
    st.to_act = (GENNADY,)
    assert PLAY_KNIGHT in st.legal_actions(GENNADY)   # bought last turn: playable now


# ------------------------------------------------------------------ «Торговля»
def test_only_the_player_to_move_trades_with_the_bank_and_only_after_the_roll():
    """L233: «Игрок, выполняющий ход, может на этапе торговли обменивать карты сырья и без
    участия других игроков»; L241: «в свой ход на этапе торговли»: a harbour's owner may not
    use it in another player's turn, nor before its own roll (combined phases too, L285:
    «после фазы поступления сырья»)."""
    st = scenario(phases="combined", phase=ph.ROLL, current=GENNADY)
    settle(st, BOGDAN, corner_at("A", "NW"))         # the 3:1 harbour on A's north-west
    give(st, BOGDAN, lumber=3)
    give(st, GENNADY, ore=4)
    assert refused(st, BOGDAN, MaritimeTrade("lumber", "ore")).key == "core.not_your_turn"
    assert refused(st, GENNADY, MaritimeTrade("ore", "brick")).key == "catan.err.wrong_phase"
    rig_dice(st, [6, 6])                              # a 12: nothing for anybody here
    st.apply(GENNADY, ROLL)
    assert refused(st, BOGDAN, MaritimeTrade("lumber", "ore")).key == "core.not_your_turn"
    st.apply(GENNADY, MaritimeTrade("ore", "brick"))  # the player to move, after the roll
    assert hand(st, GENNADY) == {"brick": 1}
    st.apply(GENNADY, END_TURN)
    st.current, st.phase = BOGDAN, ph.MAIN          # Bogdan's own turn, after his roll
    st.to_act = (BOGDAN,)
    st.apply(BOGDAN, MaritimeTrade("lumber", "ore"))
    assert hand(st, BOGDAN) == {"ore": 1}


def test_no_domestic_offer_before_the_roll_in_combined_phases_either():
    """L199: «Игрок, выполняющий ход, может (после фазы поступления сырья) обмениваться с
    другими игроками»; L285 (combined phases): «после фазы поступления сырья можно строить и
    торговать в любом порядке»."""
    st = scenario(phases="combined", phase=ph.ROLL, current=GENNADY)
    give(st, GENNADY, ore=1)
    offer = OfferTrade(vec(ore=1), vec(brick=1))
    assert offer not in st.legal_actions(GENNADY)
    assert refused(st, GENNADY, offer).key == "catan.err.wrong_phase"
    rig_dice(st, [6, 6])
    st.apply(GENNADY, ROLL)
    assert offer in st.legal_actions(GENNADY)
    st.apply(GENNADY, offer)
    assert st.phase == ph.TRADE_ANSWERS


# ------------------------------------------------------------------ «Местонахождение гавани»
def test_a_harbour_founded_in_the_build_phase_serves_in_the_next_turns_trade_phase():
    """L293: «гавань может использоваться игроком только на следующий ход после того, как он
    основал поселение у гавани - в следующей фазе торговли» — with separate phases (L460-464)
    the settlement comes in the build phase; the harbour is not his before his turn ends, and is
    in the trade phase of his next turn."""
    st = scenario(phases="separate", phase=ph.BUILD, current=GENNADY, players=3)
    home = corner_at("A", "SW")
    settle(st, GENNADY, home)
    from catan_scenario import path_of_corners, road

    harbour_end = corner_at("A", "N")                  # the 3:1 harbour's other intersection
    road(st, GENNADY, *path_of_corners(home, corner_at("A", "NW"), harbour_end))
    give(st, GENNADY, brick=1, lumber=1, wool=1, grain=1)
    st.apply(GENNADY, BUILD_SETTLEMENT[harbour_end])
    assert st.view(GENNADY)["state"]["players"][GENNADY]["harbours"] == []
    st.apply(GENNADY, END_TURN)
    st.current, st.phase = GENNADY, ph.TRADE        # his next turn, after the roll
    st.to_act = (GENNADY,)
    assert st.view(GENNADY)["state"]["players"][GENNADY]["harbours"] == ["generic"]
    give(st, GENNADY, ore=3)
    st.apply(GENNADY, MaritimeTrade("ore", "wool"))
    assert hand(st, GENNADY) == {"wool": 1}
    st.apply(GENNADY, START_BUILDING)
    give(st, GENNADY, ore=3)
    assert refused(st, GENNADY, MaritimeTrade("ore", "wool")).key == "catan.err.wrong_phase"


# ------------------------------------------------------------------ «Самая большая армия»
def test_the_army_card_and_the_knights_lie_face_up_the_bank_too_the_cards_in_hand_do_not():
    """L390: «Владелец особой карты "Самая большая армия" кладет её перед собой, лицом вверх»;
    L471: the resource cards «кладут лицом вверх рядом с игровым полем»; L275: development
    cards are kept «в секрете». Every seat and a spectator see the army, the knights played
    and the bank; only the owner sees which development cards it holds."""
    st = scenario(phase=ph.ROLL, current=GENNADY)
    st.knights = [2, 0, 0, 0]
    st.dev[GENNADY] = [1, 1, 0, 0, 0]               # a knight and a victory point card
    give(st, BOGDAN, ore=2)
    st.apply(GENNADY, PLAY_KNIGHT)
    assert st.largest_army == GENNADY
    for viewer in (GENNADY, BOGDAN, VENIAMIN, None):
        state = st.view(viewer)["state"]
        me = state["players"][GENNADY]
        assert me["largest_army"] is True and me["knights_played"] == 3
        assert me["development_count"] == 1
        assert state["bank"]["ore"] == 17
        if viewer == GENNADY:
            assert me["development"]["victory_point"] == 1
        else:
            assert me["development"] is None and me["victory_point_cards"] is None
            assert me["public_points"] == 2 and me["points"] is None
