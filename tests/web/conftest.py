"""Fixtures for the web app: an app on a temporary database, clients, helpers."""

from __future__ import annotations

import pytest

from referee import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"),
                      "SECRET_KEY": "test-secret"})
    (tmp_path / "instance").mkdir(exist_ok=True)
    return app


@pytest.fixture
def client(app):
    return app.test_client()
