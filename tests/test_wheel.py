"""The built wheel, installed in a fresh venv with no checkout on the path, works as a user's would.

One wheel and one venv serve every check (about a minute in all); ``rummy_core`` can only come
from the wheel there (``install_helpers.fresh_venv``). Plugins built as wheels are tested in
``test_plugin_wheels.py``.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import click
import httpx
import pytest
from browser_helpers import CHROMIUM, new_page, shoot
from install_helpers import ROOT, Venv, fresh_venv, project_wheel
from playwright.sync_api import Browser, expect

from rummy_core import __version__
from rummy_core.engine.cards import card_name
from rummy_core.engine.setup import first_dealer, new_game
from rummy_core.engine.state import DRAW
from rummy_core.tui.plain import play_text
from rummy_core.tui.session import Setup

pytestmark = pytest.mark.plugin_install


@dataclass(frozen=True)
class Installed:
    """The wheel, what building it printed, and the fresh venv it is installed in."""

    wheel: Path
    build_log: str
    venv: Venv

    @property
    def python(self) -> Path:
        return self.venv.python

    @property
    def rummy(self) -> Path:
        return self.venv.rummy

    @property
    def work(self) -> Path:
        return self.venv.work

    @property
    def env(self) -> dict[str, str]:
        return self.venv.env

    def run(self, *args: str | Path, stdin: str = "", code: int = 0) -> str:
        return self.venv.run(*args, stdin=stdin, code=code)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    wheel, log = project_wheel(base)
    env = fresh_venv(base)
    env.install(wheel, find_links=wheel.parent)
    return Installed(wheel, log, env)


def test_the_wheel_holds_every_module_and_data_file(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for folder, package in (("rummy_core", "rummy_core"), ("rulesets", "rummy_rulesets")):
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT / folder)
            if path.is_file() and "__pycache__" not in relative.parts:
                assert f"{package}/{relative.as_posix()}" in names, f"{path} is not in the wheel"
    scenarios = [p for p in (ROOT / "scenarios").rglob("*.json")]
    shipped = [n for n in names if n.startswith("rummy_rulesets/scenarios/")]
    assert len(shipped) == len(scenarios) > 0
    assert "rummy_rulesets/guides/classic.md" in names
    assert "rummy_rulesets/guides/is/riverside.md" in names
    assert "rummy_core/tui/styles.tcss" in names
    # Only this project's own import names: nothing generic like `rulesets` in site-packages.
    tops = {n.split("/")[0] for n in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {
        "rummy_core",
        "rummy_rulesets",
    }


def test_the_build_leaves_no_folder_out(installed: Installed) -> None:
    # setuptools ships a folder of data it finds outside `packages` today, with a warning that
    # it may stop: pyproject.toml lists every such folder, a new one included.
    assert "absent from the `packages` configuration" not in installed.build_log
    assert "rummy_core/locale/is/LC_MESSAGES/rummy.mo" in installed.build_log


def test_metadata(installed: Installed) -> None:
    (meta,) = (n for n in zipfile.ZipFile(installed.wheel).namelist() if n.endswith("/METADATA"))
    text = zipfile.ZipFile(installed.wheel).read(meta).decode()
    assert f"Version: {__version__}" in text
    assert "License-Expression: MIT" in text
    assert "Classifier: Typing :: Typed" in text
    assert "Provides-Extra: testing" in text and 'extra == "testing"' in text


def test_version_and_help(installed: Installed) -> None:
    assert installed.run(installed.rummy, "--version").strip() == f"rummy, version {__version__}"
    assert installed.run(installed.python, "-m", "rummy_core", "-h").startswith("Usage: rummy")


def test_the_catalogs_are_in_the_wheel(installed: Installed) -> None:
    # The rummy domain (help) and the rulesets domain (found through its entry point).
    assert installed.run(installed.rummy, "--lang", "is", "--help").startswith("Notkun: rummy")
    listed = installed.run(installed.rummy, "rulesets", "--lang", "is")
    assert "riverside: Árbakka Rommí: 2-6 leikmenn" in listed


def test_the_package_is_the_installed_one(installed: Installed) -> None:
    where = installed.run(
        installed.python,
        "-c",
        "import rummy_core, rummy_rulesets; print(rummy_core.__file__, rummy_rulesets.__file__)",
    )
    assert str(ROOT) not in where and "site-packages" in where


def test_rules_help_is_the_guide(installed: Installed) -> None:
    guide = installed.run(
        installed.python,
        "-c",
        "from rummy_core.present.rules import rules_text; print(rules_text('classic'), end='')",
    )
    assert guide.startswith((ROOT / "docs" / "classic.md").read_text(encoding="utf-8"))
    assert "\n# Rulings\n" in guide  # from the shipped rulings page
    # The Icelandic rules page is shipped too, and the help shows it to an Icelandic player.
    icelandic = installed.run(
        installed.python,
        "-c",
        "from rummy_core.i18n.languages import set_language;"
        " from rummy_core.present.rules import rules_text;"
        " set_language('is'); print(rules_text('riverside'), end='')",
    )
    assert icelandic.startswith((ROOT / "docs" / "is" / "riverside.md").read_text(encoding="utf-8"))
    assert "\n# Úrskurðir\n" in icelandic


def test_builtin_scenarios_pass(installed: Installed) -> None:
    count = len(list((ROOT / "scenarios").rglob("*.json")))
    assert f"{count} passed, 0 failed" in installed.run(installed.rummy, "check", "--builtin")
    classic = installed.run(installed.rummy, "check", "classic", "--json", "-")
    assert json.loads(classic)["failed"] == 0


def scripted_hand(seed: int) -> list[str]:
    """The commands of a whole single hand of classic where the human draws and discards the
    card drawn, worked out by playing the same deal here."""
    variant = Setup(ruleset="classic", single_hand=True, seed=seed).variant()
    game = new_game(variant, players=2, seed=seed, dealer=first_dealer(seed, 2))
    typed: list[str] = []

    def answer(*_: object, **__: object) -> str:
        st = game.state
        typed.append("d" if st.phase == DRAW else f"x {card_name(st.drawn[-1])}")
        return typed[-1]

    from rummy_core.bots import make_bot
    from rummy_core.match import Match

    match = Match(game, [None, make_bot("random", seed=seed + 1)])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(click, "prompt", answer)
        patch.setattr(click, "echo", lambda *a, **k: None)
        play_text(match, 0)
    return typed


def test_a_whole_hand_with_piped_input(installed: Installed) -> None:
    seed = 5
    commands = scripted_hand(seed)
    out = installed.run(
        installed.rummy,
        *("play", "--plain", "--single-hand", "--seed", str(seed), "--bot", "random"),
        stdin="\n".join(commands) + "\n",
    )
    assert "Match over." in out
    saved = out.strip().splitlines()[-1]
    assert saved.startswith("The game is saved in ")
    path = saved.removeprefix("The game is saved in ").split(";")[0]
    replayed = json.loads(installed.run(installed.rummy, "replay", path, "--json", "-"))
    assert replayed["matches"] and replayed["phase"] == "match_over"


def test_compare_runs(installed: Installed) -> None:
    out = installed.run(installed.rummy, "compare", "classic", "--hands", "50", "--no-progress")
    assert "classic" in out


def test_schema_has_ids_and_the_knock(installed: Installed) -> None:
    installed.run(installed.rummy, "schema", "--out", "schemas")
    action = json.loads((installed.work / "schemas" / "action.schema.json").read_text())
    assert action["$id"].endswith("action.schema.json") and "$schema" in action
    assert "knock" in action["discriminator"]["mapping"]


def test_the_textual_pilot_tests_pass(installed: Installed) -> None:
    tests = installed.work / "pilot"
    tests.mkdir()
    shutil.copy(ROOT / "tests" / "test_tui.py", tests / "test_tui.py")
    (tests / "pytest.ini").write_text(
        "[pytest]\nasyncio_default_fixture_loop_scope = function\n", encoding="utf-8"
    )
    out = installed.run(installed.python, "-m", "pytest", "-q", "-p", "no:cacheprovider", tests)
    assert " passed" in out and "failed" not in out


@pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium: apt-get install chromium")
def test_the_browser_table_is_served_from_the_wheel(installed: Installed, browser: Browser) -> None:
    """``rummy serve`` from the installed wheel: the pages, styles and modules are its package
    data, and a table made on its start page is played in Chromium."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite:///{installed.work / 'serve.sqlite3'}"
    server = subprocess.Popen(
        [installed.rummy, "serve", "--port", str(port), "--db", db],
        cwd=installed.work,
        env=installed.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            try:
                if httpx.get(f"{base}/api", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "rummy serve did not answer in 30 s"
                time.sleep(0.1)
        wheel = zipfile.ZipFile(installed.wheel)
        scripts = ("table.js", "cards.js", "words.js", "i18n.js", "lobby.js")
        for name in (*scripts, "table.css", "lobby.css"):
            served = httpx.get(f"{base}/static/{name}", timeout=5)
            assert served.status_code == 200
            assert served.content == wheel.read(f"rummy_core/server/static/{name}")

        page = new_page(browser)
        outside: list[str] = []
        page.on("request", lambda r: None if r.url.startswith(base) else outside.append(r.url))
        page.goto(f"{base}/")
        page.wait_for_function("window.rummyLobby?.ready === true")
        page.click("#create-button")
        link = page.locator("#links li input").first.input_value()
        page.goto(link)
        page.fill("#join-name", "Wheel")
        page.click("#join-button")
        expect(page.locator("#status")).to_have_text("connected")
        page.wait_for_function("window.rummyTable.view !== null")
        hand = page.evaluate("window.rummyTable.view.hand")
        expect(page.locator("#hand .card")).to_have_count(len(hand))
        felt = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert felt == "rgb(31, 93, 58)", "table.css did not load"
        shoot(page, "wheel-classic-desktop")
        assert outside == [], "the page fetched from outside the server"
    finally:
        server.terminate()
        server.wait(20)
