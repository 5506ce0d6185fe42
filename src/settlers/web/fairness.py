"""Provably fair seeds: the server draws the seed, commits to it, and reveals it at the end.

A game is a pure function of (options, seed, actions), so whoever knows the seed knows every
future die roll and deck order. Over the web the seed therefore comes from ``secrets`` and is
sent to nobody while the game runs. When the game is created the server publishes
``commitment = sha256("<seed>:<salt>")`` (the salt is random too, so the hash cannot be
inverted by trying every seed); when it ends it reveals the seed and the salt, and anyone can
check the hash and replay the game from (options, seed, actions).
"""

from __future__ import annotations

import hashlib
import re
import secrets

SEED_BITS = 63  # fits a signed 64-bit database column
SEED_LIMIT = 2**SEED_BITS
_DIGITS = re.compile(r"[0-9]{1,19}")


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def seed_from_text(raw: str) -> int | None:
    """A seed typed in a form (ASCII digits only, below 2**63), or None if it is not one."""
    text = raw.strip()
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if value < SEED_LIMIT else None


def valid_seed(value: object) -> bool:
    return type(value) is int and 0 <= value < SEED_LIMIT


def fairness_payload(seed: int, salt: str | None, commit: str | None, over: bool) -> dict:
    """What a page is told about the seed: the commitment always, seed and salt at the end."""
    out: dict = {"commitment": commit, "algorithm": "sha256(seed:salt)"}
    if over and salt is not None:
        out["seed"] = str(seed)  # as text: JavaScript numbers lose digits above 2**53
        out["salt"] = salt
    return out
