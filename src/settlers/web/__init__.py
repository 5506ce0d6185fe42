"""Play in the browser: lobby, live games over WebSocket, bots in seats, durable storage.

``create_app(Settings(...))`` builds the ASGI app; ``settlers serve`` runs it with uvicorn.
"""

from settlers.web.config import Settings


def create_app(settings: Settings | None = None):
    from settlers.web.app import create_app as _create

    return _create(settings)


__all__ = ["Settings", "create_app"]
