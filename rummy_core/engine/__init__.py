"""The engine: the rules of rummy as hooks, and the turn engine that asks them.

Everything else in ``rummy_core`` (the match service, the bots, the front ends) and every
ruleset and house rule uses the engine through these modules, its public API:

- ``rummy_core.engine.setup``: ``new_game``, ``game_from_position``, ``Variant``, ``build_hooks``;
- ``rummy_core.engine.game``: ``Game``, a match of one ruleset driven action by action;
- ``rummy_core.engine.actions``: the actions, small frozen values holding card codes;
- ``rummy_core.engine.events``: what the engine says happened, and ``seen_by`` (a seat's part);
- ``rummy_core.engine.view``: ``player_view``, what one seat may see (``PlayerView``);
- ``rummy_core.engine.errors``: ``RuleError`` and the other errors, each with a stable code;
- ``rummy_core.engine.plugin``: ``Ruleset``, ``HouseRule`` and ``hookimpl``, to write rules;
- ``rummy_core.engine.hookspecs``: every hook, with its contract (``docs/hooks.md``);
- ``rummy_core.engine.state``, ``cards``, ``melds``, ``meldrules``, ``piles``, ``options``,
  ``scorelines``: the values rules work with.

The rest (``hooks``, ``hookcall``, ``defaults``, ``game``'s helpers, ``moves``, the action
registry) is the engine's own machinery. The package imports nothing itself, so that a module of
it can be imported alone.
"""
