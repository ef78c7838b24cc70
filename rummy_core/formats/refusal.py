"""A refusal as JSON: what a front end receives when an action, a file or a name is refused."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class ViolationModel(BaseModel):
    """One broken rule."""

    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)


class Refusal(ViolationModel):
    """A refused action (nothing changed): the first broken rule, and all of them."""

    violations: list[ViolationModel] = Field(default_factory=list)
