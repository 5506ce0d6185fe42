"""The Archipelago heuristic infers a plausible Separatist from public play (issue 13, fifth
round): a Separatist may hide among the players (archipelago.ru.txt L88) and wins only by the
fall of the colony (L425, L908); every tax collection moves the rebellion marker up by 1
(L471), so a seat that takes more taxes than turns played is suspected."""

from __future__ import annotations

from arch_scenario import in_round, legal

from settlers.games.archipelago.actions import Taxes
from settlers.games.archipelago.heuristic_suspect import (
    TAX_EVENT,
    separatist_suspected,
    taxes_taken,
)


def taxed(state, seat: int, times: int):
    """``times`` tax collections of ``seat`` in the public record (the engine's own event)."""
    for _ in range(times):
        state.emit(TAX_EVENT, seat=seat, n=2)
    return state


def test_the_engine_records_a_tax_collection_as_a_public_event():
    # L471: the tax action moves the rebellion marker; the event the bot reads is public
    state = in_round(3, seed=1, seat=1)
    assert Taxes() in legal(state, 1)
    state.apply(1, Taxes())
    assert taxes_taken(state)[1] == 1
    assert all(e.visible(0) for e in state.events if e.key == TAX_EVENT)
    world = state.determinize(0, 5)
    assert taxes_taken(world)[1] == 1     # the seat's own record survives its determinized world


def test_more_taxes_than_turns_make_a_separatist_plausible():
    state = in_round(3, seed=1)
    assert state.turn == 1
    assert not separatist_suspected(taxed(state, 1, 2), 0)   # two in turn 1: a loyal seat may
    assert separatist_suspected(taxed(state, 1, 1), 0)       # a third: more than turns + 1


def test_the_bar_grows_with_the_turns_played():
    state = taxed(in_round(3, seed=1), 2, 4)
    state.turn = 4
    assert not separatist_suspected(state, 0)    # four taxes in four turns: not the Separatist's pace
    state.turn = 3
    assert separatist_suspected(state, 0)


def test_a_seat_never_suspects_itself_and_no_record_suspects_nobody():
    state = taxed(in_round(3, seed=1), 0, 5)
    assert not separatist_suspected(state, 0)
    assert separatist_suspected(state, 1)
    state.events = []
    assert not separatist_suspected(state, 1)
