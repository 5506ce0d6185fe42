"""The Landnám heuristic bot trades cards it cannot use into a build instead of stalling.

Seed 3050987059722170677 of ``docs/results/iceland-fifteenth-check`` (guided vs three
heuristics) hit the 50,000-action cap on rules ``2026-12-06.5`` and again on ``2026-12-07.1``:
every seat sailed a boat from the outer sea to position 12 (a free farm corner) and back out in
the same turn, so at the building phase no piece stood by a farm corner, the bot had nothing to
save for and ended its turn; seat 0 held 18 wool and 7 iron, seat 1 9 wood, nobody grain,
and the bank (L52: «Четыре одинаковых карты ресурса можно продать за один другой ресурс из
банка») was never used. The board below is that game's from action ≈ 700 on
(``heuristic_stall``).
"""

from __future__ import annotations

from iceland_scenario import OUTER, house, new, put, set_hand, terrain

from settlers.bots import derive_seed, make
from settlers.games.iceland import actions as A
from settlers.games.iceland.heuristic import IcelandBot

# position: (terrain, number) of the explored land; 10, 14, 15, 17, 18 unexplored
BOARD = {0: ("pasture", 10), 1: ("sea", 0), 2: ("sea", 0), 3: ("sea", 0), 4: ("mountain", 0),
         5: ("forest", 8), 6: ("sea", 0), 7: ("mountain", 0), 8: ("pasture", 12),
         11: ("sea", 0), 12: ("sea", 0), 13: ("bog", 11), 16: ("fields", 6)}
# corner: (seat, level) — towns are level 2
HOUSES = {13: (2, 2), 14: (1, 2), 24: (2, 1), 34: (0, 2), 40: (0, 1)}
# piece: position (boats k 0-4, settlers k 5-9)
PIECES = {0: OUTER, 5: 13, 11: OUTER, 15: 5, 20: OUTER, 30: 11, 31: OUTER}
BUILDS = (A.BuildFarm, A.BuildTown, A.BuildSettler, A.BuildBoat)
TRADES = (A.TradeWithBank, A.OfferTrade)


def stuck(phase: str):
    """The looping game's position, seat 0 to move in ``phase``."""
    s = new(players=4, phase=phase)
    for h, (name, number) in BOARD.items():
        if name == "mountain" or s.terrain[h] != s.c.terrains.index(name):
            terrain(s, h, name, number)
    for c, (seat, level) in HOUSES.items():
        house(s, seat, c, level)
    for piece, h in PIECES.items():
        put(s, piece, h)
    set_hand(s, 0, wool=18, iron=7)
    set_hand(s, 1, wood=9)
    return s


def own_turn(s, seat: int = 0) -> list:
    """The heuristic's actions for ``seat`` until its turn ends (offers answered by the
    heuristic too)."""
    bot = IcelandBot(strict=True)
    done: list = []
    while s.current == seat and not s.over and len(done) < 60:
        who = s.to_act[0]
        action = bot.act(s, who)
        if who == seat:
            done.append(action)
        s.apply(who, action)
    return done


def test_the_board_is_the_looping_games() -> None:
    s = stuck("build")
    assert [s.c.terrains[t] if t >= 0 else None for t in s.terrain][9] == "mountain"
    assert sum(1 for t in s.terrain if t < 0) == 5
    assert [sum(h) for h in s.hands] == [25, 9, 0, 0]
    assert s.legal_actions(0)[-1] == A.EndTurn()


def test_stuck_building_phase_trades_toward_a_build() -> None:
    """Nothing by a farm corner (the boat is back on the outer sea): the cards still buy a
    piece to reach the free corners with — the old bot ended its turn."""
    s = stuck("build")
    first = IcelandBot(strict=True).act(s, 0)
    assert isinstance(first, TRADES), first
    done = own_turn(s)
    assert isinstance(done[0], TRADES)
    built = [i for i, a in enumerate(done) if isinstance(a, BUILDS)]
    assert built and built[0] > 0, done


def test_stuck_turn_stays_by_the_farm_corner_and_farms() -> None:
    """From the movement on: the boat goes in to position 12 and stays (the old bot sailed it
    back out and ended its turn), the bot trades wool at the bank (4:1, L52) into builds this
    turn, and founds a farm by its next turn's end."""
    s = stuck("move")
    houses = sum(1 for who in s.house_owner if who == 0)
    done = own_turn(s)
    assert not any(isinstance(a, A.Move) and a.to == OUTER for a in done), done
    assert s.pos[0] == 12
    trades = [i for i, a in enumerate(done) if isinstance(a, TRADES)]
    built = [i for i, a in enumerate(done) if isinstance(a, BUILDS)]
    assert trades and built and trades[0] < max(built), done
    bots = [IcelandBot(strict=True) for _ in range(4)]
    turns = 0
    while turns < 2 and not s.over:
        seat = s.to_act[0]
        action = bots[seat].act(s, seat)
        s.apply(seat, action)
        if seat == 0 and isinstance(action, A.EndTurn):
            turns += 1
    assert sum(1 for who in s.house_owner if who == 0) > houses


def play_on(s, max_steps: int):
    """Four heuristic seats play ``s`` on, at most ``max_steps`` actions."""
    bots = [make("heuristic", seed=derive_seed("iceland", 1, seat)) for seat in range(4)]
    steps = 0
    while not s.over and steps < max_steps:
        seat = s.to_act[0]
        s.apply(seat, bots[seat].act(s, seat), check=False)
        steps += 1
    return steps


def test_the_looping_table_now_ends() -> None:
    """Four heuristic seats from the looping position: the old bots sailed in and out for
    ever (scores 3, 2, 3, 0); now somebody reaches twelve points (L80). A heuristic game
    takes 1,000–2,000 actions."""
    s = stuck("move")
    s.record_events = False
    steps = play_on(s, 6_000)
    assert s.over, (steps, s.hands)
    assert max(s.scores()) >= 12
