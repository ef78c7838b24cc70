"""The full-screen terminal game (``rummy play``), built on Textual.

``rummy_core.tui.app.RummyApp`` is the app; ``rummy_core.tui.session.Session`` the game it plays
(the match, the seats, the bots, the save file), usable without a screen. Importing this package
does not load Textual: the app module does.
"""
