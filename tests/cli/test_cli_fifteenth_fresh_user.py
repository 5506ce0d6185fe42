"""What the fifteenth newcomer's pass found at the terminal table: a menu line too long for a
narrow terminal wrapped back under the numbers; Catan never showed what a road, a settlement,
a city or a development card costs; the end of a game named its winner only by a star."""

from __future__ import annotations

import io
import random

from rich.console import Console
from terminal_helpers import scripted

import settlers
from settlers.cli.seats import parse_seats
from settlers.cli.terminal import Entry, TerminalGame
from settlers.games.catan.phases import BUILD, MAIN, TRADE

LONG = ("Found a settlement at B·SE (B Fields 2, C Mountains 5, F Fields 10; "
        "grain harbour 2:1)")


def _menu_text(entries: list[Entry], width: int) -> list[str]:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=False)
    state = settlers.load("catan").new_state(3, 1)
    game = TerminalGame(state, parse_seats("human", 3, 1), "en", console=console,
                        ask=scripted([]))
    game.show_entries(entries, "")
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_a_long_menu_line_wraps_under_its_label_not_under_the_numbers():
    lines = _menu_text([Entry("End the turn", (0,)), Entry(LONG, (1,))], width=40)
    assert lines[0] == "  1 End the turn"
    assert lines[1].startswith("  2 Found a settlement")
    rest = lines[2:]
    assert len(rest) >= 2   # the long label took more than one row
    # every further row of the label starts under it (column 4), none at the margin
    assert all(line.startswith("    ") and line[4] != " " for line in rest), lines
    assert " ".join(line.strip() for line in lines[1:]).endswith("grain harbour 2:1)")


def test_a_long_menu_in_columns_wraps_under_its_labels_too():
    entries = [Entry(f"{LONG} #{i}", (i,)) for i in range(30)]   # 24 or more: in columns
    lines = [line for line in _menu_text(entries, width=60) if line]
    numbered = [line for line in lines if line[:3].strip().isdigit()]
    assert len(numbered) == 30
    assert all(line.startswith("    ") for line in lines if line not in numbered), lines


def _catan_at(phases, seed=5):
    state = settlers.load("catan").new_state(3, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.phase in phases:
            return state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the phase never came")


def test_catan_shows_the_building_costs_when_a_purchase_can_be_planned():
    state = _catan_at({TRADE, BUILD, MAIN})
    seat = state.current
    ru = state.render(seat, "ru")
    assert "Цены: дорога — глина + древесина; поселение — глина + древесина + шерсть + зерно;" in ru
    assert "город — 2 зерна + 3 руды; карта развития — шерсть + зерно + руда" in ru
    en = state.render(seat, "en")
    assert "Costs: road — brick + lumber; settlement — brick + lumber + wool + grain;" in en
    assert "city — 2 grain + 3 ore; development card — wool + grain + ore" in en


def test_catan_keeps_the_costs_off_the_founding_board():
    state = settlers.load("catan").new_state(3, 5)
    assert "Costs:" not in state.render(state.to_act[0], "en")


def test_the_end_of_a_game_names_the_winner_in_words():
    state = settlers.load("founders").new_state(2, 4)
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    game = TerminalGame(state, parse_seats("random", 2, 4), "en", console=console,
                        ask=scripted([]))
    game.run()
    winners = game.state.winners()
    text = " ".join(out.getvalue().split())
    if len(winners) == 1:
        assert f"Winner: Player {winners[0] + 1}." in text
    else:
        assert "Winners:" in text or "No winner." in text
    ru = io.StringIO()
    game = TerminalGame(settlers.load("founders").new_state(2, 4), parse_seats("random", 2, 4),
                        "ru", console=Console(file=ru, width=100, force_terminal=False),
                        ask=scripted([]))
    game.run()
    assert "Победител" in ru.getvalue()


def test_hot_seat_shows_a_person_everything_the_others_did_since_their_last_move():
    """Two people and two bots at one terminal: when the terminal comes back to a person, every
    event since their own last move is shown (it was the last twelve, whatever had happened)."""
    from settlers.core import translate

    state = settlers.load("catan").new_state(4, 3)
    while not (state.to_act[0] == 0 and len(state.legal_actions(0)) > 1):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    out = io.StringIO()

    def ask(prompt):
        return "" if prompt.startswith("Press Enter") else "1"

    game = TerminalGame(state, parse_seats("human,random,random,human", None, 3), "en",
                        console=Console(file=out, width=200, force_terminal=False), ask=ask)
    game.human_turn(0)
    mark = len(state.events)
    person_played = False
    while True:
        seat = state.to_act[0]
        if seat == 0 and person_played and len(state.visible_events(0, mark)) > 20:
            break
        if seat == 3 and not person_played and len(state.legal_actions(3)) > 1:
            game.human_turn(3)   # the other person's turn at the terminal
            person_played = True
            continue
        state.apply(seat, state.legal_actions(seat)[0])
    expected = ["· " + translate(e.key, "en", **e.params) for e in state.visible_events(0, mark)]
    start = len(out.getvalue())
    game.human_turn(0)
    shown = [line.strip() for line in out.getvalue()[start:].splitlines()]
    events = [line for line in shown if line.startswith("· ")]
    assert events[:len(expected)] == expected


def test_an_imperial_lookout_card_is_offered_with_its_row_cost_and_raze_yield():
    """«Взять «Замок»» alone: a newcomer could not tell a card to take from one to leave."""
    from settlers.games.imperial import actions as imperial_actions

    state = settlers.load("imperial").new_state(2, 4)
    rng = random.Random(2)
    for _ in range(3000):
        seat = state.to_act[0]
        picks = [a for a in state.legal_actions(seat) if isinstance(a, imperial_actions.Pick)]
        if picks:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    else:
        raise AssertionError("no lookout pick came")
    card = state.cards[picks[0].card]
    label = state.describe_action(picks[0], "en")
    assert label.startswith("Take “") and f" — {card.type}; costs " in label
    assert "; raze → " in label
    ru = state.describe_action(picks[0], "ru")
    assert ru.startswith("Взять карточку «") and "; стоит " in ru and "; разрушить → " in ru
