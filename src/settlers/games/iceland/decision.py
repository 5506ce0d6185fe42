"""What the seat asked is deciding, in words (``GameState.decision_words``, asked of a seat that
is to act): the web status's «Ваш ход — …» and the terminal's prompt. A display aid,
no part of the rules.

The status said only «Ваш ход!» through a whole turn — the roll, the movement, the builds —
while the phase's noun stood under the board on a phone: the words name the decision, the
builds open and the trades."""

from __future__ import annotations

from settlers.core.words import Words
from settlers.games.iceland.state import IcelandState

BUILDS = ("build_farm", "build_boat", "build_harbour", "build_ageing")
TRADES = ("offer_trade", "trade_bank")


def decision_words(s: IcelandState, seat: int, lang: str) -> str:
    w = Words("iceland", lang)
    kinds = {a.kind for a in s.legal_actions(seat)}
    phase = s.phase
    if phase == "build":
        builds = [w(f"decision.build.{k}") for k in BUILDS if k in kinds]
        trade = any(k in kinds for k in TRADES)
        key = "decision.build" + ("_trade" if trade else "") + ("" if builds else "_nothing")
        return w(key, builds=", ".join(builds))
    if phase == "move":
        if "move" in kinds or "explore" in kinds:
            return w("decision.move" if "move" in kinds else "decision.explore")
        return w("decision.move_nothing")
    if phase == "althing":
        return w("decision.althing_starter" if "choose_starter" in kinds else "decision.althing")
    return w(f"decision.{phase}")
