"""rummy compare --report (#40 point 6): one self-contained page, opened in Chromium from a file,
shows the very verdicts the JSON carries, and asks the network for nothing."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import needs_chromium, new_page
from click.testing import CliRunner
from playwright.sync_api import Browser

from rummy_core.commands.cli import cli, main
from rummy_core.compare import running
from rummy_core.compare.questions import QUESTIONS
from rummy_core.compare.report import Report

pytest.importorskip("matplotlib", reason="the plot extra")

STUDY = [
    "compare",
    "riverside",
    "riverside+three-of-a-kind",
    "--matches",
    "3",
    "--skill-gap",
    "1",
    "--minutes",
    "30",
    "--question",
    "skill,length",
    "--seed",
    "7",
    "--no-progress",
]


def write(folder: Path, *options: str) -> Report:
    """Run the study with ``options``; its report page is ``folder/study.html``."""
    result = CliRunner().invoke(
        cli,
        [
            *STUDY,
            *options,
            "--json",
            str(folder / "study.json"),
            "--report",
            str(folder / "study.html"),
        ],
    )
    assert result.exit_code == 0, result.output
    return Report.model_validate_json((folder / "study.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Report]:
    folder = tmp_path_factory.mktemp("report")
    return folder / "study.html", write(folder)


def shown(page: Any) -> list[dict[str, Any]]:
    """Each question's section as the page shows it: its title and its verdict's paragraphs."""
    found: list[dict[str, Any]] = page.eval_on_selector_all(
        "section.question",
        """sections => sections.map(s => ({
            question: s.dataset.question,
            title: s.querySelector('h2').innerText,
            sentences: [...s.querySelectorAll('.verdict p')].map(p => p.innerText),
            images: [...s.querySelectorAll('img')].map(i => i.complete && i.naturalWidth > 0),
        }))""",
    )
    return found


@needs_chromium
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_page_shows_the_json_verdicts_and_asks_the_network_for_nothing(
    browser: Browser, english: tuple[Path, Report], phone: bool
) -> None:
    path, report = english
    page = new_page(browser, phone=phone, csp=True)
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    sections = shown(page)
    # The asked questions lead, in the order asked, then the rest, as the JSON lists them.
    assert [s["question"] for s in sections] == [v.question for v in report.verdicts]
    assert [s["question"] for s in sections][:2] == ["skill", "length"]
    assert sorted(s["question"] for s in sections) == sorted(QUESTIONS)
    for section, verdict in zip(sections, report.verdicts, strict=True):
        assert section["title"] == verdict.title
        assert section["sentences"] == verdict.sentences
    assert "A riverside match usually takes about" in sections[1]["sentences"][0]
    assert "of matches are over within 30 minutes." in sections[1]["sentences"][0]
    # Every answered question has its plot, and every plot is drawn (embedded, not fetched).
    images = [i for s in sections for i in s["images"]]
    assert len(images) >= 4 and all(images)
    assert not [u for u in requests if not u.startswith(("file:", "data:"))], requests
    assert not errors, errors
    # Nothing is wider than the screen: the figures' tables fold on a phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]  # type: ignore[index]
    # One option to a line, each line but the last continued: the shell reads one command.
    lines = page.inner_text("#method pre").split("\n")
    assert all(line.endswith(" \\") for line in lines[:-1]) and len(lines) > 5
    command = " ".join(line.removesuffix(" \\").strip() for line in lines)
    assert command.startswith("rummy compare riverside riverside+three-of-a-kind --players 2")
    assert "--question skill,length" in command and command.endswith("--report study.html")


def test_the_page_is_one_file_that_loads_nothing(english: tuple[Path, Report]) -> None:
    page = english[0].read_text(encoding="utf-8")
    assert "default-src 'none'" in page  # its policy forbids any request
    text = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page)
    assert page.count("data:image/png;base64,") >= 4
    for outside in ("http:", "https:", "//", "<script", "<link", "@import", "url("):
        assert outside not in text, outside


@needs_chromium
def test_the_page_speaks_the_language_of_the_run(browser: Browser, tmp_path: Path) -> None:
    report = write(tmp_path, "--lang", "it")
    page = new_page(browser, csp=True)
    page.goto((tmp_path / "study.html").as_uri())
    assert page.get_attribute("html", "lang") == "it"
    sections = shown(page)
    assert sections[1]["title"] == "Quanto dura una partita?"
    for section, verdict in zip(sections, report.verdicts, strict=True):
        assert section["sentences"] == verdict.sentences


def test_without_the_plot_extra_the_report_is_refused_before_playing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails

    def played(*args: Any) -> None:
        raise AssertionError("a hand was played")

    monkeypatch.setattr(running, "play_block", played)
    with pytest.raises(SystemExit) as stopped:
        main(["compare", "classic", "--hands", "2", "--report", str(tmp_path / "r.html")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "missing_extra" in err and "pip install 'rummy-core[plot]'" in err
    assert not (tmp_path / "r.html").exists()


def test_an_unknown_question_is_refused_before_playing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(running, "play_block", lambda *a: pytest.fail("a hand was played"))
    with pytest.raises(SystemExit) as stopped:
        main(["compare", "classic", "--hands", "2", "--question", "length,speed"])
    assert stopped.value.code == 2
    assert "bad_question" in capsys.readouterr().err
