"""The action log clones share (core/actionlog.py): reads like a list, never sees another
log's entries, pickles and deep-copies to its own entries, and records an entry without
allocating anything of its own."""

import copy
import gc
import pickle
import tracemalloc

import pytest

from settlers.core.actionlog import ActionLog
from settlers.core.actions import Action


class Step(Action, kind="step"):
    n: int


def entries(k: int) -> list[tuple[int, Action]]:
    return [(i % 3, Step(i)) for i in range(k)]


def test_reads_like_a_list():
    log = ActionLog(entries(5))
    plain = entries(5)
    assert len(log) == 5 and list(log) == plain and log == plain and plain == log
    assert log[0] == plain[0] and log[-1] == plain[-1]
    assert log[1:] == plain[1:] and log[::2] == plain[::2] and log[7:] == []
    assert isinstance(log[2:], list)
    with pytest.raises(IndexError):
        log[5]
    with pytest.raises(IndexError):
        log[-6]
    assert ActionLog() == [] and log != entries(4) and log != ActionLog(entries(4))


def test_shared_logs_never_see_each_others_entries():
    base = ActionLog(entries(3))
    a, b = base.share(), base.share()
    a.append((0, Step(10)))
    assert len(base) == 3 and len(b) == 3 and base == entries(3)
    b.append((1, Step(20)))  # the shared list already holds a's entry: b copies first
    assert a == [*entries(3), (0, Step(10))]
    assert b == [*entries(3), (1, Step(20))]
    base.append((2, Step(30)))
    assert base == [*entries(3), (2, Step(30))] and list(base)[-1] == (2, Step(30))
    assert a[-1] == (0, Step(10)) and b[-1] == (1, Step(20))
    assert a != b


def test_a_log_at_the_tip_appends_in_place():
    log = ActionLog(entries(2))
    twin = log.share()
    log.append((0, Step(5)))
    log.append((1, Step(6)))
    assert len(twin) == 2 and twin == entries(2)
    assert log == [*entries(2), (0, Step(5)), (1, Step(6))]


def test_pickle_and_deepcopy_keep_only_the_logs_own_entries():
    base = ActionLog(entries(3))
    ahead = base.share()
    ahead.append((0, Step(9)))
    for again in (pickle.loads(pickle.dumps(base)), copy.deepcopy(base)):
        assert again == entries(3) and len(again) == 3
        again.append((2, Step(7)))
        assert base == entries(3) and ahead[-1] == (0, Step(9))


def test_clones_of_one_state_share_its_past_and_keep_their_own_entries():
    root = ActionLog(entries(4))
    first = root.share()  # freezes root's entries once
    second = root.share()
    first.append((0, Step(100)))
    second.append((1, Step(200)))
    root.append((2, Step(300)))
    assert first == [*entries(4), (0, Step(100))]
    assert second == [*entries(4), (1, Step(200))]
    assert root == [*entries(4), (2, Step(300))]
    grand = first.share()
    grand.append((2, Step(400)))
    assert grand[4] == (0, Step(100)) and grand[-1] == (2, Step(400)) and len(grand) == 6
    assert grand[3:] == [entries(4)[3], (0, Step(100)), (2, Step(400))]
    assert grand[5:] == [(2, Step(400))] and grand[::-1][0] == (2, Step(400))
    assert (0, Step(100)) in grand and (1, Step(200)) not in grand
    assert next(reversed(first)) == (0, Step(100))


def test_the_log_is_append_only():
    log = ActionLog(entries(3))
    for rewrite in (lambda: log.pop(), lambda: log.insert(0, (0, Step(1))),
                    lambda: log.__setitem__(0, (0, Step(1))), lambda: log.__delitem__(0),
                    lambda: log.clear(), lambda: log.sort(), lambda: log.reverse()):
        with pytest.raises(TypeError, match="append-only"):
            rewrite()
    assert log == entries(3)


def test_a_log_cloned_after_every_entry_keeps_few_chunks():
    log = ActionLog()
    for k, entry in enumerate(entries(1000)):
        log.append(entry)
        if k % 3:
            log = log.share()
    assert len(log._chunks()) <= 11
    assert log == entries(1000) and [log[i] for i in range(1000)] == entries(1000)


def test_every_way_of_adding_gives_the_same_log():
    by_append, by_record, by_extend, by_iadd = ActionLog(), ActionLog(), ActionLog(), ActionLog()
    for seat, action in entries(7):
        by_append.append((seat, action))
        by_record.record(seat, action)
    by_extend.extend(entries(7))
    by_iadd += entries(7)
    for log in (by_append, by_record, by_extend, by_iadd, ActionLog(entries(7))):
        assert log == entries(7) and log == by_append and len(log) == 7
    assert by_append + [(0, Step(99))] == [*entries(7), (0, Step(99))]  # noqa: RUF005 (the log's +)
    assert [(0, Step(99))] + by_append == [(0, Step(99)), *entries(7)]  # noqa: RUF005
    assert not ActionLog() and ActionLog(entries(1))
    assert ActionLog(entries(2)).share() == entries(2) and ActionLog(entries(2)) != entries(3)


def test_recording_allocates_no_tuple_per_entry():
    # core/actionlog.py: the entries are kept as two columns (seats, actions); a tuple per
    # entry would cost 56+ bytes and a live object for the garbage collector each
    action = Step(1)
    log = ActionLog()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for k in range(20_000):
        log.record(k % 4, action)
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert grown < 20_000 * 24, grown   # the two columns' pointers (~18 bytes an entry)
    assert log[12_345] == (1, action) and len(log) == 20_000
    tracked = [o for o in gc.get_referents(log) if gc.is_tracked(o) and not isinstance(o, type)]
    assert len(tracked) <= 2   # the two columns (and no prefix yet)


def test_the_log_is_read_as_tuples_across_frozen_chunks():
    log = ActionLog()
    want = entries(50)
    for k, entry in enumerate(want):
        log.append(entry)
        if k % 7 == 0:
            log.share()
    assert log == want and list(log) == want and log.entries() == want
    assert [log[i] for i in range(-50, 50)] == want + want
    assert log[10:45] == want[10:45] and log[48:] == want[48:] and log[::-3] == want[::-3]
    assert log.index(want[20]) == 20 and log.count(want[3]) == 1 and want[49] in log
    assert list(reversed(log)) == want[::-1] and log.copy() == want
    assert repr(ActionLog(entries(1))) == f"ActionLog({entries(1)!r})"
