"""What the engine says happened: one event per step of an action, in order.

An event is a plain dict (the hot path builds thousands per second): ``type``, usually ``seat``,
and card codes. ``rummy_core.view.public_event`` hides what a seat may not see, and
``rummy_core.models.events`` is its typed JSON form.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]
"""An event as the engine records it: ``type``, ``seat`` and card codes."""
