"""`settlers serve` greets in the user's language; `make serve PORT=…` passes the port on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from settlers.cli import main
from settlers.core import set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("lang", "words"), [("en", "Settlers server"), ("ru", "Сервер «Поселенцы»")])
def test_the_start_up_line_speaks_the_language_given_on_the_command_line(
        monkeypatch, capsys, lang, words):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)  # the line only, no server
    monkeypatch.setenv("LANG", "ru_RU.UTF-8" if lang == "en" else "en_GB.UTF-8")
    try:
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, "serve", "--port", "8765", "--db", "sqlite:///:memory:"])
        assert done.value.code in (0, None)
    finally:
        set_language(None)
    out = capsys.readouterr().out
    assert words in out and ":8765/" in out


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_serve_takes_the_port():
    out = subprocess.run(["make", "-n", "serve", "PORT=9123"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert "settlers serve --open --host 127.0.0.1 --port 9123" in out

