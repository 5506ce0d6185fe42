"""Bad input gets a clear error naming what is wrong, in Russian and English; the state is
untouched."""

import pytest
from catan_scenario import GAME, corner_at, give, path_of_corners, road, scenario, settle

from settlers.core import MalformedAction
from settlers.games.catan import phases as ph
from settlers.games.catan.actions import BUILD_SETTLEMENT, BuildRoad, MoveRobber, PlaceRoad
from settlers.testing.refusals import refused


def test_distance_rule_message_in_both_languages():
    st = scenario(current=0)
    start = corner_at("E", "N")
    settle(st, 0, start)
    road(st, 0, *path_of_corners(start, corner_at("E", "NE")))
    give(st, 0, brick=1, lumber=1, wool=1, grain=1)
    err = refused(st, 0, BUILD_SETTLEMENT[corner_at("E", "NE")])
    assert "Правило расстояния" in err.message("ru")
    assert "Distance rule" in err.message("en")


def test_wrong_phase_names_the_phase():
    st = scenario(current=0, phase=ph.ROLL)
    err = refused(st, 0, PlaceRoad(3))
    assert err.key == "catan.err.wrong_phase"
    assert "бросок кубиков" in err.message("ru")


def test_out_of_range_indices():
    st = scenario(current=0)
    assert refused(st, 0, BuildRoad(72)).key == "catan.err.no_path"
    assert refused(st, 0, BUILD_SETTLEMENT[0].__class__(-1)).key == "catan.err.no_intersection"
    st.phase = ph.ROBBER
    assert refused(st, 0, MoveRobber(19, None)).key == "catan.err.no_hex"


def test_malformed_json():
    for bad in ('{"type": "build_road"}', '{"type": "build_road", "path": "x"}',
                '{"type": "fly"}', "nonsense"):
        with pytest.raises(MalformedAction) as exc:
            GAME.action_from_json(bad)
        assert exc.value.message("ru") and exc.value.message("en")
    assert GAME.action_from_json('{"type": "build_road", "path": 5}') == BuildRoad(5)


def test_every_catalog_text_renders():
    from settlers.core.i18n import catalog

    for lang in ("ru", "en"):
        texts = catalog("settlers.games.catan", lang)
        assert len(texts) > 100
        assert all(text.strip() for text in texts.values())
