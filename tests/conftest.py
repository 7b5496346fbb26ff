import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def load_record(name: str) -> dict:
    return json.loads((DATA / "records" / name).read_text(encoding="utf-8"))


@pytest.fixture
def record_of():
    return load_record
