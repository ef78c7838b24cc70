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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import click

from rummy_core import __version__
from rummy_core.bots import Bot, make_bot
from rummy_core.bots.expert import ExpertBot
from rummy_core.clicklang import LangCommand
from rummy_core.compare.stats import wilson
from rummy_core.errors import RuleError
from rummy_core.hooks import Hooks
from rummy_core.i18n import N_, _, ngettext
from rummy_core.jsonout import json_option, to_stdout, write_json
from rummy_core.setup import Variant, build_hooks, new_game
from rummy_core.simulate import play_match

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


def play_deal(a: str, b: str, variant: str, seed: int) -> list[tuple[float, int]]:
    """Play the deal ``seed`` twice, A in seat 0 then in seat 1: A's score (1, 0.5, 0) and the
    hands played, per game."""
    hooks = _hooks(variant)
    results = []
    for a_seat in (0, 1):
        bots = [bot_from_spec(a, 2 * seed), bot_from_spec(b, 2 * seed + 1)]
        if a_seat:
            bots.reverse()
        game = new_game(hooks=hooks, seed=seed)
        play_match(game, bots, MAX_HANDS)
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
    deals = [seed * 100_003 + i for i in range(math.ceil(games / 2))]
    header = {"a": a, "b": b, "variant": variant, "seed": seed, "version": __version__}
    done, seconds = _recorded(record, header) if record is not None else ({}, 0.0)
    start = last = time.perf_counter()
    outcomes: dict[int, Outcomes] = {d: done[d] for d in deals if d in done}
    todo = [d for d in deals if d not in done]
    if progress and outcomes:
        progress([score for pair in outcomes.values() for score, _ in pair])
    with _Recorder(record, header, fresh=not done and not seconds) as write:

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
                plays = zip(*[(a, b, variant, d) for d in todo], strict=True)
                for deal, pair in zip(todo, pool.map(play_deal, *plays), strict=True):
                    finished(deal, pair)
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


def _recorded(path: Path, header: dict[str, Any]) -> tuple[dict[int, Outcomes], float]:
    """The deals a record holds and the seconds they took; refused when the record is not
    JSON lines of this duel (another pair of bots, variant, seed or version of the program)."""
    if not path.exists():
        return {}, 0.0
    try:
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RuleError(
            "bad_duel_record",
            "%(path)s is not a duel record: %(problem)s",
            path=str(path),
            problem=str(exc),
        ) from None
    if not lines:
        return {}, 0.0
    if lines[0] != header:
        raise RuleError(
            "duel_record_mismatch",
            "%(path)s records another duel (%(theirs)s); start this one with another file.",
            path=str(path),
            theirs=", ".join(f"{k}={v}" for k, v in lines[0].items())
            if isinstance(lines[0], dict)
            else str(lines[0]),
        )
    done: dict[int, Outcomes] = {}
    seconds = 0.0
    for number, line in enumerate(lines[1:], start=2):
        try:
            deal, pair, spent = line["deal"], line["games"], line["seconds"]
            outcomes = [(float(score), int(hands)) for score, hands in pair]
            if type(deal) is not int or len(outcomes) != 2:
                raise ValueError
            if any(score not in (0.0, 0.5, 1.0) or hands < 1 for score, hands in outcomes):
                raise ValueError
            done[deal] = outcomes
            seconds += float(spent)
        except (KeyError, TypeError, ValueError):
            raise RuleError(
                "bad_duel_record",
                "%(path)s is not a duel record: %(problem)s",
                path=str(path),
                problem=f"line {number}: {json.dumps(line)[:80]}",
            ) from None
    return done, seconds


class _Recorder:
    """Writes each finished deal of a duel to its record (nothing without one), a line at a
    time and flushed, so a duel stopped at any moment keeps every deal it finished."""

    def __init__(self, path: Path | None, header: dict[str, Any], fresh: bool) -> None:
        self._path, self._header, self._fresh = path, header, fresh
        self._file: Any = None

    def __enter__(self) -> Callable[[int, Outcomes, float], None]:
        if self._path is not None:
            self._file = self._path.open("w" if self._fresh else "a")
            if self._fresh:
                self._file.write(json.dumps(self._header) + "\n")
                self._file.flush()
        return self._write

    def _write(self, deal: int, pair: Outcomes, seconds: float) -> None:
        if self._file is not None:
            line = {"deal": deal, "games": [list(game) for game in pair], "seconds": seconds}
            self._file.write(json.dumps(line) + "\n")
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
@click.argument("bot_a")
@click.argument("bot_b")
@click.option(
    "--ruleset",
    "variant",
    default="classic",
    show_default=True,
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
