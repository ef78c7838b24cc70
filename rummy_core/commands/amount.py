"""A number option within bounds that must be a number at all.

click's ``FloatRange`` lets ``nan`` through (every comparison with it is false):
``rummy serve --idle-minutes nan`` started a server that never let a table leave memory, and
``--rate-limit nan`` one that failed at its start.
"""

from __future__ import annotations

import math
from typing import Any

import click

from rummy_core.i18n.languages import _


class Amount(click.FloatRange):
    """A number from ``min`` to ``max`` (both included, as ``FloatRange`` takes them), and not
    ``nan``."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(_("%(value)s is not a number.", value=value), param, ctx)
        return number
