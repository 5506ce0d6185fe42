"""The heuristic bots of Catan and Landnám do not make again, in the same turn, a domestic
1-for-1 offer that was just refused (``trade_sense.refused_offers``, read from the action log):
nothing moved since, so it would be refused again. The bots stay deterministic for a seed."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import settlers


def refused_offers_made_again(game: str, players: int, seed: int,
                              steps: int = 5000) -> tuple[list[Any], list[Any]]:
    """(the offers made again after a refusal in the same turn, the game's log) for a game of
    heuristic bots seeded ``seed``. An offer is refused when it closes without a trade: in
    Catan without an ``accept_trade`` of the player to move, in Landnám on a «no»."""
    bots_module = importlib.import_module(f"settlers.games.{game}.heuristic")
    st = settlers.load(game).new_state(players, seed)
    bots = [bots_module.make_bot(seed=seed + i) for i in range(st.players)]
    repeats: list[Any] = []
    refused: list[Any] = []
    turn = None
    open_offer: Any = None
    traded = False
    for _ in range(steps):
        if st.over:
            break
        seat = st.to_act[0]
        action = bots[seat].act(st, seat)
        if (st.turn, st.current) != turn:
            refused, turn = [], (st.turn, st.current)
        if action.kind == "offer_trade":
            if (seat, action) in refused:
                repeats.append((st.turn, seat, action.to_json_text()))
            open_offer, traded = (seat, action), False
        if action.kind == "accept_trade" or (action.kind == "answer_offer" and action.accept):
            traded = True
        st.apply(seat, action)
        still_open = st.trade is not None if game == "catan" else st.phase == "offer"
        if open_offer is not None and not still_open:
            if not traded:
                refused.append(open_offer)
            open_offer = None
    return repeats, [(s, a.to_json_text()) for s, a in st.log]




@pytest.mark.parametrize("game, players, seed", [("catan", 4, 0), ("catan", 4, 2),
                                                  ("iceland", 3, 0), ("iceland", 3, 1)])
def test_a_refused_offer_is_not_made_again_in_the_same_turn(game, players, seed):
    repeats, _log = refused_offers_made_again(game, players, seed)
    assert repeats == []


def test_the_bots_remain_deterministic_for_a_seed():
    for game, players in (("catan", 4), ("iceland", 3)):
        _r, first = refused_offers_made_again(game, players, 1, steps=600)
        _r, again = refused_offers_made_again(game, players, 1, steps=600)
        assert first == again
