"""The site's name and a game's name are never the same words where both show: Imperial
Settlers' Russian title (rulebook L5 «ПОСЕЛЕНЦЫ») is also the site's (web.app.title), so its
page read «Поселенцы» in the top bar, «Поселенцы» in the head and «Поселенцы — Поселенцы» in
the browser's tab. The original title beside it (L910 «Imperial Settlers») tells them apart."""

from __future__ import annotations

import html
import re

import pytest
from web_helpers import new_game

import settlers
from settlers.web.i18n import t


def _text(page: str, pattern: str) -> str:
    found = re.search(pattern, page, re.S)
    assert found, pattern
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_game_is_called_by_the_sites_name(client, lang):
    site = t("app.title", lang)
    lobby = client.get(f"/?lang={lang}").text
    options = re.findall(r'<option value="([a-z]+)" data-min[^>]*>([^<]*)</option>', lobby)
    assert {g for g, _ in options} == set(settlers.game_ids())
    for game, name in options:
        assert html.unescape(name).strip() != site, (game, name)
    gid, tokens = new_game(client, "imperial", ("human", "human"), lang=lang)
    page = client.get(f"/games/{gid}?token={tokens[0]}&lang={lang}").text
    head = _text(page, r"<h1>(.*?)</h1>")
    title = _text(page, r"<title>(.*?)</title>")
    assert _text(page, r'<a class="brand"[^>]*>(.*?)</a>') == site
    assert head == settlers.load("imperial").name(lang) != site
    assert title == f"{head} — {site}"
    if lang == "ru":
        assert head.startswith("Поселенцы")   # the Russian edition's title, then the original
