"""benchmarks/strength_targets.py: the lone bot of a file is the one in the rotated seat (also
in two-player games, where both labels are alone), and games nobody won are counted."""

from __future__ import annotations

import json
from pathlib import Path

from settlers.testing.scripts import load_script as load_script_at

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strength_targets.py"


def load_script():
    return load_script_at(SCRIPT, "strength_targets")


def row(index: int, players: int, winners: list[int]) -> dict:
    lone = index % players
    seats = ["search:iterations=8" if s == lone else "heuristic" for s in range(players)]
    return {"index": index, "game": "archipelago", "players": players, "seed": index,
            "seats": seats, "bot_seeds": list(range(players)),
            "scores": [0.0] * players, "winners": winners, "actions": 10, "seconds": 1.0,
            "error": None, "decision_cpu_ms": [10.0, 30.0]}


def test_two_player_file_starting_on_an_odd_index_names_the_rotated_bot(tmp_path):
    bench = load_script()
    rows = [row(1001, 2, [1]), row(1002, 2, []), row(1003, 2, [0]), row(1004, 2, [])]
    # game 1001: search sits in seat 1 and wins; 1002: nobody wins; 1003: the heuristic
    # (seat 0) wins; 1004: nobody
    path = tmp_path / "runs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "table.md"
    bench.table([path], out)
    line = next(text for text in out.read_text(encoding="utf-8").splitlines()
                if text.startswith("| archipelago"))
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert cells[1] == "`search:iterations=8`" and cells[2] == "1 × `heuristic`"
    assert cells[3] == "4" and cells[4] == "2"  # four games, two with no winner
    assert cells[5] == "25.0%"  # one win in four: a game nobody won is a loss
    assert cells[7] == "50%"


def test_two_files_of_one_line_up_name_their_files_and_others_do_not(tmp_path):
    bench = load_script()
    paths = []
    for name, winners in (("old-leaf", [[1], [0]]), ("new-leaf", [[1], [1]])):
        path = tmp_path / f"{name}.jsonl"
        rows = [row(i, 4, w) for i, w in enumerate(winners)]
        path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
        paths.append(path)
    other = tmp_path / "two-players.jsonl"
    other.write_text(json.dumps(row(0, 2, [0])) + "\n", encoding="utf-8")
    out = tmp_path / "table.md"
    bench.table([*paths, other], out)
    lines = [text for text in out.read_text(encoding="utf-8").splitlines()
             if text.startswith("| archipelago")]
    fields = [[c.strip() for c in line.strip("|").split("|")][2] for line in lines]
    assert fields == ["3 × `heuristic` (old-leaf)", "3 × `heuristic` (new-leaf)",
                      "1 × `heuristic`"]
    rates = [[c.strip() for c in line.strip("|").split("|")][5] for line in lines]
    # the search sits in seat 0 in game 0 (seat 1 wins in both files) and in seat 1 in game 1
    # (seat 0 wins in the old file, seat 1 in the new)
    assert rates[:2] == ["0.0%", "50.0%"]
