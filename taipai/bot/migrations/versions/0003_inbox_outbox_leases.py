"""the inbox (updates stored before they are acknowledged), the outbox (replies stored with their
event) and the per-chat leases of the worker processes

Revision ID: 0003
Revises: 0002
Create Date: issue 13 (trustworthy under faults, floods and hostile users)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
PENDING = sa.text("status = 'pending'")


def upgrade() -> None:
    op.create_table(
        "inbox",
        sa.Column("id", Id, primary_key=True, autoincrement=True),
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("update_key", sa.String(128), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("status", sa.String(8), nullable=False, server_default="pending"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_inbox"),
        sa.UniqueConstraint("platform", "update_key", name="uq_inbox_platform_update_key"),
    )
    op.create_index(
        "ix_inbox_pending",
        "inbox",
        ["platform", "chat_id", "id"],
        sqlite_where=PENDING,
        postgresql_where=PENDING,
    )
    op.create_table(
        "outbox",
        sa.Column("id", Id, primary_key=True, autoincrement=True),
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("inbox_id", Id, nullable=True),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("status", sa.String(8), nullable=False, server_default="pending"),
        sa.Column("attempts", sa.Integer, nullable=False, server_default=sa.text("0")),
        sa.Column("message_id", sa.String(128), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_outbox"),
        sa.ForeignKeyConstraint(["inbox_id"], ["inbox.id"], name="fk_outbox_inbox_id_inbox"),
    )
    op.create_index(
        "ix_outbox_pending",
        "outbox",
        ["platform", "chat_id", "id"],
        sqlite_where=PENDING,
        postgresql_where=PENDING,
    )
    op.create_table(
        "chat_leases",
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("owner", sa.String(128), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("platform", "chat_id", name="pk_chat_leases"),
    )


def downgrade() -> None:
    op.drop_table("chat_leases")
    op.drop_index("ix_outbox_pending", table_name="outbox")
    op.drop_table("outbox")
    op.drop_index("ix_inbox_pending", table_name="inbox")
    op.drop_table("inbox")
