"""A user's Landnám data folder whose fields are each within bounds but impossible together is
refused when it is loaded, naming the fields and the numbers in the reader's language: a start
the bank cannot deal at a table of five (the bank went below zero at set-up), a price no bank
can pay (nobody could ever build: a game without a turn limit went on for ever), a harbour
count for a resource ``rules.json`` does not define (it was ignored: no such harbour)."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

from settlers.core import load
from settlers.core.invariants import invariant_problems
from settlers.testing.language import refused_content


def _write(tmp: Path, name: str, edit: Any) -> str:
    data = json.loads((resources.files("settlers.games.iceland") / "data" / name)
                      .read_text("utf-8"))
    edit(data)
    (tmp / name).write_text(json.dumps(data), "utf-8")
    return str(tmp)


def test_a_start_the_bank_cannot_deal_to_five_players_is_refused(tmp_path: Path):
    # 5 cards of each resource to each of 5 players is 25: the bank of 24 went to -1
    ru, en = refused_content("iceland", "data_dir", _write(
        tmp_path, "rules.json", lambda r: r.update(start_cards_per_resource=5)))
    assert ("'start_cards_per_resource' 5 × 5 players is 25 cards of each resource, more than "
            "the bank holds ('bank_per_resource' 24)") in en, en
    assert "«start_cards_per_resource» 5 × 5 игроков" in ru and "«bank_per_resource» 24" in ru, ru


def test_a_start_the_bank_just_deals_plays_at_five_within_the_invariants(tmp_path: Path):
    path = _write(tmp_path, "rules.json", lambda r: r.update(start_cards_per_resource=4,
                                                             bank_per_resource=20))
    state = load("iceland").new_state(5, 3, {"data_dir": path, "turn_limit": 20})
    assert state.bank == [0] * 4
    rng = random.Random(3)
    while state.version < 300 and not state.over:
        assert invariant_problems(state, scores=True) == []
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert invariant_problems(state, scores=True) == []


def test_a_price_above_the_bank_is_refused(tmp_path: Path):
    def edit(rules: dict[str, Any]) -> None:
        rules.update(bank_per_resource=9, start_cards_per_resource=1)
        rules["costs"]["farm"] = {"grain": 10}

    ru, en = refused_content("iceland", "data_dir", _write(tmp_path, "rules.json", edit))
    assert "'costs.farm.grain' asks 10 cards of one resource" in en, en
    assert "('bank_per_resource' 9)" in en, en
    assert "«costs.farm.grain» требует карт одного ресурса: 10" in ru, ru


def test_a_harbour_price_above_the_bank_is_refused(tmp_path: Path):
    def edit(rules: dict[str, Any]) -> None:
        rules.update(bank_per_resource=5, start_cards_per_resource=1)
        rules["costs"]["harbour"] = 6

    ru, en = refused_content("iceland", "data_dir", _write(tmp_path, "rules.json", edit))
    assert "'costs.harbour' asks 6 cards" in en, en
    assert "«costs.harbour»" in ru, ru


def test_harbours_of_a_resource_the_rules_do_not_name_are_refused(tmp_path: Path):
    ru, en = refused_content("iceland", "data_dir", _write(
        tmp_path, "harbours.json", lambda h: h.update(counts={"grian": 3})))
    assert "file 'harbours.json'" in en and "'grian'" in en and "'grain'" in en, en
    assert "«grian»" in ru, ru
