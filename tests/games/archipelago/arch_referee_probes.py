"""Two probes beside the Archipelago transition referee (archipelago_referee.py):

- near-miss refusals: actions one step off a legal one, which the rulebook forbids, sent with
  ``check=True`` — each must be refused and leave the state exactly as it was;
- redacted views: for each seat, a twin of the position that differs only in what that seat
  may not know (the evolution deck under its top card, L103/L338 — only the top card's back is
  seen; the region stack under its face-up top hex, L501; in turn 0 the other players' hexes in
  hand, L119-123, and the trend card still face down, L147; the other players' objective
  cards, L149-151 «самую секретную информацию»; their florins, cubes and explorer tokens
  behind the screens, L99, L129; a bid in the fist, L258; since the fourteenth reading the
  Pioneer's face-down hexes, L1390, and the Thief's fists, L1472) must give the seat the same
  view — and, for those two, the same menu.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from settlers.core import IllegalAction
from settlers.games.archipelago.actions import (
    Bid,
    Build,
    BuyCard,
    RecruitTo,
    ReproduceIn,
    Supply,
    Taxes,
    Trade,
)
from settlers.games.archipelago.content import RESOURCES


def near_misses(st: Any, seat: int, ref: Any) -> list[tuple[str, int, Any]]:
    """(rule, seat, action) the text forbids in this position."""
    out: list[tuple[str, int, Any]] = []
    c = st.content
    money = st.money[seat]
    step = st.step
    if step in ("round", "trades"):
        for m in (0, 1):
            zones = c.domestic if m == 0 else c.export
            for r, res in enumerate(RESOURCES):
                n = st.market[m][r]
                cap = sum(row.slots for row in zones[r])
                if n == 0:
                    out.append(("L483 buy from an empty zone", seat, Trade(m, res, True)))
                elif next(row.price for row in zones[r]
                          if row.first <= n - 1 < row.first + row.slots) > money:
                    out.append(("L485 buy without the price", seat, Trade(m, res, True)))
                if n >= cap:
                    out.append(("L487 sell into a full zone", seat, Trade(m, res, False)))
                elif st.cubes[seat][r] == 0 and st.tokens[seat] == 0:
                    out.append(("L483 sell a cube not held", seat, Trade(m, res, False)))
    if step == "round":
        limit = c.wheel["5" if st.players == 5 else "2-4"]["taxes"]
        if st.wheel.get("taxes", 0) >= limit:
            out.append(("L467 taxes over the zone's limit", seat, Taxes()))
        for k, reg in enumerate(st.regions):
            for what in reg["buildings"]:
                out.append(("L617 a second building of a kind", seat, Build(what, k, "")))
        for what, (f, _cubes) in c.costs.items():
            if f > money:   # (a token gives a cube, never a florin, L431)
                for k in range(len(st.regions)):
                    out.append(("L613 a building without its cost", seat, Build(what, k, "")))
                break
    if step == "recruit":
        for k in range(len(st.regions)):
            mine = [u for u in st.units if u[0] == seat and u[2] == k]
            if sum(1 for u in mine if not u[1]) >= 3:
                out.append(("L571 a worker into a region holding 3", seat, RecruitTo(k, 0)))
            elif not any(u[1] or u[3] for u in mine):
                out.append(("L571 a worker where no active unit stands", seat, RecruitTo(k, 0)))
    if step == "reproduce":
        for k in range(len(st.regions)):
            here = [u for u in st.units if u[0] == seat and u[2] == k and not u[1]]
            if len(here) != 2:
                out.append(("L545 a birth where there are not exactly 2", seat, ReproduceIn(k)))
    if step == "bid" and seat in st.to_act:
        out.append(("L258 a bid above the screen's florins", seat, Bid(money + 1)))
        out.append(("L258 a negative bid", seat, Bid(-1)))
    if step in ("domestic", "export") and seat == st.actor and st.ctx.get("res") is not None:
        r = st.ctx["res"]
        if st.cubes[seat][r] == 0 and st.tokens[seat] == 0:
            out.append(("L364 a cube from an empty screen", seat, Supply(True)))
        if st.market[0 if step == "domestic" else 1][r] == 0:
            out.append(("L364 a cube from an empty zone", seat, Supply(False)))
    if step == "buy" and seat == st.actor:
        for i, (card, rot) in enumerate(st.track):
            other = next((j for j, (x, _r) in enumerate(st.track) if j != i and x >= 0), -1)
            if card < 0:
                out.append(("L744 a card bought from an empty slot", seat, BuyCard(i, other)))
            elif c.cards[card].prices[rot] > money:
                out.append(("L744 a card bought without its price", seat, BuyCard(i, other)))
    return out


def refusal_differences(st: Any, seat: int, action: Any, menu: list[Any], ref: Any,
                        seen: Counter[str]) -> list[str]:
    """Each near miss refused (``IllegalAction``) with the state unchanged; the chosen action
    sent by a seat that is not to act refused too (L364, L441, L733: one decides at a time)."""
    probes = near_misses(st, seat, ref)
    others = [x for x in range(st.players) if x not in st.to_act]
    if others:
        probes.append(("a seat not to act", others[0], action))
    if not probes:
        return []
    if len(probes) > 4:   # four a position, drawn by the position's number
        probes = random.Random(st.version).sample(probes, 4)
    wrong: list[str] = []
    before = st.digest()
    for rule, who, miss in probes:
        if miss in menu and who == seat:
            wrong.append(f"{rule}: {miss.to_json()} is on the menu")
            continue
        try:
            st.apply(who, miss, check=True)
        except IllegalAction:
            seen["refused: " + rule] += 1
            continue
        wrong.append(f"{rule}: {miss.to_json()} by seat {who} was accepted")
        return wrong   # the state has moved: stop here
    if st.digest() != before:
        wrong.append("a refused action changed the state")
    return wrong


def twin(st: Any, viewer: int, rng: random.Random) -> tuple[Any, list[str]]:
    """A copy differing only in what ``viewer`` may not know; the changes made."""
    t = st.clone()
    made: list[str] = []
    if len(t.deck) > 2:
        below = t.deck[:-1]
        rng.shuffle(below)
        if below != t.deck[:-1]:
            t.deck[:-1] = below
            made.append("deck")
    if len(t.stack) > 2 and t.step not in ("explore_pick",):
        below = t.stack[:-1]
        rng.shuffle(below)
        if below != t.stack[:-1]:
            t.stack[:-1] = below
            made.append("stack")
    others = [s for s in range(t.players) if s != viewer]
    # turn 0: the other players' hexes are in their hands (L119-123), the trend card is drawn
    # only after it (L147): a hex of another hand traded with one under the stack's top, the
    # coming trend card with one left in the box
    if t.phase == "start":
        for s in others:
            if t.hands[s] and len(t.stack) > 1:
                j = rng.randrange(len(t.stack) - 1)
                t.hands[s][0], t.stack[j] = t.stack[j][0], [t.hands[s][0], t.stack[j][1]]
                made.append("hand")
                break
        spare = [x for x in range(len(t.content.trends))
                 if x not in t.trends and x not in t.face_down_trends]
        if t.face_down_trends and spare:
            t.face_down_trends[0] = rng.choice(spare)
            made.append("trend")
    if not t.no_secrets and t.objective_pool and not any(t.keep_choice):
        for s in others:
            for i, o in enumerate(t.objectives[s]):
                if o in t.seen[viewer]:
                    continue
                j = rng.randrange(len(t.objective_pool))
                t.objectives[s][i], t.objective_pool[j] = t.objective_pool[j], o
                t.objective_pool.sort()
                made.append("objective")
                break
    if len(others) >= 2:
        a, b = others[0], others[1]
        if t.money[a] > 0:
            t.money[a] -= 1
            t.money[b] += 1
            made.append("money")
        if t.tokens[a] > 0:
            t.tokens[a] -= 1
            t.tokens[b] += 1
            made.append("tokens")
        for x in range(6):
            for y in range(6):
                if (x != y and t.cubes[a][x] > t.token_cubes[a][x]
                        and t.cubes[b][y] > t.token_cubes[b][y]):
                    t.cubes[a][x] -= 1
                    t.cubes[a][y] += 1
                    t.cubes[b][y] -= 1
                    t.cubes[b][x] += 1
                    made.append("cubes")
                    break
            else:
                continue
            break
    made += hidden_draws_and_fists(t, viewer, rng)
    if t.step == "bid":
        for s in others:
            if t.bids[s] > 0:
                t.bids[s] -= 1
                t.money[s] += 1
                made.append("bid")
                break
    t._cache.clear()
    return t, made


def hidden_draws_and_fists(t: Any, viewer: int, rng: random.Random) -> list[str]:
    """The fourteenth reading's twins. **The Pioneer** (L1390 «возьмите 3 верхних гекса из
    колоды и выберите один», L501 «не зная заранее, что на следующем гексе»): of the three
    hexes the explorer draws, the first was face up on the stack (``ctx["open"]``); the two
    under it are seen by the explorer alone while he chooses, and the one he chose until he
    lays it — each traded, for another seat, with a hex under the stack's top. **The
    Thief** (L1472 «зажать в кулаках по одному кубичку … Вы выбираете, из какой руки»,
    L1129): which cube is in which fist is the victim's secret — for any other seat the fists
    are swapped, and a fist's cube traded with another kind from behind the victim's screen.
    (The hex discard is public in the engine's reading; the text is silent on it, L503.)"""
    made: list[str] = []
    ctx = t.ctx
    below = len(t.stack) - 1
    if viewer != t.actor and below > 0 and t.step == "explore_pick":
        drawn = list(ctx["drawn"])
        for i, h in enumerate(drawn):
            if h != ctx.get("open", -1):
                j = rng.randrange(below)
                drawn[i], t.stack[j] = t.stack[j][0], [h, t.stack[j][1]]
                made.append("pioneer")
        t.ctx = {**ctx, "drawn": drawn}
    elif viewer != t.actor and below > 0 and t.step == "explore_place" and ctx.get("three") \
            and ctx.get("hex", -1) != ctx.get("open", -1):
        j = rng.randrange(below)
        h = ctx["hex"]
        t.ctx = {**ctx, "hex": t.stack[j][0]}
        t.stack[j] = [h, t.stack[j][1]]
        made.append("pioneer")
    if t.step == "thief_pick" and viewer != ctx["victim"]:
        hands = list(ctx["hands"])
        victim = ctx["victim"]
        if hands[0] != hands[1]:
            hands.reverse()
            made.append("fists")
        for i, res in enumerate(hands):
            if not res:
                continue
            x = RESOURCES.index(res)
            for y in range(6):
                if y != x and t.cubes[victim][y] > t.token_cubes[victim][y]:
                    t.cubes[victim][y] -= 1
                    t.cubes[victim][x] += 1
                    hands[i] = RESOURCES[y]
                    made.append("fists")
                    break
            break
        t.ctx = {**ctx, "hands": hands}
    return made


def view_differences(st: Any, viewer: int, seen: Counter[str]) -> list[str]:
    """The viewer's view of the position and of its twin must be the same (while the game is
    on: at the end the screens are lifted, L902)."""
    if st.over:
        return []
    rng = random.Random(st.version * 31 + viewer)
    other, made = twin(st, viewer, rng)
    if not made:
        return []
    mine, theirs = st.view(viewer), other.view(viewer)
    seen.update("twin " + m for m in made)
    if mine != theirs:
        a, b = mine.get("state", {}), theirs.get("state", {})
        keys = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k)
                      and k != "state") + sorted(f"state.{k}" for k in set(a) | set(b)
                                                  if a.get(k) != b.get(k))
        return [f"seat {viewer}'s view shows hidden information ({', '.join(made)}): {keys}"]
    if ("pioneer" in made or "fists" in made) and viewer in st.to_act:
        # the menu of a seat must not depend on what it cannot see either
        seen["twin menus (pioneer, fists)"] += 1
        if [a.to_json() for a in st.legal_actions(viewer)] != \
                [a.to_json() for a in other.legal_actions(viewer)]:
            return [f"seat {viewer}'s menu depends on hidden information ({', '.join(made)})"]
    return []
