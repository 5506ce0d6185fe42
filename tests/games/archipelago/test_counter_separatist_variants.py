"""benchmarks/archipelago_counter_separatist.py: the candidate counters to the Separatist,
one change each, measured against the base heuristic loaded from git (nineteenth session,
docs/audits/2026-12-08-nineteenth-arch.md). Each variant must differ from the base bot where
its change says and nowhere it has no reason to; ``summary`` must pair the games by index."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from arch_scenario import after_turn_zero, hear_bribes, in_round, set_money, touch
from test_heuristic_fall import hold
from test_heuristic_suspect import taxed

from settlers.games.archipelago import heuristic as H
from settlers.games.archipelago.actions import Bid, Propose, SetOrder

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks"))
import archipelago_counter_separatist as bench  # noqa: E402


def bids_placed(amounts):
    """Turn 1 after turn zero, seat 0 loyal (it holds «churches controlled»), every seat with
    30 money, the bids ``amounts`` (seat by seat) placed."""
    state = after_turn_zero(4, seed=3)
    hold(state, 0, "churches_controlled")
    for seat in range(4):
        set_money(state, seat, 30)
    for seat, amount in enumerate(amounts):
        state.apply(seat, Bid(amount))
    return state


def tied_rebid():
    """Seats 0 and 1 tied at 2 (L256): they bid again; seat 0 is loyal."""
    state = bids_placed((2, 2, 0, 0))
    assert state.step == "bid" and state.rebid and set(state.to_act) == {0, 1}
    return state


def test_rebid0_bids_nothing_on_a_tied_rebid_where_the_base_bids():
    state = tied_rebid()
    base = H.make_bot(seed=4).act(state, 0)
    assert isinstance(base, Bid) and base.amount > 0
    assert bench.Rebid0(4).act(state, 0) == Bid(0)


def test_rebid0_bids_as_the_base_on_the_first_bid():
    state = after_turn_zero(4, seed=3)
    hold(state, 0, "churches_controlled")
    set_money(state, 0, 30)
    assert not state.rebid
    assert bench.Rebid0(4).act(state, 0) == H.make_bot(seed=4).act(state, 0)


def ordering_with_a_suspect():
    state = bids_placed((5, 0, 0, 0))
    hear_bribes(state)
    assert state.step == "order" and state.actor == 0
    taxed(state, 1, 3)                      # three taxes in turn 1: the Separatist's pace
    touch(state)
    return state


def test_suspect_last_orders_the_suspect_last_and_asks_it_for_nothing():
    state = ordering_with_a_suspect()
    assert bench.suspects(state, 0) == [1]
    base = H.make_bot(seed=4).act(state, 0)
    assert isinstance(base, SetOrder) and base.order[-1] != 1
    choice = bench.SuspectLast(4).act(state, 0)
    assert isinstance(choice, SetOrder) and choice.order[0] == 0 and choice.order[-1] == 1
    legal = [Propose(t) for t in (1, 2, 3)]
    state.order = [0, 1, 2, 3]
    assert H.ArchipelagoBot.ask_for_cube(state, 0, legal) == Propose(1)
    assert bench.SuspectLast.ask_for_cube(state, 0, legal) == Propose(2)


def test_deck_crises_weighs_the_top_as_one_turn_in_ten_from_phase_5(monkeypatch):
    state = in_round(4, seed=1)
    card = next(c for c in state.deck if H.card_crises(state, c))   # a crisis on the top
    state.deck = [c for c in state.deck if c != card] + [card]
    touch(state)
    top = H.coming_crises(state)
    assert top and all(p["w"] == 1.0 for p in top)
    monkeypatch.setattr(H, "coming_crises", H.coming_crises)
    bench.patch_deck_crises()
    parts = H.coming_crises(state)
    assert abs(sum(p["w"] for p in parts) - sum(
        len(H.card_crises(state, c)) * (bench.TOP_STAYS if c == state.deck[-1] else
                                        (1 - bench.TOP_STAYS) / (len(state.deck) - 1))
        for c in state.deck)) < 1e-9
    # the same odds in the seat's determinized world: the deck as a set and its top's back
    assert H.coming_crises(state.determinize(0, 7)) == parts


def test_tax_threat_and_wheel_guard_act_only_with_a_suspect(monkeypatch):
    state = in_round(4, seed=1)
    hold(state, 0, "churches_controlled")
    state.rebellion = state.population      # the taxes left on the wheel break the colony
    touch(state)
    edge = H.wheel_margin(state)
    assert edge < 1
    calm = H.value(state, 0)
    monkeypatch.setattr(H, "wheel_margin", H.wheel_margin)
    monkeypatch.setattr(H, "hurry", H.hurry)
    monkeypatch.setitem(bench.FLAGS, "guard", False)
    monkeypatch.setitem(bench.FLAGS, "threat", 0)
    bench.patch_wheel_guard()
    bench.patch_tax_threat()
    assert H.value(state, 0) == calm        # nobody suspected: the base's value
    assert H.hurry(state, 0, 6) == 0.0      # no drift: the colony's days are many
    bench.FLAGS["guard"] = True
    assert H.wheel_margin(state) == 1 - (1 - edge) * bench.WHEEL_GUARD
    assert H.value(state, 0) < calm
    bench.FLAGS["threat"] = 2               # two taxes a turn: 6 turns of margin last 3
    assert H.hurry(state, 0, 6) == 0.5


def test_the_tracked_bot_reads_the_suspect_from_its_own_world(monkeypatch):
    state = in_round(4, seed=1)
    hold(state, 0, "churches_controlled")
    monkeypatch.setitem(bench.FLAGS, "guard", False)
    monkeypatch.setitem(bench.FLAGS, "threat", 0)
    bench._Tracked(4).act(state, 0)
    assert bench.FLAGS == {"threat": 0, "guard": False}
    taxed(state, 2, 3)
    touch(state)
    bench._Tracked(4).act(state, 0)
    assert bench.FLAGS["guard"] and bench.FLAGS["threat"] > 0


def test_summary_pairs_the_games_by_index(tmp_path, capsys):
    def row(game: int, fell: bool, winners: list[int], me: int = 0) -> str:
        return json.dumps({"game": game, "me": me, "ended_by": "independence" if fell else "end",
                           "actions": 100 + game + fell, "sep": [3], "winners": winners,
                           "cause": {"seat": 3, "kind": "taxes", "phase": "actions"},
                           "cpu_mine": [1.0, 2.0]})

    (tmp_path / "base-old.jsonl").write_text(
        "\n".join([row(1, True, [3]), row(2, True, [3]), row(3, False, [0]), row(4, True, [3])])
        + "\n")
    (tmp_path / "rebid0-new.jsonl").write_text(
        "\n".join([row(1, False, [0]), row(2, True, [3]), row(3, False, [0])]) + "\n")
    (tmp_path / "rebid0-mixed.jsonl").write_text(
        "\n".join([row(1, False, [0]), row(2, True, [3]), row(3, False, [1]), row(4, True, [3])])
        + "\n")

    class Args:
        runs = str(tmp_path)

    bench.summary(Args())  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "base: falls 3/4" in out
    assert "rebid0: falls 1/3" in out and "only base fell 1, only new 0" in out
    # the mixed check counts the base's falls over its own games (4), not the paired run's (3)
    assert "mixed, 4 games" in out and "better in 1, worse in 1" in out
    assert "the colony fell 2 (base 3)" in out
