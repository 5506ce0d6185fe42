"""Twelfth pass: the web's figures in the reader's language.

The server's refusals write their quantities (a limit, a length, a version) as the language
writes figures — «10 000» with a no-break space, "10,000" — while the payload's own fields stay
numbers; the page's ``fill`` (static/js/util.js) writes every number of a catalog text, in a
plural's ``#`` or a plain field, with ``Intl.NumberFormat`` of the page's language, and its
``formatNumber`` is what the players' and final-score tables use (game.js)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from web_helpers import run_util_js

import settlers.web
from settlers.web.errors import ActError
from settlers.web.i18n import t

NB = "\u00a0"


@pytest.mark.parametrize(("code", "params", "ru", "en"), [
    ("too_many_games", {"limit": 10_000}, f"(предел 10{NB}000)", "(limit 10,000)"),
    ("too_large", {"limit": 65_536}, f"65{NB}536 байт", "65,536 bytes"),
    # (fourteenth pass: a version names a state, as a turn does: ungrouped, as the log writes it)
    ("stale_version", {"version": 1200, "current": 1201}, "версия 1200, сейчас 1201",
     "version 1200, now 1201"),
    ("bad_name", {"field": "seat0_name", "limit": 21}, "не больше 21 символа",
     "at most 21 characters"),
])
def test_a_refusals_figures_are_in_the_readers_language(code, params, ru, en):
    refusal = ActError(code, **params)
    assert ru in refusal.message("ru"), refusal.message("ru")
    assert en in refusal.message("en"), refusal.message("en")
    payload = refusal.payload("ru")
    for name, value in params.items():   # the machine's fields stay as they were
        assert payload[name] == value


def test_figures_are_only_for_quantities():
    """A port, which a reader types back, is not grouped: ``t`` leaves numbers as they are,
    ``t_figures`` (the refusals) writes them as figures; a flag is no number."""
    from settlers.web.i18n import t_figures

    assert "65535" in t("serve.port_denied", "en", port=65535, host="127.0.0.1")
    assert t_figures("lobby.moves", "en", (), n=1000) == "1,000 moves"   # (a plural's #)
    assert t_figures("error.too_many_games", "en", {"limit"}, limit=True).endswith("(limit True).")
    asked = ActError("no_such_seat", seat=10**6, last=2).message("en")
    assert "1000000" in asked and ActError("too_many_games", limit=10**6).message("en") \
        .endswith("(limit 1,000,000).")




@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_pages_fill_writes_numbers_in_the_pages_language(tmp_path):
    got = run_util_js("""
const moves = "{n, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}";
console.log(JSON.stringify([
  util.fill(moves, { n: 1000 }, "ru"),
  util.fill("{n, plural, one {# move} other {# moves}}", { n: 1000 }, "en"),
  util.fill("Шаг {step} из {steps}", { step: 1200, steps: 34567 }, "ru"),
  util.fill("Step {step} of {steps}", { step: 1200, steps: 34567 }, "en"),
  util.fill("{name} — очки: {score}", { name: "Анна", score: 2.5 }, "ru"),
  util.fill("seed {seed}", { seed: "123456" }, "ru"),
  util.formatNumber(12345.5, "ru"),
  util.formatNumber(12345.5, "en"),
]));""", tmp_path)
    assert got == [f"1{NB}000 ходов", "1,000 moves", f"Шаг 1{NB}200 из 34{NB}567",
                   "Step 1,200 of 34,567", "Анна — очки: 2,5", "seed 123456",
                   f"12{NB}345,5", "12,345.5"]


def test_the_score_tables_write_their_figures_through_format_number():
    """game.js's players table, score line, final scores and chart ticks: no score is
    written with ``String()`` (which gives «2.5», «1000» in a Russian page)."""
    game = (Path(settlers.web.__file__).resolve().parent / "static/js/game.js").read_text("utf-8")
    assert "formatNumber" in game
    for shown in ("String(scores[", "String(timeline.final[", "String(parts.rows[", "String(v)"):
        assert shown not in game, shown
