"""Hostile content files: what a huge number or a huge count of entries costs the server.

    PYTHONPATH=src .venv/bin/python benchmarks/hostile_content.py            # every case
    PYTHONPATH=src .venv/bin/python benchmarks/hostile_content.py --case NAME

Each case writes a user's content file with one hostile value (a number that sizes a list, a
loop, a board, a deck or a table; or as many entries as the size limit lets through), then,
in a subprocess limited to ``--memory`` MB of address space and ``--cpu`` seconds of CPU
(``resource.setrlimit``: the machine is never exhausted), validates it the way ``settlers
content install`` and a web upload do (``content_sets.validate``: a game is started with it)
and, where the number is used only in play, makes that first use. It prints the outcome
(``refused`` with the message, ``accepted``, ``MemoryError`` or ``CPU limit``), the seconds
and the peak memory. A case whose number grows shows its growth over several sizes.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


def _data(package: str, name: str) -> Any:
    return json.loads((resources.files(package) / "data" / name).read_text("utf-8"))


# ------------------------------------------------------------------ the files
def _iceland(edit: Callable[[dict[str, Any]], None], name: str) -> Callable[[Path], str]:
    def write(tmp: Path) -> str:
        data = _data("settlers.games.iceland", name)
        edit(data)
        (tmp / name).write_text(json.dumps(data), "utf-8")
        return str(tmp)
    return write


def _iceland_radius(radius: int) -> Callable[[Path], str]:
    def write(tmp: Path) -> str:
        terrain = _data("settlers.games.iceland", "terrain.json")
        terrain["board_radius"] = radius
        for spec in terrain["terrains"].values():
            spec["count"] = 10**9
        numbers = _data("settlers.games.iceland", "numbers.json")
        numbers["counts"] = {k: 10**9 for k in numbers["counts"]}
        (tmp / "terrain.json").write_text(json.dumps(terrain), "utf-8")
        (tmp / "numbers.json").write_text(json.dumps(numbers), "utf-8")
        return str(tmp)
    return write


def _imperial(edit: Callable[[list[dict[str, Any]]], None]) -> Callable[[Path], str]:
    def write(tmp: Path) -> str:
        rows = _data("settlers.games.imperial", "cards.json")["cards"]
        edit(rows)
        (tmp / "cards.json").write_text(json.dumps({"cards": rows}), "utf-8")
        return str(tmp / "cards.json")
    return write


def _imperial_card(index: int, key: str, value: Any) -> Callable[[list[dict[str, Any]]], None]:
    def edit(rows: list[dict[str, Any]]) -> None:
        rows[index][key] = value
    return edit


def _fate_entries(data: dict[str, Any]) -> None:
    """As many fate cards (no copies) as 2 MB hold, after the printed ones."""
    card = {"label": "movement", "count": 0, "effect": "chase"}
    data["cards"] += [{**card, "id": f"c{i}"} for i in range(28_000)]


def _terrain_entries(data: dict[str, Any]) -> None:
    """As many terrains and exploration rows (covering no total) as 2 MB hold."""
    for i in range(16_500):
        data["terrains"][f"t{i}"] = {"resource": None, "land": True, "mountain": False,
                                     "count": 0}
    data["exploration"]["green"] += [{"from": 9, "to": 0, "terrain": f"t{i}"}
                                     for i in range(16_500)]


def _imperial_rows(rows: list[dict[str, Any]]) -> None:
    """The printed cards and copies of a common one, as many as 2 MB hold."""
    rows += [{**rows[0], "id": f"X{i}"} for i in range(6_000)]


def _imperial_features(count: int) -> Callable[[list[dict[str, Any]]], None]:
    """Every card with ``count`` features (as many as 2 MB hold)."""
    def edit(rows: list[dict[str, Any]]) -> None:
        for row in rows:
            row["features"] = [{"on": "build", "goods": {"VP": 1}}] * count
    return edit


def _archipelago(file: str, edit: Callable[[dict[str, Any]], None]) -> Callable[[Path], str]:
    def write(tmp: Path) -> str:
        root = resources.files("settlers.games.archipelago") / "data" / "standard"
        for name in ("regions", "markets", "boards", "evolution", "trends", "objectives"):
            data = json.loads((root / f"{name}.json").read_text("utf-8"))
            if name == file:
                edit(data)
            (tmp / f"{name}.json").write_text(json.dumps(data), "utf-8")
        return str(tmp)
    return write


def _set_path(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        *head, last = path.split(".")
        node = data
        for key in head:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[last] = value
    return edit


def _market_rows(count: int) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["domestic"]["fruit"] = [{"slots": 15, "price": 1, "move": {}}] * count
    return edit


def _founders_lines(kind: str) -> Callable[[Path], str]:
    """A tile file padded to the size limit with entries of ``kind`` (tile types, goods)."""
    def write(tmp: Path) -> str:
        text = (resources.files("settlers.games.founders") / "data" / "tiles.jsonl").read_text(
            "utf-8")
        lines, i = [text], 0
        size = len(text.encode())
        while True:
            if kind == "tile":
                line = json.dumps({"tile": f"t{i}", "deck": "prize", "count": 1, "ru": "т",
                                   "en": "t", "needs": ["wood"], "produces": [], "vp": 1})
            else:
                line = json.dumps({"good": f"g{i}", "tier": "basic", "ru": "т", "en": "t"})
            size += len(line) + 1
            if size > 1_990_000:
                break
            lines.append(line)
            i += 1
        (tmp / "tiles.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
        return str(tmp / "tiles.jsonl")
    return write


# ------------------------------------------------------------------ first uses in play
def _imperial_raze_goods(state: Any) -> None:
    for card in state.cards:
        card.raze_goods()


def _archipelago_tables(state: Any) -> None:
    from settlers.games.archipelago.tables import tables_of
    tables_of(state.content)


CASES: dict[str, tuple[str, str, Callable[[Path], str], Callable[[Any], None] | None]] = {}
for n in (10**5, 10**6, 10**7, 10**10):
    CASES[f"iceland-modifier_max-{n}"] = (
        "iceland", "data_dir",
        _iceland(_set_path("exploration.modifier_max", n), "terrain.json"), None)
for n in (10**5, 10**7, 10**10):
    CASES[f"iceland-fate-count-{n}"] = (
        "iceland", "data_dir", _iceland(_set_path("cards.0.count", n), "fate_cards.json"), None)
for n in (20, 200, 2000):
    CASES[f"iceland-board_radius-{n}"] = ("iceland", "data_dir", _iceland_radius(n), None)
CASES["iceland-fate-entries-2MB"] = (
    "iceland", "data_dir", _iceland(_fate_entries, "fate_cards.json"), None)
CASES["iceland-terrains-2MB"] = (
    "iceland", "data_dir", _iceland(_terrain_entries, "terrain.json"), None)
CASES["imperial-raze-10^10"] = (
    "imperial", "cards", _imperial(_imperial_card(5, "raze", {"W": 10**10})),
    _imperial_raze_goods)
CASES["imperial-rows-2MB"] = ("imperial", "cards", _imperial(_imperial_rows), None)
CASES["imperial-features-2MB"] = ("imperial", "cards", _imperial(_imperial_features(250)), None)
for n in (10**5, 10**7, 10**9):
    CASES[f"archipelago-inhabitants-{n}"] = (
        "archipelago", "content", _archipelago("boards", _set_path("pieces.inhabitants", n)),
        None)
for n in (100, 1000, 10_000):
    CASES[f"archipelago-market-rows-{n}"] = (
        "archipelago", "content", _archipelago("markets", _market_rows(n)),
        _archipelago_tables)
CASES["founders-tile-types-2MB"] = ("founders", "tiles", _founders_lines("tile"), None)
CASES["founders-goods-2MB"] = ("founders", "tiles", _founders_lines("good"), None)


def run_case(name: str) -> dict[str, Any]:
    """In this (limited) process: write the file, validate it, make the first use."""
    from settlers.core import content_sets
    from settlers.core.registry import load

    game, option, write, use = CASES[name]
    with tempfile.TemporaryDirectory() as tmp:
        path = write(Path(tmp))
        start = time.process_time()
        try:
            content_sets.validate(game, option, path)
            outcome = "accepted"
            if use is not None:
                g = load(game)
                use(g.new_state(players=g.min_players, seed=0, options={option: path}))
                outcome = "accepted, used"
        except content_sets.ContentSetError as exc:
            outcome = "refused: " + exc.message("en")[:160]
        except MemoryError:
            outcome = "MemoryError"
        seconds = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return {"case": name, "outcome": outcome, "cpu_s": round(seconds, 2), "peak_mb": peak}


def _limited(memory_mb: int, cpu_s: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2**20, memory_mb * 2**20))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s))
    return limit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", help="a case name (default: all)")
    parser.add_argument("--memory", type=int, default=1000, help="MB of address space")
    parser.add_argument("--cpu", type=int, default=20, help="seconds of CPU per case")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(run_case(args.child)))
        return
    for name in args.case or CASES:
        proc = subprocess.run([sys.executable, str(HERE), "--child", name],
                              capture_output=True, text=True,
                              preexec_fn=_limited(args.memory, args.cpu))
        if proc.returncode == 0 and proc.stdout.strip():
            print(proc.stdout.strip().splitlines()[-1])
        else:
            why = "CPU limit" if proc.returncode in (-9, -24) else f"exit {proc.returncode}"
            tail = (proc.stderr.strip().splitlines() or [""])[-1][:160]
            print(json.dumps({"case": name, "outcome": why, "stderr": tail}))


if __name__ == "__main__":
    main()
