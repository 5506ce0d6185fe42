"""The Imperial heuristic in its production turn's samurai window (rules 2026-12-07.2, L598):
it guards its most valuable empire location when an opponent who acts before its first
action-phase turn holds the raze tokens for it, and keeps the worker otherwise — no threat,
a threat only from opponents acting after it, or a worker its action locations need."""

from imperial_scenario import empire, scenario, to_empire

from settlers.games.imperial import rounds
from settlers.games.imperial.actions import EndTurn, PlaceSamurai, RazeLocation
from settlers.games.imperial.content import RAZE, SAMURAI, WK
from settlers.games.imperial.heuristic import make_bot

# the Japanese seat's own unused action locations, one worker each (5: all its workers)
WORKER_HUNGRY = ("COM030", "COM031", "COM037", "COM038", "COM043")


def _window(*empires: str, japanese: int = 1, built: tuple[str, ...] = ()):
    """Round 1's production, seat 0 first; the Japanese seat holds a «farm» (JAP001), a
    «Каменоломня» (COM008) and ``built``, and its samurai window is open."""
    st = scenario(*empires)
    farm = to_empire(st, japanese, "JAP001")
    mine = to_empire(st, japanese, "COM008")
    empire(st, japanese, *built)
    st.phase = "production"
    st.producing = 0
    rounds.advance(st)
    assert st.phase == "production" and st.to_act == (japanese,)
    assert st.legal_actions(japanese)[-1] == EndTurn()
    return st, farm, mine


def _answer(st, seat):
    return make_bot(seed=1).act(st, seat)


def test_guards_the_farm_when_the_first_player_can_raze_it():
    """The Roman acts first in the action phase; with 2 raze tokens it may raze the farm before
    the Japanese player's turn — the bot puts a samurai there; without them it keeps the
    worker. The common «Каменоломня» is not offered: samurai go on empire locations only."""
    st, farm, _ = _window("romans", "japanese")
    st.goods[0][RAZE] = 2
    assert _answer(st, 1) == PlaceSamurai(farm)
    st.goods[0][RAZE] = 1          # one token short of the cheapest raze
    assert _answer(st, 1) == EndTurn()


def test_a_threat_acting_after_the_japanese_seat_waits_for_its_own_turn():
    """Seat 2 acts after the Japanese seat 1, which can guard in its first action turn: no
    samurai now, whatever seat 2 holds; with seat 0 (before it) holding the 2 tokens a samurai
    puts out of reach, one is placed. (Seventeenth pass: 5 tokens there, which a samurai does
    not put out of reach, no longer call for one — test_imperial_heuristic_guard_choice.)"""
    st, farm, _ = _window("romans", "japanese", "barbarians")
    st.goods[0][RAZE] = 0
    st.goods[2][RAZE] = 5
    assert _answer(st, 1) == EndTurn()
    st.goods[0][RAZE] = 2
    assert _answer(st, 1) == PlaceSamurai(farm)


def test_the_window_ends_when_the_workers_are_needed_in_the_action_phase():
    """Five workers and five unused action locations asking one each (2–3 VP apiece): the
    worker is worth more there than the farm's guard, so the window ends; with one location
    fewer a worker is spare and guards the farm. (Seventeenth pass: the Roman holds 3 tokens,
    which a samurai raises the price to but does not exceed; against 2, which it does exceed,
    the guard is now worth more than the least of those actions.)"""
    st, farm, _ = _window("romans", "japanese", built=WORKER_HUNGRY)
    assert st.goods[1][WK] == 5
    st.goods[0][RAZE] = 3
    assert _answer(st, 1) == EndTurn()
    st, farm, _ = _window("romans", "japanese", built=WORKER_HUNGRY[:-1])
    st.goods[0][RAZE] = 3
    assert _answer(st, 1) == PlaceSamurai(farm)


def test_the_guard_holds_in_the_action_phase():
    """The bot's samurai spends a worker; the window closes (no unguarded empire location
    left) and the Roman, first to act, finds the farm beyond its 2 tokens."""
    st, farm, _ = _window("romans", "japanese")
    st.goods[0][RAZE] = 2
    st.apply(1, _answer(st, 1))
    assert st.info[farm][SAMURAI] == 1 and st.goods[1][WK] == 4
    assert st.phase == "actions" and st.turn == 0
    assert RazeLocation(1, farm) not in st.legal_actions(0)


def test_the_most_valuable_empire_location_is_guarded_first():
    """A «farm» (1 food, 1 worker) and JAP004 (2 food) both within the Roman's 2 tokens: the
    bot guards JAP004 first, then, a worker still spare, the farm."""
    st, farm, _ = _window("romans", "japanese", built=("JAP004",))
    rich = st.locs[1][-1]
    st.goods[0][RAZE] = 2
    assert st.legal_actions(1)[0] == PlaceSamurai(farm)   # the farm is offered first
    assert _answer(st, 1) == PlaceSamurai(rich)
    st.apply(1, PlaceSamurai(rich))
    assert _answer(st, 1) == PlaceSamurai(farm)
