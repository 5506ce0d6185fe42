"""Menu labels in human words: intersections and paths by the hex letters printed on the board
(``E·N`` = the top corner of hex E; «E·С» in Russian, see ``places``) plus the hexes around them."""

from __future__ import annotations

from settlers.core import Action, translate
from settlers.core.words import count_words

from . import actions as A
from .content import RESOURCE_INDEX, RESOURCE_KEYS, RESOURCES
from .places import corner_name, edge_name
from .state import CatanState
from .topology import CORNER_HEXES, EDGE_CORNERS, HEX_LABELS


def hex_text(st: CatanState, h: int, lang: str) -> str:
    terrain = translate(f"catan.terrain.{st.board.terrain[h]}", lang)
    n = st.board.number[h]
    return f"{HEX_LABELS[h]} {terrain}{' ' + str(n) if n else ''}"


def corner_text(st: CatanState, c: int, lang: str) -> str:
    around = ", ".join(hex_text(st, h, lang) for h in CORNER_HEXES[c])
    harbour = st.board.corner_harbour[c]
    extra = ""
    if harbour >= 0:
        kind = "generic" if harbour == 5 else RESOURCES[harbour]
        extra = "; " + translate(f"catan.harbour.{kind}", lang)
    return f"{corner_name(c, lang)} ({around}{extra})"


def path_text(st: CatanState, e: int, lang: str) -> str:
    a, b = EDGE_CORNERS[e]
    return translate("catan.path_between", lang, path=edge_name(e, lang),
                     a=corner_name(a, lang), b=corner_name(b, lang))


def cards_text(cards: tuple[int, ...] | list[int], lang: str) -> str:
    """"2 brick + 1 wool" (or "—"), in the accusative: every use is the object of a verb
    («предложить 2 глины + 1 руду»)."""
    return count_words(cards, RESOURCE_KEYS.__getitem__, lang, accusative=True)


def describe(st: CatanState, action: Action, lang: str) -> str:
    st.check_action(action)
    t = lambda key, **kw: translate(key, lang, **kw)  # noqa: E731
    kind = type(action)
    if kind in (A.PlaceSettlement, A.BuildSettlement, A.BuildCity):
        return t(f"catan.action.{action.kind}", where=corner_text(st, action.intersection, lang))
    if kind in (A.PlaceRoad, A.BuildRoad):
        return t(f"catan.action.{action.kind}", where=path_text(st, action.path, lang))
    if kind is A.Discard:
        return t("catan.action.discard", resource=t(f"catan.res.{action.resource}"))
    if kind is A.MoveRobber:
        where = hex_text(st, action.hex, lang)
        if action.victim is None:
            return t("catan.action.move_robber_alone", where=where)
        return t("catan.action.move_robber", where=where, victim=action.victim)
    if kind is A.OfferTrade:
        return t("catan.action.offer_trade", give=cards_text(action.give, lang),
                 get=cards_text(action.get, lang))
    if kind is A.CounterOffer:
        return t("catan.action.counter_offer", give=cards_text(action.give, lang),
                 get=cards_text(action.get, lang))
    if kind is A.AnswerTrade:
        return t("catan.action.answer_yes" if action.accept else "catan.action.answer_no")
    if kind is A.AcceptTrade:
        trade = st.trade
        answer = trade["answers"][action.seat] if trade else None
        if answer and answer[0] == "counter":
            give, get = answer[2], answer[1]
        elif trade:
            give, get = trade["give"], trade["get"]
        else:
            give = get = (0, 0, 0, 0, 0)
        return t("catan.action.accept_trade", seat=action.seat,
                 give=cards_text(give, lang), get=cards_text(get, lang))
    if kind is A.MaritimeTrade:
        from .trade import rate
        g = RESOURCE_INDEX.get(action.give, 0)
        return t("catan.action.maritime_trade", count=rate(st, st.current, g),
                 give=f"catan.res.{action.give}", get=f"catan.res.{action.get}")
    if kind is A.PlayYearOfPlenty:
        return t("catan.action.play_year_of_plenty",
                 resources=[f"catan.res.{r}" for r in action.resources])
    if kind is A.PlayMonopoly:
        return t("catan.action.play_monopoly", resource=t(f"catan.res.{action.resource}"))
    return t(f"catan.action.{action.kind}")
