"""settlers.core.collector: a long run's heap is frozen between games on a doubling schedule,
after its cyclic garbage is collected; a server's collector is tuned once."""

from __future__ import annotations

import gc
import weakref

import pytest

from settlers.core import collector
from settlers.core.collector import LongRun


@pytest.fixture(autouse=True)
def _restore_collector():
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_a_long_run_freezes_after_the_1st_2nd_4th_game_then_every_few(monkeypatch):
    monkeypatch.setattr(collector, "FREEZE_EVERY", 4)
    run = LongRun()
    froze = [g for g in range(1, 21) if run.game_over()]
    assert froze == [1, 2, 4, 8, 12, 16, 20]
    assert run.games == 20


def test_a_freeze_keeps_what_lives_and_collects_the_garbage_first():
    class Node:
        pass

    garbage = Node()
    garbage.me = garbage  # a cycle: only the collector frees it
    gone = weakref.ref(garbage)
    kept = Node()
    del garbage
    gc.unfreeze()
    assert LongRun().game_over()
    assert gone() is None  # collected, not frozen
    assert gc.get_freeze_count() > 0
    # what lives is frozen: in the permanent generation, never scanned by a collection
    assert not any(o is kept for o in gc.get_objects(generation=2))


def test_no_freeze_between_the_scheduled_games():
    run = LongRun()
    assert run.game_over()  # game 1
    gc.unfreeze()
    assert run.game_over()  # game 2
    assert gc.get_freeze_count() > 0
    gc.unfreeze()
    assert not run.game_over()  # game 3
    assert gc.get_freeze_count() == 0


def test_a_server_collector_is_tuned_once_or_left_alone():
    before = gc.get_threshold()
    collector.tune(0)
    assert gc.get_threshold() == before
    collector.tune(20_000)
    assert gc.get_threshold() == (20_000, collector.OLDER, collector.OLDER)
    assert gc.get_freeze_count() > 0
