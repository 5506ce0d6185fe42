"""The thirteenth pass over the browser table (docs/audits/2026-12-07-thirteenth-web-table.md):
a log line that answers something says what it answers. Landnám's «Бот 3 отказывается.»
(an offer rejected, a call for help declined) and Catan's «Бот 2 отказывается» read alone —
under the status, the log's last line is often the only one in sight — and named neither the
offer's terms nor the help asked; a round of play found Archipelago's «Бот 2: ответ — нет»
the same. The lines are the games' own catalogs, as every view's
``events`` carries them (the web log's text)."""

from __future__ import annotations

import random

import pytest

import settlers
from settlers.core.i18n import player_name, translate


def _lines(game: str, players: int, keys: set[str], seeds=range(40), steps: int = 4000):
    """The first event of each of ``keys`` in random games of ``game`` (seeded), with the
    position's view texts in both languages: {key: (event, {lang: text})}."""
    found: dict[str, tuple] = {}
    for seed in seeds:
        st = settlers.load(game).new_state(players, seed, {})
        rng = random.Random(seed)
        for _ in range(steps):
            if st.over or len(found) == len(keys):
                break
            seat = st.to_act[0]
            before = len(st.events)
            st.apply(seat, rng.choice(st.legal_actions(seat)))
            for e in st.events[before:]:
                if e.key in keys and e.key not in found and e.visible(None):
                    texts = {}
                    for lang in ("ru", "en"):
                        texts[lang] = next(x["text"] for x in st.view(None, lang=lang)["events"]
                                           if x["i"] == e.index)
                    found[e.key] = (e, texts)
        if len(found) == len(keys):
            return found
    raise AssertionError(f"not all of {keys} in {game}'s random games: {set(found)}")


def _words(game: str, lang: str, key: str) -> str:
    """The catalog's word for ``key`` (``game`` loaded: its catalog registered)."""
    settlers.load(game)
    return translate(key, lang)


@pytest.mark.parametrize("game,players,keys", [
    ("iceland", 3, {"iceland.event.offer_rejected", "iceland.event.offer_accepted"}),
    ("catan", 4, {"catan.ev.answer_decline"}),
])
def test_an_answer_to_an_offer_names_the_offer(game, players, keys):
    found = _lines(game, players, keys)
    for key, (e, texts) in found.items():
        proposer = e.params.get("proposer")
        assert proposer is not None and proposer != e.params["seat"], (key, e.params)
        for lang, text in texts.items():
            assert player_name(proposer, lang, game) in text, (lang, text)
            for side in ("give", "get"):
                assert e.params.get(side), (key, side, e.params)
            # the terms' kinds are named (the declension may differ: a stem is enough)
            for k in set(e.params["give"]) | set(e.params["get"]):
                noun = _words(game, lang, k)
                assert noun[:4].lower() in text.lower(), (lang, noun, text)


def test_a_declined_call_for_help_names_the_case():
    (e, texts), = _lines("iceland", 3, {"iceland.event.help_declined"}, seeds=range(200),
                         steps=6000).values()
    assert {"leader", "piece", "resource"} <= set(e.params), e.params
    for lang, text in texts.items():
        assert player_name(e.params["leader"], lang, "iceland") in text, (lang, text)
        for k in ("piece", "resource"):
            noun = _words("iceland", lang, e.params[k])
            assert noun[:4].lower() in text.lower(), (lang, noun, text)


def test_an_answer_in_archipelago_names_the_offer():
    """Archipelago's «Бот 2: ответ — нет» (found in play, under the status) said no more."""
    (e, texts), = _lines("archipelago", 3, {"archipelago.event.answer"}, seeds=range(20),
                         steps=3000).values()
    assert {"proposer", "give", "want"} <= set(e.params), e.params
    for lang, text in texts.items():
        assert player_name(e.params["proposer"], lang, "archipelago") in text, (lang, text)
