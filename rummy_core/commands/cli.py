"""The ``rummy`` command: play, check scenarios, replay records, list rules, write schemas."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from pydantic_core import to_jsonable_python

from rummy_core import __version__
from rummy_core.bots import bot_names, make_bot
from rummy_core.bots.levels import DEFAULT_LEVEL, LEVELS
from rummy_core.commands.amount import Amount
from rummy_core.commands.check import check
from rummy_core.commands.clicklang import HELP_VALUES, LangGroup
from rummy_core.commands.completion import complete_bots, complete_variant
from rummy_core.commands.crash import crash_message, write_crash_report
from rummy_core.commands.duel import duel_command
from rummy_core.commands.exits import ANSWER_NO, CRASH, REFUSED, STOPPED, SUCCESS
from rummy_core.commands.jsonout import json_option, to_stdout, write_json
from rummy_core.commands.new_rule import new_house_rule
from rummy_core.commands.schemas import all_schemas
from rummy_core.compare.command import compare
from rummy_core.engine.errors import RuleError
from rummy_core.engine.hooks import hook_names
from rummy_core.engine.plugin import HouseRule, Ruleset, plugin_text, ruleset_title
from rummy_core.engine.registry import find_ruleset, house_rules, rulesets
from rummy_core.engine.setup import Variant, build_hooks, first_dealer, new_game
from rummy_core.extras import require_extra
from rummy_core.formats.home import rummy_home
from rummy_core.formats.record import load_record, record_of, replay, save_record, save_warning
from rummy_core.formats.saves import new_save_path, saved_games, saves_dir
from rummy_core.i18n.languages import (
    N_,
    N_plural,
    _,
    language_from_environment,
    ngettext,
    set_language,
)
from rummy_core.match import Match
from rummy_core.server.limits import Limits
from rummy_core.tui.plain import play_text
from rummy_core.tui.session import Session, Setup

HELP_VALUES.update(
    default_level=DEFAULT_LEVEL,
    bots=", ".join(bot_names()),
    home=str(rummy_home()),
    saves=str(saves_dir()),
)


@click.group(
    cls=LangGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_(
        "Rummy: play, test and compare rummy variants.\n\nExit codes: 0 success; 1 the answer"
        " is no (a scenario failed, a replay did not match); 2 a usage error or a refusal (bad"
        " option, unreadable file); 70 a crash, with a crash report; 130 stopped with Ctrl-C"
        " (what was finished is kept)."
    ),
)
@click.version_option(
    __version__, "-V", "--version", prog_name="rummy", help=N_("Show the version and exit.")
)
def cli() -> None:
    """The ``rummy`` command group (its help, translated, is given above)."""


@cli.command(
    help=N_(
        "Play against computer opponents: full screen, or with no options a start screen first."
    )
)
@click.option(
    "--ruleset",
    "variant_text",
    default=None,
    shell_complete=complete_variant,
    help=N_(
        "Ruleset, with options and house rules: classic:target=100, riverside+rule"
        " (default classic)."
    ),
)
@click.option(
    "--opponents", type=int, default=None, help=N_("Number of computer opponents (default 1).")
)
@click.option(
    "--bot",
    default=None,
    shell_complete=complete_bots,
    help=N_(
        "Opponents' strength: one for all, or one per opponent separated by commas: easy,"
        " normal, hard (default %(default_level)s), or a bot: %(bots)s."
    ),
)
@click.option("--single-hand", is_flag=True, help=N_("Play one hand instead of a whole match."))
@click.option("--seed", type=int, default=None, help=N_("Seed of the deal (random if not given)."))
@click.option(
    "--save",
    "save_path",
    type=click.Path(path_type=Path),
    default=None,
    help=N_("Save the game here after every move (default: a new file in %(saves)s)."),
)
@click.option(
    "--resume",
    "resume_text",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[FILE]",
    help=N_("Continue a saved game; with no FILE, choose among the saved games."),
)
@click.option(
    "--plain",
    is_flag=True,
    help=N_(
        "The plain text game, one typed command at a time (also used when input is not a terminal)."
    ),
)
@click.option(
    "--pause",
    type=click.FloatRange(0, 60),
    default=0.6,
    show_default=True,
    help=N_("Seconds between two moves of the computer players, so you can follow them."),
)
def play(
    variant_text: str | None,
    opponents: int | None,
    bot: str | None,
    single_hand: bool,
    seed: int | None,
    save_path: Path | None,
    resume_text: str | None,
    plain: bool,
    pause: float,
) -> None:
    """``rummy play``: a game against computer opponents."""
    resume_path = _resume_path(resume_text) if resume_text is not None else None
    path = save_path or resume_path or new_save_path()
    chosen = (variant_text, opponents, bot, seed)
    ruleset = variant_text or "classic"
    setup = Setup(
        ruleset=ruleset,
        bots=_opponents(bot or DEFAULT_LEVEL, _check_opponents(ruleset, opponents)),
        single_hand=single_hand,
        seed=seed,
    )
    if plain or not sys.stdin.isatty():
        _play_plain(setup, path, resume_path)
        _say_saved(path)
        return
    if resume_path is not None:
        session: Session | None = Session.resume(resume_path, path)
    elif single_hand or any(c is not None for c in chosen):
        session = Session.start(setup, path)
    else:
        session = None
    # Textual loads only for the full-screen game, so the other commands start quickly.
    from rummy_core.tui.app import RummyApp

    app = RummyApp(session, save_path=path, pause=pause)
    app.run()
    if app.crash is not None:
        raise app.crash
    if app.session is not None:
        _say_saved(path)


def _say_saved(path: Path) -> None:
    if path.is_file():
        click.echo(
            _("The game is saved in %(path)s; rummy play --resume %(path)s carries on.", path=path)
        )


def _check_opponents(ruleset: str, opponents: int | None) -> int:
    """``opponents`` (default 1), if the ruleset seats that many players besides you."""
    if opponents is None:
        return 1
    variant = Variant.parse(ruleset)
    cls = find_ruleset(variant.ruleset)
    low, high = variant.player_range()
    if not low <= opponents + 1 <= high and low == high:
        raise RuleError(
            "bad_opponents",
            N_plural(
                "%(ruleset)s is for %(low)s players: choose %(count)s opponent.",
                "%(ruleset)s is for %(low)s players: choose %(count)s opponents.",
            ),
            opponents=opponents,
            ruleset=cls.name,
            low=low,
            count=low - 1,
        )
    if not low <= opponents + 1 <= high:
        raise RuleError(
            "bad_opponents",
            "%(ruleset)s is for %(low)s to %(high)s players: choose %(fewest)s to %(most)s"
            " opponents.",
            opponents=opponents,
            ruleset=cls.name,
            low=low,
            high=high,
            fewest=low - 1,
            most=high - 1,
        )
    return opponents


def _resume_path(text: str) -> Path:
    """The save to resume: the file given, or one chosen from the saved games, newest first."""
    if text:
        path = Path(text)
        if not path.is_file():
            raise click.BadParameter(
                _("there is no saved game %(path)r.", path=text), param_hint="--resume"
            )
        return path
    games = saved_games()
    if not games:
        raise RuleError(
            "no_saved_games", "There are no saved games in %(folder)s.", folder=str(saves_dir())
        )
    click.echo(_("Saved games, newest first:"))
    for number, game in enumerate(games, start=1):
        click.echo(f"  {number}. {game.line()}")
    choice = click.prompt(
        _("Which game"), type=click.IntRange(1, len(games)), default=1, show_default=True
    )
    return games[choice - 1].path


def _opponents(bot: str, opponents: int) -> tuple[str, ...]:
    """The bot of each opponent: one name for all, or one per opponent (``easy,greedy``).

    A level (easy, normal, hard) names the bot that plays it.
    """
    names = tuple(LEVELS.get(name.strip(), name.strip()) for name in bot.split(",") if name.strip())
    if len(names) == 1:
        names *= opponents
    elif len(names) != opponents:
        raise RuleError(
            "bad_bots",
            N_plural(
                "Name one bot for all opponents or one per opponent; %(count)s name was given"
                " for %(opponents)s opponents.",
                "Name one bot for all opponents or one per opponent; %(count)s names were given"
                " for %(opponents)s opponents.",
            ),
            count=len(names),
            opponents=opponents,
        )
    for name in names:
        make_bot(name)
    return names


def _play_plain(setup: Setup, path: Path, resume_path: Path | None) -> None:
    """The plain text game (``rummy play --plain``)."""
    if resume_path is not None:
        record = load_record(resume_path)
        match = replay(record)
        variant = Variant.parse(record.variant)
        seats = record.seats
        dealer = record.dealer
    else:
        variant = setup.variant()
        seed = setup.seed if setup.seed is not None else int.from_bytes(os.urandom(4), "big")
        players = len(setup.bots) + 1
        dealer = first_dealer(seed, players)
        game = new_game(variant, players=players, seed=seed, dealer=dealer, choosers=[0])
        match = Match(game, [None] * players, journal=[])
        seats = ["human", *setup.bots]
    if seats.count("human") != 1:
        raise RuleError(
            "no_human_seat",
            "%(path)s: a game in the terminal needs exactly one human seat, and this save has"
            " %(seats)s.",
            path=str(resume_path),
            seats=seats.count("human"),
        )
    game = match.game
    match.bots = [
        None if name == "human" else make_bot(name, seed=game.state.seed + s)
        for s, name in enumerate(seats)
    ]
    with contextlib.suppress(OSError):
        # A folder that cannot be made is reported by the first save.
        path.parent.mkdir(parents=True, exist_ok=True)
    failing = False

    def save(played: Match) -> None:
        # A save that fails does not stop the game: say so once, and try again every move.
        nonlocal failing
        try:
            save_record(record_of(played, variant, dealer, seats), path)
        except OSError as exc:
            if not failing:
                click.echo(save_warning(path, exc), err=True)
            failing = True
        else:
            failing = False

    click.echo(
        _(
            "Playing %(variant)s (seed %(seed)s); saving to %(path)s",
            variant=variant.label(),
            seed=game.state.seed,
            path=path,
        )
    )
    play_text(match, seats.index("human"), save)


@cli.command(
    name="replay",
    help=N_("Replay a saved game from its seed and action log; exit code 1 if it ends elsewhere."),
)
@click.argument("path", type=click.Path(path_type=Path, exists=True, dir_okay=False))
@json_option(
    N_("Also write where the replay ends as JSON to PATH ('-' for stdout, instead of the text).")
)
def replay_command(path: Path, json_path: Path | None) -> None:
    """``rummy replay``: a saved game replayed and checked."""
    record = load_record(path)
    try:
        game = replay(record).game
    except RuleError as exc:
        if exc.code != "replay_mismatch":
            raise
        write_json({"file": str(path), "matches": False, "problem": exc.message}, json_path)
        click.echo(
            _(
                "mismatch [%(code)s]: %(path)s: %(problem)s",
                code=exc.code,
                path=path,
                problem=exc.message,
            ),
            err=True,
        )
        raise SystemExit(ANSWER_NO) from None
    st = game.state
    write_json(
        {
            "file": str(path),
            "matches": True,
            "variant": record.variant,
            "seed": record.seed,
            "actions": len(record.actions),
            "hand": st.hand_number,
            "phase": st.phase,
            "scores": list(st.scores),
        },
        json_path,
    )
    if not to_stdout(json_path):
        click.echo(
            ngettext(
                "Replayed %(count)s action of %(variant)s (seed %(seed)s): hand %(hand)s, phase"
                " %(phase)s, scores %(scores)s",
                "Replayed %(count)s actions of %(variant)s (seed %(seed)s): hand %(hand)s, phase"
                " %(phase)s, scores %(scores)s",
                len(record.actions),
                variant=record.variant,
                seed=record.seed,
                hand=st.hand_number,
                phase=st.phase,
                scores=st.scores,
            )
        )


def _options(cls: type[Ruleset] | type[HouseRule]) -> list[dict[str, Any]]:
    return [
        {
            "name": field,
            # As the option is written (``card_values={"two": 25}``), not a Python repr.
            "default": to_jsonable_python(info.get_default(call_default_factory=True)),
            "description": plugin_text(cls, info.description or ""),
        }
        for field, info in cls.Options.model_fields.items()
    ]


@cli.command(name="rulesets", help=N_("List the installed rulesets with their options."))
@json_option(N_("Also write the list as JSON to PATH ('-' for stdout, instead of the text)."))
def rulesets_command(json_path: Path | None) -> None:
    """``rummy rulesets``: the installed rulesets."""
    listed: list[dict[str, Any]] = []
    for name, cls in rulesets().items():
        hooks = build_hooks(Variant(name))
        listed.append(
            {
                "name": name,
                "title": ruleset_title(cls),
                "summary": plugin_text(cls, cls.summary),
                "aliases": list(cls.aliases),
                "players": [cls.Options.min_players, cls.Options.max_players],
                "options": _options(cls),
                "hooks": hooks.implementers().get(cls.name, []),
            }
        )
    write_json(listed, json_path)
    if to_stdout(json_path):
        return
    for entry in listed:
        click.echo(f"{entry['name']}: {entry['summary']}")
        if entry["aliases"]:
            click.echo(_("  aliases: %(aliases)s", aliases=", ".join(entry["aliases"])))
        _echo_options_and_hooks(entry)


def _written(value: Any) -> str:
    """An option's value as one writes it after ``=``: a word as itself, the rest as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _echo_options_and_hooks(entry: dict[str, Any]) -> None:
    for option in entry["options"]:
        click.echo(
            _(
                "  option %(name)s = %(default)s: %(description)s",
                name=option["name"],
                default=_written(option["default"]),
                description=option["description"],
            )
        )
    click.echo(_("  hooks: %(hooks)s", hooks=", ".join(entry["hooks"])))


@cli.command(
    name="house-rules",
    help=N_("List the installed house rules, what they apply to and their options."),
)
@json_option(N_("Also write the list as JSON to PATH ('-' for stdout, instead of the text)."))
def house_rules_command(json_path: Path | None) -> None:
    """``rummy house-rules``: the installed house rules."""
    listed: list[dict[str, Any]] = []
    for name, cls in house_rules().items():
        hooks = [h for h in hook_names() if hasattr(cls, h)]
        entry: dict[str, Any] = {
            "name": name,
            "summary": plugin_text(cls, cls.summary),
            "applies_to": list(cls.applies_to),
            "conflicts_with": list(cls.conflicts_with),
            "options": _options(cls),
            "hooks": hooks,
        }
        if "rummy_register_actions" in hooks:
            # The registrar needs an instance: set the rule up on a ruleset it applies to.
            ruleset = cls.applies_to[0] if cls.applies_to else "classic"
            try:
                entry["actions"] = list(
                    build_hooks(Variant(ruleset, {}, ((name, {}),))).action_kinds
                )
            except RuleError as exc:
                entry["actions_problem"] = exc.message
        listed.append(entry)
    write_json(listed, json_path)
    if to_stdout(json_path):
        return
    if not listed:
        click.echo(_("No house rules are installed."))
    for entry in listed:
        applies = ", ".join(entry["applies_to"]) or _("any ruleset")
        click.echo(
            _(
                "%(name)s: %(summary)s (for %(rulesets)s)",
                name=entry["name"],
                summary=entry["summary"],
                rulesets=applies,
            )
        )
        if entry["conflicts_with"]:
            click.echo(_("  conflicts with: %(rules)s", rules=", ".join(entry["conflicts_with"])))
        _echo_options_and_hooks(entry)
        if "actions" in entry:
            click.echo(_("  actions: %(actions)s", actions=", ".join(entry["actions"])))
        if "actions_problem" in entry:
            click.echo(
                _("  actions: cannot be listed: %(problem)s", problem=entry["actions_problem"])
            )


@cli.command(
    help=N_(
        "Write the JSON schemas of positions, actions (with the installed plugins' own), events,"
        " views, scenarios, records and refusals."
    )
)
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("schemas"),
    show_default=True,
    help=N_("Folder to write the schemas to."),
)
def schema(out: Path) -> None:
    """``rummy schema``: the JSON schemas, written to files."""
    out.mkdir(parents=True, exist_ok=True)
    for name, body in all_schemas().items():
        target = out / f"{name}.schema.json"
        target.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")
        click.echo(_("wrote %(path)s", path=target))


@cli.group(
    invoke_without_command=True,
    help=N_("Run the game server: tables that people (and bots) play from any device's browser."),
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=N_("Address to listen on; 0.0.0.0 lets phones and tablets on the same network join."),
)
@click.option("--port", type=int, default=8000, show_default=True, help=N_("Port to listen on."))
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help=N_(
        "SQLAlchemy database URL (default: SQLite, server.sqlite3 in %(home)s, or in RUMMY_HOME),"
        " e.g. postgresql+psycopg://user@host/rummy."
    ),
)
@click.option(
    "--rate-limit",
    type=Amount(0.1, 100_000),
    default=Limits.rate,
    show_default=True,
    help=N_("Messages a second each connection may send (a burst of twice that is let through)."),
)
@click.option(
    "--max-tables",
    type=click.IntRange(min=1),
    default=Limits.max_tables,
    show_default=True,
    help=N_("Tables the server keeps at once; a new one past it is refused."),
)
@click.option(
    "--tables-per-address",
    type=click.IntRange(min=1),
    default=Limits.tables_per_address,
    show_default=True,
    help=N_("Tables made from one network address the server keeps at once."),
)
@click.option(
    "--idle-minutes",
    type=Amount(0.1, 1440),
    default=Limits.idle_seconds / 60,
    show_default=True,
    help=N_(
        "Minutes a table nobody uses stays in memory; it stays in the database and comes back"
        " when someone opens it."
    ),
)
@click.option(
    "--bot-moves",
    type=click.IntRange(1, 1_000_000),
    default=Limits.bot_table_moves,
    show_default=True,
    help=N_(
        "Changes (moves and deals) a table of bots alone makes, watched, before it pauses until"
        " its host lets it play on."
    ),
)
@click.option(
    "--keep-bot-tables",
    type=Amount(0.001, 8760),
    default=Limits.bot_table_kept / 3600,
    show_default=True,
    metavar="HOURS",
    help=N_("Hours a table of bots alone is kept once nobody watches it; then it is deleted."),
)
@click.option(
    "--keep-finished",
    type=Amount(0.001, 8760),
    default=Limits.finished_kept / 3600,
    show_default=True,
    metavar="HOURS",
    help=N_("Hours a table whose match is over is kept after its last change."),
)
@click.option(
    "--keep-others",
    type=Amount(0.001, 3650),
    default=Limits.abandoned_kept / 86400,
    show_default=True,
    metavar="DAYS",
    help=N_("Days any other table is kept once nothing happens at it and nobody is connected."),
)
@click.option(
    "--public-url",
    default=None,
    metavar="URL",
    help=N_(
        "Where people reach the server, such as https://cards.example.org/: seat links start"
        " with it, and the server answers to its name (by default, only to an address)."
    ),
)
@click.option(
    "--allow-origin",
    "allowed_origins",
    multiple=True,
    metavar="URL",
    help=N_("Another site whose pages may use the server, such as http://192.168.1.5:8000."),
)
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    db_url: str | None,
    rate_limit: float,
    max_tables: int,
    tables_per_address: int,
    idle_minutes: float,
    bot_moves: int,
    keep_bot_tables: float,
    keep_finished: float,
    keep_others: float,
    public_url: str | None,
    allowed_origins: tuple[str, ...],
) -> None:
    """``rummy serve``: the game server (``rummy serve export``: a table as a game record)."""
    ctx.obj = db_url
    if ctx.invoked_subcommand is not None:
        return
    # The server's libraries load only for its commands, and are an extra.
    require_extra("server")
    from rummy_core.server.run import serve as run_server

    limits = Limits(
        rate=rate_limit,
        burst=max(1, round(2 * rate_limit)),
        max_tables=max_tables,
        tables_per_address=tables_per_address,
        idle_seconds=idle_minutes * 60,
        bot_table_moves=bot_moves,
        bot_table_kept=keep_bot_tables * 3600,
        finished_kept=keep_finished * 3600,
        abandoned_kept=keep_others * 86400,
    )
    run_server(
        host,
        port,
        db_url,
        limits=limits,
        public_url=public_url,
        allowed_origins=allowed_origins,
        say=click.echo,
    )


@serve.command(
    name="export",
    help=N_(
        "Write a table of the server's database as a game record, for rummy replay (it holds"
        " every card: keep it to yourself until the game is over)."
    ),
)
@click.argument("table")
@click.option(
    "--out",
    "out",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help=N_("Where to write the record (default: game-TABLE.json here)."),
)
@click.pass_obj
def serve_export(db_url: str | None, table: str, out: Path | None) -> None:
    """``rummy serve export``: a server table as a game record that ``rummy replay`` opens."""
    require_extra("server")
    from rummy_core.server.export import table_record
    from rummy_core.server.store import Store, default_url

    store = Store(db_url or default_url())
    try:
        record = table_record(store, table)
    finally:
        store.close()
    path = out or Path(f"game-{table}.json")
    save_record(record, path)
    click.echo(_("wrote %(path)s", path=path))


cli.add_command(check)
cli.add_command(compare)
cli.add_command(duel_command)
cli.add_command(new_house_rule)


def _show_usage_error(exc: click.ClickException) -> None:
    """What ``exc.show()`` writes, with the frame in the chosen language (click's own texts are
    English: the message of an unknown option stays so, but not the lines around it)."""
    ctx = exc.ctx if isinstance(exc, click.UsageError) else None
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = _(
                "Try '%(command)s %(option)s' for help.",
                command=ctx.command_path,
                option=ctx.help_option_names[0],
            )
        click.echo(f"{ctx.get_usage()}\n{hint}\n", err=True)
    click.echo(_("Error: %(message)s", message=exc.format_message()), err=True)


def main(argv: list[str] | None = None) -> None:
    """Entry point: a refusal is one clear line and exit code 2; a crash is a short message, a
    crash report and exit code 70; never a bare traceback."""
    set_language(language_from_environment(os.environ))
    try:
        code = cli.main(args=argv, prog_name="rummy", standalone_mode=False)
    except RuleError as exc:
        click.echo(_("error [%(code)s]: %(message)s", code=exc.code, message=exc.message), err=True)
        sys.exit(REFUSED)
    except click.exceptions.Abort:
        click.echo(_("Stopped."), err=True)
        sys.exit(STOPPED)
    except click.ClickException as exc:
        _show_usage_error(exc)
        sys.exit(exc.exit_code)
    except Exception as exc:
        report = write_crash_report(exc, ["rummy", *(sys.argv[1:] if argv is None else argv)])
        click.echo(crash_message(exc, report), err=True)
        sys.exit(CRASH)
    sys.exit(code if isinstance(code, int) else SUCCESS)
