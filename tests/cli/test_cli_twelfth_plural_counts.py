"""Twelfth pass: a count in a plural text is written as its language writes numbers.

«1 000 партий» (a no-break space, U+00A0, as settlers.core.numbers groups figures),
"1,000 games" in English; «2,5» for a fraction. Before, the ``#`` of an ICU plural was
Python's ``str(n)`` («1000 игр»), and some counts in the CLI's texts had one noun form for
every number («за 1 действий»)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from settlers.core import load
from settlers.core.i18n import counted, translate
from settlers.core.plurals import format_icu

NB = "\u00a0"


@pytest.mark.parametrize(("lang", "n", "text"), [
    ("ru", 1000, f"1{NB}000 ходов"), ("ru", 1_000_001, f"1{NB}000{NB}001 ход"),
    ("en", 1000, "1,000 moves"), ("en", 12345, "12,345 moves"),
])
def test_the_number_of_a_plural_text_is_grouped(lang, n, text):
    from settlers.web.i18n import t

    assert t("lobby.moves", lang, n=n) == text
    assert t("lobby.moves", lang, n=21) == ("21 ход" if lang == "ru" else "21 moves")


def test_a_fraction_in_a_plural_text_has_the_languages_decimal_sign():
    template = "{n, plural, one {# очко} few {# очка} many {# очков} other {# очка}}"
    assert format_icu(template, "ru", {"n": 2.5}) == "2,5 очка"
    assert format_icu(template.replace("очк", "point"), "en", {"n": 2.5}).startswith("2.5 ")


def test_a_counted_noun_of_a_game_is_grouped():
    load("catan")   # (its catalog)
    assert counted("catan.res.ore", 1000, "ru") == f"1{NB}000 руд"
    assert counted("catan.res.ore", 1000, "en") == "1,000 ore"
    assert counted("catan.res.ore", 1001, "ru", accusative=True) == f"1{NB}001 руду"


def test_a_noun_without_count_forms_has_its_count_grouped_too():
    load("archipelago")
    assert counted("archipelago.item.card_named", 1000, "en", params={"name": "Ship"}) \
        .startswith("1,000 ")


def test_the_terminal_menu_counts_its_actions_in_figures():
    ru = translate("cli.play.menu_after_board", "ru", n=1200)
    assert f"1{NB}200 действий" in ru, ru
    assert "1,200 actions" in translate("cli.play.menu_after_board", "en", n=1200)
    assert translate("cli.play.group_item", "ru", head="x", n=1500) == f"x — 1{NB}500 вариантов"


@pytest.mark.parametrize(("key", "params", "ru", "en"), [
    ("sim.step_limit", {"steps": 10_000}, f"за 10{NB}000 действий.", "within 10,000 actions."),
    ("sim.stuck", {"version": 2001}, f"после 2{NB}001 действия", "after 2,001 actions"),
    ("sim.time_limit", {"version": 1500}, f"после 1{NB}500 действий", "after 1,500 actions"),
    ("sim.ladder.explain", {"players": 4, "games": 1000, "seed": 1},
     f"играет 1{NB}000 партий", "plays 1,000 games"),
])
def test_the_simulations_counts_agree_and_are_grouped(key, params, ru, en):
    assert ru in translate(key, "ru", **params)
    assert en in translate(key, "en", **params)


def test_the_simulations_counts_agree_with_their_nouns():
    """Before, one form for every number: «за 1 действий», «после 3 действий» was right only
    by luck."""
    for steps, ru, en in ((1, "за 1 действие.", "within 1 action."),
                          (3, "за 3 действия.", "within 3 actions."),
                          (21, "за 21 действие.", "within 21 actions.")):
        assert translate("sim.step_limit", "ru", steps=steps).endswith(ru)
        assert translate("sim.step_limit", "en", steps=steps).endswith(en)
    assert "играет 2 партии" in translate("sim.ladder.explain", "ru", players=4, games=2, seed=1)
    assert "после 21 действия" in translate("sim.stuck", "ru", version=21)


@pytest.mark.parametrize(("lang", "lines"), [
    ("ru", [f"1{NB}000 из 12{NB}000 партий закончились без победителя",
            f"21 из 1{NB}001 партии закончилась общей победой"]),
    ("en", ["1,000 of 12,000 games ended with no winner",
            "21 of 1,001 games ended in a shared win"]),
])
def test_simulates_summary_groups_its_game_counts(lang, lines):
    from settlers.cli.simulate import print_summary
    from settlers.core import set_language
    from settlers.sim.job import Job, SeatSpec
    from settlers.sim.stats import Summary

    summary = Summary(games=12_000, finished=12_000, failed=0, bots=[], mean_actions=300.0,
                      median_actions=290.0, mean_seconds=0.5, failures=[], no_winner=1000,
                      shared=21)
    out = io.StringIO()
    set_language(lang)
    try:
        print_summary(Console(file=out, width=400), Job("catan", (SeatSpec("random"),) * 3, 12_000),
                      summary, "local", 1)
        summary.finished = 1001
        summary.no_winner = 0
        print_summary(Console(file=out, width=400), Job("catan", (SeatSpec("random"),) * 3, 1001),
                      summary, "local", 1)
    finally:
        set_language(None)
    text = out.getvalue()
    for line in lines:
        assert line in text, text


def test_the_mean_game_length_takes_a_fractions_noun_form():
    """The mean is written with one decimal («300,0»), and a decimal fraction takes the
    genitive singular in Russian (CLDR's «other»: «2,5 очка» above): «в среднем 300,0
    действия», not «действий» (the many-form of whole numbers)."""
    from settlers.cli.simulate import print_summary
    from settlers.core import set_language
    from settlers.sim.job import Job, SeatSpec
    from settlers.sim.stats import Summary

    summary = Summary(games=10, finished=10, failed=0, bots=[], mean_actions=312.5,
                      median_actions=290.0, mean_seconds=0.5, failures=[], no_winner=0,
                      shared=0)
    out = io.StringIO()
    set_language("ru")
    try:
        print_summary(Console(file=out, width=400), Job("catan", (SeatSpec("random"),) * 3, 10),
                      summary, "local", 1)
    finally:
        set_language(None)
    assert "в среднем 312,5 действия" in out.getvalue(), out.getvalue()
