"""``rummy compare``: the command line of a study."""

from __future__ import annotations

import os
import sys
from contextlib import ExitStack
from pathlib import Path

import click
from rich.console import Console

from rummy_core.bots import bot_names
from rummy_core.commands.clicklang import HELP_VALUES, LangCommand
from rummy_core.commands.completion import complete_variant
from rummy_core.commands.exits import STOPPED
from rummy_core.commands.jsonout import json_option, to_stdout
from rummy_core.compare.output import (
    RecordWriter,
    print_report,
    progress_bar,
    write_csv,
    write_json,
)
from rummy_core.compare.page import write_report
from rummy_core.compare.play import Block
from rummy_core.compare.plot import write_plot
from rummy_core.compare.questions import QUESTIONS, parse_questions
from rummy_core.compare.report import BASELINE, SKILLED, build_report, skill_study
from rummy_core.compare.running import run_study
from rummy_core.compare.skill import most_units, precise
from rummy_core.compare.spec import Study, parse_bots
from rummy_core.compare.sweep import expand
from rummy_core.compare.verdicts import judge
from rummy_core.extras import require_extra
from rummy_core.i18n.languages import N_, _, ngettext

DEFAULT_HANDS = 1000
WIDE = 180
"""Table width when the output is not a terminal (a file or a pipe has no width of its own)."""


HELP_VALUES.update(
    skilled=SKILLED,
    baseline=BASELINE,
    bots=", ".join(bot_names()),
    questions=", ".join(QUESTIONS),
)


@click.command(
    name="compare",
    cls=LangCommand,
    help=N_(
        "Compare variants side by side by simulation: rummy compare classic riverside"
        " hungarian.\n\nEach VARIANT is a ruleset with options and house rules, like"
        " hungarian:opening=40 or riverside+three-of-a-kind; hungarian:opening=30..60/10 or"
        " 'hungarian:opening=30|40|51' sweeps an option, one variant per value. Unit i of"
        " every variant uses the same seed, so variants that share a deck are dealt the same"
        " cards, and their differences are tested deal by deal. Ctrl-C stops and prints what"
        " was done."
    ),
)
@click.argument("variants", nargs=-1, required=True, shell_complete=complete_variant)
@click.option(
    "--players",
    type=click.IntRange(min=2),
    default=2,
    show_default=True,
    help=N_("Players per game."),
)
@click.option(
    "--hands", type=click.IntRange(min=1), default=None, help=N_("Hands per variant [1000].")
)
@click.option(
    "--matches",
    type=click.IntRange(min=1),
    default=None,
    help=N_("Play this many whole matches per variant instead of single hands."),
)
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help=N_(
        "One bot for every seat, or one per seat, comma-separated (different bots rotate seats"
        " from unit to unit): %(bots)s."
    ),
)
@click.option(
    "--skill-gap",
    "skill_hands",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help=N_(
        "Also play this many hands (or matches, with --skill-unit match) per variant of one"
        " %(skilled)s bot against %(baseline)s bots: the skill gap."
    ),
)
@click.option(
    "--skill-unit",
    type=click.Choice(["hand", "match"]),
    default="hand",
    show_default=True,
    help=N_("Measure the skill gap over single hands, or over whole matches (and their hands)."),
)
@click.option(
    "--precision",
    type=click.FloatRange(min=0, max=50, min_open=True),
    default=None,
    metavar="POINTS",
    help=N_(
        "Play the skill gap until the expert's win rate is known to within this many percentage"
        " points either side (%(level)s interval) in every variant, --skill-gap units at most (by"
        " default as many as the widest share needs)."
    ),
)
@click.option(
    "--seconds-per-turn",
    type=click.IntRange(min=1),
    default=15,
    show_default=True,
    help=N_("A person's pace, for the estimated minutes per hand and per match."),
)
@click.option("--seed", type=int, default=0, show_default=True, help=N_("The study's seed."))
@click.option(
    "--jobs",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help=N_("Processes; 0: one per CPU."),
)
@click.option(
    "--ray",
    "ray_address",
    default=None,
    help=N_("Run on Ray: a cluster address (auto, ray://host:10001) or 'local'."),
)
@click.option(
    "--max-match-hands",
    type=click.IntRange(min=1),
    default=200,
    show_default=True,
    help=N_("A match still going after this many hands is cut off."),
)
@json_option(N_("Also write the report as JSON to PATH ('-' for stdout, instead of the text)."))
@click.option("--csv", "csv_path", type=click.Path(path_type=Path), help=N_("Write the figures."))
@click.option(
    "--records", "records_path", type=click.Path(path_type=Path), help=N_("One JSON line per hand.")
)
@click.option("--plot", "plot_path", type=click.Path(path_type=Path), help=N_("Write a PNG plot."))
@click.option(
    "--minutes",
    type=click.IntRange(min=1),
    default=None,
    help=N_(
        "A time that matters to you: the plot marks it and gives the share of hands and"
        " matches over by then."
    ),
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help=N_(
        "Write a page a family can read: a plain verdict per question, the figures behind it,"
        " plots, and the command that makes it again (one HTML file, nothing to download)."
    ),
)
@click.option(
    "--question",
    "questions",
    multiple=True,
    metavar="NAMES",
    help=N_(
        "What the report leads with, repeated or comma-separated: %(questions)s (all, in that"
        " order, unless named)."
    ),
)
@click.option("--progress/--no-progress", default=True, help=N_("Show a progress bar."))
def compare(
    variants: tuple[str, ...],
    players: int,
    hands: int | None,
    matches: int | None,
    bots: str,
    skill_hands: int,
    skill_unit: str,
    precision: float | None,
    seconds_per_turn: int,
    seed: int,
    jobs: int,
    ray_address: str | None,
    max_match_hands: int,
    json_path: Path | None,
    csv_path: Path | None,
    records_path: Path | None,
    plot_path: Path | None,
    minutes: int | None,
    report_path: Path | None,
    questions: tuple[str, ...],
    progress: bool,
) -> None:
    """``rummy compare``: variants compared by simulation."""
    if hands is not None and matches is not None:
        raise click.UsageError(_("Give --hands or --matches, not both."))
    names, sweeps = expand(variants)
    study = Study(
        variants=names,
        players=players,
        bots=parse_bots(bots, players),
        units=matches or hands or DEFAULT_HANDS,
        matches=matches is not None,
        seed=seed,
        max_match_hands=max_match_hands,
        seconds_per_turn=seconds_per_turn,
        sweeps=sweeps,
    )
    study.check()
    asked = parse_questions(questions)
    if plot_path is not None or report_path is not None:
        require_extra("plot")  # before the run, not after it
    width = precision / 100 if precision is not None else None
    if width is not None and not skill_hands:
        skill_hands = most_units(width)
    skill = skill_study(study, skill_hands, skill_unit == "match") if skill_hands else None
    console = Console(width=None if sys.stdout.isatty() else WIDE)
    jobs = jobs or os.cpu_count() or 1
    with ExitStack() as stack:
        bar = stack.enter_context(progress_bar(console, progress))
        label = (
            ngettext("%(count)s variant, matches", "%(count)s variants, matches", len(names))
            if study.matches
            else ngettext("%(count)s variant, hands", "%(count)s variants, hands", len(names))
        )
        task = bar.add_task(label, total=study.units * len(names))
        skill_task = bar.add_task(
            _("skill gap, matches") if skill_unit == "match" else _("skill gap, hands"),
            total=skill_hands * len(names),
        )
        records = (
            RecordWriter(stack.enter_context(records_path.open("w", encoding="utf-8")))
            if records_path is not None
            else None
        )

        def on_block(block: Block) -> None:
            if records is not None:
                records(block)
            bar.advance(task, (block.task.stop - block.task.start) * len(names))

        outcome = run_study(
            study,
            jobs=jobs,
            ray_address=ray_address,
            keep_hands=records is not None,
            on_block=on_block,
        )
        skill_outcome = None
        if skill is not None and not outcome.interrupted:
            skill_outcome = run_study(
                skill,
                jobs=jobs,
                ray_address=ray_address,
                on_block=lambda b: bar.advance(
                    skill_task, (b.task.stop - b.task.start) * len(names)
                ),
                enough=precise(width, skill.matches) if width is not None else None,
            )
    report = judge(
        build_report(outcome, skill_outcome, minutes=minutes, questions=asked, precision=width)
    )
    if not to_stdout(json_path):
        print_report(console, report)
    if json_path is not None:
        write_json(report, json_path)
    if csv_path is not None:
        write_csv(report, csv_path)
    if plot_path is not None:
        write_plot(report, plot_path, minutes)
    if report_path is not None:
        write_report(report, report_path)
    if not report.complete:
        sys.exit(STOPPED)
