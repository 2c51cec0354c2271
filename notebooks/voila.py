"""Voilà's settings that JSON cannot hold; ``voila.json`` beside it has the rest."""

from tressette_learn import served_kernels
from tressette_learn.served_pools import configure
from tressette_learn.served_templates import install

install()  # page templates compiled once per server (see tressette_learn.served_templates)
served_kernels.install()  # a page takes a ready kernel, never one waiting for its refill
configure(get_config())  # noqa: F821  pre-heated kernels (tressette_learn.served_pools)
