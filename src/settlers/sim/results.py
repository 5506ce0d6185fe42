"""Result files: one row per game, as JSON Lines (`.jsonl`) or Parquet (`.parquet`).

Rows are save records (see `settlers.sim.play`), so `state_from_row` — and `settlers replay`
on a row written out by `extract_save` — rebuilds any game. In Parquet the nested fields
(options, seats, scores, log, error, …) are stored as JSON text columns and decoded on reading,
so both formats read back to the same rows.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from settlers.core.errors import SettlersError
from settlers.core.saves import save, state_from_record

JSON_COLUMNS = ("options", "seats", "bot_seeds", "scores", "winners", "error", "log")
SCALAR_COLUMNS = ("format", "format_version", "index", "game", "players", "seed", "actions",
                  "seconds", "digest")


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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._rows: list[dict[str, Any]] = []
        self._lines: list[tuple[int, int, int]] = []  # (game index, offset, length)
        self._offset = 0
        self._handle = self.path.open("wb") if self.format == "jsonl" else None
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
        ("game", pa.string()), ("players", pa.int64()), ("seed", pa.int64()),
        ("actions", pa.int64()), ("seconds", pa.float64()), ("digest", pa.string()),
    ] + [(name, pa.string()) for name in JSON_COLUMNS])
    pq.write_table(pa.table(columns, schema=schema), path)


def read_rows(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    kind = result_format(path)
    if kind == "jsonl":
        rows = []
        with Path(path).open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ResultsError("sim.bad_results_line", path=str(path), line=number,
                                       error=str(exc)) from None
        return rows
    import pyarrow.parquet as pq

    table = pq.read_table(path).to_pylist()
    for row in table:
        for name in JSON_COLUMNS:
            if row.get(name) is not None:
                row[name] = json.loads(row[name])
    return table


def find_row(rows: list[dict[str, Any]], index: int) -> dict[str, Any]:
    for row in rows:
        if row.get("index") == index:
            return row
    raise ResultsError("sim.no_such_game", index=index,
                       known=f"{min(r['index'] for r in rows)}..{max(r['index'] for r in rows)}"
                       if rows else "-")


def state_from_row(row: dict[str, Any]):
    """The game a row describes: replayed from its log, or re-played by its bots if the log
    was not kept (same seeds, same line-up; exact for iteration budgets, not for `ms`)."""
    if row.get("log") is not None:
        return state_from_record(row, f"game {row.get('index')}")
    from settlers.core import load
    from settlers.sim.play import play_out
    from settlers.sim.seating import parse_seat

    state = load(row["game"]).new_state(row["players"], row["seed"], row["options"])
    bots = [parse_seat(label).build(seed)
            for label, seed in zip(row["seats"], row["bot_seeds"], strict=True)]
    with contextlib.suppress(Exception):  # a failed game stops where it failed in the run
        play_out(state, bots, max(int(row.get("actions") or 0), 1))
    return state


def extract_save(results: str | os.PathLike[str], index: int,
                 target: str | os.PathLike[str]) -> Path:
    """Write game `index` of a results file as a save file for `settlers replay`."""
    row = find_row(read_rows(results), index)
    state = state_from_row(row)
    return save(state, target, meta={"results": str(results), "index": index,
                                     "seats": row["seats"]})

