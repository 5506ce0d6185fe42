"""The alternative lookout's pass is seen by the passer: «выбирает и добавляет к отложенным
карточкам одну, после чего передаёт оставшиеся две следующему игроку по часовой стрелке.
Игроки выбирают одну из двух полученных карточек… Последняя оставшаяся карточка сбрасывается»
(imperial-settlers.ru.txt L730-731). The passer saw both cards and the discard lies face up, so
it knows which card the next player kept — until that card leaves the hand in the open."""

import random

import pytest
from imperial_scenario import give, to_empire, to_hand

from settlers.games.imperial import GAME, view
from settlers.games.imperial.actions import MakeDeal, Pick, PutUnderGate, RazeCard
from settlers.games.imperial.protocol import ImperialGame
from settlers.testing.conformance import ConformanceError, check_views

SEEN_EN = "Kept from your pass"
SEEN_RU = "Оставил из переданных вами"


def _after_pass(seed=5, empires="romans,japanese,barbarians"):
    """Three players through the alternative lookout, each picking its offer's first card.
    Returns the state and, per seat, the card its receiver (the next seat) kept from its pass."""
    st = GAME.new_state(players=3, seed=seed,
                        options={"lookout": "alternative", "empires": empires})
    for s in range(3):
        st.apply(s, Pick(st.draft["offer"][s][0]))
    kept = {}
    for s in range(3):   # the step-2 offer of seat s + 1 is what seat s passed
        kept[s] = st.draft["offer"][(s + 1) % 3][0]
    passed = {s: list(st.draft["offer"][(s + 1) % 3]) for s in range(3)}
    for s in range(3):
        st.apply(s, Pick(st.draft["offer"][s][0]))
    assert st.phase == "actions"
    for s in range(3):
        discarded = [c for c in passed[s] if c != kept[s]]
        assert all(c in st.common_discard for c in discarded)     # the discard is open
        assert kept[s] in st.hand[(s + 1) % 3]
    return st, kept


def test_the_passer_sees_the_card_its_receiver_kept():
    st, kept = _after_pass()
    for passer in range(3):
        receiver = (passer + 1) % 3
        third = (passer + 2) % 3
        assert st.view(passer)["state"]["players"][receiver]["hand_seen"] == [kept[passer]]
        # nobody else learns it: the third player, the receiver itself, a spectator
        assert kept[passer] not in st.view(third)["state"]["players"][receiver]["hand_seen"]
        assert st.view(receiver)["state"]["players"][receiver]["hand_seen"] == []
        assert st.view(None)["state"]["players"][receiver]["hand_seen"] == []
    for lang, label in (("en", SEEN_EN), ("ru", SEEN_RU)):
        name = st.cards[kept[0]].name[lang]
        mine = [line for line in st.render(0, lang).splitlines() if label in line]
        assert len(mine) == 1 and name in mine[0]   # under seat 1's block only
        assert SEEN_EN not in st.render(None, lang) and SEEN_RU not in st.render(None, lang)
    check_views(st, random.Random(1))


def test_the_passer_forgets_the_card_once_it_leaves_the_hand():
    st, kept = _after_pass()
    receiver = st.turn
    passer = (receiver - 1) % 3
    card = kept[passer]
    give(st, receiver, Raze=1)
    st.apply(receiver, RazeCard(card))       # razed from the hand: all see it go (L495-498)
    assert card not in st.hand[receiver]
    assert st.view(passer)["state"]["players"][receiver]["hand_seen"] == []
    assert card not in st.hand_seen[passer]
    check_views(st, random.Random(2))


def test_a_card_with_the_same_back_going_face_down_may_be_the_seen_one():
    """A card under the «Врата» lies face down: the passer sees a common back go, which may be
    the card it knows, so it no longer knows that card is in the hand; an empire card made a
    deal (face down, L199) has another back and changes nothing."""
    st, kept = _after_pass()
    receiver = st.turn
    assert st.emp[receiver] == "japanese"
    passer = (receiver - 1) % 3
    gate = to_empire(st, receiver, "JAP013")
    dealt = to_hand(st, receiver, "JAP001")
    give(st, receiver, F=1)
    st.apply(receiver, MakeDeal(dealt))
    assert st.view(passer)["state"]["players"][receiver]["hand_seen"] == [kept[passer]]
    other = next(c for c in st.hand[receiver] if c != kept[passer] and st.cards[c].common)
    st.apply(receiver, PutUnderGate(gate, other))
    assert kept[passer] in st.hand[receiver]
    assert st.view(passer)["state"]["players"][receiver]["hand_seen"] == []
    check_views(st, random.Random(3))


def test_the_passers_worlds_keep_the_kept_card_the_others_vary_it():
    st, kept = _after_pass()
    for passer in range(3):
        receiver = (passer + 1) % 3
        third = (passer + 2) % 3
        card = kept[passer]
        assert all(card in st.determinize(passer, seed).hand[receiver] for seed in range(25))
        # a seat that did not see the pass: the card is redealt (it is often elsewhere)
        assert any(card not in st.determinize(third, seed).hand[receiver] for seed in range(25))
        # in the third seat's worlds the passer still knows a card in the receiver's hand:
        # the one now lying where the card it saw lay
        for seed in range(5):
            world = st.determinize(third, seed)
            (seen,) = world.hand_seen[passer]
            assert seen in world.hand[receiver]
            assert st.hand[receiver].index(card) == world.hand[receiver].index(seen)


def test_the_leak_check_catches_a_seen_card_shown_to_everyone(monkeypatch):
    st, _ = _after_pass()
    honest = view.state_view

    def leaking(state, seat):
        out = honest(state, seat)
        for s, player in enumerate(out["players"]):
            player["hand_seen"] = [c for seen in state.hand_seen for c in seen
                                   if c in state.hand[s]]
        return out

    monkeypatch.setattr(ImperialGame, "_view", leaking)
    with pytest.raises(ConformanceError, match="differs in a determinization"):
        check_views(st, random.Random(1))


def test_while_the_next_player_chooses_the_passer_knows_the_two_cards():
    """Step 2 (L730-731): the next player's offer is the two cards the passer passed; the passer
    sees them (its view, its worlds), not which one the next player has chosen so far."""
    st = GAME.new_state(players=3, seed=5, options={"lookout": "alternative"})
    for s in range(3):
        st.apply(s, Pick(st.draft["offer"][s][0]))
    passed = {s: list(st.draft["offer"][(s + 1) % 3]) for s in range(3)}
    st.apply(1, Pick(passed[0][1]))          # seat 1 chooses from what seat 0 passed
    for s in range(3):
        assert st.view(s)["state"]["alt_lookout"]["passed"] == passed[s]
    assert st.view(None)["state"]["alt_lookout"]["passed"] is None
    assert "“" + st.cards[passed[0][0]].name["en"] + "”" in st.render(0, "en")
    choices = set()
    for seed in range(20):
        world = st.determinize(0, seed)
        assert world.draft["offer"][1] == passed[0]
        choices.add(world.draft["choice"][1])
    assert choices == set(passed[0])          # which one was chosen stays unknown to seat 0
    assert any(st.determinize(2, seed).draft["offer"][1] != passed[0] for seed in range(20))
    check_views(st, random.Random(4))
