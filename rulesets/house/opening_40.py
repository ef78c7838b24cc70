"""``opening-40``: Hungarian Römi with a 40-point opening (or any value, as an option).

Ruling H5 sets the opening at 51 points. Many Hungarian families open with 40. The ruleset has an
``opening`` option for this; the house rule is the same change packaged as a plugin, and shows
the simplest override there is: a ``tryfirst`` decision that answers before the ruleset.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rummy_core.engine.options import OPTION_LIMITS
from rummy_core.engine.plugin import HouseRule, hookimpl
from rummy_core.i18n.languages import N_

from .. import DOMAIN


class OpeningOptions(BaseModel):
    """Options of ``opening-40``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    points: int = Field(
        40,
        ge=0,
        le=OPTION_LIMITS["points"],
        description=N_("Points the opening lay-down must reach (H5)."),
    )


class Opening40(HouseRule):
    """The opening lay-down needs 40 points instead of 51."""

    name = "opening-40"
    summary = N_("Hungarian: open with 40 points instead of 51 (any value as an option).")
    domain = DOMAIN
    applies_to = ("hungarian",)
    sets_options = ("opening",)
    Options = OpeningOptions
    options: OpeningOptions

    @hookimpl(tryfirst=True)
    def rummy_opening_minimum(self) -> int:
        return self.options.points
