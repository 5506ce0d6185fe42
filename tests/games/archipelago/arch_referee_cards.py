"""The evolution cards' part of the Archipelago transition referee (thirteenth reading): what
using a card (L800-830), building a wonder (L866-876) and the steps a card opens do, card by
card from the glossary (L1053-1585; the cards whose text the scan lost follow the content
set's reconstruction, README «evolution.json»: Bishop −1 rebellion, Minister of labour
surplus ±1, Immigration +2, Peace and prosperity −2, Education −1/−1).

Mixed into ``archipelago_referee.Referee``: it moves the referee's own copy (``self.m``) and
says where the action's preconditions are broken. The steps a card opens that are the wheel's
own (``trades`` of the Merchant/Exporter, ``migrate`` of the False prophet/Expansionism,
``recruit`` of the Recruiter) are refereed by the wheel's handlers."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from settlers.games.archipelago.content import RESOURCES

FRUIT, CATTLE = RESOURCES.index("fruit"), RESOURCES.index("cattle")
#: the modifier cards: they change the disc action of the round (L1390, L1430, L1448, L1502,
#: L1528, L852-854); the ×2 ones are followed by the harvest (L806)
MODIFIERS = frozenset({"explore_three", "explore_twice", "missionary", "admiral", "roads",
                       *(f"double_{r}" for r in RESOURCES)})
#: steps of a card the referee follows
CARD_STEPS_MODELLED = frozenset({"reveal", "pirate_pay", "thief_hands", "thief_pick",
                                 "move_cubes", "missionary", "explore_pick"})
#: the rebellion a card's use moves by itself (L1055, L1113-1115 Bishop (reconstructed),
#: L1572 Peace and prosperity (reconstructed))
REBELLION = {"bishop": -1, "peace": -2, "amphitheatre": -1, "education": -1}
SURPLUS = {"immigration": 2, "education": -1}


class CardRules:
    """The card handlers of the referee (``do_use_card``, ``do_build_wonder``, the steps)."""

    c: Any
    n: int
    m: Any
    branches: Counter[str]
    double: set[tuple[int, int, str]]
    crisis: dict[str, Any] | None
    pending_card: dict[str, Any] | None
    flags: set[str]
    migration: dict[str, Any] | None
    recruit_left: int

    # (the referee's own helpers, defined in archipelago_referee.Referee)
    def spend(self, seat: int, r: int, n: int = 1) -> None: ...
    def move_rebellion(self, d: int) -> None: ...
    def move_surplus(self, d: int) -> None: ...
    def capacity(self, market: int, r: int) -> int: ...
    def controls(self, st: Any, seat: int, region: int, kind: str) -> bool: ...
    def churches(self, st: Any) -> int: ...
    def crisis_parts(self, before: Any, after: Any, back: dict[str, Any], *,
                     immediate: bool) -> None: ...
    def build_parts(self, before: Any, seat: int, a: Any) -> list[str]: ...
    def builder_checked(self, before: Any, seat: int, a: Any, after: Any) -> list[str]: ...
    def do_trade(self, before: Any, seat: int, a: Any, after: Any) -> list[str]: ...

    # ------------------------------------------------------------ the table
    def card_of(self, card_id: str) -> tuple[int, Any]:
        i = next(k for k, x in enumerate(self.c.cards) if x.id == card_id)
        return i, self.c.cards[i]

    def owner_of(self, card: int) -> int:
        return next((s for s in range(self.n) for rec in self.m.owned[s] if rec[0] == card), -1)

    def set_card(self, seat: int, card: int, *, turned: int | None = None,
                 built: int | None = None) -> None:
        recs = self.m.owned[seat]
        i = next(k for k, rec in enumerate(recs) if rec[0] == card)
        card_, t, b = recs[i]
        recs[i] = (card_, t if turned is None else turned, b if built is None else built)

    def ships_on_board(self, seat: int) -> int:
        return sum(k for key, k in self.m.units.items() if key[0] == seat and key[1]
                   and key[2] >= 0)

    def ship_limit(self) -> int:
        return int(self.c.pieces["ships"]) * (2 if self.n == 2 else 1)

    # ------------------------------------------------------------ use (L800-830)
    def do_use_card(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L800: one card a round, its activation paid, the card turned, its effect applied.
        L818: the owner pays the bank; L822: anyone else pays the owner the florins + 1f, the
        resources to the bank; L826: the discs laid on the card."""
        wrong: list[str] = []
        card, c = self.card_of(a.card)
        owner = self.owner_of(card)
        if owner < 0:
            return [f"L800: the {a.card} is before no player"]
        rec = next(r for r in self.m.owned[owner] if r[0] == card)
        if rec[1]:
            wrong.append(f"L800: the {a.card} is used a second time in the turn")
        if c.use == "owner" and owner != seat:
            wrong.append(f"L818: the {a.card} is used by a player who does not own it")
        if c.use in ("passive", "wonder"):
            wrong.append(f"L868, L1436: the {a.card} is not activated")
        if before.round.get("card"):
            wrong.append("L800: a second card in one round")
        if before.phase != "actions" or before.actor != seat:
            wrong.append("L798, L800: a card used outside the player's round of phase 5")
        fee = c.cost_f + (0 if owner == seat else 1)
        if self.m.money[seat] < fee:
            wrong.append(f"L830: the {a.card}'s {fee}f is not behind the screen")
        self.m.money[seat] -= fee
        if owner == seat:
            self.m.bank_money += fee
        else:
            self.m.money[owner] += fee
        for r, k in enumerate(c.cost_cubes):
            if k:
                if self.m.cubes[seat][r] < k:
                    wrong.append(f"L837: the {a.card}'s {RESOURCES[r]} is not behind the screen")
                self.spend(seat, r, k)
                self.m.bank_cubes[r] += k
        if before.discs[seat] - self.m.discs_used[seat] < c.discs:
            wrong.append(f"L826: the {a.card}'s discs are not left")
        self.m.discs_used[seat] += c.discs
        self.set_card(owner, card, turned=1)
        self.branches[f"card {c.id}"] += 1
        if c.effect in MODIFIERS:
            self.flags.add(c.effect)
        elif c.effect == "false_prophet":   # L1420: a unit per church the user controls
            self.migration = {"moved": set(), "inhabitants_only": True, "left": sum(
                1 for k in range(len(before.regions)) if self.controls(before, seat, k, "church"))}
        elif c.effect == "expansionism":    # L1536: a Migration without a disc
            self.migration = {"moved": set(), "left": -1, "inhabitants_only": False}
        elif c.effect == "recruit_one":     # L1442: one more worker, at the board's price
            self.recruit_left = 1
        effect = getattr(self, "effect_" + c.effect, None)
        if effect is not None:
            wrong.extend(effect(before, seat, a.arg, after) or [])
        elif c.effect not in MODIFIERS and c.effect not in ("merchant", "exporter",
                                                             "false_prophet", "expansionism",
                                                             "recruit_one"):
            wrong.append(f"the referee has no effect for {c.effect}")
        return wrong

    # markers (L844, L848)
    def effect_bishop(self, *_: Any) -> list[str]:
        self.move_rebellion(REBELLION["bishop"])
        return []

    def effect_peace(self, *_: Any) -> list[str]:
        self.move_rebellion(REBELLION["peace"])
        return []

    def effect_education(self, *_: Any) -> list[str]:
        self.move_surplus(SURPLUS["education"])
        self.move_rebellion(REBELLION["education"])
        return []

    def effect_immigration(self, *_: Any) -> list[str]:
        self.move_surplus(SURPLUS["immigration"])
        return []

    def effect_archbishop(self, before: Any, *_: Any) -> list[str]:
        """L1059-1065: by the churches on the archipelago: 0-2 → 1, 3-4 → 2, 5+ → 3."""
        k = self.churches(before)
        self.move_rebellion(-(1 if k <= 2 else 2 if k <= 4 else 3))
        return []

    def effect_pope(self, before: Any, *_: Any) -> list[str]:
        """L1115: −1 per church on the archipelago."""
        self.move_rebellion(-self.churches(before))
        return []

    def effect_emigration(self, before: Any, *_: Any) -> list[str]:
        """L1081: surplus −1 per port on the archipelago."""
        self.move_surplus(-sum(1 for r in before.regions if "port" in r["buildings"]))
        return []

    def effect_labour_minister(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        self.move_surplus(1 if arg[0] else -1)
        return []

    def effect_amphitheatre(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1055: 2f from the bank, the rebellion −1."""
        got = min(2, self.m.bank_money)
        self.m.bank_money -= got
        self.m.money[seat] += got
        self.move_rebellion(REBELLION["amphitheatre"])
        return []

    def effect_church_gifts(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1093-1095: a fruit cube to the bank, −1; or a fruit and a cattle cube, −2."""
        wrong = []
        for r in ((FRUIT,) if arg[0] == 1 else (FRUIT, CATTLE)):
            if self.m.cubes[seat][r] <= 0:
                wrong.append(f"L1093: no {RESOURCES[r]} cube for the Gifts of the church")
            self.spend(seat, r)
            self.m.bank_cubes[r] += 1
        self.move_rebellion(-arg[0])
        return wrong

    def effect_treasurer(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1466: 1f for every 5f shown."""
        wrong = []
        if 5 * arg[0] > self.m.money[seat]:
            wrong.append(f"L1466: {5 * arg[0]}f shown with {self.m.money[seat]}f")
        got = min(arg[0], self.m.bank_money)
        self.m.bank_money -= got
        self.m.money[seat] += got
        return wrong

    def effect_agriculture_minister(self, before: Any, seat: int, arg: Any, after: Any
                                    ) -> list[str]:
        """L1484: up to two cattle and/or fruit cubes from the bank to the domestic market."""
        wrong = []
        if len(arg) > 2 or any(r not in (FRUIT, CATTLE) for r in arg):
            wrong.append("L1484: not up to two cattle or fruit cubes")
        for r in arg:
            if self.m.bank_cubes[r] > 0 and self.m.market[0][r] < self.capacity(0, r):
                self.m.bank_cubes[r] -= 1
                self.m.market[0][r] += 1
            else:
                wrong.append(f"L1484: a {RESOURCES[r]} cube the bank or the zone cannot give")
        return wrong

    def effect_foreign_trade(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1540: a cube of any resource added to the export market from the bank, or taken
        from it to the bank."""
        r, add = arg
        if add:
            if self.m.bank_cubes[r] <= 0 or self.m.market[1][r] >= self.capacity(1, r):
                return ["L1540: a cube added that the bank or the zone cannot take"]
            self.m.bank_cubes[r] -= 1
            self.m.market[1][r] += 1
        else:
            if self.m.market[1][r] <= 0:
                return ["L1540: a cube taken from an empty zone"]
            self.m.market[1][r] -= 1
            self.m.bank_cubes[r] += 1
        return []

    def effect_slavery(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1544: every engaged inhabitant the player controls is freed."""
        left = [i for i, u in enumerate(after.units) if u[0] == seat and not u[1]
                and u[2] >= 0 and u[4]]
        return [f"L1544: {len(left)} inhabitants still engaged"] if left else []

    def effect_dictatorship(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1582: every striker the player controls stands up."""
        for key in list(self.m.units):
            owner, ship, region, standing, building = key
            if owner == seat and region >= 0 and not standing:
                k = self.m.units.pop(key)
                self.m.units[(owner, ship, region, True, building)] += k
        return []

    def effect_assassin(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1402: a rival's character removed at its minimum price (L834), to the discard."""
        card = arg[0]
        c = self.c.cards[card]
        owner = self.owner_of(card)
        wrong = []
        if owner in (seat, -1) or c.type != "character":
            wrong.append("L1402: the assassin kills no rival's character")
        price = min(c.prices)
        if price > self.m.money[seat]:
            wrong.append(f"L1402: a character of {price}f killed with {self.m.money[seat]}f")
        self.m.money[seat] -= price
        self.m.bank_money += price
        if owner >= 0:
            self.m.owned[owner] = [r for r in self.m.owned[owner] if r[0] != card]
        return wrong

    def effect_barbarian(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1478: a region with a free (not engaged), not striking inhabitant of the user;
        a cube from the bank for each free icon (L1478 «свободную иконку»: not harvested,
        not plundered), and a coin from the bank left on it (L1069)."""
        k = arg[0]
        wrong = []
        if not any(u[0] == seat and not u[1] and u[2] == k and u[3] and not u[4]
                   for u in before.units):
            wrong.append("L1478: no free active inhabitant of the player in the region")
        reg = before.regions[k]
        face = self.c.hexes[reg["hex"]][reg["side"]] if reg["hex"] >= 0 else before.start_face
        taken = {u[6] for u in before.units if u[2] == k and u[6] >= 0}
        for i, r in enumerate(face.icons):
            if i in taken or i in reg["plundered"]:
                continue
            if self.m.bank_cubes[r] > 0:
                self.m.bank_cubes[r] -= 1
                self.m.cubes[seat][r] += 1
            if self.m.bank_money > 0:
                self.m.bank_money -= 1
                self.m.plunder_coins += 1
        return wrong

    def effect_shipbuilding(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1532: a ship in a region where the player has an active free inhabitant, no disc
        (the card's wood is its price: the reconstruction's cost)."""
        region = arg[0]
        wrong = []
        if not any(u[0] == seat and not u[1] and u[2] == region and u[3] and not u[4]
                   for u in before.units):
            wrong.append("L1532: no active free inhabitant of the player in the region")
        if self.ships_on_board(seat) >= self.ship_limit():
            wrong.append("L637: no ship left in the box")
        self.m.units[(seat, True, region, True, "")] += 1
        return wrong

    def effect_architecture(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1564: the Build action without a disc (its cost paid, L613)."""
        from settlers.games.archipelago import building, cards

        what = building.KINDS[arg[0]]
        by = cards.architecture_by(arg[2]) if len(arg) > 2 else ""
        built = SimpleNamespace(what=what, region=arg[1], by=by)
        return self.build_parts(before, seat, built) + self.builder_checked(before, seat, built,
                                                                            after)

    def effect_domestic_trade(self, before: Any, seat: int, arg: Any, after: Any
                              ) -> list[str]:
        """L1568: one trade on the domestic market, no disc."""
        trade = SimpleNamespace(kind="card", market=0, resource=RESOURCES[arg[0]],
                                buy=bool(arg[1]))
        return self.do_trade(before, seat, trade, after)

    def effect_trade_minister(self, *_: Any) -> list[str]:
        """L1508: up to two cubes moved between the markets (step ``move_cubes``)."""
        self.pending_card = {"step": "move_cubes", "left": 2}
        return []

    def effect_pirate(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1384: a rival's ship in a region with one of the user's ships is sunk, back to its
        owner's box (L1111); the owner gives the user a cube of its choice (step)."""
        u = before.units[arg[0]]
        wrong = []
        if not u[1] or u[0] == seat or u[2] < 0:
            wrong.append("L1384: the sunk unit is not a rival's ship on the archipelago")
        if not any(v[0] == seat and v[1] and v[2] == u[2] for v in before.units):
            wrong.append("L1384: no ship of the user in the region")
        key = (u[0], True, u[2], True, u[5])
        self.m.units[key] -= 1
        self.m.units += Counter()
        self.pending_card = {"step": "pirate_pay", "thief": seat, "victim": u[0]}
        return wrong

    def effect_thief(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1472: a player of the user's choice holds a cube in each fist (step)."""
        if arg[0] == seat:
            return ["L1472: the thief robs herself"]
        self.pending_card = {"step": "thief_hands", "thief": seat, "victim": arg[0]}
        return []

    def effect_spy(self, before: Any, seat: int, arg: Any, after: Any) -> list[str]:
        """L1454: one objective card of the target seen (not disclosed)."""
        target = arg[0]
        new = set(after.seen[seat]) - set(before.seen[seat])
        if len(new) != 1 or not new <= set(before.objectives[target]):
            return [f"L1454: the spy saw {sorted(new)} of seat {target}'s "
                    f"{list(before.objectives[target])}"]
        return []

    def effect_reveal_progress(self, before: Any, seat: int, arg: Any, after: Any
                               ) -> list[str]:
        return self.reveal(before, seat, after, "progress")

    def effect_reveal_characters(self, before: Any, seat: int, arg: Any, after: Any
                                 ) -> list[str]:
        return self.reveal(before, seat, after, "character")

    def reveal(self, before: Any, seat: int, after: Any, kind: str) -> list[str]:
        """L1378, L1396: the five top cards of the deck shown, one of the kind may be bought
        at its minimum price, the others discarded; L1105: a red zone on the sixth card (the
        deck's new top) strikes at once."""
        deck = list(before.deck)
        shown = [deck.pop() for _ in range(min(5, len(deck)))]
        self.m.deck_size = len(deck)
        self.pending_card = {"step": "reveal", "cards": shown, "kind": kind}
        if deck and self.c.cards[deck[-1]].red:
            self.branches["red zone on the sixth card"] += 1
            # reading of L433 (silent): the crisis interrupts the action, whose resources
            # were all paid with the card (the purchase takes florins): a token's cube left
            # unspent goes back to the bank now
            for s in range(self.n):
                for r, k in enumerate(self.m.bound[s]):
                    self.m.cubes[s][r] -= k
                    self.m.bank_cubes[r] += k
                self.m.bound[s] = [0] * 6
            self.crisis_parts(before, after, self.c.cards[deck[-1]].red, immediate=True)
        return []

    # ------------------------------------------------------------ the steps
    def card_step(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        p = self.pending_card
        step = before.step
        if step == "explore_pick":
            p = {"step": step}
        if p is None or p["step"] != step:
            self.pending_card = None
            return [f"the {step} step the referee does not expect"]
        wrong: list[str] = []
        if step == "explore_pick":
            # L1390: the Pioneer's three top hexes, one chosen, the others discarded
            if a.kind == "pick" and int(a.value) not in before.ctx["drawn"]:
                wrong.append("L1390: a hex chosen that was not drawn")
            self.pending_card = None   # (the hex is laid next, as an exploration's)
        elif step == "missionary":
            # L1448: «одна из хижин … может предоставить активного жителя вместо излишков»
            huts = p["huts"]
            if a.value == "inhabitant":
                self.m.units[(seat, False, p["region"], True, "")] += 1
                self.m.population += 1
                huts -= 1
                self.branches["a missionary's inhabitant"] += 1
            self.move_surplus(huts)
            self.pending_card = None
        elif step == "reveal":
            if a.kind == "pick":
                card, c = self.card_of(a.value)
                if card not in p["cards"] or c.type != p["kind"]:
                    wrong.append(f"L1378/L1396: {a.value} is not a shown {p['kind']} card")
                price = min(c.prices)
                if price > self.m.money[seat]:
                    wrong.append(f"L1378: a card of {price}f bought with {self.m.money[seat]}f")
                self.m.money[seat] -= price
                self.m.bank_money += price
                self.m.owned[seat] = sorted([*self.m.owned[seat], (card, 0, 0)])
            self.pending_card = None
        elif step == "pirate_pay":
            if seat != p["victim"]:
                wrong.append("L1384: the cube is given by another player than the ship's owner")
            if a.value:
                r = RESOURCES.index(a.value)
                if self.m.cubes[seat][r] <= 0:
                    wrong.append("L1384: a cube given that the screen does not hold")
                self.spend(seat, r)
                self.m.cubes[p["thief"]][r] += 1
            elif any(self.m.cubes[seat]):
                wrong.append("L1384: the owner gives nothing while it holds a cube")
            self.pending_card = None
        elif step == "thief_hands":
            hands = [h for h in (a.left, a.right) if h]
            held = sum(self.m.cubes[seat])
            if len(hands) < min(2, held):
                wrong.append(f"L1472, L1129: {len(hands)} cube(s) in the fists with {held} "
                             "behind the screen")
            for h in hands:
                r = RESOURCES.index(h)
                if self.m.cubes[seat][r] <= 0:
                    wrong.append("L1472: a cube in a fist that the screen does not hold")
                self.spend(seat, r)
            p["hands"] = [a.left, a.right]
            p["step"] = "thief_pick"
        elif step == "thief_pick":
            if seat != p["thief"]:
                wrong.append("L1472: the fist is chosen by another than the thief")
            taken = 0 if a.value == "left" else 1
            for i, h in enumerate(p["hands"]):
                if h:
                    self.m.cubes[seat if i == taken else p["victim"]][RESOURCES.index(h)] += 1
            self.pending_card = None
        elif step == "move_cubes":
            if a.kind == "done":
                self.pending_card = None
            else:
                if p["left"] <= 0:
                    wrong.append("L1508: a third cube moved")
                r, to_export = RESOURCES.index(a.value[:-1]), a.value[-1] == ">"
                src, dst = (0, 1) if to_export else (1, 0)
                if self.m.market[src][r] <= 0 or self.m.market[dst][r] >= self.capacity(dst, r):
                    wrong.append("L1508: a cube moved from an empty zone or into a full one")
                self.m.market[src][r] -= 1
                self.m.market[dst][r] += 1
                p["left"] -= 1
        return wrong

    # ------------------------------------------------------------ wonders (L866-876)
    def do_build_wonder(self, before: Any, seat: int, a: Any, after: Any) -> list[str]:
        """L870: a wonder of the player's, bought in an earlier turn, built once (L872); its
        cost and discs paid (L1073, L1077, L1101, L1121); its one-off effect; L874 «Затем» an
        active free inhabitant of the player from anywhere onto the card, population −1."""
        wrong: list[str] = []
        card, c = self.card_of(a.card)
        rec = next((r for r in self.m.owned[seat] if r[0] == card), None)
        if rec is None or c.use != "wonder":
            return [f"L870: {a.card} is no wonder of the player's"]
        if rec[2]:
            wrong.append("L872: a wonder built a second time")
        bought = next(r[3] for r in before.owned[seat] if r[0] == card)
        if bought >= before.turn:
            wrong.append("L870: a wonder built in the turn it was bought")
        if before.round.get("card"):
            wrong.append("L870: a wonder built in a round with a card")
        if c.needs and not any(self.controls(before, seat, k, c.needs)
                               for k in range(len(before.regions))):
            wrong.append(f"L1073/L1101: no {c.needs} under the player's control")
        for r, k in enumerate(c.cost_cubes):
            if k:
                if self.m.cubes[seat][r] < k:
                    wrong.append(f"L872: the {a.card}'s {RESOURCES[r]} is not behind the screen")
                self.spend(seat, r, k)
                self.m.bank_cubes[r] += k
        self.m.money[seat] -= c.cost_f
        self.m.bank_money += c.cost_f
        if before.discs[seat] - self.m.discs_used[seat] < c.discs:
            wrong.append(f"L1073: the {a.card}'s discs are not left")
        self.m.discs_used[seat] += c.discs
        self.set_card(seat, card, built=1)
        self.branches[f"wonder {c.id}"] += 1
        if c.effect == "colossus":       # L1077: surplus −1
            self.move_surplus(-1)
        elif c.effect == "pyramid":      # L1121: rebellion +2
            self.move_rebellion(2)
        elif c.effect == "cathedral":    # L1073: rebellion −1 per church
            self.move_rebellion(-self.churches(before))
        elif c.effect == "lighthouse":   # L1101: a ship for every player in each port region
            for s in range(self.n):
                for k in range(len(before.regions)):
                    if self.controls(before, s, k, "port") and \
                            self.ships_on_board(s) < self.ship_limit():
                        self.m.units[(s, True, k, True, "")] += 1
        u = before.units[a.unit]
        if u[0] != seat or u[1] or u[2] < 0 or not u[3] or u[4]:
            wrong.append("L874: the wonder's inhabitant is not an active free one of the player")
        self.m.units[(u[0], False, u[2], True, u[5])] -= 1
        self.m.units[(u[0], False, -2, True, "")] += 1
        self.m.units += Counter()
        self.m.population -= 1
        return wrong
