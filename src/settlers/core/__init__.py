"""The one protocol every settlers game implements. See docs/protocol.md."""

from settlers.core.actions import Action, ActionCodec
from settlers.core.definition import GameDefinition
from settlers.core.errors import (
    CorruptSave,
    IllegalAction,
    InvalidOption,
    MalformedAction,
    SettlersError,
    UnknownGame,
)
from settlers.core.events import Event
from settlers.core.game import ConformancePlan, Game
from settlers.core.i18n import get_language, set_language, translate
from settlers.core.options import Option
from settlers.core.registry import game_ids, games, load, register
from settlers.core.saves import load_state, read_record, save, state_from_record, state_record
from settlers.core.state import GameState

__all__ = [
    "Action", "ActionCodec", "ConformancePlan", "CorruptSave", "Event", "Game", "GameDefinition", "GameState",
    "IllegalAction", "InvalidOption", "MalformedAction", "Option", "SettlersError",
    "UnknownGame", "game_ids", "games", "get_language", "load", "load_state", "read_record",
    "register",
    "save", "set_language", "state_from_record", "state_record", "translate",
]
