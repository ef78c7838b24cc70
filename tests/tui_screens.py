"""Screens of the full-screen game as plain text, and committed snapshots to compare them with.

A snapshot is the screen's characters, line by line (colours left out, so a palette change does
not fail the suite but a moved box does). ``RUMMY_UPDATE_SNAPSHOTS=1 pytest
tests/test_tui_snapshots.py`` writes them anew; look at the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

SNAPSHOTS = Path(__file__).parent / "snapshots"

SETTLE_SECONDS = 5.0
"""How long a screen may take to be drawn whole: on a busy machine a footer can come a few
frames after the table (the pilot's pause waits for the messages, not for every refresh)."""


def screen_text(app: App[None]) -> str:
    """What the terminal shows now, a line a row, trailing spaces kept."""
    # Textual's public screenshot is SVG; the compositor's strips are the same cells as text.
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips) + "\n"


async def check_snapshot(app: App[None], pilot: Pilot[None], name: str) -> None:
    """Fail unless the screen comes to match the committed snapshot ``name`` within
    ``SETTLE_SECONDS`` (written, at once, when updating)."""
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("RUMMY_UPDATE_SNAPSHOTS") == "1" or not path.exists():
        if os.environ.get("RUMMY_UPDATE_SNAPSHOTS") != "1":
            raise AssertionError(f"no snapshot {path.name}; run with RUMMY_UPDATE_SNAPSHOTS=1")
        path.write_text(screen_text(app), encoding="utf-8")
        return
    expected = path.read_text(encoding="utf-8")
    shown = screen_text(app)
    for _ in range(int(SETTLE_SECONDS / 0.1)):
        if shown == expected:
            return
        await pilot.pause(0.1)
        shown = screen_text(app)
    assert shown == expected, f"the screen differs from {path.name}:\n{shown}"
