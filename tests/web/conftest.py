"""Fixtures for the web server tests."""

from __future__ import annotations

import pytest
from web_helpers import make_settings, running

from settlers.web import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def client(settings):
    with running(settings) as c:
        yield c
