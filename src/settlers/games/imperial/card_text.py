"""What a card does, in words: generated from the card's own data (``content.Card``: its
production, features, action, building bonus), so the text says what the engine does with it.

Only the special abilities — an action's operation (``op``) and a passive feature — are written
by hand, one catalog entry each (``imperial.fx.op.*``, ``imperial.fx.passive.*``); everything
else is a count of goods and a few phrases around it. A card of a user's own file is described
the same way.
"""

from __future__ import annotations

from typing import Any

from settlers.core.i18n import counted
from settlers.core.words import Words
from settlers.games.imperial.content import Card


def goods_text(goods: dict[str, int], lang: str, *, accusative: bool = False) -> str:
    """"2 дерева, 1 рабочий" (``accusative``: the object of a verb); '—' for nothing."""
    return ", ".join(counted(f"imperial.good.{g}", n, lang, accusative=accusative)
                     for g, n in goods.items() if n) or "—"


def cost_text(card: Card, lang: str) -> str:
    """What building ``card`` costs: its goods, and the discarded location it needs (that
    alone when it costs no goods: «сброс локации», not «бесплатно + сброс локации»)."""
    t = Words("imperial", lang)
    if not card.cost:
        return t("cost.foundation") if card.foundation else t("cost.free")
    text = goods_text(card.cost, lang)
    if card.foundation:
        text += " + " + t("cost.foundation")
    return text


def _colour(t: Words, colour: str) -> str:
    return t(f"fx.colour.{colour}")


def _yield(t: Words, item: dict[str, Any], accusative: bool) -> str:
    """One yield of a production or a building bonus (``effects.apply_yields``);
    ``accusative``: the object of «производит»."""
    lang = t.lang
    if "goods" in item:
        return goods_text(item["goods"], lang, accusative=accusative)
    if "per" in item:
        one = counted(f"imperial.good.{item['good']}", 1, lang, accusative=accusative)
        text = (t("fx.per_samurai", goods=one) if item["per"] == "samurai"
                else t("fx.per", goods=one, colour=_colour(t, item["per"])))
        if "max" in item:
            text = t("fx.at_most", text=text, max=item["max"])
        return text
    if "choice" in item:
        return t("fx.or").join(goods_text(g, lang, accusative=accusative)
                               for g in item["choice"])
    if "pick" in item:
        if item["pick"] == 1:   # one of the top one: the top empire card («1 имперская карточка»)
            return counted("imperial.good.CardF", 1, lang, accusative=accusative)
        return t("fx.pick", n=item["pick"])
    if "samurai" in item:
        return t("fx.samurai", n=item["samurai"])
    return "?"


def _yields(t: Words, items: tuple[dict[str, Any], ...], accusative: bool = False) -> str:
    return "; ".join(_yield(t, item, accusative) for item in items)


def _feature(t: Words, feat: dict[str, Any]) -> str:
    """A feature: a passive one's own words, or «каждый раз, …: goods» (``supply.trigger``)."""
    if "passive" in feat:
        return t(f"fx.passive.{feat['passive']}", max=feat.get("max", 0))
    on = feat["on"]
    goods = goods_text(feat["goods"], t.lang)
    if on == "build":
        colour = feat.get("colour")
        when = t("fx.on.build_colour", colour=_colour(t, colour)) if colour else t("fx.on.build")
    else:
        when = t(f"fx.on.{on}")
    return t("fx.each_time", when=when, goods=goods)


def _action(t: Words, action: dict[str, Any]) -> str:
    """«1 рабочий → 1 дерево», its operation's words, how often a round (``activation``)."""
    cost = goods_text(action["cost"], t.lang) if action.get("cost") else t("cost.free")
    results = []
    if action.get("goods"):
        results.append(goods_text(action["goods"], t.lang))
    if action.get("op"):
        op = t(f"fx.op.{action['op']}")
        if action.get("ignore_defence"):
            op = t("fx.ignore_defence", text=op)
        results.append(op)
    text = t("fx.action", cost=cost, result=", ".join(results) or "—")
    limit = action.get("limit", 1)
    if limit > 1:
        text = t("fx.limit", text=text, n=limit)
    return text


def action_text(card: Card, lang: str) -> str:
    """What activating the card does («действие: 1 рабочий → 1 дерево»); '' without an action."""
    return _action(Words("imperial", lang), card.action) if card.action else ""


def effect_parts(card: Card, lang: str) -> list[str]:
    """The card's abilities, one phrase each: production, features, action, building bonus,
    and «нельзя разрушить»."""
    t = Words("imperial", lang)
    parts = []
    if card.production:
        parts.append(t("fx.production", what=_yields(t, card.production, accusative=True)))
    parts.extend(_feature(t, feat) for feat in card.features)
    if card.action:
        parts.append(_action(t, card.action))
    if card.build_bonus:
        parts.append(t("fx.build_bonus", what=_yields(t, card.build_bonus)))
    if card.unrazeable:
        parts.append(t("fx.unrazeable"))
    return parts


def effect_text(card: Card, lang: str) -> str:
    """What the card does, on one line («производит 2 дерева; при постройке: 1 карточка»);
    a card with no ability says so."""
    return "; ".join(effect_parts(card, lang)) or Words("imperial", lang)("fx.none")


def card_facts(card: Card, lang: str) -> str:
    """Everything a card's face tells, on one line: its row, its cost, what it does, what
    razing it gives and the good of a deal on it."""
    t = Words("imperial", lang)
    if card.cost:
        cost = t("pick.cost", cost=cost_text(card, lang))
    else:   # «строится бесплатно», «строится за сброс локации» (not «стоит бесплатно»)
        cost = t("fx.foundation_only") if card.foundation else t("fx.free_to_build")
    facts = [t(f"kind.{card.type}"), cost, effect_text(card, lang)]
    if card.raze:   # a built location that cannot be razed is razed from the hand only
        key = "fx.raze_from_hand" if card.unrazeable else "pick.raze"
        facts.append(t(key, goods=goods_text(card.raze, lang)))
    if card.deal:
        facts.append(t("pick.deal", good=t(f"good.{card.deal}")))
    return "; ".join(facts)
