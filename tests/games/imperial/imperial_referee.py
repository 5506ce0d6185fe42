"""A referee written from the rulebook's text alone (imperial-settlers.ru.txt), set beside the
engine in seeded games: at each step of a kind it covers, it works out from the position what
the rules give and records where the engine did something else.

What it referees (line numbers of the rulebook):

- the solo attack (L832-L876): which location an attack hits, from the pairs of attack cards,
  the type, cost and stone priorities, and the Japanese VP pair with its deal-good order;
- the targets each location's action offers (L616-L724 clarifications; L356/L577: a player
  who passed is no target);
- the goods and points of a build (L415, L418-L422, L586-L590), an activation (L531-L540) and
  a deal (L464-L471): cost with gold for resources (L181), production, building bonus and the
  «Каждый раз, построив…» features, the «Сфинкс» (reconstructed) on each gain of gold;
- razing a location as the main action (L483, L512-L516, L654): tokens, the bonus, the owner's
  (or the «Храм Ра» captor's) wood, a foundation, a Japanese location discarded;
- the worker exchange (L550-L557, L642 «Оазис»); the cleanup (L366-L375); the turn order of
  the action phase (L344, L356, L360); the final score and the ties (L391-L404, L884).

Cards drawn are left out of the goods compared (their deck is the player's choice); yields that
stop for a choice (a choice of goods, a pick, samurai) are left out of the build check.
The hooks wrap engine functions for the referee's lifetime only (``install`` takes pytest's
``monkeypatch``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from settlers.games.imperial import GAME
from settlers.games.imperial import activation as act_mod
from settlers.games.imperial import building as build_mod
from settlers.games.imperial import deals as deal_mod
from settlers.games.imperial import exchange as exchange_mod
from settlers.games.imperial import rounds as rounds_mod
from settlers.games.imperial import solo as solo_mod
from settlers.games.imperial.content import (
    CAPTOR,
    DEF,
    DEFENCE,
    KEPT,
    RAZE,
    SAMURAI,
    USED,
    WK,
    F,
    G,
    S,
    W,
)

RESOURCES = (W, S, F)
SUPPLY = {"W": W, "S": S, "F": F, "G": G, "Wk": WK, "Raze": RAZE, "Def": DEF}
STORAGE = {"Raze": RAZE, "Wk": WK, "G": G, "F": F}
TYPE_RANK = {"action": 0, "feature": 1, "production": 2}            # L854-L856
JAPANESE_ORDER = ("Card", "Raze", "G", "VP", "S", "Wk", "F", "W")    # L876
UNRAZEABLE = ("Руины", "Врата", "Часовня")                           # L704, L618, L626


def razeable(card: Any) -> bool:
    """L978 a raze bonus; L516 common, or a Japanese empire card; L704/L618/L626 never these."""
    return (card.raze is not None and card.name["ru"] not in UNRAZEABLE
            and (card.common or card.deck == "japanese"))


class Referee:
    def __init__(self) -> None:
        self.findings: list[tuple[str, Any]] = []
        self.checked: Counter[str] = Counter()

    def differ(self, what: str, detail: Any) -> None:
        self.findings.append((what, detail))

    # ---- the position's facts, read from the rule text ----
    @staticmethod
    def others(st: Any, seat: int) -> list[int]:
        """L356, L577 «Спасовав, игрок не может стать целью действий другого игрока»."""
        return [t for t in range(st.players) if t != seat and not st.passed[t]]

    @staticmethod
    def guard(st: Any, owner: int, cid: int) -> int:
        """L387 a defence token, L602 a samurai: one raze token more each; the reconstructed
        «Граница»/«Римская крепость» one more for the owner's common locations."""
        info = st.info[cid]
        extra = info[DEFENCE] + info[SAMURAI]
        if st.cards[cid].common and any(f.get("passive") == "extra_defence"
                                        for loc in st.locs[owner]
                                        for f in st.cards[loc].features):
            extra += 1
        return extra

    def targets(self, st: Any, seat: int, cid: int, op: str) -> set[tuple[int, ...]] | None:
        cards = st.cards
        out: set[tuple[int, ...]] = set()
        foes = self.others(st, seat)
        if op == "steal_resource":          # L676: a resource of another player's supply
            out = {(t, r) for t in foes for r in RESOURCES if st.goods[t][r] > 0}
        elif op == "raze_opponent":         # L640 (no extra tokens), L680 (more tokens)
            ignore = bool(cards[cid].action.get("ignore_defence"))
            spare = st.goods[seat][RAZE]
            out = {(t, loc) for t in foes for loc in st.locs[t] if razeable(cards[loc])
                   and (ignore or self.guard(st, t, loc) <= spare)}
            if st.solo:
                out |= {(-1, loc) for loc in st.virtual if razeable(cards[loc])}
        elif op == "discard_opponent":      # L616, L660: not a raze, any location
            out = {(t, loc) for t in foes for loc in st.locs[t]}
            if st.solo:
                out |= {(-1, loc) for loc in st.virtual}
        elif op == "raze_bonus_good":       # L684: a resource (L185) of the raze bonus
            pairs = [(t, loc) for t in foes for loc in st.locs[t]]
            if st.solo:
                pairs += [(-1, loc) for loc in st.virtual]
            out = {(t, loc, SUPPLY[g]) for t, loc in pairs for g in (cards[loc].raze or {})
                   if g in ("W", "S", "F")}
        elif op == "raze_own":              # L688: one's own location, not a captured one
            out = {(loc,) for loc in st.locs[seat]
                   if razeable(cards[loc]) and st.info[loc][CAPTOR] < 0}
        elif op == "cancel_opponent_deal":  # L696 (a «Торговый путь» deal too), L818 solo
            for t in foes:
                out |= {(t, 0, i) for i in range(len(st.deals[t]))}
                out |= {(t, 1, i) for i in range(len(st.route[t]))}
            if st.solo:
                out |= {(-1, 0, i) for i in range(len(st.attack_row))}
        elif op == "take_opponent_deal":    # L664: only a deal under the board
            out = {(t, i) for t in foes for i in range(len(st.deals[t]))}
            if st.solo:
                out |= {(-1, i) for i in range(len(st.attack_row))}
        elif op == "capture":               # «Храм Ра» (reconstructed), its four tokens
            if st.captures[seat] > 0:
                out = {(t, loc) for t in foes for loc in st.locs[t] if cards[loc].common
                       and cards[loc].type in ("production", "action")
                       and st.info[loc][CAPTOR] < 0}
        elif op == "activate_production":   # L724: common or empire, one's own or captured
            mine = [loc for loc in st.locs[seat] if st.info[loc][CAPTOR] < 0]
            mine += [loc for t in range(st.players) if t != seat for loc in st.locs[t]
                     if st.info[loc][CAPTOR] == seat]
            out = {(loc,) for loc in mine if cards[loc].type == "production"}
        elif op == "foundation_from_hand":  # L644: any card of the hand
            first: dict[int, int] = {}
            for h in st.hand[seat]:
                first.setdefault(st.twins[h], h)
            out = {(h,) for h in first.values()}
        else:
            return None
        return out

    def attack(self, st: Any) -> set[int]:
        """L836-L858, L874-L876, the newest attack card on top (index 0)."""
        goods = [st.attack_goods[c] for c in st.attack_row]
        first = goods[0]
        cards = st.cards
        commons = [loc for loc in st.locs[0] if cards[loc].common and razeable(cards[loc])
                   and first in cards[loc].raze]
        if st.emp[0] == "japanese" and first == "VP" and "VP" in goods[1:]:
            # L874: a VP on the first card and on an earlier one: an empire location, whatever
            # pairs the cards between would make with a common location
            hit = [loc for loc in st.locs[0]
                   if cards[loc].deck == "japanese" and razeable(cards[loc])]
            if hit:
                return self._dearest(st, hit, japanese=True)
        for second in goods[1:]:
            if st.emp[0] == "japanese" and first == second == "VP":
                hit = [loc for loc in st.locs[0]
                       if cards[loc].deck == "japanese" and razeable(cards[loc])]
                if hit:
                    return self._dearest(st, hit, japanese=True)
            hit = []
            for loc in commons:
                rest = Counter(cards[loc].raze)
                rest[first] -= 1
                if sorted(rest.elements()) == [second]:   # «с другим товаром бонуса»
                    hit.append(loc)
            if hit:
                return self._dearest(st, hit, japanese=False)
        return set()

    @staticmethod
    def _dearest(st: Any, hit: list[int], japanese: bool) -> set[int]:
        def key(loc: int) -> tuple[int, ...]:
            c = st.cards[loc]
            deal = (JAPANESE_ORDER.index(c.deal) if c.deal in JAPANESE_ORDER else 9,) \
                if japanese else ()
            return (*deal, TYPE_RANK[c.type], -sum(c.cost.values()), -c.cost.get("S", 0))
        best = min(map(key, hit))
        return {loc for loc in hit if key(loc) == best}

    @staticmethod
    def gain(exp: list[int], st: Any, seat: int, goods: dict[str, int], times: int = 1) -> None:
        for good, n in goods.items():
            if good in SUPPLY:
                exp[SUPPLY[good]] += n * times
            elif good == "VP":
                exp[7] += n * times
        if goods.get("G", 0) > 0:     # «Сфинкс»: 1 VP each time gold is gained
            exp[7] += times * sum(f["goods"].get("VP", 0) for loc in st.locs[seat]
                                  for f in st.cards[loc].features if f.get("on") == "gold")

    def yields(self, exp: list[int], st: Any, seat: int, items: Any) -> bool:
        for item in items:
            if "goods" in item:
                self.gain(exp, st, seat, item["goods"])
            elif "per" in item:       # L590: the location itself counts
                if item["per"] == "samurai":
                    n = sum(1 for loc in st.locs[seat] if st.info[loc][SAMURAI])
                else:
                    n = sum(1 for loc in st.locs[seat] if item["per"] in st.cards[loc].colours)
                self.gain(exp, st, seat, {item["good"]: min(n, item.get("max", n))})
            else:
                return False          # a choice, a pick, samurai: asked, not compared
        return True

    @staticmethod
    def snapshot(st: Any, seat: int) -> list[int]:
        return [*st.goods[seat], st.vp[seat]]

    # ---- hooks ----
    def install(self, mp: Any) -> None:
        ref = self
        attack_once = solo_mod.attack_once

        def checked_attack(st: Any) -> bool:
            if not st.attack_deck:
                return attack_once(st)
            st.attack_row.insert(0, st.attack_deck[-1])
            expected = ref.attack(st)
            st.attack_row.pop(0)
            before = list(st.locs[0])
            done = attack_once(st)
            if done:
                gone = set(before) - set(st.locs[0])
                if gone != expected and not (len(gone) == 1 and gone < expected):
                    ref.differ("solo attack", (gone, expected))
            elif {o[0] for o in st.pending[-1]["options"]} != expected:
                ref.differ("solo attack tie", (st.pending[-1]["options"], expected))
            ref.checked["attack hit" if expected else "attack"] += 1
            return done
        mp.setattr(solo_mod, "attack_once", checked_attack)

        cleanup = rounds_mod.cleanup

        def checked_cleanup(st: Any) -> None:
            before = [list(g) for g in st.goods]
            cleanup(st)
            for s in range(st.players):
                kept = STORAGE[st.boards[st.emp[s]]["storage"]]
                want = [before[s][i] if i == kept else 0 for i in range(7)]
                if st.goods[s] != want:
                    ref.differ("cleanup", (st.emp[s], before[s], st.goods[s]))
            if any(info[USED] or info[DEFENCE] for info in st.info.values()):
                ref.differ("cleanup marks", st.round)
            ref.checked["cleanup"] += 1
        mp.setattr(rounds_mod, "cleanup", checked_cleanup)

        finish_build = build_mod.finish_build

        def checked_build(st: Any, seat: int, cid: int, source: str, fdn: Any,
                          gold: tuple[int, int, int]) -> None:
            card = st.cards[cid]
            exp = ref.snapshot(st, seat)
            gw, gs, gf = gold
            exp[W] -= card.cost.get("W", 0) - gw
            exp[S] -= card.cost.get("S", 0) - gs
            exp[F] -= card.cost.get("F", 0) - gf
            exp[G] -= gw + gs + gf
            if fdn is not None and fdn[0] == 0 and any(
                    f.get("passive") == "warehouse" for f in st.cards[fdn[1]].features):
                for i, r in enumerate(RESOURCES):     # L666: what «Склады» kept comes back
                    exp[r] += st.stash_w[seat][i]
            finish_build(st, seat, cid, source, fdn, gold)
            whole = (card.type != "production" or ref.yields(exp, st, seat, card.production))
            whole = ref.yields(exp, st, seat, card.build_bonus) and whole
            for loc in st.locs[seat]:
                for f in st.cards[loc].features:
                    if f.get("on") == "build" and f.get("colour") in (None, *card.colours):
                        ref.gain(exp, st, seat, f["goods"])
            if whole:
                if ref.snapshot(st, seat) != exp:
                    ref.differ("build", (card.id, exp, ref.snapshot(st, seat)))
                ref.checked["build"] += 1
        mp.setattr(build_mod, "finish_build", checked_build)

        finish_activation = act_mod.finish_activation

        def checked_activation(st: Any, seat: int, cid: int, times: int, gold: Any,
                               paid_cards: Any, paid_deals: Any, counted: bool = True) -> None:
            action = st.cards[cid].action
            cost = action["cost"]
            exp = ref.snapshot(st, seat)
            gw, gs, gf = gold
            exp[W] -= cost.get("W", 0) * times - gw
            exp[S] -= cost.get("S", 0) * times - gs
            exp[F] -= cost.get("F", 0) * times - gf
            exp[G] -= gw + gs + gf + cost.get("G", 0) * times
            exp[WK] -= cost.get("Wk", 0) * times
            exp[RAZE] -= cost.get("Raze", 0) * times
            used = st.info[cid][USED] + (times if counted else 0)
            if used > action["limit"]:                # L531, L538
                ref.differ("activation limit", st.cards[cid].id)
            finish_activation(st, seat, cid, times, gold, paid_cards, paid_deals, counted)
            ref.gain(exp, st, seat, action.get("goods", {}), times)
            if ref.snapshot(st, seat) != exp or st.info[cid][USED] != used:
                ref.differ("activation", (st.cards[cid].id, times, exp, ref.snapshot(st, seat)))
            ref.checked["activation"] += 1
        mp.setattr(act_mod, "finish_activation", checked_activation)

        finish_deal = deal_mod.finish_deal

        def checked_deal(st: Any, seat: int, cid: int, gold: tuple[int, int, int]) -> None:
            exp = ref.snapshot(st, seat)
            exp[F] -= 1 - gold[2]                       # L469 «Сбросить 1 еду» (or gold)
            exp[G] -= sum(gold)
            finish_deal(st, seat, cid, gold)
            ref.gain(exp, st, seat, {st.cards[cid].deal: 1})     # L471 «Тут же»
            for loc in st.locs[seat]:
                for f in st.cards[loc].features:
                    if f.get("on") == "deal":
                        ref.gain(exp, st, seat, f["goods"])
            if ref.snapshot(st, seat) != exp or cid not in st.deals[seat]:
                ref.differ("deal", (st.cards[cid].id, exp, ref.snapshot(st, seat)))
            ref.checked["deal"] += 1
        mp.setattr(deal_mod, "finish_deal", checked_deal)

        answer_exchange = exchange_mod.answer_exchange

        def checked_exchange(st: Any, p: Any, value: Any) -> None:
            seat, choice = p["seat"], value[0]
            before = [list(g) for g in st.goods]
            hand = len(st.hand[seat])
            answer_exchange(st, p, value)
            exp = [list(g) for g in before]
            if choice != exchange_mod.EXCHANGE_DONE:
                exp[seat][WK] -= 2                    # L554
                if choice in (0, 1, 2):
                    exp[seat][RESOURCES[choice]] += 1
                elif len(st.hand[seat]) != hand + 1:
                    ref.differ("exchange card", choice)
                for o in range(st.players):           # L642: a worker a pair
                    if o != seat:
                        exp[o][WK] += sum(f["goods"]["Wk"] for loc in st.locs[o]
                                          for f in st.cards[loc].features
                                          if f.get("on") == "opponent_exchange")
            if st.goods != exp:
                ref.differ("exchange", (choice, exp, st.goods))
            ref.checked["exchange"] += 1
        mp.setitem(rounds_mod.ANSWERS, "exchange", checked_exchange)

    # ---- the play ----
    def play(self, players: int, seed: int, options: dict[str, Any]) -> None:
        st = GAME.new_state(players=players, seed=seed, options=options)
        st.record_events = False
        rng = random.Random(seed)
        while not st.over:
            self.check_targets(st, seed)
            seat = rng.choice(st.to_act)
            legal = st.legal_actions(seat)
            busy = [a for a in legal if a.kind not in ("pass", "end_turn")]
            action = rng.choice(busy) if busy and rng.random() < 0.93 else rng.choice(legal)
            self.take(st, seat, action)
        self._end(st)

    def check_targets(self, st: Any, seed: int) -> Any:
        """The pending operation's target list against the referee's (``targets``); the top
        of the pending stack, or None."""
        top = st.pending[-1] if st.pending else None
        if top and top["kind"] == "op" and top.get("options") and not top.get("lazy"):
            expected = self.targets(st, top["seat"], top["card"], top["op"])
            if expected is not None:
                if {tuple(o) for o in top["options"]} != expected:
                    self.differ("targets " + top["op"], (seed, top["options"], expected))
                self.checked["targets"] += 1
        return top

    def take(self, st: Any, seat: int, action: Any) -> None:
        """Apply ``action`` (a raze of a location through ``_raze``), checking who moves next
        after a pass or the end of a turn in the action phase."""
        if action.kind == "raze_location":
            self._raze(st, seat, action)
            return
        phase, turn, passed, free = st.phase, st.turn, list(st.passed), not st.pending
        st.apply(seat, action, check=False)
        if (phase == st.phase == "actions" and free and not st.pending
                and action.kind in ("pass", "end_turn")):
            if action.kind == "pass":
                passed[turn] = True
            after = [(turn + k) % st.players for k in range(1, st.players + 1)]
            if st.turn != next(t for t in after if not passed[t]):   # L344, L360
                self.differ("turn order", (turn, passed, st.turn))
            self.checked["turn"] += 1

    def _raze(self, st: Any, seat: int, action: Any) -> None:
        owner, cid = action.target, action.card
        card = st.cards[cid]
        cost = 2 if owner < 0 else 2 + self.guard(st, owner, cid)      # L512, L387, L602
        captor = st.info[cid][CAPTOR] if owner >= 0 else -1
        before = [list(g) for g in st.goods]
        st.apply(seat, action, check=False)
        if st.goods[seat][RAZE] - before[seat][RAZE] != -cost + card.raze.get("Raze", 0):
            self.differ("raze tokens", (card.id, cost))
        if owner >= 0 and card.common:       # L483 foundation, 1 wood; L654 the captor's
            to = captor if captor >= 0 else owner
            wood = st.goods[to][W] - before[to][W] - (card.raze.get("W", 0) if to == seat else 0)
            if wood != 1 or cid not in st.fnd[owner]:
                self.differ("raze foundation", (card.id, wood))
        elif owner >= 0 and (cid in st.fnd[owner] or st.goods[owner][W] != before[owner][W]):
            self.differ("raze japanese", card.id)   # L516: a Japanese location is discarded
        self.checked["raze"] += 1

    def _end(self, st: Any) -> None:
        points = []
        for s in range(st.players):          # L393-L398; the Gate and Chapel reconstructed
            p = st.vp[s]
            for loc in st.locs[s]:
                p += 1 if st.cards[loc].common else 2
                for f in st.cards[loc].features:
                    if f.get("passive") == "gate":
                        p += len(st.gate.get(loc, ()))
                    elif f.get("passive") == "chapel":
                        p += st.info[loc][KEPT] // 2
            points.append(p)
        if st.solo:                          # L782, L884
            won = sum(1 for loc in st.locs[0] if not st.cards[loc].common) > len(st.trophies)
            if list(st.scores()) != [float(points[0] if won else st.vp[0])] \
                    or (st.winners() == [0]) != won:
                self.differ("solo end", (st.scores(), st.winners(), won))
            self.checked["end"] += 1
            return
        if list(st.scores()) != [float(p) for p in points]:
            self.differ("score", (points, st.scores()))
        best = [s for s in range(st.players) if points[s] == max(points)]
        for measure in (lambda s: sum(st.goods[s][i] for i in (W, S, F, WK)),   # L404
                        lambda s: len(st.hand[s])):
            if len(best) > 1:
                self.checked["tie"] += 1
                top = max(map(measure, best))
                best = [s for s in best if measure(s) == top]
        if sorted(st.winners()) != best:
            self.differ("winners", (points, best, st.winners()))
        self.checked["end"] += 1
