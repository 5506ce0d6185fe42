"""Secrets every process of the server shares (``server_secrets``): the key that signs the
notices between processes (settlers.web.notices), drawn by the first process to start when
the operator set none.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
