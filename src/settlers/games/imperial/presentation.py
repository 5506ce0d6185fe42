"""What players see: the view (schema in README.md), the terminal tableau, menu labels, the
redacted log, and the reasons an action is refused.

«Нельзя показывать свои карточки другим игрокам»: a hand is shown only to its owner (others
see its size and the cards everyone saw it take in the open lookout); deck orders, foundations'
faces, cards under the Gate and private picks are hidden; «Ресурсы, рабочие и жетоны в личных
запасах игроков должны быть видны всем».
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action, IllegalAction, translate
from settlers.games.imperial.actions import (
    Activate,
    Build,
    Choose,
    Draw,
    Exchange,
    MakeDeal,
    Pass,
    Pay,
    Pick,
    PlaceDefence,
    PlaceSamurai,
    PutOnShrine,
    PutUnderGate,
    RazeCard,
    RazeLocation,
)
from settlers.games.imperial.cards import (
    ALL_GOODS,
    CAPTOR,
    DEFENCE,
    KEPT,
    RAZE,
    SAMURAI,
    SUPPLY_GOODS,
    USED,
    WK,
)

ROWS = ("production", "feature", "action")   # «ПРИНЦИП РАЗМЕЩЕНИЯ ЛОКАЦИЙ»
PRIVATE_PENDING = ("empire_pick", "build", "activate", "op", "solo_draft")


class Presentation:
    """Mixin of ImperialState."""

    info: dict[int, list[int]]

    def card_key(self, cid: int) -> str:
        return f"imperial.card.{self.cards[cid].id}"

    def card_name(self, cid: int, lang: str) -> str:
        return self.cards[cid].name.get(lang, self.cards[cid].name["en"])

    # ================================================================ view
    def _card(self, cid: int) -> dict[str, Any]:
        return {"card": cid, "id": self.cards[cid].id}

    def _location(self, cid: int) -> dict[str, Any]:
        info = self.info[cid]
        out = self._card(cid)
        out.update({"used": info[USED], "defence": bool(info[DEFENCE]), "samurai": bool(info[SAMURAI]),
                    "captured_by": info[CAPTOR], "kept": info[KEPT],
                    "under_gate": self._backs(self.gate.get(cid, []))})
        return out

    def _backs(self, cards: list[int]) -> dict[str, int]:
        """Face-down cards as others see them: how many of each back."""
        common = sum(1 for c in cards if self.cards[c].common)
        return {"common": common, "empire": len(cards) - common}

    def _player_view(self, s: int, seat: int | None) -> dict[str, Any]:
        rows: dict[str, list[dict[str, Any]]] = {r: [] for r in ROWS}
        for cid in self.locs[s]:
            rows[self.cards[cid].type].append(self._location(cid))
        mine = seat == s
        return {
            "empire": self.emp[s],
            "vp": self.vp[s],
            "score": self.vp[s] + self.location_points(s),
            "goods": dict(zip(SUPPLY_GOODS, self.goods[s], strict=True)),
            "kept_on_warehouses": list(self.stash_w[s]),
            "passed": self.passed[s],
            "hand": list(self.hand[s]) if mine else None,
            "hand_count": len(self.hand[s]),
            "hand_common_count": sum(1 for c in self.hand[s] if self.cards[c].common),
            "hand_known": list(self.known[s]),
            "locations": rows,
            # foundations face down from a hand are secret; razed locations were seen by all
            "foundations": list(self.fnd[s]) if mine else [
                c for c in self.fnd[s] if c not in self.fnd_hidden[s]],
            "foundation_count": len(self.fnd[s]),
            "secret_foundations": self._backs(self.fnd_hidden[s]),
            "empire_discard_cards": list(self.fdiscard[self.emp[s]]),
            "deals": list(self.deals[s]),
            "route_deals": list(self.route[s]),
            "captures_left": self.captures[s],
            "empire_deck": len(self.fdeck[self.emp[s]]),
            "empire_discard": len(self.fdiscard[self.emp[s]]),
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "cards": card_table(self.cards),   # public: what every card is (not where it is)
            "round": self.round,
            "phase": self.phase,
            "first": self.first,
            "turn": self.turn,
            "lookout": self.lookout_variant,
            "peaceful": self.peaceful,
            "row": list(self.row),
            "common_deck": len(self.common_deck),
            "common_discard": list(self.common_discard),   # discards lie face up
            "players": [self._player_view(s, seat) for s in range(self.players)],
            "pending": self._pending_view(seat),
        }
        d = self.draft
        if d.get("mode") == "alt":
            view["alt_lookout"] = {
                "step": d["step"],
                "offer": list(d["offer"][seat]) if seat is not None else None,
                "picked": [c >= 0 for c in d["choice"]],
                "my_pick": d["choice"][seat] if seat is not None else None,
                "offer_counts": [len(o) for o in d["offer"]],
            }
        if self.solo:
            view["solo"] = {
                "opponent_locations": list(self.virtual),
                "attack_row": [self.attack_goods[c] for c in self.attack_row],
                "attack_deck": len(self.attack_deck),
                "attack_deals": [self.attack_goods[c] for c in self.attack_deals],
                "trophies": len(self.trophies),
                "empire_locations": self.empire_locations(0),
                "achievement": self.achievement(),
            }
        return view

    def _pending_view(self, seat: int | None) -> dict[str, Any] | None:
        if not self.pending:
            return None
        p = self.pending[-1]
        out: dict[str, Any] = {"kind": p["kind"], "seat": p["seat"], "await": p["await"]}
        if p["seat"] == seat or p["kind"] not in PRIVATE_PENDING:
            out["options"] = [list(o) for o in p["options"]]
            if "card" in p and (p["seat"] == seat or p["kind"] != "build"):
                out["card"] = p["card"]
        return out

    # ================================================================ log
    def redact_action(self, actor: int, action: Action, viewer: int | None) -> dict[str, Any]:
        if viewer == actor or isinstance(action, (Build, MakeDeal, RazeCard, RazeLocation,
                                                  Activate, Pass, Exchange, PlaceDefence,
                                                  PlaceSamurai, PutOnShrine)):
            return action.to_json()
        out = action.to_json()
        for key in ("card", "option", "deck", "gold"):
            if key in out:
                out[key] = None
        return out

    # ================================================================ words
    def describe_action(self, action: Action, lang: str) -> str:
        t = _Words(self, lang)
        if isinstance(action, Pass):
            return t("action.pass")
        if isinstance(action, Build):
            return t("action.build", card=t.card(action.card), cost=t.cost(action.card))
        if isinstance(action, MakeDeal):
            return t("action.deal", card=t.card(action.card),
                     good=t.good(self.cards[action.card].deal))
        if isinstance(action, RazeCard):
            return t("action.raze_card", card=t.card(action.card),
                     goods=t.goods(self.cards[action.card].raze or {}))
        if isinstance(action, RazeLocation):
            return t("action.raze_location", card=t.card(action.card),
                     owner=t.seat(action.target),
                     tokens=self.raze_cost(action.target, action.card))
        if isinstance(action, Activate):
            key = "action.activate" if action.times == 1 else "action.activate_twice"
            return t(key, card=t.card(action.card))
        if isinstance(action, Exchange):
            return t("action.exchange")
        if isinstance(action, PlaceDefence):
            return t("action.place_defence", card=t.card(action.card))
        if isinstance(action, PlaceSamurai):
            return t("action.place_samurai", card=t.card(action.card))
        if isinstance(action, PutUnderGate):
            return t("action.put_under_gate", card=t.card(action.card))
        if isinstance(action, PutOnShrine):
            return t("action.put_on_shrine", good=t.good(action.good))
        if isinstance(action, Pick):
            return t("action.pick", card=t.card(action.card))
        if isinstance(action, Draw):
            return t(f"action.draw_{action.deck}")
        if isinstance(action, Pay):
            return t("action.pay", gold=sum(action.gold), detail=t.gold_detail(action.gold))
        if isinstance(action, Choose):
            return self._describe_choice(action.option, t)
        return action.to_json_text()

    def _describe_choice(self, option: tuple[int, ...], t: _Words) -> str:
        if not self.pending:
            return t("action.choose", option=list(option))
        p = self.pending[-1]
        kind = p["kind"]
        if kind == "exchange":
            return t(f"exchange.{option[0]}")
        if kind == "build":
            where = "exchange.fdn_location" if option[0] == 0 else "exchange.fdn_foundation"
            return t(where, card=t.card(option[1]))
        if kind == "choice":
            item = next(y for y in self.cards[p["card"]].production if "choice" in y)
            return t("action.take", goods=t.goods(item["choice"][option[0]]))
        if kind == "activate":
            if p["slot"] == "paid_cards":
                return t("action.discard_card", card=t.card(option[0]))
            return t("action.discard_deal", card=t.card(self._deal_card(p["seat"], option)))
        if kind in ("samurai_bonus", "solo_attack"):
            return t(f"action.{kind}", card=t.card(option[0]))
        if kind == "op":
            return self._describe_target(p, option, t)
        return t("action.choose", option=list(option))

    def _deal_card(self, seat: int, option: tuple[int, ...]) -> int:
        kind, i = option[-2], option[-1]
        return (self.deals[seat] if kind == 0 else self.route[seat])[i]

    def _describe_target(self, p: dict[str, Any], option: tuple[int, ...], t: _Words) -> str:
        op = p["op"]
        if op == "steal_resource":
            return t("target.steal", owner=t.seat(option[0]), good=t.good(ALL_GOODS[option[1]]))
        if op in ("raze_opponent", "discard_opponent", "deal_with_opponent", "capture"):
            return t(f"target.{op}", owner=t.seat(option[0]), card=t.card(option[1]))
        if op == "raze_bonus_good":
            return t("target.raze_bonus_good", owner=t.seat(option[0]), card=t.card(option[1]),
                     good=t.good(ALL_GOODS[option[2]]))
        if op in ("cancel_opponent_deal", "take_opponent_deal"):
            owner = option[0]
            kind, i = (option[1], option[2]) if len(option) == 3 else (0, option[1])
            if owner < 0:
                return t(f"target.{op}_attack", good=t.good(self.attack_goods[self.attack_row[i]]))
            cid = (self.deals[owner] if kind == 0 else self.route[owner])[i]
            return t(f"target.{op}", owner=t.seat(owner), card=t.card(cid))
        if op == "activate_deal":
            return t("target.activate_deal", card=t.card(self._deal_card(p["seat"], option)))
        return t(f"target.{op}", card=t.card(option[0]))

    # ================================================================ refusals
    def why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if self.pending:
            return IllegalAction("imperial.answer_pending",
                                 question=f"imperial.question.{self.pending[-1]['kind']}")
        if self.phase == "alt_lookout":
            return IllegalAction("imperial.pick_from_offer")
        supply = self.goods[seat]
        card = getattr(action, "card", None)
        if isinstance(action, (Build, MakeDeal, RazeCard)) and card not in self.hand[seat]:
            return IllegalAction("imperial.not_in_hand", card=str(card))
        if isinstance(action, Build):
            c = self.cards[card]
            if c.foundation and not self.foundation_options(seat):
                return IllegalAction("imperial.needs_foundation", card=self.card_key(card))
            return IllegalAction("imperial.cannot_afford", card=self.card_key(card))
        if isinstance(action, MakeDeal):
            if self.cards[card].common or self.cards[card].deal is None:
                return IllegalAction("imperial.no_deal", card=self.card_key(card))
            return IllegalAction("imperial.deal_needs_food")
        if isinstance(action, RazeCard):
            if supply[RAZE] < 1:
                return IllegalAction("imperial.no_raze_tokens", need=1)
            return IllegalAction("imperial.not_razeable", card=self.card_key(card))
        if isinstance(action, RazeLocation):
            return self._why_not_raze_location(seat, action)
        if isinstance(action, Activate):
            if card not in self.controlled(seat) or self.cards[card].action is None:
                return IllegalAction("imperial.not_your_action", card=str(card))
            if self.info[card][USED] + action.times > self.cards[card].action["limit"]:
                return IllegalAction("imperial.limit_reached", card=self.card_key(card))
            return IllegalAction("imperial.cannot_activate", card=self.card_key(card))
        if isinstance(action, Exchange) and supply[WK] < 2:
            return IllegalAction("imperial.exchange_needs_workers")
        if isinstance(action, (Pick, Draw, Pay, Choose)):
            return IllegalAction("imperial.nothing_to_answer")
        return IllegalAction("imperial.illegal", action=action.to_json_text())

    def _why_not_raze_location(self, seat: int, action: RazeLocation) -> IllegalAction:
        if self.peaceful:
            return IllegalAction("imperial.peaceful_no_raze")
        target, card = action.target, action.card
        if target == seat:
            return IllegalAction("imperial.raze_own_empire")
        if 0 <= target < self.players and self.passed[target]:
            return IllegalAction("imperial.target_passed", target=target)
        where = self.virtual if target < 0 else (
            self.locs[target] if target < self.players else [])
        if card not in where:
            return IllegalAction("imperial.no_such_location", card=str(card), target=target)
        if not self.location_razeable(card):
            return IllegalAction("imperial.not_razeable", card=self.card_key(card))
        return IllegalAction("imperial.no_raze_tokens", need=self.raze_cost(target, card))

    # ================================================================ terminal
    def render(self, seat: int | None, lang: str) -> str:
        t = _Words(self, lang)
        lines = [t("render.round", round=self.round, phase=t(f"phase.{self.phase}"),
                   first=t.seat(self.first))]
        if self.row:
            lines.append(t("render.row", cards=", ".join(t.card(c) for c in self.row)))
        for s in range(self.players):
            lines.extend(self._render_player(s, seat, t))
        if self.solo:
            lines.append(t("render.solo", trophies=len(self.trophies),
                           opponent=", ".join(t.card(c) for c in self.virtual) or "-",
                           attacks=", ".join(t.good(self.attack_goods[c])
                                             for c in self.attack_row)))
        if self.pending and self.pending[-1]["seat"] == seat:
            lines.append(t("render.question",
                           question=t(f"question.{self.pending[-1]['kind']}")))
        if seat is not None and self.draft.get("mode") == "alt":
            lines.append(t("render.offer", cards=", ".join(
                t.card(c) for c in self.draft["offer"][seat])))
        return "\n".join(lines)

    def _render_player(self, s: int, seat: int | None, t: _Words) -> list[str]:
        head = t("render.player", seat=t.seat(s), empire=t(f"empire.{self.emp[s]}"),
                 vp=self.vp[s], score=self.vp[s] + self.location_points(s),
                 passed=t("render.passed") if self.passed[s] else "")
        supply = ", ".join(f"{t.good(g)} {n}" for g, n in zip(SUPPLY_GOODS, self.goods[s],
                                                             strict=True) if n)
        out = [f"[bold]{head}[/bold]", "  " + t("render.supply", goods=supply or "-")]
        for row in ROWS:
            cells = []
            for cid in self.locs[s]:
                if self.cards[cid].type != row:
                    continue
                info = self.info[cid]
                marks = ("⛨" if info[DEFENCE] else "") + ("侍" if info[SAMURAI] else "") + \
                        ("•" * info[USED]) + (f"[{t.seat(info[CAPTOR])}]" if info[CAPTOR] >= 0 else "")
                cells.append(t.card(cid) + marks)
            out.append("  " + t(f"render.row_{row}", cards=", ".join(cells) or "-"))
        out.append("  " + t("render.deals", goods=", ".join(
            t.good(self.cards[c].deal) for c in self.deals[s] + self.route[s]) or "-",
            foundations=len(self.fnd[s])))
        if seat == s:
            out.append("  " + t("render.hand", cards=", ".join(
                t.card(c) for c in self.hand[s]) or "-"))
        else:
            out.append("  " + t("render.hand_count", count=len(self.hand[s])))
        return out


class _Words:
    """Catalog look-ups for one language."""

    def __init__(self, state: Any, lang: str) -> None:
        self.state = state
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return translate(f"imperial.{key}", self.lang, **params)

    def card(self, cid: int) -> str:
        return "«" + self.state.card_name(cid, self.lang) + "»"

    def good(self, good: str | None) -> str:
        return self(f"good.{good}")

    def goods(self, goods: dict[str, int]) -> str:
        return ", ".join(f"{n} {self.good(g)}" for g, n in goods.items()) or "-"

    def cost(self, cid: int) -> str:
        card = self.state.cards[cid]
        text = self.goods(card.cost) if card.cost else self("cost.free")
        if card.foundation:
            text += " + " + self("cost.foundation")
        return text

    def gold_detail(self, gold: tuple[int, int, int]) -> str:
        return ", ".join(f"{n}→{self.good(g)}" for g, n in zip(("W", "S", "F"), gold,
                                                                 strict=True) if n) or "-"

    def seat(self, seat: int) -> str:
        if seat < 0:
            return self("render.virtual")
        return self("render.seat", seat=seat)


_TABLES: dict[int, tuple[Any, list[dict[str, Any]]]] = {}


def card_table(cards: Any) -> list[dict[str, Any]]:
    """The printed face of every card, by index (the same list for every view of a game:
    built once per card table, so views stay cheap and browsers get names, types, colours
    and costs even from a user's own card file)."""
    cached = _TABLES.get(id(cards))
    if cached is not None and cached[0] is cards:
        return cached[1]
    table = [{"id": c.id, "name": dict(c.name), "deck": c.deck, "type": c.type,
              "colours": list(c.colours), "cost": dict(c.cost), "foundation": c.foundation,
              "deal": c.deal, "raze": dict(c.raze) if c.raze else None} for c in cards]
    _TABLES[id(cards)] = (cards, table)
    return table
