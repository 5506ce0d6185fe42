"""Which of the player's units builds (fourteenth reading, L615, L625, L647, L723).

The Build action (and Architecture, L1564) names what, where and — where the player's units
there differ — which builds (``by``: a ship for a port, the inhabitant of a building, the
shore of a strait); it does not name one of several identical units, and the engine picks
one. The rulebook allows that: its units have no identity beyond colour, kind and where they
stand (L615 «активный свободный житель», L625 «Юнит, который произвёл действие», any of
them), so identical units give the same position. The referee checks the unit that acted:
with everything about a unit but its number (owner, ship, region, standing, engaged,
building, icon, shore) compared as a multiset, exactly one unit of the kind the action names
must leave its place for the new building, standing, engaged (L455, L625), on the building's
shore.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

BY_SHORE = ("shore0", "shore1")


def builders(st: Any, seat: int, region: int, what: str, by: str) -> set[tuple[Any, ...]]:
    """The records (without their numbers) of the units the Build of ``what`` in ``region``
    named ``by`` may be made by (L615, L625, L647, L723)."""
    out = set()
    for u in st.units:
        if u[0] != seat or u[2] != region or not u[3] or u[4]:
            continue
        rec = tuple(u)
        if by == "ship":
            ok = bool(u[1]) and not u[5]
        elif by in BY_SHORE:
            ok = not u[1] and not u[5] and int(u[7]) == BY_SHORE.index(by)
        elif by:
            ok = not u[1] and u[5] == by
        else:   # an inhabitant not in a building; for a port with none, a ship (L647)
            ok = not u[5] and (not u[1] or what == "port")
        if ok:
            out.add(rec)
    if not by and any(not r[1] for r in out):
        out = {r for r in out if not r[1]}   # «by» "ship" names the ship where both could
    return out


def builder_differences(before: Any, seat: int, a: Any, after: Any) -> list[str]:
    if a.what == "ship":
        return []
    old = Counter(tuple(u) for u in before.units if u[0] == seat)
    new = Counter(tuple(u) for u in after.units if u[0] == seat)
    gone, came = old - new, new - old
    allowed = builders(before, seat, a.region, a.what, a.by)
    if sum(gone.values()) != 1 or sum(came.values()) != 1:
        return [f"L625: {sum(gone.values())} units changed for one builder"]
    (was,) = gone
    (now,) = came
    if was not in allowed:
        return [f"L615, L625, L723: the builder {list(was)} is none the action names "
                f"({a.what} in {a.region} by {a.by or 'a free unit'})"]
    if len({r for r in allowed if r[1] == was[1]}) > 1 and a.by not in BY_SHORE:
        return [f"L625, L723: the {a.what}'s builders differ and the action does not say "
                f"which: {sorted(allowed)}"]
    got = after.regions[a.region]["buildings"][a.what]
    shore = 0 if got is True else int(got)
    want = [seat, was[1], a.region, True, True, a.what, -1, shore if not was[1] else was[7]]
    if list(now) != want or (got is not True and not was[1] and shore != int(was[7])):
        return [f"L621, L625: the builder stands as {list(now)}, not {want}"]
    return []


class UnitRules:
    checked: Any

    def builder_checked(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        wrong = builder_differences(before, seat, a, after)
        if a.what != "ship":
            alike = sum(1 for u in before.units if tuple(u) in
                        builders(before, seat, a.region, a.what, a.by))
            self.checked["units: builders checked"] += 1
            if alike > 1:
                self.checked["units: one of identical builders"] += 1
        return wrong
