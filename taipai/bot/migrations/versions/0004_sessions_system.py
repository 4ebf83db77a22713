"""the rule system a session plays

Revision ID: 0004
Revises: 0003
Create Date: issue 14 (many games on one core)

A table picks its game at 開枱 (``TableOpened.system``); the sessions table records it so a listing can
name the game without replaying the log.  Sessions stored before this revision play ``hk-taiwan``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("system", sa.String(32), nullable=False, server_default="hk-taiwan"))


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("system")
