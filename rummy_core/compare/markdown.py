"""The tables of a committed ``--json`` report, written into a Markdown page.

A page marks where a report goes with ``<!-- report: FILE figures|differences|command -->`` and
``<!-- end report -->`` (FILE relative to the page); the command names the report's ``--report``
page when one is committed beside it. ``python -m rummy_core.compare.markdown
PAGE.md`` fills every such block from its report; ``tests/test_compare_docs.py`` checks that the
page holds exactly what its reports give, and that each report's ``check`` figures are what the
same study gives today, so the page cannot drift from the code unnoticed.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from rummy_core.compare.output import SHARES, cell, effect_text, p_text, ranked
from rummy_core.compare.report import Report
from rummy_core.compare.skill import points
from rummy_core.compare.spec import Study
from rummy_core.formats.jsonfile import read_json

DEFAULT_PACE = Study.seconds_per_turn
DEFAULT_MAX_MATCH_HANDS = Study.max_match_hands
BLOCK = re.compile(
    r"(<!-- report: (?P<file>\S+) (?P<part>figures|differences|command) -->\n)"
    r".*?"
    r"(<!-- end report -->)",
    re.DOTALL,
)
TEST_NAMES = {
    "welch_t": "Welch t",
    "two_proportion_z": "two-proportion z",
    "paired_t": "paired t",
    "exact_sign": "exact sign",
}


def command_words(report: Report) -> list[str]:
    """The command line of ``report``'s study, without its outputs: the same figures again."""
    study = report.study
    words = ["rummy", "compare", *study.arguments(), "--players", str(study.players)]
    words += ["--matches" if study.unit == "match" else "--hands", str(study.requested)]
    if len(set(study.bots)) > 1 or study.bots[0] != "greedy":
        words += ["--bots", ",".join(study.bots)]
    if study.skill_hands:
        words += ["--skill-gap", str(study.skill_hands)]
        if study.skill_unit == "match":
            words += ["--skill-unit", "match"]
        if study.precision is not None:
            words += ["--precision", points(study.precision)]
    if study.seconds_per_turn != DEFAULT_PACE:
        words += ["--seconds-per-turn", str(study.seconds_per_turn)]
    if study.unit == "match" and study.max_match_hands != DEFAULT_MAX_MATCH_HANDS:
        words += ["--max-match-hands", str(study.max_match_hands)]
    if study.minutes is not None:
        words += ["--minutes", str(study.minutes)]
    if study.questions:
        words += ["--question", ",".join(study.questions)]
    return [*words, "--seed", str(study.seed), "--jobs", str(report.run.jobs)]


def command(report: Report, path: str, page: bool = False) -> str:
    """The command line that makes ``report`` again, as a shell block; with ``page``, its
    ``--report`` page too (named like the report, ``.html``)."""
    stem = path.removesuffix(".json")
    words = [*command_words(report), "--json", path, "--plot", stem + ".png"]
    if page:
        words += ["--report", stem + ".html"]
    return "```sh\n" + shlex.join(words) + "\n```"


def figures(report: Report) -> str:
    """The figures side by side, a Markdown table with one column per variant."""
    names = [v.variant for v in report.variants]
    lines = [
        "| figure | " + " | ".join(f"`{n}`" for n in names) + " |",
        "| --- |" + " ---: |" * len(names),
    ]
    for key, figure in report.variants[0].figures.items():
        cells = [cell(v.figures[key]).replace("|", "\\|") for v in report.variants]
        lines.append(f"| {figure.label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def differences(report: Report) -> str:
    """The differences beyond chance, largest effect first, as a Markdown table."""
    kinds = {k: f.kind for k, f in report.variants[0].figures.items()}
    lines = [
        "| figure | variants | values | difference | effect | test | p (Holm) |",
        "| --- | --- | ---: | ---: | ---: | --- | ---: |",
    ]
    for d in ranked(report):
        fmt = "{:.1%}" if kinds[d.figure] in SHARES else "{:.2f}"
        lines.append(
            f"| {d.label} | `{d.a}` vs `{d.b}` "
            f"| {fmt.format(d.value_a)} vs {fmt.format(d.value_b)} "
            f"| {'+' if d.difference > 0 else ''}{fmt.format(d.difference)} "
            f"| {effect_text(d.effect)} | {TEST_NAMES[d.test]} {d.statistic:.2f} "
            f"| {p_text(d.p_holm)} |"
        )
    return "\n".join(lines)


def fill(page: str, folder: Path) -> str:
    """``page`` with every report block filled from its report (read from ``folder``)."""

    def block(match: re.Match[str]) -> str:
        name = match["file"]
        report = Report.model_validate(read_json(folder / name))
        part = match["part"]
        body = (
            command(report, f"docs/{name}", (folder / name).with_suffix(".html").exists())
            if part == "command"
            else figures(report)
            if part == "figures"
            else differences(report)
        )
        return f"{match.group(1)}{body}\n{match.group(4)}"

    return BLOCK.sub(block, page)


def main(argv: list[str]) -> int:
    """Fill the report blocks of each page named on the command line, in place."""
    for name in argv:
        path = Path(name)
        path.write_text(fill(path.read_text(encoding="utf-8"), path.parent), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
