"""Words for people: menu labels of actions (the terminal board is the core's default)."""

from __future__ import annotations

from settlers.core import Action, translate
from settlers.testing.sample.actions import Bid


def describe_action(action: Action, lang: str) -> str:
    if isinstance(action, Bid):
        return translate("sample.action.bid", lang, card=action.card)
    return translate(f"sample.action.{action.kind}", lang)
