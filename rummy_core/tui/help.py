"""The help screen's keys, told for the rules in play: the keys of a cut card or of wilds only
where the ruleset has them, and the actions the rules add (a knock, gin's pass)."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_core.engine.game import Game
from rummy_core.i18n.uitext import N_, _
from rummy_core.present.status import level_name
from rummy_core.tui.extras import rule_keys
from rummy_core.tui.session import HUMAN

INTRO = N_("The top line lists the keys you can use now.")
MOVE = N_("**← →** move along your hand; **Space** selects or unselects a card (so does a click)")
DRAW = N_(
    "**D** draw from the stock, **T** take from the discard pile (or click the stock or the pile)"
)
DRAW_OR_CUT = N_(
    "**D** draw from the stock, **T** take from the discard pile, **C** try the cut card (or click"
    " the stock, the pile or the cut card)"
)
MELD = N_(
    "**M** meld the selected cards: one meld, or several at once (an opening); the game splits"
    " them into melds"
)
MELD_WILDS = N_(
    "**M** meld the selected cards: one meld, or several at once (an opening); the game splits"
    " them into melds and asks only where a wild could stand for more than one card"
)
LAY_OFF = N_(
    "**L** lay the selected cards off: the melds they fit glow; click one, or **↑ ↓** and **Enter**"
)
SWAP = N_("**W** swap the selected card in for the wild on the table that stands for it")
DISCARD = N_("**X** discard the selected card (or the card under the cursor; or click the pile)")
TAKE_BACK = N_("**B** take back what you put down this turn")
SORT = N_("**S** sort by suit or by rank; **Esc** unselects; **?** this help; **Q** quit")
SCROLL = N_(
    "**PgUp PgDn** scroll the log (so does the wheel); **F** switches the computer players' pace"
    " between normal and fast"
)
DRAG = N_(
    "Drag a card with the mouse: onto another place in your hand to move it there, onto the"
    " discard pile to discard it, onto a meld to lay it off."
)
DRAG_WILDS = N_(
    "Drag a card with the mouse: onto another place in your hand to move it there, onto the"
    " discard pile to discard it, onto a meld to lay it off (or swap it in for a wild)."
)
STRIPES = N_(
    "Coloured stripes under your cards mark the melds you already hold: one colour per meld, a"
    " second row where a card fits two."
)
WILDS = N_(
    "A wild on the table shows what it stands for: `2♣=5♠`. When a wild could stand for more than"
    " one card you are asked, and can type it, like `2C=5S` (a joker is `JK=5S`)."
)
SAVED = N_("The game is saved after every move: `rummy play --resume` carries on.")


def keys_text(game: Game, seats: Sequence[str]) -> str:
    """The keys, as Markdown: those of the table (a cut card's and the wilds' only where the
    rules have them), the keys of the actions the rules in play add (a knock, gin's pass), and
    the opponents' strengths (each level with the bot that plays it)."""
    wilds = bool(game.hooks.meld_rules.wilds)
    cut = bool(game.hooks.shows)
    bullets = [
        MOVE,
        DRAW_OR_CUT if cut else DRAW,
        MELD_WILDS if wilds else MELD,
        LAY_OFF,
        *([SWAP] if wilds else []),
        DISCARD,
        TAKE_BACK,
        SORT,
        SCROLL,
    ]
    notes = [STRIPES, *([WILDS] if wilds else []), SAVED]
    text = _(INTRO) + "\n\n" + "".join(f"- {_(b)}\n" for b in bullets) + "\n"
    text += _(DRAG_WILDS if wilds else DRAG) + "\n\n" + " ".join(_(n) for n in notes) + "\n"
    keyed = rule_keys(game)
    if keyed:
        text += "\n" + _("The rules in play bring their own actions:") + "\n\n"
        text += "".join(f"- **{key.upper()}** {a.label.lower()}\n" for key, a in keyed.items())
    bots = sorted({who for who in seats if who != HUMAN})
    who = ", ".join(_("%(level)s (the `%(bot)s` bot)", level=level_name(b), bot=b) for b in bots)
    text += "\n" + _("Your opponents: %(bots)s.", bots=who) + " "
    text += _("Easy plays any legal move, normal plays like a careful person, hard looks ahead.")
    return text + "\n"
