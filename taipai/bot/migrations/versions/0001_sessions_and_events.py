"""sessions and the append-only events log

Revision ID: 0001
Revises:
Create Date: first table
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", Id, primary_key=True, autoincrement=True),
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("status", sa.String(8), nullable=False, server_default="open"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("creator", sa.String(128), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
    )
    op.create_index(
        "uq_sessions_one_open_per_chat",
        "sessions",
        ["platform", "chat_id"],
        unique=True,
        sqlite_where=sa.text("status = 'open'"),
        postgresql_where=sa.text("status = 'open'"),
    )
    op.create_index("ix_sessions_platform_chat_id", "sessions", ["platform", "chat_id"])
    op.create_table(
        "events",
        sa.Column("id", Id, primary_key=True, autoincrement=True),
        sa.Column("session_id", Id, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("source_message_id", sa.String(128), nullable=True),
        sa.Column("speaker", sa.String(128), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("source_text", sa.Text, nullable=True),
        sa.Column("detail", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_events"),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name="fk_events_session_id_sessions"),
        sa.UniqueConstraint("session_id", "seq", name="uq_events_session_id_seq"),
        sa.UniqueConstraint(
            "platform", "chat_id", "source_message_id", name="uq_events_platform_chat_id_source_message_id"
        ),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_index("ix_sessions_platform_chat_id", table_name="sessions")
    op.drop_index("uq_sessions_one_open_per_chat", table_name="sessions")
    op.drop_table("sessions")
