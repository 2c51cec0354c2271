"""Hints early in a deal: never a card below another in the values shown; in the first two
tricks searched two tricks deep and played out by a quick rule after (never called solved
to the end); when too few deals could be solved to tell the cards apart, or the deals
solved show no card clearly better than the club player's, the hint says so plainly and
gives the club player's card with the club player's reason (no values shown). A lead
names the true signal to make with the card, in both languages."""

from __future__ import annotations

import html
import random
import re

import numpy as np
import pytest
from test_hints import club_deal

from tressette_learn.ai import RulesPlayer
from tressette_learn.ai.comparison import MIN_DEALS, Comparison
from tressette_learn.ai.early_bias import early_bias
from tressette_learn.ai.explain import explain
from tressette_learn.ai.heuristic import advise
from tressette_learn.ai.hint_search import DEEPER_DEALS, Search
from tressette_learn.ai.hints import Hint, hint, warm_up
from tressette_learn.ai.inference import DealSampler, knowledge_from_view
from tressette_learn.ai.solve import RowSolver
from tressette_learn.engine import PlayerView
from tressette_learn.i18n import cards_names, ordinal
from tressette_learn.ui.coach import hint_html

SIGNAL_WORDS = {"busso": ("with a busso", "bussando"), "volo": ("with a volo", "facendo il volo"),
                "striscio": ("with a striscio", "strisciando")}


@pytest.fixture(scope="module")
def early() -> list[tuple[PlayerView, Hint]]:
    """Every decision of the first five tricks of eight standard deals and two a perdere
    deals (club players at every seat), with its hint."""
    warm_up(background=False)
    out = []
    for preset, seeds in (("standard", range(11, 19)), ("a_perdere", range(21, 23))):
        for seed in seeds:
            for _, view in club_deal(preset, seed):
                if len(view.tricks) < 5:
                    out.append((view, hint(view, block=True)))
    return out


def test_the_recommended_card_is_never_below_another_in_its_table(
        early: list[tuple[PlayerView, Hint]]) -> None:
    shown = 0
    for view, found in early:
        html = hint_html(found, "en")
        table = re.findall(r'<tr data-card="(\w+)"[^>]*><td>[^<]*</td><td>([-\d.]+)</td>', html)
        assert [c for c, _ in table] == [str(e.card) for e in found.shown]
        if not table:
            continue
        shown += 1
        points = {c: float(p) for c, p in table}
        mine = next(e for e in found.shown if e.card == found.card)
        first = [e.key(view.rules) for e in found.shown].index(mine.key(view.rules))
        assert found.shown[first] == mine  # first of the cards with its very value
        for other in found.shown:  # better means more points, or fewer a perdere
            assert other.key(view.rules) >= mine.key(view.rules)
            better = points[str(other.card)] > points[str(found.card)]
            assert not (better if not view.rules.a_perdere else
                        points[str(other.card)] < points[str(found.card)])
    assert shown >= 20


def test_too_few_deals_give_the_club_card_and_say_so(
        early: list[tuple[PlayerView, Hint]]) -> None:
    unseparated = close = 0
    for view, found in early:
        if found.separated:
            assert found.exact or found.deals >= MIN_DEALS or found.forced
            continue
        unseparated += 1
        assert not found.exact and not found.shown
        advice = advise(view)
        assert found.card == advice.card == RulesPlayer().choose(view).card
        assert found.explanation.phrase == explain(view, advice.card).phrase  # the club's why
        if found.close:  # enough deals, but none clearly better than the club card
            close += 1
            assert found.basis.startswith("unseparated.close") and found.deals >= MIN_DEALS
            mine = next(e.points for e in found.values if e.card == found.card)
            for e, margin in zip(found.values, found.margins, strict=True):
                ahead = e.points - mine if not view.rules.a_perdere else mine - e.points
                assert ahead <= margin + 1e-9, (e, margin)
            words = (("no other card did clearly better", "Compared on"),
                     ("nessun'altra carta ha fatto chiaramente meglio", "Confronto su"))
        else:
            assert found.deals < MIN_DEALS
            words = (("too few deals", "Not compared"),
                     ("non ho giocato abbastanza" if found.quick else "non ho risolto abbastanza",
                      "Nessun confronto"))
        for lang, (why, method) in zip(("en", "it"), words, strict=True):
            if found.forced:
                continue
            assert why in found.explanation.get(lang)
            html = hint_html(found, lang)
            assert "tl-coach-values" not in html
            assert method in html
    assert unseparated >= 10  # a perdere's first tricks at least
    assert close >= 1


def test_the_first_tricks_solve_deals_only_where_they_are_cheap(
        early: list[tuple[PlayerView, Hint]]) -> None:
    first = [(view, found) for view, found in early if not view.tricks and len(view.legal) > 1]
    perdere = {found.basis for view, found in first if view.rules.a_perdere}
    assert "unseparated.none" in perdere  # a lead: not one deal within the first allowance
    for view, found in first:
        assert found.separated == (found.deals >= MIN_DEALS and not found.close)
        # to take points: two tricks searched, the rest played out by the quick rule
        assert found.quick == (not view.rules.a_perdere) == (found.searched_to == 2)
        if found.quick:
            assert found.deals >= MIN_DEALS


def test_a_quick_hint_says_what_it_did_and_never_solved_to_the_end(
        early: list[tuple[PlayerView, Hint]]) -> None:
    quick = [(view, found) for view, found in early if found.quick and not found.forced]
    assert len(quick) >= 50
    for view, found in early:  # the first two tricks, to take points
        assert found.quick == (len(view.tricks) < 2 and not view.rules.a_perdere
                               and found.deals > 0 and not found.exact)
    assert {found.basis for _, found in quick} >= {"estimated.quick"}
    marked = 0
    for view, found in quick:
        assert found.searched_to == len(view.tricks) + 2
        assert found.to_json()["evaluation"] == "quick"
        for lang, words, never in (
                ("en", f"end of trick {found.searched_to}", ("each solved to the end",
                                                      "Played out to the end")),
                ("it", f"fino alla {ordinal(found.searched_to, 'it')} presa compresa",
                 ("ho risolto fino alla fine", "risolte fino alla fine", "fino in fondo"))):
            page = hint_html(found, lang)
            assert words in page and "regola pratica veloce" in page if lang == "it" \
                else words in page and "quick rule of thumb" in page
            assert not any(n in page for n in never), (lang, page)
            # high cards led early, or a Three taking the first trick, were valued lower
            # (early_bias), and the hint says which
            assert found.marked_down_follows == bool(view.current_trick)
            spec = "con" if found.marked_down_follows else "con or" if lang == "it" else "or"
            said = bool(found.marked_down) \
                and cards_names(found.marked_down, lang, spec) in html.unescape(page)
            assert said == bool(found.marked_down and found.shown), (lang, page)
            marked += said
    assert marked >= 2


def test_a_lead_names_the_true_signal_in_both_languages(
        early: list[tuple[PlayerView, Hint]]) -> None:
    named = set()
    for view, found in early:
        en, it = found.advice.get("en"), found.advice.get("it")
        if found.signal is None:
            leading = not view.current_trick
            assert en.startswith("Lead " if leading else "Play ")
            assert it.startswith("Esci con " if leading else "Gioca ")
            continue
        assert not view.current_trick
        named.add(found.signal)
        assert en.startswith("Lead ") and SIGNAL_WORDS[found.signal][0] in en
        assert it.startswith("Esci con ") and SIGNAL_WORDS[found.signal][1] in it
        assert f">{en}<" in hint_html(found, "en")
    assert "busso" in named and len(named) >= 2


def test_no_signal_is_named_to_ones_own_dummy() -> None:
    warm_up(background=False)
    checked = 0
    for _, view in club_deal("col_morto", 5):
        if view.current_trick or view.dummy not in (view.seat, view.seat.partner):
            continue
        found = hint(view, block=True)
        assert found.signal is None and found.advice.get("en").startswith("Lead ")
        checked += 1
    assert checked >= 3


def test_the_cards_in_the_lead_are_searched_a_trick_deeper_on_the_same_deals(
        early: list[tuple[PlayerView, Hint]]) -> None:
    """A quick hint searches its closest cards one trick further on the first of the deals
    it drew: a card's value is its average there, moved by how much its quick average on
    every deal differs from the one on those first deals; the hint says so in both
    languages, with the count of deals searched deeper when it is not all of them."""
    deepened = some = corrected = 0
    for view, found in early:
        if not found.deeper:
            continue
        deepened += 1
        assert found.quick and len(found.deeper) >= 2 and found.card in found.deeper
        assert DEEPER_DEALS <= found.deeper_deals <= found.deals
        # the same deals, drawn again from the hint's seed (0)
        sampler, rng = DealSampler(knowledge_from_view(view)), random.Random(0)
        deals = [sampler.draw_fitting(rng) for _ in range(found.deals)]
        horizon = found.searched_to - len(view.tricks) + 1
        first = deals[:found.deeper_deals]
        deep = RowSolver(view, horizon).solve(first, 0, found.deeper)
        quick = RowSolver(view, horizon - 1).solve(deals, 0, deep.cards).points
        # less what each depth overvalues in an early high card (early_bias)
        lowered = deep.points - early_bias(view, deep.cards, horizon)
        corrected += any(early_bias(view, deep.cards, horizon))
        moved = quick.mean(axis=0) - quick[:len(first)].mean(axis=0)
        values = {e.card: e.points for e in found.values}
        for card, mean in zip(deep.cards, lowered.mean(axis=0) + moved, strict=True):
            assert values[card] == pytest.approx(mean)
        assert max(values.values()) == values[found.card]
        if not found.separated:
            continue
        some += found.deeper_deals < found.deals
        for lang, trick, count in (
                ("en", f"end of trick {found.searched_to + 1}",
                 f"on the first {found.deeper_deals} deals"),
                ("it", f"fino alla {ordinal(found.searched_to + 1, 'it')} presa compresa",
                 f"sulle prime {found.deeper_deals} distribuzioni")):
            method = html.unescape(re.search(r'tl-coach-method">([^<]*)<',
                                             hint_html(found, lang))[1])
            assert trick in method and cards_names(found.deeper, lang) in method, lang
            assert (count in method) == (found.deeper_deals < found.deals), (lang, method)
    assert deepened >= 10 and some >= 3 and corrected >= 1



def test_the_cards_not_searched_deeper_keep_their_lead_over_the_races_best() -> None:
    """After the deeper search a card left out of it is as far behind the race's best card
    as the quick values put it (its lead over another close card would move it by that
    card's luck on the deeper deals); a card dropped during the race is never above the
    best card, nor recommended."""
    warm_up(background=False)
    checked = dropped = 0
    for seed in range(11, 23):
        for _, view in club_deal("standard", seed):
            if len(view.tricks) > 1:
                continue
            search = Search(view, DealSampler(knowledge_from_view(view)), random.Random(seed))
            verdict = search.run()
            if verdict is None or not verdict.deeper:
                continue
            race_rows = np.concatenate(search.blocks)
            race = Comparison(search.solver.cards, race_rows, dropped=search.dropped)
            best = search.solver.cards.index(race.best())
            values = {e.card: e.points for e in verdict.comparison.estimates()}
            top = max(values[c] for c in verdict.deeper)
            for j, card in enumerate(search.solver.cards):
                if card in search.dropped:
                    dropped += 1
                    assert values[card] <= top
                elif card not in verdict.deeper:
                    checked += 1
                    lead = np.mean(race_rows[:, j] - race_rows[:, best])
                    assert values[card] - values[race.best()] == pytest.approx(lead)
            assert verdict.comparison.best() in verdict.deeper
    assert checked >= 5 and dropped >= 20
