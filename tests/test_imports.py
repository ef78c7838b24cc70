"""Every module imports on its own, and the project's imports point one way: no cycle, not even
one hidden behind ``TYPE_CHECKING`` or an import inside a function."""

from __future__ import annotations

import ast
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).parent.parent
PACKAGES = {"rummy_core": ROOT / "rummy_core", "rummy_rulesets": ROOT / "rulesets"}
LAZY = {
    "rummy_core.commands.cli": {
        "rummy_core.tui",
        "rummy_core.tui.app",
        "rummy_core.server",
        "rummy_core.server.export",
        "rummy_core.server.run",
        "rummy_core.server.store",
    },
    "rummy_core.compare.command": {"rummy_core.compare.plot"},
}
"""Imports made inside a function on purpose: Textual and matplotlib load only when used, and
the server only with its optional extra installed."""


def modules() -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> tuple[set[str], set[str]]:
    """The project modules ``name`` imports: at the top (any block), and inside functions."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    top: set[str] = set()
    inner: set[str] = set()
    tree = ast.parse(path.read_text())
    nested = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        for n in ast.walk(f)
    }
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        found = {t for t in targets if t in known and t != name}
        # Importing a module first runs its packages' ``__init__``, unless it is this one's own.
        found |= {p for t in found for p in _parents(t) if p in known and not name.startswith(p)}
        (inner if id(node) in nested else top).update(found)
    return top, inner


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def test_the_project_imports_form_no_cycle() -> None:
    found = modules()
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        top, inner = imports(name, path, set(found))
        assert inner <= LAZY.get(name, set()), f"{name} imports {inner} inside a function"
        graph[name] = top | inner
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as exc:
        raise AssertionError(f"an import cycle: {' -> '.join(exc.args[1])}") from None


def test_every_module_imports_on_its_own() -> None:
    names = [n for n in modules() if not n.endswith("__main__")]
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    ours = [m for m in sys.modules if m.startswith(('rummy_core', 'rummy_rulesets'))]\n"
        "    for loaded in ours:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_server_loads_without_the_terminal_game(tmp_path: Path) -> None:
    """The server shows the game through ``rummy_core.present``, so neither Textual nor the
    terminal game is loaded by importing the server's app or building it."""
    url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
    script = (
        "import sys\n"
        "from rummy_core.server.app import create_app\n"
        f"create_app({url!r})\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] == 'textual'\n"
        "          or m.startswith('rummy_core.tui')]\n"
        "print(' '.join(sorted(loaded)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


FRONT = ("match", "bots", "solver", "present", "tui", "server", "env", "compare", "commands")
"""The packages above the engine: the match service, the players, and every front end."""


def test_the_engine_imports_nothing_above_it() -> None:
    found = modules()
    for name, path in found.items():
        if not name.startswith("rummy_core.engine"):
            continue
        top, inner = imports(name, path, set(found))
        above = {m for m in top | inner if m.split(".")[1:2] and m.split(".")[1] in FRONT}
        assert not above, f"{name} imports {above}"
