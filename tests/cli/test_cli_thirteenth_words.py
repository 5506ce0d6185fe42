"""Thirteenth pass: what the commands print, read in both languages.

`settlers simulate -n 1 --out F` said "Wrote 1 rows"; a content file's faults "must have 1
entries"; the machine line of a report "1 cores"; the multi-port server's start line named
itself «Сервер «Поселенцев»» where the one-port line says «Сервер «Поселенцы»» (a name in
quotes keeps its form). The catalog scan of tests/core/test_thirteenth_counted_numbers.py
keeps every such count a plural text."""

from __future__ import annotations

import pytest
from terminal_helpers import run_cli

import settlers
from settlers.core import translate
from settlers.web.i18n import t as web_t


@pytest.mark.parametrize(("lang", "words"), [("en", "Wrote 1 row to "),
                                             ("ru", "Записано строк: 1, файл ")])
def test_simulate_counts_the_rows_it_wrote(capsys, tmp_path, lang, words):
    out = tmp_path / "one.jsonl"
    code, text = run_cli(capsys, ["--lang", lang, "simulate", "catan", "--seats",
                                  "random,random,random", "-n", "1", "--seed", "3",
                                  "--no-progress", "--backend", "local", "--workers", "1",
                                  "--out", str(out)])
    assert code in (0, None), text
    assert words in text, text


@pytest.mark.parametrize(("key", "params", "en"), [
    ("core.content.fault.count", {"field": "f", "expected": 1, "count": 2},
     "must have 1 entry, not 2"),
    ("core.content.fault.too_many", {"field": "f", "limit": 1, "count": 2}, "at most 1 entry"),
    ("sim.report.machine", {"cpu": "x", "cores": 1, "python": "3", "system": "s", "load": 0},
     "x, 1 core;"),
    ("sim.cli.written", {"rows": 1, "path": "p"}, "Wrote 1 row to p."),
    ("cli.chrome.needs_values", {"name": "--x", "count": 1}, "requires 1 value."),
    ("founders.tiles.masters_count", {"path": "p", "masters": 1, "goods": 1, "expected": 6},
     "1 master and 1 village good;"),
])
def test_english_counts_of_one_are_singular(key, params, en):
    settlers.load("founders")   # its catalog
    assert en in translate(key, "en", **params)


def test_founders_tile_limit_agrees_with_its_count():
    settlers.load("founders")
    said = [translate("founders.tiles.problem.too_many", "ru", limit=n) for n in (1, 5)]
    assert said == ["в файле может быть не больше 1 такой записи",
                    "в файле может быть не больше 5 таких записей"]


def test_the_servers_start_lines_name_it_alike():
    one = web_t("serve.listening", "ru", url="http://x/", db="d")
    many = web_t("serve.listening_ports", "ru", count=2, urls="http://x/", db="d")
    assert one.startswith("Сервер «Поселенцы»:") and many.startswith("Сервер «Поселенцы»:")
    assert "2 processes on" in web_t("serve.listening_ports", "en", count=2, urls="u", db="d")
