"""The negotiations of the Archipelago transition referee (thirteenth reading): L224-234
«Переговоры». An offer (what the proposer gives, what it wants) is built, sent, then accepted
— the items change hands at once — or declined or withdrawn — nothing changes hands. Items
are florins, cubes, explorer tokens, a harvest permission in a region whose town the giver
controls (L459, L709) and evolution cards as they lie (L229 «всё, кроме юнитов и дисков
действия»); never units or discs, and no marker, market or bank moves (L229). A gift is an
offer nothing is wanted for (L229 «подарить»)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from settlers.games.archipelago.content import RESOURCES

PERMIT, CARD = "permit:", "card:"


class OfferRules:
    c: Any
    n: int
    m: Any
    branches: Counter[str]
    offer: dict[str, Any] | None

    def controls(self, st: Any, seat: int, region: int, kind: str) -> bool: ...

    def holds(self, st: Any, seat: int, items: list[str]) -> bool:
        """Whether the seat has every item (L229: only what one has changes hands)."""
        need = Counter(items)
        for it, k in need.items():
            if it == "f":
                ok = self.m.money[seat] >= k
            elif it == "token":
                ok = self.m.tokens[seat] >= k
            elif it in RESOURCES:   # L433: a token's cube serves its action, never a deal
                r = RESOURCES.index(it)
                ok = self.m.cubes[seat][r] - self.m.bound[seat][r] >= k
            elif it.startswith(PERMIT):   # L709: the town of the region is the giver's
                ok = k == 1 and self.controls(st, seat, int(it[len(PERMIT):]), "town")
            elif it.startswith(CARD):
                card = next(i for i, x in enumerate(self.c.cards) if x.id == it[len(CARD):])
                ok = k == 1 and any(r[0] == card and not r[2] for r in self.m.owned[seat])
            else:
                ok = False
            if not ok:
                return False
        return True

    def hand_over(self, giver: int, taker: int, it: str) -> None:
        m = self.m
        if it == "f":
            m.money[giver] -= 1
            m.money[taker] += 1
        elif it == "token":
            m.tokens[giver] -= 1
            m.tokens[taker] += 1
        elif it in RESOURCES:
            r = RESOURCES.index(it)
            m.cubes[giver][r] -= 1
            m.cubes[taker][r] += 1
        elif it.startswith(PERMIT):   # for the turn (L459: the harvest of this turn)
            p = (giver, taker, int(it[len(PERMIT):]))
            if p not in m.permits:
                m.permits = sorted([*m.permits, p])
        else:   # a card as it lies, turned or not
            card = next(i for i, x in enumerate(self.c.cards) if x.id == it[len(CARD):])
            rec = next(r for r in m.owned[giver] if r[0] == card)
            m.owned[giver] = [r for r in m.owned[giver] if r != rec]
            m.owned[taker] = sorted([*m.owned[taker], rec])

    def do_propose(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        if a.to == seat:
            return ["L229: an offer to oneself"]
        self.offer = {"from": seat, "to": a.to, "give": [], "want": []}
        return []

    def do_add_give(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        o = self.offer
        if o is None:
            return ["an item given with no offer open"]
        o["give"].append(a.item)
        if not self.holds(before, o["from"], o["give"]):
            return [f"L229: {a.item} offered that the proposer does not hold"]
        return []

    def do_add_want(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        o = self.offer
        if o is None:
            return ["an item wanted with no offer open"]
        o["want"].append(a.item)
        return []

    def do_send_offer(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        o = self.offer
        if o is None:
            return ["an offer sent with none open"]
        self.branches["offers sent"] += 1
        if after.actor != o["to"]:
            return [f"L229: seat {after.actor} answers an offer to {o['to']}"]
        return []

    def do_cancel_offer(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        self.offer = None
        return []

    def do_answer(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """Accepted: the proposer's items to the answerer, the wanted ones back, at once;
        declined: nothing moves."""
        o = self.offer
        self.offer = None
        if o is None:
            return ["an answer with no offer"]
        if seat != o["to"]:
            return [f"L229: seat {seat} answers an offer to {o['to']}"]
        if not a.accept:
            self.branches["offers declined"] += 1
            return []
        wrong = []
        if not self.holds(before, o["to"], o["want"]):
            wrong.append("L229: an offer accepted without what it wants")
        for it in o["give"]:
            self.hand_over(o["from"], o["to"], it)
        for it in o["want"]:
            self.hand_over(o["to"], o["from"], it)
        self.branches["offers accepted"] += 1
        return wrong
