"""What the seat asked is deciding, in words (``ArchipelagoGame.decision_words``): the web
status's «Ваш ход — …» and the terminal's prompt. A display aid, no part of the rules.

Every step is named by its noun (``render.step_words``), but the action round's read only
«раунд»: neither that a disc goes on the action wheel, nor what else may be done
before the round ends. The round now says both, by the kinds of action open."""

from __future__ import annotations

from settlers.games.archipelago import render
from settlers.games.archipelago.state import ArchState

# the wheel's actions (a disc on one of them) and the side actions of a round
WHEEL = frozenset({"taxes", "trade", "explore", "reproduce", "recruit", "migrate", "build",
                   "harvest"})
SIDE = ("propose", "gift", "use_card", "exchange_token")


def decision_words(state: ArchState, seat: int, lang: str) -> str:
    if state.step != "round":
        return render.step_words(state, lang)
    kinds = {a.kind for a in state.legal_actions(seat)}
    side = [render.t(f"decision.round.side.{k}", lang) for k in SIDE if k in kinds]
    ends = "end_round" in kinds
    if kinds & WHEEL:
        words = render.t("decision.round.wheel", lang)
        if side:
            words += render.t("decision.round.also", lang, side=", ".join(side))
        return words + (render.t("decision.round.or_end", lang) if ends else "")
    if side:
        return render.t("decision.round.side", lang, side=", ".join(side)) \
            + (render.t("decision.round.or_end", lang) if ends else "")
    return render.t("decision.round.end", lang) if ends else render.step_words(state, lang)
