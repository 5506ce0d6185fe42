"""The conformance suite itself must be able to fail: broken variants of the sample game."""

from __future__ import annotations

import dataclasses

import pytest

from settlers.core import Game
from settlers.testing.conformance import ConformanceError, run_playout
from settlers.testing.sample import GAME, SealedBidsGame


class LeakyView(SealedBidsGame):
    def _view(self, seat):
        view = super()._view(seat)
        view["all_hands"] = [list(h) for h in self.hands]
        return view


class PermissiveCheck(SealedBidsGame):
    def rule_refusal(self, seat, action):
        return None


class StuckGame(SealedBidsGame):
    def legal_actions(self, seat):
        return [] if self.version > 3 else super().legal_actions(seat)


class ForgetfulClone(SealedBidsGame):
    def clone(self):
        new = super().clone()
        new.hands = self.hands  # shared, not copied
        return new


class UnlabelledAction(SealedBidsGame):
    def describe_action(self, action, lang="ru"):
        if self.version > 2:
            return "Bid {amount}"   # a placeholder the catalog did not fill
        return super().describe_action(action, lang)


class LabelThatRaises(SealedBidsGame):
    def describe_action(self, action, lang="ru"):
        if self.version > 2 and lang == "ru":
            raise KeyError("amount")   # one language's text misses a parameter
        return super().describe_action(action, lang)


class DiscardLost(SealedBidsGame):
    """A bid card that vanishes once discarded: the game's invariants (cards conserved) fail
    although every view, clone and replay agrees with it."""

    def _apply(self, seat, action):
        super()._apply(seat, action)
        if self.discards:
            self.discards.pop()


class ScoresMiscounted(SealedBidsGame):
    """Scores that are not the points taken: only the scores recomputed at the end differ."""

    def scores(self):
        return [s + (1.0 if seat == 0 else 0.0) for seat, s in enumerate(super().scores())]


def _variant(state_class):
    return dataclasses.replace(GAME, id="sample", state_class=state_class)


@pytest.mark.parametrize(
    ("state_class", "words"),
    [
        (LeakyView, "view of seat"),
        (PermissiveCheck, "was accepted"),
        (StuckGame, "no legal action"),
        (ForgetfulClone, "changed the state"),
        (UnlabelledAction, "placeholder"),
        (LabelThatRaises, "raised KeyError"),
        (DiscardLost, "invariant broken: bid cards not conserved"),
        (ScoresMiscounted, r"invariant broken: scores\(\) .* != scores recomputed"),
    ],
)
def test_conformance_catches(state_class, words):
    game: Game = _variant(state_class)
    with pytest.raises(ConformanceError, match=words):
        run_playout(game, 3, seed=11)
