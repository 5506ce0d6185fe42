"""Fourteenth pass: a number that names — a turn, a step, a round, a state's version — is
written as digits, ungrouped, on every surface: the server's log («Ход 1000», thirteenth
pass), the terminal («шаг 3624 из 3624»), and now the page too, whose replay slider said
«Шаг 1 234 из 34 567» and whose board chip «Ход 1 234» (``fill`` grouped every number). A
number that counts or measures stays grouped («1 000 ходов»). The catalog says which is
which: a field marked ``!s`` is written as it is, in the browser as on the server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from web_helpers import run_util_js

import settlers.web
from settlers.web.errors import ActError
from settlers.web.i18n import t

NB = "\u00a0"
MESSAGES = Path(settlers.web.__file__).resolve().parent / "messages"
# the page's texts whose numbers name a turn, a step, a round or a version
ORDINALS = {"web.game.replay_step": ("step", "steps"), "web.board.turn": ("n",),
            "web.board.imperial.round": ("n",), "web.game.version": ("n",)}




@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_page_writes_turns_and_steps_ungrouped_and_counts_grouped(tmp_path):
    ru = json.loads((MESSAGES / "ru.json").read_text("utf-8"))
    en = json.loads((MESSAGES / "en.json").read_text("utf-8"))
    got = run_util_js(f"""
const ru = {json.dumps(ru, ensure_ascii=False)};
const en = {json.dumps(en)};
console.log(JSON.stringify([
  util.fill(ru["web.game.replay_step"], {{ step: 1234, steps: 34567 }}, "ru"),
  util.fill(en["web.game.replay_step"], {{ step: 1234, steps: 34567 }}, "en"),
  util.fill(ru["web.board.turn"], {{ n: 1234 }}, "ru"),
  util.fill(en["web.board.imperial.round"], {{ n: 1234 }}, "en"),
  util.fill(ru["web.lobby.moves"], {{ n: 1234 }}, "ru"),
  util.fill("{{n!f}} / {{n}} / {{n!s}} / {{m!s}}", {{ n: 1234 }}, "en"),
]));""", tmp_path)
    assert got == ["Шаг 1234 из 34567", "Step 1234 of 34567", "Ход 1234", "Round 1234 of 5",
                   f"1{NB}234 хода", "1,234 / 1,234 / 1234 / {m!s}"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_ordinal_of_the_page_is_marked(lang):
    texts = json.loads((MESSAGES / f"{lang}.json").read_text("utf-8"))
    for key, fields in ORDINALS.items():
        for field in fields:
            assert "{" + field + "!s}" in texts[key], (key, texts[key])


def test_the_server_writes_the_marked_fields_as_the_page_does():
    assert t("game.replay_step", "ru", step=1234, steps=34567) == "Шаг 1234 из 34567"
    assert t("board.turn", "en", n=1234) == "Turn 1234"


def test_a_stale_version_refusal_names_the_versions_ungrouped():
    refusal = ActError("stale_version", version=1200, current=1201)
    assert "версия 1200, сейчас 1201" in refusal.message("ru")
    assert "version 1200, now 1201" in refusal.message("en")
