"""The README's examples, run: its ``pycon`` blocks as one doctest session and its scripts,
whose output is checked line by line."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```$", re.MULTILINE | re.DOTALL)
RESULT_LINE = {
    "guerrilla-checkers": re.compile(r"^guerrilla-checkers: (p1win|p2win) after \d+ turns$"),
    "guerrilla": re.compile(r"^guerrilla: (p1win|p2win|draw) after \d+ turns$"),
}


def blocks(kind: str) -> list[tuple[int, str]]:
    """The README's fenced blocks of language ``kind``: each block's first line number (0-based)
    and its text."""
    text = README.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, found.start(2)), found.group(2))
        for found in BLOCK.finditer(text)
        if found.group(1) == kind
    ]


@pytest.fixture
def repo_like(tmp_path: Path, engine_path: str) -> Path:
    """A folder where ``target/release/guerrilla`` is the engine under test, as the README's
    examples expect at the repository root."""
    target = tmp_path / "target" / "release"
    target.mkdir(parents=True)
    (target / "guerrilla").symlink_to(os.path.abspath(engine_path))
    return tmp_path


def test_the_pycon_examples_hold(repo_like: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sessions = blocks("pycon")
    assert len(sessions) >= 5
    monkeypatch.chdir(repo_like)
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.REPORT_NDIFF)
    names: dict[str, object] = {}  # one session: every block sees the names of the ones before
    examples = 0
    for line, body in sessions:
        test = parser.get_doctest(body, names, "README.md", str(README), line)
        test.globs = names  # get_doctest copies the dict; the blocks share one
        examples += len(test.examples)
        runner.run(test, clear_globs=False)
    outcome = runner.summarize(verbose=False)
    assert examples >= 30 and outcome.attempted == examples
    assert outcome.failed == 0, "README.md's pycon examples failed (see the report above)"


def script(marker: str) -> tuple[str, list[str]]:
    """The README's ``python`` block that holds ``marker``, and the lines of the ``output``
    block right after it."""
    text = README.read_text(encoding="utf-8")
    found = [match for match in BLOCK.finditer(text) if match.group(1) == "python" and marker in match.group(2)]
    assert len(found) == 1, f"one python block of README.md holds {marker!r}"
    shown = BLOCK.search(text, found[0].end())
    assert shown is not None and shown.group(1) == "output", "an output block follows the script"
    return found[0].group(2), shown.group(2).splitlines()


def run_script(body: str, cwd: Path) -> list[str]:
    """Runs a script of the README from ``cwd``; the lines it printed."""
    run = subprocess.run([sys.executable, "-c", body], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def test_the_whole_game_script_plays_both_games(repo_like: Path) -> None:
    body, shown = script("is_game_over")
    assert len(body.strip().splitlines()) <= 10
    lines = run_script(body, repo_like)
    assert [line.split(":")[0] for line in lines] == ["guerrilla-checkers", "guerrilla"]
    # The output the README shows has the same form.
    for line in lines + shown:
        assert RESULT_LINE[line.split(":")[0]].match(line), line


def test_the_asyncio_script_analyses_and_streams(repo_like: Path) -> None:
    body, shown = script("aio.Engine")
    lines = run_script(body, repo_like)
    assert len(lines) == len(shown) == 2
    for line in (lines[0], shown[0]):
        assert re.match(r"^[a-h][1-8]x?[-x][a-h][1-8]\S* (-?[01]\.\d{3}|(win|loss|draw) in \d+)$", line), line
    assert lines[1] == shown[1] == "True True"


TOP_LINE = re.compile(
    r"^([123])\. (-?[01]\.\d{3}|(?:win|loss|draw) in \d+) win (\d+)% draw (\d+)% loss (\d+)%( \S+)+$"
)


def test_the_top_three_lines_script_prints_ranked_lines_with_chances(repo_like: Path) -> None:
    body, shown = script("multipv=3")
    assert len(body.strip().splitlines()) <= 12
    lines = run_script(body, repo_like)
    assert len(lines) == len(shown) == 8
    for at, game, mover in ((0, "guerrilla-checkers", "COIN"), (4, "guerrilla", "White")):
        assert lines[at] == shown[at] == f"{game}, {mover} to move:"
        rows = [TOP_LINE.match(line) for line in lines[at + 1 : at + 4]]
        assert all(rows), lines
        assert [row.group(1) for row in rows if row] == ["1", "2", "3"]
        for row in rows:
            assert row is not None
            win, draw, loss = (int(row.group(k)) for k in (3, 4, 5))
            assert abs(win + draw + loss - 100) <= 1 and (game == "guerrilla" or draw == 0), row.group(0)
        firsts = [line.split()[8] for line in lines[at + 1 : at + 4]]
        assert len(set(firsts)) == 3, lines
    for line in shown[1:4] + shown[5:8]:
        assert TOP_LINE.match(line.replace(" …", " x")), line

