"""Shared action values for the legal-action lists (issue 19: speed).

Actions are frozen values compared by value, so one instance can stand for every equal one;
building a frozen dataclass costs about five times a cache look-up, and a playout lists
thousands. Each name here is the action class behind a cache (same arguments, same object).
"""

from __future__ import annotations

from functools import lru_cache

from settlers.games.iceland.actions import (
    AgeHex,
    AnswerOffer,
    AskHelp,
    Bid,
    BuildAgeing,
    BuildBoat,
    BuildFarm,
    BuildHarbour,
    BuildSettler,
    BuildTown,
    ChooseStarter,
    Concede,
    Decline,
    EndCases,
    EndMovement,
    EndTurn,
    Explore,
    Move,
    OpenCase,
    Pass,
    PlayFate,
    Roll,
    TradeWithBank,
)

ROLL = Roll()
END_TURN = EndTurn()
END_MOVEMENT = EndMovement()
PASS = Pass()
REJECT = AnswerOffer(False)
ACCEPT = AnswerOffer(True)
DECLINE = Decline()
CONCEDE = Concede()
END_CASES = EndCases()

move = lru_cache(maxsize=None)(Move)
explore = lru_cache(maxsize=None)(Explore)
play_fate = lru_cache(maxsize=None)(PlayFate)
bank_trade = lru_cache(maxsize=None)(TradeWithBank)
build_farm = lru_cache(maxsize=None)(BuildFarm)
build_town = lru_cache(maxsize=None)(BuildTown)
build_settler = lru_cache(maxsize=None)(BuildSettler)
build_boat = lru_cache(maxsize=None)(BuildBoat)
build_harbour = lru_cache(maxsize=None)(BuildHarbour)
build_ageing = lru_cache(maxsize=None)(BuildAgeing)
bid = lru_cache(maxsize=None)(Bid)
ask_help = lru_cache(maxsize=None)(AskHelp)
choose_starter = lru_cache(maxsize=None)(ChooseStarter)
open_case = lru_cache(maxsize=None)(OpenCase)
age_hex = lru_cache(maxsize=None)(AgeHex)
