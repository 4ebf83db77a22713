"""The container image, checked without Docker (no engine runs on these machines).

The test performs the Dockerfile's steps by hand: a fresh venv, the pinned ``requirements.lock``,
taipai itself with ``--no-deps`` (a real, non-editable install), ``pybabel compile``, ``taipai migrate``
as its own step, then ``taipai`` in polling mode against the fake Bot API server, the health check
command of the image's ``HEALTHCHECK``, and a clean SIGTERM.  It first checks that the Dockerfile
still contains every step it imitates, and that ``.env.example`` lists every setting.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from taipai.bot.i18n import gettext_in
from taipai.bot.settings import Settings
from taipai.bot.store import ChatRef, Store, sqlite_url

from .telegram.fakebotapi import FakeBotAPI

ROOT = Path(__file__).resolve().parents[2]
GROUP = -100555

STEPS = (
    "python -m venv /opt/taipai && /opt/taipai/bin/pip install -r requirements.lock",
    "COPY pyproject.toml README.md babel.cfg ./",
    "/opt/taipai/bin/pip install --no-deps .",
    "/opt/taipai/bin/pybabel compile -d locales -D taipai",
    "TAIPAI_LOCALES_DIR=/opt/taipai/locales",
    "DATABASE_URL=sqlite+aiosqlite:////data/taipai.db",
    "HEARTBEAT_FILE=/tmp/taipai.heartbeat",
    'CMD ["python", "-m", "taipai.bot.health"]',
    'ENTRYPOINT ["taipai"]',
    "USER taipai",
    'VOLUME ["/data"]',
)


def test_the_dockerfile_has_the_steps_this_test_performs():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    missing = [s for s in STEPS if s not in text]
    assert missing == []
    assert re.search(r"^FROM python:3\.11-slim$", text, re.M)
    assert re.search(r"useradd --system --uid \"\$\{UID\}\"", text) and "ARG UID=10001" in text


def test_env_example_lists_every_setting_with_a_comment():
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    names = [line.split("=", 1)[0] for line in lines if re.match(r"^[A-Z_]+=", line)]
    settings = {name.upper() for name in Settings.model_fields}
    assert settings <= set(names), settings - set(names)
    for i, line in enumerate(lines):
        if re.match(r"^[A-Z_]+=", line):
            assert lines[i - 1].startswith("#"), line  # each setting has its comment above it
    token = next(line for line in lines if line.startswith("TELEGRAM_BOT_TOKEN="))
    assert "replace-with" in token  # a placeholder, never a real token


def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)
    assert done.returncode == 0, (cmd, done.stdout[-2000:], done.stderr[-2000:])
    return done


@pytest.mark.asyncio
async def test_the_image_steps_build_migrate_and_answer_in_polling_mode(tmp_path):
    # COPY: the build context the Dockerfile copies (tests and benchmarks are .dockerignored).
    src = tmp_path / "src"
    src.mkdir()
    for name in ("requirements.lock", "pyproject.toml", "README.md", "babel.cfg"):
        shutil.copy(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.mo", "*.egg-info")
    shutil.copytree(ROOT / "taipai", src / "taipai", ignore=ignore)
    shutil.copytree(ROOT / "locales", src / "locales", ignore=ignore)
    venv = tmp_path / "opt"
    pip_env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    _run([sys.executable, "-m", "venv", str(venv)])
    _run([str(venv / "bin" / "pip"), "install", "-q", "-r", "requirements.lock"], cwd=src, env=pip_env)
    _run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", "."], cwd=src, env=pip_env)
    _run([str(venv / "bin" / "pybabel"), "compile", "-d", "locales", "-D", "taipai"], cwd=src)
    assert (src / "locales" / "zh_Hant_HK" / "LC_MESSAGES" / "taipai.mo").is_file()

    data = tmp_path / "data"
    data.mkdir()
    heartbeat = tmp_path / "heartbeat"
    env = {
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin",
        "HOME": str(data),
        "PYTHONUNBUFFERED": "1",
        "TAIPAI_LOCALES_DIR": str(src / "locales"),
        "DATABASE_URL": sqlite_url(data / "taipai.db"),
        "HEARTBEAT_FILE": str(heartbeat),
        "TELEGRAM_MODE": "polling",
    }
    # The installed package, not the checkout, is what runs.
    where = _run(
        [str(venv / "bin" / "python"), "-c", "import taipai; print(taipai.__file__)"], cwd=data, env=env
    )
    assert where.stdout.strip().startswith(str(venv))

    migrated = _run([str(venv / "bin" / "taipai"), "migrate"], cwd=data, env=env)
    expected = gettext_in("zh_Hant_HK", "Database schema at revision {revision}.").format(revision="0005")
    assert migrated.stdout.strip() == expected and expected != "Database schema at revision 0004."

    async with FakeBotAPI() as api:
        env_bot = {**env, "TELEGRAM_BOT_TOKEN": api.token, "TELEGRAM_API_BASE_URL": api.base_url}
        proc = await asyncio.create_subprocess_exec(
            str(venv / "bin" / "taipai"),
            cwd=data,
            env=env_bot,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            await api.wait_for(lambda c: any(x.method == "setMyCommands" for x in c), timeout=60)
            await api.send_text(GROUP, FakeBotAPI.user(1, "Ann"), "開枱 A B C D")
            reply = (await api.wait_for(lambda _c: api.sent(GROUP), timeout=30))[0]
            opened = gettext_in("zh_Hant_HK", "Table open: {players}. {dealer} deals first.").split("{")[0]
            assert opened != "Table open: " and reply.params["text"].startswith(opened)
            assert heartbeat.is_file()
            health = subprocess.run(
                [str(venv / "bin" / "python"), "-m", "taipai.bot.health"],
                cwd=data,
                env=env,
                capture_output=True,
                text=True,
                timeout=30,
            )
            assert health.returncode == 0, health.stdout
        finally:
            await api.release()
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
            _out, err = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode == 0, err.decode()[-2000:]

    store = await Store.open(sqlite_url(data / "taipai.db"))
    try:
        session = await store.open_session(ChatRef("telegram", str(GROUP)))
        assert session is not None and session.creator == "Ann"
    finally:
        await store.close()
