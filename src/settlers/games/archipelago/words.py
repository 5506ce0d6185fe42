"""Catalog keys for the things the log and the menus name."""

from __future__ import annotations

_ITEMS = {"f": "item.florin", "token": "item.token", "permit": "item.permit"}


def item_keys(items: list[str]) -> list[str]:
    """Catalog keys naming the items of an offer or a gift (a florin "f", an explorer token, a
    harvest permission or a resource), one per item, for a counted list such as "4 florins,
    1 iron"; an empty side reads "nothing"."""
    return [f"archipelago.{_ITEMS.get(it) or 'res.' + it}" for it in items] or \
        ["archipelago.item.nothing"]
