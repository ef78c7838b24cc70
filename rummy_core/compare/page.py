"""``--report study.html``: the study as one page a family can read.

The page leads with a verdict per question in plain words (``Report.verdicts``, worded once by
``rummy_core.compare.verdicts``), then the figures behind each and a plot of them, then the
command that makes it again. It is one self-contained file: the plots are PNG data URIs, the
style is inline, there is no script, and its content security policy forbids loading anything,
so it opens the same from a mail attachment, a USB stick or offline.
"""

from __future__ import annotations

import base64
import shlex
from html import escape
from pathlib import Path

from rummy_core.compare.markdown import command_words
from rummy_core.compare.output import bots_text, study_title
from rummy_core.compare.plot import panel_png, question_panels
from rummy_core.compare.questions import Verdict
from rummy_core.compare.report import Report
from rummy_core.extras import require_extra
from rummy_core.i18n.languages import _, current_language

POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
"""Nothing but the page's own style and its data-URI images: it can make no request."""

STYLE = """
:root { color-scheme: light; --ink: #1d232a; --soft: #56606b; --line: #d5dae0; --accent: #1f5f99; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ink); background: #fafbfc; }
main { max-width: 52rem; margin: 0 auto; padding: 1.2rem 1rem 3rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.2rem 0 0.4rem; }
h2 { font-size: 1.3rem; margin: 0 0 0.5rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.3rem; color: var(--soft); }
.study { color: var(--soft); margin: 0 0 1.2rem; }
.stopped { background: #fff4d6; border-left: 4px solid #c98a00; padding: 0.6rem 0.8rem; }
nav ol { padding-left: 1.3rem; margin: 0 0 1.5rem; }
section { background: #fff; border: 1px solid var(--line); border-radius: 10px;
  padding: 1rem 1rem 0.6rem; margin: 0 0 1.2rem; }
.verdict p { font-size: 1.1rem; margin: 0 0 0.6rem; }
.unanswered .verdict p { color: var(--soft); }
img { display: block; max-width: 100%; height: auto; margin: 0.6rem auto; }
table { border-collapse: collapse; font-size: 0.9rem; width: 100%; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line);
  vertical-align: top; }
tbody th { font-weight: normal; }
td { font-variant-numeric: tabular-nums; }
@media (max-width: 40rem) {
  thead { display: none; }
  table, tbody, tr, th, td { display: block; }
  tr { padding: 0.4rem 0; border-bottom: 1px solid var(--line); }
  th, td { border: 0; padding: 0.1rem 0; }
  tbody th { font-weight: 600; }
  td::before { content: attr(data-variant) ": "; color: var(--soft); }
}
details { margin: 0.4rem 0 0.6rem; }
summary { cursor: pointer; color: var(--accent); }
pre { background: #f0f2f5; padding: 0.7rem; border-radius: 6px; white-space: pre-wrap;
  overflow-wrap: anywhere; font-size: 0.85rem; }
.note { color: var(--soft); font-size: 0.95rem; }
"""


def write_report(report: Report, path: Path) -> None:
    """Write the report page of ``report`` (which carries its verdicts) to ``path``."""
    require_extra("plot")
    path.write_text(render(report, path.name), encoding="utf-8")


def tag(name: str, text: str, attributes: str = "") -> str:
    """An element holding ``text``, escaped."""
    return f"<{name}{attributes}>{escape(text)}</{name}>"


def render(report: Report, name: str) -> str:
    """The whole page; ``name`` is the file's own name, for the command that makes it again."""
    study = report.study
    title = _("Which game? %(variants)s", variants=", ".join(study.arguments()))
    asked = [v for v in report.verdicts if v.asked]
    others = [v for v in report.verdicts if not v.asked]
    parts = [
        "<!doctype html>",
        f'<html lang="{escape(current_language())}">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        tag("title", title),
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        "<main>",
        tag("h1", title),
        tag("p", study_title(study), ' class="study"'),
    ]
    if not report.complete:
        parts.append(
            tag("p", _("Stopped early: these are the hands played so far."), ' class="stopped"')
        )
    parts.append(_contents(report))
    parts += [_section(report, v) for v in asked]
    if others:
        parts.append(tag("h2", _("Also measured")))
        parts += [_section(report, v) for v in others]
    parts += [_method(report, name), "</main>", "</body>", "</html>", ""]
    return "\n".join(parts)


def _contents(report: Report) -> str:
    items = "".join(
        "<li>" + tag("a", v.title, f' href="#{v.question}"') + "</li>" for v in report.verdicts
    )
    label = escape(_("Questions"))
    return f'<nav aria-label="{label}"><ol>{items}</ol></nav>'


def _section(report: Report, verdict: Verdict) -> str:
    kind = "" if verdict.answered else " unanswered"
    parts = [
        f'<section id="{verdict.question}" class="question{kind}"'
        f' data-question="{verdict.question}">',
        tag("h2", verdict.title),
        '<div class="verdict">',
        *(tag("p", s) for s in verdict.sentences),
        "</div>",
    ]
    if verdict.answered:
        for panel in question_panels(report, verdict.question):
            data = base64.b64encode(panel_png(report, panel)).decode("ascii")
            parts.append(
                f'<img src="data:image/png;base64,{data}" alt="{escape(verdict.title)}"'
                ' width="600" height="444">'
            )
    if verdict.figures:
        parts.append(_figures(report, verdict))
    parts.append("</section>")
    return "\n".join(parts)


def _figures(report: Report, verdict: Verdict) -> str:
    """The figures behind a verdict: a row per figure, a column per variant; on a phone's width
    each row becomes a block (the style), each value named by its variant."""
    variants = [v.variant for v in report.variants]
    values: dict[str, dict[str, str]] = {}
    for e in verdict.figures:
        values.setdefault(e.label, {})[e.variant] = e.value
    head = tag("th", _("figure"), ' scope="col"') + "".join(
        tag("th", v, ' scope="col"') for v in variants
    )
    rows = "".join(
        "<tr>"
        + tag("th", label, ' scope="row"')
        + "".join(tag("td", found.get(v, ""), f' data-variant="{escape(v)}"') for v in variants)
        + "</tr>"
        for label, found in values.items()
    )
    summary = tag("summary", _("The figures behind this"))
    return (
        f"<details>{summary}<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        "</details>"
    )


def shell_lines(words: list[str]) -> str:
    """A command for a shell, one option to a line (a phone's screen breaks no option in two)."""
    lines: list[list[str]] = [[]]
    for word in words:
        if word.startswith("--"):
            lines.append([])
        lines[-1].append(shlex.quote(word))
    return " \\\n    ".join(" ".join(line) for line in lines if line)


def _method(report: Report, name: str) -> str:
    study = report.study
    words = [*command_words(report), "--report", name]
    how = _(
        "Bots played every game, not people (%(bots)s); the minutes are the turns at"
        " %(seconds)s seconds a turn. Every variant was dealt the same numbered games"
        " from seed %(seed)s, so the same command gives the same figures.",
        bots=bots_text(study.bots),
        seconds=study.seconds_per_turn,
        seed=study.seed,
    )
    clearly = _(
        "\u201cClearly\u201d means beyond chance: the study's test of that difference"
        " (Holm-adjusted, at %(alpha)s) says luck alone would rarely give it. The"
        " ranges are 95%% intervals.",
        alpha=report.alpha,
    )
    return "\n".join(
        [
            '<section id="method" class="method">',
            tag("h2", _("How this was measured")),
            tag("p", how),
            tag("p", clearly, ' class="note"'),
            tag("h3", _("To make this page again")),
            f"<pre><code>{escape(shell_lines(words))}</code></pre>",
            "</section>",
        ]
    )
