"""An external house-rule package, installed with pip into a fresh virtual environment.

The example in ``examples/rummy-hr-example`` is installed next to this project in a new venv, and
``rummy`` there finds its house rule through the ``rummy.house_rules`` entry point: discovery is
tested for real, not by importing the module. The venv reuses this environment's packages
(pluggy, pydantic, click, pytest, setuptools) through a ``.pth`` file, and this environment's pip
installs both packages into it with ``--no-deps``. They are built without isolation when this
environment's setuptools builds wheels by itself (70.1 or later, as the dev extra asks, or with
the ``wheel`` package), so nothing is downloaded; otherwise pip fetches setuptools for an isolated
build. Both are built from copies, so the working tree gets no build files. About 15 seconds.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from install_helpers import builds_wheels_offline

from rummy_core.engine.errors import RuleError
from rummy_core.engine.registry import find_house_rule

pytestmark = pytest.mark.plugin_install

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "rummy-hr-example"
SKIP = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", ".pytest_cache")


def run(*args: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new venv holding this project and the example package, both installed by pip."""
    base = tmp_path_factory.mktemp("plugin-venv")
    env = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    # This environment's third-party packages (and setuptools, to build without isolation).
    parent = sysconfig.get_paths()["purelib"]
    (Path(site.strip()) / "_parent_env.pth").write_text(parent + "\n", encoding="utf-8")
    project = base / "rummy-src"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    for package in ("rummy_core", "rulesets"):
        shutil.copytree(ROOT / package, project / package, ignore=SKIP)
    example = base / "rummy-hr-example"
    shutil.copytree(EXAMPLE, example, ignore=SKIP)
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps"]
    if builds_wheels_offline():
        pip += ["--no-build-isolation", "--no-index", "--no-compile"]
    run(*pip, project, example)
    return env


def test_the_example_is_not_installed_here() -> None:
    # So that finding it in the fresh venv can only be the entry point installed there.
    with pytest.raises(RuleError) as err:
        find_house_rule("deuces-wild")
    assert err.value.code == "unknown_house_rule"


def test_pip_installed_house_rule_is_listed(fresh_venv: Path) -> None:
    out = run(fresh_venv / "bin" / "rummy", "house-rules")
    assert "deuces-wild: Classic: every 2 is wild" in out
    assert "option per_meld = 1" in out
    assert "hooks: rummy_meld_rules" in out
    assert "knock:" in out  # this project's own house rules are installed there too


def test_pip_installed_house_rule_plays_its_scenarios(fresh_venv: Path) -> None:
    out = run(fresh_venv / "bin" / "rummy", "check", EXAMPLE / "scenarios")
    assert "1 passed, 0 failed" in out


def test_pip_installed_house_rule_plays_a_game(fresh_venv: Path) -> None:
    script = (
        "from rummy_core.bots import make_bot\n"
        "from rummy_core.engine.setup import new_game\n"
        "from rummy_core.match import Match\n"
        "game = new_game('classic+deuces-wild:per_meld=2', players=3, seed=5)\n"
        "print(sorted(game.hooks.meld_rules.wilds), game.hooks.meld_rules.max_wilds)\n"
        "Match(game, [make_bot('random', seed) for seed in range(3)]).play_hand()\n"
        "print(game.state.phase, game.state.outcome.reason)\n"
    )
    out = run(fresh_venv / "bin" / "python", "-c", script)
    lines = out.splitlines()
    assert lines[0] == "[1, 14, 27, 40] 2"  # the four 2s are wild, two to a meld
    assert lines[1].split()[0] in ("hand_over", "match_over")


def test_the_example_packages_own_tests_pass(fresh_venv: Path, tmp_path: Path) -> None:
    # Its tests use rummy_core.testing's fixtures and conformance run, as the guide says.
    copy = tmp_path / "example"
    shutil.copytree(EXAMPLE, copy, ignore=SKIP)
    out = run(fresh_venv / "bin" / "python", "-m", "pytest", "-p", "no:cacheprovider", cwd=copy)
    assert " passed" in out and "failed" not in out
