"""Duels: how often one bot beats another, on the same deals from both seats.

Each deal (a match seed) is played twice, bot A in seat 0 then in seat 1, so neither bot is
favoured by its cards or its seat. A game is a whole match of the variant as given (use
``classic:target=null`` for single hands); A wins it when A is among the match's winners and B is
not, a shared win or a match with no result counts half. The win rate comes with a 95% Wilson
interval over the games; the two games of a deal tend to go opposite ways (the same cards change
hands), so this interval is, if anything, wider than the truth.

``rummy duel A B --ruleset X --games N [--seed S] [--jobs J]`` runs one from the command line; a
bot may carry options (``expert:playouts=16,seconds=0.5``). With ``--record PATH`` each deal's
two games are written to a file as they finish, and a duel started again with the same record
goes on from there: the deals are fixed by the seed, so a duel of hours can be played in parts.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import click

from rummy_core import __version__
from rummy_core.bots import Bot, make_bot
from rummy_core.bots.expert import ExpertBot
from rummy_core.commands.clicklang import LangCommand
from rummy_core.commands.completion import complete_bot, complete_variant
from rummy_core.commands.jsonout import json_option, to_stdout, write_json
from rummy_core.compare.stats import wilson
from rummy_core.engine.errors import RuleError
from rummy_core.engine.game import Game
from rummy_core.engine.hooks import Hooks
from rummy_core.engine.setup import Variant, build_hooks, new_game
from rummy_core.i18n.languages import N_, _, ngettext
from rummy_core.match import Match

MAX_HANDS = 200
"""Hands after which a match that has not ended counts as a tie."""


@dataclass(frozen=True)
class DuelResult:
    """The outcome of a duel, from bot A's side."""

    a: str
    b: str
    variant: str
    games: int
    wins: int
    losses: int
    ties: int
    hands: int
    seconds: float

    @property
    def win_rate(self) -> float:
        """A's share of the games, a tie counting half."""
        return (self.wins + self.ties / 2) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of A's win rate."""
        return wilson(self.wins + self.ties / 2, self.games)

    def summary(self) -> str:
        """The result in two lines of text."""
        low, high = self.interval()
        deals = self.games // 2
        # Each count is a whole phrase with its own plural; the lines list them.
        first = _(
            "%(a)s vs %(b)s, %(variant)s: %(games)s (%(deals)s), %(hands)s, %(seconds)s s",
            a=self.a,
            b=self.b,
            variant=self.variant,
            games=ngettext("%(count)s game", "%(count)s games", self.games),
            deals=ngettext(
                "%(count)s deal, played from both seats",
                "%(count)s deals, each played from both seats",
                deals,
            ),
            hands=ngettext("%(count)s hand", "%(count)s hands", self.hands),
            seconds=f"{self.seconds:.0f}",
        )
        second = _(
            "%(a)s won %(wins)s, lost %(losses)s, tied %(ties)s: win rate %(rate)s (95%% CI"
            " %(low)s to %(high)s)",
            a=self.a,
            wins=self.wins,
            losses=self.losses,
            ties=self.ties,
            rate=f"{self.win_rate:.1%}",
            low=f"{low:.1%}",
            high=f"{high:.1%}",
        )
        return f"{first}\n{second}"

    def as_json(self) -> dict[str, Any]:
        """The result as JSON-ready data, with the rate and its interval."""
        low, high = self.interval()
        return {**asdict(self), "win_rate": self.win_rate, "ci95": [low, high]}


def bot_from_spec(spec: str, seed: int) -> Bot:
    """A bot from ``name`` or ``name:option=value,...`` (options go to the bot's constructor)."""
    name, _, rest = spec.partition(":")
    if not rest:
        return make_bot(name, seed)
    options = Variant.parse(f"{name}:{rest}").options
    factories: dict[str, Callable[..., Bot]] = _configurable()
    factory = factories.get(name)
    if factory is None:
        raise RuleError(
            "bad_bot_options",
            "The %(bot)r bot takes no options; bots with options: %(bots)s.",
            bot=name,
            bots=", ".join(factories),
        )
    try:
        return factory(seed, **{k: _number(v) for k, v in options.items()})
    except TypeError as exc:
        raise RuleError(
            "bad_bot_options", "Options for %(bot)s: %(problem)s.", bot=name, problem=str(exc)
        ) from None


def _configurable() -> dict[str, Callable[..., Bot]]:
    return {"expert": ExpertBot}


def _number(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


_HOOKS: dict[tuple[str, int], Hooks] = {}


def _hooks(variant: str) -> Hooks:
    # Building the rules costs as much as a short hand: once per process and variant.
    found = _HOOKS.get((variant, 2))
    if found is None:
        found = _HOOKS[(variant, 2)] = build_hooks(Variant.parse(variant), 2)
    return found


def deal_games(a: str, b: str, variant: str, seed: int) -> Iterator[tuple[int, Game, list[Bot]]]:
    """The deal ``seed``'s two games, not yet played, A in seat 0 then in seat 1: A's seat, the
    game and its bots (fresh ones for each game)."""
    hooks = _hooks(variant)
    for a_seat in (0, 1):
        bots = [bot_from_spec(a, 2 * seed), bot_from_spec(b, 2 * seed + 1)]
        if a_seat:
            bots.reverse()
        yield a_seat, new_game(hooks=hooks, seed=seed), bots


def play_deal(a: str, b: str, variant: str, seed: int) -> list[tuple[float, int]]:
    """Play the deal ``seed`` twice, A in seat 0 then in seat 1: A's score (1, 0.5, 0) and the
    hands played, per game."""
    results = []
    for a_seat, game, bots in deal_games(a, b, variant, seed):
        Match(game, bots).play_match(MAX_HANDS)
        winners = set(game.state.winners)
        a_won, b_won = a_seat in winners, 1 - a_seat in winners
        score = 1.0 if a_won and not b_won else 0.0 if b_won and not a_won else 0.5
        results.append((score, game.state.hand_number))
    return results


Outcomes = list[tuple[float, int]]
"""A's score (1, 0.5, 0) and the hands played, of each game of a deal."""


def duel(
    a: str,
    b: str,
    variant: str,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[list[float]], None] | None = None,
    record: Path | None = None,
) -> DuelResult:
    """Play ``games`` games (rounded up to whole deals of two) of ``a`` against ``b``.

    ``progress`` is told A's scores (1, 0.5 or 0) of each deal's two games as they finish (and
    first, at once, those of the deals the record already holds). ``record``: a file each
    finished deal is written to; the deals it already holds (from a duel of the same bots,
    variant and seed stopped earlier) are counted, not played again.
    """
    Variant.parse(variant)
    for spec in (a, b):
        bot_from_spec(spec, 0)
    deals = [seed * DEALS_PER_SEED + i for i in range(math.ceil(games / 2))]
    header = {"a": a, "b": b, "variant": variant, "seed": seed, "version": __version__}
    known = _recorded(record, header, seed) if record is not None else _Known()
    start = last = time.perf_counter()
    outcomes: dict[int, Outcomes] = {d: known.deals[d] for d in deals if d in known.deals}
    seconds = sum(known.seconds[d] for d in outcomes)
    todo = [d for d in deals if d not in outcomes]
    if progress and outcomes:
        progress([score for pair in outcomes.values() for score, _ in pair])
    with _Recorder(record, header, known) as write:

        def finished(deal: int, pair: Outcomes) -> None:
            nonlocal last
            now = time.perf_counter()
            write(deal, pair, now - last)
            last = now
            outcomes[deal] = pair
            if progress:
                progress([score for score, _ in pair])

        if jobs > 1 and todo:
            with ProcessPoolExecutor(jobs) as pool:
                # Recorded as each deal ends, in whatever order: a duel stopped keeps them all.
                running = {pool.submit(play_deal, a, b, variant, d): d for d in todo}
                try:
                    for future in as_completed(running):
                        finished(running[future], future.result())
                except BaseException:
                    pool.shutdown(cancel_futures=True)
                    raise
        else:
            for deal in todo:
                finished(deal, play_deal(a, b, variant, deal))
    played = [game for d in deals for game in outcomes[d]]
    scores = [score for score, _ in played]
    return DuelResult(
        a=a,
        b=b,
        variant=variant,
        games=len(played),
        wins=scores.count(1.0),
        losses=scores.count(0.0),
        ties=scores.count(0.5),
        hands=sum(hands for _, hands in played),
        seconds=seconds + time.perf_counter() - start,
    )


DEALS_PER_SEED = 100_003
"""Deal numbers of seed ``s`` run from ``s * DEALS_PER_SEED`` (one per pair of games)."""


@dataclass
class _Known:
    """What a duel's record holds: each deal's games and its seconds, and where a line cut off
    by a stop mid-write begins (the record is cut back there before it grows).

    A deal's seconds are the duel's wall time from the deal finished before it to this one, not
    the time the deal itself took: with ``--jobs`` deals overlap, and a deal that ends just after
    another shows a fraction of a second. Their sum is the duel's time, which a duel resumed
    from its record adds to its own."""

    deals: dict[int, Outcomes] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    cut_at: int | None = None
    exists: bool = False


def _recorded(path: Path, header: dict[str, Any], seed: int) -> _Known:
    """The deals a record holds; refused when the record is not JSON lines of this duel
    (another pair of bots, variant, seed or version of the program) or a line is not a deal
    of it. A last line cut off by a stop mid-write is left out, to be written over."""
    try:
        data = path.read_bytes() if path.exists() else b""
    except OSError as exc:
        raise _bad_record(path, str(exc)) from None
    known = _Known(exists=bool(data))
    lines = data.split(b"\n")
    if lines[-1]:
        # No newline at the end: the last write was cut off. (A line is written whole, then
        # its newline, so a complete last line always ends with one.)
        known.cut_at = len(data) - len(lines[-1])
    lines = [line for line in lines[:-1] if line.strip()]
    if not lines:
        return known
    try:
        first = json.loads(lines[0])
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _bad_record(path, f"line 1: {exc}") from None
    if first != header:
        raise RuleError(
            "duel_record_mismatch",
            "%(path)s records another duel (%(theirs)s); start this one with another file.",
            path=str(path),
            theirs=", ".join(f"{k}={v}" for k, v in first.items())
            if isinstance(first, dict)
            else str(first)[:80],
        )
    for number, line in enumerate(lines[1:], start=2):
        try:
            deal, outcomes, spent = _deal_line(json.loads(line), seed)
        except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, ValueError):
            shown = line[:80].decode(errors="replace")
            raise _bad_record(path, f"line {number}: {shown}") from None
        if deal in known.deals:
            raise _bad_record(path, f"line {number}: deal {deal} again")
        known.deals[deal], known.seconds[deal] = outcomes, spent
    return known


def _deal_line(line: Any, seed: int) -> tuple[int, Outcomes, float]:
    """One recorded deal: its number (one of ``seed``'s), its two games, its seconds;
    ``ValueError`` when it is not one."""
    deal, pair, spent = line["deal"], line["games"], line["seconds"]
    if type(deal) is not int or not 0 <= deal - seed * DEALS_PER_SEED < DEALS_PER_SEED:
        raise ValueError(deal)
    if type(pair) is not list or len(pair) != 2:
        raise ValueError(pair)
    outcomes = []
    for game in pair:
        score, hands = game
        if type(score) not in (int, float) or score not in (0, 0.5, 1):
            raise ValueError(score)
        if type(hands) is not int or hands < 1:
            raise ValueError(hands)
        outcomes.append((float(score), hands))
    if type(spent) not in (int, float) or not math.isfinite(spent) or spent < 0:
        raise ValueError(spent)
    return deal, outcomes, float(spent)


def _bad_record(path: Path, problem: str) -> RuleError:
    return RuleError(
        "bad_duel_record",
        "%(path)s is not a duel record: %(problem)s",
        path=str(path),
        problem=problem,
    )


class _Recorder:
    """Writes each finished deal of a duel to its record (nothing without one), a line at a
    time and flushed, so a duel stopped at any moment keeps every deal it finished."""

    def __init__(self, path: Path | None, header: dict[str, Any], known: _Known) -> None:
        self._path, self._header, self._known = path, header, known
        self._file: Any = None

    def __enter__(self) -> Callable[[int, Outcomes, float], None]:
        known = self._known
        if self._path is None:
            return self._write
        if not known.exists or known.cut_at == 0:
            self._file = self._path.open("wb")
            self._append(self._header)
        else:
            self._file = self._path.open("r+b")
            end = self._file.seek(0, 2) if known.cut_at is None else known.cut_at
            self._file.truncate(end)
            self._file.seek(end)
        return self._write

    def _write(self, deal: int, pair: Outcomes, seconds: float) -> None:
        if self._file is not None:
            self._append({"deal": deal, "games": [list(game) for game in pair], "seconds": seconds})

    def _append(self, line: dict[str, Any]) -> None:
        self._file.write(json.dumps(line).encode() + b"\n")
        self._file.flush()

    def __exit__(self, *exc: object) -> None:
        if self._file is not None:
            self._file.close()


@click.command(
    name="duel",
    cls=LangCommand,
    help=N_(
        "Two bots play the same deals from both seats: A's win rate with a %(level)s interval.\n\n"
        "Bots: the names of rummy play --bot, optionally with options, as in"
        " expert:playouts=16,seconds=0.5. A game is a whole match of the ruleset."
    ),
)
@click.argument("bot_a", shell_complete=complete_bot)
@click.argument("bot_b", shell_complete=complete_bot)
@click.option(
    "--ruleset",
    "variant",
    default="classic",
    show_default=True,
    shell_complete=complete_variant,
    help=N_("Ruleset with options and house rules (classic:target=null for single hands)."),
)
@click.option("--games", type=int, default=100, show_default=True, help=N_("Games (two per deal)."))
@click.option("--seed", type=int, default=0, show_default=True, help=N_("Seed of the deals."))
@click.option(
    "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help=N_("Worker processes.")
)
@click.option(
    "--record",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    metavar="PATH",
    help=N_(
        "Write each finished deal to PATH; run the same duel with the same PATH again to go on"
        " from where it stopped."
    ),
)
@json_option(N_("Also write the result as JSON to PATH ('-' for stdout, instead of the text)."))
def duel_command(
    bot_a: str,
    bot_b: str,
    variant: str,
    games: int,
    seed: int,
    jobs: int,
    record: Path | None,
    json_path: Path | None,
) -> None:
    """``rummy duel``: two bots on the same deals from both seats."""
    if games < 1:
        raise RuleError("bad_games", "Play at least one game.")
    total = 2 * math.ceil(games / 2)
    if not sys.stderr.isatty():
        # A log, not a bar: a long duel's partial tally survives in it.
        scores: list[float] = []

        def log(pair: list[float]) -> None:
            scores.extend(pair)
            click.echo(
                _(
                    "%(done)s/%(total)s games: %(bot)s %(score)s",
                    done=len(scores),
                    total=total,
                    bot=bot_a,
                    score=f"{sum(scores):g}",
                ),
                err=True,
            )

        result = duel(bot_a, bot_b, variant, games, seed, jobs, progress=log, record=record)
    else:
        bar: Any
        with click.progressbar(length=total, label=_("games"), file=sys.stderr) as bar:
            result = duel(
                bot_a,
                bot_b,
                variant,
                games,
                seed,
                jobs,
                progress=lambda p: bar.update(len(p)),
                record=record,
            )
    write_json(result.as_json(), json_path)
    if not to_stdout(json_path):
        click.echo(result.summary())
