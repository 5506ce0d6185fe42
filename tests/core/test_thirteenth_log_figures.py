"""Thirteenth pass: the game log's quantities are written the reader's way.

A log line (``Event.to_json``: the web's log, the terminal's) filled its numbers with
``str()``: «собирает налоги: 1500f», «Население 2.5». A quantity is now marked ``!f`` in the
catalog (settlers.core.i18n) and written as the language writes a figure, grouped as a
plural's ``#`` is: «1 500f», "1,500f", «2,5». What names or orders rather than counts (a
seat, a hex, a region, a corner, a turn's or a round's number, a die's face) stays as
Python writes it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import settlers
from settlers.core.events import Event
from settlers.core.plurals import format_icu

GAMES = Path(settlers.__file__).resolve().parent / "games"

for _game in ("catan", "iceland", "archipelago", "imperial", "founders"):
    settlers.load(_game)  # registers the game's catalog namespace

#: plain fields of log lines that name or order (ids, coordinates, ordinals, dice faces)
NOT_QUANTITIES = {"region", "hex", "intersection", "path", "shore", "shores", "pile", "x", "y",
                  "to", "turn", "round", "step", "number", "old", "new", "d1", "d2", "total"}


def _line(key: str, lang: str, **params) -> str:
    return Event(0, key, params, None).to_json(lang)["text"]


@pytest.mark.parametrize(("key", "params", "ru", "en"), [
    ("archipelago.event.taxes", {"seat": 0, "n": 1500}, "налоги: 1\u00a0500f", "1,500f of taxes"),
    ("archipelago.event.population", {"population": 12000, "rebellion": 2.5, "surplus": 0},
     "Население 12\u00a0000, мятеж 2,5, излишки 0", "Population 12,000, rebellion 2.5, surplus 0"),
    ("archipelago.event.bid", {"seat": 1, "amount": 10_000}, "10\u00a0000f", "10,000f"),
    ("catan.ev.turn_limit", {"turns": 10_000}, "(10\u00a0000)", "(10,000)"),
    ("catan.ev.largest_army", {"seat": 0, "knights": 1000}, "(рыцарей: 1\u00a0000)",
     "(1,000 knights)"),
    ("iceland.event.bid", {"seat": 0, "cards": 1200, "total": 3400}, "добавляет 1\u00a0200 "
     "(у стороны 3\u00a0400)", "adds 1,200 (side total 3,400)"),
    ("imperial.event.activate", {"seat": 0, "card": "imperial.card.0", "times": 1000},
     "(раз: 1\u00a0000)", "1,000"),
])
def test_quantities_in_the_log_are_figures(key, params, ru, en):
    assert ru in _line(key, "ru", **params)
    assert en in _line(key, "en", **params)


@pytest.mark.parametrize(("key", "params", "shown"), [
    ("catan.ev.settlement", {"seat": 0, "intersection": 1234}, "1234"),
    ("catan.ev.turn", {"seat": 0, "turn": 1000}, "Ход 1000"),
    ("archipelago.event.recruit", {"seat": 0, "price": 1500, "region": 1001}, "регион 1001"),
    ("iceland.event.number_placed", {"hex": 2001, "number": 1000}, "гекс 2001 кладётся число 1000"),
])
def test_names_and_ordinals_stay_as_python_writes_them(key, params, shown):
    assert shown in _line(key, "ru", **params)


def _plain_fields(text: str, lang: str) -> set[str]:
    """The fields of ``text`` filled as Python writes them (no conversion), plural and select
    parts resolved first (their options' braces hold words)."""
    resolved = format_icu(text, lang, {}, keep_fields=True)
    return {m.group(1) for m in re.finditer(r"\{(\w+)(?::[^{}]*)?\}", resolved)}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_number_of_a_log_line_is_a_figure_or_a_name(lang):
    """Every plain field of every game's log texts names or orders: a quantity is ``!f`` or
    the ``#`` of a plural (a new log text with a plain count fails here)."""
    plain = {}
    for path in sorted(GAMES.glob(f"*/messages/{lang}.json")):
        for key, text in json.loads(path.read_text("utf-8")).items():
            if ".ev." in key or ".event." in key:
                left = _plain_fields(text, lang) - NOT_QUANTITIES
                if left:
                    plain[key] = sorted(left)
    assert plain == {}
