"""The seventeenth reading of archipelago.ru.txt (2026-12-07): the one worked example no test
cited, L177 «Пример: В игре с 4 игроками есть четыре разных условия окончания партии. Каждый
игрок знает только об одном из них.» (with L159 «помещает её лицевой стороной вниз ... Её нельзя
никому показывать»). The record: docs/audits/2026-12-07-seventeenth-archipelago-rules.md."""

from __future__ import annotations

import pytest
from arch_scenario import after_turn_zero

from settlers.games.archipelago.objectives import end_of


@pytest.mark.parametrize("length", ["short", "medium", "long"])
def test_example_four_players_four_end_conditions_each_known_to_its_holder_alone(
        length: str) -> None:
    # L177, L159: once turn 0 is over (L143-159) each of the 4 players holds one objective
    state = after_turn_zero(4, seed=3, length=length)
    assert [len(held) for held in state.objectives] == [1, 1, 1, 1]
    cards = [held[0] for held in state.objectives]
    # «четыре разных условия окончания партии»: the end conditions differ, as played at 4
    assert len({end_of(state, o) for o in cards}) == 4
    ids = [state.content.objectives[o]["id"] for o in cards]
    for viewer in range(4):
        players = state.view(viewer)["state"]["players"]
        for seat, p in enumerate(players):
            assert p["objective_count"] == 1   # that the card is there is public ...
            if seat == viewer:   # ... «Каждый игрок знает только об одном из них»: its own
                assert [x["id"] for x in p["objectives"]] == [ids[seat]]
            else:                # and no other
                assert p["objectives"] is None
    # a spectator knows none of them (L159 «нельзя никому показывать»)
    assert all(p["objectives"] is None for p in state.view(None)["state"]["players"])
