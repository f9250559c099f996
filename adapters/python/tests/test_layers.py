"""The package's modules import one another without a circle (imports made only for type
checking count too): the engine and a running search share the line channel (channel.py)
rather than calling each other's members, the engine's layers (link.py, game.py, searching.py)
each stand on the one before, and wire.py, the protocol's words, imports none."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

import guerrilla_client

PACKAGE = Path(guerrilla_client.__file__).resolve().parent


def imports() -> Dict[str, Set[str]]:
    """Each module of the package and the package modules it imports, anywhere in its text."""
    graph: Dict[str, Set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        found: Set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
        graph[path.stem] = found
    return graph


def test_no_module_imports_itself_through_others() -> None:
    graph = imports()
    assert graph["search"] >= {"channel"} and "engine" not in graph["search"]
    # The protocol's words stand on nothing of the package; the modules that write commands
    # or read the engine's lines stand on them.
    assert graph["wire"] == set()
    for module in ("channel", "search", "link", "game", "searching", "reports", "answers", "options", "limit", "errors"):
        assert "wire" in graph[module], module
    # The engine's layers, each standing on the one before and none on a later one.
    layers = ["link", "game", "searching", "engine"]
    for lower, upper in zip(layers, layers[1:]):
        assert lower in graph[upper], (upper, lower)
        assert not set(layers[layers.index(upper):]) & graph[lower], lower

    def circle(start: str) -> List[str]:
        path: List[str] = []

        def visit(module: str) -> bool:
            if module in path:
                path.append(module)
                return True
            path.append(module)
            if any(visit(next_) for next_ in sorted(graph.get(module, set()))):
                return True
            path.pop()
            return False

        return path if visit(start) else []

    for module in sorted(graph):
        if module != "__init__":
            assert circle(module) == [], " -> ".join(circle(module))

