"""What the seat asked is deciding, in words (``GameState.decision_words``, asked of a seat that
is to act): the web status's «Ваш ход — …» and the terminal's prompt. A display aid,
no part of the rules.

The status said only «Ваш ход!» through a whole turn (the phase's noun, «торговля», stood
in a chip under the board on a phone): the words name the phase's decision, the builds open
and whether a development card may be played."""

from __future__ import annotations

from settlers.core.words import Words
from settlers.games.catan.phases import NAMES
from settlers.games.catan.state import CatanState

BUILDS = ("build_road", "build_settlement", "build_city", "buy_development_card")
CARDS = ("play_knight", "play_road_building", "play_monopoly", "play_year_of_plenty")


def decision_words(st: CatanState, seat: int, lang: str) -> str:
    w = Words("catan", lang)
    kinds = {a.kind for a in st.legal_actions(seat)}
    phase = NAMES[st.phase]
    if phase in ("build", "main"):
        builds = [w(f"decision.build.{k}") for k in BUILDS if k in kinds]
        key = f"decision.{phase}" if builds else f"decision.{phase}_nothing"
        text = w(key, builds=", ".join(builds))
    elif phase == "trade_choose":
        text = w("decision.trade_choose" if "accept_trade" in kinds else "decision.trade_none")
    else:
        text = w(f"decision.{phase}")
    if any(k in kinds for k in CARDS):
        text += w("decision.card_too")
    return text
