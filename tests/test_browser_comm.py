"""The static site's kernel sends None to the page as null and hands the page's null to the
widgets as None (``ui/browser_comm``; the page itself: tests/browser/test_lite_browser.py)."""

from __future__ import annotations

from typing import Any

import comm.base_comm

from tressette_learn.ui import browser_comm

NULL = object()  # stands for pyodide.ffi.jsnull


class FakeComm:
    def __init__(self) -> None:
        self.sent: list[tuple[str, Any, dict[str, Any]]] = []

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    **keys: Any) -> None:
        self.sent.append((msg_type, data, keys))


class FakeManager:
    def __init__(self) -> None:
        self.received: list[Any] = []

    def comm_open(self, stream: object, ident: object, msg: Any) -> None:
        self.received.append(("open", msg))

    def comm_msg(self, stream: object, ident: object, msg: Any) -> None:
        self.received.append(("msg", msg))


def test_none_leaves_as_null_and_null_arrives_as_none() -> None:
    browser_comm.patch(FakeComm, FakeManager, NULL)
    sent = FakeComm()
    sent.publish_msg("comm_msg", {"method": "update", "state": {"display": None,
                                                                "cards": ["3c", None]}},
                     target_name=None)
    sent.publish_msg("comm_close")  # no data: the kernel's own default stays
    assert sent.sent == [
        ("comm_msg", {"method": "update", "state": {"display": NULL, "cards": ["3c", NULL]}},
         {"target_name": None}),
        ("comm_close", None, {})]
    manager = FakeManager()
    manager.comm_msg(None, None, {"content": {"data": {"signal": NULL, "list": (NULL, 1)}}})
    manager.comm_open(None, None, {"content": {"data": NULL}})
    assert manager.received == [("msg", {"content": {"data": {"signal": None,
                                                             "list": (None, 1)}}}),
                                ("open", {"content": {"data": None}})]


def test_patching_twice_wraps_once() -> None:
    browser_comm.patch(FakeComm, FakeManager, NULL)
    publish, receive = FakeComm.publish_msg, FakeManager.comm_msg
    browser_comm.patch(FakeComm, FakeManager, NULL)
    assert (FakeComm.publish_msg, FakeManager.comm_msg) == (publish, receive)


def test_outside_the_browser_the_kernel_is_left_alone() -> None:
    before = comm.base_comm.CommManager.comm_msg
    browser_comm.install()
    assert comm.base_comm.CommManager.comm_msg is before
    assert not hasattr(comm.base_comm.CommManager, browser_comm.PATCHED)
