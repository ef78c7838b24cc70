"""Options shared by every ruleset; each ruleset extends ``BaseOptions`` with its own."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rummy_core.i18n.languages import N_, _

OPTION_LIMITS: dict[str, int] = {
    "turn_cap": 10_000,
    "target": 10_000,
    "hands": 1_000,
    "points": 1_000,
}
"""The largest value the shipped rulesets and house rules take for each kind of option: no game
past these is one a table plays, and a bound keeps a match finite for a server (a race to a
billion points never ends). Plugins may use them for options of the same kind."""


class BaseOptions(BaseModel):
    """Options every ruleset has. Subclasses set ``min_players``/``max_players`` and add fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    players: int = Field(2, description=N_("Number of players at the table."))
    turn_cap: int = Field(
        1000,
        ge=1,
        le=OPTION_LIMITS["turn_cap"],
        description=N_("Safety cap of turns in one hand (ruling A1); the hand then ends."),
    )

    @model_validator(mode="after")
    def _players_in_range(self) -> BaseOptions:
        if not self.min_players <= self.players <= self.max_players:
            # pydantic puts this text in the refusal (bad_options), in the language of the moment.
            low, high = self.min_players, self.max_players
            raise ValueError(
                _(
                    "this ruleset is for %(low)s players, not %(players)s",
                    low=low,
                    players=self.players,
                )
                if low == high
                else _(
                    "this ruleset is for %(low)s to %(high)s players, not %(players)s",
                    low=low,
                    high=high,
                    players=self.players,
                )
            )
        return self
