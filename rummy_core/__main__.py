"""``python -m rummy_core``: the ``rummy`` command."""

from rummy_core.commands.cli import main

main()
