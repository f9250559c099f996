"""The installed package type-checks under ``mypy --strict`` (which needs its ``py.typed``
marker to read it), and so does this test suite, a user of its annotations. Without mypy the
test fails, unless ``GUERRILLA_SKIP_MISSING_TOOLS=1`` (the repository's opt-out for missing
tools) says to skip it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_mypy_strict(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("GUERRILLA_SKIP_MISSING_TOOLS") == "1":
            pytest.skip("mypy is not installed and GUERRILLA_SKIP_MISSING_TOOLS=1 allows it")
        pytest.fail(
            "mypy is not installed: `pip install mypy` (or set GUERRILLA_SKIP_MISSING_TOOLS=1 to skip this test)",
            pytrace=False,
        )
    for target in (["-p", "guerrilla_client"], [str(HERE)]):
        run = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), *target],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        assert "no issues found" in run.stdout
