"""«ФАЗА РАЗВЕДКИ» and its variants.

Standard: every player takes the top card of their empire deck; players+1 common cards are
opened and taken one each clockwise from the first player, the last one is discarded; again
players+1 cards, taken counter-clockwise from the last player.
«АЛЬТЕРНАТИВНАЯ ФАЗА РАЗВЕДКИ» (option ``lookout=alternative``): each player takes 3 common
cards, keeps one, passes two clockwise, keeps one of the two, discards the last — all at once.
The passer saw both cards it passed and the discard lies face up, so it knows the card the next
player kept (``hand_seen``) while that card stays in the hand.
«УСЛОЖНЁННАЯ ФАЗА РАЗВЕДКИ» (``lookout=advanced``): 5 open cards, taken clockwise until
everyone has 2; with 3–4 players new cards are opened as the rulebook describes.
«МИРНЫЙ ВАРИАНТ»: each player also takes 1 common card at the start of the lookout.
The solo lookout lives in ``solo.py``.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.seats import seats_from
from settlers.games.imperial.actions import Pick
from settlers.games.imperial.decks import (
    card_key,
    discard_row,
    draw_card,
    open_cards,
    take_top_common,
)
from settlers.games.imperial.pending import push
from settlers.games.imperial.solo import solo_lookout_step
from settlers.games.imperial.state import ImperialState


def begin_lookout(st: ImperialState) -> None:
    n = st.players
    for seat in seats_from(st.first, n):
        draw_card(st, seat, "faction")
        if st.peaceful:
            # «МИРНЫЙ ВАРИАНТ»: «В начале фазы разведки каждый игрок берёт не только 1 имперскую
            # карточку, но и 1 общую» — in the solo game too, whose algorithm (L806-812) begins
            # with the empire card the variant adds to
            draw_card(st, seat, "common")
    if st.solo:
        st.draft = {"mode": "solo", "step": 0}
    elif st.lookout_variant == "alternative":
        begin_alt_lookout(st)
    elif st.lookout_variant == "advanced":
        st.draft = {"mode": "advanced", "pick": 0, "opened": False}
    else:
        st.draft = {"mode": "standard", "stage": 0, "order": []}


def lookout_step(st: ImperialState) -> bool:
    """Push the next pick; True when the lookout is over."""
    mode = st.draft.get("mode")
    if mode == "solo":
        return solo_lookout_step(st)
    if mode == "advanced":
        return _advanced_step(st)
    if mode == "alt":
        return True
    return _standard_step(st)


def _standard_step(st: ImperialState) -> bool:
    n = st.players
    d = st.draft
    while True:
        if d["order"] and st.row:
            push(st, "draft", d["order"][0], "pick", list(zip(st.row)))   # (card,) each
            return False
        discard_row(st)
        if d["stage"] == 2:
            return True
        d["stage"] += 1
        open_cards(st, n + 1)
        if d["stage"] == 1:  # clockwise from the first player
            d["order"] = seats_from(st.first, n)
        else:  # «начиная с последнего игрока и против часовой стрелки»
            d["order"] = seats_from(st.first, n)[::-1]


def _advanced_step(st: ImperialState) -> bool:
    n = st.players
    d = st.draft
    if not d["opened"]:
        d["opened"] = True
        open_cards(st, 5)
    k = d["pick"]
    if k >= 2 * n:
        discard_row(st)
        return True
    lap, pos = divmod(k, n)
    if n >= 3:
        if lap == 0 and pos >= 2:   # «у каждого из них должно быть по 4 карточки»
            open_cards(st, 4 - len(st.row))
        elif lap == 1 and 0 < pos < n - 1:  # «будет выбор из 3 карточек»
            open_cards(st, 3 - len(st.row))
    if not st.row:
        d["pick"] = 2 * n
        return _advanced_step(st)
    seat = (st.first + pos) % n
    push(st, "draft", seat, "pick", list(zip(st.row)))   # (card,) each
    return False


def answer_draft(st: ImperialState, p: dict[str, Any], card: int) -> None:
    st.pending.pop()
    seat = p["seat"]
    st.row.remove(card)
    st.hand[seat].append(card)
    st.known[seat].append(card)
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.pick", seat=seat, card=card_key(st, card))
    d = st.draft
    if d["mode"] == "advanced":
        d["pick"] += 1
    else:
        d["order"].pop(0)


def begin_alt_lookout(st: ImperialState) -> None:
    n = st.players
    offers = []
    for _ in range(n):
        offer = []
        for _ in range(3):
            card = take_top_common(st)
            if card is not None:
                offer.append(card)
        offers.append(offer)
    st.draft = {"mode": "alt", "step": 1, "offer": offers, "choice": [-1] * n}
    st.phase = "alt_lookout"


def alt_to_act(st: ImperialState) -> tuple[int, ...]:
    d = st.draft
    return tuple(s for s in range(st.players) if d["choice"][s] < 0 and d["offer"][s])


def alt_actions(st: ImperialState, seat: int) -> list[Action]:
    return [Pick(c) for c in st.draft["offer"][seat]]


def alt_pick(st: ImperialState, seat: int, action: Action) -> None:
    d = st.draft
    d["choice"][seat] = action.card  # type: ignore[attr-defined]
    if alt_to_act(st):
        return
    n = st.players
    for s in range(n):
        if d["choice"][s] >= 0:
            st.hand[s].append(d["choice"][s])
    if d["step"] == 2:   # the passer saw both cards and sees the discard (L730-731)
        for s in range(n):
            kept = d["choice"][(s + 1) % n]
            if kept >= 0:
                st.hand_seen[s].append(kept)
    rest = [[c for c in d["offer"][s] if c != d["choice"][s]] for s in range(n)]
    st.emit("imperial.event.alt_picked", step=d["step"])
    if d["step"] == 1:  # «передаёт оставшиеся две следующему игроку по часовой стрелке»
        d["offer"] = [rest[(s - 1) % n] for s in range(n)]
        d["choice"] = [-1] * n
        d["step"] = 2
        if alt_to_act(st):
            return
        rest = d["offer"]
    for cards in rest:  # «Последняя оставшаяся карточка сбрасывается»
        st.common_discard.extend(cards)
    st.draft = {"mode": "alt_done"}
    st.phase = "production"
