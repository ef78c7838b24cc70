"""The distribution's extras: a command that needs a missing one says which to install."""

from __future__ import annotations

import importlib
import sys
import tomllib
from pathlib import Path

import pytest

from rummy_core.commands.cli import main
from rummy_core.engine.errors import RuleError
from rummy_core.extras import DISTRIBUTION, EXTRA_MODULES, require_extra

PYPROJECT = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())


def _missing(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    # A None entry makes ``import module`` raise ImportError, as when it is not installed.
    monkeypatch.setitem(sys.modules, module, None)


def test_the_distribution_is_the_name_messages_give() -> None:
    assert PYPROJECT["project"]["name"] == DISTRIBUTION == "rummy-core"


def test_every_extra_a_message_names_exists_and_brings_its_modules() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    for extra in EXTRA_MODULES:
        assert extra in extras, extra
        require_extra(extra)  # installed here by make test: nothing is refused
    assert set(EXTRA_MODULES) <= set(extras["all"][0].split("[")[1].rstrip("]").split(","))


def test_the_default_install_leaves_the_heavy_parts_to_extras() -> None:
    names = {d.split(">")[0].split("[")[0] for d in PYPROJECT["project"]["dependencies"]}
    assert names.isdisjoint(
        {"matplotlib", "numpy", "starlette", "uvicorn", "sqlalchemy", "gymnasium", "ray"}
    )
    assert "textual" in names  # the full-screen game is the main job


@pytest.mark.parametrize(
    ("args", "module", "extra"),
    [
        (["serve"], "uvicorn", "server"),
        (["serve", "export", "abc"], "sqlalchemy", "server"),
        (["compare", "classic", "--hands", "2", "--plot", "x.png"], "matplotlib", "plot"),
        (["compare", "classic", "--hands", "2", "--ray", "local"], "ray", "ray"),
    ],
)
def test_a_command_without_its_extra_says_how_to_install_it(
    args: list[str],
    module: str,
    extra: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    _missing(monkeypatch, module)
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"pip install 'rummy-core[{extra}]'" in err
    assert module in err
    assert not (tmp_path / "x.png").exists()


def test_the_environments_without_the_rl_extra_say_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _missing(monkeypatch, "pettingzoo")
    monkeypatch.delitem(sys.modules, "rummy_core.env", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'rummy-core\[rl\]'"):
        importlib.import_module("rummy_core.env")


def test_the_refusal_is_translated() -> None:
    refusal = RuleError(
        "missing_extra",
        "This needs the %(extra)s extra, and %(module)s is not installed: %(command)s",
        extra="plot",
        module="matplotlib",
        command="pip install 'rummy-core[plot]'",
    )
    assert "pip install 'rummy-core[plot]'" in refusal.render("is")
    assert refusal.render("is") != refusal.render("en")
