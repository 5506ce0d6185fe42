"""settlers: one platform for five settlement board games."""

from settlers.core import (
    Action,
    CorruptSave,
    Game,
    GameState,
    IllegalAction,
    InvalidOption,
    MalformedAction,
    Option,
    SettlersError,
    UnknownGame,
    game_ids,
    load,
    load_state,
    save,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "CorruptSave", "Game", "GameState", "IllegalAction", "InvalidOption",
    "MalformedAction", "Option", "SettlersError", "UnknownGame", "__version__", "game_ids",
    "load", "load_state", "save",
]
