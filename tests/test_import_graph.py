"""The import graph has no cycles, and its arrows point the way DESIGN.md draws them:
`tui -> saves -> engine`, `tui -> engine`, `tui -> themes`; the engine imports nothing above
it, saves never import tui. What counts as an import is said in tests/import_graph.py: every
import at any depth (a function's too), except one under `if TYPE_CHECKING:`."""

from tests.import_graph import cycles, graph, report

EDGES = graph()


def test_the_reader_sees_every_kind_of_import(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from . import leaf\n")
    (package / "sub" / "leaf.py").write_text("")
    (package / "top.py").write_text(
        "import os\n"
        "from typing import TYPE_CHECKING\n"
        "from pkg.sub import leaf, name_in_init\n"
        "if TYPE_CHECKING:\n"
        "    from pkg import typed_only\n"
        "def late():\n"
        "    from .sub.leaf import thing\n"
        "    import pkg.other\n"
    )
    (package / "other.py").write_text("from .top import late\n")
    (package / "typed_only.py").write_text("")
    assert graph(tmp_path, ("pkg",)) == {
        "pkg": set(),
        "pkg.other": {"pkg.top"},
        "pkg.sub": {"pkg.sub.leaf"},
        "pkg.sub.leaf": set(),
        "pkg.top": {"pkg.sub", "pkg.sub.leaf", "pkg.other"},  # not typed_only
        "pkg.typed_only": set(),
    }


def test_the_cycle_finder_finds_cycles():
    paths, components = cycles({"a": {"b", "d"}, "b": {"c"}, "c": {"a"}, "d": set(), "e": {"f"}, "f": {"e"}})
    assert components == [["a", "b", "c"], ["e", "f"]]
    assert paths == [["a", "b", "c", "a"], ["e", "f", "e"]]


def test_no_import_cycles():
    found = report()
    assert not found, "import cycles:\n" + "\n".join(found)


def forbidden(layer: str, above: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, targets in EDGES.items()
        if module.split(".")[0] == layer
        for target in targets
        if target.split(".")[0] in above
    )


def test_the_whole_project_is_read():
    assert {"engine.core.game", "saves.session", "themes", "tui.app"} <= EDGES.keys()
    assert "engine.core.game" in EDGES["saves.session"]


def test_the_engine_imports_nothing_above_it():
    assert forbidden("engine", ("saves", "tui", "themes")) == []


def test_saves_never_import_tui():
    assert forbidden("saves", ("tui",)) == []
