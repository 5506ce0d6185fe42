"""The phases of a turn («Ход игры», «Фаза основания», «Комбинированный этап»)."""

FOUND_SETTLEMENT = 0   # founding phase: place a settlement
FOUND_ROAD = 1         # founding phase: the road leaving it
ROLL = 2               # start of a turn: roll (or play a development card first)
DISCARD = 3            # after a 7: everyone over 7 cards discards half (simultaneous)
ROBBER = 4             # move the robber and rob
TRADE = 5              # separate phases: trade
BUILD = 6              # separate phases: build
MAIN = 7               # combined trade-and-build phase
TRADE_ANSWERS = 8      # a domestic offer waits for answers (simultaneous)
TRADE_CHOOSE = 9       # the player to move picks an answer or withdraws
ROAD_BUILDING = 10     # placing the free roads of a road-building card
OVER = 11

NAMES = ("found_settlement", "found_road", "roll", "discard", "robber", "trade", "build",
         "main", "trade_answers", "trade_choose", "road_building", "over")
#: phases in which the player to move may play a development card: «Карта может быть разыграна
#: в любое время, в том числе и перед броском кубиков» (L277) — also before moving the robber
#: after a 7 (a Knight then moves it once for itself, and the 7's move follows). Not while
#: the others discard (their halves are owed from the roll on) nor while the player's own offer
#: waits for answers (once every answer is in it may withdraw the offer and play the card):
#: README, «Readings»
CARD_PHASES = frozenset((ROLL, ROBBER, TRADE, BUILD, MAIN))


def after_roll(phases_option: str) -> int:
    """The phase that follows the roll (and the robber): trade with separate phases, the
    combined trade-and-build phase otherwise (the ``phases`` option)."""
    return TRADE if phases_option == "separate" else MAIN
