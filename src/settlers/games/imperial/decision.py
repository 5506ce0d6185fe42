"""What the seat asked is deciding, in words (``GameState.decision_words``, asked of a seat that
is to act): the web status's «Ваш ход — …» and the terminal's prompt. A display aid,
no part of the rules.

The status said only «Ваш ход!» while an own location lit on the board could be activated
or take a defence token, and while a payment or a choice was pending: the words name the
decision and, in the turn, the kinds of main action open and the free ones."""

from __future__ import annotations

from settlers.core.words import Words
from settlers.games.imperial.decks import card_name
from settlers.games.imperial.state import ImperialState

# the main actions of a turn as the status names them, in the rulebook's order (exchange:
# two workers for a resource or a card); a razing is one kind whatever is razed
MAIN_KINDS = (("build", "build"), ("deal", "deal"), ("raze_card", "raze"),
              ("raze_location", "raze"), ("activate", "activate"), ("exchange", "exchange"))
# the free actions, which may come before or after the main one
FREE_KINDS = ("place_defence", "place_samurai", "put_under_gate", "put_on_shrine")


def decision_words(st: ImperialState, seat: int, lang: str) -> str:
    w = Words("imperial", lang)
    if st.pending:
        p = st.pending[-1]
        card = p.get("card")
        name = card_name(st, card, lang) if isinstance(card, int) else ""
        return w(f"decision.{p['kind']}", card=name)
    kinds = {a.kind for a in st.legal_actions(seat)}
    free = [w(f"decision.free.{k}") for k in FREE_KINDS if k in kinds]
    main: list[str] = []
    for kind, word in MAIN_KINDS:
        if kind in kinds and w(f"decision.main.{word}") not in main:
            main.append(w(f"decision.main.{word}"))
    if "end_turn" in kinds:   # the main action is done
        return w("decision.after_free", free=w("decision.or").join(free)) if free \
            else w("decision.after")
    if not main:
        head = w("decision.only_pass")
    else:
        head = w("decision.main", options=", ".join(main))
    return head + (w("decision.free", free=w("decision.or").join(free)) if free else "")
