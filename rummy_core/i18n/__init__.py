"""Languages: the gettext catalogs (``catalogs``), the current language and the marked
messages of the engine (``languages``), the words of cards and draws (``words``), the terminal
game's and the server's catalog (``uitext``), and the check that a plugin's messages translate
(``message_checks``)."""
