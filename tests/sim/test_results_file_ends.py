"""The two ends of a results file's life that the fifth and sixth passes left: a run killed while
writing leaves a last line cut short, which the next run cuts off (read back from the file's
end, never the whole file); and the sorted copy written on close fails (a full disk) — the
file keeps every finished game, the copy is let go and the fault is said in the user's words."""

from __future__ import annotations

import errno
import io
import os

import pytest

from settlers.core.user_files import UnwritableFile
from settlers.sim import ladder, results
from settlers.sim.results import ResultsWriter


@pytest.mark.parametrize(("data", "kept"), [
    (b"", b""),
    (b'{"a":1}\n', b'{"a":1}\n'),
    (b'{"a":1}\n{"b":', b'{"a":1}\n'),
    (b'{"b":', b""),
    # the last whole line further back than one chunk read from the end
    (b'{"a":1}\n' + b"x" * (3 * ladder.CUT_CHUNK + 5), b'{"a":1}\n'),
    (b"y" * ladder.CUT_CHUNK + b"\n" + b"z" * ladder.CUT_CHUNK, b"y" * ladder.CUT_CHUNK + b"\n"),
])
def test_a_last_line_cut_short_is_cut_off(tmp_path, data, kept):
    path = tmp_path / "r.jsonl"
    path.write_bytes(data)
    ladder.drop_cut_line(path)
    assert path.read_bytes() == kept


def test_cutting_reads_only_the_end_of_a_large_file(tmp_path, monkeypatch):
    path = tmp_path / "r.jsonl"
    path.write_bytes(b'{"a":1}\n' * 200_000 + b'{"cut')
    read = []
    real_open = io.open

    class Counting(io.BufferedRandom):
        def read(self, n=-1):
            out = super().read(n)
            read.append(len(out))
            return out

    def counting_open(file, mode="r", *args, **kwargs):
        if mode == "r+b":
            return Counting(io.FileIO(file, "r+"))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr("pathlib.io.open", counting_open)
    ladder.drop_cut_line(path)
    assert path.read_bytes().endswith(b'{"a":1}\n')
    assert os.path.getsize(path) == 8 * 200_000
    assert read and sum(read) <= 2 * ladder.CUT_CHUNK   # not the file's 1.6 MB


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_a_failing_sorted_copy_keeps_the_file_and_says_why(tmp_path, monkeypatch, suffix):
    pytest.importorskip("pyarrow") if suffix == ".parquet" else None
    path = tmp_path / f"r{suffix}"
    writer = ResultsWriter(path)
    rows = [{"index": i, "game": "catan", "seed": i} for i in (2, 0, 1)]
    for row in rows:
        writer.write(row)
    before = path.read_bytes() if suffix == ".jsonl" else None

    def full_disk(src, dst):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(results.os, "replace", full_disk)
    with pytest.raises(UnwritableFile) as caught:
        writer.close()
    assert str(path) in caught.value.message("en")
    assert "ENOSPC" in caught.value.message("en") and "ENOSPC" in caught.value.message("ru")
    assert not path.with_name(path.name + ".tmp").exists()
    if before is not None:   # every finished game is still there, in the order they ended
        assert path.read_bytes() == before
