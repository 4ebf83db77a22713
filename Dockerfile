# taipai: the group-chat scorekeeper as a container image.
#
#   docker build -t taipai .
#   docker run --rm -v taipai-data:/data --env-file .env taipai migrate     # schema, its own step
#   docker run -d -v taipai-data:/data --env-file .env taipai               # the bots
#
# Without a token the image has nothing to serve (the terminal chat needs `docker run -it … taipai chat`).
# tests/bot/test_dockerfile.py performs these same steps without Docker (no engine on CI machines).

# ---------------------------------------------------------------- build stage
FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
# 1. pinned dependencies first (a layer that survives code changes)
COPY requirements.lock ./
RUN python -m venv /opt/taipai && /opt/taipai/bin/pip install -r requirements.lock
# 2. taipai itself, without resolving dependencies again
COPY pyproject.toml README.md babel.cfg ./
COPY taipai ./taipai
COPY locales ./locales
RUN /opt/taipai/bin/pip install --no-deps . \
 && /opt/taipai/bin/pybabel compile -d locales -D taipai --statistics
# 3. the pictures' CJK font comes with the pins (noto-cjk-sans-otc, no Debian font): fail the build
#    if it cannot draw every tile and chart character
RUN /opt/taipai/bin/python -m taipai.bot.pictures.fonts

# ---------------------------------------------------------------- runtime stage
FROM python:3.11-slim
ARG UID=10001
RUN groupadd --system --gid "${UID}" taipai \
 && useradd --system --uid "${UID}" --gid taipai --home-dir /data --no-create-home --shell /usr/sbin/nologin taipai \
 && mkdir -p /data \
 && chown taipai:taipai /data
COPY --from=build /opt/taipai /opt/taipai
COPY --from=build /src/locales /opt/taipai/locales
ENV PATH=/opt/taipai/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    TAIPAI_LOCALES_DIR=/opt/taipai/locales \
    MPLCONFIGDIR=/tmp/matplotlib \
    DATABASE_URL=sqlite+aiosqlite:////data/taipai.db \
    HEARTBEAT_FILE=/tmp/taipai.heartbeat \
    TELEGRAM_MODE=polling \
    LISTEN_PORT=8080
USER taipai
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
# webhook mode: GET /healthz on LISTEN_PORT; polling mode: HEARTBEAT_FILE touched within 90 s
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 CMD ["python", "-m", "taipai.bot.health"]
ENTRYPOINT ["taipai"]
CMD []
