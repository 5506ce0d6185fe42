"""Durable storage of hosted games (SQLite with WAL by default, PostgreSQL by URL)."""

from settlers.web.storage.kept_sets import KeptSetsFull
from settlers.web.storage.store import (
    Append,
    ChatRow,
    Claim,
    GameRecord,
    SeatRecord,
    StaleVersion,
    Store,
    TooManyLive,
)
from settlers.web.storage.writer import BatchWriter

__all__ = ["Append", "BatchWriter", "ChatRow", "Claim", "GameRecord", "KeptSetsFull", "SeatRecord", "StaleVersion", "Store", "TooManyLive"]
