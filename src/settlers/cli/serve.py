"""`settlers serve`: the web server's command, which lives with the web server."""

from settlers.web.serve import register

__all__ = ["register"]
