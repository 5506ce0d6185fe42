"""«ОДИНОЧНЫЙ РЕЖИМ ИГРЫ» (players=1): the virtual opponent.

Lookout: the empire card; 4 open common cards — pick one, a random one of the other three
goes to the opponent, pick one of the last two, the last goes to the opponent. The opponent's
two cards count as its locations (you may raze them: «получаете товары… перемещаете в сброс»).
After cleanup (every round, the last one too) comes the attack phase: the opponent's
locations go to its trophies, then two attacks follow the attack cards (reconstructed deck of
16 goods, see data/attack_cards.json): the newest card's good must be in the raze bonus of a
common location, paired with the good of an earlier card; priorities: action, feature,
production location, then the dearer card, then more stone, then the player chooses.
Japanese: a VP+VP pair attacks an empire location (deal good priority: card, raze token,
gold, VP, stone, worker, food, wood). Defence tokens and samurai do not protect.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.cards import load_attack_cards

TYPE_RANK = {"action": 0, "feature": 1, "production": 2}   # «1. Локации с действиями…»
JAPANESE_DEAL_ORDER = ("Card", "Raze", "G", "VP", "S", "Wk", "F", "W")


class SoloMode:
    """Mixin of ImperialState."""

    def solo_setup(self) -> None:
        self.virtual: list[int] = []
        self.trophies: list[int] = []
        self.attack_deck: list[int] = []
        self.attack_row: list[int] = []      # index 0 is the newest (top) attack card
        self.attacks_left = -1
        self.attack_deals: list[int] = []    # attack cards taken with «Шпионы»
        self.attack_gone: list[int] = []     # attack cards cancelled with «Разбойники»
        if self.solo:
            self.attack_goods = load_attack_cards()
            self.attack_deck = list(range(len(self.attack_goods)))
            self.rng.shuffle(self.attack_deck)
            self.attack_row = [self.attack_deck.pop()]   # «Откройте верхнюю карточку атаки»

    def clone_solo(self, new: Any) -> None:
        new.virtual = list(self.virtual)
        new.trophies = list(self.trophies)
        new.attack_deck = list(self.attack_deck)
        new.attack_row = list(self.attack_row)
        new.attack_deals = list(self.attack_deals)
        new.attack_gone = list(self.attack_gone)

    def solo_full_state(self) -> dict[str, Any]:
        return {"virtual": self.virtual, "trophies": self.trophies,
                "attack_deck": self.attack_deck, "attack_row": self.attack_row,
                "attacks_left": self.attacks_left, "attack_deals": self.attack_deals,
                "attack_gone": self.attack_gone}

    # ------------------------------------------------------------------ lookout
    def solo_lookout_step(self) -> bool:
        d = self.draft
        step = d["step"]
        d["step"] += 1
        if step == 0:
            self.open_cards(4)
        elif step == 1 and self.row:  # «возьмите из них 1 случайную карточку за противника»
            self.virtual.append(self.row.pop(self.rng.randrange(len(self.row))))
        elif step == 2:
            self.virtual.extend(self.row)   # «Выложите оставшуюся карточку… противника»
            self.row = []
            return True
        if step < 2 and self.row:
            self.push("solo_draft", 0, "pick", [(c,) for c in self.row])
            return False
        return self.solo_lookout_step()

    def answer_solo_draft(self, p: dict[str, Any], card: int) -> None:
        self.drop(p)
        self.row.remove(card)
        self.hand[0].append(card)
        self.known[0].append(card)
        self.emit("imperial.event.pick", seat=0, card=self.card_key(card))

    # ------------------------------------------------------------------ attacks
    def attack_step(self) -> bool:
        """Run the attack phase; False while the player must choose among tied targets."""
        if self.attacks_left < 0:
            self.trophies.extend(self.virtual)   # «Отложите локации… в стопку трофеев»
            self.virtual = []
            self.attacks_left = 2
        while self.attacks_left > 0:
            self.attacks_left -= 1
            if not self.attack_once():
                return False
        self.attacks_left = -1
        return True

    def attack_once(self) -> bool:
        if not self.attack_deck:
            return True
        self.attack_row.insert(0, self.attack_deck.pop())
        goods = [self.attack_goods[c] for c in self.attack_row]
        self.emit("imperial.event.attack", good=f"imperial.good.{goods[0]}")
        first = goods[0]
        japanese = self.emp[0] == "japanese"
        cards = self.cards
        commons = [cid for cid in self.locs[0] if cards[cid].common
                   and not cards[cid].unrazeable and first in (cards[cid].raze or {})]
        empire = []
        if japanese and first == "VP":
            empire = [cid for cid in self.locs[0] if cards[cid].deck == "japanese"
                      and not cards[cid].unrazeable]
        if not commons and not empire:
            return True
        for k in range(1, len(goods)):
            pair = sorted((first, goods[k]))
            if japanese and pair == ["VP", "VP"] and empire:
                matches = self._best(empire, self._japanese_key)
            else:
                matches = self._best([c for c in commons if cards[c].raze_goods() == pair],
                                     self._attack_key)
            if matches:
                p = {"kind": "solo_attack", "seat": 0, "await": "choose",
                     "options": [(c,) for c in matches], "k": k}
                if len(matches) == 1:
                    self.answer_solo_attack(p, (matches[0],), pushed=False)
                    return True
                self.pending.append(p)   # «Если и тут ничья, выберите локацию сами»
                return False
        return True

    def _attack_key(self, cid: int) -> tuple[int, int, int]:
        card = self.cards[cid]
        return (TYPE_RANK[card.type], -sum(card.cost.values()), -card.cost.get("S", 0))

    def _japanese_key(self, cid: int) -> tuple[int, int, int, int]:
        card = self.cards[cid]
        deal = JAPANESE_DEAL_ORDER.index(card.deal) if card.deal in JAPANESE_DEAL_ORDER else 9
        return (deal, *self._attack_key(cid))

    @staticmethod
    def _best(candidates: list[int], key: Any) -> list[int]:
        if not candidates:
            return []
        top = min(key(c) for c in candidates)
        return [c for c in candidates if key(c) == top]

    def answer_solo_attack(self, p: dict[str, Any], value: Any, pushed: bool = True) -> None:
        """The location goes to the trophies (no foundation); the two attack cards that hit
        move to the end of the row."""
        if pushed:
            self.drop(p)
        cid = value[0]
        self.remove_location(0, cid, "trophy")
        self.trophies.append(cid)
        self.emit("imperial.event.attack_hit", card=self.card_key(cid))
        k = p["k"]
        hit = [self.attack_row[0], self.attack_row[k]]
        del self.attack_row[k]
        del self.attack_row[0]
        self.attack_row.extend(hit)
