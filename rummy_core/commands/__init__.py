"""The ``rummy`` command (``cli``) and its subcommands that have no package of their own:
``check`` (scenarios), ``duel``, ``new_rule``, with the conventions they share (``clicklang``,
``jsonout``, ``crash``)."""
