"""A refused request and the HTTP status each refusal maps to."""

from __future__ import annotations

import logging

from settlers.core.errors import SettlersError
from settlers.core.i18n import translate
from settlers.web.i18n import t, t_figures

log = logging.getLogger("settlers.web")

#: the refusals' parameters that are quantities, written as figures («предел 10 000»,
#: "limit 10,000"); a seat number the client asked for is said as it came, and so is a state's
#: version («версия 1234»): a number that names, not counts, as the log writes a turn
FIGURES = frozenset(("limit", "length", "seconds", "minutes", "memory", "lo", "hi"))

STATUS_CODES = {
    "unknown_game": 404,
    "no_such_address": 404,
    "method_not_allowed": 405,
    "no_such_game": 404,
    "game_broken": 410,
    "bad_token": 403,
    "token_revoked": 403,
    "not_creator": 403,
    "cross_site": 403,
    "seat_taken": 409,
    "no_such_seat": 404,
    "not_human_seat": 422,
    "spectator": 403,
    "stale_version": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "game_too_long": 409,
    "illegal_action": 422,
    "too_large": 413,
    "rate_limited": 429,
    "too_many_games": 503,
    "too_many_games_here": 429,
    "too_many_live_games_here": 429,
    "too_many_uploads_here": 429,
    "too_many_seats_here": 429,
    "not_finished": 409,
    "bad_field": 422,
    "bad_upload": 422,
    "upload_busy": 503,
    "too_many_uploads": 503,  # (for a while: kept_uploads)
    "cannot_store_upload": 507,
    "content_store_full": 507,
    "bad_seed": 422,
    "bad_name": 422,
    "bad_type": 422,
    "too_many_spectators": 429,
    "too_many_connections": 429,
    "seed_not_allowed": 422,
    "unknown_content": 422,
    "path_not_allowed": 422,
}


def encodable(text: str) -> str:
    """``text`` with anything UTF-8 cannot carry (a lone surrogate) replaced by U+FFFD."""
    if text.isascii():
        return text
    return text.encode("utf-8", "replace").decode("utf-8")


class ActError(Exception):
    """A refused request: ``code`` is a web catalog key under "error.", or a ready message."""

    def __init__(self, code: str, message: str | None = None, *, text_key: str | None = None,
                 **params):
        super().__init__(code)
        self.code = code
        self.text = message
        self.text_key = text_key or code  # the catalog text, when one code has several
        self.params = params

    @property
    def status(self) -> int:
        return STATUS_CODES.get(self.code, 400)

    def message(self, lang: str) -> str:
        if self.text is not None:
            return encodable(self.text)
        return encodable(t_figures(f"error.{self.text_key}", lang, FIGURES, **self.params))

    def payload(self, lang: str) -> dict:
        """The refusal as a message; every string in it is encodable (a refusal that echoes a
        lone surrogate would otherwise kill the writer that sends it)."""
        params = {k: (encodable(v) if isinstance(v, str) else v)
                  for k, v in self.params.items() if isinstance(v, (int, str))}
        return {**params, "type": "error", "code": self.code, "message": self.message(lang)}


# the engine's refusals repeat what the client sent (an unknown option's name, a value of the
# wrong type): at most this many characters of each such parameter are repeated
MAX_SHOWN = 120
# the parameters of the engine's catalog texts that can hold a client's input
ECHOED = frozenset({"option", "value", "text", "name", "field", "game", "type", "kind"})


class _Shown:
    """A parameter shown cut short: its text stands for both its str and its repr."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def _shown(value):
    if isinstance(value, str):
        return value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN - 1] + "…"
    if (isinstance(value, dict) and len(value) <= 4
            and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())):
        # a name by language (a ``!l`` parameter: a game's names), each cut alike
        return {k[:8]: _shown(v) for k, v in value.items()}
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return _Shown("…")   # (a 5 000-digit number: Python will not even write it)
    if isinstance(value, (bool, int, float)) or value is None:
        return value
    try:
        text = repr(value)
    except Exception:   # (nested as deep as the parser went)
        text = f"<{type(value).__name__}>"
    return _Shown(text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 1] + "…")


def shown_params(params: dict) -> dict:
    """The parameters of an engine refusal with those that can hold a client's input
    (``ECHOED``) cut to ``MAX_SHOWN`` characters: a refusal never repeats 16 KiB of it."""
    return {k: _shown(v) if k in ECHOED else v for k, v in params.items()}


def exc_message(exc: Exception, lang: str) -> str:
    """The words of a refusal the engine raised (a ``SettlersError``: its catalog text in
    ``lang``). Any other exception is a fault of the server's, whose text may hold anything of
    the state (a hidden card's id in a KeyError, an assertion's values): the client is told
    only that the server failed, and the server's log gets the traceback."""
    if isinstance(exc, SettlersError):
        try:
            return str(translate(exc.key, lang, **shown_params(exc.params)))
        except Exception:
            log.exception("cannot word the refusal %s", exc.key)
    else:
        log.error("a request failed inside the server", exc_info=exc)
    return t("error.server_fault", lang)
