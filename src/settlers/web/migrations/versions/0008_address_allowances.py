"""What each client address may still do this hour (games made, sets uploaded, open seats
taken), shared by every process of the server (``address_allowances``;
settlers.web.storage.allowances): with ``--workers N`` an address had N times its bound.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "address_allowances",
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False),
    )
    op.create_index("ix_address_allowances_stamp", "address_allowances", ["stamp"])


def downgrade() -> None:
    op.drop_index("ix_address_allowances_stamp", table_name="address_allowances")
    op.drop_table("address_allowances")
