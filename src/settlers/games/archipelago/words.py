"""Catalog keys for the things the log and the menus name."""

from __future__ import annotations

from typing import Any

from settlers.core.i18n import lookup

_ITEMS = {"f": "item.florin", "token": "item.token"}
#: a harvest permission in one region as an offer's item: ``PERMIT + region`` (L459, L709)
PERMIT = "permit:"


def item_keys(items: list[str], cards: Any = ()) -> list[Any]:
    """Catalog keys naming the items of an offer or a gift (a florin "f", an explorer token, a
    harvest permission in a region, an evolution card or a resource), one per item, for a
    counted list such as "4 florins, 1 iron" (a permission: the key with its region, as the
    counted list takes it); an empty side reads "nothing". A card the catalogs do not name (a
    user's content file: ``cards``, the content's cards) is named from its file."""
    return [{"key": "archipelago.item.permit_in", "region": int(it[len(PERMIT):])}
            if it.startswith(PERMIT) else _named_card(it, cards)
            or (f"archipelago.{_ITEMS[it]}" if it in _ITEMS else _card_or_resource(it))
            for it in items] or ["archipelago.item.nothing"]


def _named_card(item: str, cards: Any) -> dict[str, Any] | None:
    """``{"key": "archipelago.item.card_named", "name": {lang: name}}`` for a card of a user's
    file whose id the catalogs lack; None for anything else."""
    if not item.startswith("card:") or lookup(f"archipelago.card.{item[5:]}", "en") is not None:
        return None
    for c in cards:
        if c.id == item[5:]:
            return {"key": "archipelago.item.card_named", "name": dict(c.name)}
    return None


def _card_or_resource(item: str) -> Any:
    """An evolution card (``card:<id>``, negotiation.CARD) as «карту «Пирамида»» — its name in
    the item's words, not counted as a cube is («1 Пирамида») —, else a resource."""
    if item.startswith("card:"):
        return {"key": "archipelago.item.card", "card": f"archipelago.card.{item[5:]}"}
    return "archipelago.res." + item
