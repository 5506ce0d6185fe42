"""A second referee written from the rulebook's text (imperial-settlers.ru.txt), for what the
first one (``imperial_referee.py``) leaves out: it is the same kind of check — the position
read, what the rules give worked out, the engine's step compared — over:

- the main turn's menu (L344-L358, L410-L557, L977-L978): pass; build a card of the hand whose
  cost the supply pays, gold standing in for any resource (L181, L570), with a location or a
  foundation to discard for an empire card that asks one (L428, L432, L652); a deal with an
  empire card that shows a deal good, for 1 food or gold (L462-L469, L977); raze a card of the
  hand with a raze bonus, common or Japanese, for 1 token (L495-L500, L978); raze an opponent's
  common (or Japanese) location for 2 tokens + its defence (L510-L516, L387, L602), not in the
  peaceful variant (L766), not of a player who passed (L356, L577), the solo opponent's for 2
  (L820, L850); activate an action location one controls within its limit, once or twice with
  the cost twice (L530-L538, L652), its cost paid; exchange with 2 workers (L550-L554);
- the free actions (L385, L598): a defence token on a common location of one's empire without
  one, a samurai on a Japanese empire location without one, before and after the main action;
- production (L314-L326, L418, L442, L646): the board, every deal (L464), every production
  location one controls, in the seat's supply;
- razing a card from the hand (L493-L500): 1 token, the bonus, the card discarded;
- the round's frame: the lookout's cards (L298, L302-L304, L730, L736, L765; solo L806-L812),
  the first player passed clockwise each round (L373), the starting hands (L266), no cleanup
  in the fifth round (L364), five rounds (L276, L391).

Yields that stop for a choice, cards drawn (their deck is the player's choice), and the
reconstructed free actions («Врата», «Часовня») are left out of the comparisons. Ops whose
target the rule text does not settle (reconstructed cards) take the engine's answer for
whether they have a target; the count of such trusted answers is kept.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from imperial_referee import RESOURCES, Referee, razeable

from settlers.games.imperial import GAME
from settlers.games.imperial import production as production_mod
from settlers.games.imperial import rounds as rounds_mod
from settlers.games.imperial import turn as turn_mod
from settlers.games.imperial.content import (
    CAPTOR,
    DEF,
    DEFENCE,
    RAZE,
    SAMURAI,
    USED,
    WK,
    F,
    G,
    S,
    W,
)

#: ops whose targets the rule text (or the first referee) gives; the others are reconstructed
KNOWN_OPS = ("steal_resource", "discard_opponent", "raze_bonus_good", "raze_own",
             "cancel_opponent_deal", "take_opponent_deal", "capture", "activate_production",
             "foundation_from_hand", "raze_opponent", "build_from_deal")


def short_of(supply: list[int], w: int, s: int, f: int) -> int:
    """The wood, stone and food ``supply`` lacks for a cost (gold stands in for each, L181)."""
    return max(0, w - supply[W]) + max(0, s - supply[S]) + max(0, f - supply[F])


def pays(supply: list[int], cost: dict[str, int], times: int = 1) -> bool:
    gold = supply[G] - cost.get("G", 0) * times
    return gold >= 0 and short_of(supply, cost.get("W", 0) * times, cost.get("S", 0) * times,
                                  cost.get("F", 0) * times) <= gold


class TurnReferee(Referee):
    def __init__(self) -> None:
        super().__init__()
        self.trusted: Counter[str] = Counter()
        self.first_seat = -1
        # by state (a bot's look-ahead worlds run rounds of their own)
        self.at_lookout: dict[int, tuple[list[tuple[int, int]], int]] = {}
        # the lookout's picks of the real game (seat, cards to choose from), by state
        self.picks: dict[int, list[tuple[int, int]]] = {}

    # ---- the main turn's menu ----
    def controlled(self, st: Any, seat: int) -> list[int]:
        """L652: a captured location is the captor's to use, not its owner's."""
        mine = [loc for loc in st.locs[seat] if st.info[loc][CAPTOR] < 0]
        return mine + [loc for t in range(st.players) if t != seat for loc in st.locs[t]
                       if st.info[loc][CAPTOR] == seat]

    def deals_held(self, st: Any, seat: int) -> int:
        """One's own deals (L716, L720): under the board, «Торговый путь» deals, and solo the
        attack cards taken with «Шпионы»; the open attack cards are the opponent's (L818)."""
        n = len(st.deals[seat]) + len(st.route[seat])
        if st.solo:
            n += len(st.attack_deals)
        return n

    def op_has_target(self, st: Any, seat: int, cid: int, op: str, engine: bool) -> bool:
        action = st.cards[cid].action
        if op == "raze_opponent":                      # the tokens left after paying
            spare = st.goods[seat][RAZE] - action["cost"].get("Raze", 0)
            ignore = bool(action.get("ignore_defence"))
            foes = self.others(st, seat)
            return any(razeable(st.cards[loc]) and (ignore or self.guard(st, t, loc) <= spare)
                       for t in foes for loc in st.locs[t]) or (
                st.solo and any(razeable(st.cards[loc]) for loc in st.virtual))
        if op == "build_from_deal":                    # L620: a deal under the board, its cost
            return any(pays(st.goods[seat], Counter(st.cards[d].cost) + Counter(action["cost"]))
                       for d in st.deals[seat])
        if op == "build_faction_no_foundation":       # L708: an empire card, its full cost
            return any(not st.cards[h].common and pays(st.goods[seat], Counter(
                st.cards[h].cost) + Counter(action["cost"])) for h in st.hand[seat])
        if op == "activate_deal":                      # L716 (route deals), L818 (solo)
            return self.deals_held(st, seat) > 0
        if op in KNOWN_OPS:
            return bool(self.targets(st, seat, cid, op))
        self.trusted[op] += 1
        return engine

    def expected_menu(self, st: Any, seat: int, engine: set[tuple[Any, ...]]) -> set[tuple[Any, ...]]:
        cards, supply, info = st.cards, st.goods[seat], st.info
        out: set[tuple[Any, ...]] = {("pass",)}
        own = [loc for loc in st.locs[seat] if info[loc][CAPTOR] < 0]
        has_foundation = bool(own or st.fnd[seat])     # L428, L432, L652
        for cid in st.hand[seat]:
            card, twin = cards[cid], st.twins[cid]
            if pays(supply, card.cost) and (not card.foundation or has_foundation):
                out.add(("build", twin))
            if not card.common and card.deal and (supply[F] or supply[G]):   # L462, L469
                out.add(("deal", twin))
            if supply[RAZE] >= 1 and card.raze and (card.common or card.deck == "japanese"):
                out.add(("raze_card", twin))                                  # L495, L500
        if not st.peaceful and supply[RAZE] >= 2:                             # L766, L512
            for t in self.others(st, seat):
                for loc in st.locs[t]:
                    if razeable(cards[loc]) and 2 + self.guard(st, t, loc) <= supply[RAZE]:
                        out.add(("raze_location", t, loc))
            if st.solo:                                                       # L820, L850
                out |= {("raze_location", -1, loc) for loc in st.virtual if razeable(cards[loc])}
        for cid in self.controlled(st, seat):
            action = cards[cid].action
            if not action:
                continue
            cost, used = action["cost"], info[cid][USED]
            for times in (1, 2):
                if used + times > action["limit"]:                            # L531, L538
                    continue
                if not (pays(supply, cost, times)
                        and cost.get("Wk", 0) * times <= supply[WK]
                        and cost.get("Raze", 0) * times <= supply[RAZE]
                        and cost.get("Card", 0) * times <= len(st.hand[seat])
                        and cost.get("Deal", 0) * times <= self.deals_held(st, seat)):
                    continue
                op = action.get("op")
                if op is None or self.op_has_target(st, seat, cid, op,
                                                    ("activate", cid, times) in engine):
                    out.add(("activate", cid, times))
        if supply[WK] >= 2:                                                   # L554
            out.add(("exchange",))
        return out | self.expected_free(st, seat, engine)

    def expected_free(self, st: Any, seat: int, engine: set[tuple[Any, ...]]) -> set[tuple[Any, ...]]:
        cards, supply, info = st.cards, st.goods[seat], st.info
        out: set[tuple[Any, ...]] = set()
        for loc in st.locs[seat]:
            if supply[DEF] and cards[loc].common and not info[loc][DEFENCE]:   # L385, L387
                out.add(("place_defence", loc))
            if (st.emp[seat] == "japanese" and supply[WK] and cards[loc].deck == "japanese"
                    and not info[loc][SAMURAI]):                                 # L598, L600
                out.add(("place_samurai", loc))
        # reconstructed «Врата» and «Часовня»: the engine's own
        out |= {a for a in engine if a[0] in ("put_under_gate", "put_on_shrine")}
        return out

    @staticmethod
    def menu_key(st: Any, action: Any) -> tuple[Any, ...]:
        kind = action.kind
        if kind in ("build", "deal", "raze_card"):
            return (kind, st.twins[action.card])
        if kind == "raze_location":
            return (kind, action.target, action.card)
        if kind == "activate":
            return (kind, action.card, action.times)
        if kind in ("place_defence", "place_samurai"):
            return (kind, action.card)
        if kind == "put_under_gate":
            return (kind, action.gate, st.twins[action.card])
        if kind == "put_on_shrine":
            return (kind, action.shrine, action.good)
        return (kind,)

    def check_menu(self, st: Any, seat: int, legal: list[Any], seed: int) -> None:
        engine = [self.menu_key(st, a) for a in legal]
        if len(set(engine)) != len(engine):
            self.differ("menu twice", (seed, st.round, Counter(engine).most_common(2)))
        got = set(engine)
        if st.acted:       # after the main action: the free actions and the end of the turn
            want = self.expected_free(st, seat, got) | {("end_turn",)}
            self.checked["menu after"] += 1
        else:
            want = self.expected_menu(st, seat, got)
            self.checked["menu"] += 1
        if got != want:
            self.differ("menu", (seed, st.round, seat, st.emp[seat], sorted(got - want, key=str),
                                 sorted(want - got, key=str)))

    # ---- hooks ----
    def install(self, mp: Any) -> None:
        super().install(mp)
        ref = self
        produce_for = production_mod.produce_for

        def checked_production(st: Any, seat: int) -> None:
            if st.producing == 1:
                ref.check_lookout(st)
            exp = ref.snapshot(st, seat)
            for i, r in enumerate(RESOURCES):        # what «Склады» kept comes back
                exp[r] += st.stash_w[seat][i]
            ref.gain(exp, st, seat, st.boards[st.emp[seat]]["production"])       # L316
            for cid in st.deals[seat] + st.route[seat]:                           # L317, L464
                ref.gain(exp, st, seat, {st.cards[cid].deal: 1})
            for card in st.attack_deals:                                          # L818
                ref.gain(exp, st, seat, {st.attack_goods[card]: 1})
            whole = True
            for cid in ref.controlled(st, seat):                                   # L318, L652
                if st.cards[cid].type == "production":
                    whole = ref.yields(exp, st, seat, st.cards[cid].production) and whole
            produce_for(st, seat)
            if whole:
                if ref.snapshot(st, seat) != exp:
                    ref.differ("production", (st.round, st.emp[seat], exp,
                                              ref.snapshot(st, seat)))
                ref.checked["production"] += 1
        mp.setattr(production_mod, "produce_for", checked_production)

        begin_lookout = rounds_mod.begin_lookout

        def checked_begin(st: Any) -> None:
            n = st.players
            if st.round == 1:
                if ref.first_seat < 0:
                    ref.first_seat = st.first
                for s in range(n):                                                 # L266
                    backs = Counter(st.cards[c].common for c in st.hand[s])
                    if backs != Counter({True: 2, False: 2}):
                        ref.differ("starting hand", (s, backs))
            want = 0 if st.solo else (ref.first_seat + st.round - 1) % n         # L373
            if st.first != want:
                ref.differ("first player", (st.round, st.first, want))
            ref.at_lookout[id(st)] = ([
                (sum(1 for c in st.hand[s] if st.cards[c].common),
                 sum(1 for c in st.hand[s] if not st.cards[c].common)) for s in range(n)],
                len(st.virtual))
            ref.checked["round"] += 1
            begin_lookout(st)
        mp.setattr(rounds_mod, "begin_lookout", checked_begin)

        cleanup = rounds_mod.cleanup

        def checked_cleanup(st: Any) -> None:
            if st.round >= 5:                                                      # L364
                ref.differ("cleanup in the last round", st.round)
            cleanup(st)
        mp.setattr(rounds_mod, "cleanup", checked_cleanup)

        alt_pick = rounds_mod.alt_pick

        def checked_alt_pick(st: Any, seat: int, action: Any) -> None:
            d = st.draft
            last = d["step"] == 1 and [s for s in range(st.players)
                                       if d["choice"][s] < 0 and d["offer"][s]] == [seat]
            if d["step"] == 1 and len(d["offer"][seat]) != 3 and len(st.common_deck) >= 12:
                ref.differ("alternative offer", (st.round, d["offer"]))     # L730: 3 cards
            offers, choice = [list(o) for o in d["offer"]], list(d["choice"])
            choice[seat] = action.card
            alt_pick(st, seat, action)
            if last:   # L730: the two left passed to the next player clockwise
                n = st.players
                want = [[c for c in offers[(s - 1) % n] if c != choice[(s - 1) % n]]
                        for s in range(n)]
                if st.draft.get("offer") != want:
                    ref.differ("alternative passing", (st.round, offers, choice,
                                                       st.draft.get("offer")))
                ref.checked["alternative passing"] += 1
        mp.setattr(rounds_mod, "alt_pick", checked_alt_pick)

        raze_card = turn_mod.DO["raze_card"]

        def checked_raze_card(st: Any, seat: int, action: Any) -> None:
            card = st.cards[action.card]
            exp = ref.snapshot(st, seat)
            exp[RAZE] -= 1                                                         # L496
            hand = list(st.hand[seat])
            discards = len(st.common_discard) + sum(map(len, st.fdiscard.values()))
            raze_card(st, seat, action)
            ref.gain(exp, st, seat, card.raze)                                     # L497
            for loc in st.locs[seat]:
                for f in st.cards[loc].features:
                    if f.get("on") == "raze":
                        ref.gain(exp, st, seat, f["goods"])
            hand.remove(action.card)
            waits = bool(st.pending) and st.pending[-1].get("discard_after") == action.card
            now = len(st.common_discard) + sum(map(len, st.fdiscard.values()))
            drawn = Counter(st.hand[seat]) - Counter(hand)
            if (ref.snapshot(st, seat) != exp or (Counter(hand) - Counter(st.hand[seat]))
                    or (now != discards + 1 and not waits)
                    or sum(drawn.values()) > card.raze.get("Card", 0)):
                ref.differ("raze card", (card.id, exp, ref.snapshot(st, seat)))
            ref.checked["raze card"] += 1
        mp.setitem(turn_mod.DO, "raze_card", checked_raze_card)

    def check_lookout(self, st: Any) -> None:
        """L298 (3 cards: L302 one of one's empire, L303-L304 two common), L730, L736, L765
        (the peaceful variant's one common card more); solo L808-L812 (one of the empire, two
        common, and two for the virtual opponent). A deck that has run out gives fewer."""
        extra = 1 if st.peaceful else 0
        if id(st) not in self.at_lookout:    # a world copied after its lookout began
            return
        hands, virtual = self.at_lookout.pop(id(st))
        for s in range(st.players):
            common = sum(1 for c in st.hand[s] if st.cards[c].common)
            empire = len(st.hand[s]) - common
            c0, e0 = hands[s]
            if (common - c0, empire - e0) != (2 + extra, 1) and (
                    st.fdeck[st.emp[s]] or st.common_deck):
                self.differ("lookout cards", (st.round, s, common - c0, empire - e0))
        if st.solo and len(st.virtual) - virtual != 2 and st.common_deck:
            self.differ("solo lookout", (st.round, st.virtual))
        self.checked["lookout"] += 1
        picks = self.picks.pop(id(st), None)
        if picks is not None and len(st.common_deck) >= 12:   # the deck did not run out
            want = self.pick_order(st)
            if picks != want:
                self.differ("lookout order", (st.round, st.lookout_variant, picks, want))
            self.checked["lookout order"] += 1

    @staticmethod
    def pick_order(st: Any) -> list[tuple[int, int]]:
        """Who picks, from how many open cards: L303 (players + 1, clockwise from the first
        player), L304 (again, counter-clockwise from the last); L745-L755 (the advanced lookout:
        5 cards; 4 to choose from for the others of the first lap, 3 on the second, 2 for the
        last; with 2 players 5, 4, 3, 2); L809-L811 (solo: 4, then 2); the alternative lookout
        has no open row (L730)."""
        n = st.players
        order = [(st.first + k) % n for k in range(n)]
        if st.solo:
            return [(0, 4), (0, 2)]
        if st.lookout_variant == "alternative":
            return []
        if st.lookout_variant == "advanced":
            if n == 2:
                return list(zip(order + order, (5, 4, 3, 2), strict=True))
            sizes = [5] + [4] * (n - 1) + [3] * (n - 1) + [2]
            return list(zip(order + order, sizes, strict=True))
        return ([(s, n + 1 - k) for k, s in enumerate(order)]
                + [(s, n + 1 - k) for k, s in enumerate(order[::-1])])

    # ---- the play ----
    def play_with(self, players: int, seed: int, options: dict[str, Any],
                  bots: Any = None, views_every: int = 0) -> None:
        """One seeded game: a random player (that passes rarely), or ``bots`` (one per seat);
        every main-turn menu is refereed; ``views_every``: the shared leak check
        (``check_views``: each seat's view equal in a world re-dealt from what it may see) at
        every so many steps."""
        from settlers.testing.conformance import check_views
        self.first_seat = -1
        st = GAME.new_state(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        steps = 0
        last_pick = None
        while not st.over:
            top = self.check_targets(st, seed)
            if top and top["kind"] in ("draft", "solo_draft") and top is not last_pick:
                last_pick = top
                self.picks.setdefault(id(st), []).append((top["seat"], len(top["options"])))
            seat = rng.choice(st.to_act)
            legal = st.legal_actions(seat)
            if st.phase == "actions" and not st.pending:
                self.check_menu(st, seat, legal, seed)
            if views_every and steps % views_every == 0:
                check_views(st, rng)
                self.checked["views"] += 1
            steps += 1
            if bots is not None:
                action = bots[seat].act(st, seat)
            else:
                busy = [a for a in legal if a.kind not in ("pass", "end_turn")]
                action = rng.choice(busy) if busy and rng.random() < 0.93 else rng.choice(legal)
            self.take(st, seat, action)
        if st.round != 5:                                                          # L276, L391
            self.differ("rounds", st.round)
        self._end(st)

