"""Every message exists in Russian and English, with the same parameters."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from settlers.core import translate
from settlers.core.i18n import language_from_environment, normalize_language

SRC = Path(__file__).resolve().parents[2] / "src" / "settlers"
CATALOG_DIRS = sorted({p.parent for p in SRC.rglob("messages/*.json")})


# A parameter: str.format fields ({x}, {x!t}, {x:>3}) and ICU MessageFormat arguments
# ({n, plural, one {# move} other {# moves}}) — the web catalogs use plural forms.
_FIELD = re.compile(r"\{(\w+)(?=[!:}.\[]|\s*,\s*(?:plural|select|selectordinal)\s*,)")
# a one-word branch of a plural ({count, plural, other {nothing}}, {n, plural, one
# {Winner:} …}) is text, not a field
_ONE_WORD_BRANCH = re.compile(
    r"(?<=[,}])(\s*(?:zero|one|two|few|many|other|=\d+)\s*)\{\w+[:;.,!?]?\}")


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(_ONE_WORD_BRANCH.sub(r"\1", text)))


@pytest.mark.parametrize("folder", CATALOG_DIRS, ids=lambda p: str(p.relative_to(SRC)))
def test_catalogs_have_the_same_keys_and_parameters_in_both_languages(folder):
    ru = json.loads((folder / "ru.json").read_text(encoding="utf-8"))
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    assert sorted(set(ru) ^ set(en)) == []
    for key in en:
        assert _fields(ru[key]) == _fields(en[key]), key
        assert ru[key].strip(), key


def test_language_follows_the_environment_else_russian():
    assert language_from_environment({"LANG": "en_GB.UTF-8"}) == "en"
    assert language_from_environment({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert language_from_environment({"LANG": "C.UTF-8"}) == "ru"
    assert language_from_environment({}) == "ru"
    assert language_from_environment({"SETTLERS_LANG": "en", "LANG": "ru_RU"}) == "en"
    with pytest.raises(ValueError, match="choose one of: ru, en"):
        normalize_language("de")


def test_translation_renders_parameters_and_nested_keys():
    assert translate("core.game_over", "ru") == "Партия окончена; ходы больше не принимаются."
    assert "Player 4 has" in translate("core.not_your_turn", "en", seat=3, to_act="0")
    assert translate("core.waiting", "ru", who="core.nobody") == "Ждём: никто."
    assert translate("core.waiting", "en", who=["core.anyone", "core.nobody"]) == (
        "Waiting for: everyone, nobody.")
    # unknown keys stay visible instead of vanishing
    assert translate("core.no_such_key", "en", x=1) == "core.no_such_key x=1"


def test_players_are_named_from_one_unless_the_game_names_them():
    assert translate("core.player", "ru", number=1) == "Игрок 1"
    from settlers.core.i18n import player_name

    assert player_name(0, "en") == "Player 1"
    assert player_name([0, 2], "ru") == "Игрок 1, Игрок 3"


def test_names_from_data_files_render_in_the_language():
    from settlers.core.i18n import _CatalogFormatter

    name = {"ru": "Лесопилка", "en": "Sawmill"}
    assert _CatalogFormatter("ru").format("{x!l}", x=name) == "Лесопилка"
    assert _CatalogFormatter("en").format("{x!l}", x=name) == "Sawmill"
    assert _CatalogFormatter("ru").format("{x!l}", x={"en": "Only"}) == "Only"


def test_people_may_bring_their_own_names():
    from settlers.core.i18n import player_name, using_player_names

    with using_player_names(["Аня", None, ""]):
        assert player_name(0, "ru") == "Аня"
        assert player_name(1, "ru") == "Игрок 2" and player_name(2, "en") == "Player 3"
        assert "Аня" in translate("core.not_your_turn", "ru", seat=0, to_act="1")
    assert player_name(0, "ru") == "Игрок 1"


def test_a_list_of_who_did_what_names_each_player_in_the_language():
    # archipelago.ru.txt L258: every player reveals a bid; the log names them, not seat numbers
    import settlers

    settlers.load("archipelago"), settlers.load("imperial")   # their catalogs
    bids = [{"seat": 0, "amount": 3}, {"seat": 2, "amount": 0}]
    assert translate("archipelago.event.bids", "ru", bids=bids) == "Ставки: Красный 3f, Зелёный 0f"
    assert translate("archipelago.event.bids", "en", bids=bids) == "Bids: Red 3f, Green 0f"
    from settlers.core.i18n import using_player_names

    with using_player_names(["Аня", "Бот 2", "Бот 3"]):
        assert translate("archipelago.event.bids", "ru", bids=bids) == "Ставки: Аня 3f, Бот 3 0f"
        assert translate("archipelago.event.order", "ru", seat=0, order=[2, 0, 1]) == (
            "Аня устанавливает порядок: Бот 3, Аня, Бот 2")
        assert translate("imperial.event.cleanup", "en", first=1) == (
            "Cleanup; the first player is now Бот 2.")
    # an event of a game saved before the list (its text made when it happened) renders as it is
    assert translate("archipelago.event.bids", "en", bids="1: 3, 3: 0") == "Bids: 1: 3, 3: 0"


def test_what_a_user_wrote_is_quoted_as_the_language_quotes():
    """`!r` quotes a user's word «так» in Russian and 'so' in English (the Russian messages
    said «Неизвестная игра 'chess'»), its control characters shown, not acted on."""
    from settlers.core.i18n import translate

    assert translate("core.unknown_game", "ru", game="chess", known="catan") \
        == "Неизвестная игра «chess»; известные игры: catan."
    assert translate("core.unknown_game", "en", game="chess", known="catan") \
        == "Unknown game 'chess'; known games: catan."
    assert "«a\\nb»" in translate("core.unknown_game", "ru", game="a\nb", known="catan")


def test_russian_catalogs_spell_incorrect_as_one_word():
    """«некорректный» (не with an adjective, no contrast), not «не корректный JSON»."""
    for path in SRC.rglob("messages/ru.json"):
        assert "не корректн" not in path.read_text("utf-8"), path


@pytest.mark.parametrize("folder", CATALOG_DIRS, ids=lambda p: p.parent.name)
def test_english_catalogs_quote_as_english_does(folder):
    """English quotes with “…” (Landnám's «Play «Saga»», Founders' step «…» read oddly)."""
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    guillemets = {key: text for key, text in en.items() if "«" in text or "»" in text}
    assert guillemets == {}


def test_imperial_names_a_card_in_the_languages_quotes():
    """Imperial's labels quoted every card name in «…», in English too."""
    import settlers

    state = settlers.load("imperial").new_state(2, 3)
    actions = state.legal_actions(state.to_act[0])   # «Take “Baker”»: a card from the row
    for lang, left, right in (("en", "“", "”"), ("ru", "«", "»")):
        labels = " ".join(state.describe_action(a, lang) for a in actions)
        assert left in labels and right in labels, labels[:300]
        assert not {"«", "»", "“", "”"} - {left, right} & set(labels), labels[:300]
