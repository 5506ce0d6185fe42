"""The choices four cards offer (fourteenth reading), derived from the glossary and compared
both ways with the engine's ``use_card`` menu: a choice the rules allow that the menu lacks,
or one it lists that they do not, is a departure.

- **Architecture** (L1564 «Вы можете произвести действие Строительство без использования
  диска действия»): the Build action's places (``arch_referee_menus.build_places``, L613-637),
  with what is behind the screen once the card's own florins are paid (L818, L822);
- **Shipbuilding** (L1532 «Постройте корабль в регионе, где у вас есть активный незанятый
  житель»): such a region with sea (L631), while a ship is left (L637, L1014);
- **Barbarian** (L1478 «Выберите регион для оккупации (в нем должен быть как минимум один
  незанятый не бастующий житель). Вы можете получить ресурсы за каждую свободную иконку»):
  a region with the user's active free inhabitant and a free icon (L1069: not plundered; not
  harvested, L451);
- **Pirate** (L1384 «Уничтожьте корабль противника, находящийся в одном регионе с любым из
  ваших кораблей»): every rival's ship on the archipelago in a region where the user has a
  ship. Each ship is a choice: two rivals' ships alike in one region give the same position
  (the referee compares its unit multiset after the card, ``units_of``).

A card is compared when the rules let the seat use it now (L798-830): in its own round of
phase 5, no card used yet this round, the card upright and in front of a player, the owner's
alone if so marked, its florins (+1f to another owner), cubes and discs behind the screen.

Readings kept (the engine's, written down): the Barbarian's inhabitant is the user's; a
region with no free icon, where the card would give nothing, is not offered (L800: a card is
used «для эффекта», the rules .5 reading that a use changing nothing is none).
"""

from __future__ import annotations

from typing import Any

from arch_referee_menus import Board, both_ways, build_places

COMPARED = ("architecture", "shipbuilding", "barbarian", "pirate")


class CardArgRules:
    c: Any
    n: int
    m: Any
    checked: Any

    def ship_limit(self) -> int: ...

    def usable_fee(self, st: Any, seat: int, card: int) -> int | None:
        """The florins the seat pays to use ``card`` now (L818, L822), or None if it may not."""
        c = self.c.cards[card]
        owner = next((s for s in range(self.n) for rec in st.owned[s] if rec[0] == card), -1)
        if owner < 0 or c.use in ("passive", "wonder") or (c.use == "owner" and owner != seat):
            return None
        rec = next(r for r in st.owned[owner] if r[0] == card)
        if rec[1] or st.round.get("card"):   # L800: upright, one card a round
            return None
        fee = c.cost_f + (0 if owner == seat else 1)
        if self.m.money[seat] < fee or any(self.m.cubes[seat][r] < k
                                           for r, k in enumerate(c.cost_cubes)):
            return None
        if st.discs[seat] - self.m.discs_used[seat] < c.discs:
            return None
        return fee

    def card_args(self, st: Any, seat: int, effect: str, card: int, fee: int) -> set[Any]:
        units = st.units
        if effect == "architecture":
            from settlers.games.archipelago.building import KINDS

            left = self.m.money[seat] - fee
            cubes = [k - self.c.cards[card].cost_cubes[r]
                     for r, k in enumerate(self.m.cubes[seat])]
            affordable = {kind for kind, (f, need) in self.c.costs.items()
                          if left >= f and all(cubes[r] >= k for r, k in enumerate(need))}
            assert set(self.c.costs) <= set(KINDS)
            return build_places(st, seat, affordable)
        if effect == "shipbuilding":
            b = Board(st)
            out_s = sum(1 for u in units if u[0] == seat and u[1] and u[2] >= 0)
            if out_s >= self.ship_limit():
                return set()
            return {(k,) for k in {u[2] for u in units if u[0] == seat and not u[1]
                                   and u[2] >= 0 and u[3] and not u[4]}
                    if b.land(k) and b.sea(k)}
        if effect == "barbarian":
            out = set()
            for k in {u[2] for u in units if u[0] == seat and not u[1] and u[2] >= 0
                      and u[3] and not u[4]}:
                face = Board(st).face(k)
                taken = {u[6] for u in units if u[2] == k and u[6] >= 0}
                if any(i not in taken and i not in st.regions[k]["plundered"]
                       for i in range(len(face.icons))):
                    out.add((k,))
            return out
        if effect == "pirate":
            mine = {u[2] for u in units if u[0] == seat and u[1] and u[2] >= 0}
            return {(i,) for i, u in enumerate(units)
                    if u[1] and u[0] != seat and u[2] >= 0 and u[2] in mine}
        raise AssertionError(effect)

    def card_arg_differences(self, st: Any, seat: int, menu: list[Any]) -> list[str]:
        from settlers.games.archipelago.building import KINDS
        from settlers.games.archipelago.cards import architecture_by

        wrong: list[str] = []
        if st.over or st.phase != "actions" or st.actor != seat or st.step != "round":
            return wrong
        for card, c in enumerate(self.c.cards):
            if c.effect not in COMPARED:
                continue
            fee = self.usable_fee(st, seat, card)
            mine = set() if fee is None else self.card_args(st, seat, c.effect, card, fee)
            listed = [tuple(a.arg) for a in menu if a.kind == "use_card" and a.card == c.id]
            if c.effect == "architecture":
                theirs = {(KINDS[g[0]], g[1], architecture_by(g[2]) if len(g) > 2 else "")
                          for g in listed}
            else:
                theirs = set(listed)
            wrong += both_ways(f"{c.effect} (L1384, L1478, L1532, L1564)", mine, theirs)
            if mine or theirs:
                self.checked[f"card choices: {c.effect}"] += 1
        return wrong
