"""The exit statuses of every ``rummy`` command: one story, told by ``rummy -h`` and docs/cli.md.

A script can tell "the answer is no" (1) from "the question was wrong" (2) and from the rest.
"""

from __future__ import annotations

from typing import Final

SUCCESS: Final = 0
ANSWER_NO: Final = 1
"""A scenario failed (or passed without the rule asked to be left out), a replay ended elsewhere."""
REFUSED: Final = 2
"""A usage error or a refusal: an unknown command or option, a bad setting, an unreadable file."""
CRASH: Final = 70
"""An error nobody expected; a crash report was written (``sysexits.h``'s EX_SOFTWARE)."""
STOPPED: Final = 130
"""Stopped by the user (Ctrl-C: 128 + SIGINT, as shells report it); what was done is kept."""
