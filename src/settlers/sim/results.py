"""Result files: one row per game, as JSON Lines (`.jsonl`) or Parquet (`.parquet`).

Rows are save records (see `settlers.sim.play`), so any game of a run can be rebuilt
(`settlers.sim.recorded`). In Parquet the nested fields
(options, seats, scores, log, error, …) are stored as JSON text columns and decoded on reading,
so both formats read back to the same rows.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from settlers.core.actions import json_fault
from settlers.core.errors import SettlersError
from settlers.core.user_files import (
    UnreadableFile,
    UnwritableFile,
    check_writable,
    open_for_writing,
    open_user_file,
    read_user_lines,
    writing_reason,
)

JSON_COLUMNS = ("options", "seats", "bot_seeds", "scores", "winners", "error", "log")
# a row of a JSON Lines file is read whole: at most this many bytes (a row that kept its
# game's log holds every action of it; a long game's is a few hundred kilobytes)
MAX_ROW_BYTES = 64_000_000
SCALAR_COLUMNS = ("format", "format_version", "index", "game", "rules", "players", "seed",
                  "actions", "seconds", "digest")


class ResultsError(SettlersError, ValueError):
    """A results file that cannot be written or read."""


def result_format(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".parquet", ".pq"):
        return "parquet"
    raise ResultsError("sim.bad_results_suffix", path=str(path))


class ResultsWriter:
    """Writes rows as games finish. JSON Lines are streamed to the file at once (a crash keeps
    every finished game) and only their offsets are remembered; Parquet rows are kept until
    the end (prefer .jsonl for runs of millions of games). On close the file is rewritten
    sorted by game index, so the same job gives the same file whatever the backend or the
    number of workers."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.format = result_format(path)
        # a place that cannot hold the file is refused now (UnwritableFile, in the user's
        # words), not once the games are played
        self._handle: IO[bytes] | None = None
        if self.format == "jsonl":
            self._handle = open_for_writing(path, "wb")
        else:
            check_writable(path)
        self._rows: list[dict[str, Any]] = []
        self._lines: list[tuple[int, int, int]] = []  # (game index, offset, length)
        self._offset = 0
        self._closed = False

    def write(self, row: dict[str, Any]) -> None:
        if self._handle is None:
            self._rows.append(row)
            return
        data = json_line(row).encode("utf-8")
        self._handle.write(data)
        self._handle.flush()
        self._lines.append((row["index"], self._offset, len(data)))
        self._offset += len(data)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            if self._handle is not None:
                self._handle.close()
                self._handle = None
                with self.path.open("rb") as source, tmp.open("wb") as target:
                    for _, offset, length in sorted(self._lines):
                        source.seek(offset)
                        target.write(source.read(length))
            else:
                write_parquet(tmp, sorted(self._rows, key=lambda r: r["index"]))
            os.replace(tmp, self.path)
        except OSError as exc:
            # (a full disk while the sorted copy is written): the file keeps every finished
            # game in the order they ended — the copy is let go, the fault said in words
            tmp.unlink(missing_ok=True)
            raise UnwritableFile(str(self.path), writing_reason(exc)) from None

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def json_line(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n"


def write_rows(path: str | os.PathLike[str], rows: list[dict[str, Any]]) -> Path:
    with ResultsWriter(path) as writer:
        for row in rows:
            writer.write(row)
    return Path(path)


def write_parquet(path: Path, rows: list[dict[str, Any]]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns: dict[str, list[Any]] = {name: [] for name in SCALAR_COLUMNS + JSON_COLUMNS}
    for row in rows:
        for name in SCALAR_COLUMNS:
            columns[name].append(row.get(name))
        for name in JSON_COLUMNS:
            value = row.get(name)
            columns[name].append(None if value is None
                                 else json.dumps(value, ensure_ascii=False))
    schema = pa.schema([
        ("format", pa.string()), ("format_version", pa.int64()), ("index", pa.int64()),
        ("game", pa.string()), ("rules", pa.string()), ("players", pa.int64()),
        ("seed", pa.int64()),
        ("actions", pa.int64()), ("seconds", pa.float64()), ("digest", pa.string()),
    ] + [(name, pa.string()) for name in JSON_COLUMNS])
    pq.write_table(pa.table(columns, schema=schema), path)


def read_rows(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every row of a results file; ResultsError names what is wrong with an unreadable file
    or a line that is not a row."""
    return list(iter_rows(path))


def iter_rows(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The rows of a results file one by one: a JSON Lines file is read a line at a time (a
    run of millions of games is never held whole), as every user's file is read
    (settlers.core.user_files). ResultsError names what is wrong with an unreadable file or
    a line that is not a row, in the reader's language."""
    kind = result_format(path)
    try:
        if kind == "jsonl":
            for number, line in read_user_lines(path, MAX_ROW_BYTES):
                if line.strip():
                    yield parse_row(line, path, number)
        else:
            yield from _read_parquet(path)
    except UnreadableFile as exc:
        raise ResultsError("sim.results_unreadable", path=str(path), reason=exc.reason) from None


def parse_row(line: str, path: str | os.PathLike[str], number: int) -> dict[str, Any]:
    """One line of a JSON Lines results file as a row (a JSON object)."""
    try:
        row = json.loads(line)
    except RecursionError:
        raise ResultsError("sim.bad_results_line", path=str(path), line=number,
                           error="core.json.too_deep") from None
    except ValueError as exc:
        raise ResultsError("sim.bad_results_line", path=str(path), line=number,
                           error=json_fault(exc)["reason"]) from None
    if not isinstance(row, dict):
        raise ResultsError("sim.bad_results_line", path=str(path), line=number,
                           error="sim.row_not_object")
    return row


def _read_parquet(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    with open_user_file(path) as source:   # a regular file (pyarrow would read a folder)
        try:
            table: list[dict[str, Any]] = pq.read_table(source).to_pylist()
        except (pa.ArrowException, ValueError, RecursionError):
            raise ResultsError("sim.bad_results_file", path=str(path),
                               error="sim.not_parquet") from None
    try:
        for row in table:
            for name in JSON_COLUMNS:
                if row.get(name) is not None:
                    row[name] = json.loads(row[name])
    except (pa.ArrowException, ValueError, RecursionError):
        raise ResultsError("sim.bad_results_file", path=str(path),
                           error="sim.not_parquet") from None
    return table
