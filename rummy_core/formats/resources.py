"""The files the program reads at run time, found with ``importlib.resources``.

Nothing here looks at the checkout: a wheel, an editable install and a zipped install read the
same files. A plugin package ships its own in the same places, beside its top-level package:

- ``guides/<ruleset>.md``: the players' guide of a ruleset (the in-game rules help), and
  ``guides/<lang>/<ruleset>.md`` the same guide in another language (``guides/is/riverside.md``);
- ``scenarios/**/*.json``: scenario files, run by ``rummy check --builtin`` or ``rummy check NAME``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from importlib.util import find_spec

from rummy_core.engine.registry import house_rules, rulesets


def styles() -> str:
    """The stylesheet of the full-screen game."""
    return files("rummy_core.tui").joinpath("styles.tcss").read_text(encoding="utf-8")


def _home(cls: type) -> Traversable | None:
    """The top-level package a plugin class comes from, where its data files live.

    None for a plugin that is a single module: it has no folder of its own to ship files in (and
    the folder around it is site-packages, shared by everything installed).
    """
    top = cls.__module__.partition(".")[0]
    spec = find_spec(top)
    if spec is None or spec.submodule_search_locations is None:
        return None
    return files(top)


def guide(cls: type, name: str, lang: str = "en") -> str | None:
    """The players' guide ``guides/<name>.md`` shipped beside the plugin ``cls``, or None.

    In a language other than English, the translated page ``guides/<lang>/<name>.md`` when the
    plugin ships one, else the English page: a rules page is long, and only some are translated.
    """
    home = _home(cls)
    if home is None:
        return None
    folder = home.joinpath("guides")
    for page in (folder.joinpath(lang, f"{name}.md"), folder.joinpath(f"{name}.md")):
        if page.is_file():
            return page.read_text(encoding="utf-8")
    return None


@dataclass(frozen=True)
class ShippedFile:
    """A data file that an installed package ships: where it comes from, and its text."""

    label: str
    """``package:path/inside/it``, what reports show instead of a file name."""
    text: str


def shipped_scenarios() -> list[ShippedFile]:
    """Every scenario file shipped by the packages of the installed rulesets and house rules."""
    homes = {
        cls.__module__.partition(".")[0]: _home(cls)
        for cls in (*rulesets().values(), *house_rules().values())
    }
    found: list[ShippedFile] = []
    for package, home in sorted(homes.items()):
        folder = home.joinpath("scenarios") if home is not None else None
        if folder is not None and folder.is_dir():
            found += [
                ShippedFile(f"{package}:scenarios/{path}", item.read_text(encoding="utf-8"))
                for path, item in _json_files(folder, "")
            ]
    return found


def _json_files(folder: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            yield from _json_files(item, f"{prefix}{item.name}/")
        elif item.name.endswith(".json"):
            yield f"{prefix}{item.name}", item
