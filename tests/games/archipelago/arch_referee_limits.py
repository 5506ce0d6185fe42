"""The 3-inhabitant limit of a migration (fourteenth reading), for the referee's menu check.

L555 «У игрока под контролем в одном регионе не может быть больше 3 жителей, активных или
бастующих … Количество кораблей не ограничено»; L583 «В конце действия *Миграция* игрок не
может иметь более 3 жителей в одном регионе». The limit binds at the end of the action, so
a move is legal when some way of going on — further moves of the units not moved yet, ships
included (L591 «Корабль может совершить собственное действие *Миграция* до или после участия
в морском конвое»), within the number of moves left (L1420) — ends it within the limit, and
the action may end («done») only when no region holds more than 3.

``can_finish`` decides that exactly, by a search of its own. Two facts keep it small:
- an inhabitant's reach depends on where the player's ships are, never on the other
  inhabitants (L589-593), so the order of the inhabitants' moves does not matter;
- in a shortest way of ending within the limit every inhabitant that moves leaves a region
  that held 3 or more when the search began: the moves form chains from a crowded region,
  and a chain passing a region that held 2 or fewer could stop there (the moves after it
  left out, which needs no ship). The search tries the moves out of those regions, in any
  order (a chain's later move may come first, while a ship still stands where it is needed)
  and the moves of ships not moved yet.
A region is given up when fewer inhabitants not moved yet stand there than its excess.
"""

from __future__ import annotations

from typing import Any

#: a unit of the player: (ship, region, shore, active and free)
Place = tuple[bool, int, int, bool]


class Limit:
    """The search of one position: the player's units, who has not moved, the moves left."""

    def __init__(self, board: Any, roads: bool, admiral: bool) -> None:
        self.b = board
        self.steps = 2 if roads else 1    # L1528
        self.hops = 3 if admiral else 1   # L1502
        self.memo: dict[Any, bool] = {}
        self.nodes = 0

    def can_finish(self, pos: dict[int, Place], unmoved: frozenset[int], left: int,
                   inhabitants_only: bool, sources: frozenset[int] | None = None) -> bool:
        counts: dict[int, int] = {}
        for ship, k, _shore, _free in pos.values():
            if not ship and k >= 0:
                counts[k] = counts.get(k, 0) + 1
        excess = {k: n - 3 for k, n in counts.items() if n > 3}
        if not excess:
            return True
        if sources is None:
            sources = frozenset(k for k, n in counts.items() if n >= 3)
        if left == 0 or (left > 0 and sum(excess.values()) > left):
            return False
        for k, e in excess.items():
            if sum(1 for i in unmoved if not pos[i][0] and pos[i][1] == k) < e:
                return False
        key = (tuple(sorted(pos.items())), unmoved, left, sources)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > 200_000:
            raise AssertionError("the limit search is too large")
        self.memo[key] = False
        ships = {k for ship, k, _s, free in pos.values() if ship and free and k >= 0}
        ok = False
        for i in sorted(unmoved):
            ship, here, shore, _free = pos[i]
            if ship:
                if inhabitants_only:
                    continue
                targets = {k: 0 for k in self.b.sail(here, self.hops) if k != here}
            elif here in sources:
                targets = {k: min(s) for k, s in self.b.walk(here, shore, self.steps,
                                                              ships).items() if k != here}
            else:
                continue
            for k, sh in targets.items():
                nxt = dict(pos)
                nxt[i] = (ship, k, sh, pos[i][3])
                if self.can_finish(nxt, unmoved - {i}, left - 1 if left > 0 else left,
                                   inhabitants_only, sources):
                    ok = True
                    break
            if ok:
                break
        self.memo[key] = ok
        return ok


def places_of(st: Any, seat: int) -> dict[int, Place]:
    """The player's units on the archipelago (a wonder's inhabitant is off it, L874)."""
    return {i: (bool(u[1]), u[2], int(u[7]), bool(u[3]) and not u[4])
            for i, u in enumerate(st.units) if u[0] == seat and u[2] >= 0}


def unmoved_of(st: Any, seat: int, moved: set[int], inhabitants_only: bool) -> frozenset[int]:
    """The units that may still move (L583: active free, once; L1420: inhabitants only)."""
    return frozenset(i for i, u in enumerate(st.units)
                     if u[0] == seat and u[2] >= 0 and u[3] and not u[4] and i not in moved
                     and not (inhabitants_only and u[1]))


def crowded(pos: dict[int, Place]) -> bool:
    counts: dict[int, int] = {}
    for ship, k, _s, _f in pos.values():
        if not ship:
            counts[k] = counts.get(k, 0) + 1
    return any(n > 3 for n in counts.values())


def limited_moves(st: Any, seat: int, raw: set[tuple[int, int, str]], mig: dict[str, Any],
                  board: Any, roads: bool, admiral: bool) -> tuple[set[tuple[int, int, str]],
                                                                   bool, Limit]:
    """The moves of ``raw`` (each allowed alone, L583-603) after which the migration can still
    end within the limit, and whether it may end now."""
    lim = Limit(board, roads, admiral)
    pos = places_of(st, seat)
    unmoved = unmoved_of(st, seat, mig["moved"], mig["inhabitants_only"])
    left = mig["left"]
    out = set()
    for mv in raw:
        i, k, kind = mv
        ship, _here, _shore, free = pos[i]
        shore = int(st.regions[k]["buildings"][kind]) if kind and \
            st.regions[k]["buildings"][kind] is not True else 0
        nxt = dict(pos)
        nxt[i] = (ship, k, shore, free)
        if lim.can_finish(nxt, unmoved - {i}, left - 1 if left > 0 else left,
                          mig["inhabitants_only"]):
            out.add(mv)
    return out, not crowded(pos), lim
