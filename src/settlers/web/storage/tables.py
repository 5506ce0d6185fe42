"""The database schema (SQLAlchemy Core). Alembic migrations in ../migrations mirror it."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData()

# One row per hosted game; `version` = number of stored actions.
games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),  # registered game id, e.g. "catan"
    Column("players", Integer, nullable=False),
    # 63-bit (SQLite's INTEGER is 64-bit already: migration 0002 leaves it)
    Column("seed", BigInteger().with_variant(Integer, "sqlite"), nullable=False),  # secret until the game ends (fairness.py)
    Column("seed_salt", String(64), nullable=True),
    Column("seed_commitment", String(64), nullable=True),  # sha256("seed:salt"), public
    Column("options", Text, nullable=False),  # JSON object
    Column("status", String(16), nullable=False),  # open | running | finished | stopped | broken
    # Game.rules_version when created (migration 0005; none before): why a game that no longer
    # replays after an upgrade cannot go on
    Column("rules", String(40), nullable=True),
    Column("version", Integer, nullable=False, default=0),
    Column("scores", Text, nullable=True),  # JSON list once finished
    Column("creator_hash", String(64), nullable=True),  # sha256 of the creator's token
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # (migration 0009) the creator's client address, hashed (limits.address_key, then
    # sha256, 32 hex digits): its live tables are counted (Settings.live_games_per_address)
    Column("creator_key", String(32), nullable=True),
    # (migration 0009) when a page (a seat's or a spectator's) was last seen open on it, by
    # the process holding the page: with ``updated_at`` (its last move), what keeps a live
    # table from being stopped as untouched (Settings.idle_*_seconds; Hub.sweep_idle)
    Column("seen_at", DateTime(timezone=True), nullable=True),
)
Index("ix_games_status", games.c.status)
Index("ix_games_creator_key", games.c.creator_key)

# One row per seat: a human with a secret token (stored hashed) or a bot.
seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(64), nullable=True),
    Column("name", String(80), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    # a human seat the creator left to anyone: listed in the lobby until someone takes it
    Column("open", Boolean, nullable=False, default=False, server_default=false()),
)

# The append-only action log; (game_id, idx) unique so an action can never be stored twice.
actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # action.to_json() as JSON text
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("game_id", "idx", name="uq_actions_game_idx"),
)

# The table chat (web/chat.py): kept with the game, never in its action log (a replay stays a
# function of options, seed and actions). ``seat`` is NULL for a spectator's message.
chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
Index("ix_chat_messages_game_id", chat_messages.c.game_id, chat_messages.c.id)

# Secrets every process of the server shares, by name (migration 0006): "notice" signs the
# notices between processes (web/notices.py) when the operator set no ``notice_secret``.
# Only the server's own role should be able to read it (docs/deploy.md).
server_secrets = Table(
    "server_secrets",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

# The files of every uploaded content set (``upload-<digest>``) a stored game was made with
# (migration 0007; web/stored_content.py): a finished game replays after the set left the
# disk. One row per set (its name is its digest); ``files`` is packed and compressed,
# ``size`` the bytes of the files.
content_sets = Table(
    "content_sets",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("content_option", String(64), primary_key=True),
    Column("name", String(64), primary_key=True),
    Column("files", LargeBinary, nullable=False),
    Column("size", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# What each client address may still do this hour, shared by every process of the server
# (migration 0008; storage/allowances.py): one token bucket per (kind, address) — kind
# "games", "uploads" or "seats" (Settings.*_per_address_per_hour) — holding ``tokens`` at
# ``stamp`` (seconds since the epoch, by the clock of the process that wrote it).
address_allowances = Table(
    "address_allowances",
    metadata,
    Column("kind", String(16), primary_key=True),
    Column("address", String(64), primary_key=True),
    Column("tokens", Float, nullable=False),
    Column("stamp", Float, nullable=False),
)
Index("ix_address_allowances_stamp", address_allowances.c.stamp)
