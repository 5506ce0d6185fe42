"""What action locations do beyond giving goods: the ``op`` of a card's action.

Each op lists its targets (tuples answered by ``Choose``) and resolves one. The clarified
cards («Пояснения к карточкам») behave exactly as the rulebook states:
«Гарнизон»/«Инженеры» discard a location «не считается разрушением»; «Строитель колесниц»
ignores samurai and defence; «Тёмное капище» pays extra tokens for them; «Банда» takes one good
of a raze bonus without razing; «Отребье» razes one's own location; «Разбойники» may cancel a
Japanese «Торговый путь» deal; «Шпионы» take only deals under a board; «Посредник» builds a
deal without discarding a location; «Поселенцы» build an empire card the same way;
«Святилище» lays a hand card as a foundation for 1 stone; «Храм Ра» captures a location.
"""

from __future__ import annotations

from typing import Any

from settlers.games.imperial.cards import ALL_GOODS, CAPTOR, RAZE, USED, F, S, W

STEAL_RESOURCES = (W, S, F)    # «забрать 1 ресурс»: wood, stone or food


class LocationOperations:
    """Mixin of ImperialState."""

    def op_targets(self, seat: int, cid: int, op: str,
                   before_paying: bool = False) -> list[tuple[int, ...]]:
        action = self.cards[cid].action
        cost = action["cost"] if before_paying else {}
        spare_raze = self.goods[seat][RAZE] - cost.get("Raze", 0)
        return getattr(self, "targets_" + op)(seat, cid, cost, spare_raze)

    def refresh_op(self, p: dict[str, Any]) -> None:
        options = self.op_targets(p["seat"], p["card"], p["op"])
        if not options:
            self.drop(p)
        elif len(options) == 1:
            self.drop(p)
            self.resolve_op(p["seat"], p["card"], p["op"], options[0])
        else:
            p["options"] = options

    def answer_op(self, p: dict[str, Any], value: Any) -> None:
        self.drop(p)
        self.resolve_op(p["seat"], p["card"], p["op"], tuple(value))

    def resolve_op(self, seat: int, cid: int, op: str, target: tuple[int, ...]) -> None:
        getattr(self, "resolve_" + op)(seat, cid, target)

    # ------------------------------------------------------------ «Диверсанты»
    def targets_steal_resource(self, seat, cid, cost, spare):
        return [(t, r) for t in self.targetable(seat) for r in STEAL_RESOURCES
                if self.goods[t][r] > 0]

    def resolve_steal_resource(self, seat, cid, target):
        t, r = target
        self.goods[t][r] -= 1
        self.goods[seat][r] += 1
        self.emit("imperial.event.steal", seat=seat, target=t, good=f"imperial.good.{ALL_GOODS[r]}")

    # ------------------------------------------------------------ «Тёмное капище», «Строитель колесниц»
    def targets_raze_opponent(self, seat, cid, cost, spare):
        ignore = bool(self.cards[cid].action.get("ignore_defence"))
        return [(t, loc) for t, loc in self.opponent_locations(seat)
                if self.location_razeable(loc)
                and self.raze_cost(t, loc, ignore, base=0) <= spare]

    def resolve_raze_opponent(self, seat, cid, target):
        t, loc = target
        ignore = bool(self.cards[cid].action.get("ignore_defence"))
        self.goods[seat][RAZE] -= self.raze_cost(t, loc, ignore, base=0)
        self.raze_location(seat, t, loc)

    # ------------------------------------------------------------ «Гарнизон», «Инженеры»
    def targets_discard_opponent(self, seat, cid, cost, spare):
        return list(self.opponent_locations(seat))

    def resolve_discard_opponent(self, seat, cid, target):
        t, loc = target
        self.emit("imperial.event.discard_location", seat=seat, owner=t, card=self.card_key(loc))
        if t < 0:
            self.virtual.remove(loc)
            self.discard_card(loc)
        else:
            self.remove_location(t, loc, "discard")

    # ------------------------------------------------------------ «Банда»
    def targets_raze_bonus_good(self, seat, cid, cost, spare):
        out = []
        for t, loc in self.opponent_locations(seat):
            for good in self.cards[loc].raze or {}:
                out.append((t, loc, ALL_GOODS.index(good)))
        return out

    def resolve_raze_bonus_good(self, seat, cid, target):
        self.gain(seat, {ALL_GOODS[target[2]]: 1})

    # ------------------------------------------------------------ «Отребье»
    def targets_raze_own(self, seat, cid, cost, spare):
        return [(loc,) for loc in self.locs[seat]
                if loc != cid and self.location_razeable(loc) and self.info[loc][CAPTOR] < 0]

    def resolve_raze_own(self, seat, cid, target):
        self.raze_location(seat, seat, target[0])

    # ------------------------------------------------------------ «Разбойники»
    def targets_cancel_opponent_deal(self, seat, cid, cost, spare):
        out = []
        for t in self.targetable(seat):
            out.extend((t, 0, i) for i in range(len(self.deals[t])))
            out.extend((t, 1, i) for i in range(len(self.route[t])))
        if self.solo:  # «открытые карточки атаки – его сделками»
            out.extend((-1, 0, i) for i in range(len(self.attack_row)))
        return out

    def resolve_cancel_opponent_deal(self, seat, cid, target):
        t, kind, i = target
        if t < 0:
            card = self.attack_row.pop(i)
            self.attack_gone.append(card)
            self.emit("imperial.event.cancel_deal", seat=seat, target=t)
            self.gain_good(seat, self.attack_goods[card])
            return
        deal = (self.deals[t] if kind == 0 else self.route[t])[i]
        self.drop_deal(t, kind, i)
        self.emit("imperial.event.cancel_deal", seat=seat, target=t)
        self.gain_good(seat, self.cards[deal].deal)

    # ------------------------------------------------------------ «Шпионы»
    def targets_take_opponent_deal(self, seat, cid, cost, spare):
        out = [(t, i) for t in self.targetable(seat) for i in range(len(self.deals[t]))]
        if self.solo:
            out.extend((-1, i) for i in range(len(self.attack_row)))
        return out

    def resolve_take_opponent_deal(self, seat, cid, target):
        t, i = target
        if t < 0:  # an attack card becomes the player's deal
            self.attack_deals.append(self.attack_row.pop(i))
            self.emit("imperial.event.take_deal", seat=seat, target=t)
            return
        self.deals[seat].append(self.deals[t].pop(i))
        self.emit("imperial.event.take_deal", seat=seat, target=t)

    # ------------------------------------------------------------ «Торговый путь»
    def targets_deal_with_opponent(self, seat, cid, cost, spare):
        return [(t, loc) for t in self.targetable(seat) for loc in self.locs[t]
                if self.cards[loc].deal is not None and not self.cards[loc].common
                and loc not in self.route[seat]]

    def resolve_deal_with_opponent(self, seat, cid, target):
        loc = target[1]
        self.route[seat].append(loc)
        self.emit("imperial.event.route_deal", seat=seat, owner=target[0],
                  card=self.card_key(loc))
        self.gain_good(seat, self.cards[loc].deal)
        self.trigger(seat, "deal")

    # ------------------------------------------------------------ «Посредник»
    def targets_build_from_deal(self, seat, cid, cost, spare):
        return [(d,) for d in dict.fromkeys(self.deals[seat])
                if self.can_build(seat, d, no_foundation=True, extra=cost)]

    def resolve_build_from_deal(self, seat, cid, target):
        self.start_build(seat, target[0], source="deal", no_foundation=True)

    # ------------------------------------------------------------ «Поселенцы»
    def targets_build_faction_no_foundation(self, seat, cid, cost, spare):
        return [(h,) for h in self.distinct_hand(seat)
                if not self.cards[h].common
                and self.can_build(seat, h, no_foundation=True, extra=cost)]

    def resolve_build_faction_no_foundation(self, seat, cid, target):
        self.start_build(seat, target[0], source="hand", no_foundation=True)

    # ------------------------------------------------------------ «Имперский посланник»
    def targets_activate_deal(self, seat, cid, cost, spare):
        return self.own_deal_options(seat)

    def resolve_activate_deal(self, seat, cid, target):
        kind, i = target
        deal = (self.deals[seat] if kind == 0 else self.route[seat])[i]
        self.gain_good(seat, self.cards[deal].deal)

    # ------------------------------------------------------------ «Бродячие актёры»
    def targets_activate_other_action(self, seat, cid, cost, spare):
        """Reconstructed: use another of one's action locations again this round."""
        out = []
        for loc in self.controlled(seat):
            action = self.cards[loc].action
            if loc == cid or action is None or action.get("op") == "activate_other_action":
                continue
            if not self.can_afford(seat, action["cost"], extra=cost):
                continue
            if action.get("op") and not self.op_targets(seat, loc, action["op"], True):
                continue
            out.append((loc,))
        return out

    def resolve_activate_other_action(self, seat, cid, target):
        self.info[target[0]][USED] -= 1  # the extra use does not count against its limit
        self.start_activation(seat, target[0], 1)

    # ------------------------------------------------------------ «Носильщики»
    def targets_activate_production(self, seat, cid, cost, spare):
        return [(loc,) for loc in self.controlled(seat)
                if self.cards[loc].type == "production"]

    def resolve_activate_production(self, seat, cid, target):
        self.produce(seat, target[0])

    # ------------------------------------------------------------ «Храм Ра»
    def targets_capture(self, seat, cid, cost, spare):
        if self.captures[seat] <= 0:
            return []
        return [(t, loc) for t in self.targetable(seat) for loc in self.locs[t]
                if self.cards[loc].common and self.cards[loc].type in ("production", "action")
                and self.info[loc][CAPTOR] < 0]

    def resolve_capture(self, seat, cid, target):
        """«Захватив локацию с производством, вы не получаете товаров в момент захвата»."""
        t, loc = target
        self.info[loc][CAPTOR] = seat
        self.captures[seat] -= 1
        self.emit("imperial.event.capture", seat=seat, owner=t, card=self.card_key(loc))

    # ------------------------------------------------------------ «Святилище»
    def targets_foundation_from_hand(self, seat, cid, cost, spare):
        return [(h,) for h in self.distinct_hand(seat)]

    def resolve_foundation_from_hand(self, seat, cid, target):
        """«добавить карточку с руки в империю в качестве фундамента… не 1 дерево, а 1 камень»."""
        self.leave_hand(seat, target[0])
        self.fnd[seat].append(target[0])
        self.fnd_hidden[seat].append(target[0])
        self.goods[seat][S] += 1
        self.emit("imperial.event.sanctuary", seat=seat)
