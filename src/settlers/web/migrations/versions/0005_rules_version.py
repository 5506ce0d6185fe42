"""The label of the rules a game was created under (``Game.rules_version``): a stored game that
no longer replays after an upgrade is shown as made under other rules, not as missing.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("rules", sa.String(40), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "rules")
