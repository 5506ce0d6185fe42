"""A view-leak probe over seeded random games (the nineteenth reading).

What lies face down in Founders: the order of the three stacks (L37 «перемешайте каждую стопку
лицом вниз»), the prize tiles put back in the box unseen (L37 «Остальные призовые квадраты
уберите в коробку»), the master pool (L43 «перемешайте лицом вниз»), and the seed, which orders
them all. Everything else is open to every seat (L68, L154, L216, L221).

The probe plays seeded random games and, at checkpoints, makes a *twin*: a copy of the position
whose face-down piles are shuffled anew and whose seed and random generator are changed. What
a seat or a spectator is shown must be the same in both — the view (with every event from the
start, in Russian and in English), the terminal's board, the menus of every seat with their
labels and the redacted log — and, after the same action in both, the events it adds, whenever
the view after it is the same (an action that turns nothing over). A view that showed a stack's
top, the boxed prize tiles, the next master or the seed would differ between the twins; the
seed, a nine-digit number, is also looked for as text. ``test_the_probe_finds_a_planted_leak``
shows that it does.

The sixteenth referee (``founders_referee.check_hidden``) compares each view with its own
public table and ``determinize``; this probe adds the terminal board, the action labels, the
full event history, the redacted log, the events an action adds, and the seed as text.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from settlers.games.founders import GAME
from settlers.games.founders.protocol import FoundersGame

LANGS = ("ru", "en")
SEED_BASE = 918_273_645   # nine digits: never a tile id, a count or a coordinate


def _shown(state: Any) -> dict[str, Any]:
    """Everything any viewer is shown, by viewer: view, board, menus with labels, log."""
    out: dict[str, Any] = {}
    for viewer in (*range(state.players), None):
        for lang in LANGS:
            out[f"view/{viewer}/{lang}"] = state.view(viewer, events_since=0, lang=lang)
            out[f"render/{viewer}/{lang}"] = state.render(viewer, lang)
        out[f"log/{viewer}"] = state.log_json(viewer, redact=True)
    for seat in range(state.players):
        menu = state.legal_actions(seat)
        out[f"menu/{seat}"] = [a.to_json() for a in menu]
        for lang in LANGS:
            out[f"labels/{seat}/{lang}"] = [state.describe_action(a, lang) for a in menu]
    return out


def _twin(state: Any, k: int) -> Any:
    """The same position with the face-down piles shuffled anew and another seed."""
    twin = state.clone()
    other = SEED_BASE + 500_000 + k
    twin.seed = other
    twin.rng = random.Random(other)
    twin.redraw_hidden(0, random.Random(other))
    return twin


def _differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return sorted(k for k in a if a[k] != b[k])


def probe(players: int, seed: int, steps: int = 400, every: int = 9) -> dict[str, int]:
    """Play one seeded random game; return the counts of what was compared. Raises
    AssertionError naming the first leak."""
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    counts = {"checkpoints": 0, "reshuffled": 0, "events_compared": 0}
    for step in range(steps):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        if step % every == 0:
            twin = _twin(state, step)
            if twin.stacks != state.stacks or twin.master_pool != state.master_pool \
                    or twin.prize_box != state.prize_box:
                counts["reshuffled"] += 1
            shown, twin_shown = _shown(state), _shown(twin)
            leaks = _differences(shown, twin_shown)
            assert not leaks, f"{players}/{seed} step {step}: {leaks[:3]} differ between twins"
            text = json.dumps(shown, ensure_ascii=False, default=str)
            assert str(seed) not in text, f"{players}/{seed} step {step}: the seed is shown"
            assert str(twin.seed) not in json.dumps(twin_shown, ensure_ascii=False, default=str)
            counts["checkpoints"] += 1
            since = len(state.events)
            state.apply(seat, action)
            twin.apply(seat, action)
            if state.view(None)["state"] == twin.view(None)["state"]:
                for viewer in (*range(players), None):
                    assert state.view(viewer, events_since=since) == \
                        twin.view(viewer, events_since=since), \
                        f"{players}/{seed} step {step}: {action} tells {viewer} of a face-down thing"
                counts["events_compared"] += 1
        else:
            state.apply(seat, action)
    return counts


@pytest.mark.parametrize("players,seed", [(2, SEED_BASE + 1), (3, SEED_BASE + 2),
                                          (4, SEED_BASE + 3), (2, SEED_BASE + 4)])
def test_no_view_shows_what_lies_face_down(players, seed):
    counts = probe(players, seed)
    assert counts["checkpoints"] >= 15
    assert counts["reshuffled"] >= counts["checkpoints"] - 2   # the twins did differ
    assert counts["events_compared"] >= 5


def test_the_probe_finds_a_planted_leak(monkeypatch):
    """The probe is not blind: a view that names the nature stack's top tile, and one that
    carries the seed, are both caught."""
    real = FoundersGame._view

    def top_shown(self, seat):
        v = real(self, seat)
        v["next_nature"] = self.stacks[0][-1] if self.stacks[0] else None
        return v

    monkeypatch.setattr(FoundersGame, "_view", top_shown)
    with pytest.raises(AssertionError, match="differ between twins"):
        probe(2, SEED_BASE + 1, steps=60)

    def seed_shown(self, seat):
        v = real(self, seat)
        v["table"] = f"table-{self.seed}"
        return v

    monkeypatch.setattr(FoundersGame, "_view", seed_shown)
    with pytest.raises(AssertionError, match=r"differ between twins|the seed is shown"):
        probe(2, SEED_BASE + 1, steps=60)
