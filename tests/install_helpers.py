"""For the tests that install packages into a fresh venv: wheels built and installed offline.

A fresh venv reaches this environment's third-party packages (textual, pydantic, pytest, mypy,
babel, ...) through a folder of links that leaves out this project's own install, so
``rummy_core`` and any plugin can only come from the wheels the test installs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import venv
from dataclasses import dataclass
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", ".pytest_cache")
OWN = ("rummy-", "rummy_", "__editable__", "_parent_env")
"""What of this environment's site-packages is this project's own install, kept out of the venv."""


def builds_wheels_offline() -> bool:
    """Whether setuptools here builds a wheel with no download (70.1 has its own bdist_wheel)."""
    major, minor = (int(part) for part in version("setuptools").split(".")[:2])
    return find_spec("wheel") is not None or (major, minor) >= (70, 1)


def _offline() -> list[str]:
    return ["--no-build-isolation", "--no-index"] if builds_wheels_offline() else []


def build_wheel(source: Path, dist: Path) -> tuple[Path, str]:
    """The wheel of the project in ``source``, built from a copy (the source gets no build
    files) into ``dist`` (replacing one of the same name), and what the build printed (verbose,
    so the build backend's warnings are in it)."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / source.name
        shutil.copytree(source, copy, ignore=SKIP)
        pip = [sys.executable, "-m", "pip", "wheel", "--verbose", "--no-deps", *_offline()]
        build = subprocess.run(
            [*pip, "-w", str(Path(scratch) / "dist"), str(copy)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert build.returncode == 0, build.stderr
        (built,) = (Path(scratch) / "dist").glob("*.whl")
        dist.mkdir(parents=True, exist_ok=True)
        wheel = Path(shutil.move(built, dist / built.name))
    return wheel, build.stdout + build.stderr


def project_wheel(base: Path) -> tuple[Path, str]:
    """This project's wheel in ``base / "dist"``, built from the files a wheel is made of (the
    links to scenarios/ and docs/ are copied as the files they point to, as in a wheel)."""
    source = base / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("rummy_core", "rulesets"):
        shutil.copytree(ROOT / package, source / package, ignore=SKIP)
    return build_wheel(source, base / "dist")


@dataclass(frozen=True)
class Venv:
    """A fresh venv, the folder its commands run in, and their environment."""

    python: Path
    work: Path
    env: dict[str, str]

    @property
    def rummy(self) -> Path:
        return self.python.with_name("rummy")

    def run(
        self, *args: str | Path, stdin: str = "", code: int = 0, cwd: Path | None = None
    ) -> str:
        """Run a command there; its stdout, after checking its exit code."""
        done = subprocess.run(
            [str(a) for a in args],
            cwd=cwd or self.work,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == code, (
            f"{args} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
        )
        return done.stdout

    def install(self, *requirements: str | Path, find_links: Path) -> None:
        """pip install ``requirements`` with their dependencies, finding packages only in the
        folder of wheels ``find_links`` and what the venv already has: nothing from an index."""
        self.run(
            *(sys.executable, "-m", "pip", "--python", self.python, "install", "--quiet"),
            *("--no-index", "--find-links", find_links, *requirements),
        )


def fresh_venv(base: Path) -> Venv:
    """A new venv in ``base`` with this environment's third-party packages and nothing of this
    project; a ``work`` folder and ``home`` for ``RUMMY_HOME``."""
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    deps = base / "deps"
    deps.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(OWN):
            (deps / entry.name).symlink_to(entry)
    (Path(site) / "_deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    work = base / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env |= {"RUMMY_HOME": str(base / "home"), "NO_COLOR": "1", "COLUMNS": "120", "LANGUAGE": "en"}
    env["PATH"] = f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return Venv(python, work, env)
