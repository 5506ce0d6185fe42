"""What one game in memory weighs, estimated: the bound on the games kept with nobody
watching is in bytes as well as in games (``Hub.evict``, ``max_idle_room_bytes``).

Measured with tracemalloc on finished games played by random bots (2026-12-07, fourteenth
pass): a Catan game of 6 991 moves loaded from the store held 7.5 MB (≈ 1.07 KB a move),
Imperial (80 moves) 91 KB, Founders (180) 169 KB, Archipelago (303) 223 KB; replay
snapshots 20 KB + ≈ 16 bytes a move each (Catan: 32 of them, 4.1 MB); every log line a page
was sent is kept once per (language, viewer) by ``RoomTexts`` (≈ 570 bytes: that Catan game
grew to 52 MB after one page per seat and spectator in two languages); every kept view part
holds its lists of lines (16 bytes a line) and the view. The estimate is a sum of those
counts; it reads a few lengths, nothing is walked.

Checked on all five games (fifteenth pass, the same way: random bots, seed 7 unless said;
estimate / tracemalloc, loaded and after a page per seat and spectator in two languages):
Imperial 1 seat (36 moves) 0.57 / 0.67, 4 seats (230) 1.07 / 0.89; Founders 4 seats (186)
1.02 / 0.77; Archipelago 2 seats (303) 1.32 / 0.87, 5 seats (696) 1.47 / 0.97; Catan 4
seats (6 991) 0.94 / 1.08; Iceland 4 seats, seed 11 (7 621) 1.13 / 1.15; and a long game,
Iceland 3 seats without a turn limit, stopped live at 154 512 moves: 139 MB loaded (1.22),
744 MB shown (1.23). Every one within the ×2 the guard test allows; the smallest games are
underestimated most (a game's fixed part is larger than ``ROOM_BYTES`` for Imperial), which
matters least. A game's length is bounded by ``max_game_actions``."""

from __future__ import annotations

ROOM_BYTES = 32_768          # a game loaded with an empty log: its state, record, room
MOVE_BYTES = 1_100           # per stored move: the state's log and events, the room's JSON log
SNAPSHOT_BYTES = 20_480      # per replay snapshot (replay.replay_to): a state at that step
SNAPSHOT_MOVE_BYTES = 16     # ... and its own log list, per move of the game
LINE_BYTES = 600             # per log line kept for a (language, viewer) (texts.RoomTexts)
PART_BYTES = 8_192           # per kept view part (Room.parts): the view
PART_LINE_BYTES = 16         # ... and its lists of lines, per event of the game


def room_bytes(room) -> int:
    """An estimate of the bytes game ``room`` holds in memory (state, log, caches)."""
    state = room.state
    moves = len(state.log)
    events = len(state.events)
    snapshots = len(getattr(room, "replay_cache", None) or ())
    return (ROOM_BYTES + MOVE_BYTES * moves
            + snapshots * (SNAPSHOT_BYTES + SNAPSHOT_MOVE_BYTES * moves)
            + LINE_BYTES * room.texts.kept_lines()
            + room.kept_parts() * (PART_BYTES + PART_LINE_BYTES * events))
