"""The import graph of the project's packages, read from the source with `ast`.

Every `import` and `from ... import` counts, at any depth: module level, inside functions,
inside `try`. A cycle through an import inside a function is still a cycle of design (the two
modules still need each other); hiding an import in a function does not remove it. The one
exception is an import under `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`): it never runs
and only names a type for the checker, so it is left out.

An edge goes to the module an import names: `from pkg import name` goes to `pkg.name` when that
is a module and to `pkg` (its `__init__`) otherwise; `import a.b.c` goes to `a.b.c`. The
packages' `__init__` that Python runs on the way are not counted as edges of their own.

    python -m tests.import_graph      # prints every cycle, or nothing
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "saves", "themes", "tui")


def modules(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of the project's packages."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement in the tree except those under `if TYPE_CHECKING:`."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                walk(child)
            return
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    """Module -> the project's modules it imports."""
    known = modules(root, packages)
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base = name.split(".")
                    drop = node.level - 1 if is_package else node.level
                    base = base[: len(base) - drop] if drop else base
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                for alias in node.names:
                    sub = f"{stem}.{alias.name}"
                    targets.append(sub if sub in known else stem)
            for target in targets:
                # `import a.b.c` names a.b.c; fall back to the nearest known parent
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> tuple[list[list[str]], list[list[str]]]:
    """The strongly connected components of more than one module (sorted), and for each a
    shortest cycle through its first module, as a closed path (first == last)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:  # Tarjan's algorithm; the graph is a few hundred modules
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            strong(v)

    found = []
    for component in sorted(components):
        members = set(component)
        start = component[0]
        # shortest path back to start inside the component (breadth first)
        previous: dict[str, str] = {}
        frontier = [start]
        end = None
        while frontier and end is None:
            following = []
            for v in frontier:
                for w in sorted(edges[v] & members):
                    if w == start:
                        end = v
                        break
                    if w not in previous:
                        previous[w] = v
                        following.append(w)
                if end is not None:
                    break
            frontier = following
        path = [start]
        v = end
        while v != start:
            path.append(v)
            v = previous[v]
        path.append(start)
        path.reverse()
        found.append((component, path))
    return [path for _, path in found], [component for component, _ in found]


def report(root: Path = ROOT) -> list[str]:
    edges = graph(root)
    paths, components = cycles(edges)
    return [
        f"{len(component)} modules {{{', '.join(component)}}}: {' -> '.join(path)}"
        for component, path in zip(components, paths)
    ]


if __name__ == "__main__":
    for line in report():
        print(line)
