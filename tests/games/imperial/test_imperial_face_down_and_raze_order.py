"""Two departures a second reading of the rulebook found (2026-12-05).

* L308 «Нельзя показывать свои карточки другим игрокам»: a card leaving the hand face down (a
  deal, L199; a foundation laid from the hand, «Святилище»; a card under the «Врата») shows only
  its back. The cards the others saw the player take in the open lookout (``known``, the
  view's ``hand_known``) must not tell them which card went: every known card with the same
  back may be the one, so none of them is known to be in the hand any more.
* L495-498 «3. Взять из общего запаса товары, указанные бонусом разрушения выбранной карточки.
  4. Сбросить карточку.»: a card razed from the hand reaches the discard after its bonus is
  taken, so a card the bonus gives cannot be the razed card itself (through a common deck
  rebuilt from the discard).
"""

from __future__ import annotations

from imperial_scenario import play_with, scenario, to_empire, to_hand

from settlers.games.imperial.actions import Draw, MakeDeal, PutUnderGate, RazeCard
from settlers.games.imperial.content import RAZE


def hand_known(st, seat: int, viewer: int) -> list[int]:
    return st.view(viewer)["state"]["players"][seat]["hand_known"]


def test_a_known_card_put_under_the_gate_is_not_told_apart_from_an_unknown_one():
    """The «Врата» take a card face down: whichever of two common cards goes — the one the
    opponent saw taken or the one drawn unseen — the opponent's view is the same."""
    views = []
    for goes in (0, 1):
        st = scenario("japanese", "romans")
        gate = to_empire(st, 0, "JAP013")
        seen = to_hand(st, 0, "COM001")
        unseen = to_hand(st, 0, "COM010")
        st.known[0] = [seen]           # taken in the open lookout; the other came from the deck
        assert hand_known(st, 0, 1) == [seen]
        st.apply(0, PutUnderGate(gate, (seen, unseen)[goes]))
        views.append(st.view(1)["state"]["players"][0])
    assert views[0]["hand_known"] == views[1]["hand_known"] == []
    assert views[0] == views[1]


def test_a_known_empire_card_made_a_deal_is_not_told_apart_and_other_backs_stay_known():
    """A deal lies face down with its good in view (L199): of two empire cards the opponent saw
    taken, the one that became a deal cannot be told from the other (neither is known to be in
    the hand any more); a known common card (another back) is still known to be there."""
    views = []
    for goes in (0, 1):
        st = scenario("barbarians", "romans")
        common = to_hand(st, 0, "COM007")
        tower = to_hand(st, 0, "BAR012")
        other = st.fdeck["barbarians"].pop()   # another empire card the opponent saw taken
        st.hand[0].append(other)
        st.known[0] = [common, tower, other]
        play_with(st, 0, MakeDeal((tower, other)[goes]), F=1)
        assert hand_known(st, 0, 1) == [common]
        views.append(hand_known(st, 0, 1))
    assert views[0] == views[1]


def test_a_card_razed_from_the_hand_is_discarded_after_its_bonus_card_is_drawn():
    """«Место сбора» (raze bonus: a worker and a card) razed with the common deck and its
    discard empty: the card comes from the empire deck (the only one that can give it), and
    the razed card lies in the common discard, not back in the hand."""
    st = scenario("romans", "barbarians")
    razed = to_hand(st, 0, "COM079")
    assert st.cards[razed].raze == {"Wk": 1, "Card": 1}
    st.common_deck, st.common_discard = [], []
    st.goods[0][RAZE] = 1
    hand_before = len(st.hand[0])
    st.apply(0, RazeCard(razed))
    assert not st.pending                          # no choice: the empire deck gave the card
    assert razed not in st.hand[0] and st.common_discard == [razed]
    assert len(st.hand[0]) == hand_before          # the razed card out, the drawn card in
    assert not st.cards[st.hand[0][-1]].common


def test_when_the_bonus_asks_for_a_deck_the_razed_card_waits_for_the_draw():
    """With the common deck empty and its discard not, the bonus asks which deck: the razed
    card is not in the discard while the common deck is rebuilt from it, and lies there once
    the card is drawn."""
    st = scenario("romans", "barbarians")
    razed = to_hand(st, 0, "COM079")
    other = st.common_deck.pop()
    st.common_deck, st.common_discard = [], [other]
    st.goods[0][RAZE] = 1
    st.apply(0, RazeCard(razed))
    assert st.pending and st.pending[-1]["kind"] == "draw"
    assert razed not in st.common_discard and razed not in st.hand[0]
    st.apply(0, Draw("common"))
    assert other in st.hand[0] and razed not in st.hand[0]
    assert razed in st.common_discard


def test_a_razed_location_of_the_solo_opponent_waits_for_its_bonus_draws():
    """L513-514 «3. Взять из общего запаса товары, указанные бонусом разрушения локации
    противника. 4. Превратить разрушенную локацию в фундамент»; L820 (solo): «вы получаете
    товары с разрушенной локации обычным способом, но не превращаете её в фундамент, а
    перемещаете в сброс» — the discard takes the place of step 4, after the goods: with the
    common deck empty, the two cards of «Сторожевая вышка»'s bonus come from the discard as it
    was, never the tower itself."""
    from imperial_scenario import cid, give

    from settlers.games.imperial.actions import RazeLocation

    st = scenario("romans")                                  # one player: the solo game
    tower, other = cid(st, "COM065"), cid(st, "COM008")
    st.common_deck.remove(tower)
    st.common_deck.remove(other)
    st.virtual = [tower]
    st.common_discard = [other]
    st.trophies.extend(st.common_deck)
    st.common_deck.clear()
    give(st, 0, Raze=2)
    st.apply(0, RazeLocation(-1, tower))
    assert st.pending and st.pending[-1]["kind"] == "draw" and st.pending[-1]["n"] == 2
    assert tower not in st.common_discard and tower not in st.virtual
    st.apply(0, Draw("common"))
    assert other in st.hand[0]
    while st.pending and st.pending[-1]["kind"] == "draw":
        st.apply(0, st.legal_actions(0)[0])
    assert tower not in st.hand[0] and tower in st.common_discard
