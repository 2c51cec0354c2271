"""The console errors and uncaught exceptions of a page, as the browser tests collect them."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Error, Page


def follow_errors(page: Page) -> list[str]:
    """A list that fills with ``page``'s console errors and uncaught exceptions; an exception
    names the script lines it came through, to tell whose code threw it."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        # (leaving a page, Voilà asks to shut its kernel down: that is no longer refused,
        # tressette_learn.serve.kernels.send_xsrf_cookie, so it counts like any other)
        url = message.location.get("url", "")
        if message.type == "error":
            errors.append(f"console: {message.text} ({url})")

    def on_error(error: Error) -> None:
        errors.append(f"exception: {error.message}{where_thrown(error)}")

    page.on("console", on_console)
    page.on("pageerror", on_error)
    return errors


def where_thrown(error: Error) -> str:
    """The first script lines of an exception's stack (a bundle's minified line cut short)."""
    frames = [line.strip()[:160] for line in (error.stack or "").splitlines()[1:6]]
    return f" (at {' < '.join(frames)})" if frames else ""
