"""The errors every part of settlers raises: each carries a catalog key and parameters, so its
message can be shown in the user's language."""

from __future__ import annotations

from typing import Any

from settlers.core.i18n import translate


class SettlersError(Exception):
    """Base of all settlers errors: ``key`` is a catalog key, ``params`` its parameters."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, lang: str | None = None) -> str:
        return translate(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message()

    def to_json(self) -> dict[str, Any]:
        return {"error": type(self).__name__, "key": self.key, "params": self.params,
                "message": self.message()}


class IllegalAction(SettlersError):
    """An action that is not legal now; the state was left untouched."""


class MalformedAction(SettlersError, ValueError):
    """Input that does not describe an action of the game at all (bad JSON, unknown type...)."""


class InvalidOption(SettlersError, ValueError):
    """An unknown option, or a value the option does not allow."""


class UnknownGame(SettlersError, LookupError):
    """No registered game has this id."""


class CorruptSave(SettlersError, ValueError):
    """A save file that cannot be read or does not replay to the state it recorded."""
