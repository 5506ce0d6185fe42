"""The terminal's prompt and help as a person reads them (docs/audits/2026-12-06-eighth-
archipelago-terminal.md): a prompt printed as plain text — Rich bolded its brackets — and a
help whose JSON example is an action of the game being played, legal now (it was
``{"type": "end_turn"}`` for every game, an action Archipelago does not have)."""

from __future__ import annotations

import builtins
import io
import re

import pytest
from rich.console import Console

from settlers.cli.seats import Seat
from settlers.cli.terminal import QuitGame, TerminalGame
from settlers.core import load
from settlers.core.registry import game_ids


def test_the_prompt_is_printed_as_plain_text(monkeypatch):
    state = load("archipelago").new_state(3, 0)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True, color_system="standard")
    game = TerminalGame(state, [Seat("human")] * 3, "ru", console=console)   # its own ask
    monkeypatch.setattr(builtins, "input", lambda *args: "1")
    prompt = game.prompt(state.to_act[0])
    assert game.ask(prompt) == "1"
    # was «Красный, ваш ход — первое открытие \x1b[1m(\x1b[0m? — помощь\x1b[1m)\x1b[0m: »
    assert out.getvalue() == prompt


@pytest.mark.parametrize("game_id", game_ids())
def test_the_helps_json_example_is_an_action_of_the_game_legal_now(game_id):
    game = load(game_id)
    state = game.new_state(game.min_players, 1)
    seat = state.to_act[0]
    for lang, before, after in (("en", "e.g. ", ", to play"), ("ru", "например ", ".\n")):
        out = io.StringIO()
        terminal = TerminalGame(state, [Seat("human")] * state.players, lang,
                                console=Console(file=out, width=400, force_terminal=False),
                                ask=lambda prompt, said=iter(["?", "q"]): next(said),
                                show_forced=True)
        terminal.last_human = seat
        with pytest.raises(QuitGame):
            terminal.human_turn(seat)
        text = out.getvalue()
        found = re.search(re.escape(before) + r"(\{.*?\})" + re.escape(after.strip("\n")), text)
        assert found, text
        example = game.action_from_json(found.group(1))
        assert example in state.legal_actions(seat)
