"""Fixtures: the real engine binary (``GUERRILLA_ENGINE``, default the repository's
``target/release/guerrilla``) and the fake engine of ``fake_engine.py``."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator, List

import pytest

from guerrilla_client import Engine

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]

HANG = 30
"""Seconds past which a wait that the client bounds by a short timeout (0.3 s in the tests)
counts as hung: far above it, so that a loaded machine does not fail a test."""


@pytest.fixture(scope="session")
def engine_path() -> str:
    """The engine binary the tests drive; a missing binary fails the run, it is not skipped."""
    path = os.environ.get("GUERRILLA_ENGINE") or str(REPO / "target" / "release" / "guerrilla")
    if not os.access(path, os.X_OK):
        pytest.fail(
            f"no engine binary at {path}: run `cargo build --release` at the repository root "
            "or set GUERRILLA_ENGINE to the binary's path",
            pytrace=False,
        )
    return path


@pytest.fixture
def engine(engine_path: str) -> Iterator[Engine]:
    """A fresh engine (Guerrilla Checkers, default options), quit after the test."""
    with Engine.start(engine_path) as started:
        yield started
    assert started.process.returncode == 0


@pytest.fixture
def wells(engine_path: str) -> Iterator[Engine]:
    """A fresh engine playing Guerrilla on the side-5 board."""
    with Engine.start(engine_path, options={"Game": "guerrilla", "BoardSide": 5}) as started:
        yield started


def fake(mode: str) -> List[str]:
    """The command that runs the fake engine in ``mode`` (see fake_engine.py)."""
    return [sys.executable, str(HERE / "fake_engine.py"), mode]
