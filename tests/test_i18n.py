"""Languages: how one is chosen, refusals and help in it, plurals, and plugins' own catalogs."""

from __future__ import annotations

import pickle
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner

from rummy_core.commands.cli import cli, main
from rummy_core.engine.actions import Discard, Draw
from rummy_core.engine.errors import IllegalAction, RuleError, Violation
from rummy_core.engine.plugin import ruleset_title
from rummy_core.engine.registry import find_ruleset, house_rules, rulesets
from rummy_core.engine.setup import new_game
from rummy_core.i18n.languages import (
    LANGUAGES,
    RUMMY,
    Domain,
    N_plural,
    current_language,
    get_domain,
    language_from_accept,
    language_from_environment,
    normalize_language,
    plugin_domains,
    set_language,
    use_language,
)
from rummy_core.i18n.words import card_label, rank_name, source_label, suit_name
from rummy_core.testing import assert_messages_translated, assert_refused, untranslated_messages

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("tag", "lang"),
    [
        ("is_IS.UTF-8", "is"),
        ("is-IS", "is"),
        ("hu_HU@euro", "hu"),
        ("IT", "it"),
        ("en_GB", "en"),
        ("C", None),
        ("POSIX", None),
        ("fr_FR.UTF-8", None),
        ("", None),
        ("is_IS; drop table", None),
    ],
)
def test_a_tag_names_a_shipped_language_or_none(tag: str, lang: str | None) -> None:
    assert normalize_language(tag) == lang


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "is_IS.UTF-8"}, "is"),
        ({"LANG": "is_IS.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "hu_HU.UTF-8"}, "hu"),
        ({"LANGUAGE": "fr:it:is", "LANG": "hu_HU.UTF-8"}, "it"),
        ({"LANGUAGE": "fr", "LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_environment_is_read_as_gettext_reads_it(environ: dict[str, str], lang: str) -> None:
    assert language_from_environment(environ) == lang


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("is-IS,is;q=0.9,en;q=0.8", "is"),
        ("en;q=0.5, hu;q=0.9", "hu"),
        ("fr-FR, it;q=0.1", "it"),
        ("de, fr", "en"),
        ("is;q=0, en", "en"),
        ("it;q=abc, hu", "hu"),
        ("", "en"),
        (",,;q=;", "en"),
    ],
)
def test_the_browser_header_picks_the_preferred_shipped_language(header: str, lang: str) -> None:
    assert language_from_accept(header) == lang


def test_an_unknown_language_is_refused_with_a_stable_code() -> None:
    with pytest.raises(RuleError) as err:
        set_language("xx")
    assert err.value.code == "unknown_language" and err.value.params["language"] == "xx"
    assert current_language() == "en"


def test_use_language_is_per_block_and_set_language_per_process() -> None:
    with use_language("is"):
        assert current_language() == "is"
        with use_language("hu"):
            assert current_language() == "hu"
        assert current_language() == "is"
    assert current_language() == "en"
    set_language("it")
    assert current_language() == "it"


def _refusal() -> RuleError:
    game = new_game("classic", seed=3)
    return assert_refused(game, game.state.turn, Discard(game.state.hands[game.state.turn][0]))


def test_a_refusal_keeps_its_code_and_speaks_each_language() -> None:
    error = _refusal()
    assert error.code == "draw_first"
    assert error.render("en") == "Draw before you discard."
    assert error.render("is") == "Dragðu áður en þú kastar."
    assert error.render("hu") == "Húzz, mielőtt dobsz."
    assert error.render("it") == "Pesca prima di scartare."
    with use_language("is"):
        assert error.message == "Dragðu áður en þú kastar."
        assert error.to_dict() == {
            "code": "draw_first",
            "message": "Dragðu áður en þú kastar.",
            "params": {},
            "violations": [
                {"code": "draw_first", "message": "Dragðu áður en þú kastar.", "params": {}}
            ],
        }
        assert str(error) == "Dragðu áður en þú kastar. [draw_first]"


def test_a_card_in_a_refusal_is_named_in_the_language() -> None:
    game = new_game("classic", seed=3)
    seat = game.state.turn
    game.apply(seat, Draw("stock"))
    missing = next(c for c in range(52) if c not in game.state.hands[seat])
    error = assert_refused(game, seat, Discard(missing), "card_not_in_hand")
    code = error.params["card"]
    assert error.render("en") == f"You do not hold {code}."
    assert error.render("is") == f"Þú ert ekki með þetta spil á hendi: {card_label(code, 'is')}."
    assert card_label("7H", "is") == "hjartasjöa" and card_label("KS", "hu") == "pikk király"
    assert card_label("AC", "it") == "asso di fiori" and card_label("JK", "is") == "jóker"
    assert card_label("7H", "en") == "7H" and card_label("not a card", "is") == "not a card"


def test_a_ruleset_refusal_comes_from_its_own_domain() -> None:
    error = IllegalAction([Violation("first_turn", _first_turn(), domain="rulesets")])
    assert error.render("is") == "Í fyrstu umferð þinni í spilinu máttu aðeins draga og kasta."
    assert error.render("en") == _first_turn()


def _first_turn() -> str:
    return "On your first turn of the hand you may only draw and discard."


def test_words_of_the_game_in_icelandic() -> None:
    assert [suit_name(s, "is") for s in range(4)] == ["lauf", "tígull", "hjarta", "spaði"]
    assert rank_name(2, "is") == "tvistur" and rank_name(1, "hu") == "ász"
    assert source_label("stock", "is") == "stokkur"
    assert source_label("discard", "is") == "kastbunki"
    assert source_label("discard", "it") == "pozzo" and source_label("stock", "hu") == "talon"
    assert source_label("a plugin's pile", "is") == "a plugin's pile"
    assert ruleset_title(find_ruleset("riverside"), "is") == "Árbakka Rommí"
    assert ruleset_title(find_ruleset("hungarian"), "hu") == "Magyar römi"


@pytest.mark.parametrize(
    ("lang", "one", "two", "twenty_one"),
    [
        ("en", "1 card in", "2 cards in", "21 cards in"),
        ("is", "1 spili á", "2 spilum á", "21 spili á"),
        ("hu", "1 lapot", "2 lapot", "21 lapot"),
        ("it", "1 carta per", "2 carte per", "21 carte per"),
    ],
)
def test_plural_forms_follow_each_language(lang: str, one: str, two: str, twenty_one: str) -> None:
    message = N_plural(
        "You must keep at least %(count)s card in your hand to discard.",
        "You must keep at least %(count)s cards in your hand to discard.",
    )
    shown = [Violation("must_keep_a_card", message, count=n).render(lang) for n in (1, 2, 21)]
    assert one in shown[0] and two in shown[1] and twenty_one in shown[2]
    assert "1 cards" not in shown[0]


def test_a_refusal_survives_pickling_and_renders_afterwards() -> None:
    error = _refusal()
    back = pickle.loads(pickle.dumps(error))
    assert back.code == error.code and back.render("is") == error.render("is")


def test_a_broken_translation_falls_back_to_english() -> None:
    # A message whose params do not fit the template still says something, never raises.
    error = RuleError("odd", "You do not hold %(card)s.", cards="7H")
    assert error.render("is") == "You do not hold %(card)s."


def test_help_and_errors_follow_lang_and_the_environment() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["--lang", "is", "--help"], prog_name="rummy")
    assert shown.exit_code == 0 and shown.output.startswith("Notkun: rummy")
    assert "Skipanir:" in shown.output and "Valkostir:" in shown.output
    play = runner.invoke(cli, ["play", "--lang", "hu", "--help"], prog_name="rummy")
    assert "Használat: rummy play" in play.output and "Kapcsolók:" in play.output
    assert "alapértelmezés: 0.6" in play.output
    for command in ("play", "replay", "rulesets", "house-rules", "schema", "serve", "check"):
        assert "--lang" in runner.invoke(cli, [command, "--help"]).output, command
    for command in ("compare", "duel", "new-house-rule"):
        assert "--lang" in runner.invoke(cli, [command, "--help"]).output, command


def test_a_refusal_on_the_command_line_is_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "--lang", "is", "--opponents", "9"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("villa [bad_opponents]: classic er fyrir 2 til 4 spilara")
    monkeypatch.setenv("LANGUAGE", "it")
    with pytest.raises(SystemExit):
        main(["play", "--opponents", "9"])
    assert capsys.readouterr().err.startswith("errore [bad_opponents]:")
    with pytest.raises(SystemExit) as unknown:
        main(["--lang", "xx", "rulesets"])
    assert unknown.value.code == 2
    assert "unknown_language" in capsys.readouterr().err


def test_the_shipped_plugins_messages_are_all_translated() -> None:
    for cls in (*rulesets().values(), *house_rules().values()):
        assert_messages_translated(cls)


def test_the_rulesets_catalogs_come_through_the_entry_point() -> None:
    found = plugin_domains()["rulesets"]
    assert found.package == "rummy_rulesets" and get_domain("rulesets").has_catalog("is")
    assert all(found.has_catalog(lang) for lang in LANGUAGES)
    assert found.catalog("is")["Riverside Rommí"] == "Árbakka Rommí"
    plural = found.catalog("is")["The joker you took must go down again this turn."]
    assert isinstance(plural, list) and len(plural) == 2
    assert get_domain("no-such-domain").translate("is", "Hello") == "Hello"


def test_the_check_finds_unmarked_and_untranslated_messages(tmp_path: Path) -> None:
    """A plugin package with its own catalog: a marked message passes, an f-string, a missing
    domain and a msgid the catalog lacks are each reported."""
    package = tmp_path / "rummy_hr_polite"
    (package / "locale" / "is" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rule.py").write_text(
        textwrap.dedent(
            """
            from rummy_core.engine.errors import Violation
            from rummy_core.i18n.languages import N_
            from rummy_core.engine.plugin import HouseRule, hookimpl

            class Polite(HouseRule):
                name = "polite"
                summary = N_("Say please.")
                domain = "polite"

                @hookimpl
                def rummy_discard_violations(self, state, seat, card):
                    if card == 0:
                        return [Violation("rude", "Say please first.", domain="polite")]
                    if card == 1:
                        return [Violation("rude", f"Say please, {seat}.", domain="polite")]
                    if card == 2:
                        return [Violation("rude", "Say please first.")]
                    return [Violation("rude", "Not in the catalog.", domain="polite")]
            """
        ),
        encoding="utf-8",
    )
    po = package / "locale" / "is" / "LC_MESSAGES" / "polite.po"
    po.write_text(
        textwrap.dedent(
            """\
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "Say please."
            msgstr "Segðu takk."

            msgid "Say please first."
            msgstr "Segðu fyrst takk."
            """
        ),
        encoding="utf-8",
    )
    with po.open("rb") as source, po.with_suffix(".mo").open("wb") as compiled:
        write_mo(compiled, read_po(source, locale="is"))
    sys.path.insert(0, str(tmp_path))
    try:
        from rummy_hr_polite.rule import Polite  # type: ignore[import-not-found]

        from rummy_core.i18n.languages import register_domain

        register_domain(Domain("polite", "rummy_hr_polite"))
        problems = [str(p) for p in untranslated_messages(Polite)]
        assert len(problems) == 3, problems
        assert "built at run time" in problems[0]
        assert "does not say domain='polite'" in problems[1]
        assert "'Not in the catalog.' is not in the catalogs" in problems[2]
        refusal = Violation("rude", "Say please first.", domain="polite")
        assert refusal.render("is") == "Segðu fyrst takk." and refusal.render("hu") == (
            "Say please first."
        )
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("rummy_hr_polite.rule", None)
        sys.modules.pop("rummy_hr_polite", None)


def test_the_rummy_domain_is_the_framework_own() -> None:
    assert RUMMY.package == "rummy_core" and all(RUMMY.has_catalog(lang) for lang in LANGUAGES)
    assert RUMMY.plural_forms("is").replace(" ", "") == "nplurals=2;plural=(n%10!=1||n%100==11);"


def test_a_usage_error_is_framed_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["compare", "--lang", "it", "classic", "--hands", "3", "--matches", "2"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("Uso: rummy compare [OPTIONS] VARIANTS...")
    assert "Prova 'rummy compare -h' per l'aiuto." in err
    assert err.rstrip().endswith("Errore: Indica --hands o --matches, non entrambi.")
