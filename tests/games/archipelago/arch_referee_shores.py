"""Shores on a strait (fourteenth reading): where a migrating inhabitant stands after its move,
the shores a player is offered to choose from, and the shores it ends on (L721-725).

- **A move** (L583, L589-593, L621): into a building, the building's shore; across the strait
  of its own region, the other shore; into another strait region, the shore of that region's
  side of a border it may cross last (the referee's own walk, ``Board.walk``: a land border
  walked, a sea border in a convoy of the player's ship) — when both shores are in reach, the
  player chooses (L591 «или в морском проливе»: a ship of his in that region carries him on);
  elsewhere the one shore 0.
- **The choice** (step ``choose_shores``): exactly the shores in reach, and the inhabitant
  ends on the one chosen.
- **Turn 0** (L725 «вы можете поместить своих жителей на любой из берегов или на оба
  берега»): the landed inhabitants, alike, go k of them to shore 1 and the rest to shore 0,
  for every k; the engine lists each count once (the inhabitants are identical, so which of
  them stands where changes nothing: the referee compares the multiset of their shores).
- **A port built by a ship on a strait** (L621 «Жетон порта кладётся на воду, касаясь
  береговой линии», L723): either shore.
"""

from __future__ import annotations

from typing import Any

from arch_referee_menus import Board


class ShoreRules:
    flags: set[str]
    checked: Any
    shore_due: dict[str, Any] | None

    def expected_shores(self, before: Any, seat: int, a: Any) -> set[int]:
        """The shores the migrating unit may stand on after ``a`` (L583, L591, L621, L723)."""
        b = Board(before)
        u = before.units[a.unit]
        if u[1]:
            return {0}
        if a.building:
            got = before.regions[a.region]["buildings"][a.building]
            return {0 if got is True else int(got)}
        if a.region == u[2]:
            return {1 - int(u[7])}
        if not b.strait(a.region):
            return {0}
        ships = {v[2] for v in before.units if v[0] == seat and v[1] and v[2] >= 0 and v[3]
                 and not v[4]}
        steps = 2 if "roads" in self.flags else 1
        return b.walk(u[2], int(u[7]), steps, ships).get(a.region, set())

    def shores_after_move(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        want = self.expected_shores(before, seat, a)
        self.shore_due = None
        if len(want) == 2:
            if after.step != "choose_shores" or after.ctx.get("landed") != [a.unit]:
                return [f"L591, L723: unit {a.unit} may land on either shore of region "
                        f"{a.region}; no choice is asked"]
            self.shore_due = {"units": [a.unit], "options": {(0,), (1,)}}
            self.checked["shores: a choice after a move"] += 1
            return []
        if after.step == "choose_shores":
            return [f"L591, L723: a shore is asked for, the rules give {sorted(want)}"]
        got = int(after.units[a.unit][7])
        if got not in want:
            return [f"L583, L621, L723: unit {a.unit} stands on shore {got} of region "
                    f"{a.region}, the rules give {sorted(want)}"]
        if Board(before).strait(a.region):
            self.checked["shores: a strait move"] += 1
        return []

    def shore_differences(self, st: Any, seat: int, menu: list[Any]) -> list[str]:
        if st.over or st.step != "choose_shores" or seat != st.actor:
            return []
        theirs = {tuple(a.shores) for a in menu if a.kind == "choose_shores"}
        if st.ctx.get("lay", -1) >= 0:   # a ship's port (L621)
            mine = {(0,), (1,)}
        elif self.shore_due is not None and "then" in st.ctx:
            mine = self.shore_due["options"]
        else:   # turn 0 (L725): k of the n alike inhabitants on shore 1
            n = len(st.ctx["landed"])
            mine = {tuple([0] * (n - k) + [1] * k) for k in range(n + 1)}
        self.checked["shores: menus"] += 1
        if mine != theirs or len(theirs) != sum(1 for a in menu if a.kind == "choose_shores"):
            return [f"L591, L621, L723-725: shores offered {sorted(theirs)}, the rules give "
                    f"{sorted(mine)}"]
        return []

    def shores_chosen(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """The landed inhabitants stand on the shores chosen (as a multiset: they are alike),
        a port lies on the shore chosen."""
        self.shore_due = None
        k = before.ctx.get("lay", -1)
        if k >= 0:
            got = after.regions[k]["buildings"]["port"]
            return [] if got == a.shores[0] else [f"L621: the port lies on shore {got}"]
        landed = before.ctx["landed"]
        got = sorted(int(after.units[i][7]) for i in landed)
        if got != sorted(a.shores) or len(landed) != len(a.shores):
            return [f"L723-725: the landed inhabitants stand on {got}, chosen {list(a.shores)}"]
        if len({tuple(before.units[i][:7]) for i in landed}) > 1:
            return ["L725: the shores were chosen as for alike inhabitants, and they differ"]
        return []
