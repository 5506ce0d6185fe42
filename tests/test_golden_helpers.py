"""settlers.testing.golden, what the golden playouts of every game share: the seeded random
game with its hooks, and the digest of JSON values."""

from __future__ import annotations

import hashlib
import json
import random

import settlers
from settlers.testing.golden import Digest, play, read_fixture, write_fixture


def test_play_calls_the_hooks_around_every_action_and_stops_at_max_version():
    state = settlers.load("founders").new_state(2, 3)
    seen: list[tuple[str, int]] = []

    def before(step, seat, legal):
        assert seat in state.to_act and legal == state.legal_actions(seat)
        assert step == state.version
        seen.append(("before", step))

    done = play(state, random.Random(3), before=before,
                after=lambda n: seen.append(("after", n)), max_version=12)
    assert done == 12 and state.version == 12 and not state.over
    assert seen == [(hook, k + (hook == "after")) for k in range(12)
                    for hook in ("before", "after")]


def test_play_draws_the_seat_then_the_action_from_one_rng():
    game = settlers.load("founders")
    state = game.new_state(3, 4)
    play(state, random.Random(4))
    again = game.new_state(3, 4)
    rng = random.Random(4)
    while not again.over:
        seat = rng.choice(again.to_act)
        again.apply(seat, rng.choice(again.legal_actions(seat)))
    assert again.log == state.log


def test_digest_hashes_each_value_in_its_json_style_then_the_end():
    d = Digest(end=b"\n", sort_keys=True, separators=(",", ":"))
    d.add({"b": 1, "a": [1, 2]})
    d.add({1, 2}, default=sorted)
    d.add_text("raw")
    expected = hashlib.sha256(b'{"a":[1,2],"b":1}\n[1,2]\nraw\n').hexdigest()
    assert d.hexdigest() == expected


def test_fixtures_round_trip(tmp_path):
    path = tmp_path / "golden.json"
    write_fixture(path, {"b": [1], "a": "x"}, sort_keys=True)
    assert path.read_text(encoding="utf-8") == json.dumps({"a": "x", "b": [1]}, indent=1) + "\n"
    assert read_fixture(path) == {"a": "x", "b": [1]}
