"""A seat's link to share: its address, with the seat's token after ``#`` (so it never reaches a
server log), and the same address as a QR code a phone's camera opens."""

from __future__ import annotations

import segno

from rummy_core.server.protocol import SeatLink


def seat_link(
    base_url: str, table_id: str, seat: int, token: str, lang: str | None = None
) -> SeatLink:
    """The link of ``seat`` at table ``table_id``, with its QR code as an SVG ``data:`` address
    (the page shows it as an image: no script of the server's runs in it). ``lang``, the
    language the host chose, goes with the link: the table opens in it (its switch changes it)."""
    query = f"?lang={lang}" if lang else ""
    url = f"{base_url}table/{table_id}{query}#seat={seat}&token={token}"
    qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
    return SeatLink(seat=seat, token=token, url=url, qr=qr)
