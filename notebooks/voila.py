"""Voilà's settings that JSON cannot hold; ``voila.json`` beside it has the rest."""

from tressette_learn.serve import kernels as served_kernels
from tressette_learn.serve.pools import configure
from tressette_learn.serve.templates import install

install()  # page templates compiled once per server (see tressette_learn.serve.templates)
served_kernels.install()  # a page takes a ready kernel, never one waiting for its refill
configure(get_config())  # noqa: F821  pre-heated kernels (tressette_learn.serve.pools)
