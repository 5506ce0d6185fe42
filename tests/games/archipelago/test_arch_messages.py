"""Every user-visible word comes from the catalogs, in Russian and in English."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from settlers.core import translate
from settlers.games.archipelago import GAME
from settlers.games.archipelago.actions import ACTION_CLASSES

SRC = Path(__file__).resolve().parents[3] / "src" / "settlers" / "games" / "archipelago"
CATALOGS = {lang: json.loads((SRC / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("ru", "en")}


def test_catalogs_have_the_same_keys():
    assert set(CATALOGS["ru"]) == set(CATALOGS["en"])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_action_and_event_has_a_message(lang):
    keys = set(CATALOGS[lang])
    for cls in ACTION_CLASSES:
        assert f"archipelago.action.{cls.kind}" in keys
    for path in SRC.glob("*.py"):
        for key in re.findall(r'"(archipelago\.(?:event|step|option|content)\.[a-z_]+)"',
                              path.read_text(encoding="utf-8")):
            assert key in keys, (path.name, key)
    for option in GAME.options:
        assert f"archipelago.option.{option.name}" in keys


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_menus_events_and_board_render_in_both_languages(lang):
    state = GAME.new_state(3, 11, {})
    rng = random.Random(11)
    while not state.over and state.version < 300:
        seat = rng.choice(state.to_act)
        actions = state.legal_actions(seat)
        for a in actions[:20]:
            text = state.describe_action(a, lang)
            assert text and not text.startswith("archipelago.")
        state.apply(seat, rng.choice(actions))
    for e in state.visible_events(None):
        text = translate(e.key, lang, **e.params)
        assert not text.startswith("archipelago."), text
    board = state.render(0, lang)
    assert "archipelago." not in board


def test_offer_items_that_are_not_resources_are_named_in_words():
    """The offer builder's florin, explorer token and harvest permission read as words in
    both languages, never as the action's raw item code."""
    game = GAME
    state = game.new_state(3, 1, {})
    for item, ru, en in (("permit:3", "разрешение на сбор в регионе 3",
                          "harvest permission in region 3"),
                         ("token", "жетон первооткрывателя", "explorer token"),
                         ("f", "1 флорин", "1 florin")):
        action = game.action_from_json({"type": "add_want", "item": item})
        assert state.describe_action(action, "ru") == f"Прошу: {ru}"
        assert state.describe_action(action, "en") == f"I want: {en}"


def test_offers_and_gifts_in_the_log_name_their_items_in_words():
    """The log line of an offer and of a gift counts florins, tokens, permissions and cubes
    in words (never the raw item code "f"), with the Russian noun forms."""
    from settlers.core import translate
    from settlers.games.archipelago.words import item_keys

    give, want = item_keys(["f", "f", "f", "f", "iron"]), item_keys([])
    assert translate("archipelago.event.offer", "en", seat=0, to=1, give=give, want=want) \
        .endswith("gives 4 florins, 1 iron, wants nothing")
    assert translate("archipelago.event.offer", "ru", seat=0, to=1, give=give, want=want) \
        .endswith("даёт: 4 флорина, 1 железо; просит: ничего")
    assert translate("archipelago.event.gift", "ru", seat=0, to=1, item=item_keys(["fish"])) \
        .endswith("дарит 1 рыбу")
    assert translate("archipelago.event.gift", "en", seat=0, to=1,
                     item=item_keys(["token"])).endswith("1 explorer token")
    state = GAME.new_state(3, 1, {})
    state.emit("archipelago.event.gift", seat=0, to=1, item=item_keys(["f"]))
    for lang in ("ru", "en"):
        text = translate(state.events[-1].key, lang, **state.events[-1].params)
        assert ": f" not in text and "archipelago." not in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_log_and_the_board_name_players_never_by_seat_number(lang):
    """The revealed bids (L258), the order the winner sets (L254) and an open offer (L220-234)
    name each player (their colour here, a person's name at a web table), in the reader's
    language — never "1: 3" or "player 2"."""
    from settlers.core.i18n import player_name

    names = [player_name(s, lang, "archipelago") for s in range(3)]
    state = GAME.new_state(3, 11, {})
    rng = random.Random(11)
    seen: set[str] = set()
    offer_board = ""
    while not state.over and state.version < 600:
        seat = rng.choice(state.to_act)
        actions = state.legal_actions(seat)
        sends = [a for a in actions if a.kind == "send_offer"]
        state.apply(seat, sends[0] if sends else rng.choice(actions))
        if state.offer and not offer_board:
            offer_board = state.render(None, lang)
    for e in state.visible_events(None):
        if e.key in ("archipelago.event.bids", "archipelago.event.order"):
            text = translate(e.key, lang, **e.params)
            seen.add(e.key)
            assert sum(name in text for name in names) >= 2, text
            assert not re.search(r"\d:|\d, \d", text), text
    assert seen == {"archipelago.event.bids", "archipelago.event.order"}
    line = next(x for x in offer_board.splitlines()
                if x.startswith(("Offer of", "Предложение:")))
    assert sum(name in line for name in names) == 2, line


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_menu_labels_tell_apart_the_choices_they_offer(lang):
    """The menu names the order a decider sets by the players (L254), and a wonder's build by
    the region its inhabitant leaves from (L874: the builder chooses which): two entries of a
    menu never read the same."""
    from arch_scenario import clear_units, in_round, place_inhabitants

    from settlers.core.i18n import player_name
    from settlers.games.archipelago.actions import BuildWonder, SetOrder

    state = in_round(3, 1)
    order = state.describe_action(SetOrder((2, 0, 1)), lang)
    names = [player_name(s, lang, "archipelago") for s in (2, 0, 1)]
    assert " → ".join(names) in order and not re.search(r"\d", order), order
    clear_units(state)
    a = place_inhabitants(state, 0, 0, 1)[0]
    b = place_inhabitants(state, 0, 1, 1)[0]
    first, second = (state.describe_action(BuildWonder("colossus", u), lang) for u in (a, b))
    assert first != second and first.endswith("0)") and second.endswith("1)")
