"""Provably fair seeds: 63-bit seeds, and the salt and commitment published at the start.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":  # SQLite integers are 64-bit already
        op.alter_column("games", "seed", type_=sa.BigInteger, existing_nullable=False)
    op.add_column("games", sa.Column("seed_salt", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("seed_commitment", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "seed_commitment")
    op.drop_column("games", "seed_salt")
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("games", "seed", type_=sa.Integer, existing_nullable=False)
