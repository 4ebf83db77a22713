"""per-chat settings, seat claims and pending hand corrections

Revision ID: 0002
Revises: 0001
Create Date: issue 5 (the bot in group chats)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "chats",
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("locale", sa.String(16), nullable=True),
        sa.Column("scoreboard_message_id", sa.String(128), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("platform", "chat_id", name="pk_chats"),
    )
    op.create_table(
        "members",
        sa.Column("id", Id, primary_key=True, autoincrement=True),
        sa.Column("session_id", Id, nullable=False),
        sa.Column("user_id", sa.String(128), nullable=False),
        sa.Column("display", sa.String(128), nullable=False),
        sa.Column("player", sa.String(128), nullable=True),
        sa.Column("creator", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_members"),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name="fk_members_session_id_sessions"),
        sa.UniqueConstraint("session_id", "user_id", name="uq_members_session_id_user_id"),
    )
    op.create_table(
        "edits",
        sa.Column("id", Id, primary_key=True, autoincrement=True),
        sa.Column("session_id", Id, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("source_message_id", sa.String(128), nullable=False),
        sa.Column("speaker", sa.String(128), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_edits"),
        sa.ForeignKeyConstraint(["session_id"], ["sessions.id"], name="fk_edits_session_id_sessions"),
    )


def downgrade() -> None:
    op.drop_table("edits")
    op.drop_table("members")
    op.drop_table("chats")
