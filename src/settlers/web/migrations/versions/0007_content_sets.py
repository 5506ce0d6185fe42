"""The files of the uploaded content sets stored games were made with (``content_sets``):
a finished game replays after its set left the disk (settlers.web.stored_content).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "content_sets",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("content_option", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("files", sa.LargeBinary, nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("content_sets")
