"""The coach: hints on the learner's turn, the review once the deal is over."""

import dataclasses
import html
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from learner_text import check_sentence

from tressette_learn.ai import make_player, play_deal
from tressette_learn.ai.hints import hint, warm_up
from tressette_learn.ai.review import review
from tressette_learn.engine import Card, Deal, Rules
from tressette_learn.i18n import card_name
from tressette_learn.ui.coach import Coach, hint_html, review_html
from tressette_learn.ui.events import Event
from tressette_learn.ui.settings import SETTINGS
from tressette_learn.ui.table import Table


@pytest.fixture(scope="module", autouse=True)
def solver_loaded():
    """The coach loads the solver in the background; these tests compare its hints with
    hints asked directly, so both must use the loaded solver."""
    warm_up(background=False)


@pytest.fixture(autouse=True)
def english():
    SETTINGS.lang = "en"
    yield
    SETTINGS.lang = "en"


def my_turn(seed: int) -> Table:
    table = Table(seed=seed, delay_ms=0)
    table.run()
    assert table.status == "your_turn"
    return table


def test_a_hint_is_the_ai_hint_for_the_learners_view_and_marks_the_card():
    table = my_turn(4)
    coach = Coach(table)
    events: list[Event] = []
    coach.on_event(events.append)
    advice = coach.show_hint()
    expected = hint(table.view(), seed=0)
    assert advice is not None and advice.card == expected.card
    assert advice.card in table.deal.legal_cards()
    verb = "Play" if table.view().current_trick else "Lead"
    assert f"{verb} {card_name(advice.card, 'en')}." in coach.output.value
    assert all(f'data-card="{e.card}"' in coach.output.value for e in advice.values)
    hinted = [c["card"] for s in table.state["seats"] if s["cards"] for c in s["cards"]
              if c["hinted"]]
    assert hinted == [str(advice.card)]
    assert events[-1].kind == "hint" and events[-1].item == str(advice.card)


def test_a_hint_that_fails_says_so_in_words_and_marks_no_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = my_turn(4)
    coach = Coach(table)

    def broken(*args: object, **kwargs: object) -> None:
        raise ModuleNotFoundError("No module named 'numpy'")  # as on the static site

    monkeypatch.setattr("tressette_learn.ui.coach.hint", broken)
    assert coach.show_hint() is None
    assert coach.output.value == "<p>No hint could be worked out for this play.</p>"
    assert not any(c["hinted"] for s in table.state["seats"] if s["cards"] for c in s["cards"])


def test_no_hint_out_of_turn_and_the_button_follows_the_table():
    table = Table(seed=4, delay_ms=0)
    coach = Coach(table)
    assert table.status == "waiting" and coach.hint_button.disabled
    assert coach.show_hint() is None and "your turn" in coach.output.value
    table.run()
    assert not coach.hint_button.disabled and coach.review_button.disabled


def my_turn_with(seed: int, left: int) -> Table:
    """The learner's turn with ``left`` tricks to go (the learner plays its lowest card)."""
    table = Table(seed=seed, delay_ms=0)
    while True:
        table.run()
        table.next_trick()
        if table.status == "your_turn":
            if table.deal.rules.tricks_per_deal - len(table.deal.tricks) <= left:
                return table
            table.play(min(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank)))


def test_the_method_line_says_exact_only_when_every_deal_was_solved():
    first = Coach(my_turn(4))  # the first trick: two tricks searched, the rest played out
    advice = first.show_hint()
    assert advice is not None and advice.quick and advice.searched_to == 2 and advice.deals
    line = html.unescape(first.output.value)
    assert "end of trick 2" in line and "quick rule of thumb" in line
    assert "Exact" not in line and "each solved to the end" not in line
    early = Coach(my_turn_with(4, 6))
    advice = early.show_hint()
    assert advice is not None and not advice.exact
    line = html.unescape(early.output.value)
    assert f"Estimate: {advice.deals} deal" in line and "95% confidence" in line
    assert "Exact" not in line
    SETTINGS.lang = "it"
    assert "sicurezza del 95%" in early.output.value and "esatt" not in early.output.value
    SETTINGS.lang = "en"
    late = Coach(my_turn_with(4, 3))
    advice = late.show_hint()
    assert advice is not None and advice.exact and advice.deals == advice.possible
    line = html.unescape(late.output.value)
    assert "Exact: " in line and "Estimate" not in line
    marked = late.output.value.count('class="tl-coach-equal"')
    assert marked == (len(advice.equal) if len(advice.equal) > 1 else 0)


def finished(seed: int, pick: Callable[..., Card] = max) -> Table:
    """A deal played to the end by a learner who never signals and always plays the top
    legal card (``pick=min``: the lowest)."""
    table = Table(seed=seed, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":
            table.play(pick(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank)))
    return table


def test_the_review_lists_the_learners_mistakes_with_their_cost():
    table = finished(6)
    coach = Coach(table)
    assert not coach.review_button.disabled
    shown = coach.show_review()
    expected = review(table.deal, "S")
    assert shown is not None and shown.total_cost == expected.total_cost
    text = html.unescape(coach.output.value)
    assert expected.mistakes, "playing the top card every time should cost something"
    assert f"gave away {expected.total_cost} points" in text
    assert text.count('class="tl-coach-mistake"') == len(expected.mistakes)
    first = expected.mistakes[0]
    why = dataclasses.replace(first.explanation, cost=None).get("en")
    assert first.mistake.get("en") in text and why in text
    assert first.mistake.get("en").startswith(f"Trick {first.trick}, South: ")
    assert coach.progress.value == coach.progress.max


def test_the_review_lists_the_mistakes_in_the_order_they_were_played():
    """Seed 10 costs 2 points at tricks 2 and 7 and 1 at trick 1: listed by cost, the
    replay buttons ran trick 2, 7, 1. Now the list, its numbers and the buttons run trick
    1, 2, 7, and each mistake still says what it cost."""
    table = finished(10)
    coach = Coach(table)
    result = coach.show_review()
    assert result is not None
    assert [(m.trick, m.cost) for m in result.costliest] == [(2, 2), (7, 2), (1, 1)]
    assert [(m.trick, m.cost) for m in result.mistakes] == [(1, 1), (2, 2), (7, 2)]
    items = [html.unescape(text) for text in re.findall(
        r'<li class="tl-coach-mistake"[^>]*>(.*?)</li>', coach.output.value)]
    assert [item[:item.index(":")] for item in items] == \
        ["Trick 1, South", "Trick 2, South", "Trick 7, South"]
    assert [re.search(r"cost \d+ points?", item).group() for item in items] == \
        ["cost 1 point", "cost 2 points", "cost 2 points"]
    assert [b.description for b in coach.replays.children] == [
        "Replay mistake 1 (trick 1)", "Replay mistake 2 (trick 2)",
        "Replay mistake 3 (trick 7)"]
    coach.replays.children[2].click()
    assert coach.replaying is not None and coach.replaying.mistake.trick == 7
    assert table.deal.plays == coach._final.plays[:result.mistakes[2].number]


def test_where_the_deal_turned_is_told_in_the_order_played():
    """Seed 5: the three costliest cards of the other seats cost 1, 2 and 2 points at
    tricks 4, 7 and 8; told by cost they read trick 7, 8, 4."""
    coach = Coach(finished(5))
    result = coach.show_review()
    assert result is not None
    assert [(t.play.trick, t.play.cost) for t in result.turning_points] == \
        [(4, 1), (7, 2), (8, 2)]
    turns = re.search(r'<ul class="tl-coach-turns">(.*?)</ul>', coach.output.value)
    assert turns is not None
    told = [html.unescape(item) for item in re.findall(r"<li[^>]*>(.*?)</li>", turns.group(1))]
    assert [item[:item.index(":")] for item in told] == \
        ["Trick 4, North", "Trick 7, North", "Trick 8, West"]


def test_the_review_redraws_in_italian():
    table = finished(6)
    coach = Coach(table)
    coach.show_review()
    SETTINGS.lang = "it"
    assert coach.review_button.description == "Rivedi il mio gioco"
    assert "hanno regalato" in coach.output.value


BLUNDER = Path(__file__).parent / "data" / "blunder.json"


def texts(markup: str) -> list[str]:
    """The texts a learner reads in the coach's HTML: each paragraph, item and cell."""
    found = re.findall(r"<(?:p|li|td|th)\b[^>]*>(.*?)</(?:p|li|td|th)>", markup)
    return [html.unescape(text) for text in found]


def check_texts(markup: str) -> None:
    """Sentences start with a capital letter; cards are named, never by their code."""
    for text in texts(markup):
        if not re.fullmatch(r"[\d.,]+", text):  # the table's numbers
            check_sentence(text)


def test_the_review_of_one_point_says_1_point_in_each_language():
    result = review(BLUNDER, "S")  # one mistake, costing 1 point
    english, italian = review_html(result, "en"), review_html(result, "it")
    assert "Your cards gave away 1 point in 1 play" in english
    assert "Trick 9, South: the Four of swords cost 1 point." in html.unescape(english)
    assert "hanno regalato 1 punto in 1 giocata" in italian
    assert "Presa 9, Sud: il Quattro di spade è costato 1 punto." in html.unescape(italian)
    for markup in (english, italian):
        assert "1 points" not in markup and "1 punti" not in markup
        check_texts(markup)


def test_the_hint_speaks_the_learners_language_with_its_numbers():
    table = my_turn(4)
    coach = Coach(table)
    advice = coach.show_hint()
    assert advice is not None
    check_texts(coach.output.value)
    cells = [text for text in texts(coach.output.value) if re.fullmatch(r"[\d.,]+", text)]
    assert len(cells) == len(advice.values)
    assert all(re.fullmatch(r"\d+\.\d", cell) for cell in cells)
    SETTINGS.lang = "it"
    italian = coach.output.value
    check_texts(italian)
    cells = [text for text in texts(italian) if re.fullmatch(r"[\d.,]+", text)]
    assert all(re.fullmatch(r"\d+,\d", cell) for cell in cells)  # 6,7 not 6.7
    verb = "Gioca " if table.view().current_trick else "Esci con "
    assert f"{verb}{card_name(advice.card, 'it')}." in html.unescape(italian)
    assert advice.explanation.get("it") in html.unescape(italian)


def test_each_for_himself_the_hints_values_are_the_learners_own_points():
    table = Table("traversone", seed=3, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn" and len(table.deal.tricks) >= 7 and \
                len(table.deal.legal_cards()) > 1:
            break
        if table.status == "your_turn":
            table.play(min(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank)))
    coach = Coach(table)
    advice = coach.show_hint()
    assert advice is not None and advice.exact and advice.shown
    # the Traversone is a perdere: the fewer points the better
    assert "<th>Your points (fewer is better)</th>" in coach.output.value
    SETTINGS.lang = "it"
    assert "<th>I tuoi punti (meno sono, meglio è)</th>" in coach.output.value
    assert "coppia" not in coach.output.value
    assert "<th>Points for your side</th>" in hint_html(advice, "en")  # with partners
    # how the values were found is folded under them, for whoever asks
    folded = re.search(r'<details class="tl-coach-how"><summary>How this was worked out'
                       r'</summary><p class="tl-coach-method">([^<]+)</p></details>$',
                       hint_html(advice, "en"))
    assert folded is not None and folded[1].startswith("Exact")
    assert "<summary>Come è stato calcolato</summary>" in hint_html(advice, "it")


def test_the_review_lists_declarations_not_made_and_signals_in_each_language():
    result = review(BLUNDER, "N")  # N kept its napoletana quiet and led nine times silently,
    # with a true busso at eight of those leads
    headings = {"en": ("Declarations not made in time:", "Signals (an estimate"),
                "it": ("Accusi non fatti in tempo:", "Segnali (stima")}
    for lang, (declarations, signals) in headings.items():
        markup = review_html(result, lang)
        text = html.unescape(markup)
        assert declarations in text and signals in text
        assert result.declarations[0].phrase.get(lang) in text
        listed = re.search(r'<ul class="tl-coach-signals">(.*?)</ul>', markup)
        assert listed is not None and listed.group(1).count("<li>") == 8
        assert all(note.phrase.get(lang) in text for note in result.signals)
        check_texts(markup)


def test_the_coach_shows_the_learners_silent_leads_and_nothing_when_all_was_said():
    table = finished(9, min)  # the learner never signals; a busso was true at one lead
    coach = Coach(table)
    shown = coach.show_review()
    assert shown is not None and shown.signals
    assert html.unescape(coach.output.value).count("was led without a signal") == \
        len(shown.signals)
    SETTINGS.lang = "it"
    assert "senza segnale" in html.unescape(coach.output.value)
    deal = Deal.new(Rules.preset("standard"), seed=4)
    club = make_player("club")  # declares everything and signals every lead
    play_deal(deal, {seat: club for seat in deal.seats})
    markup = review_html(review(deal, "S", exact_limit=0), "en")
    assert "tl-coach-declarations" not in markup and "tl-coach-signals" not in markup


def test_a_traversone_review_says_first_which_tricks_it_judges() -> None:
    deal = Deal.new(Rules.preset("traversone"), seed=3)
    club = make_player("club")
    play_deal(deal, {seat: club for seat in deal.seats})
    for lang, words in (("en", "Your cards in the first 2 tricks are not judged"),
                        ("it", "Le tue carte delle prime 2 prese non vengono giudicate")):
        markup = html.unescape(review_html(review(deal, "S"), lang))
        assert markup.startswith(f'<p class="tl-coach-unjudged">{words}'), markup[:200]
    standard = review_html(review(Deal.new(Rules.preset("standard"), seed=4), "S"), "en")
    assert "tl-coach-unjudged" not in standard


def test_a_forced_card_gets_its_reason_and_no_estimate() -> None:
    table = Table(seed=0, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":
            if len(table.deal.legal_cards()) == 1 and len(table.deal.tricks) < 9:
                break
            table.play(max(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank)))
    else:
        pytest.fail("no forced card before the last trick")
    coach = Coach(table)
    advice = coach.show_hint()
    assert advice is not None and advice.card == table.deal.legal_cards()[0]
    text = html.unescape(coach.output.value)
    assert advice.explanation.get("en") in text
    assert "Estimate" not in text and "Exact" not in text and "tl-coach-values" not in text


def _my_lead_with_a_combo_to_declare(seed: int) -> Table | None:
    """The learner leads while a combination may still be declared (or None)."""
    table = Table(seed=seed, delay_ms=0)
    for _ in range(12):
        table.run()
        if table.status == "trick_done":
            table.next_trick()
            continue
        if table.status != "your_turn":
            return None
        if table.undeclared() and not table.deal.current:
            return table
        if table.deal.tricks and not table.undeclared():
            return None
        table.play(next(iter(table.deal.legal_cards())))
    return None


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_hint_says_to_declare_first_while_a_combination_waits(lang):
    """"Next trick" without declaring lost the declaration with no word from the hint."""
    table = next(t for seed in range(300) if (t := _my_lead_with_a_combo_to_declare(seed)))
    SETTINGS.lang = lang
    coach = Coach(table)
    coach.show_hint()
    said = html.unescape(coach.output.value)
    assert ("Before you play, declare" if lang == "en" else "Prima di giocare, accusa") in said
    assert said.index("tl-coach-declare") < said.index("tl-coach-card")
    for choice in list(table.state["declare"]):
        table.declare(choice["id"])
    coach.show_hint()
    assert "tl-coach-declare" not in coach.output.value


def test_the_hint_leaves_the_page_once_a_card_is_played_and_stays_while_declaring():
    """A hint asked at trick 1 still read "Play the Ace of swords" at the end of the deal."""
    table = next(t for seed in range(300) if (t := _my_lead_with_a_combo_to_declare(seed)))
    coach = Coach(table)
    advice = coach.show_hint()
    assert advice is not None
    for choice in list(table.state["declare"]):
        table.declare(choice["id"])
    assert "tl-coach-card" in coach.output.value and coach.last_hint is advice
    table.play(advice.card)
    assert coach.output.value == "" and coach.last_hint is None
    SETTINGS.lang = "it"  # a new language does not bring the old hint back
    assert coach.output.value == ""


def _my_lead(seed: int) -> Table | None:
    """The table at the learner's first lead (None if the deal ends first)."""
    table = Table(seed=seed, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":
            if not table.deal.current:
                return table
            table.play(next(iter(table.deal.legal_cards())))
    return None


def test_a_hinted_lead_with_a_signal_says_it_and_chooses_it_on_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint said "Play the Ace of swords" and the review then priced the busso."""
    table, card = next((t, c) for seed in range(60) for t in [_my_lead(seed)]
                       if t is not None for c in t.deal.legal_cards() if t.deal.good_signal(c))
    signal = table.deal.good_signal(card)
    found = hint(table.view(), seed=0)  # a hint on that lead, whatever the time allowed
    monkeypatch.setattr("tressette_learn.ui.coach.hint", lambda view, seed: dataclasses.replace(
        found, card=card, signal=signal))
    coach = Coach(table)
    advice = coach.show_hint()
    assert advice is not None and advice.signal == signal
    assert f"Lead {card_name(card, 'en')} with a {signal}." in html.unescape(coach.output.value)
    chosen = [s["value"] for s in table.state["signals"] if s["selected"]]
    assert chosen == [signal], table.state["signals"]


def hinted_to_the_end(seed: int, follow: bool, left: int = 4) -> tuple[Coach, dict]:
    """A deal where the learner plays the lowest card until ``left`` tricks remain, then
    asks for a hint each turn and plays its card (``follow``) or the top card; returns the
    coach and each hint by the cards played before it."""
    table = Table(seed=seed, delay_ms=0)
    coach, hints = Coach(table), {}
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status != "your_turn":
            continue
        lowest = min(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank))
        if table.deal.rules.tricks_per_deal - len(table.deal.tricks) > left:
            table.play(lowest)
            continue
        advice = coach.show_hint()
        assert advice is not None
        hints[table.deal.played_mask.bit_count()] = advice
        if not follow and table.signal is not None:
            table.choose_signal(table.signal)  # the hint's signal, chosen again: off
        top = max(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank))
        table.play(advice.card if follow else top)
    return coach, hints


def test_a_mistake_made_with_an_exact_hints_card_says_it_was_right_on_the_learners_view():
    coach, hints = hinted_to_the_end(7, follow=True)
    result = coach.show_review()
    assert result is not None
    hinted = [p for p in result.mistakes if p.number in hints]
    assert hinted, "seed 7: the exact hint's Two of swords costs a point with every card seen"
    items = re.findall(r'<li class="tl-coach-mistake" data-card="(\w+)">(.*?)</li>',
                       coach.output.value)
    notes = {card: html.unescape(text) for card, text in items}
    for play in hinted:
        advice = hints[play.number]
        assert advice.exact and advice.card == play.card
        assert (f"This was the hint's card, and on what you could see it was right: over all "
                f"{advice.deals} deals that fit") in notes[str(play.card)]
    for play in result.mistakes:
        if play.number not in hints:
            assert "hint's card" not in notes[str(play.card)]
    SETTINGS.lang = "it"
    assert "Era la carta del suggerimento, e con quello che vedevi era giusta" in \
        html.unescape(coach.output.value)
    check_texts(coach.output.value)


def test_a_mistake_the_hint_did_not_give_says_nothing_of_the_hint():
    coach, hints = hinted_to_the_end(10, follow=False)
    result = coach.show_review()
    assert result is not None
    items = re.findall(r'<li class="tl-coach-mistake" data-card="(\w+)">(.*?)</li>',
                       coach.output.value)
    notes = {card: "tl-coach-hinted" in text for card, text in items}
    against = [p for p in result.mistakes if p.number in hints and hints[p.number].card != p.card]
    assert against, "seed 10: the top card, played against the hint, costs points"
    assert notes == {str(p.card): p.number in hints and hints[p.number].card == p.card
                     for p in result.mistakes}


def test_a_perdere_the_review_says_the_cards_cost_you_points_not_gave_them_away():
    table = Table("a_perdere", seed=3, delay_ms=0)
    while table.status != "over":
        table.run()
        table.next_trick()
        if table.status == "your_turn":  # the top card: points taken a perdere
            table.play(max(table.deal.legal_cards(), key=lambda c: (c.thirds, c.rank)))
    coach = Coach(table)
    result = coach.show_review()
    assert result is not None and result.mistakes
    text = html.unescape(coach.output.value)
    assert f"Your cards cost you {result.total_cost} point" in text and "gave away" not in text
    assert "the points you take count against you" in text
    SETTINGS.lang = "it"
    text = html.unescape(coach.output.value)
    assert "Le tue carte ti sono costat" in text and "regalato" not in text
