"""The tenth pass's rows for the main turn (issue 19): the buildable rows are tuples of True and
False (a tuple's subscript and a bool's test are the interpreter's fast paths), and an action
location is checked on a short row first (``CardTables.act_row``), the whole ``action_row``
read only for an action with an op, gold, raze tokens, cards in hand or deals in its cost.
What the main turn lists from them is checked against ``can_build`` and ``can_activate`` in
``test_imperial_fast_paths.py``; here, the rows themselves, and the listing of the short-row
actions (workers, wood, stone and food only) against ``can_activate`` where a supply is just
short or just enough, once and twice."""

import itertools

from settlers.games.imperial import GAME
from settlers.games.imperial.actions import Activate
from settlers.games.imperial.content import load_cards
from settlers.games.imperial.marks import refresh_marks
from settlers.games.imperial.operations import can_activate
from settlers.games.imperial.tables import CardTables, tables
from settlers.games.imperial.turn import turn_actions


def test_buildable_rows_are_tuples_of_bools_on_both_paths():
    cards = load_cards()
    by_class = CardTables(cards)
    by_card = CardTables(cards)
    by_card._build_class = None   # the card-by-card path
    for supply in itertools.product(range(4), range(4), range(4), range(5), (False, True)):
        for t in (by_class, by_card):
            row = t.buildable(*supply)
            assert type(row) is tuple and len(row) == len(cards)
            assert all(v is True or v is False for v in row), supply


def test_act_row_is_the_action_row_shortened():
    t = tables(load_cards())
    short = 0
    for c in t.cards:
        row, act = t.action_row[c.index], t.act_row[c.index]
        if row is None:
            assert act is None
            continue
        limit, w, s, f, g, wk, rz, cd, deals, op, _ = row
        assert act[:3] == (limit, wk, (w, s, f) if w or s or f else None)
        if op is None and not (g or rz or cd or deals):
            assert act[3] is None
            short += 1
        else:
            assert act[3] is row
    assert short > 30   # most actions take the short row


def test_short_row_actions_are_listed_as_can_activate_says_at_the_edges():
    """Every action that takes the short row, alone in an empire, marked unused and used once,
    against every supply of wood, stone and food from its cost's minus one to its doubled cost,
    gold 0–2 and workers around its figure: listed once and twice exactly as
    ``can_activate`` answers."""
    st = GAME.new_state(players=2, seed=0)
    t = st.tables
    seen = {(times, answer): 0 for times in (1, 2) for answer in (False, True)}
    for cid, act in enumerate(t.act_row):
        if act is None or act[3] is not None:
            continue
        limit, wk, wsf = act[:3]
        w, s, f = wsf or (0, 0, 0)
        for locs in st.locs:
            if cid in locs:
                locs.remove(cid)
        st.locs[0] = [cid]
        refresh_marks(st)   # the locations set directly (marks.py)
        for used, wood, stone, food, gold, workers in itertools.product(
                range(limit), range(max(w - 1, 0), 2 * w + 1), range(max(s - 1, 0), 2 * s + 1),
                range(max(f - 1, 0), 2 * f + 1), range(3), sorted({max(wk - 1, 0), wk, 2 * wk})):
            st.info[cid] = [used, 0, 0, -1, 0]
            st.goods[0][:4] = [wood, stone, food, gold]
            st.goods[0][4] = workers
            st.acted = False
            listed = turn_actions(st, 0)
            for times in (1, 2):
                expected = can_activate(st, 0, cid, times)
                assert (Activate(cid, times) in listed) == expected, \
                    (cid, used, st.goods[0], times)
                seen[times, expected] += 1
    assert min(seen.values()) > 50, seen
