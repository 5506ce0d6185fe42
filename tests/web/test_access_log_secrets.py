"""uvicorn's access log records every request's path with its query: a seat's link
(``/games/…?token=…``), the websocket (``/ws/games/…?token=…``), the creator's and the manage
page (``?creator=…``) and the language switch's ``next=`` carried every seat's secret into the
log (docs/audits/2026-12-06-ninth-web-security.md, left by the review; fixed after it). The
server's app filters the access log: the paths stay, the secrets' values do not."""

from __future__ import annotations

import logging

import pytest
from web_helpers import make_settings

from settlers.web import create_app
from settlers.web.access_log import ACCESS_LOGGER, redact

SECRET = "Zq9x-SECRET_token_value"


@pytest.mark.parametrize(("path", "kept"), [
    (f"/games/abc?token={SECRET}&lang=ru", "/games/abc?token=…&lang=ru"),
    (f"/ws/games/abc?lang=en&token={SECRET}", "/ws/games/abc?lang=en&token=…"),
    (f"/games/abc/created?creator={SECRET}", "/games/abc/created?creator=…"),
    (f"/games/abc/manage?creator={SECRET}", "/games/abc/manage?creator=…"),
    (f"/lang/en?next=%2Fgames%2Fabc%3Ftoken%3D{SECRET}", "/lang/en?next=%2Fgames%2Fabc%3Ftoken%3D…"),
    (f"/lang/en?next=%2Fgames%2Fabc%3Flang%3Dru%26token%3D{SECRET}",
     "/lang/en?next=%2Fgames%2Fabc%3Flang%3Dru%26token%3D…"),
    ("/api/games?lang=ru", "/api/games?lang=ru"),
])
def test_secret_query_values_are_cut(path, kept):
    assert redact(path) == kept


def test_the_apps_access_log_holds_no_token(tmp_path, caplog):
    create_app(make_settings(tmp_path))
    log = logging.getLogger(ACCESS_LOGGER)
    with caplog.at_level(logging.INFO, logger=ACCESS_LOGGER):
        # uvicorn's own call (uvicorn.protocols.http: access_logger.info(...))
        log.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET",
                 f"/games/abc?token={SECRET}", "1.1", 200)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "/games/abc?token=…" in text
    assert SECRET not in text
