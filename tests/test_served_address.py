"""The address ``tressette-learn serve`` listens on and the one it prints for learners."""

from __future__ import annotations

import ipaddress

import pytest

from tressette_learn.cli import UsageError
from tressette_learn.cli.serve import learners_url
from tressette_learn.serve.address import (
    AddressError,
    is_local_only,
    listen_ip,
    local_host,
    network_address,
    public_url,
)


def test_an_ipv4_address_is_read_without_spaces() -> None:
    assert listen_ip(" 0.0.0.0 ") == "0.0.0.0"
    assert listen_ip("192.168.1.20") == "192.168.1.20"


@pytest.mark.parametrize("text", ["localhost", "::1", "192.168.1", "300.1.1.1",
                                  "192.168.001.020", ""])
def test_anything_but_an_ipv4_address_is_refused_in_words(text: str) -> None:
    with pytest.raises(AddressError, match="give an IPv4 address of this machine"):
        listen_ip(text)


def test_only_loopback_addresses_are_this_machine_only() -> None:
    assert is_local_only("127.0.0.1") and is_local_only("127.0.1.1")
    assert not is_local_only("0.0.0.0") and not is_local_only("192.168.1.20")
    assert local_host("0.0.0.0") == "127.0.0.1" and local_host("192.168.1.20") == "192.168.1.20"


def test_the_network_address_is_one_of_this_machine_and_not_loopback() -> None:
    found = network_address()
    assert found is not None, "this test machine has a network"
    assert not ipaddress.IPv4Address(found).is_loopback
    assert listen_ip(found) == found


def test_learners_type_the_machine_address_or_the_proxy_address() -> None:
    index = "/voila/render/00_index.ipynb"
    assert learners_url("0.0.0.0", 8866, None) == f"http://{network_address()}:8866{index}"
    assert learners_url("192.168.1.20", 80, None) == f"http://192.168.1.20:80{index}"
    assert learners_url("127.0.0.1", 8866, "https://class.example.org") == \
        f"https://class.example.org{index}"


def test_no_network_is_said_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tressette_learn.cli.serve.learners_host", lambda ip: None)
    with pytest.raises(UsageError, match="no network address that learners could reach"):
        learners_url("0.0.0.0", 8866, None)


@pytest.mark.parametrize(("text", "expected"), [
    ("https://class.example.org", "https://class.example.org"),
    ("https://class.example.org/", "https://class.example.org"),
    (" https://192.168.1.20:8443 ", "https://192.168.1.20:8443"),
    ("http://scuola.lan", "http://scuola.lan"),
])
def test_a_proxy_address_is_kept_without_its_slash(text: str, expected: str) -> None:
    assert public_url(text) == expected


@pytest.mark.parametrize("text", ["class.example.org", "ftp://class.example.org",
                                  "https://", "https://x.org/lessons", "https://x.org/?a=1",
                                  "https://x.org/#top", "javascript:alert(1)"])
def test_anything_but_a_proxy_address_is_refused_in_words(text: str) -> None:
    with pytest.raises(AddressError, match="give the proxy's address"):
        public_url(text)
