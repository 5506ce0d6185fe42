"""Intersections and paths are named with the reader's compass letters (fifteenth i18n round):
«L·СВ» on a Russian screen, "L·NE" on an English one — menus, the log and the path's ends —
while actions, saves and the view's ids stay the same in every language."""

from __future__ import annotations

import re

import pytest

import settlers
from settlers.core import translate
from settlers.games.catan.topology import CORNER_LABELS, EDGE_LABELS

LATIN_POINT = re.compile(r"·[NSEW]")
CYRILLIC_POINT = re.compile(r"·[СЮЗВ]")


def _founded(lang_seed: int = 1):
    st = settlers.load("catan").new_state(4, lang_seed)
    seat = st.to_act[0]
    settle = st.legal_actions(seat)[0]
    st.apply(seat, settle)
    road = st.legal_actions(st.to_act[0])[0]
    return st, settle, road


def test_russian_menus_name_places_with_russian_compass_letters():
    st = settlers.load("catan").new_state(4, 1)
    labels = [st.describe_action(a, "ru") for a in st.legal_actions(st.to_act[0])]
    assert labels[0].startswith("Основать поселение на перекрёстке A·С (")
    assert not any(LATIN_POINT.search(label) for label in labels)
    assert sum(bool(CYRILLIC_POINT.search(label)) for label in labels) == len(labels)
    english = [st.describe_action(a, "en") for a in st.legal_actions(st.to_act[0])]
    assert english[0].startswith("Found a settlement at A·N (")
    assert not any(CYRILLIC_POINT.search(label) for label in english)


def test_a_path_and_its_ends_in_russian():
    st, _settle, road = _founded()
    label = st.describe_action(road, "ru")
    assert re.fullmatch(r"Проложить дорогу по пути [A-S]·[СЮЗВ]{1,2} "
                        r"\(от [A-S]·[СЮЗВ]{1,2} до [A-S]·[СЮЗВ]{1,2}\)", label), label


@pytest.mark.parametrize(("lang", "point"), [("ru", "·С"), ("en", "·N")])
def test_the_log_names_the_place_in_the_language_it_is_read_in(lang, point):
    st, _settle, road = _founded()
    st.apply(st.to_act[0], road)
    settled, built = st.events[-2], st.events[-1]
    assert translate(settled.key, lang, **settled.params).endswith("A" + point)
    text = translate(built.key, lang, **built.params)
    assert (CYRILLIC_POINT if lang == "ru" else LATIN_POINT).search(text), text
    assert not (LATIN_POINT if lang == "ru" else CYRILLIC_POINT).search(text), text


def test_actions_and_view_ids_do_not_depend_on_the_language():
    st, settle, _road = _founded()
    assert settle.to_json() == {"type": "place_settlement", "intersection": settle.intersection}
    view = st.view(None)["state"]
    assert [c["label"] for c in view["board"]["intersections"]] == list(CORNER_LABELS)
    assert [p["label"] for p in view["board"]["paths"]] == list(EDGE_LABELS)
    assert CORNER_LABELS[0] == "A·N"
