"""A user's Archipelago content set whose fields are each within bounds but impossible
together, or with an id the game names it by missing, is refused when it is loaded, naming the
file, the field and the numbers in the reader's language; a set that lacks only what a variant
needs is refused for that variant alone, when the game is set up.

Before: a start of 50 florins for 5 players left the bank at -115 at set-up; 4 landing
inhabitants stood in one region, past L555 «Ограничение до 3 жителей»; a trend card without an
id, or a Philanthropist variant over a set whose Philanthropist card has another id, stopped the
set-up with a traceback (KeyError, ValueError); an objective ending on empty piles without their
count did so in play (turn 0's end)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from arch_content_files import write_set

from settlers.core import InvalidOption, load
from settlers.core.invariants import invariant_problems
from settlers.testing.language import english_left, refused_content


def test_a_start_the_bank_cannot_pay_five_players_is_refused(tmp_path: Path):
    ru, en = refused_content("archipelago", "content", write_set(
        tmp_path, "boards", lambda b: b["start"].update(money=50)))
    assert ("'start.money': 50 florins × 5 players is 250, more than the bank holds "
            "('florins' 135)") in en, en
    assert "«start.money»: 50 флоринов × 5 игроков" in ru and "«florins» 135" in ru, ru


def test_a_start_the_bank_just_pays_plays_within_the_invariants(tmp_path: Path):
    path = write_set(tmp_path, "boards", lambda b: (b["start"].update(money=27)))
    state = load("archipelago").new_state(5, 1, {"content": path})
    assert state.bank_money == 0 and invariant_problems(state) == []


def test_more_landing_inhabitants_than_a_region_holds_are_refused(tmp_path: Path):
    ru, en = refused_content("archipelago", "content", write_set(
        tmp_path, "boards", lambda b: b["start"].update(inhabitants=4)))
    assert "field 'start.inhabitants' must be an integer in 0..3, not '4'" in en, en
    assert "«start.inhabitants»" in ru, ru


@pytest.mark.parametrize("file", ["trends", "objectives"])
def test_a_card_without_an_id_is_refused(tmp_path: Path, file: str):
    ru, en = refused_content("archipelago", "content", write_set(
        tmp_path, file, lambda d: d["cards"][3].pop("id")))
    assert f"{file}.json': field 'cards[3].id' must be a string" in en, en
    assert "«cards[3].id»" in ru, ru


def test_two_trend_cards_of_one_id_are_refused(tmp_path: Path):
    def edit(trends: dict[str, Any]) -> None:
        trends["cards"][5]["id"] = trends["cards"][2]["id"]

    ru, en = refused_content("archipelago", "content", write_set(tmp_path, "trends", edit))
    assert "'towns' appears twice in 'cards.id'" in en, en
    assert "«towns»" in ru, ru


def test_an_end_on_empty_piles_needs_their_count(tmp_path: Path):
    def edit(objectives: dict[str, Any]) -> None:
        for card in objectives["cards"]:
            if card["end"]["kind"] == "piles_empty":
                card["end"].pop("count")

    ru, en = refused_content("archipelago", "content", write_set(tmp_path, "objectives", edit))
    assert "missing field 'cards[2].end.count'" in en, en
    assert "«cards[2].end.count»" in ru, ru


def test_an_end_on_more_piles_than_there_are_is_refused(tmp_path: Path):
    ru, en = refused_content("archipelago", "content", write_set(
        tmp_path, "objectives", lambda o: o["cards"][2]["end"].update(count=4)))
    assert "field 'cards[2].end.count' must be an integer in 0..3, not '4'" in en, en
    assert "«cards[2].end.count»" in ru, ru


def _rename_philanthropist(trends: dict[str, Any]) -> None:
    for card in trends["cards"]:
        if card["id"] == "philanthropist":
            card["id"] = "benefactor"


def test_the_philanthropist_variant_finds_its_card_by_what_it_scores(tmp_path: Path):
    path = write_set(tmp_path, "trends", _rename_philanthropist)
    state = load("archipelago").new_state(3, 2, {"content": path, "philanthropist": True})
    rng = random.Random(2)
    while state.version < 300 and not state.over:
        assert invariant_problems(state) == []
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.has_philanthropist


def test_the_philanthropist_variant_over_a_set_without_one_is_refused(tmp_path: Path):
    def edit(trends: dict[str, Any]) -> None:
        _rename_philanthropist(trends)
        next(c for c in trends["cards"] if c["id"] == "benefactor")["criterion"] = "money"

    path = write_set(tmp_path, "trends", edit)
    game = load("archipelago")
    with pytest.raises(InvalidOption) as refused:
        game.new_state(3, 2, {"content": path, "philanthropist": True})
    ru, en = refused.value.message("ru"), refused.value.message("en")
    assert "trend card whose criterion is 'philanthropist'" in en, en
    assert "«Благотворитель»" in ru and english_left(ru) == [], ru
    game.new_state(3, 2, {"content": path})   # every other variant plays


def test_a_colour_without_a_cube_for_the_start_market_is_refused(tmp_path: Path):
    """L97: a cube of each colour starts on the domestic market; with no fruit cube in the
    box the set-up skipped it silently."""
    ru, en = refused_content("archipelago", "content", write_set(
        tmp_path, "boards", lambda b: b["cubes"].update(fruit=0, wood=30)))
    assert "field 'cubes.fruit' must be an integer in 1..50, not '0'" in en, en
    assert "«cubes.fruit»" in ru, ru
