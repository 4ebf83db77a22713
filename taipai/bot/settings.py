"""Process settings from the environment or a ``.env`` file (DESIGN §8), via pydantic-settings.

Tokens are secrets: they are never logged or printed (``SecretStr``).
"""

from __future__ import annotations

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """DESIGN §8 settings.  Every field reads the upper-case environment variable of its name."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_bot_token: SecretStr | None = None
    telegram_api_base_url: str | None = None
    telegram_mode: str = "polling"
    telegram_webhook_url: str | None = None
    telegram_webhook_secret: SecretStr | None = None
    listen_port: int = 8080
    discord_bot_token: SecretStr | None = None
    discord_sync_stamp: str | None = None
    """The file that keeps the hash of the slash commands last published to Discord (the tree is
    synced at start only when it changed); default ``taipai-discord-commands.sha256`` beside the
    SQLite database, else in the working directory."""
    database_url: str | None = None
    default_locale: str = "zh_Hant_HK"
    log_level: str = "WARNING"
    stats_timezone: str = "Asia/Hong_Kong"
    """The IANA time zone whose calendar month 戰績 本月 / 排行榜 本月 count and whose dates they show."""
    heartbeat_file: str | None = None
    """Polling mode touches this file every 15 s (the container health check reads its age)."""

    @property
    def has_platform_token(self) -> bool:
        """True when a Telegram or Discord token is configured (then ``taipai`` starts those bots)."""
        return any(
            t is not None and t.get_secret_value() for t in (self.telegram_bot_token, self.discord_bot_token)
        )
