"""The engine's modules import one another without a cycle: every import counts, those inside functions
(lazy) and those under TYPE_CHECKING included, read from the source (ast), not from a running import."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "minesweeper"
ROOT = Path(__file__).resolve().parents[2] / "py" / PACKAGE
INIT = "__init__"


def modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(), str(path)) for path in sorted(ROOT.glob("*.py"))}


def imported(node: ast.AST, names: set[str]) -> set[str]:
    """The package's modules an import statement names (the package itself as `__init__`)."""
    if isinstance(node, ast.Import):
        return {target(alias.name.split(".")[1:], names) for alias in node.names if is_ours(alias.name)}
    if not isinstance(node, ast.ImportFrom):
        return set()
    if node.level == 0 and not is_ours(node.module or ""):
        return set()
    path = (node.module or "").split(".")[node.level == 0 :] if node.module else []
    if path:
        return {target(path, names)}
    # `from . import x`: x is a module of the package, or a name the package's __init__ holds.
    return {alias.name if alias.name in names else INIT for alias in node.names}


def is_ours(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def target(path: list[str], names: set[str]) -> str:
    return path[0] if path and path[0] in names else INIT


def graph() -> dict[str, set[str]]:
    found = modules()
    names = set(found)
    return {
        name: {dep for node in ast.walk(tree) for dep in imported(node, names)} - {name}
        for name, tree in found.items()
    }


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as the modules along it (the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for dep in sorted(edges.get(name, ())):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (found := visit(dep)):
                return found
        path.pop()
        state[name] = 2
        return None

    for name in sorted(edges):
        if name not in state and (found := visit(name)):
            return found
    return None


def test_the_engine_has_no_import_cycle() -> None:
    found = cycle(graph())
    assert found is None, "import cycle: " + " -> ".join(found or [])


def test_the_walk_sees_lazy_and_type_checking_imports() -> None:
    edges = graph()
    assert "noguess" in edges["game"]  # inside Game._place
    assert {"grid", "guess", "probability"} <= edges["solver"]
    assert edges["__main__"] == {"cli"}


def test_a_cycle_is_found_and_named() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
