"""What each evolution card does, in words (docs/audits/2026-12-06-seventh-archipelago-table.md
and -terminal.md: «no card explains what it does anywhere»). Every card of the shipped content
has an effect text in both catalogs (``archipelago.card_text.<id>``), written from the card's
own entry in the rulebook; RULE_LINE keeps, for each card, the rulebook line its text follows
(the card's heading or its paragraph, which names it). Cards whose text the scan lost (Bishop,
Minister of labour, the six ×2 cards, Immigration, Peace and prosperity, Education) follow the
reconstruction the engine plays (README «Reconstructed content», L852-854 for ×2). The terminal
lists the track and the reader's own cards with these texts; a card of a user's content file
the catalog does not know gets no text and the name its file gives, never a raw key."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from arch_scenario import card_table, give_card, in_round, touch

from settlers.games.archipelago import GAME
from settlers.games.archipelago.content import builtin_dir
from settlers.games.archipelago.render import render

SRC = Path(__file__).resolve().parents[3] / "src" / "settlers" / "games" / "archipelago"
CATALOGS = {lang: json.loads((SRC / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
            for lang in ("ru", "en")}
RULES = Path("/work/shared/rules/archipelago.ru.txt")
#: card id -> the rulebook line (archipelago.ru.txt) its effect text is written from
RULE_LINE = {
    "explorer": 1376,
    "pirate": 1382,
    "pioneer": 1388,
    "detective": 1394,
    "assassin": 1400,
    "bishop": 1406,
    "archbishop": 1057,
    "pope": 1113,
    "false_prophet": 1418,
    "labour_minister": 1424,
    "scout": 1428,
    "king": 1434,
    "recruiter": 1440,
    "missionary": 1446,
    "spy": 1452,
    "merchant": 1458,
    "treasurer": 1464,
    "thief": 1470,
    "barbarian": 1476,
    "agriculture_minister": 1482,
    "queen": 1488,
    "exporter": 1494,
    "admiral": 1500,
    "trade_minister": 1506,
    "irrigation": 1512,
    "fishing": 1516,
    "lumber_mill": 1520,
    "quarry": 1524,
    "iron_mine": 1526,
    "farm": 1526,
    "roads": 1526,
    "shipbuilding": 1530,
    "expansionism": 1534,
    "amphitheatre": 1053,
    "foreign_trade": 1538,
    "slavery": 1542,
    "colossus": 1075,
    "pyramid": 1119,
    "emigration": 1079,
    "lighthouse": 1099,
    "cathedral": 1071,
    "immigration": 1562,
    "architecture": 1562,
    "domestic_trade": 1566,
    "peace": 1572,
    "education": 1576,
    "dictatorship": 1580,
    "church_gifts": 1091,
}


def _fold(text: str) -> str:
    return text.lower().replace("ё", "е")


def test_every_shipped_card_has_an_effect_text_in_both_languages():
    cards = GAME.new_state(3, 1, {}).content.cards
    assert {c.id for c in cards} == set(RULE_LINE)
    for lang, catalog in CATALOGS.items():
        texts = {k.split(".")[-1] for k in catalog if k.startswith("archipelago.card_text.")}
        assert texts == set(RULE_LINE), (lang, texts ^ set(RULE_LINE))
        for c in cards:
            text = catalog[f"archipelago.card_text.{c.id}"]
            name = catalog[f"archipelago.card.{c.id}"]
            assert len(text) >= 10 and text != name and not re.search(r"[{}]", text), (lang, c.id, text)
    # the English text is not the Russian one left untranslated
    assert all(CATALOGS["ru"][k] != CATALOGS["en"][k] for k in CATALOGS["ru"]
               if k.startswith("archipelago.card_text."))


@pytest.mark.skipif(not RULES.exists(), reason=f"no rulebook at {RULES}")
def test_each_texts_rulebook_line_names_the_card():
    lines = RULES.read_text(encoding="utf-8").split("\n")
    cards = GAME.new_state(3, 1, {}).content.cards
    for c in cards:
        line = lines[RULE_LINE[c.id] - 1]
        assert _fold(c.name["ru"]) in _fold(line), (c.id, RULE_LINE[c.id], line)


def test_the_terminal_lists_the_track_and_the_readers_cards_with_their_texts():
    state = card_table(3, 1)
    give_card(state, 0, "merchant")
    give_card(state, 1, "exporter")
    touch(state)
    for lang in ("ru", "en"):
        catalog = CATALOGS[lang]
        text = render(state, 0, lang)
        lines = text.split("\n")
        for card, _rot in state.track:
            if card >= 0:
                cid = state.content.cards[card].id
                want = f"{catalog['archipelago.card.' + cid]} "
                got = [x for x in lines if x.strip().startswith(want) and "f — " in x]
                assert got and got[0].endswith(" — " + catalog[f"archipelago.card_text.{cid}"]), (cid, lines)
        own = f"{catalog['archipelago.card.merchant']} — {catalog['archipelago.card_text.merchant']}"
        assert any(x.strip() == own for x in lines), lines
        # another player's card is named, its text is for its owner's board
        assert catalog["archipelago.card_text.exporter"] not in text
        assert catalog["archipelago.card_text.merchant"] not in render(state, 1, lang)


def user_card_game(tmp_path, monkeypatch):
    """A game of a user's content set in which the Bishop is the «hermit», a card the catalogs
    do not know (its names in the file), given to seat 0."""
    monkeypatch.setenv("SETTLERS_CONTENT_DIR", str(tmp_path / "sets"))
    target = tmp_path / "sets" / "archipelago" / "content" / "mine"
    shutil.copytree(builtin_dir() / "standard", target)
    data = json.loads((target / "evolution.json").read_text("utf-8"))
    for c in data["cards"]:
        if c["id"] == "bishop":
            c["id"], c["name"] = "hermit", {"ru": "Отшельник", "en": "Hermit"}
    (target / "evolution.json").write_text(json.dumps(data), "utf-8")
    state = GAME.new_state(3, 1, {"content": "mine"})
    give_card(state, 0, "hermit")
    touch(state)
    return state


def test_a_user_card_the_catalog_does_not_know_has_its_files_name_and_no_text(tmp_path, monkeypatch):
    state = user_card_game(tmp_path, monkeypatch)
    for lang, name in (("ru", "Отшельник"), ("en", "Hermit")):
        text = render(state, 0, lang)
        assert "archipelago.card" not in text and "hermit" not in text, text
        line = [x for x in text.split("\n") if x.strip() == name]
        assert line, text      # its own line on the reader's board, with no text after it
    # the web gets the names the catalogs lack (and only those) with the tables
    assert state.view(0)["state"]["tables"]["card_names"] == {"hermit": {"ru": "Отшельник", "en": "Hermit"}}
    assert "card_names" not in GAME.new_state(3, 1, {}).view(0)["state"]["tables"]


def test_an_objective_card_says_what_it_gives():
    """L920: every objective's criterion is ranked over all players, 3/2/1 VP; L950, L1204 the
    Pacifist's 3 VP over its margin; L1210 the Separatist wins alone on independence. The
    reader's objective card was its end and its criterion only («критерий — Пацифист»)."""
    state = card_table(3, 1)
    c = state.content
    special = {c.objectives[o]["criterion"]: o for o in range(len(c.objectives))
               if c.objectives[o]["criterion"] in ("pacifist", "separatist")}
    ranked = next(o for o in range(len(c.objectives)) if o not in special.values())
    for o, crit in ((ranked, None), (special["pacifist"], "pacifist"), (special["separatist"], "separatist")):
        state.objectives[0] = [o]
        touch(state)
        for lang in ("ru", "en"):
            lines = render(state, 0, lang).split("\n")
            head = next(k for k, x in enumerate(lines) if x.strip().startswith(
                CATALOGS[lang]["archipelago.render.objective"].split("{")[0].strip()))
            if crit is None:
                want = CATALOGS[lang]["archipelago.objective_text.ranked"].format(points="3/2/1")
            else:
                want = CATALOGS[lang][f"archipelago.objective_text.{crit}"].format(
                    margin=c.objectives[o].get("margin", 10))
            assert lines[head + 1].strip() == want, (lang, lines[head:head + 2])
    assert state.view(0)["state"]["tables"]["objective_points"] == [3, 2, 1]


def test_a_user_card_given_is_named_from_its_file_in_the_menu_and_the_log(tmp_path, monkeypatch):
    """A gift or an offer of a user's card named it by a catalog key the catalogs lack
    («archipelago.card.hermit») in the menu, the log and the terminal's offer line."""
    user_card_game(tmp_path, monkeypatch)          # the content set «mine» with the «hermit»
    state = in_round(3, 1, 0, content="mine")
    give_card(state, 0, "hermit")
    touch(state)
    gift = next(a for a in state.legal_actions(0)
                if a.kind == "gift" and a.item == "card:hermit")
    for lang, name in (("ru", "Отшельник"), ("en", "Hermit")):
        label = state.describe_action(gift, lang)
        assert name in label and "archipelago." not in label, label
    state.apply(0, gift)
    for lang, name in (("ru", "Отшельник"), ("en", "Hermit")):
        text = state.events[-1].to_json(lang)["text"]
        assert name in text and "archipelago." not in text, text
