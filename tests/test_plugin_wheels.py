"""Plugins as their authors make them: built as wheels and installed next to rummy-core's wheel,
their dependencies resolved from those wheels only (so a wrong distribution name cannot come
back), in fresh venvs.

- ``docs/house-rules.md`` is followed as written: every file it shows is the example package's
  file, and every command it gives is run, in order, against the installed wheels.
- A package made by ``rummy new-house-rule`` for each ruleset passes its own tests, ``mypy
  --strict``, ``rummy check`` and ``rummy check --without``.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from install_helpers import ROOT, SKIP, Venv, build_wheel, fresh_venv, project_wheel

pytestmark = pytest.mark.plugin_install

GUIDE = ROOT / "docs" / "house-rules.md"
EXAMPLE = ROOT / "examples" / "rummy-hr-example"
FILE = re.compile(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```\n", re.S)
SHELL = re.compile(r"```sh\n(.*?)```\n", re.S)


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of wheels holding rummy-core's."""
    wheel, _ = project_wheel(tmp_path_factory.mktemp("core"))
    return wheel.parent


def _venv(tmp_path: Path) -> Venv:
    return fresh_venv(tmp_path)


def guide_files() -> dict[str, str]:
    return dict(FILE.findall(GUIDE.read_text(encoding="utf-8")))


def guide_commands() -> list[str]:
    """Every command of the guide's shell blocks, in order, without its comment."""
    found = []
    for block in SHELL.findall(GUIDE.read_text(encoding="utf-8")):
        for line in block.splitlines():
            command = line.split("  #")[0].strip()
            if command:
                found.append(command)
    return found


def test_every_file_the_guide_shows_is_the_examples() -> None:
    shown = guide_files()
    assert {"pyproject.toml", "rummy_hr_example/__init__.py", "tests/conftest.py"} <= set(shown)
    for path, text in shown.items():
        assert (EXAMPLE / path).read_text(encoding="utf-8") == text, path
    # And the guide shows every file of the example that a person writes (not catalogs).
    written = {
        p.relative_to(EXAMPLE).as_posix()
        for p in EXAMPLE.rglob("*")
        if p.is_file() and p.suffix in (".py", ".toml", ".json") and "__pycache__" not in p.parts
    }
    assert written == set(shown)


def test_the_guide_followed_as_written(dist: Path, tmp_path: Path) -> None:
    env = _venv(tmp_path)
    package = env.work / "rummy-hr-example"
    shutil.copytree(EXAMPLE, package, ignore=SKIP)
    ran = []
    for command in guide_commands():
        words = shlex.split(command)
        if words == ["pip", "install", "rummy-core"]:
            env.install("rummy-core", find_links=dist)
        elif words == ["pip", "install", ".[test]"]:
            # From the package's wheel, not its folder: package data left out of the wheel
            # would be missed otherwise.
            wheel, _ = build_wheel(package, dist)
            env.install(f"rummy-hr-example[test] @ {wheel.as_uri()}", find_links=dist)
        elif words[0] == "rummy":
            # A game is played in the plain text game (input is not a terminal): quit at once.
            out = env.run(env.rummy, *words[1:], stdin="q\n", cwd=package)
            ran.append((command, out))
        elif words[0] == "pytest":
            out = env.run(env.python, "-m", "pytest", "-p", "no:cacheprovider", cwd=package)
            assert " passed" in out and "failed" not in out
        elif words[0] == "pybabel":
            env.run(env.python, "-m", "babel.messages.frontend", *words[1:], cwd=package)
        else:
            raise AssertionError(f"the guide gives a command this test cannot run: {command}")
    said = dict(ran)
    assert "deuces-wild: Classic: every 2 is wild" in said["rummy house-rules"]
    assert "option per_meld = 1" in said["rummy house-rules"]
    assert "1 passed, 0 failed" in said["rummy check deuces-wild"]
    assert (
        "fails as it should"
        in said["rummy check --without deuces-wild rummy_hr_example/scenarios/"]
    )
    # The catalog the guide's pybabel commands refresh was already up to date.
    po = "rummy_hr_example/locale/is/LC_MESSAGES/rummy_hr_example.po"
    assert _messages(package / po) == _messages(EXAMPLE / po)


def _messages(path: Path) -> dict[str, str]:
    with path.open("rb") as f:
        return {str(m.id): str(m.string) for m in read_po(f) if m.id}


def test_the_installed_rule_plays_and_speaks_icelandic(dist: Path, tmp_path: Path) -> None:
    env = _venv(tmp_path)
    wheel, _ = build_wheel(EXAMPLE, dist)
    env.install(wheel, find_links=dist)
    script = (
        "from rummy_core.bots import make_bot\n"
        "from rummy_core.engine.setup import new_game\n"
        "from rummy_core.match import Match\n"
        "game = new_game('classic+deuces-wild:per_meld=2', players=3, seed=5)\n"
        "print(sorted(game.hooks.meld_rules.wilds), game.hooks.meld_rules.max_wilds)\n"
        "Match(game, [make_bot('random', seed) for seed in range(3)]).play_hand()\n"
        "print(game.state.phase, game.state.outcome.reason)\n"
    )
    lines = env.run(env.python, "-c", script).splitlines()
    assert lines[0] == "[1, 14, 27, 40] 2"  # the four 2s are wild, two to a meld
    assert lines[1].split()[0] in ("hand_over", "match_over")
    listed = env.run(env.rummy, "house-rules", "--lang", "is")
    assert "allir tvistar eru villtir" in listed
    assert "knock" in listed  # the framework's own house rules are there too


@pytest.mark.parametrize("ruleset", ["classic", "riverside", "hungarian"])
def test_a_new_house_rule_passes_its_own_tests(ruleset: str, dist: Path, tmp_path: Path) -> None:
    env = _venv(tmp_path)
    env.install("rummy-core", find_links=dist)
    folder = env.work / "rummy-hr-long-runs"
    env.run(env.rummy, "new-house-rule", "long-runs", "--ruleset", ruleset, "--into", folder)
    env.run(env.python, "-m", "mypy", "--strict", folder / "rummy_hr_long_runs")
    wheel, _ = build_wheel(folder, dist)
    env.install(f"rummy-hr-long-runs[test] @ {wheel.as_uri()}", find_links=dist)
    assert f"(for {ruleset})" in env.run(env.rummy, "house-rules")
    out = env.run(env.python, "-m", "pytest", "-p", "no:cacheprovider", cwd=folder)
    assert " passed" in out and "failed" not in out
    assert "1 passed, 0 failed" in env.run(env.rummy, "check", "long-runs")
    without = env.run(env.rummy, "check", "--without", "long-runs", folder / "rummy_hr_long_runs")
    assert "fails as it should" in without and "1 passed, 0 failed" in without
    workflow = (folder / ".github" / "workflows" / "test.yml").read_text(encoding="utf-8")
    assert "pytest" in workflow and "rummy check long-runs" in workflow
