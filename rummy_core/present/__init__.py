"""What the player is shown, whatever shows it: the terminal game (``rummy_core.tui``), the
plain text game (``rummy_core.tui.plain``) and the browser's server (``rummy_core.server``).

Nothing here draws: these modules turn the engine's answers into words, labels and choices,
and the front ends lay them out. No module here imports a front end, so the server runs
without Textual.
"""
