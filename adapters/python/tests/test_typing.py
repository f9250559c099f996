"""The installed package type-checks under ``mypy --strict`` (which needs its ``py.typed``
marker to read it), and so does this test suite, a user of its annotations."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_mypy_strict(tmp_path: Path) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (CI installs it)")
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
