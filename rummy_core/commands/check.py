"""``rummy check``: run scenario files, the ones that ship with a ruleset, or a rule's own test.

Each argument is a file, a folder (every ``.json`` under it), or the name of an installed ruleset
or house rule (the scenarios its package ships for it). ``--without RULE`` runs each scenario once
more without that house rule and expects it to fail then: a scenario that passes either way does
not test the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from rummy_core.commands.clicklang import LangCommand
from rummy_core.commands.completion import complete_check_target, complete_house_rule
from rummy_core.commands.exits import ANSWER_NO
from rummy_core.commands.jsonout import json_option, to_stdout, write_json
from rummy_core.engine.errors import RuleError
from rummy_core.engine.registry import find_house_rule, find_ruleset, house_rules, rulesets
from rummy_core.formats.resources import shipped_scenarios
from rummy_core.formats.scenario import (
    HouseRuleRef,
    Scenario,
    load_scenario,
    parse_scenario,
    run_scenario,
)
from rummy_core.i18n.languages import N_, _


@dataclass
class Checked:
    """One scenario file and what running it found."""

    source: str
    name: str
    problems: list[str]
    without: list[str] | None = None
    """With ``--without``: what went wrong once the rule was left out (empty: it still passed)."""
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether it passed (and, with ``--without``, failed without the rule)."""
        return not self.problems and self.without != []

    def as_json(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        data: dict[str, Any] = {
            "file": self.source,
            "name": self.name,
            "passed": self.passed,
            "problems": self.problems,
        }
        if self.without is not None:
            data["without_problems"] = self.without
        return data


Loaded = tuple[str, Scenario | RuleError]


@click.command(
    cls=LangCommand,
    help=N_(
        "Run scenario files and report each; exit code 1 when one fails.\n\nA NAME runs the"
        " scenarios shipped for an installed ruleset or house rule (rummy check classic)."
    ),
)
@click.argument(
    "targets", nargs=-1, metavar="[FILE|FOLDER|NAME]...", shell_complete=complete_check_target
)
@click.option(
    "--builtin", is_flag=True, help=N_("Run every scenario that the installed packages ship.")
)
@click.option(
    "--without",
    "without",
    metavar="RULE",
    shell_complete=complete_house_rule,
    default=None,
    help=N_("Run each scenario again without the house rule RULE: it should then fail."),
)
@json_option(N_("Also write the results as JSON to PATH ('-' for stdout, instead of the text)."))
def check(
    targets: tuple[str, ...], builtin: bool, without: str | None, json_path: Path | None
) -> None:
    """``rummy check``: scenario files run and reported."""
    if not targets and not builtin:
        raise click.UsageError(
            _("Give scenario files or folders, a ruleset or house rule, or --builtin.")
        )
    if without is not None:
        without = find_house_rule(without).name
    loaded = _collect(targets, builtin)
    if not loaded:
        raise click.UsageError(_("No scenario files were found there."))
    results = [_check(source, item, without) for source, item in loaded]
    quiet = to_stdout(json_path)
    for result in results:
        if not quiet:
            _report(result, without)
    passed = sum(r.passed for r in results)
    failed = len(results) - passed
    if not quiet:
        click.echo(_("%(passed)s passed, %(failed)s failed", passed=passed, failed=failed))
    write_json(
        {
            "passed": passed,
            "failed": failed,
            "without": without,
            "results": [r.as_json() for r in results],
        },
        json_path,
    )
    if failed:
        raise SystemExit(ANSWER_NO)


def _collect(targets: tuple[str, ...], builtin: bool) -> list[Loaded]:
    """The scenarios the arguments name, each with where it comes from (or why it cannot load)."""
    shipped: list[Loaded] | None = None

    def all_shipped() -> list[Loaded]:
        nonlocal shipped
        if shipped is None:
            shipped = [(f.label, _parse(f.text, f.label)) for f in shipped_scenarios()]
        return shipped

    loaded: list[Loaded] = list(all_shipped()) if builtin else []
    for target in targets:
        path = Path(target)
        if path.exists():
            if not path.is_file() and not path.is_dir():
                raise click.UsageError(
                    _("%(target)s is neither a scenario file nor a folder.", target=target)
                )
            files = [path] if path.is_file() else sorted(path.rglob("*.json"))
            loaded += [(str(f), _load(f)) for f in files]
        else:
            key = _plugin_name(target)
            loaded += [(src, item) for src, item in all_shipped() if _is_for(item, key)]
    return loaded


def _plugin_name(target: str) -> str:
    known_rulesets, known_rules = rulesets(), house_rules()
    key = target.strip().lower()
    if key in known_rules:
        return key
    if key in known_rulesets or any(key in cls.aliases for cls in known_rulesets.values()):
        return find_ruleset(key).name
    raise click.UsageError(
        _(
            "%(target)r is not a file or folder, nor an installed ruleset or house rule"
            " (rulesets: %(rulesets)s; house rules: %(rules)s).",
            target=target,
            rulesets=", ".join(known_rulesets),
            rules=", ".join(known_rules),
        )
    )


def _is_for(item: Scenario | RuleError, key: str) -> bool:
    if isinstance(item, RuleError):
        return False
    try:
        ruleset = find_ruleset(item.ruleset).name
    except RuleError:
        ruleset = item.ruleset
    return key == ruleset or key in _rule_names(item)


def _rule_names(scenario: Scenario) -> list[str]:
    return [(r if isinstance(r, str) else r.name).strip().lower() for r in scenario.house_rules]


def _load(path: Path) -> Scenario | RuleError:
    try:
        return load_scenario(path)
    except RuleError as exc:
        return exc


def _parse(text: str, source: str) -> Scenario | RuleError:
    try:
        return parse_scenario(text, source)
    except RuleError as exc:
        return exc


def _run(scenario: Scenario) -> list[str]:
    try:
        return run_scenario(scenario)
    except RuleError as exc:
        return [f"{exc.code}: {exc.message}"]


def _check(source: str, item: Scenario | RuleError, without: str | None) -> Checked:
    if isinstance(item, RuleError):
        return Checked(
            source, Path(source.rpartition(":")[2]).name, [f"{item.code}: {item.message}"]
        )
    result = Checked(source, item.name, _run(item))
    if without is None:
        return result
    if without not in _rule_names(item):
        result.problems.append(f"it does not use the house rule {without!r}")
        return result
    kept: list[str | HouseRuleRef] = [
        r
        for r in item.house_rules
        if (r if isinstance(r, str) else r.name).strip().lower() != without
    ]
    result.without = _run(item.model_copy(update={"house_rules": kept}))
    return result


def _report(result: Checked, without: str | None) -> None:
    mark = _("ok  ") if result.passed else _("FAIL")
    click.echo(f"{mark} {result.source}: {result.name}")
    for problem in result.problems:
        click.echo(f"     {problem}")
    if result.without is not None and not result.problems:
        if result.without:
            click.echo(
                _(
                    "     without %(rule)s, it fails as it should: %(problem)s",
                    rule=without,
                    problem=result.without[0],
                )
            )
        else:
            click.echo(
                _(
                    "     it still passes without %(rule)s: it does not test that rule",
                    rule=without,
                )
            )
