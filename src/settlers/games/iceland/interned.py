"""Shared action values for the legal-action lists (issue 19: speed).

Actions are frozen values compared by value, so one instance can stand for every equal one;
building a frozen dataclass costs about five times a cache look-up, and a playout lists
thousands. Each name here is the action class behind a cache (same arguments, same object).
"""

from __future__ import annotations

from functools import lru_cache

from settlers.games.iceland import actions as A

ROLL = A.Roll()
END_TURN = A.EndTurn()
END_MOVEMENT = A.EndMovement()
PASS = A.Pass()
REJECT = A.AnswerOffer(False)
ACCEPT = A.AnswerOffer(True)
DECLINE = A.Decline()
CONCEDE = A.Concede()
END_CASES = A.EndCases()

move = lru_cache(maxsize=None)(A.Move)
explore = lru_cache(maxsize=None)(A.Explore)
play_fate = lru_cache(maxsize=None)(A.PlayFate)
bank_trade = lru_cache(maxsize=None)(A.TradeWithBank)
build_farm = lru_cache(maxsize=None)(A.BuildFarm)
build_town = lru_cache(maxsize=None)(A.BuildTown)
build_settler = lru_cache(maxsize=None)(A.BuildSettler)
build_boat = lru_cache(maxsize=None)(A.BuildBoat)
build_harbour = lru_cache(maxsize=None)(A.BuildHarbour)
build_ageing = lru_cache(maxsize=None)(A.BuildAgeing)
bid = lru_cache(maxsize=None)(A.Bid)
ask_help = lru_cache(maxsize=None)(A.AskHelp)
choose_starter = lru_cache(maxsize=None)(A.ChooseStarter)
open_case = lru_cache(maxsize=None)(A.OpenCase)
age_hex = lru_cache(maxsize=None)(A.AgeHex)
