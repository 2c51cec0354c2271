"""One learner without a browser: the browser scenarios of ``classroom_load.py`` played on
:class:`kernel_page.KernelPage`, which puts on the server exactly what a learner's page puts.

Each step ends on the kernel's answer (the table redrawn, the hinted card, the review's
summary), never on a sleep; the learner looks at the table for LOOK_MS before each card,
as in the browser scenario. ``classroom_load.py --client protocol`` runs a class of them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import aiohttp
from headless import LOOK_MS
from kernel_page import Assets, KernelPage, PageError, State

from tressette_learn.teaching.course import by_role

DEAL_PLAYS, HINT_AT = 10, 4  # a four-player deal: ten cards each; a hint before the fifth


@dataclass
class Learner:
    """What one simulated learner measured (in a browser or with this client)."""

    interactive_s: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    hint_s: float | None = None
    review_s: float | None = None
    errors: list[str] = field(default_factory=list)


# -- what a learner does (the browser scenarios of classroom_load.py) ----------------------
def table_of(page: KernelPage) -> tuple[str, State]:
    """The table the learner plays on (the first one on the page)."""
    table = page.widgets.table()
    if table is None:
        raise PageError(f"no table on the page ({page.describe()})")
    return table


def status(page: KernelPage) -> str | None:
    """The table's status, or None without a table."""
    table = page.widgets.table()
    return table[1]["state"]["status"] if table else None


def legal_card(state: State) -> str:
    """The card the hint marked, else the first card the learner may play
    (``.tl-pos-bottom .tl-card.legal``): a hint for a lead also chooses its signal, which
    another card may not carry (the table refuses a false signal)."""
    bottom = [seat for seat in state["seats"] if seat["pos"] == "bottom"]
    cards = [c for c in ((bottom[0].get("cards") or ()) if bottom else ()) if c["legal"]]
    for card in sorted(cards, key=lambda c: not c.get("hinted")):
        return str(card["card"])
    raise PageError(f"no legal card in the learner's hand ({state['status']})")


def in_trick(page: KernelPage, card: str) -> bool:
    """Whether the learner's ``card`` shows in the trick."""
    return any(play["seat"] == "S" and play["card"] == card
               for play in table_of(page)[1]["state"]["trick"])


async def until_status(page: KernelPage, wanted: Sequence[str]) -> str:
    """Wait until the table's status is one of ``wanted``."""
    found = await page.until(lambda: status(page) in wanted and status(page), f"{wanted}")
    return str(found)


async def play_card(page: KernelPage) -> float:
    """Look at the table for LOOK_MS, click the learner's first legal card and wait until
    it is in the trick: the click-to-redraw time in ms."""
    await asyncio.sleep(LOOK_MS / 1000)
    ident, state = table_of(page)
    card = legal_card(state["state"])
    start = time.monotonic()
    await page.custom(ident, {"type": "play", "card": card})
    await page.until(lambda: in_trick(page, card), "card in the trick")
    return (time.monotonic() - start) * 1000


async def move_on(page: KernelPage, kind: str) -> None:
    """Click the table's ``next`` (trick) or ``new`` (deal) button; wait for its redraw."""
    ident, state = table_of(page)
    step = state["state"]["step"]
    await page.custom(ident, {"type": kind})
    await page.until(lambda: table_of(page)[1]["state"]["step"] != step, f"{kind} redrawn")


async def play_cards(page: KernelPage, plays: int) -> list[float]:
    """The index's scenario (browser.PLAY_CARDS): ``plays`` cards, clearing finished tricks
    and starting a new deal when one ends; each click-to-redraw in ms."""
    times: list[float] = []
    while len(times) < plays:
        found = await until_status(page, ["your_turn", "trick_done", "over"])
        if found == "your_turn":
            times.append(await play_card(page))
        else:
            await move_on(page, "next" if found == "trick_done" else "new")
    return times


def other_than(page: KernelPage, was: str | None) -> Callable[[], bool]:
    """A test: whether the table's status is no longer ``was``."""
    return lambda: status(page) != was


async def advance(page: KernelPage, wanted: Sequence[str]) -> None:
    """Go on until the table's status is one of ``wanted``, clearing finished tricks."""
    while (now := status(page)) not in wanted:
        if now == "trick_done":
            await move_on(page, "next")
        else:
            await page.until(other_than(page, now), f"end of {now}")


async def enabled(page: KernelPage, css: str) -> str:
    """Wait until the button ``css`` shows and is enabled: its id."""
    def ready() -> str | None:
        found = page.widgets.first(css)
        return found[0] if found and not found[1].get("disabled") else None
    return await page.until(ready, f"{css} on")


async def ask_hint(page: KernelPage) -> float:
    """Click Hint and wait until the table marks the hinted card: seconds."""
    button = await enabled(page, "tl-coach-hint")
    start = time.monotonic()
    await page.click(button)
    await page.until(lambda: any(c.get("hinted") for s in table_of(page)[1]["state"]["seats"]
                                 for c in s.get("cards") or ()), "hinted card")
    return time.monotonic() - start


async def ask_review(page: KernelPage) -> float:
    """Click Review and wait until the coach shows the review's summary: seconds."""
    button = await enabled(page, "tl-coach-review")
    start = time.monotonic()
    await page.click(button)

    def summary() -> bool:
        coach = page.widgets.first("tl-coach-output")
        return coach is not None and "tl-coach-summary" in str(coach[1].get("value", ""))
    await page.until(summary, "review")
    return time.monotonic() - start


async def start_match(page: KernelPage) -> None:
    """Click the match's Start button and wait until its table shows."""
    start = page.widgets.first("tl-match-start")
    if start is None:
        raise PageError(f"no Start button ({page.describe()})")
    await page.click(start[0])
    await page.until(page.widgets.table, "table")


async def play_a_deal(page: KernelPage, out: Learner, plays: int = DEAL_PLAYS,
                      hint_at: int = HINT_AT) -> None:
    """The play page's scenario (classroom_load.PLAY_DEAL): start a match, play the deal
    with a hint before card ``hint_at``, then ask for the review."""
    await start_match(page)
    for i in range(plays):
        await advance(page, ["your_turn"])
        if i == hint_at:
            out.hint_s = await ask_hint(page)
        out.clicks_ms.append(await play_card(page))
    await advance(page, ["over"])
    out.review_s = await ask_review(page)


def interactive(page: KernelPage, lesson: str) -> bool:
    """Whether the page shows what the learner needs: the play page's Start button, the
    others' card table."""
    if by_role("play").id in lesson:
        return page.widgets.first("tl-match-start") is not None
    return page.widgets.table() is not None


async def learner(page: KernelPage, lesson: str, delay: float, plays: int,
                  assets: Assets) -> Learner:
    """One learner: arrive after ``delay`` s, open ``lesson`` (time to an interactive page),
    then play as the browser scenario does; failures are counted, never raised."""
    out = Learner()
    await asyncio.sleep(delay)
    try:
        await open_and_play(page, lesson, plays, assets, out, time.monotonic())
    except Exception as err:  # a benchmark counts failures instead of stopping
        out.errors.append(failure(err))
    out.errors += page.errors
    return out


async def open_and_play(page: KernelPage, lesson: str, plays: int, assets: Assets,
                        out: Learner, start: float) -> None:
    """Open ``lesson`` (``out.interactive_s``: from ``start`` until the page shows what the
    learner needs), then play as the browser scenario does."""
    await page.open(f"/voila/render/{lesson}.ipynb", assets)
    await page.until(lambda: interactive(page, lesson), "interactive page")
    out.interactive_s = time.monotonic() - start
    if by_role("play").id in lesson:
        await play_a_deal(page, out)
    else:
        out.clicks_ms = await play_cards(page, plays)


def failure(err: Exception) -> str:
    """A learner's failure in one line, for the figures' errors."""
    return f"{type(err).__name__}: {(str(err) or '-').splitlines()[0]}"


def session() -> aiohttp.ClientSession:
    """A fresh browser profile's HTTP side: its own cookies, six connections to the server."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(limit_per_host=6),
                                 timeout=aiohttp.ClientTimeout(total=None))


async def classroom(base: str, lesson: str, learners: int, arrival: float, plays: int,
                    assets: Assets, done: Callable[[], object] = lambda: None) -> list[Learner]:
    """Every learner at once, arriving ``arrival`` seconds apart, each with its own
    session; ``done`` is called once all are done, before their pages close."""
    http = [session() for _ in range(learners)]
    pages = [KernelPage(base, h) for h in http]
    try:
        results = await asyncio.gather(*(learner(page, lesson, i * arrival, plays, assets)
                                         for i, page in enumerate(pages)))
        done()
    finally:
        for page, client in zip(pages, http, strict=True):
            await page.close()
            await client.close()
    return list(results)
