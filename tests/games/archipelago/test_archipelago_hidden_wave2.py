"""Archipelago: what the action log shows a seat matches what its view shows (wave 2).

The Pirate (L1384 «Владелец затопленного корабля должен отдать вам один кубик ресурсов (на его
выбор). Если у него нет ресурсов, он обязан доказать вам это, подняв свою ширму»): the cube
goes from behind the victim's screen to behind the pirate's. No event names it and the views
of the other seats are the same whichever cube it was (cubes behind a screen are hidden,
determinization re-deals them), but the redacted log named it to every seat and spectator —
and named an empty screen, which only the pirate may see lifted."""

from __future__ import annotations

import json

from arch_scenario import give_card, ship_to
from test_arch_glossary_a import fresh

from settlers.games.archipelago.actions import Pick, UseCard


def _pirate_strikes(cubes):
    state = fresh()
    give_card(state, 0, "pirate")
    ship_to(state, 0, 1)
    theirs = ship_to(state, 1, 1)
    state.cubes[1] = list(cubes)
    state.apply(0, UseCard("pirate", (theirs,)))
    return state


def test_the_cube_handed_to_the_pirate_is_not_in_a_third_seats_log():
    state = _pirate_strikes([1, 1, 0, 0, 0, 0])
    choices = state.legal_actions(1)
    assert len(choices) == 2 and all(isinstance(a, Pick) for a in choices)
    after = []
    for a in choices:
        c = state.clone()
        c.events = list(state.events)
        c.apply(1, a)
        after.append(c)
    for viewer in (2, None):
        # the position after looks the same to the third seat and the spectator ...
        assert json.dumps(after[0].view(viewer), sort_keys=True) == \
            json.dumps(after[1].view(viewer), sort_keys=True)
        # ... so its log entry must not tell the two apart
        entries = [c.log_json(viewer, redact=True)[-1] for c in after]
        assert entries[0] == entries[1] == [1, {"type": "pick"}]
    # the victim reads its own choice
    assert after[0].log_json(1, redact=True)[-1] == [1, choices[0].to_json()]


def test_an_empty_screen_is_not_named_in_a_third_seats_log():
    state = _pirate_strikes([0] * 6)
    assert state.legal_actions(1) == [Pick("")]
    state.apply(1, Pick(""))
    assert state.log_json(2, redact=True)[-1] == [1, {"type": "pick"}]
    assert state.log_json(None, redact=True)[-1] == [1, {"type": "pick"}]


def test_public_picks_stay_in_the_log():
    state = fresh()
    for value in ("left", "right", "inhabitant", "surplus", "wood>", "fish<"):
        assert state.redact_action(0, Pick(value), 2) == {"type": "pick", "value": value}
