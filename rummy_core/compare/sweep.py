"""Sweeps: one variant argument that names several values of an option, one column per value.

``hungarian:opening=30..60/10`` is a range (both ends included, a step of 1 unless given) and
``hungarian:opening=30|40|51`` a list. Neither ``..`` nor ``|`` can appear in the variant
grammar (``ruleset[:opt=v,...][+house-rule[:opt=v]]``: ``+``, ``:``, ``,`` and ``=`` separate
its parts), so a sweep is never mistaken for a value. Each value gives its own variant, written
as the argument with the value in place of the sweep; the option's check happens later, per
variant, as for any other (``bad_options``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rummy_core.engine.errors import RuleError
from rummy_core.i18n.languages import N_plural

MAX_VALUES = 20
"""Values one sweep may give at most: each is a column, and every two of them are tested."""

TREND_VALUES = 3
"""Numeric values a sweep needs for a trend test; two values are the pairwise test already."""

_VALUE = re.compile(r"(?P<key>[^:,+=]*)=(?P<value>[^,+]*)")
_RANGE = re.compile(r"(?P<start>-?\d+)\.\.(?P<end>-?\d+)(?:/(?P<step>\d+))?")


@dataclass(frozen=True)
class Sweep:
    """An argument that became several variants: ``variants[start:start + len(values)]``."""

    text: str
    """The argument as written, ``hungarian:opening=30..60/10``."""
    option: str
    """The swept option, ``opening``."""
    values: tuple[str, ...]
    """Its values as written, one per variant, in order."""
    start: int
    """Where its first variant stands in the study's variants."""

    @property
    def stop(self) -> int:
        """Just past its last variant in the study's variants."""
        return self.start + len(self.values)

    @property
    def numbers(self) -> tuple[int, ...] | None:
        """The values as whole numbers, or None when one is not a number (``ace=flat|low-high``)."""
        try:
            return tuple(int(v) for v in self.values)
        except ValueError:
            return None

    @property
    def trend(self) -> bool:
        """Whether the sweep is tested for a trend: numbers, at least ``TREND_VALUES`` of them."""
        numbers = self.numbers
        return numbers is not None and len(numbers) >= TREND_VALUES


def expand(arguments: Sequence[str]) -> tuple[tuple[str, ...], tuple[Sweep, ...]]:
    """The study's variants, with every sweep written out, and the sweeps among them.

    ``bad_sweep`` refuses a range or list that cannot be read, before anything is played.
    """
    variants: list[str] = []
    sweeps: list[Sweep] = []
    for text in arguments:
        found = [m for m in _VALUE.finditer(text) if _swept(m["value"])]
        if not found:
            variants.append(text)
            continue
        if len(found) > 1:
            raise RuleError(
                "bad_sweep",
                "%(text)s sweeps both %(first)s and %(second)s: sweep one option per variant,"
                " and give another variant for the other.",
                text=text,
                first=found[0]["key"].strip(),
                second=found[1]["key"].strip(),
            )
        match = found[0]
        values = _values(match["value"].strip(), text)
        before, after = text[: match.start("value")], text[match.end("value") :]
        sweeps.append(Sweep(text, match["key"].strip(), values, len(variants)))
        variants += [before + value + after for value in values]
    return tuple(variants), tuple(sweeps)


def _swept(value: str) -> bool:
    return ".." in value or "|" in value


def _values(value: str, text: str) -> tuple[str, ...]:
    if "|" in value:
        return _listed(value, text)
    found = _RANGE.fullmatch(value)
    if found is None:
        raise RuleError(
            "bad_sweep",
            "In %(text)s, %(value)s is not a range: write whole numbers as start..end or"
            " start..end/step, like 30..60/10.",
            text=text,
            value=value,
        )
    start, end = int(found["start"]), int(found["end"])
    step = int(found["step"] or 1)
    if step == 0:
        raise RuleError("bad_sweep", "In %(text)s, a range's step must be 1 or more.", text=text)
    if start > end:
        raise RuleError(
            "bad_sweep",
            "In %(text)s, the range %(value)s runs downwards: write the smaller value first,"
            " %(fixed)s.",
            text=text,
            value=value,
            fixed=f"{end}..{start}" + (f"/{step}" if found["step"] else ""),
        )
    if start == end:
        raise RuleError(
            "bad_sweep",
            "In %(text)s, the range %(value)s holds one value: a sweep needs two or more.",
            text=text,
            value=value,
        )
    if (end - start) % step:
        below = end - (end - start) % step
        raise RuleError(
            "bad_sweep",
            "In %(text)s, steps of %(step)s from %(start)s miss %(end)s: end the range at"
            " %(below)s or %(above)s, or take a step that divides %(span)s.",
            text=text,
            step=step,
            start=start,
            end=end,
            below=below,
            above=below + step,
            span=end - start,
        )
    return _checked(tuple(str(v) for v in range(start, end + 1, step)), text, value)


def _listed(value: str, text: str) -> tuple[str, ...]:
    items = tuple(item.strip() for item in value.split("|"))
    if not all(items):
        raise RuleError(
            "bad_sweep",
            "In %(text)s, the list %(value)s has an empty value: write values between the"
            " bars, like 30|40|51.",
            text=text,
            value=value,
        )
    for item in items:
        if ".." in item:
            raise RuleError(
                "bad_sweep",
                "In %(text)s, %(value)s mixes a list and a range: give either a list (30|40|51)"
                " or a range (30..60/10).",
                text=text,
                value=value,
            )
    seen: set[str] = set()
    for item in items:
        if item in seen:
            raise RuleError(
                "bad_sweep",
                "In %(text)s, the list %(value)s names %(item)s twice.",
                text=text,
                value=value,
                item=item,
            )
        seen.add(item)
    return _checked(items, text, value)


def _checked(values: tuple[str, ...], text: str, value: str) -> tuple[str, ...]:
    if len(values) > MAX_VALUES:
        raise RuleError(
            "bad_sweep",
            N_plural(
                "In %(text)s, %(value)s gives %(count)s value; a sweep gives %(most)s at most:"
                " take a larger step.",
                "In %(text)s, %(value)s gives %(count)s values; a sweep gives %(most)s at most:"
                " take a larger step.",
            ),
            text=text,
            value=value,
            count=len(values),
            most=MAX_VALUES,
        )
    return values
