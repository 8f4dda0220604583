"""{{ cookiecutter.project_name }} - Starlette service."""
from __future__ import annotations

import contextlib
import logging
import signal
from collections.abc import AsyncIterator

import structlog
from pydantic_settings import BaseSettings, SettingsConfigDict
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", env_file=".env", extra="ignore")
    service_name: str = "{{ cookiecutter.project_slug }}"
    port: int = {{ cookiecutter.port }}
    log_level: str = "INFO"


settings = Settings()
structlog.configure(
    wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelName(settings.log_level)),
    processors=[structlog.processors.add_log_level, structlog.processors.TimeStamper(fmt="iso"),
                structlog.processors.JSONRenderer()],
)
log = structlog.get_logger(service=settings.service_name)
_ready = False


async def healthz(_: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def readyz(_: Request) -> JSONResponse:
    return JSONResponse({"ready": _ready}, status_code=200 if _ready else 503)


async def echo(request: Request) -> JSONResponse:
    body = await request.json()
    log.info("echo", keys=sorted(body) if isinstance(body, dict) else None)
    return JSONResponse({"echo": body})


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    global _ready
    log.info("startup", port=settings.port)
    _ready = True
    try:
        yield
    finally:
        _ready = False
        log.info("shutdown")


app = Starlette(
    routes=[Route("/healthz", healthz), Route("/readyz", readyz), Route("/v1/echo", echo, methods=["POST"])],
    lifespan=lifespan,
)


def run() -> None:
    import uvicorn

    signal.signal(signal.SIGTERM, signal.default_int_handler)
    uvicorn.run(app, host="0.0.0.0", port=settings.port, log_config=None)
