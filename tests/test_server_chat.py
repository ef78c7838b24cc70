"""The chat on the wire: a seated player's line reaches everyone, tidied (no control
characters, single spaces), kept with the table for the next welcome; an empty or over-long
line, a spectator's, and a flood are refused in words."""

from __future__ import annotations

from pathlib import Path

from server_helpers import Client, create_table, of_type, running_server

from rummy_core.server.protocol import CHAT_LENGTH


def test_chat_lines_are_tidied_kept_and_limited(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'chat.sqlite3'}") as base:
        table = create_table(base, "classic", [None, "greedy"])
        table_id, token = table["table"]["id"], table["links"][0]["token"]
        ann = Client(base, table_id, token, "Ann")
        ann.wait_for(of_type("welcome"))
        watcher = Client(base, table_id, None)
        watcher.wait_for(of_type("welcome"))
        ann.send({"type": "chat", "text": "  hello\x07   there\n  "})
        line = watcher.wait_for(of_type("chat"))["line"]
        assert (line["seat"], line["name"], line["text"]) == (0, "Ann", "hello there")
        ann.send({"type": "chat", "text": "   "})
        assert ann.wait_for(of_type("refused"))["code"] == "empty_chat"
        ann.send({"type": "chat", "text": "x" * (CHAT_LENGTH + 1)})
        assert ann.wait_for(of_type("error"))["code"] == "bad_message"
        watcher.send({"type": "chat", "text": "boo"})
        assert watcher.wait_for(of_type("error"))["code"] == "not_seated"
        for _ in range(8):
            ann.send({"type": "chat", "text": "again"})
        assert ann.wait_for(of_type("error"))["code"] == "chat_too_fast"
        late = Client(base, table_id, None)
        kept = late.wait_for(of_type("welcome"))["chat"]
        assert kept[0]["text"] == "hello there" and 1 < len(kept) < 9
        for client in (ann, watcher, late):
            client.close()
