"""``python -m rummy_core``: the ``rummy`` command."""

from rummy_core.cli import main

main()
