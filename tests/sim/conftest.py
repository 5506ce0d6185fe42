"""Markers of the simulation tests."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "ray: starts a small local Ray instance (skipped only if ray is missing)")
