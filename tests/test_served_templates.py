"""Voilà's page templates are compiled once per server: every exporter after the first
reuses the compiled code, and a changed template is compiled again."""

from __future__ import annotations

from pathlib import Path

from jinja2 import DictLoader, Environment, FileSystemLoader
from traitlets.config.loader import PyFileConfigLoader
from voila.exporter import VoilaExporter
from voila.paths import collect_template_paths

from tressette_learn.serve.templates import CACHE, SharedBytecode, install

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


class Exporter(VoilaExporter):  # type: ignore[misc]
    """Voilà's exporter, patched on its own (the real one stays as it was)."""


def template_paths() -> list[str]:
    return list(collect_template_paths(["voila", "nbconvert"], "lab", prune=True))


def test_a_second_exporter_compiles_nothing() -> None:
    cache = SharedBytecode()
    install(Exporter, cache)
    first = Exporter(template_paths=template_paths(), template_name="lab")
    first.environment.get_template("index.html.j2")
    compiled = cache.compiled
    second = Exporter(template_paths=template_paths(), template_name="lab")
    template = second.environment.get_template("index.html.j2")
    assert compiled >= 1 and cache.compiled == compiled
    assert second.environment is not first.environment and template.blocks


def test_pages_link_no_stylesheet_from_a_cdn() -> None:
    """Voilà's lab template links Font Awesome from a CDN (two console errors offline)."""
    class Served(VoilaExporter):  # type: ignore[misc]
        """Patched as the server patches Voilà's."""

    plain = Environment(loader=FileSystemLoader(template_paths()))
    source = plain.loader.get_source(plain, "index.html.j2")[0]  # type: ignore[union-attr]
    assert "cdn.jsdelivr.net" in source  # Voilà's own template, as shipped
    install(Served, SharedBytecode())
    served = Served(template_paths=template_paths(), template_name="lab").environment
    source = served.loader.get_source(served, "index.html.j2")[0]
    assert "cdn." not in source
    assert "{{ super() }}" in source  # the rest of the template is untouched


def test_installing_twice_wraps_once() -> None:
    cache = SharedBytecode()
    install(Exporter, cache)
    install(Exporter, cache)
    environment = Exporter(template_paths=template_paths(), template_name="lab").environment
    assert environment.bytecode_cache is cache


def test_a_changed_source_or_another_kind_of_environment_compiles_again() -> None:
    cache = SharedBytecode()
    sources = {"page": "Hello {{ name }}"}

    def render(is_async: bool = False) -> str:
        env = Environment(loader=DictLoader(sources), bytecode_cache=cache,
                          enable_async=is_async)
        template = env.get_template("page")
        return template.render(name="Anna") if not is_async else "async"

    assert render() == "Hello Anna" and cache.compiled == 1
    assert render() == "Hello Anna" and cache.compiled == 1
    sources["page"] = "Ciao {{ name }}"
    assert render() == "Ciao Anna" and cache.compiled == 2
    render(is_async=True)
    assert cache.compiled == 3


def test_the_served_settings_install_it() -> None:
    """``notebooks/voila.py``, read as Voilà reads its settings, gives Voilà's own
    exporter the shared cache."""
    PyFileConfigLoader("voila.py", path=str(NOTEBOOKS)).load_config()
    environment = VoilaExporter(template_paths=template_paths(), template_name="lab").environment
    assert environment.bytecode_cache is CACHE
