"""rummy compare's skill gap over matches and to a precision (#40 point 1): how many units a
share needs, the sequential rule that stops once every interval is narrow enough (at the same
unit for any --jobs), and "N more units needed" when the run stops short."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rummy_core.commands.cli import cli
from rummy_core.compare import Study, run_study
from rummy_core.compare.markdown import command_words
from rummy_core.compare.report import Figure, Report
from rummy_core.compare.skill import more_needed, most_units, precise
from rummy_core.compare.stats import Moments, half_width, units_for, units_to_tell, wilson
from rummy_core.compare.tally import Tally

MATCHES = "riverside:target=100"  # an expert match of one or two hands: a few seconds


def test_units_for_a_precision_is_the_first_narrow_enough() -> None:
    for share, width in ((0.5, 0.05), (0.32, 0.07), (0.05, 0.02), (0.0, 0.1)):
        n = units_for(share, width)
        assert half_width(share, n) <= width < half_width(share, n - 1)
    low, high = wilson(16, 40)
    assert half_width(0.4, 40) == pytest.approx((high - low) / 2)


def test_the_widest_share_bounds_every_other() -> None:
    # The sequential rule's default cap: no share needs more units than one half does.
    for width in (0.02, 0.05, 0.1):
        assert all(units_for(s / 100, width) <= most_units(width) for s in range(101))
    assert most_units(0.05) == units_for(0.5, 0.05) == 381


def test_units_to_tell_a_share_from_the_fair_one() -> None:
    # The example: 32% against a fair 25% needs about 314 hands a variant.
    assert units_to_tell(0.32, 0.25) == 315
    assert units_to_tell(0.25, 0.25) is None
    assert units_to_tell(0.6, 0.5) == units_to_tell(0.6, 0.5)  # the same again
    assert units_to_tell(0.7, 0.5) < units_to_tell(0.6, 0.5)  # type: ignore[operator]


def tally(wins: int, n: int, matches: bool = False) -> Tally:
    found = Tally(players=2)
    source = found.match if matches else found.hand
    key = "bot_match_win.expert" if matches else "bot_win.expert"
    source[key] = Moments(n, wins, wins)
    return found


def test_the_rule_waits_for_every_variant() -> None:
    rule = precise(0.1, matches=False)
    narrow, wide = tally(50, 100), tally(5, 10)
    assert rule([narrow, narrow]) and not rule([narrow, wide]) and not rule([narrow, Tally(2)])
    assert precise(0.1, matches=True)([tally(50, 100, matches=True)])
    assert not precise(0.1, matches=True)([narrow])  # hands do not count for matches


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_sequential_rule_stops_at_the_same_unit_for_any_jobs(jobs: int) -> None:
    study = Study(("classic:target=null", "riverside"), units=40, seed=3)  # blocks of 5 hands
    outcome = run_study(study, jobs=jobs, enough=lambda tallies: tallies[0].hands >= 12)
    assert outcome.stopped and not outcome.interrupted
    assert [t.hands for t in outcome.tallies] == [15, 15]
    assert outcome.pairs[0].units == 15
    whole = run_study(study, jobs=1, enough=lambda tallies: False)
    assert not whole.stopped and whole.tallies[0].hands == 40


def test_more_needed_is_what_the_precision_asks_less_what_was_played() -> None:
    figure = Figure(label="x", kind="proportion", n=40, value=0.45, low=0.3, high=0.6)
    assert more_needed(figure, 0.05) == units_for(0.45, 0.05) - 40
    assert more_needed(figure, 0.2) == 0


def run(folder: Path, *options: str) -> tuple[Report, str]:
    """The study of ``MATCHES`` with ``options``: its report and its text output."""
    path = folder / "r.json"
    result = CliRunner().invoke(
        cli,
        [
            "compare",
            MATCHES,
            "--hands",
            "2",
            "--skill-unit",
            "match",
            *options,
            "--seed",
            "5",
            "--no-progress",
            "--json",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    return Report.model_validate_json(path.read_text(encoding="utf-8")), result.output


def test_the_skill_gap_over_matches_stops_once_precise_enough(tmp_path: Path) -> None:
    # One match gives an interval within ±45 points: the rule stops the skill gap there.
    report, text = run(tmp_path, "--skill-gap", "3", "--precision", "45")
    study = report.study
    assert (study.skill_unit, study.skill_hands, study.precision) == ("match", 3, 0.45)
    figures = report.variants[0].figures
    assert figures["skill.matches"].value == 1 and figures["skill.match_win"].n == 1
    assert figures["skill.match_win"].fair == 0.5
    assert figures["skill.hands"].value >= 1  # the match's hands, measured too
    assert report.run.skill_hands == figures["skill.hands"].value
    assert "Skill gap: known to ±45% in every variant." in text
    words = command_words(report)
    assert words[words.index("--skill-gap") :][:6] == [
        "--skill-gap",
        "3",
        "--skill-unit",
        "match",
        "--precision",
        "45",
    ]
    skill = next(v for v in report.verdicts if v.question == "skill")
    assert "of matches against greedy bots" in skill.sentences[0]
    assert "more match" not in skill.sentences[0]


def test_a_skill_gap_short_of_its_precision_says_how_many_more(tmp_path: Path) -> None:
    report, text = run(tmp_path, "--skill-gap", "1", "--precision", "10")
    figure = report.variants[0].figures["skill.match_win"]
    more = more_needed(figure, 0.1)
    assert figure.n == 1 and more > 0
    skill = next(v for v in report.verdicts if v.question == "skill")
    assert skill.sentences[0].endswith(f"For ±10%, {more:,} more matches are needed.")
    assert f"Skill gap in {MATCHES}: {more:,} more matches needed for ±10%." in text
