"""benchmarks/founders_update_readers.py: every index update counted once under the engine
function that asked for it, the lazier index's updates counted where a step reads the board's
cells, and the engine put back as it was after a run."""

from __future__ import annotations

from pathlib import Path

import settlers
from settlers.games.founders import attaching, placement, scoring, tokens, turn
from settlers.testing.scripts import load_script as load_script_at

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load_script():
    return load_script_at(BENCH / "founders_update_readers.py", "founders_update_readers")


def test_every_update_is_counted_once_by_its_asker_and_the_engine_is_put_back(monkeypatch):
    bench = load_script()
    engine = [(m, n, getattr(m, n)) for m in (placement, tokens, scoring, attaching)
              for n in ("index_of",)]
    engine += [(turn, n, getattr(turn, n)) for n in ("choosable", "place_cells",
                                                     "master_actions")]
    engine += [(tokens, n, getattr(tokens, n)) for n in ("master_actions", "master_cells",
                                                        "_board_menu")]
    calls = []
    update = placement.PlacementIndex.update

    def counted(self, board, changed):
        calls.append(len(changed))
        return update(self, board, changed)
    monkeypatch.setattr(placement.PlacementIndex, "update", counted)
    counts = bench.count(range(3, 4))
    for owner, name, value in engine:
        assert getattr(owner, name) is value, name
    # the lengths' pass plays the same games first (the same draws, the same updates)
    assert len(calls) % 2 == 0 and calls[:len(calls) // 2] == calls[len(calls) // 2:]
    measured = calls[len(calls) // 2:]
    assert sum(counts.updates.values()) == len(measured) > 0
    assert sum(counts.changed) == sum(measured)
    game = settlers.load("founders")
    assert sum(counts.actions) == sum(bench.engine_tenths._length(game, s) for s in (3,))
    # (a finding, not a rule: the reveal's «can anyone still score» asks for nearly all)
    asked = sum(v for (_, asker), v in counts.updates.items() if asker == "can_still_score")
    assert asked >= 0.8 * len(measured)
    # a lazier index updates a board where a step reads its cells: never more often than
    # the boards changed and were read, at least once a board's owner attached and then read
    assert 0 < sum(counts.deferred) <= len(measured) + 4
    assert sum(counts.deferred_cells) >= sum(counts.deferred)
    table = bench.table(counts)
    assert "updates asked by `can_still_score`" in table and "deferred: updates" in table
