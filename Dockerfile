FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    STRIDE_DB=/data/stride.db

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install . \
    && useradd --create-home --uid 10001 stride \
    && mkdir -p /data \
    && chown stride:stride /data

USER stride
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
