"""What the seat asked is deciding, in words (``GameState.decision_words``, asked of a seat that
is to act): the web status's «Ваш ход — …» and the terminal's prompt. A display aid,
no part of the rules.

The status said only «Ваш ход!» in every phase — while a stack was to be chosen for the
reveal (with «Выберите подсвеченное место на поле» under it), a tile to attach, its place:
the words name the decision, the stacks one may reveal from and the tokens one may play."""

from __future__ import annotations

from settlers.core.words import Words
from settlers.games.founders.state import FoundersState

TOKENS = ("play_war", "play_coin", "play_cart", "play_master")


def decision_words(st: FoundersState, seat: int, lang: str) -> str:
    w = Words("founders", lang)
    phase = st.phase
    actions = st.legal_actions(seat)
    kinds = {a.kind for a in actions}
    if phase == "reveal":
        stacks = [w(f"stack.{a.stack}") for a in actions if a.kind == "reveal"]  # type: ignore[attr-defined]
        text = w("decision.reveal", stacks=", ".join(stacks)) if len(stacks) > 1 \
            else w("decision.reveal_one", stack=stacks[0]) if stacks else ""
        if "propose_end" in kinds:
            text = w("decision.propose_too", text=text) if text else w("decision.propose_only")
        return text
    if phase == "main":
        if "choose_tile" in kinds:
            text = w("decision.choose_tile")
        elif "draw_nature" in kinds:
            text = w("decision.draw_nature")
        else:
            text = w("decision.end_turn")
        tokens = [w(f"decision.token.{k}") for k in TOKENS if k in kinds]
        return text + (w("decision.tokens", tokens=", ".join(tokens)) if tokens else "")
    if phase == "place" and st.chosen is not None:
        return w("decision.place", name=st.ts.name(st.chosen, lang))
    if phase in ("draft", "found", "vote", "final_masters"):
        return w(f"decision.{phase}")
    return ""
