"""The language is read from the locale's variables in POSIX order. ``LC_ALL=en_US.UTF-8``
with ``LANG=ru_RU.UTF-8`` gave Russian: only LANG was read (the eleventh fresh-user pass)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from settlers.core.i18n import language_from_environment


@pytest.mark.parametrize(("environ", "lang"), [
    ({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"}, "ru"),
    ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_ALL": "", "LC_MESSAGES": "ru_RU", "LANG": "en_GB.UTF-8"}, "ru"),
    ({"LANGUAGE": "en_GB:en", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LANGUAGE": "de:en", "LANG": "ru_RU.UTF-8"}, "en"),       # gettext's list, in order
    ({"LC_ALL": "C.UTF-8", "LANG": "en_GB.UTF-8"}, "en"),       # C names no language
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8@euro"}, "en"),
    ({"SETTLERS_LANG": "ru", "LC_ALL": "en_US.UTF-8"}, "ru"),   # ours first
    ({"LC_ALL": "de_DE.UTF-8"}, "ru"),
])
def test_the_language_follows_the_locale_variables_in_their_order(environ, lang):
    assert language_from_environment(environ) == lang


def test_the_command_line_speaks_the_language_of_lc_all():
    env = {"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8", "COLUMNS": "100",
           "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    out = subprocess.run([sys.executable, "-m", "settlers", "--help"], env=env,
                         capture_output=True, text=True, timeout=60).stdout
    assert "Usage: settlers" in out and "SETTLERS_LANG" in out, out
