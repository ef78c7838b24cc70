"""The game server."""
