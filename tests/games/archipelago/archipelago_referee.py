"""A transition referee for Archipelago, written from the rulebook (archipelago.ru.txt, lines
cited as L<n>) and the printed/reconstructed tables of the content files (markets, boards,
costs, card prices and backs: content-facts T2-T9). It keeps its own copy of what it models —
the four markers (population, rebellion, surplus), both market boards, every screen's florins,
cubes and explorer tokens, the bank, the piles, the units on the board (owner, ship, region,
standing, building), the evolution track and the cards in front of the players, the phase,
the turn order and who must decide — moves it by the text's rules for each action, and
compares it with the engine's plain fields after every action.

It calls no rules function of the engine. From the engine it reads the plain state fields of
the position before an action (to know which unit an action names, which region a hex was
laid as, what a unit stands on), the content tables, the action encodings (Architecture's
argument: ``building.KINDS``, ``cards.architecture_by``), and the resync below.

Since the thirteenth reading the evolution cards' effects, wonders and the steps they open
(``arch_referee_cards``), the offers (``arch_referee_offers``), the deal after turn 0, the end
by an objective or ``max_turns`` and the whole scoring (``arch_referee_end``) are followed
too, and the legal building and recruiting places and migration routes are derived from the
rulebook and compared with the menu (``arch_referee_menus``). The copy is re-read from the
engine (counted in ``resynced``) only at the end of turn 0 (the track, trend and objectives
dealt at random) and during «Больше остроты»'s keep step (checked by ``keep_checks``).

Readings kept (the text is silent):
- independence (L218, L425 «обгоняет») is rebellion > population, checked after each action
  and after each move of the rebellion marker in phase 3 (L280 «по порядку»; the game ends
  «немедленно», so no later move is made);
- an empty market zone has no «нижний правый кубик» (L290) and moves nothing;
- the markers stop at the ends of their boards (0 and the board's last row);
- a seat whose crisis turn would be empty is still asked (the engine may skip it: we accept
  the contributor moving on to a later seat, never back, L364);
- the population counts inhabitants on the archipelago (L266, L547), not one in a wonder;
- a cube from an explorer token (L431-433 «отдаётся в счёт ресурсов, требуемых для совершения
  действия») is spent first by its action; one left when the action, or the crisis it was
  taken in, is over goes back to the bank — the token stays out of the game;
- the events count the churches built (L396 «построенную на архипелаге», L782), not those
  controlled (L693's «под контролем» is a tactical note);
- the King's and Queen's florins (L1436, L1490) are part of the bid, also when every bid is
  nothing;
- slots are refilled left to right, one card at a time; a red zone stops the refill until its
  crisis is over (L756, L770, L792).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from arch_referee_card_args import CardArgRules
from arch_referee_cards import CARD_STEPS_MODELLED, CardRules
from arch_referee_end import EndRules
from arch_referee_menus import MenuRules
from arch_referee_offers import OfferRules
from arch_referee_shores import ShoreRules
from arch_referee_units import UnitRules

from settlers.games.archipelago.content import RESOURCES

NEGOTIATION = frozenset({"propose", "add_give", "add_want", "send_offer", "cancel_offer",
                         "answer"})
CARD_KINDS = frozenset({"use_card", "build_wonder", "pick", "thief_hands"})
#: steps that belong to a card's effect or to a negotiation: the copy is re-read after them
CARD_STEPS = frozenset({"reveal", "thief_pick", "thief_hands", "pirate_pay", "move_cubes",
                        "missionary", "explore_pick", "keep_objective", "lay_port",
                        "offer", "answer"})
#: steps not followed (the copy is re-read after them): none since the thirteenth reading
#: (the Pioneer's hexes and the Missionary's hut are arch_referee_cards')
RESYNC_STEPS: frozenset[str] = frozenset()
BUILDINGS = ("town", "market", "port", "church")


def row_of(rows: Any, slot: int) -> Any:
    """The row of a market zone holding 0-based ``slot`` (L485, L290)."""
    for row in rows:
        if row.first <= slot < row.first + row.slots:
            return row
    raise AssertionError(f"slot {slot} is off the zone")


def band(table: Any, value: int) -> Any:
    """The row of board III/IV whose range holds ``value`` (L314, L328)."""
    for row in table:
        if row["from"] <= value <= row["to"]:
            return row
    return table[-1] if value > table[-1]["to"] else table[0]


class Model:
    """The referee's own copy of the public and screen bookkeeping."""

    def __init__(self, st: Any) -> None:
        self.read(st)

    def read(self, st: Any) -> None:
        n = st.players
        self.population, self.rebellion, self.surplus = st.population, st.rebellion, st.surplus
        self.market = [list(st.market[0]), list(st.market[1])]
        self.money = list(st.money)
        self.fist = [b if b > 0 and st.step == "bid" else 0 for b in st.bids]
        self.bank_money = st.bank_money
        self.wheel_coins = st.wheel_coins
        self.phil = list(st.phil)
        self.philanthropist = any(st.content.trends[t]["id"] == "philanthropist"
                                  for t in st.trends)
        self.cubes = [list(st.cubes[s]) for s in range(n)]
        self.bank_cubes = list(st.bank_cubes)
        self.tokens = list(st.tokens)
        self.bound = [list(st.token_cubes[s]) for s in range(n)]
        self.tokens_used = st.tokens_used
        self.piles = list(st.piles)
        self.discs = list(st.discs)
        self.discs_used = list(st.discs_used)
        self.plunder_coins = st.plunder_coins
        self.permits = sorted(tuple(p) for p in st.permits)
        self.units = units_of(st)
        self.track = [list(x) for x in st.track]
        self.deck_size = len(st.deck)
        self.owned = owned_of(st)
        self.order = list(st.order)
        self.over = st.over

    def same(self, st: Any) -> list[str]:
        out = []
        held = in_offer(st)
        for name, mine, theirs in (
                ("population", self.population, st.population),
                ("rebellion", self.rebellion, st.rebellion),
                ("surplus", self.surplus, st.surplus),
                ("market", self.market, [list(st.market[0]), list(st.market[1])]),
                ("money", [m + f for m, f in zip(self.money, self.fist, strict=True)],
                 [m + (b if b > 0 and st.step == "bid" else 0) + held[0][s]
                  for s, (m, b) in enumerate(zip(st.money, st.bids, strict=True))]),
                ("bank money", self.bank_money, st.bank_money),
                ("wheel coins", self.wheel_coins, st.wheel_coins),
                ("Philanthropist zones", self.phil, list(st.phil)),
                ("cubes", self.cubes, [[k + held[1][s][r] for r, k in enumerate(c)]
                                       for s, c in enumerate(st.cubes)]),
                ("bank cubes", self.bank_cubes, list(st.bank_cubes)),
                ("tokens", self.tokens, [k + held[2][s] for s, k in enumerate(st.tokens)]),
                ("token cubes", self.bound, [list(c) for c in st.token_cubes]),
                ("tokens used", self.tokens_used, st.tokens_used),
                ("piles", self.piles, list(st.piles)),
                ("discs", self.discs, list(st.discs)),
                ("discs used", self.discs_used, list(st.discs_used)),
                ("plunder coins", self.plunder_coins, st.plunder_coins),
                ("permits", self.permits, sorted(tuple(p) for p in st.permits)),
                ("units", self.units, units_of(st)),
                ("track", self.track, [list(x) for x in st.track]),
                ("deck size", self.deck_size, len(st.deck)),
                ("cards owned (card, turned, built)", self.owned, owned_of(st)),
                ("order", self.order, list(st.order)),
                ("over", self.over, st.over)):
            if mine != theirs:
                out.append(f"{name}: referee {diff(mine, theirs)}")
        return out


def owned_of(st: Any) -> list[list[tuple[int, int, int]]]:
    """The cards before each player: (card, turned, built)."""
    return [sorted((r[0], int(bool(r[1])), int(bool(r[2]))) for r in st.owned[s])
            for s in range(st.players)]


def in_offer(st: Any) -> tuple[list[int], list[list[int]], list[int]]:
    """The florins, cubes and tokens a sent offer holds off its giver's screen (the engine's
    bookkeeping of an offer awaiting its answer): the referee keeps them behind the screen."""
    n = st.players
    money, cubes, tokens = [0] * n, [[0] * 6 for _ in range(n)], [0] * n
    offer = st.offer
    if offer and offer.get("sent"):
        g = offer["from"]
        for it in offer["give"]:
            if it == "f":
                money[g] += 1
            elif it == "token":
                tokens[g] += 1
            elif it in RESOURCES:
                cubes[g][RESOURCES.index(it)] += 1
    return money, cubes, tokens


def diff(mine: Any, theirs: Any) -> Any:
    if isinstance(mine, Counter):
        return {"referee only": dict(mine - theirs), "engine only": dict(theirs - mine)}
    return {"referee": mine, "engine": theirs}


def units_of(st: Any) -> Counter[tuple[Any, ...]]:
    """(owner, ship, region, standing, building) of every unit on the board or in a wonder."""
    return Counter((u[0], bool(u[1]), u[2], bool(u[3]) or bool(u[1]), u[5])
                   for u in st.units if u[2] != -1)


class Referee(UnitRules, CardRules, OfferRules, EndRules, ShoreRules, CardArgRules, MenuRules):
    def __init__(self, st: Any) -> None:
        self.c = st.content
        self.n = st.players
        self.m = Model(st)
        self.resynced: Counter[str] = Counter()
        self.checked: Counter[str] = Counter()
        self.branches: Counter[str] = Counter()
        # the crisis under way: kind, resource, ratio / cubes left, contributor's index
        self.crisis: dict[str, Any] | None = None
        self.bidders: set[int] = set(range(self.n))
        self.refilling: list[int] | None = None
        self.double: set[tuple[int, int, str]] = set()   # (turn, seat, resource) doubled
        self.used: set[tuple[int, int, str]] = set()
        self.pending_export: Any = None
        self.contributor = -1
        self.pending_card: dict[str, Any] | None = None   # a card's step under way
        self.offer: dict[str, Any] | None = None          # the offer being made
        self.flags: set[str] = set()                       # the modifier cards of the round
        self.migration: dict[str, Any] | None = None       # the migration under way
        self.shore_due: dict[str, Any] | None = None       # a shore to choose after a move
        self.recruit_left = 0                              # workers the recruiting may add

    # ------------------------------------------------------------ the tables
    def limit_inhabitants(self) -> int:
        """L551: 10 of a colour — the colour's meeples, the content set's number (10 in the
        standard set; a set with fewer has fewer to place); two colours with two players
        (L1014)."""
        return int(self.c.pieces["inhabitants"]) * (2 if self.n == 2 else 1)

    def tax(self, items: int) -> int:
        """The tax table (T6, L471): per item count, then +1 per 2 items beyond."""
        t = self.c.taxes
        if items < len(t):
            return t[items]
        return t[-1] + (items - len(t) + 1) // 2

    def recruit_price(self) -> int | None:
        """L565, L577: the labour row holding the surplus marker."""
        if self.m.surplus <= 0:
            return None
        price: int | None = band(self.c.labour, self.m.surplus)["price"]
        return price

    def zones(self, market: int) -> Any:
        return self.c.domestic if market == 0 else self.c.export

    def capacity(self, market: int, r: int) -> int:
        return sum(row.slots for row in self.zones(market)[r])

    def move_rebellion(self, d: int) -> None:
        self.m.rebellion = max(0, min(self.c.rebellion_max, self.m.rebellion + d))

    def move_surplus(self, d: int) -> None:
        self.m.surplus = max(0, min(self.c.labour[-1]["to"], self.m.surplus + d))

    def independent(self) -> bool:
        """L218, L425: the rebellion marker overtakes the population marker."""
        return self.m.rebellion > self.m.population

    # ------------------------------------------------------------ the board, read
    @staticmethod
    def inhabitants(st: Any, seat: int, region: int) -> list[list[Any]]:
        return [u for u in st.units if u[0] == seat and not u[1] and u[2] == region]

    @staticmethod
    def churches(st: Any) -> int:
        return sum(1 for r in st.regions if "church" in r["buildings"])

    @staticmethod
    def towns(st: Any) -> int:
        return sum(1 for r in st.regions if "town" in r["buildings"])

    @staticmethod
    def has_land(st: Any, region: int) -> bool:
        reg = st.regions[region]
        if reg["hex"] < 0:
            return st.start_face.special != "open_sea"
        face = st.content.hexes[reg["hex"]][reg["side"]]
        return any(e != "s" for e in face.edges) or bool(face.icons and face.special != "open_sea")

    def controls(self, st: Any, seat: int, region: int, kind: str) -> bool:
        """L641, L701: an active unit of the seat in the building, or, if it is empty (or its
        unit lies, L715) and not a town, an active inhabitant of the seat in the region's town."""
        inside = [u for u in st.units if u[2] == region and u[5] == kind]
        if inside and (inside[0][3] or inside[0][1]):
            return bool(inside[0][0] == seat)
        if kind == "town" or "town" not in st.regions[region]["buildings"]:
            return False
        mayor = [u for u in st.units if u[2] == region and u[5] == "town"]
        return bool(mayor and mayor[0][0] == seat and mayor[0][3])

    def tax_items(self, st: Any, seat: int) -> int:
        """L471, L473, L408: active inhabitants, ships, towns and churches the seat controls."""
        units = sum(1 for u in st.units if u[0] == seat and u[2] >= 0 and (u[1] or u[3]))
        built = sum(1 for k, reg in enumerate(st.regions) for kind in ("town", "church")
                    if kind in reg["buildings"] and self.controls(st, seat, k, kind))
        return units + built

    # ------------------------------------------------------------ the action
    def apply(self, before: Any, seat: int, action: Any, after: Any) -> list[str]:
        """Move the copy by ``action`` and say where the engine differs."""
        kind = action.kind
        wrong: list[str] = []
        if kind == "use_card":
            effect = next(x.effect for x in self.c.cards if x.id == action.card)
            if effect.startswith("double_"):   # L806: the harvest of the round doubled
                self.double.add((before.turn, seat, effect[len("double_"):]))
        if before.step == "keep_objective":
            return self.keep_checks(before, after) + self.resync(after, "step keep_objective")
        if kind in NEGOTIATION:
            handler = getattr(self, "do_" + kind)
        elif before.step in CARD_STEPS_MODELLED:
            handler = self.card_step
        elif (before.step in RESYNC_STEPS or after.step in RESYNC_STEPS
              or (kind in ("done", "end_round") and before.step in RESYNC_STEPS)):
            return self.resync(after, "step " + (before.step if before.step in RESYNC_STEPS
                                                 else after.step))
        else:
            handler = getattr(self, "do_" + kind, None)
        if handler is None:
            return self.resync(after, kind)
        wrong.extend(handler(before, seat, action, after) or [])
        if kind not in ("exchange_token", "gift") and kind not in NEGOTIATION:
            self.expire(after)   # (an offer is no action that takes the cube, L433)
        if self.m.population != sum(1 for u in after.units if not u[1] and u[2] >= 0):
            wrong.append("L547: the population marker is not the inhabitants on the archipelago")
        wrong.extend(self.flow(before, seat, action, after))
        self.checked[kind] += 1
        wrong.extend(self.m.same(after))
        if wrong:
            self.m.read(after)   # report once, then follow on
        return wrong

    def spend(self, seat: int, r: int, n: int = 1) -> None:
        """Cubes leave the screen: a token's cube counts first (L433 «отдаётся в счёт»)."""
        self.m.cubes[seat][r] -= n
        self.m.bound[seat][r] = max(0, self.m.bound[seat][r] - n)

    def philanthropy(self, seat: int) -> None:
        """L968: with the Philanthropist trend, 1f from the bank to the seat's zone for a cube
        (or token) from behind the screen given to a crisis, or a church built."""
        if self.m.philanthropist and self.m.bank_money > 0:
            self.m.bank_money -= 1
            self.m.phil[seat] += 1
            self.branches["Philanthropist's florin"] += 1

    def expire(self, after: Any) -> None:
        """Reading of L433: a cube from a token serves the action (or the crisis turn) it
        was taken for; one left unspent when that is over goes back to the bank (the token
        stays out of the game, L431)."""
        for s in range(self.n):
            if not any(self.m.bound[s]):
                continue
            if after.step in ("domestic", "export"):
                keep = after.actor == s
            else:
                keep = after.phase == "actions" and after.step not in ("round", "round_over", "")
            if keep:
                continue
            for r, k in enumerate(self.m.bound[s]):
                self.m.cubes[s][r] -= k
                self.m.bank_cubes[r] += k
            self.m.bound[s] = [0] * 6
            self.branches["a token's cube unspent, back to the bank"] += 1

    def resync(self, after: Any, why: str) -> list[str]:
        self.resynced[why] += 1
        self.m.read(after)
        self.crisis_from(after)
        return []

    def crisis_from(self, st: Any) -> None:
        if st.step not in ("domestic", "export") and st.step not in CARD_STEPS | {"church"}:
            self.crisis = None
        if st.step in ("domestic", "export"):
            ctx = st.ctx
            self.crisis = {"kind": st.step, "res": ctx["res"], "ratio": ctx.get("ratio", 0),
                           "left": ctx.get("left", 0)}
            self.contributor = st.order.index(st.actor)

    # ------------------------------------------------------------ turn 0 and exploration
    def do_place_region(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L127-135 (turn 0) and L507-536 (exploration): the region is laid, the explorer (or
        the two landed inhabitants and the ship) moves in, a token from the first pile that
        has one (L129, L521), the surplus + the huts (L133, L536)."""
        wrong = []
        face = self.c.hexes[a.hex][a.side]
        new = len(before.regions)
        if len(after.regions) != new + 1:
            return ["a region was laid but none was added"]
        if before.phase != "start":
            neighbours = 0  # L507: touches at least two regions
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
                if (a.q + dq, a.r + dr) in before.grid:
                    neighbours += 1
            if neighbours < 2:
                wrong.append("L507: the new region touches fewer than two regions")
            u = before.units[a.unit]
            if u[0] != seat or not (u[1] or u[3]) or u[4]:
                wrong.append("L511: the explorer is not an active free unit of the player")
            self.m.units[unit_key(u)] -= 1
            self.m.units[(u[0], bool(u[1]), new, True, "")] += 1
            self.m.units += Counter()
        elif before.options["desert_start"]:
            # L1025-1027: the player's inhabitants start in the desert; one of his two walks
            # into the new region (no ship: the population stays)
            self.m.units[(seat, False, 0, True, "")] -= 1
            self.m.units[(seat, False, new, True, "")] += 1
            self.m.units += Counter()
            self.branches["desert start: an inhabitant walks in"] += 1
        else:
            for u in before.units:
                if u[0] == seat and u[2] == 0 and u[1]:
                    self.m.units[unit_key(u)] -= 1
                    self.m.units[(seat, True, new, True, "")] += 1
                    break
            self.m.units[(seat, False, new, True, "")] += 2   # L131: two inhabitants land
            self.m.population += 2
        for i, left in enumerate(self.m.piles):
            if left:
                self.m.piles[i] -= 1
                self.m.tokens[seat] += 1
                if self.m.piles[i] == 0:
                    # L447, L525: each player receives a disc at once (at most 5) — in turn 0
                    # too (L129 takes the token from the same piles; L447 «Как только первая
                    # стопка … кончается»): a content set with small piles reaches it
                    self.m.discs = [min(d + 1, self.c.pieces["discs"]) for d in self.m.discs]
                    self.branches["a pile emptied: a disc each"] += 1
                break
        on_board = sum(k for key, k in self.m.units.items() if key[0] == seat and not key[1]
                       and key[2] >= 0)
        if before.phase != "start" and "missionary" in self.flags and face.huts > 0 \
                and on_board < self.limit_inhabitants():
            # L1448: one hut may give an active inhabitant instead of the surplus (a step)
            self.pending_card = {"step": "missionary", "region": new, "huts": face.huts}
        else:
            self.move_surplus(face.huts)
        return wrong

    def do_choose_cubes(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L137-141, L527-528: one cube of the region to the domestic market's first free
        slot, another kind (if the region has another icon) behind the screen."""
        reg = before.regions[before.ctx.get("region", len(before.regions) - 1)]
        face = self.c.hexes[reg["hex"]][reg["side"]] if reg["hex"] >= 0 else before.start_face
        kinds = {RESOURCES[i] for i in face.icons}
        wrong = []
        if face.icons and a.market not in kinds:
            wrong.append(f"L527: {a.market} is not produced in the region")
        if len(face.icons) <= 1 and a.keep:
            wrong.append("L528: a single-resource region gives the player nothing")
        if a.keep and (a.keep not in kinds or (a.keep == a.market and face.icons.count(
                RESOURCES.index(a.keep)) < 2)):
            wrong.append(f"L528, L141: {a.keep} is not another cube of the region")
        for res, to_market in ((a.market, True), (a.keep, False)):
            if not res:
                continue
            r = RESOURCES.index(res)
            if self.m.bank_cubes[r] == 0:
                continue
            if to_market and self.m.market[0][r] >= self.capacity(0, r):
                continue
            self.m.bank_cubes[r] -= 1
            if to_market:
                self.m.market[0][r] += 1
            else:
                self.m.cubes[seat][r] += 1
        return wrong

    def do_choose_shores(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        return self.shores_chosen(before, seat, a, after)   # arch_referee_shores

    def do_redraw_hexes(self, *_: Any) -> list[str]:
        return []

    def do_take_hex(self, *_: Any) -> list[str]:
        return []

    def do_skip_hex(self, *_: Any) -> list[str]:
        return []

    def do_fail_explore(self, *_: Any) -> list[str]:
        return []   # L517: the hex is discarded, nothing else

    def do_explore(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        return self.disc(before, seat, "explore")

    def disc(self, before: Any, seat: int, zone: str) -> list[str]:
        """L441: one disc on the wheel; T8: limited zones (taxes L467, exploration L497)."""
        wrong = []
        if before.discs_used[seat] >= before.discs[seat]:
            wrong.append("L441: a disc action without a disc left")
        limit = self.c.wheel["5" if self.n == 5 else "2-4"].get(zone)
        if limit is not None and before.wheel.get(zone, 0) >= limit:
            wrong.append(f"L467/L497: the {zone} zone is full this turn")
        if before.round.get("disc"):
            wrong.append("L441: a second disc in one round")
        self.m.discs_used[seat] += 1
        return wrong

    # ------------------------------------------------------------ phase 2
    def do_bid(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L258: a secret bid of florins from behind the screen, nothing allowed; all bids
        are spent to the bank once all are in; L260 the highest decides, a tie bids again
        (once; never with two players, L1015)."""
        wrong = []
        if a.amount < 0 or a.amount > self.m.money[seat]:
            wrong.append(f"L258: a bid of {a.amount} with {self.m.money[seat]} behind the screen")
        if before.bids[seat] >= 0:
            wrong.append("L258: a second bid in one round")
        self.m.money[seat] -= a.amount
        self.m.fist[seat] = a.amount
        if before.bids == [-1] * self.n and not before.rebid:
            self.bidders = set(range(self.n))
        waiting = [s for s in sorted(self.bidders) if before.bids[s] < 0 and s != seat]
        if waiting:
            if set(after.to_act) - set(waiting):
                wrong.append(f"L258: {after.to_act} asked, the bids awaited are {waiting}")
            return wrong
        bids = [max(before.bids[s], 0) if s != seat else a.amount for s in range(self.n)]
        self.m.bank_money += sum(self.m.fist)
        self.m.fist = [0] * self.n
        bonus = [0] * self.n
        for s in range(self.n):   # L1436, L1490: the King adds 3f, the Queen 2f
            for card, *_ in before.owned[s]:
                bonus[s] += {"king": 3, "queen": 2}.get(self.c.cards[card].id, 0)
        # only the players bidding now (all, or the tied ones bidding again, L260)
        total = [b + x if s in self.bidders else -1
                 for s, (b, x) in enumerate(zip(bids, bonus, strict=True))]
        top = max(total)
        best = [s for s in range(self.n) if total[s] == top]
        if top <= 0:
            self.branches["nobody bid: the order stays"] += 1
            self.after_order(before, after)
        elif len(best) == 1:
            if after.phase == "order":
                if after.step == "order" and after.to_act != (best[0],):
                    wrong.append(f"L260: {after.to_act} orders, the highest bid is {best[0]}")
                if after.step == "bribes" and best[0] in after.to_act:
                    wrong.append("L260: the decider is bribed before it orders")
            self.branches["a decider"] += 1
        elif self.n == 2 or before.rebid:
            self.branches["a second tie (or two players): the order stays"] += 1
            self.after_order(before, after)
        else:
            self.branches["a tie: bid again"] += 1
            self.bidders = set(best)
            if after.phase != "bids" or set(after.to_act) - set(best):
                wrong.append(f"L260: after a tie of {best}, {after.phase} {after.to_act}")
        return wrong

    def do_set_order(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        wrong = []
        if sorted(a.order) != list(range(self.n)):
            wrong.append("L260: the order is not a permutation of the players")
        self.m.order = list(a.order)
        self.after_order(before, after)
        return wrong

    def do_done(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        if before.phase == "order" and after.phase != "order":
            self.after_order(before, after)
        elif before.step == "church":
            pass
        return []

    def after_order(self, before: Any, after: Any) -> None:
        """Phase 3 then phase 4 (or, in turn 1, phase 5: L336)."""
        self.population_results()
        if self.independent():
            self.m.over = True
            self.branches["independence in phase 3"] += 1
            return
        if before.turn > 1 and before.deck:
            back = self.c.cards[before.deck[-1]].normal   # L338, L350: red zones ignored
            self.crisis_parts(before, after, back, immediate=False)

    def population_results(self) -> None:
        """L280-332, boards I to IV in order: each zone's row holding its bottom-right cube
        (L290, L304), the stability row of the population (L314), the labour row of the
        surplus (L328). The game ends at once when the rebellion passes the population
        (L425): looked at after each move of the rebellion marker."""
        self.branches["phase 3"] += 1
        for market in (0, 1):
            for r in range(6):
                n = self.m.market[market][r]
                if n <= 0:
                    continue
                row = row_of(self.zones(market)[r], n - 1)
                self.move_surplus(row.surplus)
                if market == 0:
                    self.move_rebellion(row.rebellion)
                    if self.independent():   # L425 «немедленно»: no move after it
                        return
        row3 = band(self.c.stability, self.m.population)
        self.move_surplus(row3["surplus"])
        self.move_rebellion(row3["rebellion"])
        if self.independent():
            return
        row4 = band(self.c.labour, self.m.surplus)
        self.move_rebellion(row4["rebellion"])

    def crisis_parts(self, before: Any, after: Any, back: dict[str, Any], *, immediate: bool
                     ) -> None:
        """L352-404 (and L770-790 for a red zone): the domestic crisis lays every inhabitant
        down but one in a church (L360, L687); the export crisis asks its cubes; an event
        moves the rebellion by the churches or the towns."""
        if "domestic" in back:
            for key in list(self.m.units):
                owner, ship, region, standing, building = key
                if not ship and region >= 0 and standing and building != "church":
                    k = self.m.units.pop(key)
                    self.m.units[(owner, ship, region, False, building)] += k
            self.crisis = {"kind": "domestic", "res": RESOURCES.index(back["domestic"][0]),
                           "ratio": back["domestic"][1], "left": 0}
            self.contributor = 0
            self.branches["domestic crisis" + (" (immediate)" if immediate else "")] += 1
        elif "export" in back:
            self.crisis = {"kind": "export", "res": RESOURCES.index(back["export"][0]),
                           "ratio": 0, "left": back["export"][1]}
            self.contributor = 0
            self.branches["export crisis" + (" (immediate)" if immediate else "")] += 1
        if "event" in back:
            ev = back["event"]
            self.branches[f"event {ev}"] += 1
            self.move_rebellion({"churches_down_2": -2 * self.churches(after),
                                 "churches_down_1": -self.churches(after),
                                 "towns_up_1": self.towns(after)}[ev])
        self.pending_export = back.get("export") if "domestic" in back else None

    # ------------------------------------------------------------ phase 4 crises
    def do_supply(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L364, L386: a cube from board I (II) — its bottom-right one — or from the screen,
        to the bank (L366)."""
        wrong = []
        cr = self.crisis
        if cr is None:
            return ["a cube supplied with no crisis under way"]
        r = cr["res"]
        if a.own:
            if self.m.cubes[seat][r] <= 0:
                wrong.append("L364: a cube supplied from an empty screen")
            self.spend(seat, r)
            self.philanthropy(seat)
        else:
            board = 0 if cr["kind"] == "domestic" else 1
            if self.m.market[board][r] <= 0:
                wrong.append("L364: a cube taken from an empty zone")
            self.m.market[board][r] -= 1
        self.m.bank_cubes[r] += 1
        if cr["kind"] == "export":
            cr["left"] -= 1
            if cr["left"] <= 0:
                self.end_part(before, after)
        else:
            cr["to_raise"] = cr["ratio"]
        return wrong

    def do_raise(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L370: the contributor raises the inhabitants its cube pays for, anyone's; L687 a
        church's controller raises those of the church's region for free."""
        u = before.units[a.unit]
        wrong = []
        if u[3] or u[1] or u[2] < 0:
            wrong.append("L370: the unit raised is not a lying inhabitant")
        self.m.units[unit_key(u)] -= 1
        self.m.units[(u[0], False, u[2], True, u[5])] += 1
        self.m.units += Counter()
        if not any(not k[1] and k[2] >= 0 and not k[3] for k in self.m.units):
            self.end_part(before, after)   # L376: all stand, the crisis is over
        return wrong

    def do_use_church(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        if not self.controls(before, seat, a.region, "church"):
            return ["L687, L689: a church used by a player who does not control it"]
        return []

    def do_pass_crisis(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L364: the next player in turn order; the ones before may not come back."""
        self.contributor += 1
        if self.contributor >= self.n:
            self.end_part(before, after)
        return []

    def end_part(self, before: Any, after: Any) -> None:
        """L378: +1 rebellion per striker; L388: +1 per missing export cube."""
        cr = self.crisis
        assert cr is not None
        # L431, L433: a token's cube serves the crisis it was taken for
        for s in range(self.n):
            for r, k in enumerate(self.m.bound[s]):
                self.m.cubes[s][r] -= k
                self.m.bank_cubes[r] += k
            self.m.bound[s] = [0] * 6
        if cr["kind"] == "domestic":
            lying = sum(k for key, k in self.m.units.items()
                        if not key[1] and key[2] >= 0 and not key[3])
            self.move_rebellion(lying)
            self.branches["strikers left"] += lying > 0
            self.crisis = None
            nxt = getattr(self, "pending_export", None)
            self.pending_export = None
            if nxt is not None and not self.independent():
                self.crisis = {"kind": "export", "res": RESOURCES.index(nxt[0]), "ratio": 0,
                               "left": nxt[1]}
                self.contributor = 0
        else:
            self.move_rebellion(max(cr["left"], 0))
            self.branches["export cubes missing"] += cr["left"] > 0
            self.crisis = None
        if self.independent():
            self.m.over = True
        elif self.crisis is None and self.refilling is not None:
            self.refill(None, after)   # L756: the refill goes on after the crisis

    def do_exchange_token(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L431-433: a token becomes a cube of any kind and leaves the game."""
        r = RESOURCES.index(a.resource)
        wrong = []
        if self.m.tokens[seat] <= 0:
            wrong.append("L431: a token exchanged with none behind the screen")
        if self.m.bank_cubes[r] > 0:
            self.m.bank_cubes[r] -= 1
            self.m.cubes[seat][r] += 1
            self.m.bound[seat][r] += 1
        self.m.tokens[seat] -= 1
        self.m.tokens_used += 1
        return wrong

    # ------------------------------------------------------------ phase 5
    def do_taxes(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L467-473: rebellion +1; florins from the bank by the tax table for the active
        inhabitants, ships, towns and churches the player controls (strikers bring nothing)."""
        wrong = self.disc(before, seat, "taxes")
        self.move_rebellion(1)
        pay = min(self.tax(self.tax_items(before, seat)), self.m.bank_money)
        self.m.money[seat] += pay
        self.m.bank_money -= pay
        if self.independent():
            self.m.over = True
            self.branches["independence by taxes"] += 1
        return wrong

    def do_trade(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L479-491: buy the bottom-right cube / sell into the top-left free slot; the price
        of the row it leaves or enters; a full zone takes no more (L487)."""
        r = RESOURCES.index(a.resource)
        n = self.m.market[a.market][r]
        wrong = []
        if before.step == "round" and a.kind == "trade":   # L477: a disc for a trade
            wrong += self.disc(before, seat, "trade")
        if a.buy:
            if n <= 0:
                return ["L483: a cube bought from an empty zone"]
            price = row_of(self.zones(a.market)[r], n - 1).price
            if price > self.m.money[seat]:
                wrong.append(f"L485: a cube of {price}f bought with {self.m.money[seat]}f")
            self.m.market[a.market][r] -= 1
            self.m.cubes[seat][r] += 1
            self.m.money[seat] -= price
            self.m.bank_money += price
        else:
            if n >= self.capacity(a.market, r):
                return ["L487: a cube sold into a full zone"]
            if self.m.cubes[seat][r] <= 0:
                wrong.append("L483: a cube sold that the screen does not hold")
            price = row_of(self.zones(a.market)[r], n).price
            price = min(price, self.m.bank_money)
            self.m.market[a.market][r] += 1
            self.spend(seat, r)
            self.m.money[seat] += price
            self.m.bank_money -= price
        self.branches["trade on board " + "I" * (a.market + 1)] += 1
        return wrong

    def do_use_building(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L653, L671: 1f from behind the screen to the wheel; L653 one a round."""
        wrong = []
        if not self.controls(before, seat, a.region, a.what):
            wrong.append(f"L641, L701: the {a.what} is not the player's")
        if (before.turn, a.region, a.what) in self.used:
            wrong.append(f"L653: the {a.what} was used this phase")
        self.used.add((before.turn, a.region, a.what))
        self.m.money[seat] -= 1
        self.m.wheel_coins += 1
        self.branches["market/port used"] += 1
        return wrong

    def do_recruit(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        self.recruit_left = 10 ** 6   # L561: as many as he can pay and place
        wrong = self.disc(before, seat, "recruit")
        if self.m.surplus <= 0:
            wrong.append("L577: recruiting with no surplus")
        return wrong

    def do_recruit_to(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L565-577: the labour row's price to the bank, a box inhabitant on land where the
        player has an active unit (L571) and fewer than 3 inhabitants (L555); surplus −1,
        population +1 (L573)."""
        wrong = []
        price = self.recruit_price()
        if price is None:
            return ["L577: a worker recruited with no surplus"]
        if self.recruit_left <= 0:
            wrong.append("L1442: more workers than the recruiting allows")
        self.recruit_left -= 1
        if price > self.m.money[seat]:
            wrong.append(f"L561: a worker of {price}f with {self.m.money[seat]}f")
        if not any(u[0] == seat and u[2] == a.region and (u[1] or u[3]) for u in before.units):
            wrong.append("L571: no active unit of the player in the region")
        if len(self.inhabitants(before, seat, a.region)) >= 3:
            wrong.append("L571, L555: the region holds 3 of the player's inhabitants")
        if not self.has_land(before, a.region):
            wrong.append("L571: a worker placed off land")
        on_board = sum(1 for u in before.units if u[0] == seat and not u[1] and u[2] >= 0)
        if on_board >= self.limit_inhabitants():
            wrong.append("L551: more inhabitants than the colour has")
        self.m.money[seat] -= price
        self.m.bank_money += price
        self.m.units[(seat, False, a.region, True, "")] += 1
        self.m.population += 1
        self.move_surplus(-1)
        self.branches["workers recruited"] += 1
        return wrong

    def do_reproduce(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        wrong = self.disc(before, seat, "reproduce")
        if before.reproduced[seat]:
            wrong.append("L541: a second reproduction this turn")
        return wrong

    def do_reproduce_in(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L545-551: a region where the player has exactly 2 inhabitants, active ones (L549);
        +1 population."""
        here = self.inhabitants(before, seat, a.region)
        wrong = []
        if len(here) != 2 or not all(u[3] for u in here):
            wrong.append(f"L545, L549: {len(here)} inhabitants (active: "
                         f"{sum(1 for u in here if u[3])}) in the region")
        on_board = sum(1 for u in before.units if u[0] == seat and not u[1] and u[2] >= 0)
        if on_board >= self.limit_inhabitants():
            wrong.append("L551: more inhabitants than the colour has")
        self.m.units[(seat, False, a.region, True, "")] += 1
        self.m.population += 1
        self.branches["births"] += 1
        return wrong

    def do_migrate(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L583: every active free unit of the player may move."""
        self.migration = {"moved": set(), "left": -1, "inhabitants_only": False}
        return self.disc(before, seat, "migrate")

    def do_move_unit(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L579-607: one of the player's active free units moves; it leaves its building."""
        u = before.units[a.unit]
        wrong = []
        if u[0] != seat or not (u[1] or u[3]) or u[4]:
            wrong.append("L455, L579: the unit that migrates is not an active free unit of the player")
        if not u[1] and not self.has_land(before, a.region):
            wrong.append("L583: an inhabitant migrates off land")
        self.m.units[unit_key(u)] -= 1
        self.m.units[(u[0], bool(u[1]), a.region, True, a.building)] += 1
        self.m.units += Counter()
        if self.migration is not None:
            if a.unit in self.migration["moved"]:
                wrong.append("L583: a unit migrates twice in one action")
            if self.migration["left"] == 0:
                wrong.append("L1420: more units moved than the card allows")
            self.migration["moved"].add(a.unit)
            self.migration["left"] -= 1
        return wrong + self.shores_after_move(before, seat, a, after)   # arch_referee_shores

    def do_harvest(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        return self.disc(before, seat, "harvest_" + a.resource)

    def do_harvest_with(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L449-461: a free active unit on a free icon of the resource; a cube from the bank
        while it has one (L461); fish by ships only, ships fish only (T15, fan aid)."""
        u = before.units[a.unit]
        res = before.ctx.get("res", before.ctx.get("resource"))
        r = res if isinstance(res, int) else RESOURCES.index(res)
        wrong = []
        if u[0] != seat or not (u[1] or u[3]) or u[4]:
            wrong.append("L451, L455: the harvester is not an active free unit of the player")
        if bool(u[1]) != (RESOURCES[r] == "fish"):
            wrong.append("T15: fish by ships only, ships fish only")
        if u[5]:   # L451: the harvester stands on its icon, out of its building
            self.m.units[unit_key(u)] -= 1
            self.m.units[(u[0], bool(u[1]), u[2], True, "")] += 1
            self.m.units += Counter()
            self.branches["a harvester left its building"] += 1
        # L806: a ×2 card used this round doubles each unit's cubes; L461: the bank may run out
        gain = 2 if (before.turn, seat, RESOURCES[r]) in self.double else 1
        got = min(gain, self.m.bank_cubes[r])
        self.m.cubes[seat][r] += got
        self.m.bank_cubes[r] -= got
        if got > 1:
            self.branches["a double harvest (card)"] += 1
        return wrong

    def do_build(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L613-637: the cost (T7) to the bank; a ship into the sea of the region, built by a
        free active inhabitant (L631); a building by a free active inhabitant (or a ship for a
        port, L615, L647) which moves onto the token (L625); one of each kind a region
        (L617); 4 ships (L637)."""
        return self.disc(before, seat, "build") + self.build_parts(before, seat, a) + \
            self.builder_checked(before, seat, a, after)

    def build_parts(self, before: Any, seat: int, a: Any) -> list[str]:
        """The building itself (the Build action's, or Architecture's, L1564)."""
        wrong: list[str] = []
        f, cubes = self.c.costs[a.what]
        if self.m.money[seat] < f or any(self.m.cubes[seat][r] < k for r, k in enumerate(cubes)):
            wrong.append(f"L613: the {a.what}'s cost is not behind the screen")
        self.m.money[seat] -= f
        self.m.bank_money += f
        for r, k in enumerate(cubes):
            self.spend(seat, r, k)
            self.m.bank_cubes[r] += k
        if a.what == "ship":
            ships = [u for u in before.units if u[0] == seat and u[1] and u[2] >= 0]
            if len(ships) >= self.c.pieces["ships"] * (2 if self.n == 2 else 1):
                wrong.append("L637: more ships than the player may have")
            self.m.units[(seat, True, a.region, True, "")] += 1
            self.branches["ships built"] += 1
            return wrong
        if a.what in before.regions[a.region]["buildings"]:
            wrong.append(f"L617: a second {a.what} in the region")
        if a.by in BUILDINGS:
            u = next(u for u in before.units if u[0] == seat and u[2] == a.region
                     and u[5] == a.by)
        elif a.by == "ship":
            u = next(u for u in before.units if u[0] == seat and u[2] == a.region and u[1]
                     and not u[4] and not u[5])
        else:
            free = [u for u in before.units if u[0] == seat and u[2] == a.region and not u[1]
                    and u[3] and not u[4] and not u[5]]
            ships = [u for u in before.units if u[0] == seat and u[2] == a.region and u[1]
                     and not u[4] and not u[5]]
            if not free and not (a.what == "port" and ships):
                return [*wrong, "L615: no active free inhabitant (or ship, for a port) builds"]
            u = free[0] if free else ships[0]
        self.m.units[unit_key(u)] -= 1
        self.m.units[(seat, bool(u[1]), a.region, True, a.what)] += 1
        self.m.units += Counter()
        self.branches[f"{a.what}s built"] += 1
        if a.what == "church":
            self.philanthropy(seat)
        return wrong

    def do_expel(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L715: from the town, a striker of another player is put out of the building,
        lying, somewhere in the region."""
        u = next((u for u in before.units if u[2] == a.region and u[5] == a.what), None)
        if u is None or u[0] == seat or u[3]:
            return ["L715: no striker of another player in the building"]
        if not self.controls(before, seat, a.region, "town"):
            return ["L715: the player does not control the region's town"]
        self.m.units[unit_key(u)] -= 1
        self.m.units[(u[0], bool(u[1]), a.region, bool(u[1]), "")] += 1
        self.m.units += Counter()
        self.branches["strikers expelled"] += 1
        return []

    def do_gift(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L229: a gift of florins, a cube or a token from behind the screen."""
        item = a.item
        if item == "f":
            self.m.money[seat] -= 1
            self.m.money[a.to] += 1
        elif item == "token":
            self.m.tokens[seat] -= 1
            self.m.tokens[a.to] += 1
        elif item in RESOURCES:
            r = RESOURCES.index(item)
            self.m.cubes[seat][r] -= 1
            self.m.cubes[a.to][r] += 1
        else:
            if not self.holds(before, seat, [item]):
                return [f"L229: {item} given that the giver does not hold"]
            self.hand_over(seat, a.to, item)
            self.branches["gift of a card or a permission"] += 1
        if a.to == seat:
            return ["L229: a gift to oneself"]
        return []

    def do_end_round(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L441: the next player in turn order who has not passed; when everyone has, phase 6
        (L729: discs back, the wheel's 1f coins to the bank)."""
        wrong = []
        self.double = set()   # a ×2 card serves the round it is used in
        self.flags = set()    # so does every modifier card
        if after.phase == "buy" and before.phase == "actions":
            self.m.bank_money += self.m.wheel_coins
            self.m.wheel_coins = 0
            self.m.discs_used = [0] * self.n   # L741: the discs come back
            if not all(after.passed) and any(before.discs_used[s] < before.discs[s]
                                             and not after.passed[s] for s in range(self.n)):
                wrong.append("L441: phase 6 began while a player could still play a disc")
        elif after.phase == "actions" and after.step == "round":
            order = list(before.order)
            i = order.index(seat)
            nxt = next((order[(i + k) % self.n] for k in range(1, self.n + 1)
                        if not after.passed[order[(i + k) % self.n]]), None)
            if nxt is not None and after.actor != nxt:
                wrong.append(f"L441: seat {after.actor} plays a round, the next in turn order "
                             f"who has not passed is {nxt}")
        return wrong

    # ------------------------------------------------------------ phase 6
    def do_buy_card(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L744: the price the red arrow shows, to the bank; the card before the player;
        then one other card turned (L735)."""
        wrong = []
        card, rot = self.m.track[a.slot]
        if card < 0:
            return ["L744: a card bought from an empty slot"]
        price = self.c.cards[card].prices[rot]
        if price > self.m.money[seat]:
            wrong.append(f"L744: a card of {price}f bought with {self.m.money[seat]}f")
        self.m.money[seat] -= price
        self.m.bank_money += price
        self.m.owned[seat] = sorted([*self.m.owned[seat], (card, 0, 0)])
        self.m.track[a.slot] = [-1, 0]
        if a.turn >= 0:
            if a.turn == a.slot:
                wrong.append("L735: the card bought is the card turned")
            self.turn_card(a.turn)
        return wrong + self.refill(before, after)

    def do_turn_two(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L738: two different cards turned."""
        wrong = [] if a.first != a.second or a.first < 0 else ["L738: the same card turned twice"]
        for slot in (a.first, a.second):
            if slot >= 0:   # -1: no card (one card or none left on the track to turn)
                self.turn_card(slot)
        return wrong + self.refill(before, after)

    def turn_card(self, slot: int) -> None:
        """L748, L754: a quarter turn; on the skull (the fourth corner) the card is discarded."""
        card, rot = self.m.track[slot]
        if card < 0:
            return
        rot += 1
        if rot >= len(self.c.cards[card].prices):
            self.m.track[slot] = [-1, 0]
            self.branches["cards discarded on the skull"] += 1
        else:
            self.m.track[slot] = [card, rot]

    def refill(self, before: Any, after: Any) -> list[str]:
        """L756: emptied slots filled one card at a time from the deck; L770 a red zone on
        the deck's new top is resolved at once — the first such one (later cards wait)."""
        deck = list(before.deck) if self.refilling is None else self.refilling
        self.refilling = None
        for i, (card, _rot) in enumerate(self.m.track):
            if card >= 0 or not deck:
                continue
            self.m.track[i] = [deck.pop(), 0]
            self.m.deck_size = len(deck)
            top = self.c.cards[deck[-1]] if deck else None
            if top is not None and top.red:
                self.branches["red zone"] += 1
                self.crisis_parts(before, after, top.red, immediate=True)
                if self.independent():   # L425, L892: the game ends at once, no more refill
                    self.m.over = True
                    return []
                if self.crisis is not None:
                    # the rest of the refill comes after the crisis (L792: one at a time)
                    self.refilling = deck
                    return []
        return []

    # ------------------------------------------------------------ the end
    # ------------------------------------------------------------ flow
    def flow(self, before: Any, seat: int, action: Any, after: Any) -> list[str]:
        """Who must decide (L258 all bidders, L260 the decider, L364/L386 the contributor in
        turn order, L441 rounds in turn order, L733 buyers in turn order) and the automatic
        parts: phase 1 liberation (L252) at a new turn."""
        wrong: list[str] = []
        if before.phase != "start":
            wrong += self.end_checks(before, seat, action, after)
        if after.over:
            self.m.over = True
            if after.ended_by == "independence" and not self.independent():
                wrong.append("L425: independence declared with rebellion "
                             f"{self.m.rebellion} <= population {self.m.population}")
            return wrong + self.final(after)
        if self.independent():
            wrong.append(f"L425: rebellion {self.m.rebellion} passed population "
                         f"{self.m.population} and the game goes on")
        if after.turn != before.turn and before.phase != "start":
            # L252: phase 1 — every inhabitant stands, engaged units are freed
            for key in list(self.m.units):
                owner, ship, region, standing, building = key
                if not standing:
                    k = self.m.units.pop(key)
                    self.m.units[(owner, ship, region, True, building)] += k
            self.branches["turns"] += 1
            # L800, L240-244: the cards turned upright; a harvest permission is for its turn
            self.m.owned = [sorted((card, 0, built) for card, _t, built in recs)
                            for recs in self.m.owned]
            self.m.permits = []
            if any(u[4] for u in after.units if u[2] >= 0) and after.phase == "bids":
                wrong.append("L252: an engaged unit after the liberation")
            self.crisis = None
        if after.step == "keep_objective" and before.step != "keep_objective":
            self.m.read(after)   # turn 0 over, «Больше остроты»: the cards to keep from
            self.resynced["end of turn 0"] += 1
            return wrong + self.deal_checks(after)
        if after.phase == "start" and before.phase == "start":
            return wrong
        if before.phase == "start" and after.phase != "start":
            self.m.read(after)   # turn 0 over: the track and trend dealt (L143-159)
            self.resynced["end of turn 0"] += 1
            return wrong + ([] if after.step == "keep_objective" else self.deal_checks(after))
        if self.crisis is None and after.phase == "actions" and before.phase != "actions" \
                and after.actor != after.order[0]:
            wrong.append(f"L441: phase 5 begins with seat {after.actor}, not {after.order[0]}")
        if before.step == "buy" and after.step == "buy" and action.kind in ("buy_card",
                                                                            "turn_two"):
            i = list(after.order).index(seat)
            if i + 1 < self.n and after.actor != after.order[i + 1]:
                wrong.append(f"L733: seat {after.actor} buys after {seat}, the next in turn "
                             f"order is {after.order[i + 1]}")
        if before.phase == "actions" and after.phase == "buy" and after.step == "buy" \
                and after.actor != after.order[0]:
            wrong.append(f"L733: phase 6 begins with seat {after.actor}, not {after.order[0]}")
        if self.crisis is not None and after.step in ("domestic", "export"):
            if after.step != self.crisis["kind"]:
                wrong.append(f"L346: the {after.step} crisis, the referee is in the "
                             f"{self.crisis['kind']} one")
            elif after.actor != after.order[self.contributor]:
                got = after.order.index(after.actor)
                if got < self.contributor:
                    wrong.append(f"L364: seat {after.actor} contributes again after "
                                 f"{after.order[self.contributor]}")
                self.contributor = got
                self.branches["a contributor skipped by the engine"] += 1
        elif self.crisis is not None and after.step not in CARD_STEPS | {"church"}:
            if after.step not in ("domestic", "export") and after.phase in ("crisis", "buy") \
                    and after.step in ("", "round", "buy"):
                # the engine ended the crisis: the referee's part must be over too
                wrong.append(f"L376/L378: the engine left the {self.crisis['kind']} crisis "
                             "the referee holds open")
                self.crisis = None
            elif after.phase == "actions":
                wrong.append("L346: phase 5 began during a crisis")
                self.crisis = None
        elif self.crisis is None and after.step in ("domestic", "export") and \
                before.step not in ("domestic", "export"):
            wrong.append(f"L338/L770: a {after.step} crisis the referee does not see")
            self.crisis_from(after)
        return wrong


def unit_key(u: list[Any]) -> tuple[Any, ...]:
    return (u[0], bool(u[1]), u[2], bool(u[3]) or bool(u[1]), u[5])
