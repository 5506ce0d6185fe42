"""Live tables nobody touches are stopped, and an address's live tables are counted:
``games.seen_at`` (when a page was last seen open on it) and ``games.creator_key`` (its
creator's address, hashed) with its index (settlers.web.hub: Hub.sweep_idle; Store.
create_game).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("creator_key", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_creator_key", "games", ["creator_key"])


def downgrade() -> None:
    op.drop_index("ix_games_creator_key", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seen_at")
        batch.drop_column("creator_key")
