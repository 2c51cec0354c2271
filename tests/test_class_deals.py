"""Class deals: the teacher sets them on the dashboard, every learner of the class gets the
same deals on the play page, and the dashboard compares them deal by deal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_match_widget import play_deal

from tressette_learn.classroom.class_deals import compare_deals, deal_key
from tressette_learn.engine.cards import Card
from tressette_learn.engine.match import Match
from tressette_learn.engine.rules import Rules
from tressette_learn.i18n import t
from tressette_learn.store import Record, Store
from tressette_learn.ui.classroom import teacher
from tressette_learn.ui.classroom.class_match import ClassMatchPlay
from tressette_learn.ui.classroom.class_seed_box import ClassDealsBox
from tressette_learn.ui.classroom.recorder import Recorder
from tressette_learn.ui.classroom.teacher import TeacherDashboard
from tressette_learn.ui.settings import Settings


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'p.sqlite'}"


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(teacher, "WRONG_KEY_PAUSE", 0.0)


def hands(play: ClassMatchPlay) -> dict[str, str]:
    assert play.match is not None
    return {str(seat): str(play.match.deal.hand(seat)) for seat in play.match.deal.seats}


class Kernel:
    """One learner's play page (its own recorder), as in a kernel of its own."""

    def __init__(self, url: str, name: str, code: str, seed: int | None = None) -> None:
        self.recorder = Recorder(url, settings=Settings())
        self.recorder.page = "12_play"
        self.play = ClassMatchPlay(rec=self.recorder, seed=seed, delay_ms=0,
                                   settings=Settings())
        self.recorder.sign_in(name, code)

    def start(self, preset: str = "a_due") -> ClassMatchPlay:
        self.play.setup.level.value, self.play.setup.preset.value = "random", preset
        assert self.play.start() is None
        return self.play

    def close(self) -> None:
        self.recorder.close()


def pages(url: str) -> Iterator:
    """``open_(name, code)``: one learner's page; the one before is closed (each kernel
    hears only its own widgets, as in Voilà). ``open_.url`` is the store's."""
    opened: list[Kernel] = []

    def open_(name: str, code: str, seed: int | None = None) -> Kernel:
        if opened:
            opened[-1].close()
        opened.append(Kernel(url, name, code, seed))
        return opened[-1]

    open_.url = url  # type: ignore[attr-defined]
    yield open_
    if opened:
        opened[-1].close()


@pytest.fixture
def kernel(db: str) -> Iterator:
    """Learners' pages on a SQLite store."""
    yield from pages(db)


@pytest.fixture
def kernel_on(url: str) -> Iterator:
    """Learners' pages on SQLite and on PostgreSQL."""
    yield from pages(url)


# -- the play page --------------------------------------------------------------------------
def test_two_learners_of_the_class_get_the_same_deals(kernel_on) -> None:
    kernel = kernel_on
    Store(kernel.url).set_class_seed("3B", 1234)
    anna = kernel("Anna", "3B").start()
    first = hands(anna)
    play_deal(anna.table)
    assert anna.next_deal()
    second = hands(anna)
    luca = kernel("Luca", "3b").start()  # the code as typed
    assert hands(luca) == first
    play_deal(luca.table)
    assert luca.next_deal() and hands(luca) == second
    assert first != second
    expected = Match(Rules.preset("a_due").with_options(target=21), seed=1234)
    assert str(expected.deal.hand("S")) == first["S"]


def test_another_class_and_a_class_without_deals_get_their_own(db: str, kernel) -> None:
    Store(db).set_class_seed("3B", 1234)
    class_deal = hands(kernel("Anna", "3B").start())
    Store(db).set_class_seed("3C", 99)
    assert hands(kernel("Carla", "3C").start()) != class_deal
    Store(db).set_class_seed("3B", None)  # the teacher turns them off
    luca = kernel("Luca", "3B", seed=5).start()
    assert luca.match is not None and luca.match.seed == 5 and hands(luca) != class_deal
    assert luca.note.value == ""
    assert kernel("Marta", "3B").start().match.seed is None  # type: ignore[union-attr]


def test_a_class_match_resumed_in_a_new_page_still_deals_the_class_deals(db: str,
                                                                         kernel) -> None:
    Store(db).set_class_seed("3B", 1234)
    anna = kernel("Anna", "3B").start()
    play_deal(anna.table)
    assert anna.next_deal()
    second = hands(anna)
    again = kernel("Anna", "3B").play  # the page left and opened again: the match resumes
    assert again.match is not None and len(again.match.finished) == 1
    assert again.class_deals == 1234 and hands(again) == second
    assert again.next_deal()  # it was left between deals
    play_deal(again.table)
    items = [r["item"] for r in Store(db).rows() if r["kind"] == "class_deal"]
    assert items == [deal_key(1234, "a_due", 1), deal_key(1234, "a_due", 2)]


def test_once_the_class_deals_are_off_a_new_match_is_the_learners_own(db: str,
                                                                     kernel) -> None:
    Store(db).set_class_seed("3B", 1234)
    page = kernel("Anna", "3B")
    page.start()
    play_deal(page.play.table)
    # the cell run again while signed in: the new widget resumes the class match at once
    again = ClassMatchPlay(rec=page.recorder, delay_ms=0, settings=Settings())
    assert again.match is not None and again.class_deals == 1234
    Store(db).set_class_seed("3B", None)
    again.new_match()
    assert again.start() is None
    assert again.match.seed is None and again.class_deals is None
    assert again.note.value == ""


def test_the_page_says_the_class_deals_are_dealt(db: str, kernel) -> None:
    Store(db).set_class_seed("3B", 77)
    page = kernel("Anna", "3B")
    assert "Class deals (number 77)" in page.play.note.value
    page.play.settings.lang = "it"
    assert "Smazzate di classe (numero 77)" in page.play.note.value
    page.recorder.sign_out()
    assert page.play.note.value == ""


def test_a_class_deal_played_and_reviewed_is_stored_for_the_teacher(db: str, kernel) -> None:
    Store(db).set_class_seed("3B", 1234)
    anna = kernel("Anna", "3B").start("standard")
    play_deal(anna.table)
    assert anna.coach is not None
    review = anna.coach.show_review()
    assert review is not None
    (deal,) = compare_deals(Store(db).rows())
    assert (deal.class_code, deal.seed, deal.preset, deal.number) == ("3B", 1234, "standard", 1)
    (mine,) = deal.plays
    result = anna.match.results[0]  # type: ignore[union-attr]
    assert (mine.name, mine.level, mine.points, mine.against) == \
        ("Anna", "random", result.total("NS"), result.total("EW"))
    assert mine.cost == review.total_cost
    assert [(m.trick, m.card) for m in deal.mistakes] == \
        [(p.trick, p.card) for p in review.mistakes][:len(deal.mistakes)]


# -- the comparison ---------------------------------------------------------------------------
def deal_row(name: str, points: int, against: int, code: str = "3B", item: str = "") -> dict:
    return {"name": name, "class_code": code, "kind": "class_deal",
            "item": item or deal_key(1234, "standard", 1),
            "data": {"level": "club", "points": points, "against": against}}


def review_row(name: str, cost: int, *mistakes: tuple[int, str, list[str], int]) -> dict:
    return {"name": name, "class_code": "3B", "kind": "class_review",
            "item": deal_key(1234, "standard", 1),
            "data": {"cost": cost, "mistakes": [{"trick": t, "card": c, "best": b, "cost": x}
                                                for t, c, b, x in mistakes]}}


ROWS = [
    deal_row("Luca", 4, 7), deal_row("Anna", 7, 4), deal_row("Anna", 2, 9),  # her second try
    deal_row("Anna", 5, 6, item=deal_key(1234, "standard", 2)),
    deal_row("Marta", 1, 10, code="3C"),
    review_row("Anna", 3, (2, "Cs", ["7s", "4s"], 1), (6, "Rd", ["6c"], 2)),
    review_row("Luca", 4, (2, "Cs", ["4s", "7s"], 2), (5, "Ab", ["3b"], 2)),
    {"name": "Luca", "class_code": "3B", "kind": "class_deal", "item": "1234/nowhere/1",
     "data": {"points": 1, "against": 1}},  # forged: an unknown table
    {"name": "Luca", "class_code": "3B", "kind": "class_deal", "item": "1234/standard/3",
     "data": {"points": "many", "against": 1}},  # forged: points that are not a number
]


def test_each_class_deal_compares_the_learners_first_plays() -> None:
    deals = compare_deals(ROWS)
    assert [(d.class_code, d.number) for d in deals] == [("3C", 1), ("3B", 1), ("3B", 2)]
    first = deals[1]
    assert [(p.name, p.points, p.cost) for p in first.plays] == [("Anna", 7, 3.0),
                                                                ("Luca", 4, 4.0)]
    assert first.best.name == "Anna" and first.average == 5.5
    common = first.mistakes[0]
    assert (common.trick, common.card, common.names, common.cost) == \
        (2, Card.parse("Cs"), ("Anna", "Luca"), 1.5)
    assert [m.count for m in first.mistakes] == [2, 1, 1]


def test_the_latest_class_deals_come_first() -> None:
    newer = [deal_row("Anna", 3, 8, item=deal_key(77, "standard", n)) for n in (2, 1)]
    deals = compare_deals([deal_row("Anna", 7, 4), *newer])
    assert [(d.seed, d.number) for d in deals] == [(77, 1), (77, 2), (1234, 1)]


def test_at_a_perdere_the_fewest_points_are_best() -> None:
    item = deal_key(8, "a_perdere", 1)
    (deal,) = compare_deals([deal_row("Anna", 7, 4, item=item), deal_row("Luca", 3, 8, item=item)])
    assert deal.best.name == "Luca"


def test_the_dashboard_compares_the_class_deals_in_italian(db: str) -> None:
    store = Store(db)
    anna, luca = store.sign_in("Anna", "3B"), store.sign_in("Luca", "3B")
    for row in ROWS[:4] + ROWS[5:7]:
        who = anna if row["name"] == "Anna" else luca
        store.add(who, Record(row["kind"], "12_play", "match", row["item"], data=row["data"]))
    settings = Settings()
    settings.lang = "it"
    board = TeacherDashboard(store, key="k", settings=settings)
    board.unlock("k")
    board.refresh("3B")
    page = "".join(w.value for w in board.content.children
                   if isinstance(getattr(w, "value", None), str))
    assert "Le smazzate di classe a confronto" in page
    assert "Classe 3B · smazzate numero 1234 · Classico · smazzata 1" in page
    assert "Migliore: 7 (Anna); media: 5,5." in page
    assert ("Presa 2: il Cavallo di spade, giocato da Anna e Luca (perdita media: 1,5 punti). "
            "Meglio il Quattro o il Sette di spade.") in page
    assert "Circolo" in page and "club" not in page


# -- the teacher's switch ---------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["abc", "-5", "1e3", "2147483648", "12 34", "½", "²"])
def test_a_number_that_is_not_one_changes_nothing(db: str, typed: str) -> None:
    store = Store(db)
    store.set_class_seed("3B", 40)
    settings = Settings()
    settings.lang = "it"
    box = ClassDealsBox(store, "3B", settings)
    problem = box.set_number(typed)
    assert problem == "Il numero delle smazzate di classe è un numero intero da 0 a 2147483647."
    assert store.class_seed("3B") == 40 and problem in box.status.value


def test_the_teacher_sets_draws_and_turns_off_the_class_deals(db: str) -> None:
    store = Store(db)
    box = ClassDealsBox(store, "3B", Settings())
    assert "has no class deals" in box.status.value and box.off_button.disabled
    box.number.value = " 2024 "
    box.set_button.click()
    assert store.class_seed("3B") == 2024 and "number 2024" in box.status.value
    assert box.set_number("") is None
    drawn = store.class_seed("3B")
    assert drawn is not None and 1 <= drawn <= 9999
    box.off_button.click()
    assert store.class_seed("3B") is None and box.off_button.disabled


def test_a_class_code_is_typed_before_any_learner_of_it_signs_in(db: str) -> None:
    store = Store(db)
    box = ClassDealsBox(store, settings=Settings())
    assert "Type a class code" in box.status.value
    assert box.set_number("12") == box.turn_off() == t("teacher.class_deals.pick", "en")
    box.code.value = "4a!"
    assert box.set_number("12") == t("signin.error.class_code", "en", most=16)
    box.code.value = "4a"
    assert box.set_number("12") is None and store.class_seed("4A") == 12
    assert "Class 4A plays the class deals number 12" in box.status.value
    assert box.turn_off() is None and store.class_seed("4A") is None


def test_the_dashboard_offers_the_switch_for_the_class_chosen(db: str) -> None:
    store = Store(db)
    store.add(store.sign_in("Anna", "3B"), Record("answer", "01_deck", "b", "q", True))
    board = TeacherDashboard(store, key="k", settings=Settings())
    board.unlock("k")
    board.refresh("3B")
    (box,) = [w for w in board.content.children if isinstance(w, ClassDealsBox)]
    assert box.code.value == "3B"
    box.set_number("7")
    assert Store(db).class_seed("3B") == 7
