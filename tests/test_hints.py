"""Hints: a legal card among the best-valued for the seat to play, exact only when every
deal that fits the view was solved (checked against a brute-force enumeration solved by the
pure-Python reference), estimated otherwise with the cards it cannot tell apart named and no
cost it cannot back; a true signal, a reason in both languages, from the seat's view only;
and a hint in a fresh process never waits for the compiled solver."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from learner_text import check_sentence
from test_inference import all_consistent
from test_players import _swapped, _swaps

from tressette_learn.ai import RulesPlayer
from tressette_learn.ai.hints import FALLBACK_DEALS, FALLBACK_TRICKS, Hint, hint, warm_up
from tressette_learn.ai.inference import DealSampler, InferenceError, knowledge_from_view
from tressette_learn.ai.pimc import prefer
from tressette_learn.ai.solve import position_from_view, reference_card_values
from tressette_learn.engine import Deal, PlayerView, Rules
from tressette_learn.engine.seats import seats_for
from tressette_learn.i18n import cards_names, t

ROOT = Path(__file__).resolve().parent.parent


class Spot:
    """One decision: the deal at that moment (a copy), the seat's view and its hint."""

    def __init__(self, deal: Deal, view: PlayerView, found: Hint):
        self.deal = deal
        self.view = view
        self.hint = found

    @property
    def left(self) -> int:
        return self.view.rules.tricks_per_deal - len(self.view.tricks)


def club_deal(preset: str, seed: int) -> list[tuple[Deal, PlayerView]]:
    """Every decision of a deal played by club players: (a copy of the deal, the view)."""
    rules = Rules.preset(preset)
    deal = Deal.new(rules, dealer=seats_for(rules.players)[seed % rules.players], seed=seed)
    club = RulesPlayer()
    out = []
    while not deal.is_over():
        if deal.declaration_window() and not deal.declarations:
            for seat in deal.seats:
                for decl in deal.available_declarations(seat):
                    deal.declare(decl)
        assert deal.to_play is not None
        view = deal.view(deal.to_play)
        out.append((deal.copy(), view))
        decision = club.choose(view)
        deal.play(decision.card, decision.signal)
    return out


@pytest.fixture(scope="module")
def spots() -> list[Spot]:
    """Hints at every decision of two standard deals, and at every third decision of a deal
    at some other presets."""
    warm_up(background=False)
    chosen = [*club_deal("standard", 1), *club_deal("standard", 2)]
    for preset in ("col_morto", "a_due", "a_perdere"):
        chosen.extend(club_deal(preset, 3)[::3])
    return [Spot(deal, view, hint(view, block=True)) for deal, view in chosen]


def test_the_hint_is_a_legal_card_for_the_seat_to_play(spots: list[Spot]) -> None:
    for spot in spots:
        assert spot.hint.card in spot.view.legal
        assert spot.deal.illegal_reason(spot.hint.card) is None


def test_a_hint_is_refused_when_it_is_not_the_seats_turn() -> None:
    deal = Deal.new(Rules.preset("standard"), seed=4)
    for seat in deal.seats:
        if seat != deal.to_play:
            with pytest.raises(ValueError, match="turn"):
                hint(deal.view(seat))
    while not deal.is_over():
        deal.play(deal.legal_cards()[0])
    with pytest.raises(ValueError, match="turn"):
        hint(deal.view(deal.seats[0]))


def fitting_deals(view: PlayerView) -> int:
    return sum(1 for _ in DealSampler(knowledge_from_view(view)).deals())


def test_exact_only_when_every_fitting_deal_was_solved(spots: list[Spot]) -> None:
    kinds = set()
    for spot in spots:
        found = spot.hint
        kinds.add(found.exact)
        assert found.to_json()["method"] == found.method == ("exact" if found.exact
                                                            else "estimated")
        assert found.deals >= 1 or found.basis == "unseparated.none"
        if found.exact:
            assert found.deals == found.possible == fitting_deals(spot.view)
            assert found.confidence == 1 and all(m == 0 for m in found.margins)
        else:
            assert found.confidence == 0.95
        four = spot.view.rules.players == 4
        if four and spot.left <= 3:
            assert found.exact, spot.left  # the last three tricks are always exact
        if four and spot.left >= 9:
            assert not found.exact
    assert kinds == {True, False}


def test_an_estimate_never_says_exact(spots: list[Spot]) -> None:
    estimated = [s.hint for s in spots if not s.hint.exact]
    assert estimated
    for found in estimated:
        data = found.to_json()
        assert data["method"] == "estimated" and found.basis in (
            "estimated", "unseparated", "unseparated.close", "unseparated.none",
            "estimated.quick", "unseparated.quick", "unseparated.close.quick")
        assert "exact" not in data["en"].lower() and "esatt" not in data["it"].lower()
        assert found.explanation.cost is None or found.explanation.cost.key == \
            "explain.cost.sampled"


def test_the_values_cover_every_legal_card_once(spots: list[Spot]) -> None:
    for spot in spots:
        cards = [e.card for e in spot.hint.values]
        assert sorted(cards) == sorted(spot.view.legal) or not cards and spot.left > 7


def test_the_recommended_card_is_the_best_of_its_values(spots: list[Spot]) -> None:
    club = RulesPlayer()
    for spot in spots:
        found = spot.hint
        if not found.separated:
            continue
        rules = spot.view.rules
        keys = {e.card: e.key(rules) for e in found.values}
        assert sorted(keys.values()) == [keys[e.card] for e in found.values]  # best first
        assert [keys[c] for c in found.equal] == sorted(keys[c] for c in found.equal)
        assert found.card in found.equal
        top = [e.card for e in found.values if e.key(rules) == found.values[0].key(rules)]
        assert found.card == prefer(spot.view, top, club.choose(spot.view).card)
        if found.exact:
            assert found.equal[0] == found.values[0].card
            best = found.values[0].points
            for e in found.values:
                assert (abs(e.points - best) < 1e-9) == (e.card in found.equal)


def test_a_signal_is_true_and_only_on_a_lead(spots: list[Spot]) -> None:
    signals = 0
    for spot in spots:
        signal = spot.hint.signal
        if signal is None:
            continue
        signals += 1
        assert not spot.view.current_trick and spot.view.rules.signals
        assert spot.deal.signal_reason(spot.hint.card, signal) is None
        spot.deal.copy().play(spot.hint.card, signal)  # the engine accepts it
    assert signals >= 1


def test_the_reason_is_given_in_english_and_italian(spots: list[Spot]) -> None:
    for spot in spots:
        why = spot.hint.explanation
        en, it = why.get("en"), why.get("it")
        assert en.strip() and it.strip()
        assert en != it
        for text in (en, it):  # a sentence naming cards, never by their code
            check_sentence(text)
        data = spot.hint.to_json()
        assert (data["en"], data["it"], data["card"]) == (en, it, str(spot.hint.card))


def stated_cost(found: Hint) -> float | None:
    cost = found.explanation.cost
    if cost is None:
        return None
    amount = cost.facts["cost"]
    return amount.facts["n"] / 3 if amount.key.endswith("thirds") else amount.facts["x"]


def test_a_cost_is_stated_only_where_the_values_back_it(spots: list[Spot]) -> None:
    stated = {True: 0, False: 0}
    for spot in spots:
        found = spot.hint
        said = stated_cost(found)
        if not found.separated:
            assert said is None  # no values shown, no cost
            continue
        mine = next(e.points for e in found.values if e.card == found.card)
        worse = [(mine - e.points, m) for e, m in zip(found.values, found.margins, strict=True)
                 if e.card not in found.equal and mine - e.points > m]
        if spot.view.rules.a_perdere:
            worse = [(e.points - mine, m) for e, m in zip(found.values, found.margins,
                                                          strict=True)
                     if e.card not in found.equal and e.points - mine > m]
        if said is None:
            assert not worse or max(w for w, _ in worse) < 0.05
            continue
        stated[found.exact] += 1
        key = "explain.cost.average" if found.exact else "explain.cost.sampled"
        assert found.explanation.cost is not None and found.explanation.cost.key == key
        assert worse and said == pytest.approx(max(w for w, _ in worse), abs=0.051)
    assert stated[True] and stated[False]


def test_equal_cards_are_named_and_every_card_equal_costs_nothing(spots: list[Spot]) -> None:
    named = every = 0
    for spot in spots:
        found = spot.hint
        equal = found.explanation.equal
        if not found.separated:
            continue  # tests/test_hint_depth.py
        if len(found.equal) < 2:
            assert equal is None
            continue
        assert equal is not None
        kind = "exact" if found.exact else "about"
        if len(found.equal) == len(spot.view.legal) > 2:
            every += 1
            assert equal.key == f"explain.equal.{kind}.every"
            assert found.explanation.cost is None
        else:
            named += 1
            assert equal.key == f"explain.equal.{kind}"
            for lang in ("en", "it"):
                names = cards_names(equal.facts["cards"], lang)  # "The Four and the Five..."
                assert names[:1].upper() + names[1:] in found.explanation.get(lang)
            assert set(equal.facts["cards"]) == set(found.equal)
    assert named and every


def test_at_the_last_trick_the_hint_is_the_only_card(spots: list[Spot]) -> None:
    last = [s for s in spots if len(s.view.legal) == 1]
    assert last
    for spot in last:
        (only,) = spot.view.legal
        assert spot.hint.card == only and spot.hint.forced
        assert [e.card for e in spot.hint.values] in ([only], [])


def test_the_same_view_and_seed_give_the_same_hint(spots: list[Spot]) -> None:
    for spot in spots[::7]:
        again = hint(spot.view, seed=0, block=True)
        assert again.to_json() == spot.hint.to_json()


def test_the_hint_ignores_cards_the_seat_cannot_see(spots: list[Spot]) -> None:
    rng = random.Random(6)
    compared = 0
    for spot in spots[::3]:
        if spot.view.rules.players == 2:
            continue
        for a, b in list(_swaps(spot.deal, spot.view, rng))[:1]:
            twin = _swapped(spot.deal, a, b)
            if twin is None:
                continue
            other = twin.view(spot.view.seat)
            assert other == spot.view
            assert hint(other, block=True).to_json() == spot.hint.to_json()
            compared += 1
    assert compared >= 8


FRESH_SCRIPT = """
import json, random, sys
from tressette_learn.ai.hints import hint
from tressette_learn.ai.solve import batch_ready
from tressette_learn.engine import Deal, Rules

out = []
for seed, preset in enumerate(["standard", "col_morto", "a_due", "a_perdere"]):
    deal = Deal.new(Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    while not deal.is_over():
        if deal.declaration_window() and not deal.declarations:
            for seat in deal.seats:
                for decl in deal.available_declarations(seat):
                    deal.declare(decl)
        view = deal.view(deal.to_play)
        left = deal.rules.tricks_per_deal - len(deal.tricks)
        if not deal.current or len(view.legal) == 1:
            ready = batch_ready()
            found = hint(view, block=False)
            out.append({"left": left, "ready": ready, "exact": found.exact,
                        "basis": found.basis, "deals": found.deals,
                        "possible": found.possible, "legal": found.card in view.legal,
                        "values": not found.values or sorted(
                            map(str, (e.card for e in found.values)))
                                  == sorted(map(str, view.legal))})
        deal.play(rng.choice(list(deal.legal_cards())))
print(json.dumps(out))
sys.stdout.flush()
"""


# the static site's Pyodide: no numpy, no numba, no thread can start (runtime.IN_BROWSER)
BROWSER_PRELUDE = """
import sys, threading
sys.modules["numpy"] = sys.modules["numba"] = None
def refused(self): raise RuntimeError("can't start new thread")
threading.Thread.start = refused
import tressette_learn.runtime
tressette_learn.runtime.IN_BROWSER = True
"""


@pytest.mark.parametrize("where", ["server", "browser"])
def test_a_hint_without_blocking_never_raises_in_a_fresh_process(where: str) -> None:
    prelude = BROWSER_PRELUDE if where == "browser" else ""
    with tempfile.TemporaryDirectory() as cache:  # an empty numba cache: the core compiles
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        run = subprocess.run([sys.executable, "-c", prelude + FRESH_SCRIPT], env=env,
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout.strip().splitlines()[-1])
    assert all(r["legal"] and r["values"] for r in rows)
    cold = [r for r in rows if not r["ready"]]
    if where == "browser":
        assert cold == rows
    near = FALLBACK_TRICKS
    assert any(r["left"] > near for r in cold) and any(r["left"] <= near for r in cold)
    for r in cold:  # without the core: the reference near the end when few deals fit
        assert r["basis"] in (("exact.one", "exact", "unseparated.none") if r["left"] <= near
                              else ("unseparated.none",))
        if r["exact"]:  # every fitting deal, when there are few
            assert r["deals"] == r["possible"] <= FALLBACK_DEALS
        else:  # else the club player's card, on no deal (a few cannot separate cards)
            assert r["deals"] == 0 and r["possible"] > FALLBACK_DEALS or r["left"] > near


def brute_force_means(view: PlayerView) -> tuple[int, dict[str, float]]:
    """Every placement of the hidden cards that fits (itertools over the unseen cards),
    each solved by the pure-Python reference: the number of deals and each card's mean
    points for the mover's side."""
    knowledge = knowledge_from_view(view)
    deals = all_consistent(knowledge)
    totals: dict[str, float] = {}
    for hands in deals:
        pos = position_from_view(view, dict(hands))
        for value in reference_card_values(pos):
            name = str(value.card)
            totals[name] = totals.get(name, 0.0) + value.points
    return len(deals), {name: total / len(deals) for name, total in totals.items()}


def three_tricks_left(preset: str, seed: int, plays: int) -> PlayerView:
    """A club-played deal stopped with 3 tricks to go and ``plays`` cards of the trick."""
    for deal, view in club_deal(preset, seed):
        if deal.rules.tricks_per_deal - len(deal.tricks) == 3 and len(deal.current) == plays:
            return view
    raise AssertionError("no such moment")


@pytest.mark.parametrize(("preset", "seed", "plays"),
                         [("standard", 5, 0), ("standard", 6, 1), ("a_perdere", 7, 2),
                          ("col_morto", 8, 3)])
def test_exact_at_three_tricks_left_is_the_best_by_full_enumeration(
        preset: str, seed: int, plays: int) -> None:
    warm_up(background=False)
    view = three_tricks_left(preset, seed, plays)
    found = hint(view, block=True)
    count, means = brute_force_means(view)
    assert found.exact and found.deals == found.possible == count
    assert {str(e.card): e.points for e in found.values} == pytest.approx(means, abs=1e-9)
    best = view.rules.best(means.values())
    assert means[str(found.card)] == pytest.approx(best, abs=1e-9)
    assert {str(c) for c in found.equal} == {c for c, m in means.items()
                                            if abs(m - best) < 1e-9}


def test_a_view_no_deal_fits_is_refused() -> None:
    _, view = club_deal("standard", 9)[8]
    sizes = dict(view.hand_sizes)
    other = next(seat for seat in sizes if seat != view.seat)
    sizes[other] += 1  # a forged view: one card too many
    forged = dataclasses.replace(view, hand_sizes=sizes)
    with pytest.raises(InferenceError, match="no deal fits"):
        hint(forged, block=True)


def test_a_budget_must_be_positive() -> None:
    _, view = club_deal("standard", 9)[8]
    for budget in (0, -5, float("nan")):
        with pytest.raises(ValueError, match="budget_ms"):
            hint(view, budget_ms=budget)


def test_a_hint_with_a_tiny_budget_is_still_a_legal_estimate() -> None:
    warm_up(background=False)
    _, view = club_deal("standard", 9)[16]  # trick 5: six tricks to go
    found = hint(view, block=True, budget_ms=1)
    assert found.card in view.legal and not found.exact and found.deals >= 1
    assert found.card in found.equal


def test_each_for_himself_only_an_exact_hint_gives_the_solvers_card() -> None:
    """At the Traversone the solver's card on deals drawn at random did worse than the club
    player's (``benchmarks/strength_alone.py``): only an exact hint gives it there."""
    warm_up(background=False)
    bases = set()
    for _, view in club_deal("traversone", 1) + club_deal("traversone", 2):
        found = hint(view, block=True)
        if found.forced:
            continue
        bases.add(found.basis)
        if found.exact:
            best = max(e.points * -1 for e in found.values)  # a perdere: the fewest points
            assert -next(e.points for e in found.values if e.card == found.card) == best
            continue
        assert found.card == RulesPlayer().choose(view).card and not found.shown
        if found.basis == "unseparated.alone":
            assert "with each player for himself" in found.explanation.get("en")
            assert "quando ciascuno gioca per sé" in found.explanation.get("it")
            check_sentence(found.explanation.get("it"))
            for lang, words in (("en", "each for himself"), ("it", "ciascuno gioca per sé")):
                line = t(f"cli.{found.basis}", lang, deals=found.deals, seat=view.seat,
                         possible=found.possible)  # the command line's hint
                assert words in line and str(found.possible) in line
    assert {"exact", "unseparated.alone"} <= bases, bases
