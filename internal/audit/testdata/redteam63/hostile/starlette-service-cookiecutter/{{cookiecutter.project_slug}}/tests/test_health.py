import httpx
import pytest

from app.main import app


@pytest.mark.anyio
async def test_healthz() -> None:
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver.example") as client:
            r = await client.get("/healthz")
            assert r.status_code == 200
            assert r.json() == {"status": "ok"}
            r = await client.get("/readyz")
            assert r.status_code == 200
