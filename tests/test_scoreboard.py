"""The Scoreboard widget shows the engine's numbers: thirds, points, declarations, progress."""

from __future__ import annotations

import html
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SPLIT_TRICKS, play_all, play_out, rules, split_deal, suited_deal

from tressette_learn.engine import Deal, Declaration, Match, Rank, Seat, Suit, replay
from tressette_learn.engine.records import score_breakdown
from tressette_learn.i18n import card_name
from tressette_learn.ui.i18n import placeholders, strings
from tressette_learn.ui.scoreboard import Scoreboard, thirds_as_points
from tressette_learn.ui.settings import SETTINGS, Settings

DATA = Path(__file__).parent / "data"
ROW = re.compile(r'<tr class="(tl-score-[a-z]+)">(.*?)</tr>')
SVG = "{http://www.w3.org/2000/svg}"
CELL = re.compile(r'data-side="([A-Z]+)" data-value="(\d+)"')


def rows(board: Scoreboard) -> dict[str, dict[str, int]]:
    """``{"tl-score-thirds": {"NS": 14, "EW": 21}, ...}`` read from the deal panel."""
    return {css: {side: int(v) for side, v in CELL.findall(body)}
            for css, body in ROW.findall(board._deal.value)}


def progress_texts(board: Scoreboard) -> list[str]:
    return [re.sub(r"<[^>]+>", "", text.value) for text in board._texts]


def played_out(seed: int, preset: str = "standard") -> Deal:
    """A seeded deal played to the end by always playing the first legal card."""
    deal = Deal.new(rules(preset), seed=seed)
    play_out(deal)
    return deal


def split_with_declaration() -> Deal:
    """NS 14 thirds, EW 21 thirds and a buon gioco of 2s declared by W (3 points)."""
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    deal.declare(Declaration(Seat.W, "buon_gioco", rank=Rank.TWO, missing=Suit.DENARI))
    for trick in SPLIT_TRICKS[1:]:
        play_all(deal, trick)
    return deal


@pytest.fixture
def lang() -> Iterator[Settings]:
    """SETTINGS in English, restored to what it was after the test."""
    before = SETTINGS.lang
    SETTINGS.lang = "en"
    yield SETTINGS
    SETTINGS.lang = before


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("preset", ["standard", "a_due", "col_morto"])
def test_the_shown_numbers_are_the_engines(seed: int, preset: str, lang: Settings) -> None:
    deal = played_out(seed, preset)
    result, breakdown = deal.result(), score_breakdown(deal)
    board = Scoreboard(deal.rules)
    board.show_deal(deal)
    shown = rows(board)
    assert shown["tl-score-thirds"] == {s: v.thirds for s, v in result.sides.items()}
    assert shown["tl-score-points"] == {s: v.card_points for s, v in result.sides.items()}
    if deal.rules.declarations:
        assert shown["tl-score-declarations"] == {
            s: v.declarations for s, v in result.sides.items()}
    else:  # a table without declarations has no row for them
        assert "tl-score-declarations" not in shown
    assert shown["tl-score-total"] == {s: v["total"] for s, v in breakdown["sides"].items()}
    assert sum(shown["tl-score-last"].values()) == 3
    assert sum(shown["tl-score-points"].values()) == 11


def test_the_14_21_split_shows_4_and_7_points(lang: Settings) -> None:
    deal = split_deal()
    for trick in SPLIT_TRICKS:
        play_all(deal, trick)
    board = Scoreboard(deal.rules)
    board.show_deal(deal.result())
    shown = rows(board)
    assert shown["tl-score-thirds"] == {"NS": 14, "EW": 21}
    assert shown["tl-score-points"] == {"NS": 4, "EW": 7}
    assert shown["tl-score-last"] == {"NS": 0, "EW": 3}
    assert "14 = 4⅔" in board._deal.value and "21 = 7" in board._deal.value


def test_declarations_are_on_their_own_line(lang: Settings) -> None:
    board = Scoreboard(rules())
    board.show_deal(split_with_declaration())
    shown = rows(board)
    assert shown["tl-score-points"] == {"NS": 4, "EW": 7}
    assert shown["tl-score-declarations"] == {"NS": 0, "EW": 3}
    assert shown["tl-score-total"] == {"NS": 4, "EW": 10}
    assert "<li>West declared the buon gioco of three Twos, without the Two of coins: " \
           "3 points.</li>" in board._deal.value


def test_a_cappotto_bonus_and_the_cancelled_declarations_are_shown(lang: Settings) -> None:
    deal = suited_deal(rules(cappotto=True, cappotto_effect="bonus"))
    play_all(deal, "3d 3c 3s 3b")
    deal.declare(Declaration(Seat.N, "napoletana", suit=Suit.DENARI))
    deal.declare(Declaration(Seat.W, "napoletana", suit=Suit.COPPE))
    play_out(deal)
    board = Scoreboard(deal.rules)
    board.show_deal(deal)
    shown = rows(board)
    assert shown["tl-score-bonus"] == {"NS": 11, "EW": 0}
    assert shown["tl-score-declarations"] == {"NS": 3, "EW": 0}
    assert shown["tl-score-total"] == {"NS": 25, "EW": 0}
    assert "West declared the napoletana of cups: 3 points. The cappotto cancels it." \
           in board._deal.value
    assert 'class="tl-score-cappotto">Cappotto: North–South took all the points' \
        in board._deal.value


def test_a_revoke_shows_who_revoked_and_the_penalty(lang: Settings) -> None:
    deal = replay((DATA / "revoke.json").read_text(encoding="utf-8"))
    result = deal.result()
    assert result.penalised is not None
    board = Scoreboard(deal.rules)
    board.show_deal(result)
    revoke = result.revokes[0]
    assert rows(board)["tl-score-points"] == {s: v.card_points for s, v in result.sides.items()}
    note = re.search(r'<p class="tl-score-revoke">(.*?)</p>', board._deal.value)
    assert note is not None
    assert f"in trick {revoke.trick}" in note.group(1)
    assert card_name(revoke.card, "en", "bare") in note.group(1)


def test_an_unfinished_deal_says_so(lang: Settings) -> None:
    deal = split_deal()
    play_all(deal, SPLIT_TRICKS[0])
    board = Scoreboard(deal.rules)
    board.show_deal(deal)
    assert rows(board)["tl-score-thirds"] == {"NS": 6, "EW": 0}
    assert "tl-score-unfinished" in board._deal.value
    assert "This deal" in board._deal.value


def test_add_deal_moves_the_progress_and_the_chart(lang: Settings) -> None:
    board = Scoreboard(rules())
    empty_chart = board._chart.value
    assert progress_texts(board) == ["NS 0 / 21", "EW 0 / 21"]
    board.add_deal(split_with_declaration().result())
    assert progress_texts(board) == ["NS 4 / 21", "EW 10 / 21"]
    assert [bar.value for bar in board._bars] == [4, 10]
    assert [bar.max for bar in board._bars] == [21, 21]
    first_chart = board._chart.value
    assert first_chart != empty_chart
    board.add_deal(split_with_declaration())
    assert board.totals == {"NS": 8, "EW": 20}
    assert progress_texts(board) == ["NS 8 / 21", "EW 20 / 21"]
    assert board._chart.value not in (empty_chart, first_chart)
    assert "Deal 2" in board._deal.value


def test_a_followed_deal_moves_the_progress_once_it_is_over(lang: Settings) -> None:
    """Lesson 7's table: the bar "Match to 21 points" stayed at 0/21 after a deal worth 6."""
    deal = split_deal()
    board = Scoreboard(deal.rules)
    play_all(deal, SPLIT_TRICKS[0])
    board.follow(deal)
    assert progress_texts(board) == ["NS 0 / 21", "EW 0 / 21"]
    assert "tl-score-unfinished" in board._deal.value
    for trick in SPLIT_TRICKS[1:]:
        play_all(deal, trick)
        board.follow(deal)
    assert progress_texts(board) == ["NS 4 / 21", "EW 7 / 21"]
    board.follow(deal)  # the table pushes its state again: the deal is counted once
    assert board.totals == {"NS": 4, "EW": 7}
    again = split_deal()  # the table deals again: the next deal of the same match
    board.follow(again)
    for trick in SPLIT_TRICKS:
        play_all(again, trick)
    board.follow(again)
    assert progress_texts(board) == ["NS 8 / 21", "EW 14 / 21"]


def test_a_bar_stops_at_the_target(lang: Settings) -> None:
    board = Scoreboard(rules(), target=11)
    board.add_deal(split_with_declaration())
    board.add_deal(split_with_declaration())
    assert progress_texts(board) == ["NS 8 / 11", "EW 20 / 11"]
    assert [bar.value for bar in board._bars] == [8, 11]


def test_from_match_shows_the_engines_totals_and_winner(lang: Settings) -> None:
    match = Match(rules(), seed=3)
    while not match.is_over():
        play_out(match.deal)
        match.next_deal()
    outcome = match.result()
    assert outcome is not None
    board = Scoreboard(rules()).from_match(match)
    assert board.totals == match.totals
    assert progress_texts(board) == [f"{s} {match.totals[s]} / 21" for s in ("NS", "EW")]
    assert f"Deal {len(match.results)}" in board._deal.value
    winner = {"NS": "North–South", "EW": "East–West"}[outcome.winner]
    loser = "EW" if outcome.winner == "NS" else "NS"
    totals = f"{match.totals[outcome.winner]} – {match.totals[loser]}"  # the winner's first
    assert f"Winner: {winner} ({totals})." in board._heading.value


def test_two_players_show_seats_instead_of_sides(lang: Settings) -> None:
    deal = played_out(7, "a_due")
    board = Scoreboard(deal.rules)
    board.add_deal(deal)
    assert set(rows(board)["tl-score-points"]) == {"S", "N"}
    assert "<th>South</th><th>North</th>" in board._deal.value
    result = deal.result()
    assert progress_texts(board) == [f"{s} {result.total(s)} / 21" for s in ("S", "N")]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("preset", ["standard", "a_due"])
def test_the_rows_add_up_and_count_the_last_trick_once(seed: int, preset: str,
                                                       lang: Settings) -> None:
    deal = played_out(seed, preset)
    board = Scoreboard(deal.rules)
    board.show_deal(deal)
    shown = rows(board)
    assert list(shown)[:4] == ["tl-score-cards", "tl-score-last", "tl-score-thirds",
                               "tl-score-points"]
    last = deal.side_of(deal.tricks[-1].winner)
    assert shown["tl-score-last"] == {s: 3 if s == last else 0 for s in deal.sides}
    for side in deal.sides:
        assert shown["tl-score-cards"][side] + shown["tl-score-last"][side] == \
            shown["tl-score-thirds"][side]
        assert shown["tl-score-points"][side] == shown["tl-score-thirds"][side] // 3
    labels = re.findall(r'<th scope="row">(.*?)</th>', board._deal.value)
    assert labels[:3] == ["Thirds from the cards taken", "Last trick (3 thirds)",
                          "Thirds in all (cards and last trick)"]


def redealt() -> Deal:
    poor = rules(redeal=True)
    deal = next(d for seed in range(300) if (d := Deal.new(poor, Seat.W, seed=seed))
                .redeal_reason(Seat.S) is None)
    deal.redeal(Seat.S)
    return deal


def test_a_redeal_shows_who_asked_and_no_score(lang: Settings) -> None:
    board = Scoreboard(rules(redeal=True))
    board.add_deal(redealt())
    assert "tl-score-table" not in board._deal.value  # no rows of zeros
    assert ('<p class="tl-score-redeal">South asked for a redeal (mandare a monte): this deal '
            "does not count and the cards are dealt again.</p>") in board._deal.value
    SETTINGS.lang = "it"
    assert ("Sud ha chiesto di mandare a monte: questa smazzata non conta e si ridanno le "
            "carte.") in board._deal.value


def test_a_perdere_the_board_says_fewer_points_win_and_who_won_the_deal(lang: Settings) -> None:
    deal = played_out(3, "a_perdere")
    result = deal.result()
    fewer = min(deal.sides, key=result.total)
    board = Scoreboard(deal.rules)
    board.add_deal(deal)
    assert "A perdere, fewer points win." in board._heading.value
    side = {"NS": "North–South", "EW": "East–West"}[fewer]
    assert (f'<p class="tl-score-verdict">A perdere, fewer points win. This deal goes to '
            f"{side}.</p>") in board._deal.value
    SETTINGS.lang = "it"
    assert "A perdere vince chi fa meno punti." in board._heading.value
    assert "Questa smazzata va a " in board._deal.value


def test_a_call_out_reads_si_e_chiamata_fuori_in_italian(lang: Settings) -> None:
    deal = split_deal(rules(calling_out=True))
    play_all(deal, SPLIT_TRICKS[0])
    call = deal.call_out("NS")
    board = Scoreboard(deal.rules)
    board.show_deal(deal)
    assert f"North–South called out with {call.points} points: wrong" in board._deal.value
    SETTINGS.lang = "it"
    assert f"Nord–Sud si è chiamata fuori con {call.points} punti: sbagliato" in board._deal.value


def test_a_fixed_number_of_deals_counts_deals_instead(lang: Settings) -> None:
    board = Scoreboard(rules(fixed_deals=3))
    board.add_deal(split_with_declaration())
    assert board.target is None
    assert progress_texts(board) == ["NS 4", "EW 10"]
    assert "Match of 3 deals (played: 1)" in board._heading.value
    assert all(bar.layout.display == "none" for bar in board._bars)


def test_reset_forgets_every_deal(lang: Settings) -> None:
    board = Scoreboard(rules())
    empty_chart = board._chart.value
    board.add_deal(split_with_declaration())
    board.reset()
    assert board.totals == {"NS": 0, "EW": 0}
    assert progress_texts(board) == ["NS 0 / 21", "EW 0 / 21"]
    assert "No deal scored yet." in board._deal.value
    assert board._chart.value == empty_chart == ""
    assert board._chart.layout.display == "none"


def test_the_board_never_loads_matplotlib() -> None:
    """The chart is SVG drawn in Python: neither an empty board nor one redrawn after a
    deal pays for matplotlib (the play page's server; the static site has none)."""
    code = ("import sys; from tressette_learn.engine import Deal, Rules;"
            "from tressette_learn.ui.scoreboard import Scoreboard;"
            "rules = Rules.preset('standard'); board = Scoreboard(rules);"
            "print(board._chart.layout.display, 'matplotlib' in sys.modules);"
            "deal = Deal.new(rules, seed=1)\n"
            "while not deal.is_over(): deal.play(deal.legal_cards()[0])\n"
            "board.add_deal(deal); board.add_deal(deal);"
            "print(board._chart.layout.display, '<svg' in board._chart.value,"
            " 'matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split()
    assert out == ["none", "False", "None", "True", "False"]


def test_the_chart_plots_the_match_totals(lang: Settings) -> None:
    board = Scoreboard(rules())
    board.add_deal(split_with_declaration())
    board.add_deal(split_with_declaration())
    root = ET.fromstring(board._chart.value)
    assert root.findtext(f"{SVG}desc") == ("After 2 deals: North–South 8 points, "
                                           "East–West 20 points. Match to 21 points.")
    sides = [g.get("data-side") for g in root.iter(f"{SVG}g") if g.get("data-side")]
    assert sides == ["NS", "EW"]


def test_switching_the_language_redraws_in_italian(lang: Settings) -> None:
    board = Scoreboard(rules())
    board.add_deal(split_with_declaration())
    english_chart = board._chart.value
    SETTINGS.lang = "it"
    assert "Terzi delle carte prese" in html.unescape(board._deal.value)
    assert "Accusi (napoletana, buon gioco)" in board._deal.value
    assert "<th>Nord–Sud</th><th>Est–Ovest</th>" in board._deal.value
    assert "Ovest ha accusato il buon gioco di tre Due, senza il Due di denari: 3 punti." \
           in board._deal.value
    assert progress_texts(board) == ["NS 4 / 21", "EO 10 / 21"]
    assert "Partita ai 21 punti" in board._heading.value
    assert board._chart.value != english_chart
    SETTINGS.lang = "en"
    assert "Thirds from the cards taken" in board._deal.value
    assert board._chart.value == english_chart


def test_a_closed_board_no_longer_follows_the_language(lang: Settings) -> None:
    settings = Settings()
    board = Scoreboard(rules(), settings=settings)
    board.close()
    settings.lang = "it"  # would fail on closed widgets if the board still listened
    assert "No deal scored yet." in board._deal.value


def test_every_interpolated_text_is_escaped(lang: Settings) -> None:
    names = {"NS": "<b>Us</b> & co", "EW": '"Them"'}
    board = Scoreboard(rules(), names=names)
    board.add_deal(split_with_declaration())
    shown = board._deal.value + "".join(text.value for text in board._texts)
    shown += board._chart.value
    assert "&lt;b&gt;Us&lt;/b&gt; &amp; co" in shown
    assert "&quot;Them&quot;" in shown
    assert "<b>Us" not in shown and '"Them"' not in shown


def test_the_widget_carries_the_classes_browser_tests_use(lang: Settings) -> None:
    board = Scoreboard(rules())
    board.add_deal(split_with_declaration())
    assert "tl-scoreboard" in board._dom_classes
    assert "tl-score-progress" in board._progress._dom_classes
    assert "tl-score-chart" in board._chart._dom_classes
    for css in ("tl-score-thirds", "tl-score-points", "tl-score-declarations"):
        assert f'class="{css}"' in board._deal.value


@pytest.mark.parametrize(("thirds", "text"),
                         [(0, "0"), (1, "⅓"), (2, "⅔"), (14, "4⅔"), (21, "7"), (35, "11⅔")])
def test_thirds_as_points(thirds: int, text: str) -> None:
    assert thirds_as_points(thirds) == text


def test_both_languages_have_the_same_scoreboard_keys_and_placeholders() -> None:
    en = {k: v for k, v in strings("en").items() if k.startswith("scoreboard.")}
    it = {k: v for k, v in strings("it").items() if k.startswith("scoreboard.")}
    assert set(en) == set(it)
    assert all(placeholders(en[k]) == placeholders(it[k]) for k in en)
