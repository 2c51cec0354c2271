"""The card table in real Chromium: computers play, the learner clicks, the kernel answers."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

MY_CARDS = ".tl-seat.tl-pos-bottom .tl-card"


def open_table(page: Page, open_notebook: Callable[..., Page]) -> None:
    open_notebook(page, "table", ".tl-table")
    # North and West play first, each after the table's short delay
    expect(page.locator('.tl-table[data-status="your_turn"]')).to_be_visible(timeout=20_000)


def play_legal(page: Page, keyboard: bool = False) -> str:
    """Play the learner's first legal card (click, or Tab focus and Enter); its name."""
    legal = page.locator(f"{MY_CARDS}.legal").first
    card = legal.get_attribute("data-card")
    assert card is not None
    if keyboard:
        legal.focus()
        page.keyboard.press("Enter")
    else:
        legal.click()
    expect(page.locator(f'.tl-trick .tl-played[data-seat="S"][data-card="{card}"]')).to_be_visible()
    return card


def test_an_illegal_card_shows_the_rule_and_stays_in_hand(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    illegal = page.locator(f"{MY_CARDS}.illegal").first
    card = illegal.get_attribute("data-card")
    illegal.click()
    message = page.locator(".tl-message.tl-error")
    expect(message).to_have_text(re.compile(
        r"^You must follow (coins|cups|swords|batons), the suit led: you hold the "
        r"(Ace|Two|Three|Four|Five|Six|Seven|Jack|Knight|King)\b.* of \1\.$"))
    expect(page.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(1)
    expect(page.locator(".tl-trick .tl-played")).to_have_count(2)
    assert console_errors == []


def test_a_refusal_is_worded_again_in_italian_when_the_learner_switches(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    page.locator(f"{MY_CARDS}.illegal").first.click()
    message = page.locator(".tl-message.tl-error")
    expect(message).to_contain_text("You must follow")
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(message).to_have_text(re.compile(
        r"^Devi rispondere a (denari|coppe|spade|bastoni), il seme di questa presa: hai "
        r"(il|l')\s?(Asso|Due|Tre|Quattro|Cinque|Sei|Sette|Fante|Cavallo|Re)\b.* di \1\.$"))
    assert console_errors == []


def test_a_legal_card_goes_to_the_trick_and_the_computers_finish_it(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    card = play_legal(page)
    expect(page.locator(f'{MY_CARDS}[data-card="{card}"]')).to_have_count(0)
    # East plays after the delay; the finished trick stays until "Next trick"
    expect(page.locator('.tl-table[data-status="trick_done"]')).to_be_visible(timeout=10_000)
    expect(page.locator(".tl-trick .tl-played")).to_have_count(4)
    expect(page.locator(".tl-trick .tl-winner")).to_have_count(1)
    page.locator(".tl-next").click()
    expect(page.locator('.tl-table[data-status="trick_done"]')).to_have_count(0)
    assert console_errors == []


def test_the_keyboard_plays_a_card(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    play_legal(page, keyboard=True)
    assert console_errors == []


def test_the_table_switches_to_italian(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    open_table(page, open_notebook)
    page.locator(".tl-lang-switch").get_by_role("button", name="Italiano").click()
    expect(page.locator(".tl-status")).to_contain_text("Tocca a te")
    page.locator(f"{MY_CARDS}.illegal").first.click()
    expect(page.locator(".tl-message.tl-error")).to_contain_text("Devi rispondere a")
    assert console_errors == []


# A table's tree with its attributes in a fixed order: two drawings of one state compare equal.
TREE = """(table) => {
  const attrs = (node) => [...node.attributes].map((a) => `${a.name}=${a.value}`).sort();
  const text = (node) => node.nodeType === Node.TEXT_NODE ? node.data
    : `<${node.nodeName} ${attrs(node).join(" ")}>${[...node.childNodes].map(text).join("")}</>`;
  return text(table);
}"""


SETTLED = re.compile("your_turn|trick_done|over")  # nothing changes until the learner acts


def assert_same_as_a_fresh_drawing(page: Page) -> None:
    """Draw the table again from scratch and compare it with the one redrawn card by card
    (once the computers have finished playing)."""
    tables = page.locator(".tl-table")
    expect(tables.first).to_have_attribute("data-status", SETTLED)
    page.locator(".tl-test-again").click()
    expect(tables).to_have_count(2)
    step = tables.first.get_attribute("data-step")
    expect(tables.nth(1)).to_have_attribute("data-step", step or "")
    redrawn, fresh = (tables.nth(i).evaluate(TREE) for i in (0, 1))
    assert redrawn == fresh


def act(page: Page, locator: Locator) -> None:
    """Click ``locator`` and wait until the table has moved on (its step changes)."""
    step = page.locator(".tl-table").first.get_attribute("data-step") or ""
    locator.click()
    expect(page.locator(".tl-table").first).not_to_have_attribute("data-step", step)


def test_every_redraw_matches_a_drawing_from_scratch(
    page: Page, open_notebook: Callable[..., Page], console_errors: list[str]
) -> None:
    """Redraws change only what differs; what they leave must be what a new drawing shows,
    through tricks, a whole deal, a new deal, Italian and French faces."""
    open_notebook(page, "table_redraw", '.tl-table[data-status="your_turn"]')
    table = page.locator(".tl-table").first
    # after three cards the table speaks Italian; after six it shows French faces
    switches = {3: ".tl-lang-switch", 6: ".tl-faces-switch"}
    plays = 0
    while plays < 12:
        expect(table).to_have_attribute("data-status", SETTLED)
        if table.get_attribute("data-status") != "your_turn":
            act(page, table.locator(".tl-next, .tl-new").first)
            continue
        assert_same_as_a_fresh_drawing(page)
        act(page, table.locator(".tl-pos-bottom .tl-card.legal").first)
        plays += 1
        if plays in switches:
            page.locator(f"{switches[plays]} button").nth(1).click()
    assert_same_as_a_fresh_drawing(page)
    assert console_errors == []
