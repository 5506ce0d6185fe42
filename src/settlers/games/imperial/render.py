"""The terminal tableau and the words for every action (menu labels), from the catalogs.
"""

from __future__ import annotations

from typing import Any

from settlers.core import Action
from settlers.core.i18n import counted, translate
from settlers.core.words import Words
from settlers.games.imperial import actions
from settlers.games.imperial.card_text import action_text, card_facts, cost_text, effect_text
from settlers.games.imperial.content import ALL_GOODS, CAPTOR, DEFENCE, SAMURAI, SUPPLY_GOODS, USED
from settlers.games.imperial.decks import card_name, empire_key
from settlers.games.imperial.razing import raze_cost
from settlers.games.imperial.scoring import location_points
from settlers.games.imperial.state import ImperialState
from settlers.games.imperial.supply import (
    DEAL_TAKEN_ATTACK,
    DEAL_UNDER_BOARD,
    deal_good,
)
from settlers.games.imperial.view import ROWS


def describe_action(st: ImperialState, action: Action, lang: str) -> str:
    st.check_action(action)
    t = _Words(st, lang)
    if isinstance(action, actions.Pass):
        return t("action.pass")
    if isinstance(action, actions.EndTurn):
        return t("action.end_turn")
    if isinstance(action, actions.Build):
        return t("action.build", card=t.card(action.card), cost=t.cost(action.card),
                 effect=t.effect(action.card))
    if isinstance(action, actions.MakeDeal):
        return t("action.deal", card=t.card(action.card),
                 good=t.good(st.cards[action.card].deal))
    if isinstance(action, actions.RazeCard):
        return t("action.raze_card", card=t.card(action.card),
                 goods=t.goods(st.cards[action.card].raze or {}))
    if isinstance(action, actions.RazeLocation):
        return t("action.raze_location", card=t.card(action.card),
                 owner=t.seat(action.target),
                 tokens=raze_cost(st, action.target, action.card))
    if isinstance(action, actions.Activate):
        key = "action.activate" if action.times == 1 else "action.activate_twice"
        return t(key, card=t.card(action.card),
                 effect=action_text(st.cards[action.card], lang))
    if isinstance(action, actions.Exchange):
        return t("action.exchange")
    if isinstance(action, actions.PlaceDefence):
        return t("action.place_defence", card=t.card(action.card))
    if isinstance(action, actions.PlaceSamurai):
        return t("action.place_samurai", card=t.card(action.card))
    if isinstance(action, actions.PutUnderGate):
        return t("action.put_under_gate", card=t.card(action.card))
    if isinstance(action, actions.PutOnShrine):
        return t("action.put_on_shrine", good=t.good(action.good))
    if isinstance(action, actions.Pick):
        return t("action.pick", card=t.card(action.card), details=t.card_facts(action.card))
    if isinstance(action, actions.Draw):
        return t(f"action.draw_{action.deck}")
    if isinstance(action, actions.Pay):
        return t("action.pay", gold=sum(action.gold), detail=t.gold_detail(action.gold))
    if isinstance(action, actions.Choose):
        return _describe_choice(st, action.option, t)
    return action.to_json_text()


def _describe_choice(st: ImperialState, option: tuple[int, ...], t: _Words) -> str:
    if not st.pending:
        return t("action.choose", option=list(option))
    p = st.pending[-1]
    kind = p["kind"]
    if kind == "exchange":
        return t(f"exchange.{option[0]}")
    if kind == "build":
        if option[0] == 0:   # a location, told apart from its copies by its marks
            return t("exchange.fdn_location", card=t.location(option[1]))
        return t("exchange.fdn_foundation", card=t.card(option[1]))
    if kind == "choice":
        return t("action.take", goods=t.goods(p["goods"][option[0]], accusative=True))
    if kind == "activate":
        if p["slot"] == "paid_cards":
            return t("action.discard_card", card=t.card(option[0]))
        return t("action.discard_deal", card=_deal_label(st, p["seat"], option, t))
    if kind == "warehouse":
        return t("action.keep_on_warehouses", goods=t.goods(
            {g: n for g, n in zip(("W", "S", "F"), option, strict=True) if n}))
    if kind in ("samurai_bonus", "solo_attack"):
        return t(f"action.{kind}", card=t.location(option[0]))
    if kind == "op":
        return _describe_target(st, p, option, t)
    return t("action.choose", option=list(option))


def _deal_label(st: ImperialState, seat: int, option: tuple[int, ...], t: _Words) -> str:
    """One's own deal by its card, or — solo — an attack card by its good."""
    kind, i = option[-2], option[-1]
    if kind == DEAL_TAKEN_ATTACK:
        return t("render.attack_deal", good=t.good(deal_good(st, seat, kind, i)))
    return t.card((st.deals[seat] if kind == DEAL_UNDER_BOARD else st.route[seat])[i])


def _describe_target(st: ImperialState, p: dict[str, Any], option: tuple[int, ...], t: _Words) -> str:
    op = p["op"]
    if op == "steal_resource":
        return t("target.steal", owner=t.seat(option[0]), good=t.good(ALL_GOODS[option[1]]))
    if op in ("raze_opponent", "discard_opponent", "deal_with_opponent", "capture"):
        return t(f"target.{op}", owner=t.seat(option[0]), card=t.location(option[1]))
    if op == "raze_bonus_good":
        return t("target.raze_bonus_good", owner=t.seat(option[0]), card=t.location(option[1]),
                 good=t.good(ALL_GOODS[option[2]]))
    if op in ("cancel_opponent_deal", "take_opponent_deal"):
        owner = option[0]
        kind, i = (option[1], option[2]) if len(option) == 3 else (0, option[1])
        if owner < 0:
            return t(f"target.{op}_attack", good=t.good(st.attack_goods[st.attack_row[i]]))
        cid = (st.deals[owner] if kind == 0 else st.route[owner])[i]
        # a deal lies face down: the chooser sees its good only (L199)
        return t(f"target.{op}", owner=t.seat(owner), good=t.good(st.cards[cid].deal))
    if op == "activate_deal":
        return t("target.activate_deal", card=_deal_label(st, p["seat"], option, t))
    return t(f"target.{op}", card=t.location(option[0]))   # (a card in a hand: no marks)


def render(st: ImperialState, seat: int | None, lang: str) -> str:
    st.check_viewer(seat)
    t = _Words(st, lang)
    lines = [t("render.round", round=st.round, phase=t(f"phase.{st.phase}"),
               first=t.seat(st.first))]
    if st.row:
        lines.append(t("render.row", cards=", ".join(t.card(c) for c in st.row)))
    for s in range(st.players):
        lines.extend(_render_player(st, s, seat, t))
    if st.solo:
        lines.append(t("render.solo", trophies=len(st.trophies),
                       opponent=", ".join(t.card(c) for c in st.virtual) or "—",
                       attacks=", ".join(t.good(st.attack_goods[c])
                                         for c in st.attack_row)))
    marks = _marks_shown(st)
    if marks:   # what the signs after a location's name mean, as Founders' board says
        lines.append(t("render.legend", marks="  ".join(t(f"render.mark_{m}") for m in marks)))
    if st.pending and st.pending[-1]["seat"] == seat:
        lines.append(t("render.question",
                       question=t(f"question.{st.pending[-1]['kind']}")))
    if seat is not None and st.draft.get("mode") == "alt":
        lines.append(t("render.offer", cards=", ".join(
            t.card(c) for c in st.draft["offer"][seat])))
        if st.draft["step"] == 2:   # the cards this seat passed: the next seat's offer (L730)
            passed = st.draft["offer"][(seat + 1) % st.players]
            lines.append(t("render.passed_cards", cards=", ".join(
                t.card(c) for c in passed) or "—"))
    return "\n".join(lines)


def card_details(st: ImperialState, seat: int | None, lang: str) -> str:
    """The terminal's «what the cards do» view: every card ``seat`` can see — the lookout
    row, the cards offered to it, its hand, each empire's locations — with all its face
    tells (card_text.py), one line a card, copies once. Plain text (no markup)."""
    st.check_viewer(seat)
    t = _Words(st, lang)
    sections: list[tuple[str, list[int]]] = [(t("details.row"), list(st.row))]
    if seat is not None and st.draft.get("mode") == "alt":
        sections.append((t("details.offer"), list(st.draft["offer"][seat])))
    if seat is not None:
        sections.append((t("details.hand"), list(st.hand[seat])))
    sections.extend((t("details.board", seat=t.seat(s)), list(st.locs[s]))
                    for s in range(st.players))
    lines = [t("details.title")]
    for title, cards in sections:
        if not cards:
            continue
        lines.append(title)
        lines.extend(dict.fromkeys(   # copies of a card read the same: once
            "  " + t("details.line", card=t.card(c), facts=t.card_facts(c)) for c in cards))
    return "\n".join(lines)


def _render_player(st: ImperialState, s: int, seat: int | None, t: _Words) -> list[str]:
    head = t("render.player", seat=t.seat(s), empire=translate(empire_key(st, st.emp[s]), t.lang),
             vp=st.vp[s], score=st.vp[s] + location_points(st, s),
             passed=t("render.passed") if st.passed[s] else "").rstrip()   # no «passed»: no space
    supply = ", ".join(f"{t.good(g)} {n}" for g, n in zip(SUPPLY_GOODS, st.goods[s],
                                                         strict=True) if n)
    out = [f"[bold]{head}[/bold]", "  " + t("render.supply", goods=supply or "—")]
    for row in ROWS:
        cells = []
        for cid in st.locs[s]:
            if st.cards[cid].type != row:
                continue
            cells.append(t.location(cid))
        out.append("  " + t(f"render.row_{row}", cards=", ".join(cells) or "—"))
    out.append("  " + t("render.deals", goods=", ".join(
        t.good(st.cards[c].deal) for c in st.deals[s] + st.route[s]) or "—",
        foundations=len(st.fnd[s])))
    if seat == s:
        out.append("  " + t("render.hand", cards=", ".join(
            t.card(c) for c in st.hand[s]) or "—"))
    else:
        out.append("  " + t("render.hand_count", count=len(st.hand[s])))
        seen = [c for c in st.hand_seen[seat] if c in st.hand[s]] if seat is not None else []
        if seen:   # the card this viewer passed in the alternative lookout and saw kept
            out.append("  " + t("render.hand_seen", cards=", ".join(t.card(c) for c in seen)))
    return out


def _marks_shown(st: ImperialState) -> list[str]:
    """The marks some location on a board carries (``_Words.location``), in their order."""
    shown: set[str] = set()
    for s in range(st.players):
        for cid in st.locs[s]:
            info = st.info.get(cid)
            if info is None:
                continue
            shown.update(name for name, on in (("defence", info[DEFENCE]),
                                               ("samurai", info[SAMURAI]),
                                               ("used", info[USED]),
                                               ("captor", info[CAPTOR] >= 0)) if on)
    return [m for m in ("defence", "samurai", "used", "captor") if m in shown]


class _Words(Words):
    """Imperial's catalog look-ups in one language, with the names of this game's things."""

    __slots__ = ("state",)

    def __init__(self, state: Any, lang: str) -> None:
        super().__init__("imperial", lang)
        self.state = state

    def card(self, cid: int) -> str:
        # «Мельница» in Russian, “Mill” in English
        return self("render.card_quoted", name=card_name(self.state, cid, self.lang))

    def location(self, cid: int) -> str:
        """A card with the marks it carries on a board — a defence token ⛨, a samurai 侍, a dot
        per use this round, its captor —: what tells identical copies apart (none in a hand)."""
        info = self.state.info.get(cid)
        if info is None:   # a card in a hand (e.g. a faction location built without a
            return self.card(cid)   # foundation): no board, no marks
        used: int = info[USED]
        return self.card(cid) + ("⛨" if info[DEFENCE] else "") + ("侍" if info[SAMURAI] else "") + \
            ("•" * used) + (f"[{self.seat(info[CAPTOR])}]" if info[CAPTOR] >= 0 else "")

    def good(self, good: str | None) -> str:
        return self(f"good.{good}")

    def goods(self, goods: dict[str, int], *, accusative: bool = False) -> str:
        """"2 дерева, 1 рабочий" (``accusative``: the object of a verb, «получить 1 рабочего»)."""
        return ", ".join(counted(f"imperial.good.{g}", n, self.lang, accusative=accusative)
                         for g, n in goods.items()) or "—"

    def cost(self, cid: int) -> str:
        return cost_text(self.state.cards[cid], self.lang)

    def card_facts(self, cid: int) -> str:
        """What a card taken into the hand is for: its row, its cost, what it does, what
        razing it gives, the good of a deal on it — the facts the name alone does not tell
        (card_text.py)."""
        return card_facts(self.state.cards[cid], self.lang)

    def effect(self, cid: int) -> str:
        """What the card does, generated from its data (card_text.py)."""
        return effect_text(self.state.cards[cid], self.lang)

    def gold_detail(self, gold: tuple[int, int, int]) -> str:
        return ", ".join(f"{n}→{self.good(g)}" for g, n in zip(("W", "S", "F"), gold,
                                                                 strict=True) if n) or "—"

    def seat(self, seat: int) -> str:
        if seat < 0:
            return self("render.virtual")
        return self("render.seat", seat=seat)
