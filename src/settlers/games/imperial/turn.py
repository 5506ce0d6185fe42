"""«ФАЗА ДЕЙСТВИЙ» and «ДЕЙСТВИЯ ИГРОКОВ».

«Начиная с первого игрока и по часовой стрелке, каждый игрок выполняет 1 действие» — build,
deal, raze, activate a location, exchange workers — «либо спасовать». A player who passed
«не может стать целью действия другого игрока». Defence tokens, samurai and the Japanese Gate
and Shrine are placed «в любой момент своего хода» and do not use up the turn.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Exchange,
    MakeDeal,
    Pass,
    PlaceDefence,
    PlaceSamurai,
    PutOnShrine,
    PutUnderGate,
    RazeCard,
    RazeLocation,
)
from settlers.games.imperial.cards import (
    CAPTOR,
    DEF,
    DEFENCE,
    GOOD_INDEX,
    KEPT,
    RAZE,
    SAMURAI,
    USED,
    WK,
    F,
    S,
    W,
)

RAZE_LOCATION_COST = 2          # «Сбросить 2 жетона разрушений»
DEAL_COST = {"F": 1}            # «Сбросить 1 еду»
EXCHANGE_GOODS = {0: "W", 1: "S", 2: "F"}
EXCHANGE_COMMON, EXCHANGE_EMPIRE, EXCHANGE_DONE = 10, 11, -1
SHRINE_GOODS = ("W", "S", "F")


class ActionPhase:
    """Mixin of ImperialState."""

    info: dict[int, list[int]]
    pending: list[dict[str, Any]]

    # ================================================================ legal actions
    def turn_actions(self, seat: int) -> list[Action]:
        cards = self.cards
        supply = self.goods[seat]
        out: list[Action] = [Pass()]
        builds: list[Action] = []
        deals: list[Action] = []
        razes: list[Action] = []
        twins = self.twins
        seen: set[int] = set()
        for cid in self.hand[seat]:
            if twins[cid] in seen:   # an identical copy already offered
                continue
            seen.add(twins[cid])
            card = cards[cid]
            if self.can_build(seat, cid, no_foundation=False):
                builds.append(Build(cid))
            if card.deal is not None and not card.common and self.can_afford(seat, DEAL_COST):
                deals.append(MakeDeal(cid))
            if supply[RAZE] >= 1 and self.razeable_from_hand(cid):
                razes.append(RazeCard(cid))
        out += builds + deals + razes
        if not self.peaceful:
            for target, cid in self.opponent_locations(seat):
                if self.location_razeable(cid) and \
                        supply[RAZE] >= self.raze_cost(target, cid):
                    out.append(RazeLocation(target, cid))
        for cid in self.controlled(seat):
            action = cards[cid].action
            if action is None:
                continue
            for times in (1, 2):
                if self.can_activate(seat, cid, times):
                    out.append(Activate(cid, times))
        if supply[WK] >= 2:
            out.append(Exchange())
        out.extend(self.free_actions(seat))
        return out

    def free_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        cards = self.cards
        supply = self.goods[seat]
        japanese = self.emp[seat] == "japanese"
        for cid in self.locs[seat]:
            card = cards[cid]
            info = self.info[cid]
            if supply[DEF] and card.common and not info[DEFENCE]:
                out.append(PlaceDefence(cid))
            if japanese and supply[WK] and card.deck == "japanese" and not info[SAMURAI]:
                out.append(PlaceSamurai(cid))
            for feat in card.features:
                kind = feat.get("passive")
                if kind == "gate" and len(self.gate.get(cid, ())) < feat["max"]:
                    out.extend(PutUnderGate(cid, h) for h in self.distinct_hand(seat))
                elif kind == "chapel":
                    for g in SHRINE_GOODS:
                        if supply[GOOD_INDEX[g]]:
                            out.append(PutOnShrine(cid, g))
        return out

    def distinct_hand(self, seat: int) -> list[int]:
        """The hand with identical copies listed once."""
        seen: set[int] = set()
        out = []
        for cid in self.hand[seat]:
            if self.twins[cid] not in seen:
                seen.add(self.twins[cid])
                out.append(cid)
        return out

    # ================================================================ predicates
    def razeable_from_hand(self, cid: int) -> bool:
        """Common cards with a raze bonus; «Игрок за японскую империю может разрушать и
        имперские карточки»."""
        card = self.cards[cid]
        return card.raze is not None and (card.common or card.deck == "japanese")

    def location_razeable(self, cid: int) -> bool:
        """«Имперские локации разрушить нельзя» — except Japanese ones with a raze bonus;
        «Руины», «Врата», «Часовня» cannot be razed."""
        card = self.cards[cid]
        if card.unrazeable:
            return False
        return card.common or card.deck == "japanese"

    def raze_cost(self, owner: int, cid: int, ignore_defence: bool = False,
                  base: int = RAZE_LOCATION_COST) -> int:
        if owner < 0 or ignore_defence:
            return base
        return base + self.defence_of(owner, cid)

    def defence_of(self, owner: int, cid: int) -> int:
        """+1 per defence token or samurai, +1 for a reconstructed empire feature that guards
        common locations («Граница», «Римская крепость»)."""
        info = self.info[cid]
        extra = info[DEFENCE] + info[SAMURAI]
        if self.cards[cid].common and self.has_passive(owner, "extra_defence"):
            extra += 1
        return extra

    def targetable(self, seat: int) -> list[int]:
        """Opponents that may be targeted: «Спасовав, игрок не может стать целью»."""
        return [t for t in range(self.players) if t != seat and not self.passed[t]]

    def opponent_locations(self, seat: int) -> list[tuple[int, int]]:
        out = [(t, cid) for t in self.targetable(seat) for cid in self.locs[t]]
        if self.solo:
            out.extend((-1, cid) for cid in self.virtual)
        return out

    def foundation_options(self, seat: int) -> list[tuple[int, int]]:
        """A built location (0, card) or a foundation (1, card) to discard for an empire card;
        a location captured with «Храм Ра» «не может быть сброшена»."""
        out = [(0, cid) for cid in self.locs[seat] if self.info[cid][CAPTOR] < 0]
        out.extend((1, cid) for cid in dict.fromkeys(self.fnd[seat]))
        return out

    def can_build(self, seat: int, cid: int, no_foundation: bool,
                  extra: dict[str, int] | None = None) -> bool:
        card = self.cards[cid]
        if card.foundation and not no_foundation and not self.foundation_options(seat):
            return False
        return bool(self.pay_options(seat, card.cost, extra=extra))

    def can_activate(self, seat: int, cid: int, times: int) -> bool:
        action = self.cards[cid].action
        if action is None or self.info[cid][USED] + times > action["limit"]:
            return False
        if not self.can_afford(seat, action["cost"], times):
            return False
        op = action.get("op")
        return not (op is not None and not self.op_targets(seat, cid, op, before_paying=True))

    # ================================================================ doing
    def take_turn_action(self, seat: int, action: Action) -> None:
        handler = getattr(self, "do_" + action.kind)
        handler(seat, action)

    def do_pass(self, seat: int, action: Pass) -> None:
        self.passed[seat] = True
        self.turn_done = True
        self.emit("imperial.event.pass", seat=seat)

    # ---------------------------------------------------------------- build
    def do_build(self, seat: int, action: Build) -> None:
        self.turn_done = True
        self.start_build(seat, action.card, source="hand", no_foundation=False)

    def start_build(self, seat: int, cid: int, source: str, no_foundation: bool) -> None:
        self.push("build", seat, "", [], card=cid, source=source,
                  no_foundation=no_foundation, fdn=None, gold=None)
        self.continue_build(self.pending[-1])

    def continue_build(self, p: dict[str, Any]) -> None:
        seat = p["seat"]
        card = self.cards[p["card"]]
        if (card.foundation and not p["no_foundation"] and p["fdn"] is None
                and not self.await_or_auto(p, "choose", "fdn", self.foundation_options(seat))):
            return
        if p["gold"] is None and not self.await_or_auto(p, "pay", "gold",
                                                        self.pay_options(seat, card.cost)):
            return
        self.drop(p)
        self.finish_build(seat, p["card"], p["source"], p["fdn"], p["gold"])

    def answer_build(self, p: dict[str, Any], value: Any) -> None:
        p[p["slot"]] = tuple(value)
        self.continue_build(p)

    def finish_build(self, seat: int, cid: int, source: str, fdn: Any,
                     gold: tuple[int, int, int]) -> None:
        """«ЧТОБЫ ПОСТРОИТЬ ЛОКАЦИЮ»: pay, discard the foundation, place, then «Построив
        локацию с производством, вы сразу же получаете то, что она производит», the building
        bonus and every «Каждый раз, построив…» feature (the new one included)."""
        card = self.cards[cid]
        self.pay(seat, card.cost, gold)
        if fdn is not None:
            kind, fcid = fdn
            if kind == 0:
                self.remove_location(seat, fcid, "discard")
            else:
                self.fnd[seat].remove(fcid)
                if fcid in self.fnd_hidden[seat]:
                    self.fnd_hidden[seat].remove(fcid)
                self.discard_card(fcid)
        if source == "hand":
            self.leave_hand(seat, cid)
        else:
            self.deals[seat].remove(cid)
        self.place_location(seat, cid)
        self.emit("imperial.event.build", seat=seat, card=self.card_key(cid))
        if card.type == "production":
            self.produce(seat, cid)
        self.apply_yields(seat, card.build_bonus, cid)
        self.trigger(seat, "build", card.colours)

    def place_location(self, seat: int, cid: int) -> None:
        self.locs[seat].append(cid)
        self.info[cid] = [0, 0, 0, -1, 0]

    def leave_hand(self, seat: int, cid: int) -> None:
        self.hand[seat].remove(cid)
        if cid in self.known[seat]:
            self.known[seat].remove(cid)

    # ---------------------------------------------------------------- deal
    def do_deal(self, seat: int, action: MakeDeal) -> None:
        self.turn_done = True
        self.push("deal", seat, "", [], card=action.card, gold=None)
        self.continue_deal(self.pending[-1])

    def continue_deal(self, p: dict[str, Any]) -> None:
        if p["gold"] is None and not self.await_or_auto(
                p, "pay", "gold", self.pay_options(p["seat"], DEAL_COST)):
            return
        self.drop(p)
        seat, cid = p["seat"], p["card"]
        self.pay(seat, DEAL_COST, p["gold"])
        self.leave_hand(seat, cid)
        self.deals[seat].append(cid)
        self.emit("imperial.event.deal", seat=seat, card=self.card_key(cid))
        self.gain_good(seat, self.cards[cid].deal)  # «Тут же получить указанный товар»
        self.trigger(seat, "deal")

    def answer_deal(self, p: dict[str, Any], value: Any) -> None:
        p[p["slot"]] = tuple(value)
        self.continue_deal(p)

    # ---------------------------------------------------------------- raze
    def do_raze_card(self, seat: int, action: RazeCard) -> None:
        """«ЧТОБЫ РАЗРУШИТЬ ЛОКАЦИЮ С РУКИ»: 1 token, take the raze bonus, discard."""
        self.turn_done = True
        cid = action.card
        self.goods[seat][RAZE] -= 1
        self.leave_hand(seat, cid)
        self.discard_card(cid)
        self.emit("imperial.event.raze_card", seat=seat, card=self.card_key(cid))
        self.gain(seat, self.cards[cid].raze or {})
        self.trigger(seat, "raze")

    def do_raze_location(self, seat: int, action: RazeLocation) -> None:
        self.turn_done = True
        self.goods[seat][RAZE] -= self.raze_cost(action.target, action.card)
        self.raze_location(seat, action.target, action.card)

    def raze_location(self, razer: int, owner: int, cid: int) -> None:
        """The razer takes the raze bonus; a common location «становится фундаментом» and its
        owner takes 1 wood; a Japanese empire location is discarded; the solo opponent's
        location goes to the discard."""
        card = self.cards[cid]
        self.emit("imperial.event.raze_location", seat=razer, owner=owner,
                  card=self.card_key(cid))
        self.gain(razer, card.raze or {})
        self.trigger(razer, "raze")
        if owner != razer:
            self.trigger(razer, "raze_location")
        if owner < 0:
            self.virtual.remove(cid)
            self.discard_card(cid)
        elif card.common:
            captor = self.info[cid][CAPTOR]
            self.remove_location(owner, cid, "foundation")
            # «Храм Ра»: «игрок за египтян получает 1 фишку дерева»
            self.goods[captor if captor >= 0 else owner][W] += 1
        else:
            self.remove_location(owner, cid, "discard")

    def remove_location(self, owner: int, cid: int, fate: str) -> None:
        """Take a location out of an empire; what lay on it goes back to the supply, except
        goods kept on «Склады», which return to the owner's supply."""
        self.locs[owner].remove(cid)
        info = self.info.pop(cid)
        if info[CAPTOR] >= 0:
            self.captures[info[CAPTOR]] += 1
        for feat in self.cards[cid].features:
            if feat.get("passive") == "warehouse":
                stash = self.stash_w[owner]
                for r in (W, S, F):
                    self.goods[owner][r] += stash[r]
                    stash[r] = 0
        for under in self.gate.pop(cid, []):
            self.discard_card(under)
        if fate == "foundation":
            self.fnd[owner].append(cid)
        elif fate == "discard":
            self.discard_card(cid)
        # fate "trophy": the caller keeps the card

    # ---------------------------------------------------------------- exchange
    def do_exchange(self, seat: int, action: Exchange) -> None:
        self.turn_done = True
        self.push("exchange", seat, "choose", [], pairs=0)
        self.refresh_exchange(self.pending[-1])

    def refresh_exchange(self, p: dict[str, Any]) -> None:
        seat = p["seat"]
        options: list[tuple[int, ...]] = []
        if self.goods[seat][WK] >= 2:
            options = [(0,), (1,), (2,)]
            if self.deck_available(seat, "common"):
                options.append((EXCHANGE_COMMON,))
            if self.deck_available(seat, "faction"):
                options.append((EXCHANGE_EMPIRE,))
        if p["pairs"] and options:
            options.append((EXCHANGE_DONE,))
        if not options:
            self.drop(p)
        else:
            p["options"] = options

    def answer_exchange(self, p: dict[str, Any], value: Any) -> None:
        """«Сбросить 2 рабочих… взять 1 любой ресурс… либо карточку»; «Оазис» gives its owner
        1 worker per pair another player trades."""
        choice = value[0]
        seat = p["seat"]
        if choice == EXCHANGE_DONE:
            self.drop(p)
            return
        self.goods[seat][WK] -= 2
        p["pairs"] += 1
        if choice in EXCHANGE_GOODS:
            self.goods[seat][choice] += 1
        else:
            self.draw_card(seat, "common" if choice == EXCHANGE_COMMON else "faction")
        self.emit("imperial.event.exchange", seat=seat, choice=choice)
        for other in range(self.players):
            if other != seat:
                self.trigger(other, "opponent_exchange")
        self.refresh_exchange(p)

    # ---------------------------------------------------------------- activate
    def do_activate(self, seat: int, action: Activate) -> None:
        self.turn_done = True
        self.start_activation(seat, action.card, action.times)

    def start_activation(self, seat: int, cid: int, times: int) -> None:
        self.push("activate", seat, "", [], card=cid, times=times, gold=None,
                  paid_cards=(), paid_deals=())
        self.continue_activation(self.pending[-1])

    def continue_activation(self, p: dict[str, Any]) -> None:
        """Pay the activation (gold for resources; cards and deals are chosen), then act."""
        seat, cid, times = p["seat"], p["card"], p["times"]
        action = self.cards[cid].action
        cost = action["cost"]
        if p["gold"] is None and not self.await_or_auto(
                p, "pay", "gold", self.pay_options(seat, cost, times)):
            return
        need_cards = cost.get("Card", 0) * times
        while len(p["paid_cards"]) < need_cards:
            left = list(self.hand[seat])
            for c in p["paid_cards"]:
                left.remove(c)
            options = [(c,) for c in dict.fromkeys(left)]
            if len(options) != 1:
                p["await"], p["slot"], p["options"] = "choose", "paid_cards", options
                return
            p["paid_cards"] = p["paid_cards"] + options[0]
        need_deals = cost.get("Deal", 0) * times
        while len(p["paid_deals"]) < need_deals:
            options = self.own_deal_options(seat, exclude=p["paid_deals"])
            if len(options) != 1:
                p["await"], p["slot"], p["options"] = "choose", "paid_deals", options
                return
            p["paid_deals"] = p["paid_deals"] + (options[0],)
        self.drop(p)
        self.pay(seat, cost, p["gold"], times)
        for c in p["paid_cards"]:
            self.leave_hand(seat, c)
            self.discard_card(c)
        for kind, c in sorted(p["paid_deals"], key=lambda d: -d[1]):
            self.drop_deal(seat, kind, c)
        self.info[cid][USED] += times
        self.emit("imperial.event.activate", seat=seat, card=self.card_key(cid), times=times)
        if "goods" in action:
            self.gain(seat, action["goods"], times)
        op = action.get("op")
        if op is not None:
            for _ in range(times):  # targets are chosen when the decision comes up
                self.push("op", seat, "choose", [], card=cid, op=op, lazy=True)

    def answer_activate(self, p: dict[str, Any], value: Any) -> None:
        slot = p["slot"]
        if slot == "gold":
            p["gold"] = tuple(value)
        elif slot == "paid_cards":
            p["paid_cards"] = p["paid_cards"] + (value[0],)
        else:
            p["paid_deals"] = p["paid_deals"] + (tuple(value),)
        self.continue_activation(p)

    def own_deal_options(self, seat: int, exclude: tuple[Any, ...] = ()) -> list[tuple[int, int]]:
        """Deals under the board (0, i) and — «Ганзейский союз», «Имперский посланник» —
        the Japanese «Торговый путь» deals (1, i)."""
        out = [(0, i) for i in range(len(self.deals[seat]))]
        out.extend((1, i) for i in range(len(self.route[seat])))
        return [o for o in out if o not in exclude]

    def drop_deal(self, seat: int, kind: int, index: int) -> None:
        if kind == 0:
            self.discard_card(self.deals[seat].pop(index))
        else:
            self.route[seat].pop(index)

    # ================================================================ free actions
    def do_place_defence(self, seat: int, action: PlaceDefence) -> None:
        """«игрок может поместить этот жетон на любую общую локацию своей империи»."""
        self.goods[seat][DEF] -= 1
        self.info[action.card][DEFENCE] = 1
        self.emit("imperial.event.defence", seat=seat, card=self.card_key(action.card))

    def do_place_samurai(self, seat: int, action: PlaceSamurai) -> None:
        """«японцы могут выставить любое количество имеющихся у них рабочих на свои имперские
        локации… только одним самураем»."""
        self.goods[seat][WK] -= 1
        self.set_samurai(seat, action.card)

    def set_samurai(self, seat: int, cid: int) -> None:
        self.info[cid][SAMURAI] = 1
        self.emit("imperial.event.samurai", seat=seat, card=self.card_key(cid))
        self.trigger(seat, "samurai")

    def do_put_under_gate(self, seat: int, action: PutUnderGate) -> None:
        """«Врата»: cards put under it stay to the end and score (reconstructed: 1 VP each)."""
        self.leave_hand(seat, action.card)
        self.gate.setdefault(action.gate, []).append(action.card)
        self.emit("imperial.event.gate", seat=seat)

    def do_put_on_shrine(self, seat: int, action: PutOnShrine) -> None:
        """«Часовня»: resources on it stay to the end (reconstructed: 1 VP per 2)."""
        self.goods[seat][GOOD_INDEX[action.good]] -= 1
        self.info[action.shrine][KEPT] += 1
        self.emit("imperial.event.shrine", seat=seat, good=f"imperial.good.{action.good}")

    # ================================================================ other answers
    def answer_draw(self, p: dict[str, Any], deck: str) -> None:
        self.drop(p)
        self.draw_card(p["seat"], deck)
        if p["n"] > 1:
            self.gain_cards(p["seat"], p["n"] - 1, "any")

    def answer_choice(self, p: dict[str, Any], value: Any) -> None:
        self.drop(p)
        item = next(y for y in self.cards[p["card"]].production if "choice" in y)
        self.gain(p["seat"], item["choice"][value[0]])

    def answer_empire_pick(self, p: dict[str, Any], card: int) -> None:
        self.drop(p)
        self.hand[p["seat"]].append(card)
        for opt in p["options"]:
            if opt[0] != card:
                self.discard_card(opt[0])

    def refresh_samurai_bonus(self, p: dict[str, Any]) -> None:
        """«Ниндзя»: «даёт вам 2 самураев. Если вы можете выставить только одного, второй
        сбрасывается»."""
        seat = p["seat"]
        free = [(cid,) for cid in self.locs[seat]
                if self.cards[cid].deck == self.emp[seat] and not self.info[cid][SAMURAI]]
        if p["n"] <= 0 or not free:
            self.drop(p)
        elif len(free) <= p["n"]:
            self.drop(p)
            for (cid,) in free:
                self.set_samurai(seat, cid)
        else:
            p["options"] = free

    def answer_samurai_bonus(self, p: dict[str, Any], value: Any) -> None:
        self.set_samurai(p["seat"], value[0])
        p["n"] -= 1
        self.refresh_samurai_bonus(p)

