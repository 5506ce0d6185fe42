"""The end of an Archipelago game by an objective card, and the final scoring, for the
transition referee (thirteenth reading): L896-898 (an end condition met: the game ends once
the active player has finished the round), L1131-1370 (the end conditions and ranking
criteria of the objective cards, their numbers per player count from the content set,
«и т.д.» read as one step per player), L920-950 (objectives ranked 3/2/1, unranked with
nothing, ties share a rank and the next follows on, the Pacifist's 3 points, the Separatist
nothing), L956-972 (the trend 4/3/2), L976 (medals, a wonder once built) and L980 (the most
points, then the most florins). Measured on the referee's own copy (screens, cards, markers,
units) and the plain board (which buildings stand where)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from settlers.games.archipelago.content import RESOURCES

BUILT = {"churches": "church", "markets": "market", "towns": "town", "ports": "port"}


def ranked(values: list[int], prizes: tuple[int, ...]) -> list[int]:
    """L944: nothing counted, no rank; a tie shares the rank and the next player takes the
    next rank (L946: two first, the next second)."""
    ladder = sorted({v for v in values if v > 0}, reverse=True)[:len(prizes)]
    return [prizes[ladder.index(v)] if v in ladder else 0 for v in values]


class EndRules:
    c: Any
    n: int
    m: Any
    branches: Counter[str]

    def controls(self, st: Any, seat: int, region: int, kind: str) -> bool: ...

    # ------------------------------------------------------------ the end conditions
    def need(self, card: dict[str, Any]) -> int | None:
        """The number an end condition asks with these players (L1134-1135 «5 … двое, 6 …
        трое, и т.д.»); None when the card is not used (L1283: the short population card
        with two players)."""
        end = card["end"]
        if end["kind"] in ("bank_resources_empty", "piles_empty"):
            return int(end["count"])
        if end["kind"] == "bank_money_empty":
            return 0
        if end["kind"] == "population" and self.n == 2 and card["deck"] == "short":
            return None
        return int(end.get("base", 0)) + int(end.get("per_player", 0)) * (self.n - 2)

    def end_met(self, st: Any, card: dict[str, Any]) -> bool:
        kind, need = card["end"]["kind"], self.need(card)
        m = self.m
        if need is None:
            return False
        if kind == "bank_resources_empty":   # L1188, L1218 «любых N ресурсов»
            return sum(1 for k in m.bank_cubes if k == 0) >= need
        if kind == "bank_money_empty":       # L1208
            return m.bank_money == 0
        if kind == "piles_empty":            # L1166, L1237
            return sum(1 for k in m.piles if k == 0) >= need
        if kind == "surplus_above":          # L1202 «выше 21»
            return bool(m.surplus > need)
        if kind == "population":             # L1281, L1338 «достигает или превышает»
            return bool(m.population >= need)
        if kind in BUILT:                    # «общее число … в игре»
            return sum(1 for r in st.regions if BUILT[kind] in r["buildings"]) >= need
        if kind == "ships":                  # L1194
            return sum(k for key, k in m.units.items() if key[1] and key[2] >= 0) >= need
        types = {"progress_in_game": ("progress",), "characters_in_game": ("character",),
                 "cards_in_game": ("progress", "character")}[kind]
        return sum(1 for s in range(self.n) for r in m.owned[s]
                   if self.c.cards[r[0]].type in types) >= need

    def first_ender(self, st: Any) -> int:
        """L898: the first player, in turn order, whose objective's condition holds."""
        for seat in self.m.order:
            for o in st.objectives[seat]:
                if self.end_met(st, self.c.objectives[o]):
                    return int(seat)
        return -1

    def end_checks(self, before: Any, seat: int, action: Any, after: Any) -> list[str]:
        """At the end of an active player's round (L898: phase 5's rounds and phase 6's
        purchases, once any immediate crisis is over) the game ends by the first condition
        met; at no other moment; ``max_turns`` only after the last turn's phase 6."""
        point = ((before.phase == "actions" and action.kind == "end_round")
                 or (before.phase == "buy" and (action.kind in ("buy_card", "turn_two")
                                                or before.step in ("domestic", "export"))
                     and (after.over or after.phase != "buy"
                          or after.step in ("buy", "expel"))))
        ender = self.first_ender(after) if point else -1
        wrong = []
        if after.over and after.ended_by == "objective":
            self.branches["ends by an objective"] += 1
            if not point:
                wrong.append(f"L898: the game ended by an objective after a {action.kind} "
                             "that ends no round")
            elif ender != after.ender:
                wrong.append(f"L898: seat {after.ender}'s objective ended the game, the first "
                             f"condition met is seat {ender}'s")
        elif after.over and after.ended_by == "turns":
            self.branches["ends by max_turns"] += 1
            if before.turn < before.options["max_turns"] or after.phase != "over":
                wrong.append(f"max_turns: the game ended in turn {before.turn}")
            if ender >= 0:
                wrong.append(f"L898: seat {ender}'s condition held at the last round")
        elif point and ender >= 0 and after.ended_by != "independence":
            wrong.append(f"L898: seat {ender}'s end condition holds when the round is over, "
                         "and the game goes on")
        return wrong

    # ------------------------------------------------------------ the deal (L151-159)
    def deal_checks(self, st: Any) -> list[str]:
        """Once turn 0 is over: the trend card(s) up (L151; two with «Больше контроля»,
        L1037, and with «Благотворитель», the Philanthropist and one drawn, L1049; the chosen
        one with «Выбрать тренд», L1045; none with «Никаких секретов», L1033); the objective cards from the chosen deck (L157-159),
        one a player (two with two players, L1013; open, one a player, with «Никаких
        секретов», L1033), or with «Больше остроты» two drawn for each one kept (L1041); no
        Pacifist or Separatist with two players (L1012), open objectives (L1033) or the
        Philanthropist (L1049)."""
        o, c, n = st.options, self.c, self.n
        wrong = []
        trends = [c.trends[t] for t in st.trends]
        want = 2 if o["more_control"] or o["philanthropist"] else 1
        if o["no_secrets"]:   # L1033 «Не используйте карты тренда» (over L1049's card)
            want = 0
        if len(trends) != want or len(set(st.trends)) != want:
            wrong.append(f"L151/L1037/L1049: {len(trends)} trend cards up, {want} expected")
        if want and o["philanthropist"] and not any(t["id"] == "philanthropist" for t in trends):
            wrong.append("L1049: no Philanthropist")
        if want and o.get("trend") not in (None, "", "random") and not any(
                t["id"] == o["trend"] for t in trends):
            wrong.append(f"L1045: the chosen trend {o['trend']} is not up")
        per = 2 if n == 2 and not o["no_secrets"] else 1
        sharp = bool(o["more_sharpness"]) and not o["no_secrets"]
        held = st.keep_choice if sharp else st.objectives
        cards = [x for s in range(n) for x in held[s]]
        if any(len(held[s]) != per * (2 if sharp else 1) for s in range(n)):
            wrong.append(f"L159/L1013/L1041: objective cards a player {[len(h) for h in held]}")
        if len(set(cards)) != len(cards):
            wrong.append("L159: an objective card dealt twice")
        if any(c.objectives[x]["deck"] != o["length"] for x in cards):
            wrong.append(f"L157-159: an objective card not from the {o['length']} deck")
        if (n == 2 or o["no_secrets"] or o["philanthropist"]) and any(
                c.objectives[x]["criterion"] in ("pacifist", "separatist") for x in cards):
            wrong.append("L1012/L1033/L1049: a Pacifist or a Separatist is dealt")
        self.keep_from = [set(h) for h in held] if sharp else None
        self.branches["deals checked"] += 1
        return wrong

    def keep_checks(self, before: Any, after: Any) -> list[str]:
        """L1041: each player keeps cards among those he drew, as many as he would hold."""
        wrong = []
        keep_from = getattr(self, "keep_from", None)
        for s in range(self.n):
            if keep_from is not None and not set(after.objectives[s]) <= keep_from[s]:
                wrong.append(f"L1041: seat {s} keeps a card it did not draw")
            if after.step != "keep_objective" and \
                    len(after.objectives[s]) != (2 if self.n == 2 else 1):
                wrong.append(f"L1041: seat {s} keeps {len(after.objectives[s])} cards")
        return wrong

    # ------------------------------------------------------------ the criteria
    def measure(self, st: Any, seat: int, crit: str) -> int:
        m, cards = self.m, self.c.cards
        if crit.endswith("_cubes"):            # L990, L1303: cubes behind the screen
            return int(m.cubes[seat][RESOURCES.index(crit[:-6])])
        if crit == "money":                    # L1153
            return int(m.money[seat])
        if crit == "explorer_tokens":          # L1137
            return int(m.tokens[seat])
        if crit == "philanthropist":           # L972
            return int(m.phil[seat])
        if crit.endswith("_icons_towns"):      # L1176, L1184, L1310, L1318
            r = RESOURCES.index(crit[:-len("_icons_towns")])
            total = 0
            for k, reg in enumerate(st.regions):
                if "town" in reg["buildings"] and self.controls(st, seat, k, "town"):
                    face = (self.c.hexes[reg["hex"]][reg["side"]] if reg["hex"] >= 0
                            else st.start_face)
                    total += face.icons.count(r)
            return total
        if crit.endswith("_controlled") and crit.split("_")[0] in BUILT:
            kinds = {"ports_markets_controlled": ("port", "market")}.get(
                crit, (BUILT.get(crit.split("_")[0], ""),))
            return sum(1 for k, reg in enumerate(st.regions) for kind in kinds
                       if kind in reg["buildings"] and self.controls(st, seat, k, kind))
        if crit == "characters_controlled":    # L1168
            return sum(1 for r in m.owned[seat] if cards[r[0]].type == "character")
        if crit == "progress_controlled":      # L1198, L878: an unbuilt wonder counts
            return sum(1 for r in m.owned[seat] if cards[r[0]].type == "progress")
        if crit == "cards_controlled":         # L1326
            return len(m.owned[seat])
        if crit == "ships":
            return sum(k for key, k in m.units.items() if key[0] == seat and key[1]
                       and key[2] >= 0)
        if crit == "inhabitants":
            return sum(k for key, k in m.units.items() if key[0] == seat and not key[1]
                       and key[2] >= 0)
        raise AssertionError(f"the referee has no criterion {crit}")

    def expected_points(self, st: Any) -> list[dict[str, int]]:
        """L920-976: each seat's points by card."""
        rows: list[dict[str, int]] = [{} for _ in range(self.n)]
        for holder in range(self.n):
            for o in st.objectives[holder]:
                card = self.c.objectives[o]
                crit = card["criterion"]
                if crit == "separatist":       # L984: nothing when the game is scored
                    continue
                if crit == "pacifist":         # L950, L1204: population ahead by more than
                    if self.m.population - self.m.rebellion > card["margin"]:
                        rows[holder][f"objective:{card['id']}"] = 3
                    continue
                pts = ranked([self.measure(st, s, crit) for s in range(self.n)], (3, 2, 1))
                for s in range(self.n):
                    if pts[s]:
                        rows[s][f"objective:{card['id']}"] = pts[s]
        for t in st.trends:                    # L958: 4/3/2
            trend = self.c.trends[t]
            pts = ranked([self.measure(st, s, trend["criterion"]) for s in range(self.n)],
                         (4, 3, 2))
            for s in range(self.n):
                if pts[s]:
                    rows[s][f"trend:{trend['id']}"] = pts[s]
        for s in range(self.n):                # L976: medals, a wonder once built
            for card, _turned, built in self.m.owned[s]:
                c = self.c.cards[card]
                if c.vp and (c.use != "wonder" or built):
                    rows[s][f"card:{c.id}"] = c.vp
        return rows

    def final(self, after: Any) -> list[str]:
        """L906-L908: independence — the Separatist's holder alone wins, or nobody; else the
        points (L920-976) and L980 the most points, then the most florins behind the screen."""
        wrong: list[str] = []
        winners = sorted(after.winners())
        if after.ended_by == "independence":
            sep = sorted(s for s in range(self.n) for o in after.objectives[s]
                         if self.c.objectives[o]["criterion"] == "separatist")
            if winners != sep:
                wrong.append(f"L906/L908: winners {winners}, the Separatist's holder {sep}")
            self.branches["independence: winners checked"] += 1
            return wrong
        rows = after.view(None)["state"]["points"]
        mine = self.expected_points(after)
        for s in range(self.n):
            if rows[s] != mine[s]:
                wrong.append(f"L920-976: seat {s}'s points {rows[s]}, the rules give {mine[s]}")
        total = [sum(r.values()) for r in mine]
        top = [s for s in range(self.n) if total[s] == max(total)]
        rich = max(self.m.money[s] for s in top)
        if winners != [s for s in top if self.m.money[s] == rich]:
            wrong.append(f"L980: winners {winners}, points {total}, florins {self.m.money}")
        self.branches["scored ends checked"] += 1
        for r in mine:
            for key in r:
                self.branches["scored " + key.split(":")[0]] += 1
        return wrong
