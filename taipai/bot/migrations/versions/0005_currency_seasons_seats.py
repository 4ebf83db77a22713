"""a chat's currency, its seasons, and the seats its members keep from night to night

Revision ID: 0005
Revises: 0004
Create Date: issue 15 (what groups expect)

- ``chats.currency``: the ISO code money is shown in (``NULL`` = HKD, ``HK$1,080``).
- ``sessions.currency``: the ISO code the session's money is in, stamped at 開枱 from the chat's and
  changed by ``貨幣`` while it is open (``NULL`` = HKD): an ended night keeps its own.
- ``chats.privacy_warned_at``: when the group was told that privacy mode hides free text (once per
  group, whichever worker saw it first).
- ``seasons``: an admin starts season ``number`` of a chat at ``started_at``; a season's stats are the
  sessions opened from then until the next season starts (computed from the event log).
- ``seat_memory``: the player name and seat a platform ``user_id`` last held in the chat, so the next
  night's table seats them again without typing.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    with op.batch_alter_table("chats") as batch:
        batch.add_column(sa.Column("currency", sa.String(8), nullable=True))
        batch.add_column(sa.Column("privacy_warned_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("currency", sa.String(8), nullable=True))
    op.create_table(
        "seasons",
        sa.Column("id", _ID, primary_key=True, autoincrement=True),
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_by", sa.String(128), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_seasons"),
        sa.UniqueConstraint("platform", "chat_id", "number", name="uq_seasons_platform_chat_id_number"),
    )
    op.create_table(
        "seat_memory",
        sa.Column("platform", sa.String(32), nullable=False),
        sa.Column("chat_id", sa.String(128), nullable=False),
        sa.Column("user_id", sa.String(128), nullable=False),
        sa.Column("player", sa.String(128), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("display", sa.String(128), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("platform", "chat_id", "user_id", name="pk_seat_memory"),
    )


def downgrade() -> None:
    op.drop_table("seat_memory")
    op.drop_table("seasons")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("currency")
    with op.batch_alter_table("chats") as batch:
        batch.drop_column("privacy_warned_at")
        batch.drop_column("currency")
