"""Catalog keys for the things the log and the menus name."""

from __future__ import annotations

from typing import Any

_ITEMS = {"f": "item.florin", "token": "item.token"}
#: a harvest permission in one region as an offer's item: ``PERMIT + region`` (L459, L709)
PERMIT = "permit:"


def item_keys(items: list[str]) -> list[Any]:
    """Catalog keys naming the items of an offer or a gift (a florin "f", an explorer token, a
    harvest permission in a region, an evolution card or a resource), one per item, for a
    counted list such as "4 florins, 1 iron" (a permission: the key with its region, as the
    counted list takes it); an empty side reads "nothing"."""
    return [{"key": "archipelago.item.permit_in", "region": int(it[len(PERMIT):])}
            if it.startswith(PERMIT) else f"archipelago.{_ITEMS.get(it) or _card_or_resource(it)}"
            for it in items] or ["archipelago.item.nothing"]


def _card_or_resource(item: str) -> str:
    """An evolution card (``card:<id>``, negotiation.CARD) by its name, else a resource."""
    return "card." + item[5:] if item.startswith("card:") else "res." + item
