"""«Состав игры» and the reconstructed tile list: counts, rulebook examples, user tile files."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from settlers.core import InvalidOption
from settlers.games.founders import GAME
from settlers.games.founders.content import CITY, NATURE, PRIZE, VILLAGE, load_tiles, parse_tiles

TS = load_tiles(None)
BUILTIN_TEXT = (resources.files("settlers.games.founders") / "data" / "tiles.jsonl").read_text(
    "utf-8")


def _type(type_id):
    return next(t for t in TS.types if t.id == type_id)


def _goods(indices):
    return [TS.goods[g].id for g in indices]


def test_composition_matches_the_rulebook():
    """«97 картонных квадратов: 24 природных, 24 деревенских, 24 городских, 25 призовых»."""
    decks = Counter(TS.tile_deck)
    assert decks == {NATURE: 24, VILLAGE: 24, CITY: 24, PRIZE: 25}
    assert len(TS.tile_type) == 97


def test_every_tile_has_russian_and_english_names():
    for tt in TS.types:
        assert tt.ru and tt.en and tt.ru != ""
    for g in TS.goods:
        assert g.ru and g.en


def test_tile_list_is_marked_as_reconstructed():
    assert TS.reconstructed is True
    assert "not public" in TS.why


def test_tokens_six_of_each_and_six_different_masters():
    """«6 жетонов войны, 6 монет, 6 телег, 6 мастеров»; «Все шесть жетонов мастеров разные:
    каждому соответствует один ресурс с деревенских квадратов»."""
    assert len(TS.masters) == 6
    village_goods = {i for i, g in enumerate(TS.goods) if g.tier == "village"}
    assert {m.good for m in TS.masters} == village_goods
    assert len(TS.token_names) == 4


def test_rulebook_examples_hold():
    """Mine (wood + stone → iron), military camp (horses + stone), market (iron + plants →
    coins), cliff (stone or plants), forest (wood; and wood or stone in the mine example),
    waterfall (stone for the camp), the vine-grower master."""
    assert sorted(_goods(_type("mine").needs)) == ["stone", "wood"]
    assert _goods(_type("mine").produces) == ["iron"]
    assert sorted(_goods(_type("military_camp").needs)) == ["horses", "stone"]
    assert _goods(_type("military_camp").produces) == ["war"]
    assert sorted(_goods(_type("market").needs)) == ["iron", "plants"]
    assert _goods(_type("market").produces) == ["coin"]
    assert sorted(_goods(_type("cliff").produces)) == ["plants", "stone"]
    assert sorted(_goods(_type("forest").produces)) == ["stone", "wood"]
    assert "stone" in _goods(_type("waterfall").produces)
    assert _type("winery").ru == "Винодельня"
    vine = next(m for m in TS.masters if m.id == "vine_grower")
    assert TS.goods[vine.good].id == "wine"
    assert _goods(_type("winery").produces) == ["wine"]


def test_three_village_tiles_produce_horses():
    """«все три деревенских квадрата, производящие этот ресурс (лошадей)»."""
    horses = TS.good_index("horses")
    assert sum(1 for t, m in enumerate(TS.tile_mask)
               if TS.tile_deck[t] == VILLAGE and m >> horses & 1) == 3


def test_deck_shapes():
    """Nature: no needs, two basic goods; village: two basic needs; city: one basic and one
    village need, produces its token kind; prize: produces nothing, 1–3 VP."""
    for tt in TS.types:
        tiers = sorted(TS.goods[g].tier for g in tt.needs)
        if tt.deck == NATURE:
            assert not tt.needs and len(tt.produces) == 2
        elif tt.deck == VILLAGE:
            assert tiers == ["basic", "basic"]
        elif tt.deck == CITY:
            assert tiers == ["basic", "village"] and tt.token >= 0
        else:
            assert not tt.produces and 1 <= tt.vp <= 3


def _lines():
    return BUILTIN_TEXT.splitlines()


def _write(tmp_path, lines):
    path = tmp_path / "tiles.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _line_of(lines, needle):
    return next(i for i, line in enumerate(lines) if needle in line)


def test_user_tile_file_is_used(tmp_path):
    lines = _lines()
    i = _line_of(lines, '"tile": "mine"')
    lines[i] = lines[i].replace('"Шахта"', '"Рудник"')
    path = _write(tmp_path, lines)
    state = GAME.new_state(2, 1, {"tiles": path})
    assert any(t.ru == "Рудник" for t in state.ts.types)
    assert state.view(0)["state"]["tileset"]["source"] == path


@pytest.mark.parametrize(("needle", "old", "new", "field"), [
    ('"tile": "mine"', '"needs": ["wood", "stone"]', '"needs": ["wood", "gold"]', "needs"),
    ('"tile": "mine"', '"count": 5', '"count": "five"', "count"),
    ('"tile": "shrine"', '"vp": 1', '"vp": 7', "vp"),
    ('"tile": "forest"', '"needs": []', '"needs": ["water"]', "needs"),
    ('"tile": "market"', '"needs": ["iron", "plants"]', '"needs": ["iron", "horses"]', "needs"),
    ('"tile": "cliff"', '"deck": "nature"', '"deck": "green"', "deck"),
    ('"tile": "cliff"', '"en": "Cliff"', '"en": ""', "en"),
    ('"master": "vine_grower"', '"good": "wine"', '"good": "stone"', "good"),
    ('"tile": "lake"', '"vp": 0', '"vp": 0, "colour": "blue"', "colour"),
])
def test_malformed_tile_file_names_line_and_field(tmp_path, needle, old, new, field):
    lines = _lines()
    i = _line_of(lines, needle)
    assert old in lines[i]
    lines[i] = lines[i].replace(old, new)
    path = _write(tmp_path, lines)
    with pytest.raises(InvalidOption) as err:
        GAME.new_state(2, 1, {"tiles": path})
    assert err.value.params["line"] == i + 1
    assert err.value.params["field"] == field
    for lang in ("ru", "en"):
        text = err.value.message(lang)
        assert f"{i + 1}" in text and field in text
    assert "строка" in err.value.message("ru")


def test_broken_json_line_is_named(tmp_path):
    lines = _lines()
    i = _line_of(lines, '"tile": "river"')
    lines[i] = lines[i][:-5]
    with pytest.raises(InvalidOption) as err:
        GAME.new_state(2, 1, {"tiles": _write(tmp_path, lines)})
    assert err.value.key == "founders.tiles.bad_json"
    assert err.value.params["line"] == i + 1


def test_wrong_deck_size_is_refused(tmp_path):
    lines = _lines()
    i = _line_of(lines, '"tile": "mine"')
    lines[i] = lines[i].replace('"count": 5', '"count": 4')
    with pytest.raises(InvalidOption) as err:
        GAME.new_state(2, 1, {"tiles": _write(tmp_path, lines)})
    assert err.value.key == "founders.tiles.deck_size"
    assert err.value.params == {"path": err.value.params["path"], "deck": "village",
                                "count": 23, "expected": 24}


def test_missing_header_and_missing_file(tmp_path):
    lines = [line for line in _lines() if '"format"' not in line]
    with pytest.raises(InvalidOption) as err:
        GAME.new_state(2, 1, {"tiles": _write(tmp_path, lines)})
    assert err.value.key == "founders.tiles.no_header"
    with pytest.raises(InvalidOption) as err:
        GAME.new_state(2, 1, {"tiles": str(tmp_path / "nope.jsonl")})
    assert err.value.key == "founders.tiles.unreadable"


def test_comments_and_blank_lines_are_allowed():
    text = "# my tiles\n\n" + BUILTIN_TEXT
    ts = parse_tiles(text, "x")
    assert len(ts.tile_type) == 97


def test_header_is_valid_json_with_reason():
    header = json.loads(_lines()[0])
    assert header["format"] == "founders-tiles" and header["reconstructed"] is True


def test_catalog_names_agree_with_the_data_file():
    """The log names built-in components through catalog keys; they must match the data."""
    from settlers.core import translate

    for t in range(len(TS.tile_type)):
        tt = TS.types[TS.tile_type[t]]
        assert translate(TS.tile_key(t), "ru") == tt.ru
        assert translate(TS.tile_key(t), "en") == tt.en
    for g in range(len(TS.goods)):
        assert translate(TS.good_key(g), "ru") == TS.goods[g].ru
    for m in range(len(TS.masters)):
        assert translate(TS.master_key(m), "en") == TS.masters[m].en


def test_user_tile_names_appear_in_the_log(tmp_path):
    lines = _lines()
    i = _line_of(lines, '"tile": "forest"')
    lines[i] = lines[i].replace('"Лес"', '"Бор"').replace('"Forest"', '"Pinewood"')
    state = GAME.new_state(2, 3, {"tiles": _write(tmp_path, lines)})
    while state.phase == "draft":
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    texts = [e["text"] for e in state.view(0, lang="ru")["events"]]
    assert all("founders." not in t for t in texts)
    names = {state.ts.name(t, "ru") for f in state.founding for t in f}
    assert any(name in " ".join(texts) for name in names)
