"""Commands whose help speaks the player's language, and the ``--lang`` option they all take.

click writes help from the strings given when a command is defined, at import, before anyone has
chosen a language; these classes translate them (msgids of the ``rummy`` domain, marked with
``N_``) each time help is shown, and write click's own headings (Usage, Options, Commands) from
the same catalog. Every command made with :class:`LangCommand` (and every command of a
:class:`LangGroup`) takes ``--lang``, which sets the language before anything is written.
"""

from __future__ import annotations

import inspect
from typing import Any

import click

from rummy_core.i18n.languages import LANGUAGES, N_, _, fill, set_language

LANG_HELP = N_("Language of messages and help: %(languages)s (default: from the environment).")

HELP_VALUES: dict[str, str] = {"languages": ", ".join(LANGUAGES), "level": "95%"}
"""Values the help texts name by placeholder (``%(bots)s``), known only when the program runs;
a module that defines a command adds its own."""


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_language(value)


def lang_option() -> click.Option:
    """The ``--lang`` option: eager, so it is applied before ``--help`` that follows it."""
    return click.Option(
        ["--lang"],
        metavar="LANG",
        expose_value=False,
        is_eager=True,
        callback=_set_lang,
        help=LANG_HELP,
    )


def _help_text(text: str | None) -> str:
    """A help msgid in the current language (first paragraph rules as click's do)."""
    if not text:
        return ""
    source = inspect.cleandoc(text)
    return fill(_(source), HELP_VALUES, source) if "%(" in source else _(source)


class LangCommand(click.Command):
    """A command with ``--lang`` whose help is translated when it is shown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.append(lang_option())

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        text = _help_text(self.help).partition("\f")[0]
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(text)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [row for p in self.get_params(ctx) if (row := _option_row(p, ctx)) is not None]
        if rows:
            with formatter.section(_("Options")):
                formatter.write_dl(rows)

    def get_short_help_str(self, limit: int = 45) -> str:
        return _short(_help_text(self.short_help or self.help), limit)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = N_("Show this message and exit.")
        return option


class LangGroup(LangCommand, click.Group):
    """A group of commands with ``--lang``, whose own commands are :class:`LangCommand` and
    whose own groups (``rummy serve``) are groups of this class."""

    command_class = LangCommand
    group_class = type

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        LangCommand.format_options(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        commands = [
            (name, cmd)
            for name in self.list_commands(ctx)
            if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden
        ]
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _cmd in commands)
            with formatter.section(_("Commands")):
                formatter.write_dl(
                    [(name, cmd.get_short_help_str(limit)) for name, cmd in commands]
                )


def _short(text: str, limit: int) -> str:
    """The first sentence of ``text``, cut at a word with an ellipsis when it is too long."""
    first = text.split("\n\n", 1)[0].replace("\n", " ")
    sentence = first.split(". ", 1)[0].rstrip(".")
    if len(sentence) <= limit:
        return sentence
    return sentence[: limit - 3].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def _option_row(param: click.Parameter, ctx: click.Context) -> tuple[str, str] | None:
    """An option's line of help, its text and its default in the current language."""
    if not isinstance(param, click.Option) or param.hidden:
        return None
    text = _help_text(param.help)
    extra = param.get_help_extra(ctx)
    notes = []
    if "default" in extra:
        notes.append(_("default: %(default)s", default=extra["default"]))
    if "range" in extra:
        notes.append(extra["range"])
    if "required" in extra:
        notes.append(_("required"))
    if notes:
        text = f"{text}  [{'; '.join(notes)}]" if text else f"[{'; '.join(notes)}]"
    return param.get_help_spec(ctx) or "", text
