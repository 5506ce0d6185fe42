"""Seats anyone may take from the lobby, and the creator's token (re-issuing seat links).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("open", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.add_column("games", sa.Column("creator_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "creator_hash")
    op.drop_column("seats", "open")
