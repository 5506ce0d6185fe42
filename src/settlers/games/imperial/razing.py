"""«РАЗРУШИТЬ»: razing a card from the hand or an opponent's location, and taking a location
out of an empire.

«Имперские локации разрушить нельзя» (except the Japanese ones); a razed common location
«становится фундаментом» and its owner takes 1 wood; «Спасовав, игрок не может стать целью».
"""

from __future__ import annotations

from settlers.games.imperial.actions import RazeCard, RazeLocation
from settlers.games.imperial.content import CAPTOR, DEFENCE, RAZE, SAMURAI, F, S, W
from settlers.games.imperial.decks import card_key, discard_card, leave_hand
from settlers.games.imperial.marks import drop_location_marks
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import gain, has_passive, trigger

RAZE_LOCATION_COST = 2          # «Сбросить 2 жетона разрушений»
# SEATS[n]: the seats of n players in order, range(n) made once (the game has 1–4 players;
# the table goes to 8): the raze targets are listed at many main turns late in a game
SEATS = tuple(tuple(range(n)) for n in range(9))


def razeable_from_hand(st: ImperialState, cid: int) -> bool:
    """Common cards with a raze bonus; «Игрок за японскую империю может разрушать и
    имперские карточки»."""
    card = st.cards[cid]
    return card.raze is not None and (card.common or card.deck == "japanese")


def location_razeable(st: ImperialState, cid: int) -> bool:
    """«Имперские локации разрушить нельзя» — except Japanese ones with a raze bonus;
    «Руины», «Врата», «Часовня» cannot be razed."""
    card = st.cards[cid]
    if card.unrazeable:
        return False
    return card.common or card.deck == "japanese"


def raze_cost(st: ImperialState, owner: int, cid: int, ignore_defence: bool = False,
              base: int = RAZE_LOCATION_COST) -> int:
    if owner < 0 or ignore_defence:
        return base
    return base + defence_of(st, owner, cid)


def defence_of(st: ImperialState, owner: int, cid: int) -> int:
    """+1 per defence token or samurai, +1 for a reconstructed empire feature that guards
    common locations («Граница», «Римская крепость»)."""
    info = st.info[cid]
    extra = info[DEFENCE] + info[SAMURAI]
    if st.cards[cid].common and has_passive(st, owner, "extra_defence"):
        extra += 1
    return extra


def targetable(st: ImperialState, seat: int) -> list[int]:
    """Opponents that may be targeted: «Спасовав, игрок не может стать целью»."""
    passed = st.passed
    return [t for t in SEATS[st.players] if t != seat and not passed[t]]


def opponent_locations(st: ImperialState, seat: int) -> list[tuple[int, int]]:
    out = [(t, cid) for t in targetable(st, seat) for cid in st.locs[t]]
    if st.solo:
        out.extend((-1, cid) for cid in st.virtual)
    return out


def do_raze_card(st: ImperialState, seat: int, action: RazeCard) -> None:
    """«ЧТОБЫ РАЗРУШИТЬ ЛОКАЦИЮ С РУКИ»: 1 token, «3. Взять из общего запаса товары,
    указанные бонусом разрушения выбранной карточки. 4. Сбросить карточку» (L495-498) — in
    that order: a card the bonus gives is drawn before the razed one reaches the discard (a
    common deck rebuilt from the discard cannot give it back). When the bonus asks which deck
    to draw from, the razed card waits beside that question (``discard_after``) and is
    discarded once the cards are drawn (effects.answer_draw)."""
    st.acted = True   # the main action of the turn; free actions may follow
    cid = action.card
    st.goods[seat][RAZE] -= 1
    leave_hand(st, seat, cid)
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.raze_card", seat=seat, card=card_key(st, cid))
    asked = len(st.pending)
    gain(st, seat, st.cards[cid].raze or {})
    discard_after_bonus(st, asked, cid)
    trigger(st, seat, "raze")


def discard_after_bonus(st: ImperialState, asked: int, cid: int) -> None:
    """Discard a razed card once its raze bonus is taken: when the bonus left a question of
    which deck to draw from (pending past ``asked``), the card waits beside it
    (``discard_after``, effects.answer_draw), so a common deck rebuilt from the discard
    cannot give it back."""
    if len(st.pending) > asked and st.pending[-1]["kind"] == "draw":
        st.pending[-1]["discard_after"] = cid
    else:
        discard_card(st, cid)


def do_raze_location(st: ImperialState, seat: int, action: RazeLocation) -> None:
    st.acted = True   # the main action of the turn; free actions may follow
    st.goods[seat][RAZE] -= raze_cost(st, action.target, action.card)
    raze_location(st, seat, action.target, action.card)


def raze_location(st: ImperialState, razer: int, owner: int, cid: int) -> None:
    """The razer takes the raze bonus; a common location «становится фундаментом» and its
    owner takes 1 wood; a Japanese empire location is discarded; the solo opponent's
    location goes to the discard."""
    card = st.cards[cid]
    if st.record_events:   # no event to build in searches and simulations
        st.emit("imperial.event.raze_location", seat=razer, owner=owner,
                  card=card_key(st, cid))
    asked = len(st.pending)
    gain(st, razer, card.raze or {})
    trigger(st, razer, "raze")
    if owner != razer:
        trigger(st, razer, "raze_location")
    if owner < 0:
        # L820: «получаете товары с разрушенной локации обычным способом, но … перемещаете в
        # сброс» — after the goods (L513-514: the bonus is step 3), so after its draws too
        st.virtual.remove(cid)
        discard_after_bonus(st, asked, cid)
    elif card.common:
        captor = st.info[cid][CAPTOR]
        remove_location(st, owner, cid, "foundation")
        # «Храм Ра»: «игрок за египтян получает 1 фишку дерева»
        st.goods[captor if captor >= 0 else owner][W] += 1
    else:
        remove_location(st, owner, cid, "away")
        discard_after_bonus(st, asked, cid)


def remove_location(st: ImperialState, owner: int, cid: int, fate: str) -> None:
    """Take a location out of an empire; what lay on it goes back to the supply, except
    goods kept on «Склады», which return to the owner's supply. ``fate``: "foundation",
    "discard", "trophy" (solo.py) or "away" (the caller discards it: ``discard_after_bonus``)."""
    st.locs[owner].remove(cid)
    drop_location_marks(st, owner, cid)
    info = st.info.pop(cid)
    if info[CAPTOR] >= 0:
        st.captures[info[CAPTOR]] += 1
    for feat in st.cards[cid].features:
        if feat.get("passive") == "warehouse":
            stash = st.stash_w[owner]
            for r in (W, S, F):
                st.goods[owner][r] += stash[r]
                stash[r] = 0
    for under in st.gate.pop(cid, []):
        discard_card(st, under)
    if fate == "foundation":
        st.fnd[owner].append(cid)
    elif fate == "discard":
        discard_card(st, cid)
