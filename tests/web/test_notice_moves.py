"""Several processes (PostgreSQL): a stored move's NOTIFY carries the move itself, so another
process that holds the game applies it without reading the store; a notice it cannot apply
as it is (a gap, or a move too large to ride along) makes it read the missing moves."""

from __future__ import annotations

import json

from web_helpers import make_settings, new_game, running


def _moves(game_id: str, n: int) -> list[tuple[int, dict]]:
    import random

    import settlers

    state = settlers.load(game_id).new_state(players=2, seed=1)
    rng = random.Random(2)
    out = []
    for _ in range(n):
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        out.append((seat, action.to_json()))
    return out


def test_a_notice_with_its_move_is_applied_without_reading_the_store(tmp_path):
    with running(make_settings(tmp_path, allow_chosen_seed=True)) as client:
        gid, _ = new_game(client, game="sample", seats=("human", "human"), seed=1)
        hub = client.app.state.hub
        room = hub.rooms[gid]
        moves = _moves("sample", 3)
        reads: list[int] = []
        real = hub.store.load_log

        def load_log(game_id, since=0):
            reads.append(since)
            return moves[since:]

        hub.store.load_log = load_log
        try:
            seat, action = moves[0]
            client.portal.call(hub.catch_up, room, 1, f"{seat}:{json.dumps(action)}")
            assert room.state.version == 1 and reads == []  # applied from the notice
            # our own (or an already read) move: nothing to do
            client.portal.call(hub.catch_up, room, 1, f"{seat}:{json.dumps(action)}")
            assert room.state.version == 1 and reads == []
            # a gap (the notice of move 3 before move 2's): the store fills it
            seat, action = moves[2]
            client.portal.call(hub.catch_up, room, 3, f"{seat}:{json.dumps(action)}")
            assert room.state.version == 3 and reads == [1]
            assert room.log_json == moves
        finally:
            hub.store.load_log = real
