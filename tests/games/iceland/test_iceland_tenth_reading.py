"""The tenth reading of the rulebook (docs/audits/2026-12-06-tenth-landnam.md).

1. L70 «Карты судьбы с меткой «Альтинг» могут быть сыграны всеми игроками в течение альтинга»:
   between two cases too. A decided case is followed by a window before the round of cases goes
   on (rules 2026-12-06.5).
2. L38 «Карты судьбы с меткой «Движение» могут быть сыграны после того, как движение было
   начато»: a permission (mid-move as well), not a bar on the first step; the extra steps come
   «после одного или двух обычных».
3. What a seat sees: every resource card moves in the open, so every hand is shown and a
   searching bot keeps it; the fate cards are drawn face down and stay hidden.

Althing board of ``althing_scenario.board``: seat 1's farms touch the pasture (hex 4, seat 2's
settler 25), the fields (5, settler 26) and the forest (8, settler 27).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from althing_scenario import board, pass_windows, seven
from iceland_scenario import (
    GAME,
    FakeRng,
    corner,
    give_fate,
    house,
    new,
    put,
    set_hand,
    terrain,
)

from settlers.core import IllegalAction
from settlers.games.iceland.actions import (
    Concede,
    EndCases,
    Move,
    OpenCase,
    Pass,
    PlayFate,
    Retreat,
    Roll,
)
from settlers.games.iceland.heuristic import make_bot

GRAIN, WOOL = 0, 2


def _first_case_lost_by_the_defence(fate: dict[int, tuple[str, ...]]):
    """Seat 1 (named to start) opens a case against seat 2's settler 26 on the fields with one
    grain; seat 2 concedes (L66): seat 1 takes the white token and 26 is an outlaw (L68). Seat 1
    keeps one grain and two wool for more cases."""
    s = new()
    board(s)
    set_hand(s, 1, grain=2, wool=2)
    for seat, cards in fate.items():
        give_fate(s, seat, *cards)
    seven(s)
    s.apply(1, OpenCase(26, 1))
    pass_windows(s)
    s.apply(2, Concede())
    assert s.white[1] == 1 and s.red_tokens[26] == [1] and s.al["case"] is None
    return s


def _window(s, plays: dict[int, PlayFate]) -> None:
    """In the open window the seats of ``plays`` play those cards, every other seat passes."""
    assert s.al["stage"] == "window"
    for x in s.to_act:
        s.apply(x, plays.get(x, Pass()))


# --- 1. L70: a window between two cases ----------------------------------------------------------
def test_the_new_outlaw_is_reconciled_before_the_next_case():
    """L70 «в течение альтинга» and L64 (cards «которые убирают красные жетоны»): the case just
    lost by seat 2 is followed by a window, every seat with a fate card in it, in turn order from
    the player to move, before seat 1 may open its next case; seat 2 removes the new red token
    there. Before rules 2026-12-06.5 seat 1 went straight on to its next case."""
    s = _first_case_lost_by_the_defence({2: ("reconciliation",)})
    assert s.al["stage"] == "window" and s.al["after"] == "cases"
    assert s.al["window"]["seats"] == [x for x in (0, 1, 2) if s.fate[x]]
    assert 2 in s.to_act and 1 in s.to_act
    assert PlayFate("reconciliation", 26) in s.legal_actions(2)
    _window(s, {2: PlayFate("reconciliation", 26)})
    assert 26 not in s.red_tokens and "reconciliation" in s.discard
    pass_windows(s)                          # open again after a card, then passed (L70)
    assert s.al["stage"] == "cases" and s.to_act == (1,)     # the plaintiff decides again
    assert s.white[1] == 1                   # «очки за завершённые тяжбы сохраняются»
    s.apply(1, OpenCase(25, 1))              # and may open its next case
    assert s.al["case"]["piece"] == 25


def test_the_althing_is_broken_up_before_the_next_case_is_opened():
    """L70 «Если прерван сам альтинг, очки за завершённые тяжбы сохраняются ... и никто не
    получает чёрный жетон»: seat 0 breaks the Althing up between the two cases, so seat 1's
    next case is never opened and its cards stay in its hand; the white and red tokens of the
    decided case stay."""
    s = _first_case_lost_by_the_defence({0: ("dissolution",)})
    assert PlayFate("dissolution", -1) in s.legal_actions(0)
    _window(s, {0: PlayFate("dissolution", -1)})
    assert s.al is None and s.phase == "move"
    assert s.white == [0, 1, 0] and s.red_tokens == {26: [1]} and s.black == [0, 0, 0]
    assert s.hands[1][GRAIN] == 1 and s.hands[1][WOOL] == 2


def test_between_two_cases_no_case_card_no_harvest_card_and_no_case_yet():
    """The illegal side. Between cases no case runs, so Settlement («Если тяжба прервана такой
    картой») has nothing to stop; a Harvest card is no Althing card (L71); and the next case
    waits for the window («Этот игрок может начать все, некоторые или ни одну подходящую
    тяжбу»: its turn comes back after the window). Each is refused, the state untouched."""
    s = _first_case_lost_by_the_defence({2: ("settlement",), 1: ("good_year",)})
    assert PlayFate("settlement", -1) not in s.legal_actions(2)
    assert PlayFate("good_year", -1) not in s.legal_actions(1)
    before = s.digest()
    for seat, action in ((2, PlayFate("settlement", -1)), (1, PlayFate("good_year", -1)),
                         (1, OpenCase(25, 1)), (1, EndCases())):
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
        assert s.digest() == before
    pass_windows(s)
    assert s.al["stage"] == "cases" and "settlement" in s.fate[2]


def test_a_window_follows_each_decided_case_and_the_round_of_cases_goes_on():
    """The order of business with the new window: the start window (before the first case),
    the window after an opening, the window after the decided case (new), the round of cases
    going on from the same plaintiff, and the end window after the last «end cases»; a case
    stopped by a Settlement card is followed by one window (the one that opens again after
    every card), not two."""
    s = _first_case_lost_by_the_defence({})
    stages = []
    while s.al["stage"] == "window":
        stages.append(s.al["after"])
        for x in s.to_act:
            s.apply(x, Pass())
    assert stages == ["cases"] and s.to_act == (1,)
    s.apply(1, EndCases())                   # passing the turn of cases opens no window
    assert s.al["stage"] == "cases" and s.to_act == (2,)
    s.apply(2, EndCases())
    s.apply(0, EndCases())
    assert s.al["stage"] == "window" and s.al["after"] == "end"   # after the last

    s = new()
    board(s)
    set_hand(s, 1, grain=2)
    set_hand(s, 2, grain=1)
    give_fate(s, 2, "settlement")
    seven(s)
    s.apply(1, OpenCase(26, 1))
    _window(s, {2: PlayFate("settlement", -1)})
    assert s.al["case"] is None and s.al["after"] == "case"
    pass_windows(s)
    assert s.al["stage"] == "cases" and s.to_act == (1,) and s.white == [0, 0, 0]


# --- 2. L38: Movement cards on the first step --------------------------------------------------
def test_movement_cards_on_the_first_step_and_after_it():
    """L38 «Карты судьбы с меткой «Движение» могут быть сыграны после того, как движение было
    начато: ... а карты, дающие дополнительные шаги движения, могут быть сыграны после одного
    или двух обычных». «могут» grants, as against L51 «должны быть сыграны перед броском»: the
    sentence lets the cards come during the move as well; it bars none from the step that
    begins the move. A Mountain pass (L32-33) and a Chase (L34) take effect with the step they
    are played with, the first one too. The extra steps are the one exception the sentence
    names: they come after one or two normal steps, so Fair wind is refused before any."""
    def position():
        s = new(phase="move")
        terrain(s, 4, "pasture", 5)
        terrain(s, 3, "pasture", 4)
        terrain(s, 5, "fields", 6)
        terrain(s, 8, "forest", 8)         # where seat 1's chased settler can go
        for h in (0, 1):
            terrain(s, h, "sea")
        put(s, 5, 4)                       # seat 0's settler by the central mountain (9)
        put(s, 15, 3)                      # seat 1's settler on the pasture next to it
        put(s, 0, 1)                       # seat 0's boat
        give_fate(s, 0, "mountain_pass", "chase", "fair_wind")
        assert s.mv_taken == 0 and s.mv_piece is None
        return s

    s = position()
    legal = s.legal_actions(0)
    assert Move(5, 9, "mountain_pass") in legal and Move(5, 3, "chase") in legal
    assert PlayFate("fair_wind", -1) not in legal
    before = s.digest()
    with pytest.raises(IllegalAction):       # no extra steps before a normal one
        s.apply(0, PlayFate("fair_wind", -1))
    assert s.digest() == before
    s.apply(0, Move(5, 9, "mountain_pass"))  # the first step, into the mountain
    assert s.pos[5] == 9 and s.mv_taken == 1 and "mountain_pass" in s.discard
    assert PlayFate("fair_wind", -1) in s.legal_actions(0)   # after one normal step

    s = position()
    s.apply(0, Move(5, 3, "chase"))          # the first step chases seat 1's settler
    assert s.pos[5] == 3 and s.phase == "retreat" and "chase" in s.discard
    assert s.legal_actions(1) == [Retreat(8)]
    s.apply(1, Retreat(8))
    assert s.pos[15] == 8 and s.phase == "move"

    s = position()                           # and after the move began, the pass still comes
    s.apply(0, Move(5, 5, ""))
    house(s, 1, s.b.grid.corner_of(9, "N"))  # no house of seat 0's by the mountain
    assert Move(5, 9, "mountain_pass") in s.legal_actions(0)
    s.apply(0, Move(5, 9, "mountain_pass"))
    assert s.pos[5] == 9 and s.mv_taken == 2


# --- 3. what a seat sees -------------------------------------------------------------------------
def _ledger_step(s, before: dict, seat: int, action: dict, events: list, hands: list) -> None:
    """Carry ``hands`` over one step from what a seat sees: the public state ``before``, the
    action as redacted for it and the events it was shown."""
    res = list(s.c.resources)
    keys = list(s.c.resource_keys)
    kind = action["type"]
    if kind in ("build_farm", "build_town", "build_settler", "build_boat"):
        cost = s.c.costs[kind[len("build_"):]]
        for r in range(4):
            hands[seat][r] -= cost[r]
    elif kind == "build_harbour":
        hands[seat][res.index(action["resource"])] -= s.c.harbour_cost
    elif kind == "build_ageing":
        h = before["board"]["pieces"][action["piece"]]
        terrain = s.c.terrains.index(before["board"]["terrain"][h])
        hands[seat][s.c.terrain_resource[terrain]] -= s.c.ageing_cost
    elif kind == "answer_offer" and action["accept"]:
        offer = before["offer"]
        for r in range(4):
            d = offer["give"][r] - offer["get"][r]
            hands[before["current"]][r] -= d
            hands[offer["to"]][r] += d
    elif kind in ("open_case", "bid"):
        if kind == "open_case":
            r = keys.index(next(e for e in events if e["key"] == "iceland.event.case_opened")
                           ["params"]["resource"])
        else:
            r = before["althing"]["case"]["resource"]     # a resource index
        hands[seat][r] -= action["cards"]
    for e in events:
        p = e["params"]
        if e["key"] == "iceland.event.harvest":
            hands[p["seat"]][keys.index(p["resource"])] += p["count"]
        elif e["key"] == "iceland.event.famine":
            for k in p["resources"]:
                for hand in hands:
                    hand[keys.index(k)] = 0
        elif e["key"] == "iceland.event.found_card":
            hands[p["seat"]][keys.index(p["resource"])] += 1
        elif e["key"] == "iceland.event.bank_trade":
            hands[p["seat"]][keys.index(p["give"])] -= p["count"]
            hands[p["seat"]][keys.index(p["get"])] += 1


def _apply_and_carry(s, viewer: int, hands: list, seat: int, action) -> str:
    """Apply ``action`` and carry ``hands`` over it from what ``viewer`` sees; they must equal
    the real hands and the hands ``viewer``'s view shows. The action's kind is returned."""
    before = s.view(viewer, events_since=len(s.events))["state"]
    seen = len(s.events)
    s.apply(seat, action)
    shown = s.redact_action(seat, s.log[-1][1], viewer)       # as the log shows it
    events = [e.to_json() for e in s.visible_events(viewer, seen)]
    _ledger_step(s, before, seat, shown, events, hands)
    assert hands == s.hands, (s.version, shown, events)
    assert [p["hand"] for p in s.view(viewer, events_since=len(s.events))["state"]
            ["players"]] == [dict(zip(s.c.resources, h, strict=True)) for h in hands]
    return shown["type"]


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (4, 12), (5, 13)])
def test_every_hand_follows_from_what_any_seat_sees(players, seed):
    """Why the view shows every hand: a player who keeps count knows them all. From the start
    (L4: two of each kind) each hand is carried, step by step of a seeded game (heuristic bots
    with a random action one time in five), with nothing but what the last seat is shown —
    the public state before the step, the action as redacted for it (the log) and the events
    it sees — and it equals the real hand every time, for every player."""
    s = GAME.new_state(players, seed, {"turn_limit": 120})
    viewer = players - 1
    bots = [make_bot(seed * 10 + x) for x in range(players)]
    rng = random.Random(seed)
    hands = [[s.c.start_cards] * 4 for _ in range(players)]
    kinds = Counter()
    while not s.over:
        seat = s.to_act[0]
        action = bots[seat].act(s, seat) if rng.random() < 0.8 else \
            rng.choice(s.legal_actions(seat))
        kinds[_apply_and_carry(s, viewer, hands, seat, action)] += 1
    # the game went through every way a card moves but the famine (next test)
    assert all(kinds[k] for k in ("open_case", "build_farm", "build_town", "build_settler",
                                  "build_boat", "build_harbour", "build_ageing", "answer_offer",
                                  "trade_bank", "explore"))
    assert any(e.key == "iceland.event.harvest" for e in s.events)
    assert kinds["bid"] or players == 3


def test_a_famine_follows_from_what_any_seat_sees():
    """L27: in a famine the short kinds go back to the bank from every hand, in the open."""
    s = new(phase="roll")
    terrain(s, 4, "pasture", 8)
    terrain(s, 5, "fields", 8)
    house(s, 1, corner(s, 4, "N"), level=2)
    house(s, 2, corner(s, 5, "N"))
    set_hand(s, 0, wool=22, grain=1)         # the bank keeps 2 wool, 2 are due: no famine
    set_hand(s, 2, wool=1, grain=3)          # ... but the bank keeps only 1 wool now
    hands = [list(h) for h in s.hands]       # known: the scenario's start
    s.rng = FakeRng(4, 4)
    _apply_and_carry(s, 1, hands, 0, Roll())
    assert any(e.key == "iceland.event.famine" for e in s.events)
    assert hands[0] == [1, 0, 0, 0] and hands[2] == [3, 0, 0, 0]


def test_the_view_shows_every_hand_and_no_other_fate_card():
    """L7 the resource cards lie face down, but every one moves in the open (the test above):
    each seat and a spectator see every hand kind by kind. The fate cards are drawn face down
    (L4, L19, L50) and only their number is named (L6): a seat's view is the same whichever
    hidden fate card another player holds; its own cards and the public starting card show."""
    s = GAME.new_state(4, 9)
    for viewer in (None, 0, 1, 2, 3):
        players = s.view(viewer)["state"]["players"]
        assert [p["hand"] for p in players] == [{"grain": 2, "wood": 2, "wool": 2, "iron": 2}] * 4
        assert "bank" not in s.view(viewer)["state"]         # L5: the stock is not counted
    twin = s.clone()
    hidden = twin.deck[0]
    drawn = next(c for c in twin.deck if c != hidden)
    twin.deck[twin.deck.index(drawn)] = "x"
    twin.deck[0] = drawn
    twin.deck[twin.deck.index("x")] = hidden
    s.fate[1].append(hidden)
    twin.fate[1].append(drawn)
    s.deck.remove(hidden)
    twin.deck.remove(drawn)
    assert s.full_state() != twin.full_state()
    assert s.view(0) == twin.view(0) and s.view(None) == twin.view(None)
    assert s.view(1) != twin.view(1)                         # its owner sees it


def test_determinize_keeps_the_known_hands_and_deals_only_the_fate_cards_again():
    """``redraw_hidden`` keeps what the seat knows — every resource hand and so the bank (24 of
    a kind less the hands, L27) — and deals again only what it cannot know: the other players'
    hidden fate cards with the deck, their numbers kept. Before, the other hands were dealt
    again by their counts alone, as in Catan."""
    s = GAME.new_state(3, 4)
    rng = random.Random(2)
    for _ in range(200):
        seat = s.to_act[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    changed = 0
    for seed in range(20):
        d = s.determinize(0, seed)
        assert d.hands == s.hands and d.bank == s.bank
        assert d.view(0) == s.view(0)
        assert d.fate[0] == s.fate[0]
        for x in (1, 2):
            assert len(d.fate[x]) == len(s.fate[x])
            assert all(c in d.fate[x] for c in s.fate_public[x])
        assert sorted(d.deck + [c for f in d.fate for c in f]) == \
            sorted(s.deck + [c for f in s.fate for c in f])
        changed += (d.fate, d.deck) != (s.fate, s.deck)
    assert changed                           # the hidden fate cards are dealt again

