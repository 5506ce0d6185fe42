"""Content options are declared by each game on its own ``Option``; core names no game."""

from __future__ import annotations

from pathlib import Path

from settlers.core import content_sets, game_ids, load


def test_every_content_option_comes_from_a_game_declaration():
    declared = {(g, o.name) for g in game_ids() for o in load(g).options if o.content}
    assert set(content_sets.content_options()) == declared
    assert ("founders", "tiles") in declared and ("iceland", "data_dir") in declared


def test_a_folder_option_lists_its_files_and_a_file_option_none():
    data_dir = content_sets.content_option("iceland", "data_dir")
    assert data_dir is not None and data_dir.folder and "rules.json" in data_dir.files
    tiles = content_sets.content_option("founders", "tiles")
    assert tiles is not None and not tiles.folder and tiles.files == ()
    assert content_sets.content_option("catan", "board") is None


def test_core_names_no_game():
    source = Path(content_sets.__file__).read_text(encoding="utf-8")
    for game in game_ids():
        assert f'"{game}"' not in source
