import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def load_record(name: str) -> dict:
    return json.loads((DATA / "records" / name).read_text(encoding="utf-8"))


@pytest.fixture
def record_of():
    return load_record


@pytest.fixture(autouse=True)
def _variants_left_as_found():
    """Every test leaves the registry and the catalogue as it found them: a toy variant a test
    registers (and one a failing check let through) would otherwise be in every later test's
    list of variants. A test that leaves one fails here, and the registry is put back."""
    from referee.rules import REGISTRY, catalogue

    registry, variants = dict(REGISTRY), dict(catalogue.VARIANTS)
    yield
    if REGISTRY == registry and catalogue.VARIANTS == variants:
        return
    left = sorted((set(REGISTRY) ^ set(registry)) | (set(catalogue.VARIANTS) ^ set(variants)))
    REGISTRY.clear()
    REGISTRY.update(registry)
    catalogue.VARIANTS.clear()
    catalogue.VARIANTS.update(variants)
    pytest.fail(f"the test left the registry changed: {left or 'an entry replaced'}")
