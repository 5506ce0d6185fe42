"""«ОДИНОЧНЫЙ РЕЖИМ ИГРЫ» (players=1): the virtual opponent.

Lookout: the empire card; 4 open common cards — pick one, a random one of the other three
goes to the opponent, pick one of the last two, the last goes to the opponent. The opponent's
two cards count as its locations (you may raze them: «получаете товары… перемещаете в сброс»).
After cleanup (every round, the last one too) comes the attack phase: the opponent's
locations go to its trophies, then two attacks follow the attack cards (reconstructed deck of
16 goods, see data/attack_cards.json): the newest card's good must be in the raze bonus of a
common location, paired with the good of an earlier card; priorities: action, feature,
production location, then the dearer card, then more stone, then the player chooses.
Japanese: a newest VP card with a VP card before it attacks an empire location, before any
common location's pair (L874; deal good priority: card, raze token, gold, VP, stone, worker,
food, wood). Defence tokens and samurai do not protect.
"""

from __future__ import annotations

from typing import Any

from settlers.core.content_sets import resolve as resolve_content
from settlers.games.imperial.content import load_attack_cards
from settlers.games.imperial.decks import card_key, open_cards
from settlers.games.imperial.pending import drop, push
from settlers.games.imperial.razing import remove_location
from settlers.games.imperial.state import ImperialState

TYPE_RANK = {"action": 0, "feature": 1, "production": 2}   # «1. Локации с действиями…»


JAPANESE_DEAL_ORDER = ("Card", "Raze", "G", "VP", "S", "Wk", "F", "W")


def solo_setup(st: ImperialState) -> None:
    st.virtual = []
    st.trophies = []
    st.attack_deck = []
    st.attack_row = []      # index 0 is the newest (top) attack card
    st.attacks_left = -1
    st.attack_deals = []    # attack cards taken with «Шпионы»
    st.attack_gone = []     # attack cards cancelled with «Разбойники»
    if st.solo:
        st.attack_goods = load_attack_cards(
            resolve_content("imperial", "attack_cards", st.options.get("attack_cards")))
        st.attack_deck = list(range(len(st.attack_goods)))
        st.rng.shuffle(st.attack_deck)
        st.attack_row = [st.attack_deck.pop()]   # «Откройте верхнюю карточку атаки»


def solo_lookout_step(st: ImperialState) -> bool:
    d = st.draft
    step = d["step"]
    d["step"] += 1
    if step == 0:
        open_cards(st, 4)
    elif step == 1 and st.row:  # «возьмите из них 1 случайную карточку за противника»
        st.virtual.append(st.row.pop(st.rng.randrange(len(st.row))))
    elif step == 2:
        st.virtual.extend(st.row)   # «Выложите оставшуюся карточку… противника»
        st.row = []
        return True
    if step < 2 and st.row:
        push(st, "solo_draft", 0, "pick", [(c,) for c in st.row])
        return False
    return solo_lookout_step(st)


def answer_solo_draft(st: ImperialState, p: dict[str, Any], card: int) -> None:
    drop(st, p)
    st.row.remove(card)
    st.hand[0].append(card)
    st.known[0].append(card)
    st.emit("imperial.event.pick", seat=0, card=card_key(st, card))


def attack_step(st: ImperialState) -> bool:
    """Run the attack phase; False while the player must choose among tied targets."""
    if st.attacks_left < 0:
        st.trophies.extend(st.virtual)   # «Отложите локации… в стопку трофеев»
        st.virtual = []
        st.attacks_left = 2
    while st.attacks_left > 0:
        st.attacks_left -= 1
        if not attack_once(st):
            return False
    st.attacks_left = -1
    return True


def attack_once(st: ImperialState) -> bool:
    if not st.attack_deck:
        return True
    st.attack_row.insert(0, st.attack_deck.pop())
    goods = [st.attack_goods[c] for c in st.attack_row]
    st.emit("imperial.event.attack", good=f"imperial.good.{goods[0]}")
    first = goods[0]
    japanese = st.emp[0] == "japanese"
    cards = st.cards
    commons = [cid for cid in st.locs[0] if cards[cid].common
               and not cards[cid].unrazeable and first in (cards[cid].raze or {})]
    empire = []
    if japanese and first == "VP":
        empire = [cid for cid in st.locs[0] if cards[cid].deck == "japanese"
                  and not cards[cid].unrazeable]
    if not commons and not empire:
        return True
    if empire and "VP" in goods[1:]:
        # L874 «если целью атаки первой карточки … указаны ПО и на предшествующих карточках
        # атаки также указаны ПО, виртуальный противник нападает на имперскую локацию»: the
        # condition names no pair order, so it comes before any pair of a common location
        # (rules 2026-12-07.2; before, an earlier card paired with a common location first);
        # the nearest earlier VP card is the second of the two that hit (L878)
        ks: range | tuple[int] = (goods.index("VP", 1),)
    else:
        ks = range(1, len(goods))
    for k in ks:
        pair = sorted((first, goods[k]))
        if japanese and pair == ["VP", "VP"] and empire:
            matches = _best(empire, lambda c: _japanese_key(st, c))
        else:
            matches = _best([c for c in commons if cards[c].raze_goods() == pair],
                            lambda c: _attack_key(st, c))
        if matches:
            p = {"kind": "solo_attack", "seat": 0, "await": "choose",
                 "options": [(c,) for c in matches], "k": k}
            if len(matches) == 1:
                answer_solo_attack(st, p, (matches[0],), pushed=False)
                return True
            st.pending.append(p)   # «Если и тут ничья, выберите локацию сами»
            return False
    return True


def _attack_key(st: ImperialState, cid: int) -> tuple[int, int, int]:
    card = st.cards[cid]
    return (TYPE_RANK[card.type], -sum(card.cost.values()), -card.cost.get("S", 0))


def _japanese_key(st: ImperialState, cid: int) -> tuple[int, int, int, int]:
    card = st.cards[cid]
    deal = JAPANESE_DEAL_ORDER.index(card.deal) if card.deal in JAPANESE_DEAL_ORDER else 9
    return (deal, *_attack_key(st, cid))


def _best(candidates: list[int], key: Any) -> list[int]:
    if not candidates:
        return []
    top = min(key(c) for c in candidates)
    return [c for c in candidates if key(c) == top]


def answer_solo_attack(st: ImperialState, p: dict[str, Any], value: Any, pushed: bool = True) -> None:
    """The location goes to the trophies (no foundation); the two attack cards that hit
    move to the end of the row."""
    if pushed:
        drop(st, p)
    cid = value[0]
    remove_location(st, 0, cid, "trophy")
    st.trophies.append(cid)
    st.emit("imperial.event.attack_hit", card=card_key(st, cid))
    k = p["k"]
    hit = [st.attack_row[0], st.attack_row[k]]
    del st.attack_row[k]
    del st.attack_row[0]
    st.attack_row.extend(hit)
