"""A refused action is said as the menus say actions: Archipelago's refusal echoed the action's
JSON («…невозможно (первое открытие): {"type":"gift",…}») where every other game names it in
words (docs/audits/2026-12-06-ninth-cli.md). An action naming what the game does not have (a
unit out of range) keeps its JSON: there are no words for it."""

from __future__ import annotations

import settlers
from settlers.games.archipelago.actions import Gift, MoveUnit


def test_a_refused_action_is_named_in_words_in_each_language() -> None:
    st = settlers.load("archipelago").new_state(3, 1, {})
    seat = st.to_act[0]
    err = st.illegal_reason(seat, Gift(2, "card:spy"))
    assert err is not None
    assert err.message("ru").endswith(f"«{st.describe_action(Gift(2, 'card:spy'), 'ru')}».")
    assert err.message("en").endswith(f": {st.describe_action(Gift(2, 'card:spy'), 'en')}.")
    assert '"type"' not in err.message("ru") and '"type"' not in err.message("en")
    assert "Шпион" in err.message("ru") and "Spy" in err.message("en")


def test_an_action_naming_nothing_of_the_game_keeps_its_json() -> None:
    st = settlers.load("archipelago").new_state(3, 1, {})
    err = st.illegal_reason(st.to_act[0], MoveUnit(999, 999, ""))
    assert err is not None
    assert '"unit":999' in err.message("ru") and '"unit":999' in err.message("en")
