"""Core refusals quote as each language quotes, and a refusal nested after a save's colon reads
as a clause (fifteenth language pass: the core messages the CLI pass could not touch —
«Неизвестный тип действия "nope"», «поля "type"», «повреждён на действии 0: Неизвестный…»)."""

from __future__ import annotations

import pytest

from settlers.core import CorruptSave, MalformedAction, load
from settlers.core.i18n import translate
from settlers.core.saves import state_from_record, state_record


def _texts(exc: Exception) -> dict[str, str]:
    key, params = exc.key, exc.params   # type: ignore[attr-defined]
    return {lang: translate(key, lang, **params) for lang in ("ru", "en")}


def _refusal(obj: object) -> dict[str, str]:
    with pytest.raises(MalformedAction) as caught:
        load("catan").action_from_json(obj)
    return _texts(caught.value)


def test_an_unknown_action_type_is_quoted_as_the_language_quotes() -> None:
    texts = _refusal({"type": "nope"})
    assert texts["ru"].startswith("Неизвестный тип действия «nope»;"), texts["ru"]
    assert texts["en"].startswith('Unknown action type "nope";'), texts["en"]
    assert '"' not in texts["ru"]


def test_a_long_or_odd_type_is_cut_and_still_named() -> None:
    texts = _refusal({"type": "x" * 500})
    assert "«" + "x" * 79 + "…»" in texts["ru"]
    texts = _refusal({"type": 5})
    assert "«5»" in texts["ru"] and '"5"' in texts["en"]


def test_the_type_field_is_named_in_russian_quotes() -> None:
    assert "с полем «type», а не" in _refusal([1, 2])["ru"]
    assert "нет поля «type»;" in _refusal({"kind": "x"})["ru"]
    assert '"type"' in _refusal({"kind": "x"})["en"]   # (English keeps its quotes)


def test_a_save_that_is_no_save_names_its_format_field_in_russian_quotes() -> None:
    with pytest.raises(CorruptSave) as caught:
        state_from_record({"format": "other"})
    assert "(поле «format» отсутствует" in _texts(caught.value)["ru"]


def test_a_save_s_bad_action_reads_as_a_clause_after_the_colon() -> None:
    state = load("catan").new_state(4, 7)
    record = state_record(state)
    record["log"] = [[0, {"type": "nope"}]]
    with pytest.raises(CorruptSave) as caught:
        state_from_record(record)
    texts = _texts(caught.value)
    assert "повреждён на действии 0: неизвестный тип действия «nope»" in texts["ru"], texts["ru"]
    assert "unknown action type" in texts["en"].lower()
    assert ": Unknown action type" not in texts["en"], texts["en"]
