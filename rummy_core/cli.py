"""The ``rummy`` command: play, check scenarios, replay records, list rules, write schemas."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from rummy_core.bots import bot_names, make_bot
from rummy_core.compare.command import compare
from rummy_core.duel import duel_command
from rummy_core.engine import Game
from rummy_core.errors import RuleError
from rummy_core.hooks import hook_names
from rummy_core.models.actions import ACTION_ADAPTER
from rummy_core.models.events import EVENT_ADAPTER
from rummy_core.models.position import Position
from rummy_core.models.refusal import Refusal
from rummy_core.models.view import SeatView
from rummy_core.record import GameRecord, load_record, record_of, replay, save_record
from rummy_core.registry import house_rules, rulesets
from rummy_core.scenario import Scenario, load_scenario, run_scenario
from rummy_core.setup import Variant, build_hooks, first_dealer, new_game
from rummy_core.textplay import default_save_path, play_text
from rummy_core.tui.session import Session, Setup


@click.group()
def cli() -> None:
    """Rummy: play, test and compare rummy variants."""


@cli.command()
@click.option(
    "--ruleset",
    "variant_text",
    default=None,
    help="Ruleset, with options and house rules: classic:target=100, riverside+rule"
    " (default classic).",
)
@click.option(
    "--opponents", type=int, default=None, help="Number of computer opponents (default 1)."
)
@click.option(
    "--bot",
    default=None,
    help=f"Opponents' strength: one bot for all, or one per opponent separated by commas"
    f" (default random). Bots: {', '.join(bot_names())}.",
)
@click.option("--single-hand", is_flag=True, help="Play one hand instead of a whole match.")
@click.option("--seed", type=int, default=None, help="Seed of the deal (random if not given).")
@click.option(
    "--save",
    "save_path",
    type=click.Path(path_type=Path),
    default=None,
    help="Save the game here after every move (default ~/.rummy/last-game.json).",
)
@click.option(
    "--resume",
    "resume_path",
    type=click.Path(path_type=Path, exists=True),
    default=None,
    help="Continue a saved game.",
)
@click.option(
    "--plain",
    is_flag=True,
    help="The plain text game, one typed command at a time (also used when input is not a"
    " terminal).",
)
@click.option(
    "--pause",
    type=float,
    default=0.6,
    show_default=True,
    help="Seconds between two moves of the computer players, so you can follow them.",
)
def play(
    variant_text: str | None,
    opponents: int | None,
    bot: str | None,
    single_hand: bool,
    seed: int | None,
    save_path: Path | None,
    resume_path: Path | None,
    plain: bool,
    pause: float,
) -> None:
    """Play against computer opponents: full screen, or with no options a start screen first."""
    path = save_path or (resume_path if resume_path is not None else default_save_path())
    chosen = (variant_text, opponents, bot, seed)
    setup = Setup(
        ruleset=variant_text or "classic",
        bots=_opponents(bot or "random", opponents or 1),
        single_hand=single_hand,
        seed=seed,
    )
    if plain or not sys.stdin.isatty():
        _play_plain(setup, path, resume_path)
        return
    if resume_path is not None:
        session: Session | None = Session.resume(resume_path, path)
    elif single_hand or any(c is not None for c in chosen):
        session = Session.start(setup, path)
    else:
        session = None
    # Textual loads only for the full-screen game, so the other commands start quickly.
    from rummy_core.tui.app import RummyApp

    RummyApp(session, save_path=path, pause=pause).run()


def _opponents(bot: str, opponents: int) -> tuple[str, ...]:
    """The bot of each opponent: one name for all, or one per opponent (``random,greedy``)."""
    names = tuple(name.strip() for name in bot.split(",") if name.strip())
    if len(names) == 1:
        names *= opponents
    elif len(names) != opponents:
        raise RuleError(
            "bad_bots",
            f"Name one bot for all opponents or one per opponent; {len(names)} names"
            f" were given for {opponents} opponents.",
        )
    for name in names:
        make_bot(name)
    return names


def _play_plain(setup: Setup, path: Path, resume_path: Path | None) -> None:
    """The plain text game (``rummy play --plain``)."""
    if resume_path is not None:
        record = load_record(resume_path)
        game = replay(record)
        variant = Variant.parse(record.variant)
        seats = record.seats
        dealer = record.dealer
    else:
        variant = setup.variant()
        seed = setup.seed if setup.seed is not None else int.from_bytes(os.urandom(4), "big")
        players = len(setup.bots) + 1
        dealer = first_dealer(seed, players)
        game = new_game(variant, players=players, seed=seed, dealer=dealer)
        seats = ["human", *setup.bots]
    bots = {
        s: make_bot(name, seed=game.state.seed + s)
        for s, name in enumerate(seats)
        if name != "human"
    }
    path.parent.mkdir(parents=True, exist_ok=True)

    def save(played: Game) -> None:
        save_record(record_of(played, variant, dealer, seats), path)

    click.echo(f"Playing {variant.label()} (seed {game.state.seed}); saving to {path}")
    play_text(game, seats.index("human"), bots, save)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path, exists=True))
def check(paths: tuple[Path, ...]) -> None:
    """Run scenario files (or every .json under a folder) and report each."""
    files = sorted(f for p in paths for f in ([p] if p.is_file() else p.rglob("*.json")))
    passed = failed = 0
    for path in files:
        try:
            scenario = load_scenario(path)
            problems = run_scenario(scenario)
            name = scenario.name
        except RuleError as exc:
            problems, name = [f"{exc.code}: {exc.message}"], path.name
        if problems:
            failed += 1
            click.echo(f"FAIL {path}: {name}")
            for problem in problems:
                click.echo(f"     {problem}")
        else:
            passed += 1
            click.echo(f"ok   {path}: {name}")
    click.echo(f"{passed} passed, {failed} failed")
    if failed:
        sys.exit(1)


@cli.command(name="replay")
@click.argument("path", type=click.Path(path_type=Path, exists=True))
def replay_command(path: Path) -> None:
    """Replay a saved game from its seed and action log, and check it ends where it did."""
    record = load_record(path)
    game = replay(record)
    st = game.state
    click.echo(
        f"Replayed {len(record.actions)} actions of {record.variant} (seed {record.seed}):"
        f" hand {st.hand_number}, phase {st.phase}, scores {st.scores}"
    )


@cli.command(name="rulesets")
def rulesets_command() -> None:
    """List the installed rulesets with their options."""
    for name, cls in rulesets().items():
        hooks = build_hooks(Variant(name))
        implemented = hooks.implementers().get(cls.name, [])
        click.echo(f"{name}: {cls.summary}")
        if cls.aliases:
            click.echo(f"  aliases: {', '.join(cls.aliases)}")
        for field, info in cls.Options.model_fields.items():
            click.echo(f"  option {field} = {info.default!r}: {info.description or ''}")
        click.echo(f"  hooks: {', '.join(implemented)}")


@cli.command(name="house-rules")
def house_rules_command() -> None:
    """List the installed house rules, what they apply to and their options."""
    found = house_rules()
    if not found:
        click.echo("No house rules are installed.")
    for name, cls in found.items():
        applies = ", ".join(cls.applies_to) or "any ruleset"
        click.echo(f"{name}: {cls.summary} (for {applies})")
        if cls.conflicts_with:
            click.echo(f"  conflicts with: {', '.join(cls.conflicts_with)}")
        for field, info in cls.Options.model_fields.items():
            default = info.get_default(call_default_factory=True)
            click.echo(f"  option {field} = {default!r}: {info.description or ''}")
        hooks = [h for h in hook_names() if hasattr(cls, h)]
        click.echo(f"  hooks: {', '.join(hooks)}")
        if "rummy_register_actions" in hooks:
            # The registrar needs an instance: set the rule up on a ruleset it applies to.
            ruleset = cls.applies_to[0] if cls.applies_to else "classic"
            try:
                kinds = build_hooks(Variant(ruleset, {}, ((name, {}),))).action_kinds
            except RuleError as exc:
                click.echo(f"  actions: cannot be listed: {exc.message}")
            else:
                click.echo(f"  actions: {', '.join(kinds)}")


@cli.command()
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=Path("schemas"),
    show_default=True,
    help="Folder to write the schemas to.",
)
def schema(out: Path) -> None:
    """Write the JSON schemas of positions, actions, events, views, scenarios and records."""
    out.mkdir(parents=True, exist_ok=True)
    schemas = {
        "position": Position.model_json_schema(),
        "action": ACTION_ADAPTER.json_schema(),
        "event": EVENT_ADAPTER.json_schema(),
        "view": SeatView.model_json_schema(),
        "scenario": Scenario.model_json_schema(),
        "record": GameRecord.model_json_schema(),
        "refusal": Refusal.model_json_schema(),
    }
    for name, body in schemas.items():
        (out / f"{name}.schema.json").write_text(json.dumps(body, indent=2), encoding="utf-8")
        click.echo(f"wrote {out / f'{name}.schema.json'}")


cli.add_command(compare)
cli.add_command(duel_command)


def main() -> None:
    """Entry point: turns every refusal into a clear message and exit code 2, never a traceback."""
    try:
        cli.main(standalone_mode=False)
    except RuleError as exc:
        click.echo(f"error [{exc.code}]: {exc.message}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
