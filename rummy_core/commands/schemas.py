"""The JSON schemas of every file and message, with the actions that installed plugins add.

Each schema names itself (``$id``) and the JSON Schema dialect it is written in (``$schema``), so
a validator or an editor can use it as it is.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import Field, TypeAdapter

from rummy_core import __version__
from rummy_core.engine.action_registry import ActionKinds
from rummy_core.engine.errors import RuleError
from rummy_core.engine.registry import house_rules, rulesets
from rummy_core.engine.setup import Variant, build_hooks
from rummy_core.formats.actions import ActionModel
from rummy_core.formats.events import event_union
from rummy_core.formats.position import Position
from rummy_core.formats.record import GameRecord
from rummy_core.formats.refusal import Refusal
from rummy_core.formats.scenario import Scenario
from rummy_core.formats.view import SeatView
from rummy_core.server.protocol import wire_schemas

DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""The dialect pydantic writes."""


def schema_id(name: str) -> str:
    """The ``$id`` of a schema: a URN with the version of the program that wrote it."""
    return f"urn:rummy:{__version__}:{name}.schema.json"


def plugin_kinds() -> list[ActionKinds]:
    """The action kinds of every installed ruleset and house rule that adds actions (Hungarian
    Römi's cut, the knock)."""
    found = []
    for name, ruleset_cls in rulesets().items():
        if hasattr(ruleset_cls, "rummy_register_actions"):
            found.append(build_hooks(Variant(name)).action_kinds)
    for name, cls in house_rules().items():
        if not hasattr(cls, "rummy_register_actions"):
            continue
        # The registrar needs an instance: set the rule up on a ruleset it applies to.
        ruleset = cls.applies_to[0] if cls.applies_to else "classic"
        try:
            found.append(build_hooks(Variant(ruleset, {}, ((name, {}),))).action_kinds)
        except RuleError:
            continue
    return found


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema by name: positions, actions, events, views, scenarios, records, refusals,
    and the game server's messages."""
    kinds = plugin_kinds()
    extra = tuple(action.model for found in kinds for action in found.values())
    events = event_union([event for found in kinds for event in found.event_kinds()])
    actions: Any = ActionModel
    if extra:
        built_in = ActionModel.__origin__  # type: ignore[attr-defined]
        actions = Annotated[Union[built_in, *extra], Field(discriminator="type")]
    bodies = {
        "position": Position.model_json_schema(),
        "action": TypeAdapter(actions).json_schema(),
        "event": TypeAdapter(events).json_schema(),
        "view": SeatView.model_json_schema(),
        "scenario": Scenario.model_json_schema(),
        "record": GameRecord.model_json_schema(),
        "refusal": Refusal.model_json_schema(),
        **wire_schemas(events),
    }
    return {
        name: {"$schema": DIALECT, "$id": schema_id(name), **body} for name, body in bodies.items()
    }
