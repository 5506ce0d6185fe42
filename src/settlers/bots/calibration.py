"""From a game's `evaluate` to a win probability, for the cut-off of the `search` bot's playouts.

`WIN_MODEL[(game id, players)] = (a, b)`: P(win) = 1 / (1 + exp(-(a·v + b))) where v is
`evaluate(seat)`, fitted by maximum likelihood on heuristic self-play positions
(`benchmarks/search_calibration.py`). A game or player count without a fit falls back to a
self-scaling logistic (the mean |v| seen so far is the scale, parity is 1/players at v = 0).
"""

from __future__ import annotations

import math

#: (game id, players) -> (a, b); refit with benchmarks/search_calibration.py
WIN_MODEL: dict[tuple[str, int], tuple[float, float]] = {
    ("catan", 4): (0.0678716, -0.657475),  # 54816 positions, 150 games
    ("iceland", 4): (0.591347, -1.66181),  # 128180 positions, 150 games
    ("founders", 4): (0.211113, -1.10253),  # 9060 positions, 40 games
    ("founders", 2): (0.32648, -0.075539),  # 3372 positions, 60 games
    ("imperial", 4): (0.230908, -0.594967),  # 29300 positions, 150 games
    ("imperial", 2): (0.231577, 0.0),  # 7526 positions, 150 games
}


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


class WinProbability:
    """Maps `evaluate` values of one game and player count to win probabilities."""

    def __init__(self, game_id: str, players: int) -> None:
        self.model = WIN_MODEL.get((game_id, players))
        self.parity_bias = math.log(1.0 / max(players - 1, 1))  # logit of 1/players
        self._count = 0
        self._magnitude = 0.0

    def __call__(self, value: float) -> float:
        if self.model is not None:
            a, b = self.model
            return _logistic(a * value + b)
        self._count += 1
        self._magnitude += abs(value)
        scale = self._magnitude / self._count or 1.0
        return _logistic(value / scale + self.parity_bias)
