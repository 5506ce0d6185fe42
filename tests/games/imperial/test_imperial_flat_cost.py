"""The shortcuts that keep the cost of a main turn flat over a game (issue 19, "a flat cost
per action") give, at every step of seeded games, what the plain definitions give:

* ``turn.free_actions`` skips its scan of the empire when no «Врата», «Часовня» or samurai can
  apply: the same list (and the same first answer for ``has_free_action``) as the full scan;
  the main turn (``turn_actions``) asks it only where its first test may pass: the free
  actions it lists are the full scan's;
* the activations of a main turn are checked by what the supply pays
  (``tables.pays_action``): a location is listed once exactly when
  ``operations.can_activate(st, seat, card, 1)`` and twice when ``can_activate(…, 2)``;
* the hand's loop looks for an identical copy only for cards that have one
  (``CardTables.has_copies``);
* ``supply.controlled`` looks at the other empires only for a seat holding a capture
  (``supply.holds_captures``): the same locations as every empire scanned.
"""


from imperial_scenario import seeded_states

from settlers.core import Action
from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Activate
from settlers.games.imperial.content import (
    CAPTOR,
    DEF,
    DEFENCE,
    GOOD_INDEX,
    SAMURAI,
    USED,
    WK,
)
from settlers.games.imperial.decks import distinct_hand
from settlers.games.imperial.operations import can_activate
from settlers.games.imperial.supply import controlled
from settlers.games.imperial.tables import tables
from settlers.games.imperial.turn import (
    SHRINE_GOODS,
    _on_shrine,
    _under_gate,
    free_actions,
    has_free_action,
)

# seeded games of every player count, with the Japanese (samurai) and the Egyptians in play
CASES = [(players, seed, {"empires": empires})
         for players, empires in ((2, "japanese,romans"), (3, "barbarians,japanese,egyptians"),
                                  (4, "romans,barbarians,japanese,egyptians"))
         for seed in range(12)]


def _free_actions_from_scratch(st, seat: int) -> list[Action]:
    """``free_actions`` as the rule reads: every location of the empire, in order."""
    out: list[Action] = []
    t = st.tables
    supply = st.goods[seat]
    samurai = supply[WK] and st.emp[seat] == "japanese"
    for cid in st.locs[seat]:
        if supply[DEF] and t.common[cid] and not st.info[cid][DEFENCE]:
            out.append(t.place_defence[cid])
        if samurai and t.japanese[cid] and not st.info[cid][SAMURAI]:
            out.append(t.place_samurai[cid])
        for kind, most in t.free[cid]:
            if kind == "gate":
                if len(st.gate.get(cid, ())) < most:
                    out.extend(_under_gate(cid, h) for h in distinct_hand(st, seat))
            else:
                out.extend(_on_shrine(cid, g) for g in SHRINE_GOODS
                           if supply[GOOD_INDEX[g]])
    return out


def _controlled_from_scratch(st, seat: int) -> list[int]:
    """``supply.controlled`` as the rule reads: one's own locations not captured, then the
    locations captured from each other empire in seat order."""
    own = [cid for cid in st.locs[seat] if st.info[cid][CAPTOR] < 0]
    for other, locs in enumerate(st.locs):
        if other != seat:
            own += [cid for cid in locs if st.info[cid][CAPTOR] == seat]
    return own


FREE_KINDS = {"place_defence", "place_samurai", "put_under_gate", "put_on_shrine"}


def test_free_actions_and_the_doubled_activation_match_the_plain_definitions():
    seen = {"captured": 0, "free": 0, "free_some": 0, "samurai_or_feature": 0, "once_yes": 0,
            "once_no": 0, "twice_yes": 0, "twice_no": 0, "twice_over_limit": 0}
    for players, seed, options in CASES:
        for st, seat in seeded_states(players, seed, options):
            if st.phase != "actions" or st.pending or seat != st.turn:
                continue
            expected = _free_actions_from_scratch(st, seat)
            assert free_actions(st, seat) == expected, (players, seed, len(st.log))
            assert has_free_action(st, seat) == bool(expected)
            first = free_actions(st, seat, first=True)   # stops once something is found
            assert bool(first) == bool(expected) and first == expected[:len(first)]
            mine = _controlled_from_scratch(st, seat)
            assert controlled(st, seat) == mine, (players, seed, len(st.log))
            seen["captured"] += any(st.info[cid][CAPTOR] == seat for cid in mine)
            seen["free"] += 1
            seen["free_some"] += bool(expected)
            t = st.tables
            if (st.goods[seat][WK] and st.emp[seat] == "japanese") or \
                    not t.free_cards.isdisjoint(st.locs[seat]):
                seen["samurai_or_feature"] += 1
            if st.acted:
                continue
            listed = st.legal_actions(seat)
            # the main turn asks free_actions only where its first test may pass
            assert [a for a in listed if a.kind in FREE_KINDS] == expected
            for cid in controlled(st, seat):
                if not t.has_action[cid]:
                    continue
                once = can_activate(st, seat, cid, 1)
                assert (Activate(cid) in listed) == once, (players, seed, len(st.log))
                seen["once_yes" if once else "once_no"] += 1
                if not once:
                    continue
                over = st.info[cid][USED] + 2 > t.action_limit[cid]
                seen["twice_over_limit"] += over
                twice = can_activate(st, seat, cid, 2)
                assert (Activate(cid, 2) in listed) == twice, (players, seed, len(st.log))
                seen["twice_yes" if twice else "twice_no"] += 1
    # the games reach every branch compared above
    assert all(seen.values()), seen


def test_has_copies_marks_the_cards_with_an_identical_copy():
    st = GAME.new_state(players=2, seed=0)
    t = tables(st.cards)
    for c in st.cards:
        copies = [d for d in st.cards if t.twins[d.index] == t.twins[c.index]]
        assert t.has_copies[c.index] == (len(copies) > 1)
        assert t.free_cards.__contains__(c.index) == bool(t.free[c.index])
    assert any(t.has_copies) and not all(t.has_copies)


def test_identical_copies_in_hand_are_offered_once_and_the_rest_each():
    """A hand holding two identical cards and cards without a copy lists one build of the
    pair and one of each other card (the shortcut skips the look-up only for the latter)."""
    st = GAME.new_state(players=2, seed=0, options={"empires": "romans,barbarians"})
    t = tables(st.cards)
    pair = next(c.index for c in st.cards
                if t.common[c.index] and t.has_copies[c.index] and not c.foundation)
    twin = next(c.index for c in st.cards
                if c.index != pair and t.twins[c.index] == t.twins[pair])
    single = next(c.index for c in st.cards
                  if t.common[c.index] and not t.has_copies[c.index] and not c.foundation)
    st.pending.clear()
    st.phase, st.turn, st.acted, st.turn_done = "actions", 0, False, False
    st.passed = [False, False]
    st.hand[0] = [pair, single, twin]
    st.goods[0] = [9, 9, 9, 0, 0, 0, 0]
    builds = [a.card for a in st.legal_actions(0) if a.kind == "build"]
    assert builds == [pair, single]
