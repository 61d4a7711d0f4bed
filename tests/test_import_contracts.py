"""The package's layers, checked over its import graph (every ``import`` statement, in functions and
under ``TYPE_CHECKING`` too): the engine and the games never reach pygame or the window, the games
never reach each other, the network table never reaches pygame and nothing below it reaches the
network, nothing imports the command line, and no module imports itself round a circle."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

import chinese_ten

PACKAGE = Path(chinese_ten.__file__).resolve().parent
ROOT = "chinese_ten"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _resolve(importer: str, node: ast.ImportFrom | ast.Import) -> Iterator[str]:
    """The modules an import statement names (a name that is a submodule counts as that submodule)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:
        package = importer.split(".")
        if MODULES[importer].name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join(package + ([base] if base else []))
    for alias in node.names:
        candidate = f"{base}.{alias.name}"
        yield candidate if candidate in MODULES else base


def imports() -> dict[str, set[str]]:
    """Every module of the package and what it imports (pygame and outside names kept as written)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets.update(_resolve(name, node))
        graph[name] = targets
    return graph


@functools.cache
def graph() -> dict[str, set[str]]:
    """The package's import graph, read once by the test process that first needs it (not at collection, which
    every test process does)."""
    return imports()


pytestmark = pytest.mark.xdist_group("import-graph")
"""These tests run in one process, which reads the graph once."""


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _reaches(start: str, forbidden: str) -> list[str] | None:
    """A chain of imports from ``start`` to a module in ``forbidden`` (a package or an outside name)."""
    seen = {start}
    stack = [(start, [start])]
    while stack:
        node, path = stack.pop()
        for target in sorted(graph().get(node, ())):
            if _inside(target, forbidden):
                return [*path, target]
            if target in graph() and target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def _layer(package: str) -> list[str]:
    return [m for m in MODULES if _inside(m, package)]


def test_the_graph_sees_in_function_and_type_checking_imports() -> None:
    assert "chinese_ten.engine.game" in graph()["chinese_ten.games.ten"]
    assert any(_inside(t, "pygame") for t in graph()["chinese_ten.ui.app"])


def test_the_engine_and_the_games_never_reach_pygame_or_the_window() -> None:
    for module in _layer("chinese_ten.engine") + _layer("chinese_ten.games"):
        for forbidden in ("pygame", "chinese_ten.ui"):
            chain = _reaches(module, forbidden)
            assert chain is None, " -> ".join(chain or [])


def test_the_network_table_never_reaches_pygame_or_the_window() -> None:
    assert _layer("chinese_ten.net")
    for module in _layer("chinese_ten.net"):
        for forbidden in ("pygame", "chinese_ten.ui"):
            chain = _reaches(module, forbidden)
            assert chain is None, " -> ".join(chain or [])


def test_the_engine_and_the_games_never_reach_the_network_table() -> None:
    for module in _layer("chinese_ten.engine") + _layer("chinese_ten.games"):
        chain = _reaches(module, "chinese_ten.net")
        assert chain is None, " -> ".join(chain or [])
        chain = _reaches(module, "websockets")
        assert chain is None, " -> ".join(chain or [])


def test_the_engine_never_reaches_a_game() -> None:
    for module in _layer("chinese_ten.engine"):
        chain = _reaches(module, "chinese_ten.games")
        assert chain is None, " -> ".join(chain or [])


def test_each_game_keeps_to_itself() -> None:
    games = sorted({m.split(".")[2] for m in _layer("chinese_ten.games") if m.count(".") >= 2})
    assert "ten" in games
    for game in games:
        for other in games:
            if other != game:
                for module in _layer(f"chinese_ten.games.{game}"):
                    chain = _reaches(module, f"chinese_ten.games.{other}")
                    assert chain is None, " -> ".join(chain or [])


def test_nothing_imports_the_command_line_but_the_entry_point() -> None:
    importers = sorted(m for m, targets in graph().items() if "chinese_ten.cli" in targets)
    assert importers == ["chinese_ten.__main__"]


def cycles() -> list[list[str]]:
    """The package's import circles: each strongly connected group of two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(t for t in graph()[v] if t in graph()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph()[v]:
                found.append(sorted(group))

    for module in sorted(graph()):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_round_a_circle() -> None:
    assert cycles() == []


def _game_packages() -> list[str]:
    return sorted({".".join(m.split(".")[:3]) for m in _layer("chinese_ten.games") if m.count(".") >= 2})


def _its_own(module: str, game: str) -> bool:
    """True for the modules that may name ``game``: its package, the window's adapter for it, the registry."""
    name = game.rsplit(".", 1)[1]
    return _inside(module, game) or _inside(module, f"chinese_ten.ui.table.games.{name}") or module == "chinese_ten.games"


def namers() -> dict[str, list[str]]:
    """Every module that imports a particular game without being that game's own, and the games it names."""
    found: dict[str, list[str]] = {}
    for module, targets in sorted(graph().items()):
        named = [g for g in _game_packages() if not _its_own(module, g) and any(_inside(t, g) for t in targets)]
        if named:
            found[module] = named
    return found


def test_no_generic_module_imports_a_particular_game() -> None:
    found = namers()
    assert found == {}, "these name a game: import it through its GameSpec or the window's adapter instead"


def test_a_module_importing_a_game_is_found() -> None:
    assert any(_inside(t, "chinese_ten.games.ten") for t in graph()["chinese_ten.ui.table.games.ten"])
    assert not _its_own("chinese_ten.ui.scenes.start", "chinese_ten.games.ten")


def test_the_network_table_names_no_game() -> None:
    assert [m for m in namers() if _inside(m, "chinese_ten.net")] == []
