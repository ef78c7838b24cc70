"""What crosses a border as JSON or a file: the pydantic models of actions, events, positions,
views and refusals, game records and scenario files, and where the player's files are kept
(``rummy schema`` writes their schemas: ``rummy_core.commands.schemas``)."""
