"""The headers every answer of the web server carries (``guard.SecurityHeaders`` adds them to
the application's answers; ``quiet_connections`` writes them into the refusal it sends below
the application). Plain data, importable without the web extra: the command line imports
``quiet_connections`` on a base install."""

from __future__ import annotations

__all__ = ["CONTENT_SECURITY_POLICY", "HEADERS", "NO_STORE"]

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    # the pages' scripts are files of the server's and they never evaluate text: an injected
    # <script>, an event attribute, a script from elsewhere or an eval is refused (the browser
    # tests drive pages with string predicates under Playwright's bypass_csp, except the
    # test that opens pages under this policy)
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("ascii")),
    (b"cross-origin-opener-policy", b"same-origin"),
)
NO_STORE = (b"cache-control", b"no-store")
