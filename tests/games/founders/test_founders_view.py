"""Views hide the stacks' order; the terminal board shows each grid toward its owner."""

from __future__ import annotations

import json
import random

from founders_scenario import blank, lay, main_phase, put

from settlers.core import IllegalAction, MalformedAction
from settlers.games.founders import GAME
from settlers.games.founders.actions import ChooseTile
from settlers.games.founders.board import cell_of

VIEW_KEYS = {"phase", "current", "first", "ended_by", "tileset", "stacks", "rows", "prizes",
             "prize_box", "box", "draft", "draft_order", "supply", "token_played", "borrowed",
             "chosen", "chosen_drawn", "attachable", "place_cells", "proposer", "votes",
             "final_order", "players", "types", "goods", "masters"}


def _play(seed, steps):
    state = GAME.new_state(3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_view_schema_is_stable():
    state = _play(1, 60)
    view = state.view(0)["state"]
    assert set(view) == VIEW_KEYS
    player = view["players"][0]
    assert set(player) == {"seat", "score", "prize_tiles", "hand", "face_down", "founding",
                           "tiles", "carts", "bounds"}
    assert set(player["tiles"][0]) == {"x", "y", "id", "type", "unprotected", "war", "master",
                                       "coin", "producing"}
    json.dumps(view)


def test_view_shows_no_hidden_tile():
    """Only the sizes of the face-down stacks, the unused prizes and the master pool."""
    state = _play(2, 40)
    text = json.dumps(state.view(1))
    hidden = {t for pile in state.stacks for t in pile} | set(state.prize_box)
    shown = {t["id"] for row in state.view(1)["state"]["rows"].values() for t in row}
    assert not hidden & shown
    assert f'"stacks": {{"nature": {len(state.stacks[0])}' in text
    other = state.determinize(1, 99)
    assert other.view(1) == state.view(1)


def test_unprotected_tiles_are_marked():
    state = blank()
    lay(state, 0, {(0, 0): "forest", (0, 1): "cliff", (1, 0): "lake"})
    tiles = {(t["x"], t["y"]): t["unprotected"] for t in state.view(1)["state"]["players"][0]["tiles"]}
    assert tiles == {(0, 0): False, (0, 1): True, (1, 0): True}


def test_render_in_both_languages_orients_each_grid_to_its_owner():
    state = blank()
    lay(state, 0, {(0, 0): "forest", (0, 1): "cliff"})
    ru = state.render(0, "ru")
    en = state.render(0, "en")
    assert "Обрыв^" in ru and "Лес" in ru and "▲ здесь сидит владелец" in ru
    assert "Cliff^" in en and "▲ the owner sits here" in en
    lines = en.splitlines()
    cliff_row = next(i for i, line in enumerate(lines) if "Cliff" in line)
    forest_row = next(i for i, line in enumerate(lines) if line.startswith("y=0") and "Forest" in line)
    assert cliff_row < forest_row  # the farther row is drawn above, the owner below
    assert "founders." not in ru and "founders." not in en


def test_every_action_has_a_label_in_both_languages():
    rng = random.Random(4)
    for seed in range(3):
        state = GAME.new_state(2 + seed, seed)
        while not state.over and state.version < 150:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            for action in actions[:40]:
                for lang in ("ru", "en"):
                    label = state.describe_action(action, lang)
                    assert label and "founders." not in label and "{" not in label
            state.apply(seat, rng.choice(actions))
        for lang in ("ru", "en"):
            for event in state.view(0, lang=lang)["events"]:
                assert "founders." not in event["text"] and "{" not in event["text"]


def test_malformed_action_json_and_wrong_seat_are_refused():
    state = blank()
    put(state, 0, "forest", 0, 0)
    main_phase(state)
    try:
        GAME.action_from_json({"type": "choose_tile", "tile": "mine"})
    except MalformedAction as exc:
        assert "tile" in exc.message("en")
    else:
        raise AssertionError("accepted")
    before = state.full_state()
    try:
        state.apply(1, ChooseTile(state.rows[0][0]))
    except IllegalAction as exc:
        assert exc.key == "core.not_your_turn"
    else:
        raise AssertionError("accepted")
    assert state.full_state() == before


def test_hands_and_placed_masters_are_public():
    """«Все игроки должны видеть, какие жетоны у вас есть» (founders-of-empire.ru.txt L154);
    a master is drawn face down «а потом показываете всем» (L216) and lies «лицом вверх» (L221)."""
    state = blank()
    put(state, 0, "winery", 0, 0)
    board = state.boards[0]
    board.hand_war, board.hand_coin, board.hand_cart = 2, 1, 1
    board.hand_masters = [1]
    board.master[cell_of(0, 0)] = 2
    for viewer in (1, None):
        player = state.view(viewer)["state"]["players"][0]
        assert player["hand"] == {"war": 2, "coin": 1, "cart": 1,
                                  "masters": [state.ts.masters[1].id]}
        assert player["tiles"][0]["master"] == state.ts.masters[2].id


def test_readme_rule_table_names_existing_tests():
    """The README's «Rules and their tests» table stays true: every test it names exists."""
    import re
    from pathlib import Path

    here = Path(__file__).resolve().parent
    readme = here.parents[2] / "src" / "settlers" / "games" / "founders" / "README.md"
    refs = set(re.findall(r"\b(\w+)::(test_\w+)", readme.read_text("utf-8")))
    assert len(refs) > 50
    missing = [f"{short}::{name}" for short, name in sorted(refs)
               if not re.search(rf"^def {name}\(",
                                (here / f"test_founders_{short}.py").read_text("utf-8"), re.M)]
    assert missing == []
