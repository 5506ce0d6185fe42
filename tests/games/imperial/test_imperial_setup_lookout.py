"""«ПОДГОТОВКА К ИГРЕ» and «ФАЗА РАЗВЕДКИ» with its variants."""

import pytest

from settlers.core import IllegalAction, InvalidOption
from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Pass, Pick


def _common(st, cards):
    return [c for c in cards if st.cards[c].common]


def test_setup_two_common_two_empire_then_the_lookout_adds_one_empire_card():
    """«каждый участник берёт по 2 карточки из общей колоды и по 2 карточки из личной
    имперской колоды»; the lookout starts with «верхнюю карточку колоды своей империи»."""
    st = GAME.new_state(players=3, seed=4)
    for s in range(3):
        assert len(_common(st, st.hand[s])) == 2
        assert len(st.hand[s]) - 2 == 3
        assert len(st.fdeck[st.emp[s]]) == 27
    assert len(set(st.emp)) == 3
    assert st.round == 1 and st.phase == "lookout"


def test_empires_option_and_bad_values():
    st = GAME.new_state(players=2, seed=1, options={"empires": "japanese,romans"})
    assert st.emp == ["japanese", "romans"]
    with pytest.raises(InvalidOption):
        GAME.new_state(players=3, seed=1, options={"empires": "japanese,romans"})
    with pytest.raises(InvalidOption):
        GAME.new_state(players=2, seed=1, options={"empires": "vikings,romans"})
    with pytest.raises(InvalidOption):
        GAME.new_state(players=2, seed=1, options={"lookout": "fast"})


def test_standard_lookout_players_plus_one_clockwise_then_counter_clockwise():
    """«столько карточек, сколько игроков +1… Начиная с первого игрока и по часовой стрелке…
    Не выбранная никем карточка отправляется в сброс»; second row «начиная с последнего игрока
    и против часовой стрелки»."""
    st = GAME.new_state(players=3, seed=9)
    first = st.first
    order = []
    while st.phase in ("lookout",) or (st.pending and st.pending[-1]["kind"] == "draft"):
        if not st.pending or st.pending[-1]["kind"] != "draft":
            break
        seat = st.to_act[0]
        if not order or len(order) == 3:
            assert len(st.row) == 4
        order.append(seat)
        st.apply(seat, st.legal_actions(seat)[0])
    assert order == [first, (first + 1) % 3, (first + 2) % 3,
                     (first + 2) % 3, (first + 1) % 3, first]
    assert len(st.common_discard) == 2
    for s in range(3):
        assert len(_common(st, st.hand[s])) == 4
    assert st.phase == "actions"


def test_lookout_pick_must_be_an_open_card():
    st = GAME.new_state(players=2, seed=2)
    seat = st.to_act[0]
    hidden = st.common_deck[-1]
    before = st.full_state()
    with pytest.raises(IllegalAction):
        st.apply(seat, Pick(hidden))
    with pytest.raises(IllegalAction):
        st.apply(1 - seat, Pick(st.row[0]))
    assert st.full_state() == before


def test_alternative_lookout_three_cards_keep_one_pass_two():
    """«каждый из них берёт 3 общие карточки, выбирает… одну, после чего передаёт оставшиеся
    две следующему игроку по часовой стрелке… Последняя оставшаяся карточка сбрасывается»."""
    st = GAME.new_state(players=3, seed=5, options={"lookout": "alternative"})
    assert st.phase == "alt_lookout" and set(st.to_act) == {0, 1, 2}
    offers = [list(o) for o in st.draft["offer"]]
    assert all(len(o) == 3 for o in offers)
    view1 = st.view(1)["state"]["alt_lookout"]
    assert view1["offer"] == offers[1] and view1["offer_counts"] == [3, 3, 3]
    st.apply(0, Pick(offers[0][0]))
    assert set(st.to_act) == {1, 2}
    assert offers[0][0] not in st.hand[0]          # hidden until everyone picked
    with pytest.raises(IllegalAction):
        st.apply(0, Pick(offers[0][1]))
    st.apply(1, Pick(offers[1][0]))
    st.apply(2, Pick(offers[2][0]))
    assert st.draft["offer"][1] == offers[0][1:]   # seat 0's two cards went to seat 1
    assert st.draft["offer"][0] == offers[2][1:]
    for s in range(3):
        st.apply(s, Pick(st.draft["offer"][s][0]))
    assert len(st.common_discard) == 3
    assert all(len(_common(st, st.hand[s])) == 4 for s in range(3))
    assert st.phase == "actions"


def _advanced_run(players, seed):
    st = GAME.new_state(players=players, seed=seed, options={"lookout": "advanced"})
    seen = []
    while st.pending and st.pending[-1]["kind"] == "draft":
        seat = st.to_act[0]
        seen.append((seat, len(st.row)))
        st.apply(seat, Pick(st.row[0]))
    return st, seen


def test_advanced_lookout_three_players_rulebook_example():
    """«Первый игрок выбирает первую карточку из 5 карточек, второй – из 4. Третий игрок
    открывает верхнюю карточку колоды… выбирает 1 карточку из 4. Затем первый игрок берёт ещё
    одну карточку из оставшихся 3, то же самое, добавив на стол карточку из колоды, делает и
    второй игрок. Третий… выбирает 1 карточку из 2 и сбрасывает оставшуюся.»"""
    st, seen = _advanced_run(3, 11)
    f = st.first
    assert seen == [(f, 5), ((f + 1) % 3, 4), ((f + 2) % 3, 4),
                    (f, 3), ((f + 1) % 3, 3), ((f + 2) % 3, 2)]
    assert len(st.common_discard) == 1


def test_advanced_lookout_four_and_two_players():
    st, seen = _advanced_run(4, 3)
    assert [n for _, n in seen] == [5, 4, 4, 4, 3, 3, 3, 2]
    st, seen = _advanced_run(2, 3)
    assert [n for _, n in seen] == [5, 4, 3, 2]     # «Последняя карточка сбрасывается»
    assert len(st.common_discard) == 1


def test_peaceful_variant_takes_an_extra_common_card():
    """«МИРНЫЙ ВАРИАНТ»: «каждый игрок берёт не только 1 имперскую карточку, но и 1 общую»."""
    st = GAME.new_state(players=2, seed=6, options={"peaceful": True})
    assert all(len(_common(st, h)) == 3 for h in st.hand)


def test_the_peaceful_variant_adds_its_common_card_to_the_solo_lookout():
    """«МИРНЫЙ ВАРИАНТ» (L763-766) changes «обычные правила»; the solo lookout (L806-812) begins
    «1. Добавьте к руке верхнюю карточку имперской колоды»: with the variant a common card comes
    with it, and the variant's raze limit holds against the virtual opponent too."""
    plain = GAME.new_state(players=1, seed=6, options={})
    calm = GAME.new_state(players=1, seed=6, options={"peaceful": True})
    assert len(_common(calm, calm.hand[0])) == len(_common(plain, plain.hand[0])) + 1
    assert len(calm.hand[0]) == len(plain.hand[0]) + 1
    assert calm.to_act == plain.to_act and calm.draft["mode"] == "solo"


def test_hand_is_hidden_from_others_but_open_picks_are_known():
    """«Нельзя показывать свои карточки другим игрокам»."""
    st = GAME.new_state(players=2, seed=8)
    seat = st.to_act[0]
    card = st.row[0]
    st.apply(seat, Pick(card))
    other = 1 - seat
    view = st.view(other)["state"]["players"][seat]
    assert view["hand"] is None and view["hand_count"] == 6
    assert view["hand_known"] == [card]
    assert st.view(seat)["state"]["players"][seat]["hand"] == st.hand[seat]


def test_pass_is_not_possible_during_lookout():
    st = GAME.new_state(players=2, seed=8)
    with pytest.raises(IllegalAction):
        st.apply(st.to_act[0], Pass())
