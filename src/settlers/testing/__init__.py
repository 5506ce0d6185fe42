"""Test support shared by every game: the conformance checks and a small sample game."""
